//! A merge with no base: the two sides of git's merge-style conflict
//! markers, which do not show the common ancestor. Without it, a task the
//! sides hold differently cannot be told changed-on-one-side from
//! changed-on-both, so a common ground stands in for the base and the
//! three-way merge runs on it, by the rules the README gives ("Merge-style
//! markers show no base"); a phase on both sides is one phase, with ours'
//! name. Every task the sides hold differently is reported.

use super::identity::Side;
use super::{HashSet, MergeNote, Merged, Overflow, Severity};
use crate::plan::tx::Marks;
use crate::plan::{Plan, Status, Task};

/// The rank that settles a status the sides hold differently when there is
/// no base (higher wins): the more finished state.
fn rank(status: Status) -> u8 {
    match status {
        Status::Completed => 4,
        Status::Abandoned => 3,
        Status::Blocked => 2,
        Status::InProgress => 1,
        Status::Pending => 0,
    }
}

pub(crate) fn merge_without_base(ours: &Plan, theirs: &Plan) -> Result<Merged, Overflow> {
    let base = common_ground(ours, theirs);
    let mut merged = super::merge(&base, ours, theirs)?;
    report(ours, theirs, &mut merged);
    Ok(merged)
}

/// Theirs, without what ours lacks or names differently, and with each
/// task's state the less finished of the two and its notes those both hold:
/// so the merge takes the more finished state, both sides' notes, and
/// ours' value of every other field.
fn common_ground(ours: &Plan, theirs: &Plan) -> Plan {
    let ours_side = Side::new(ours);
    let mut base = theirs.clone();
    base.phases.retain(|p| ours_side.phase(&p.id).is_some());
    for phase in &mut base.phases {
        phase.tasks.retain(|t| {
            ours_side
                .task(&t.id)
                .is_some_and(|(o, _)| o.content == t.content)
        });
        for task in &mut phase.tasks {
            let Some((o, _)) = ours_side.task(&task.id) else {
                continue;
            };
            if Marks::of(o) != Marks::of(task) && rank(o.status) < rank(task.status) {
                task.status = o.status;
                task.blocker = o.blocker.clone();
                task.dropped_by = o.dropped_by.clone();
                task.by = o.by;
                task.at = o.at.clone();
            }
            task.notes.retain(|n| o.notes.contains(n));
        }
    }
    let ours_objectives: HashSet<&str> = ours.objectives.iter().map(|o| o.id.as_str()).collect();
    base.objectives
        .retain(|o| ours_objectives.contains(o.id.as_str()));
    let ours_findings: HashSet<&str> = ours.findings.iter().map(|f| f.id.as_str()).collect();
    base.findings
        .retain(|f| ours_findings.contains(f.id.as_str()));
    base
}

/// Say, for each task the two sides hold differently, what was taken.
fn report(ours: &Plan, theirs: &Plan, merged: &mut Merged) {
    let theirs_tasks = Side::new(theirs);
    let ours_tasks = Side::new(ours);
    let mut push = |severity, task: &Task, message: String| {
        merged.findings.push(MergeNote {
            severity,
            id: task.id.clone(),
            subject: task.content.clone(),
            message,
        });
    };
    for (_, o_phase, o) in ours.tasks() {
        let Some((t, t_phase)) = theirs_tasks.task(&o.id) else {
            continue;
        };
        if o.content != t.content {
            let theirs = &t.content;
            let message = format!(
                "no base to tell a rename from two tasks given one id: kept both, theirs' \"{theirs}\" under a new id"
            );
            push(Severity::Conflict, o, message);
            continue;
        }
        let mut took = Vec::new();
        if Marks::of(o) != Marks::of(t) {
            let (won, lost) = if rank(o.status) < rank(t.status) {
                (t.status, o.status)
            } else {
                (o.status, t.status)
            };
            took.push(if won == lost {
                format!("ours' {} state", won.as_str())
            } else {
                format!("{} over {}", won.as_str(), lost.as_str())
            });
        }
        if o.notes != t.notes {
            took.push("both sides' notes".to_string());
        }
        if o_phase.id != t_phase {
            took.push("ours' phase".to_string());
        }
        if o.checks != t.checks
            || o.unlocked != t.unlocked
            || o.verify != t.verify
            || o.extra != t.extra
        {
            took.push("ours' other fields".to_string());
        }
        if !took.is_empty() {
            let took = took.join(", ");
            let message = format!(
                "the sides differ and there is no base to tell which changed it: took {took}"
            );
            push(Severity::Conflict, o, message);
        }
    }
    for (from, other, side) in [
        (ours, &theirs_tasks, "ours"),
        (theirs, &ours_tasks, "theirs"),
    ] {
        for (_, _, t) in from.tasks() {
            if other.task(&t.id).is_none() {
                let message = format!(
                    "only {side} has it (new there, or removed on the other side: no base to tell); kept"
                );
                push(Severity::Notice, t, message);
            }
        }
    }
}
