use super::prelude::*;
use crate::output::checklist;
use crate::plan::json;

/// Print the plan as a Markdown checklist.
///
/// Example: `todo show --ids`
#[derive(Debug, Clone, clap::Args)]
pub struct Show {
    /// Show each phase's and task's id in a column on the left.
    #[arg(long)]
    pub ids: bool,

    /// Print one line of progress instead of the checklist:
    /// `14/20 done · 9 verified · Auth 4/6 · 1 blocked`.
    #[arg(long, conflicts_with = "ids")]
    pub summary: bool,
}

impl super::Verb for Show {
    fn run(self, ctx: &Context) -> Outcome {
        ctx.look(|plan| match self.summary {
            true => super::summary::run(plan),
            false => run(ctx, plan, &self),
        })
    }
}

pub(super) const EMPTY: &str = "No todos. Use todo append <task> to start one.";

fn run(ctx: &Context, plan: &Plan, args: &Show) -> Result<Report> {
    let mut report = if plan.is_blank() {
        Report::new("show", Kind::Data, EMPTY)
    } else {
        // A person at a terminal reads the text as typed; a pipe gets the
        // exact Markdown (docs/contract.md, "Verbs and what they print").
        let lines = checklist(plan, args.ids, ctx.out.for_person());
        let ids = if args.ids {
            crate::output::id_width(plan) + 2
        } else {
            0
        };
        Report::new("show", Kind::Checklist(ids), lines)
    };
    crate::output::settled(&mut report, plan);
    // The plan as JSON is only for `--json`; it costs a render and a parse.
    if ctx.out.json {
        let file = serde_json::from_str(&json::render(plan)).unwrap_or(Value::Null);
        report = report.with("plan", file);
    }
    Ok(report)
}
