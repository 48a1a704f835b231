//! Everything that can go wrong, each with its exit status (SPEC §6) and a
//! stable code string for `--json`.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use crate::matching::Candidate;
use crate::text::Message;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, Error)]
pub enum Error {
    /// Bad flags or arguments, or text that is empty once normalised.
    #[error("{0}")]
    Usage(String),

    /// No task or phase matched; the message is the verb's own. With
    /// `guess`, typo tolerance found `suggestion` and a person may confirm
    /// it (SPEC §5); otherwise the suggestion is only a hint.
    #[error("{message}{}", suggestion.as_deref().map(did_you_mean).unwrap_or_default())]
    NoMatch {
        message: String,
        query: String,
        suggestion: Option<Box<Candidate>>,
        guess: bool,
    },

    #[error("{}", ambiguous(query, candidates))]
    Ambiguous {
        query: String,
        candidates: Vec<Candidate>,
    },

    /// `--if-rev` mismatch, plan changed under `edit` or before `undo`.
    #[error("{0}")]
    Conflict(String),

    #[error(
        "Timed out after {} waiting for another todo to finish with {}.",
        seconds(waited),
        path.display()
    )]
    LockTimeout { path: PathBuf, waited: Duration },

    /// The plan file cannot be read as a plan; nothing was written.
    #[error(
        "Plan file {}:{line}:{column} is broken: {message}\nNothing was changed. Fix the file (or restore it, e.g. with git), then retry.",
        path.display()
    )]
    BrokenPlan {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },

    /// Unparsable Markdown or JSON input, or a bad `--into` region.
    #[error("{0}")]
    Invalid(String),

    #[error("{context}: {}", io_reason(source))]
    Io {
        context: String,
        #[source]
        source: io::Error,
    },

    #[error("{0}")]
    Environment(String),

    /// Duplicate task, blocking a finished task, nothing to undo.
    #[error("{0}")]
    Refused(String),

    /// A failing line of `todo batch`: its number, and its own error.
    #[error("Line {line}: {source}")]
    AtLine { line: usize, source: Box<Error> },
}

fn did_you_mean(c: &Candidate) -> String {
    format!(" Did you mean \"{}\" ({})?", c.text, c.id())
}

/// The ambiguity message: the query, one line per candidate, the way out.
fn ambiguous(query: &str, candidates: &[Candidate]) -> Message {
    const SHOWN: usize = 10;
    let mut out = Message::from(format!("\"{query}\" is ambiguous; it matches:"));
    for c in candidates.iter().take(SHOWN) {
        out.push(match (&c.phase, c.status) {
            (Some(phase), Some(status)) => format!("  {}  {}  ({phase}, {status})", c.id(), c.text),
            _ => format!("  {}  {}  (phase)", c.id(), c.text),
        });
    }
    if candidates.len() > SHOWN {
        out.push(format!("  … and {} more", candidates.len() - SHOWN));
    }
    out.push(format!(
        "Use an id (such as {}) or more words.",
        candidates.first().map_or("t1", Candidate::id)
    ));
    out
}

fn seconds(d: &Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

pub(crate) fn io_reason(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::NotFound => "no such file or directory".into(),
        io::ErrorKind::IsADirectory => "it is a directory".into(),
        io::ErrorKind::ReadOnlyFilesystem => "read-only file system".into(),
        io::ErrorKind::StorageFull => "no space left on device".into(),
        _ => {
            // Drop the "(os error N)" tail std adds.
            let s = err.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_string(),
                None => s,
            }
        }
    }
}

/// Why a program could not be started: "command not found" rather than
/// the file error std reports for a missing program, else [`io_reason`].
pub(crate) fn spawn_reason(err: &io::Error) -> String {
    if err.kind() == io::ErrorKind::NotFound {
        "command not found".into()
    } else {
        io_reason(err)
    }
}

impl Error {
    pub fn io(context: impl Into<String>, source: io::Error) -> Self {
        Error::Io {
            context: context.into(),
            source,
        }
    }

