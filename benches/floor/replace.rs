//! The one-process floor of a durable atomic replace (benches/compare.sh,
//! a diagnostic row, not a target): read the file, write it to a temporary
//! file beside it, flush that (`fdatasync`) and rename it over the file. Any
//! program that keeps the plan file's promise (docs/contract.md: written to
//! a temporary file, flushed, renamed over the plan) pays at least this,
//! before it parses or changes anything.
use std::io::Write;

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).expect("usage: replace FILE");
    let bytes = std::fs::read(&path)?;
    let tmp = format!("{path}.replace");
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(&bytes)?;
    file.sync_data()?;
    drop(file);
    std::fs::rename(&tmp, &path)
}
