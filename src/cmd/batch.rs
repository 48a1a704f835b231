use std::io::Read;

use clap::Parser;

use super::prelude::*;
use super::{Cli, Command};

/// Apply verb lines from stdin as one change: all of them or none.
///
/// Each line is split like a shell would; a leading `todo` or `/todo` is
/// ignored; blank lines and lines starting with `#` are skipped (a `#`
/// later in a line is text). Allowed verbs: append, start, done, drop,
/// rm, block, unblock, reopen, unlock, rename, mv, note, prune. A failing
/// line is named with its number and the batch exits with its status;
/// `rev` rises by one for the whole batch.
///
/// Example: `printf 'append api "add /health"\ndone t3\n' | todo batch`
#[derive(Debug, Clone, clap::Args)]
pub struct Batch;

impl super::Verb for Batch {
    /// Parse every line before taking the lock: a typo fails fast.
    fn run(self, ctx: &Context) -> Outcome {
        let mut input = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut input) {
            return Outcome::of(Err(Error::io("Cannot read the batch from stdin", e)));
        }
        match parse(&input) {
            Ok(commands) => ctx.change(|tx| apply(tx, commands)),
            Err(e) => Outcome::of(Err(e)),
        }
    }
}

/// The verbs a batch may run (those the registry marks), as its help
/// lists them.
const ALLOWED: &str =
    "append, start, done, drop, rm, block, unblock, reopen, unlock, rename, mv, note, prune";

/// Split and parse the lines, keeping their numbers.
fn parse(input: &str) -> Result<Vec<(usize, Command)>> {
    let mut commands = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let at = |e: Error| Error::AtLine {
            line: n,
            source: Box::new(e),
        };
        let mut words = shell_words::split(&hash_is_text(trimmed))
            .map_err(|e| at(Error::usage(format!("cannot split the line: {e}"))))?;
        if matches!(words.first().map(String::as_str), Some("todo" | "/todo")) {
            words.remove(0);
        }
        let cli =
            Cli::try_parse_from(std::iter::once("todo".to_string()).chain(words)).map_err(|e| {
                let text = e.render().to_string();
                let first = text.lines().next().unwrap_or_default();
                at(Error::usage(first.trim_start_matches("error: ")))
            })?;
        match cli.command {
            Some(command) if command.batch() => commands.push((n, command)),
            _ => {
                return Err(at(Error::usage(format!(
                    "not a verb a batch can run (allowed: {ALLOWED})"
                ))));
            }
        }
    }
    Ok(commands)
}

/// shell-words treats a `#` starting a word as a comment; in a batch line it
/// is text (`append Fix issue #42`). Escape every unquoted `#`.
fn hash_is_text(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 4);
    let (mut single, mut double, mut escaped) = (false, false, false);
    for c in line.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if !single => escaped = true,
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double => out.push('\\'),
            _ => {}
        }
        out.push(c);
    }
    out
}

fn apply(tx: &mut Tx, commands: Vec<(usize, Command)>) -> Result<Report> {
    let mut report = Report::new("batch", Kind::Confirm, "Nothing to do.");
    let (mut all, mut lines) = (Message::default(), Vec::new());
    for (n, command) in commands {
        let done = command.change(tx).map_err(|e| Error::AtLine {
            line: n,
            source: Box::new(e),
        })?;
        all.extend(done.message.lines());
        lines.push(done.message.as_str().to_string());
        report.tasks.extend(done.tasks);
        report.phases.extend(done.phases);
    }
    if !lines.is_empty() {
        report.message = all;
    }
    Ok(report.with("lines", json!(lines)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_and_the_errors_name_the_verbs_the_registry_lets_a_batch_run() {
        use crate::cmd::VERBS;
        use clap::CommandFactory;
        let mut marked: Vec<&str> = VERBS.iter().filter(|v| v.1).map(|v| v.0).collect();
        let mut allowed: Vec<&str> = ALLOWED.split(", ").collect();
        marked.sort_unstable();
        allowed.sort_unstable();
        assert_eq!(allowed, marked);
        let help = Cli::command()
            .find_subcommand("batch")
            .and_then(|b| b.get_long_about())
            .map(|h| h.to_string().replace('\n', " "))
            .unwrap_or_default();
        assert!(
            help.contains(&format!("Allowed verbs: {ALLOWED}.")),
            "{help}"
        );
    }

    #[test]
    fn a_hash_inside_a_line_is_text() {
        let split = |l: &str| shell_words::split(&hash_is_text(l)).unwrap();
        assert_eq!(
            split("append Fix issue #42"),
            ["append", "Fix", "issue", "#42"]
        );
        assert_eq!(
            split("append 'a #1' \"b #2\" c\\#3"),
            ["append", "a #1", "b #2", "c#3"]
        );
        assert_eq!(split("append x#y"), ["append", "x#y"]);
    }
}
