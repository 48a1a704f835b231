//! Integration tests: each drives the real `todo` binary in a temporary
//! project and checks what a user sees — stdout, stderr, exit status, and
//! the plan file on disk.
//!
//! Unix only: they drive pseudo-terminals, modes, owners, FIFOs and
//! `setpriv`. The Windows binary runs the scenarios of `tests/windows/`.
#![cfg(unix)]

mod common;

mod agent_identity;
mod agent_text;
mod agents_claude;
mod agents_codex;
mod agents_plugin;
mod agents_sim;
mod append;
mod as_person;
mod batch;
mod broken;
mod check_next;
mod completion;
mod concurrency;
mod copy;
mod counters;
mod deps;
mod discovery;
mod edit;
mod errors;
mod export;
mod findings;
mod first_hour;
mod forge;
mod formats;
mod generated;
mod hooks;
mod hooks_bounded;
mod hostile;
mod import;
mod json;
#[cfg(unix)]
mod leases;
mod links;
mod matching;
mod mcp;
mod merge;
mod objectives;
mod output;
mod plan_update;
mod proofs;
mod questions;
mod readme;
mod reshape;
mod resolve;
mod restore;
mod rm;
mod scale;
mod session_text;
mod setup;
mod setup_parts;
mod shared;
mod show;
mod status;
mod task_tools;
mod terminal;
mod traps;
mod undo;
mod verify;
