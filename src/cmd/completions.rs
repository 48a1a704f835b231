//! `todo completions <shell>`: the completion script `completions/` holds,
//! generated from the clap definition in memory, for packagers and users.

use serde_json::json;

use crate::cli::CompletionsArgs;
use crate::error::Result;
use crate::generate;
use crate::output::{Kind, Report};
use crate::text::Message;

pub(super) fn run(args: &CompletionsArgs) -> Result<Report> {
    let script = generate::completion(args.shell);
    // Our own bytes, one line per line: printed as they are (the file ends
    // with its one newline, which the printer writes back).
    let text = String::from_utf8_lossy(&script);
    // Where the same bytes are committed, for packagers.
    let file = generate::SHELLS
        .iter()
        .find(|(shell, _)| *shell == args.shell)
        .map(|(_, name)| format!("completions/{name}"));
    Ok(
        Report::new("completions", Kind::Data, Message::of_lines(&text))
            .with("shell", json!(args.shell.to_string()))
            .with("file", json!(file)),
    )
}