    pub fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    /// The exit status of SPEC §6.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) => 2,
            Error::NoMatch { .. } | Error::Ambiguous { .. } => 3,
            Error::Conflict(_) | Error::LockTimeout { .. } => 4,
            Error::BrokenPlan { .. } | Error::Invalid(_) => 5,
            Error::Io { .. } | Error::Environment(_) => 6,
            Error::Refused(_) => 7,
            Error::AtLine { source, .. } => source.exit_code(),
        }
    }

    /// The message as lines for a person (SPEC §3): the same text as
    /// `to_string()`, with each line break known to be ours, so that text
    /// from the plan or the command line stays inside its line.
    pub fn message(&self) -> Message {
        match self {
            // The verb's message is one line; the guess continues it.
            Error::NoMatch {
                message,
                suggestion,
                ..
            } => {
                let mut out = Message::from(message.as_str());
                if let Some(c) = suggestion {
                    out.extend_line(&did_you_mean(c));
                }
                out
            }
            Error::Ambiguous { query, candidates } => ambiguous(query, candidates),
            Error::BrokenPlan { .. } => {
                let full = self.to_string();
                let (head, tail) = full.rsplit_once('\n').unwrap_or((&full, ""));
                [head, tail].into_iter().collect()
            }
            Error::AtLine { line, source } => {
                let inner = source.message();
                let mut out = Message::default();
                for (i, l) in inner.lines().enumerate() {
                    if i == 0 {
                        out.push(format!("Line {line}: {l}"));
                    } else {
                        out.push(l);
                    }
                }
                out
            }
            // Our own messages: every newline in them is a line break of ours.
            Error::Usage(s)
            | Error::Conflict(s)
            | Error::Invalid(s)
            | Error::Environment(s)
            | Error::Refused(s) => Message::of_lines(s),
            Error::LockTimeout { .. } | Error::Io { .. } => Message::from(self.to_string()),
        }
    }

    /// A stable name for scripts reading `--json`.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Usage(_) => "usage",
            Error::NoMatch { .. } => "no_match",
            Error::Ambiguous { .. } => "ambiguous",
            Error::Conflict(_) => "conflict",
            Error::LockTimeout { .. } => "lock_timeout",
            Error::BrokenPlan { .. } => "broken_plan",
            Error::Invalid(_) => "invalid_input",
            Error::Io { .. } => "io",
            Error::Environment(_) => "environment",
            Error::Refused(_) => "refused",
            Error::AtLine { source, .. } => source.code(),
        }
    }

    /// Is this the reader of our output going away (`todo | head -1`)?
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_the_spec_table() {
        let io_err = || io::Error::from(io::ErrorKind::PermissionDenied);
        let cases: Vec<(Error, u8, &str)> = vec![
            (Error::usage("x"), 2, "usage"),
            (
                Error::NoMatch {
                    message: "x".into(),
                    query: "x".into(),
                    suggestion: None,
                    guess: false,
                },
                3,
                "no_match",
            ),
            (
                Error::Ambiguous {
                    query: "x".into(),
                    candidates: vec![],
                },
                3,
                "ambiguous",
            ),
            (Error::Conflict("x".into()), 4, "conflict"),
            (
                Error::LockTimeout {
                    path: "p".into(),
                    waited: Duration::from_secs(10),
                },
                4,
                "lock_timeout",
            ),
            (
                Error::BrokenPlan {
                    path: "p".into(),
                    line: 1,
                    column: 2,
                    message: "m".into(),
                },
                5,
                "broken_plan",
            ),
            (Error::Invalid("x".into()), 5, "invalid_input"),
            (Error::io("reading", io_err()), 6, "io"),
            (Error::Environment("x".into()), 6, "environment"),
            (Error::Refused("x".into()), 7, "refused"),
        ];
        for (err, code, name) in cases {
            assert_eq!((err.exit_code(), err.code()), (code, name), "{err}");
            assert_eq!(err.message().to_string(), err.to_string());
        }
    }

    #[test]
    fn plan_text_stays_inside_its_line() {
        use crate::matching::Target;
        use crate::plan::Status;
        let err = Error::Ambiguous {
            query: "fix".into(),
            candidates: vec![
                Candidate {
                    target: Target::Task("t1".into()),
                    text: "Fix\n- fake".into(),
                    phase: Some("Ph\nase".into()),
                    status: Some(Status::Pending),
                },
                Candidate {
                    target: Target::Phase("p2".into()),
                    text: "Fix it".into(),
                    phase: None,
                    status: None,
                },
            ],
        };
        assert_eq!(
            err.message().lines().collect::<Vec<_>>(),
            [
                "\"fix\" is ambiguous; it matches:",
                "  t1  Fix\n- fake  (Ph\nase, pending)",
                "  p2  Fix it  (phase)",
                "Use an id (such as t1) or more words.",
            ]
        );
        assert_eq!(err.message().to_string(), err.to_string());
        let err = Error::NoMatch {
            message: "No task matched \"x\".".into(),
            query: "x".into(),
            suggestion: Some(Box::new(Candidate {
                target: Target::Task("t1".into()),
                text: "Two\nlines".into(),
                phase: Some("A".into()),
                status: None,
            })),
            guess: false,
        };
        assert_eq!(err.message().lines().count(), 1);
        assert_eq!(err.message().to_string(), err.to_string());
        let err = Error::AtLine {
            line: 3,
            source: Box::new(Error::Invalid("a\nb".into())),
        };
        assert_eq!(
            err.message().lines().collect::<Vec<_>>(),
            ["Line 3: a", "b"]
        );
        let err = Error::BrokenPlan {
            path: "a\nb".into(),
            line: 1,
            column: 1,
            message: "bad".into(),
        };
        assert_eq!(err.message().lines().count(), 2);
        assert_eq!(err.message().to_string(), err.to_string());
    }

    #[test]
    fn messages_read_well() {
        let e = Error::NoMatch {
            message: "No task matched \"oath\". Use todo to list current tasks.".into(),
            query: "oath".into(),
            suggestion: Some(Box::new(Candidate {
                target: crate::matching::Target::Task("t4".into()),
                text: "Wire OAuth".into(),
                phase: Some("Auth".into()),
                status: None,
            })),
            guess: true,
        };
        assert_eq!(
            e.to_string(),
            "No task matched \"oath\". Use todo to list current tasks. Did you mean \"Wire OAuth\" (t4)?"
        );
        let e = Error::io(
            "Cannot write plan file .todo.json",
            io::Error::from(io::ErrorKind::PermissionDenied),
        );
        assert_eq!(
            e.to_string(),
            "Cannot write plan file .todo.json: permission denied"
        );
    }
}
