//! todo.txt: one task a line.

use super::Read;
use crate::plan::Plan;

pub(super) fn read(_text: &str) -> Result<Read, String> {
    Err("  todo.txt is not read yet".into())
}

pub(super) fn write(_plan: &Plan) -> String {
    String::new()
}
