//! Everything that can go wrong, each with its exit status (SPEC §6) and a
//! stable code string for `--json`.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use crate::matching::Candidate;

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

    #[error("\"{query}\" is ambiguous; it matches:{}", list(candidates))]
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
    format!(
        " Did you mean \"{}\" ({})?",
        crate::text::visible(&c.text),
        c.id()
    )
}

fn list(candidates: &[Candidate]) -> String {
    let mut out = String::new();
    const SHOWN: usize = 10;
    for c in candidates.iter().take(SHOWN) {
        out.push_str("\n  ");
        out.push_str(c.id());
        out.push_str("  ");
        out.push_str(&crate::text::visible(&c.text));
        match (&c.phase, c.status) {
            (Some(phase), Some(status)) => {
                out.push_str(&format!("  ({}, {status})", crate::text::visible(phase)))
            }
            _ => out.push_str("  (phase)"),
        }
    }
    if candidates.len() > SHOWN {
        out.push_str(&format!("\n  … and {} more", candidates.len() - SHOWN));
    }
    out.push_str("\nUse an id (such as ");
    out.push_str(candidates.first().map_or("t1", Candidate::id));
    out.push_str(") or more words.");
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
        }
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
