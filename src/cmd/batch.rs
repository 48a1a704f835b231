//! `todo batch`: verb lines on stdin, applied all or none as one change.

use std::io::Read;

use clap::Parser;
use serde_json::json;

use super::{Context, Outcome};
use crate::cli::{Cli, Command};
use crate::error::{Error, Result};
use crate::output::{Kind, Report};
use crate::plan::Tx;

const ALLOWED: &str =
    "append, start, done, drop, rm, block, unblock, reopen, unlock, rename, mv, note, prune";

pub(super) fn run(ctx: &Context) -> Outcome {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        return Outcome::of(Err(Error::io("Cannot read the batch from stdin", e)));
    }
    // Parse every line before taking the lock: a typo fails fast.
    match parse(&input) {
        Ok(commands) => ctx.change(|tx| apply(tx, commands)),
        Err(e) => Outcome::of(Err(e)),
    }
}

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
                at(Error::usage(
                    first.trim_start_matches("error: ").to_string(),
                ))
            })?;
        let allowed = matches!(
            cli.command,
            Some(
                Command::Append(_)
                    | Command::Start(_)
                    | Command::Done(_)
                    | Command::Drop(_)
                    | Command::Rm(_)
                    | Command::Block(_)
                    | Command::Unblock(_)
                    | Command::Reopen(_)
                    | Command::Unlock(_)
                    | Command::Rename(_)
                    | Command::Mv(_)
                    | Command::Note(_)
                    | Command::Prune
            )
        );
        match cli.command {
            Some(command) if allowed => commands.push((n, command)),
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
        if escaped {
            escaped = false;
        } else if c == '\\' && !single {
            escaped = true;
        } else if c == '\'' && !double {
            single = !single;
        } else if c == '"' && !single {
            double = !double;
        } else if c == '#' && !single && !double {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn apply(tx: &mut Tx, commands: Vec<(usize, Command)>) -> Result<Report> {
    let mut report = Report::new("batch", Kind::Confirm, "");
    let mut lines = Vec::new();
    for (n, command) in commands {
        let done = apply_one(tx, command).map_err(|e| Error::AtLine {
            line: n,
            source: Box::new(e),
        })?;
        lines.push(done.message);
        report.tasks.extend(done.tasks);
        report.phases.extend(done.phases);
    }
    let texts: Vec<&str> = lines.iter().map(|m| m.as_str()).collect();
    let json_lines = json!(texts);
    report.message = if lines.is_empty() {
        "Nothing to do.".into()
    } else {
        let mut all = crate::text::Message::default();
        for m in &lines {
            all.append(m);
        }
        all
    };
    Ok(report.with("lines", json_lines))
}

fn apply_one(tx: &mut Tx, command: Command) -> Result<Report> {
    use super::*;
    match command {
        Command::Append(a) => append::apply(tx, &a),
        Command::Start(a) => start::apply(tx, &a),
        Command::Done(a) => done::apply(tx, &a),
        Command::Drop(a) => drop::apply(tx, &a),
        Command::Rm(a) => rm::apply(tx, &a),
        Command::Block(a) => block::apply(tx, &a),
        Command::Unblock(a) => unblock::apply(tx, &a),
        Command::Reopen(a) => super::reopen::apply(tx, &a),
        Command::Unlock(a) => super::unlock::apply(tx, &a),
        Command::Rename(a) => rename::apply(tx, &a),
        Command::Mv(a) => mv::apply(tx, &a),
        Command::Note(a) => note::apply(tx, &a),
        Command::Prune => prune::apply(tx),
        _ => Err(Error::usage(format!(
            "not a verb a batch can run (allowed: {ALLOWED})"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
