//! `todo claim <task>` / `todo claim --next` and `todo release <task>`:
//! who works on what. The claim is made under the plan's lock, in the
//! same transaction that reads which tasks are free, so two claimers
//! never get the same task.

use super::{at, find, query, task_ref, text};
use crate::cli::{ClaimArgs, TaskArgs};
use crate::error::{Error, Result};
use crate::exit_codes::ExitCode;
use crate::matching::{Scope, Target};
use crate::output::{Kind, Report};
use crate::plan::{Op, Status, Tx};
use crate::text::Message;

pub(super) fn apply(tx: &mut Tx, args: &ClaimArgs) -> Result<Report> {
    let owner = match &args.owner {
        Some(o) => text(o, "owner")?,
        None => tx.default_owner(),
    };
    let id = if args.next {
        let plan = tx.plan();
        let Some((_, first)) = plan.ready().into_iter().next() else {
            let why = plan.why_none_ready();
            let mut report = Report::new("claim", Kind::Warn, format!("Nothing to claim. {why}"));
            report.exit = ExitCode::NothingNext;
            return Ok(report);
        };
        first.id.clone()
    } else {
        let query = query(&args.query)?;
        match find(tx.plan(), &query, Scope::Tasks)? {
            Target::Task(id) => id,
            Target::Phase(_) => return Err(Error::usage("Only tasks can be claimed.")),
        }
    };
    let was = task_ref(tx.plan(), &id)?.1.owner.clone();
    let applied = tx.apply(Op::Claim {
        task: id,
        owner: owner.clone(),
    })?;
    let plan = tx.plan();
    let (phase, task) = at(plan, applied.at)?;
    let mut message = Message::from(format!(
        "Claimed {} \"{}\" for {owner}; it is in progress.",
        task.id, task.content
    ));
    if was.as_deref() == Some(owner.as_str()) {
        message = Message::from(format!(
            "{} \"{}\" is already claimed by {owner}; it is in progress.",
            task.id, task.content
        ));
    }
    let open = plan.open_needs(task);
    if !open.is_empty() {
        message.push(format!(
            "It needs {} first (not completed yet).",
            open.join(", ")
        ));
    }
    Ok(Report::new("claim", Kind::Confirm, message)
        .task(phase, task)
        .with("owner", serde_json::json!(owner)))
}

pub(super) fn release(tx: &mut Tx, args: &TaskArgs) -> Result<Report> {
    let query = query(&args.query)?;
    let Target::Task(id) = find(tx.plan(), &query, Scope::Tasks)? else {
        return Err(Error::usage("Only tasks can be released."));
    };
    let (was, status) = {
        let (_, t) = task_ref(tx.plan(), &id)?;
        (t.owner.clone(), t.status)
    };
    let applied = tx.apply(Op::Release { task: id })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    let message = match was {
        None => format!("{} \"{}\" was not claimed.", task.id, task.content),
        Some(owner) if status == Status::InProgress => format!(
            "Released {} \"{}\" (claimed by {owner}); it is {} now, unclaimed.",
            task.id,
            task.content,
            task.status.words()
        ),
        Some(owner) => format!(
            "Released {} \"{}\" (claimed by {owner}).",
            task.id, task.content
        ),
    };
    Ok(Report::new("release", Kind::Confirm, message).task(phase, task))
}
