//! The `$EDITOR` round trip: write text to a temporary file outside the
//! project, run the editor on it (split with shell-words, never through a
//! shell), and read back what was saved. The file is removed only when the
//! caller says everything went well, so what a person typed is never lost.

use std::path::{Path, PathBuf};

use crate::platform::{ToolProblem, io_reason, start};
use crate::storage::create_unique;

type EditorResult<T> = std::result::Result<T, EditorError>;

/// Why an editing session failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum EditorError {
    /// Its file could not be made or read.
    #[error("{context}: {}", io_reason(source))]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
    /// The editor could not run, or failed.
    #[error("editor \"{command}\" failed")]
    Tool {
        command: String,
        problem: ToolProblem,
    },
}

/// An editing session's file, kept unless [`Draft::discard`] is called.
pub(crate) struct Draft {
    dir: PathBuf,
    pub path: PathBuf,
    pub original: Vec<u8>,
}

impl Draft {
    /// Create `TODO.md` holding `text` in a fresh private directory under `tmp`.
    pub(crate) fn create(tmp: &Path, text: &str) -> EditorResult<Draft> {
        let cannot = |source| EditorError::Io {
            context: format!("Cannot create a file to edit in {}", tmp.display()),
            source,
        };
        let (dir, ()) = create_unique(tmp, "todo-edit-", crate::platform::create_private_dir)
            .map_err(cannot)?;
        let path = dir.join("TODO.md");
        std::fs::write(&path, text).map_err(cannot)?;
        Ok(Draft {
            dir,
            path,
            original: text.as_bytes().to_vec(),
        })
    }

    /// Run `editor` (a command line) on the file and wait for it.
    pub(crate) fn edit(&self, editor: &str) -> EditorResult<()> {
        crate::platform::split_command(editor)
            .map_err(ToolProblem::Split)
            .and_then(|argv| start(&argv, |command| command.arg(&self.path).status()))
            .and_then(|status| {
                if status.success() {
                    Ok(())
                } else {
                    Err(ToolProblem::Failed(status.to_string()))
                }
            })
            .map_err(|problem| EditorError::Tool {
                command: editor.to_string(),
                problem,
            })
    }

    pub(crate) fn read(&self) -> EditorResult<Vec<u8>> {
        std::fs::read(&self.path).map_err(|source| EditorError::Io {
            context: format!("Cannot read the edited file {}", self.path.display()),
            source,
        })
    }

    /// Everything went well: remove the file and its directory.
    pub(crate) fn discard(self) {
        let _ = std::fs::remove_file(&self.path);
        let _ = std::fs::remove_dir(&self.dir);
    }
}
