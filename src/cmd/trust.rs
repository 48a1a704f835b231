//! `todo trust`: a person allows the plan's checks to run on this machine.
//! A check arrives with the plan (a clone, a pull): nothing runs until a
//! person has read it here (`crate::verify::TrustList`).

use super::prelude::*;
use crate::verify::{self as runner};

/// Allow the plan's checks to run on this machine (person only).
///
/// Shows each check command and records the ones you allow in your
/// data directory; a command that changes must be trusted again. Asks
/// on a terminal; `--yes` allows without asking.
///
/// Example: `todo trust`, `todo trust --yes`
#[derive(Debug, Clone, clap::Args)]
pub struct Trust {
    /// Allow the plan's checks without asking.
    #[arg(long, short)]
    pub yes: bool,
}

impl super::Verb for Trust {
    fn run(self, ctx: &Context) -> Outcome {
        ctx.look(|plan| trust(ctx, plan, &self))
    }
}

fn trust(ctx: &Context, plan: &Plan, args: &Trust) -> Result<Report> {
    if ctx.actor == Some(Actor::Agent) {
        let message = "only a person trusts a plan's checks; ask them to run `todo trust`.";
        return Err(OpError::refused(Refusal::OpNotAllowed, message).into());
    }
    let settings = ctx.check_settings();
    let mut store = runner::TrustList::load(&settings);
    let commands = runner::commands(plan);
    if commands.is_empty() {
        let message = "The plan has no checks; nothing to trust.";
        return Ok(Report::new("trust", Kind::Confirm, message));
    }
    let mut listing = Message::from(format!(
        "Checks of {} (run by `{} {}` in {}):",
        ctx.store.display(),
        crate::verify::SHELL.0,
        crate::verify::SHELL.1,
        crate::platform::shown(&settings.root)
    ));
    let mut new = 0;
    for c in &commands {
        let known = store.allows(&settings, c);
        new += usize::from(!known);
        listing.push(format!(
            "  {} {c}",
            if known { "trusted " } else { "NEW     " }
        ));
    }
    let json = |r: Report| {
        r.with("commands", json!(commands))
            .with("untrusted", new.into())
    };
    if new == 0 {
        listing.push(format!(
            "All {} check(s) are trusted on this machine.",
            commands.len()
        ));
        return Ok(json(Report::new("trust", Kind::Confirm, listing)));
    }
    let yes = args.yes
        || (ctx.interactive
            && !ctx.out.json
            && super::ask_no(
                ctx,
                &listing,
                "Allow these commands to run on this machine? [y/N]",
            ));
    if !yes {
        let mut message = listing;
        message.push(format!(
            "{new} check(s) not trusted; nothing was allowed. Run `todo trust --yes` to allow them."
        ));
        return Err(OpError::refused_lines(Refusal::CheckUntrusted, message).into());
    }
    store
        .set(&settings, &commands)
        .map_err(|e| Error::io("Cannot record the trusted checks", e))?;
    let mut message = if args.yes || !ctx.interactive {
        listing
    } else {
        Message::default()
    };
    message.push(format!(
        "Trusted {} check(s) on this machine; a changed command asks again.",
        commands.len()
    ));
    Ok(json(Report::new("trust", Kind::Confirm, message)))
}
