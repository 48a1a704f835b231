use super::prelude::*;
use crate::storage::not_regular;

/// Print the plan file in use and whether it exists.
///
/// Example: `todo where`
#[derive(Debug, Clone, clap::Args)]
pub struct Where;

impl super::Verb for Where {
    fn run(self, ctx: &Context) -> Outcome {
        let exists = std::fs::symlink_metadata(&ctx.store.path).is_ok();
        // What a link leads to counts: a directory or a FIFO can never be
        // the plan, so say so now rather than at the first change (exit 6).
        if let Ok(meta) = std::fs::metadata(&ctx.store.path)
            && !meta.is_file()
        {
            let e = ctx.store.cannot("use", not_regular(meta.file_type()));
            return Outcome::of(Err(e.into()));
        }
        let path = ctx.store.display();
        let mut report = Report::new("where", Kind::Data, path.clone())
            .with("path", json!(path))
            .with("exists", json!(exists));
        if !exists {
            report
                .warnings
                .push("(no plan file there yet; the first change creates it)".into());
        }
        Outcome::of(Ok(report))
    }
}
