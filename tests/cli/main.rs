//! Integration tests: each drives the real `todo` binary in a temporary
//! project and checks what a user sees — stdout, stderr, exit status, and
//! the plan file on disk.

mod common;

mod append;
mod broken;
mod check_next;
mod concurrency;
mod discovery;
mod json;
mod matching;
mod merge;
mod output;
mod rm;
mod show;
mod status;
