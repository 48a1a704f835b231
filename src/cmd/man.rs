//! `todo man [<verb>]`: a man page as `man/` holds it, generated from the
//! clap definition in memory.

use clap::CommandFactory;
use serde_json::json;

use crate::cli::{Cli, ManArgs};
use crate::error::{Error, Result};
use crate::generate;
use crate::output::{Kind, Report};
use crate::text::Message;

pub(super) fn run(args: &ManArgs) -> Result<Report> {
    let Some((page, roff)) = generate::man_page(args.verb.as_deref()) else {
        let verbs = Cli::command()
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| s.get_name().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::usage(format!(
            "No man page for \"{}\". Verbs: {verbs}.",
            args.verb.as_deref().unwrap_or_default()
        )));
    };
    let text = String::from_utf8_lossy(&roff);
    Ok(Report::new("man", Kind::Data, Message::of_lines(&text))
        .with("file", json!(format!("man/{page}"))))
}
