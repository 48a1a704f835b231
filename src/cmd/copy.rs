use super::prelude::*;
use crate::clipboard::{self, Copied};
use crate::markdown;

/// Copy the checklist to the clipboard.
///
/// Uses `TODO_CLIPBOARD` ("cmd args", fed on stdin) if set, else
/// wl-copy, xclip, xsel, pbcopy or clip.exe, else an OSC 52 escape on a
/// terminal. When nothing can copy, prints the checklist on stdout.
///
/// Example: `todo copy`
#[derive(Debug, Clone, clap::Args)]
pub struct Copy;

impl super::Verb for Copy {
    fn run(self, ctx: &Context) -> Outcome {
        ctx.look(|plan| run(ctx, plan))
    }
}

pub(super) const COPIED: &str = "Copied todos as Markdown to clipboard.";

fn run(ctx: &Context, plan: &Plan) -> Result<Report> {
    if plan.is_blank() {
        return Ok(Report::new("copy", Kind::Warn, "No todos to copy."));
    }
    let text = markdown::render_plan(plan, markdown::Flavour::View);
    // Under --json stdout carries the one JSON object, never an escape.
    let env = clipboard::Env::from_process(ctx.out.stdout_tty && !ctx.out.json);
    Ok(match clipboard::copy(&env, &text)? {
        Copied::Tool(cmd) => Report::new("copy", Kind::Confirm, COPIED).with("via", cmd.into()),
        Copied::Osc52(escape) => {
            // The escape goes to the terminal first; the confirmation after it.
            ctx.out.raw_stdout(&escape)?;
            Report::new("copy", Kind::Confirm, COPIED).with("via", "osc52".into())
        }
        Copied::Passed(escape, mux) => {
            ctx.out.raw_stdout(&escape)?;
            let mut message = Message::from(format!(
                "Sent todos as Markdown to the clipboard through {mux} (OSC 52); todo cannot confirm it arrived."
            ));
            message.push(format!("Hint: {}.", capitalize_first(mux.fix())));
            Report::new("copy", Kind::Confirm, message)
                .with("via", "osc52".into())
                .with("confirmed", false.into())
        }
        Copied::Unavailable => {
            let mut r = Report::new("copy", Kind::Data, Message::of_lines(&text));
            r.warnings.push(
                "Copy not available: no clipboard tool found (install wl-clipboard, xclip or xsel, or set TODO_CLIPBOARD). The checklist follows on stdout."
                    .into(),
            );
            r.with("copied", false.into())
        }
    })
}
