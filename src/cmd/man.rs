use clap::CommandFactory;

use super::prelude::*;
use super::{Cli, generate};

/// Print a man page (what `man/` holds): todo(1), or a verb's page.
///
/// Examples: `todo man | man -l -`, `todo man done > todo-done.1`
#[derive(Debug, Clone, clap::Args)]
pub struct Man {
    /// The verb whose page to print (`todo-<verb>.1`); none prints `todo.1`.
    #[arg(value_name = "VERB")]
    pub verb: Option<String>,
}

impl super::Verb for Man {
    fn run(self, _ctx: &Context) -> Outcome {
        let Some((page, roff)) = generate::man_page(self.verb.as_deref()) else {
            let verbs = generate::paged(&Cli::command())
                .collect::<Vec<_>>()
                .join(", ");
            return Outcome::of(Err(Error::usage(format!(
                "No man page for \"{}\". Verbs: {verbs}.",
                self.verb.as_deref().unwrap_or_default()
            ))));
        };
        let text = String::from_utf8_lossy(&roff);
        Outcome::of(Ok(Report::new("man", Kind::Data, Message::of_lines(&text))
            .with("file", json!(format!("man/{page}")))))
    }
}
