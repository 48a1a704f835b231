//! `todo apply`: agent operations as JSON (SPEC §9). One JSON value from
//! stdin or `--ops FILE`, handed to the agent adapters (`crate::agent`),
//! which translate it by its shape and apply it as one transaction.

use std::io::Read;

use serde_json::Value;

use super::{Context, Outcome};
use crate::agent::dialect::invalid;
use crate::cli::ApplyArgs;
use crate::error::{Error, Result};

/// Ops larger than this are refused unread: a plan is edited by batches
/// of tens of ops, not megabytes.
const MAX_BYTES: u64 = 1 << 20;

pub(super) fn run(ctx: &Context, args: &ApplyArgs) -> Outcome {
    let input = match read(args) {
        Ok(input) => input,
        Err(e) => return Outcome::of(Err(e)),
    };
    let value: Value = match serde_json::from_str(&input) {
        Ok(v) => v,
        Err(e) => return Outcome::of(Err(invalid(format!("the ops are not JSON: {e}.")))),
    };
    crate::agent::apply_value(ctx, &value)
}

fn read(args: &ApplyArgs) -> Result<String> {
    let mut bytes = Vec::new();
    let limited = match &args.ops {
        Some(path) => std::fs::File::open(path)
            .and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| Error::io(format!("Cannot read ops file {}", path.display()), e))?,
        None => std::io::stdin()
            .lock()
            .take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("Cannot read the ops from stdin", e))?,
    };
    if limited as u64 > MAX_BYTES {
        return Err(invalid(format!(
            "the ops are larger than {} bytes; send smaller batches.",
            MAX_BYTES
        )));
    }
    String::from_utf8(bytes).map_err(|_| invalid("the ops are not UTF-8 text.".into()))
}
