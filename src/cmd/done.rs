//! `todo done [<task|phase>...]`: mark work completed. A task with a check
//! is proven as the change commits (`crate::verify`); `--no-verify` is a
//! person's way past it, recorded as unverified.

use super::TargetArgs;
use super::prelude::*;
use crate::verify::{Checker, RunMemo};

/// Mark a task, a phase's open tasks, or every open task completed.
///
/// A task with a check (`todo verify`) is completed only when its check
/// passes: it runs in the project root, and its proof (command, exit
/// status, time taken, time, commit) is recorded. A failing check
/// refuses the change (exit 8) and shows the check's last lines.
///
/// At a terminal, a change to more than 3 tasks is asked first (`--yes`
/// skips the question); scripts and agents are never asked.
///
/// Example: `todo done oauth`, `todo done auth`, `todo done t7`, `todo done`
#[derive(Debug, Clone, clap::Args)]
pub struct Done {
    #[command(flatten)]
    pub target: TargetArgs,

    /// Complete without running the tasks' checks, recorded as unverified
    /// (a person only: an agent's `--no-verify` is refused).
    #[arg(long)]
    pub no_verify: bool,
}

impl super::Verb for Done {
    /// `done` proves its tasks before it takes the plan's lock: a check may
    /// run for minutes, and every other command waits for the lock 10 s at
    /// most. The plan is read and the change tried without the lock; a check
    /// that fails is the answer at once, and the ones that pass are not run
    /// again when the change is made under the lock (the same task, the same
    /// command). Whatever changed in between is the locked change's to see.
    fn run(self, ctx: &Context) -> Outcome {
        let memo = RunMemo::default();
        let actor = ctx.actor.unwrap_or(Actor::Person);
        let checker =
            || Checker::new(ctx.store.target(), ctx.now.clone(), actor).with_memo(memo.clone());
        if !self.no_verify
            // A plan with no check (most) is not read twice: its bytes tell.
            && crate::storage::read_regular(&ctx.store.target())
                .is_ok_and(|b| memchr::memmem::find(&b, b"\"verify\"").is_some())
            && let Ok(loaded) = ctx.store.load()
            && loaded.plan.tasks().any(|(_, _, t)| t.verify.is_some())
            // A change `--if-rev` refuses runs nothing.
            && ctx.if_rev.is_none_or(|want| want == loaded.plan.rev)
        {
            let rev = loaded.plan.rev;
            let mut tx = ctx.tx_as(loaded.plan, actor);
            tx.set_prover(Box::new(checker()));
            if self.change(&mut tx).is_ok()
                && let Err(e) = tx.commit()
            {
                let e = Error::from(e);
                if matches!(e.code(), "check-failed" | "check-untrusted") {
                    return Outcome::new(Err(e), Some(rev), None);
                }
            }
        }
        let mut outcome = ctx.change(|tx| {
            tx.set_prover(Box::new(checker()));
            self.change(tx)
        });
        // The proofs were recorded as the change committed: the reply shows them.
        // Looked up once, by id: `done` of everything may report every task.
        if let (Ok(report), Some(plan)) = (&mut outcome.result, &outcome.plan)
            && report.tasks.iter().any(|e| e.task.verify.is_some())
        {
            let checked: std::collections::HashMap<&str, _> = (plan.tasks())
                .filter_map(|(_, _, t)| Some((t.id.as_str(), t.verify.as_ref()?)))
                .collect();
            for entry in &mut report.tasks {
                if let Some(&verify) = checked.get(entry.task.id.as_str()) {
                    entry.task.verify = Some(verify.clone());
                }
            }
        }
        outcome
    }

    fn change(&self, tx: &mut Tx) -> Result<Report> {
        if self.no_verify {
            if tx.actor() == Actor::Agent {
                let message = "an agent may not skip a task's check (--no-verify is a person's); \
                               run `todo done` without it, and fix what the check reports.";
                return Err(OpError::refused(Refusal::OpNotAllowed, message).into());
            }
            tx.skip_checks();
        }
        let mut report =
            super::mark::apply(tx, "done", Status::Completed, &self.target.query, None)?;
        super::verify::note_checks(&mut report, self.no_verify);
        Ok(report)
    }

    fn many(&self) -> Option<&'static str> {
        Some("Mark {} completed?")
    }

    fn retarget(&mut self, is: &dyn Fn(&[String]) -> bool, id: &str) {
        super::swap(&mut self.target.query, is, id);
    }
}
