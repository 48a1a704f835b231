//! `todo where`: the plan file in use, and whether it exists.

use serde_json::json;

use super::Context;
use crate::error::Result;
use crate::output::{Kind, Report};

pub fn run(ctx: &Context) -> Result<Report> {
    let exists = std::fs::symlink_metadata(&ctx.store.path).is_ok();
    let path = ctx.store.display();
    let mut report = Report::new("where", Kind::Data, path.clone())
        .with("path", json!(path))
        .with("exists", json!(exists));
    if !exists {
        report
            .warnings
            .push("(no plan file there yet; the first change creates it)".into());
    }
    Ok(report)
}
