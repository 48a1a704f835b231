//! `todo apply`: agent operations as JSON (docs/contract.md, "Agent operations
//! as JSON"). One JSON value from stdin or `--ops FILE`, handed to the agent
//! adapters (`crate::agent`), which translate it by its shape and apply it as
//! one transaction.

use std::io::Read;

use super::prelude::*;
use crate::agent::dialect::{Dialect, invalid};

/// Apply agent operations given as JSON, as one change: all or none.
///
/// Reads one JSON value from stdin (or `--ops FILE`): an op object or
/// an array of them, in the dialect of the oh-my-pi `todo` tool, the
/// plan operations (`set`, `note`, `unlock`, `add`, `edit`, `move`,
/// `remove`), Claude Code `TodoWrite` (`{todos}`), `TaskCreate`
/// (`{subject, description}`) or `TaskUpdate` (`{taskId, …}`), or Codex
/// `update_plan` (`{plan}`): `--tool` names it, else its shape tells.
/// Acts as an agent unless `--as person` is
/// typed on its command line (`TODO_ACTOR` is not read for it).
/// Replies with one JSON object: `ok`, `rev`, `changed`, `minted`,
/// `completedTasks`, the plan in `message`, and on failure `error` and
/// the unchanged list.
///
/// Example: `echo '{"op":"done","task":"t3"}' | todo apply`
#[derive(Debug, Clone, clap::Args)]
pub struct Apply {
    /// Read the ops from FILE instead of stdin.
    #[arg(long, value_name = "FILE")]
    pub ops: Option<std::path::PathBuf>,

    /// The agent tool whose input the JSON is (default: told by its shape).
    #[arg(long, value_enum, value_name = "TOOL")]
    pub tool: Option<Dialect>,
}

impl super::Verb for Apply {
    fn run(self, ctx: &Context) -> Outcome {
        let value = read(&self).and_then(|input| {
            serde_json::from_str::<Value>(&input)
                .map_err(|e| invalid(format!("the ops are not JSON: {e}.")))
        });
        match value {
            Ok(value) => crate::agent::apply_as(ctx, &value, self.tool.unwrap_or_default()),
            // Refused before the plan was read: the reply still says its rev.
            Err(e) => Outcome::new(Err(e), ctx.store.load().ok().map(|l| l.plan.rev), None),
        }
    }
}

/// Ops larger than this are refused unread: a plan is edited by batches
/// of tens of ops, not megabytes.
const MAX_BYTES: u64 = 1 << 20;

fn read(args: &Apply) -> Result<String> {
    let mut bytes = Vec::new();
    let limited = match &args.ops {
        Some(path) => read_ops_file(path, &mut bytes)
            .map_err(|e| Error::io(format!("Cannot read ops file {}", path.display()), e))?,
        None => std::io::stdin()
            .lock()
            .take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("Cannot read the ops from stdin", e))?,
    };
    if limited as u64 > MAX_BYTES {
        let why = format!("the ops are larger than {MAX_BYTES} bytes; send smaller batches.");
        return Err(invalid(why));
    }
    String::from_utf8(bytes).map_err(|_| invalid("the ops are not UTF-8 text."))
}

/// Read `--ops FILE` (up to one byte past the limit) into `bytes`. Opened
/// without waiting for a writer, so a FIFO nobody writes to reads as
/// empty (an error) at once rather than never ending; then read waiting
/// for what a writer that is there still sends, as from stdin.
#[cfg(unix)]
fn read_ops_file(path: &std::path::Path, bytes: &mut Vec<u8>) -> std::io::Result<usize> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let fifo = file.metadata()?.file_type().is_fifo();
    if fifo {
        let fd = file.as_raw_fd();
        // SAFETY: `fd` is the open descriptor `file` owns for this whole
        // block; F_GETFL/F_SETFL only read and set its status flags.
        let cleared = unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) >= 0
        };
        if !cleared {
            return Err(std::io::Error::last_os_error());
        }
    }
    let n = file.take(MAX_BYTES + 1).read_to_end(bytes)?;
    if fifo && n == 0 {
        return Err(std::io::Error::other(
            "it is a FIFO that nothing writes to (start its writer first)",
        ));
    }
    Ok(n)
}

/// Read `--ops FILE` (up to one byte past the limit) into `bytes`. Windows
/// keeps no FIFO in a directory: a plain read.
#[cfg(windows)]
fn read_ops_file(path: &std::path::Path, bytes: &mut Vec<u8>) -> std::io::Result<usize> {
    std::fs::File::open(path)?
        .take(MAX_BYTES + 1)
        .read_to_end(bytes)
}
