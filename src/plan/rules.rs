//! The rules of docs/contract.md, "A plan a person and an agent share", applied once to every change on its way to
//! commit: record who set a status on purpose (`by`/`at`), then compare
//! each touched task before and after and refuse what the actor may not do.
//! Every verb, `batch`, `import`, `edit`, `undo` and `apply` commits through
//! here, so no verb is a way around them.

use super::ops::{OpError, Refusal};
use super::{Actor, Checks, Finding, Objective, Status, Task};

/// The default of how many tasks an agent may grow a plan to; a plan sets
/// its own with the top-level field `agentTaskLimit`.
pub(crate) const AGENT_TASK_LIMIT: u64 = 300;

/// Who is changing the plan, and the time to record (RFC 3339, seconds).
#[derive(Clone, Debug, Default)]
pub(crate) struct By {
    pub actor: Actor,
    pub now: String,
}

impl By {
    /// The mark (`by`, `at`) of what this actor sets on purpose now; none
    /// when `set` is false (a status back at rest: pending, open).
    pub(crate) fn mark(&self, set: bool) -> (Option<Actor>, Option<String>) {
        (set.then_some(self.actor), set.then(|| self.now.clone()))
    }
}

/// A status change that only the one-task-in-progress rule could have made.
fn moved_by_rule(before: &Task, after: &Task) -> bool {
    before.status.is_active() && after.status.is_active() && after.by.is_none()
}

/// Record provenance on `after`, a task as the change leaves it.
pub(crate) fn stamp(by: &By, before: Option<&Task>, after: &mut Task) {
    match before {
        Some(b) if b.status != after.status => {
            let pending = after.status == Status::Pending;
            let unmarked = after.by == b.by && after.at == b.at;
            if pending || (unmarked && !(b.status.is_active() && after.status.is_active())) {
                (after.by, after.at) = by.mark(!pending);
            }
        }
        // The same status again keeps the mark, whoever wrote the file
        // (a plain Markdown import carries none; an agent may neither drop
        // a person's nor claim one).
        Some(b)
            if after.by.is_none()
                || (by.actor == Actor::Agent
                    && (b.by == Some(Actor::Person) || after.by == Some(Actor::Person))) =>
        {
            after.by = b.by;
            after.at = b.at.clone();
        }
        // A new task comes as it is given (an import keeps its marks).
        _ => {}
    }
    // A claim marked as a person's that an agent brings (a file it
    // imports or edits) is the agent's, unless the person's was there.
    if by.actor == Actor::Agent
        && after.claimed_by == Some(Actor::Person)
        && !before.is_some_and(|b| b.claimed_by == Some(Actor::Person) && b.owner == after.owner)
    {
        after.claimed_by = Some(Actor::Agent);
    }
    // An agent may not claim a person's mark on a status it set (a file
    // it imports or edits may carry one): what it set is its own.
    if by.actor == Actor::Agent
        && after.by == Some(Actor::Person)
        && before.is_none_or(|b| b.status != after.status)
    {
        (after.by, after.at) = by.mark(after.status != Status::Pending);
    }
    if by.actor == Actor::Agent {
        keep_proof(before, after);
        // `droppedBy: "user"` says a person dropped it (oh-my-pi's mark):
        // a file the agent brings may not say so of its own drop.
        if after.dropped_by.is_some()
            && !before.is_some_and(|b| b.dropped_by == after.dropped_by && b.status == after.status)
        {
            after.dropped_by = None;
        }
    }
}

/// Whether a person holds `t`: set its status, checks it, or claimed it.
fn held_by_person(t: &Task) -> bool {
    t.by == Some(Actor::Person) || t.checks == Checks::Person || t.claimed_by == Some(Actor::Person)
}

/// An agent's change may not take a need off `after` (as `before` had it)
/// when the task needed is one a person holds (`needed`: the plan's task
/// of that id, if any): the person's task is a gate the agent may not open
/// by unhooking it. Needs it adds, and needs of other tasks, are its own.
pub(crate) fn keeps_gates<'a>(
    by: &By,
    before: &Task,
    after: &Task,
    needed: impl Fn(&str) -> Option<&'a Task>,
) -> Result<(), OpError> {
    if by.actor != Actor::Agent {
        return Ok(());
    }
    for n in before.needs.iter().filter(|n| !after.needs.contains(n)) {
        if let Some(gate) = needed(n).filter(|g| held_by_person(g)) {
            let rest = format!(
                "needs {}, which a person holds; an agent may not remove that need. Finish what else it waits for, or ask the person.",
                gate.name()
            );
            return Err(refuse(Refusal::SetByPerson, after, &rest));
        }
    }
    Ok(())
}

/// The field a proof this version cannot read is kept in, as written.
const PROOF: &str = "proof";

/// A proof is the check's to write (docs/trust-and-proofs.md): what an
/// agent's change brings in its place (a file it imports, edits or
/// merges) is put back as `before` held it for the same command, and a
/// check the change gives a task proves nothing until it runs. Only the
/// code that runs a check writes a proof, after this.
pub(crate) fn keep_proof(before: Option<&Task>, after: &mut Task) {
    if let Some(v) = after.verify.as_deref_mut() {
        let was = before
            .and_then(|b| b.verify.as_deref())
            .filter(|w| w.command == v.command);
        v.proof = was.and_then(|w| w.proof.clone());
    }
    // One kept as written (unreadable, or without a command) would be read
    // as a proof once the task has a check.
    let was = before.and_then(|b| b.extra.get(PROOF));
    if after.extra.get(PROOF) != was {
        match was.cloned() {
            Some(p) => after.extra.insert(PROOF.into(), p),
            None => after.extra.remove(PROOF),
        };
    }
}

/// Whether `after` keeps every note `before` had, as it had them (notes
/// added after them are fine). Notes carry no author: on a task a person
/// holds, every note is taken as the person's (docs/trust-and-proofs.md).
fn notes_kept(before: &Task, after: &Task) -> bool {
    after.notes.starts_with(&before.notes)
}

/// An owner's name a change gives a task may not be longer than
/// [`super::OWNER_MAX`] (one a file already holds stays).
pub(crate) fn owner_fits(before: Option<&Task>, after: &Task) -> Result<(), OpError> {
    let Some(owner) = after.owner.as_deref() else {
        return Ok(());
    };
    let n = owner.chars().count();
    if n <= super::OWNER_MAX || before.is_some_and(|b| b.owner == after.owner) {
        return Ok(());
    }
    Err(OpError::refused(
        Refusal::PlanInvalid,
        format!(
            "an owner's name is at most {} characters; the one given for {} has {n}. Use a shorter name (--owner, TODO_OWNER).",
            super::OWNER_MAX,
            after.id
        ),
    ))
}

/// A refusal whose message is about task `t`: its name, then `rest`.
fn refuse(code: Refusal, t: &Task, rest: &str) -> OpError {
    OpError::refused(code, format!("{} {rest}", t.name()))
}

/// The refusal of an agent's change to `item`, which a person `did`
/// (`marked completed`, `recorded`): `what` the change would do to it, if
/// anything.
fn persons(item: &str, did: &str, what: Option<&str>) -> Result<(), OpError> {
    what.map_or(Ok(()), |what| {
        Err(OpError::refused(
            Refusal::SetByPerson,
            format!("{item} was {did} by a person; an agent may not {what}."),
        ))
    })
}

/// What a change does to a person's words (a finding, an objective a
/// person wrote), now `after` (`None`: removed), that an agent may not.
fn reworded(text: &str, after: Option<&str>) -> Option<&'static str> {
    match after {
        None => Some("remove it"),
        Some(a) if a != text => Some("reword it"),
        Some(_) => None,
    }
}

/// What the rules guard: a task, an objective, a finding.
pub(crate) trait Guarded {
    /// Whether `by` may turn `self` into `after` (`None`: removed).
    fn permit(&self, by: &By, after: Option<&Self>) -> Result<(), OpError>;

    /// Whether `by` may create `self` as it is.
    fn create(&self, _by: &By) -> Result<(), OpError> {
        Ok(())
    }
}

/// The one permission check: whether `by` may turn `before` into `after`
/// (`None`: not there). What a change creates is the creator's.
pub(crate) fn check<T: Guarded>(
    by: &By,
    before: Option<&T>,
    after: Option<&T>,
) -> Result<(), OpError> {
    match (before, after) {
        (Some(b), _) => b.permit(by, after),
        (None, Some(a)) => a.create(by),
        (None, None) => Ok(()),
    }
}

/// An agent's change may not grow the plan past its `limit`, in items of
/// one kind (`what`, plural), `count` before and after: its tasks, and
/// (each counted on its own, against the same limit) its objectives and
/// findings, so no runaway agent can bloat the plan with them either.
pub(crate) fn size(
    by: &By,
    what: &str,
    (before, n): (usize, usize),
    limit: u64,
) -> Result<(), OpError> {
    if by.actor != Actor::Agent || n <= before || n as u64 <= limit {
        return Ok(());
    }
    let hint = if what == "tasks" {
        "finish and prune tasks first"
    } else {
        "record fewer"
    };
    Err(OpError::refused(
        Refusal::PlanTooLarge,
        format!(
            "this change would grow the plan to {n} {what}, past its limit of {limit} for an agent; {hint}, or ask a person to raise agentTaskLimit."
        ),
    ))
}

impl Guarded for Task {
    /// What a change creates is the creator's, but for a task only a
    /// person checks: one the agent creates (a batch, an import, an edit)
    /// starts open, as the agent may never set its status. In progress is
    /// the one-in-progress rule's, which may start it.
    fn create(&self, by: &By) -> Result<(), OpError> {
        let open = self.status == Status::Pending
            || (self.status == Status::InProgress && self.by.is_none());
        if by.actor == Actor::Agent && self.checks == Checks::Person && !open {
            return Err(refuse(
                Refusal::PersonOnly,
                self,
                &format!(
                    "is checked only by a person; an agent may create it, but not mark it {}: leave it pending for the person.",
                    self.status.words()
                ),
            ));
        }
        Ok(())
    }

    fn permit(&self, by: &By, after: Option<&Task>) -> Result<(), OpError> {
        let b = self;
        if by.actor == Actor::Person {
            if let Some(a) = after
                && b.checks == Checks::Agent
                && a.checks == Checks::Agent
                && !b.unlocked
                && a.status != b.status
                && !moved_by_rule(b, a)
            {
                let rest = format!(
                    "is checked only by the agent; run `todo unlock {}` first to set it yourself.",
                    b.id
                );
                return Err(refuse(Refusal::StepLocked, b, &rest));
            }
            return Ok(());
        }
        // What proves a task done is not the agent's to weaken: it may give a
        // task a check, never change or remove one.
        if let (Some(was), Some(a)) = (b.verify.as_deref(), after)
            && a.verify
                .as_deref()
                .is_none_or(|v| v.command != was.command || v.timeout != was.timeout)
        {
            let rest = format!(
                "has a check (`{}`); an agent may not change or remove it. Make the check pass instead.",
                was.command
            );
            return Err(refuse(Refusal::OpNotAllowed, b, &rest));
        }
        // One the file holds but that cannot run is a check all the same.
        if let Some(shown) = b.unreadable_check()
            && after.is_some_and(|a| {
                a.verify.is_some() || a.extra.get("verify") != b.extra.get("verify")
            })
        {
            let rest = format!(
                "has a check that cannot run as written (`{shown}`); an agent may not change or remove it. Ask a person to fix it."
            );
            return Err(refuse(Refusal::OpNotAllowed, b, &rest));
        }
        if b.checks == Checks::Person {
            // The one-in-progress rule may start a person's task, but an
            // agent's change may not send one in progress back to pending
            // (by starting another).
            let demoted = |a: &Task| b.status == Status::InProgress && a.status == Status::Pending;
            let touched = after.is_none_or(|a| {
                (a.status != b.status && (!moved_by_rule(b, a) || demoted(a)))
                    || a.content != b.content
                    || a.checks != b.checks
                    || !notes_kept(b, a)
            });
            if touched {
                return Err(refuse(
                    Refusal::PersonOnly,
                    b,
                    "is checked only by a person; an agent may not change its status, text, checks or notes (it may add one), nor remove it.",
                ));
            }
        }
        if let Some(owner) = b.owner.as_deref()
            && b.claimed_by == Some(Actor::Person)
            && after.is_none_or(|a| a.owner != b.owner || !notes_kept(b, a))
        {
            let rest = format!(
                "is claimed by {owner}, a person; an agent may not take it over, release it, remove it or its notes. Take another ready task (todo ready)."
            );
            return Err(refuse(Refusal::SetByPerson, b, &rest));
        }
        if b.by == Some(Actor::Person) {
            let what = match after {
                None => Some("remove it"),
                Some(a) if a.status != b.status => Some("change it"),
                Some(a) if a.content != b.content => Some("rename it"),
                // Saying it checks the task would lock the person out of
                // what they set.
                Some(a) if a.checks != b.checks => Some("change who checks it"),
                Some(a) if !notes_kept(b, a) => {
                    Some("remove or reword its notes (add a note instead)")
                }
                Some(_) => None,
            };
            persons(&b.name(), &format!("marked {}", b.status), what)?;
        }
        if let Some(a) = after {
            if b.unlocked && a.checks == Checks::Agent {
                return Err(refuse(
                    Refusal::UnlockedByPerson,
                    b,
                    "was unlocked by a person; an agent may not lock it again.",
                ));
            }
            if b.checks == Checks::Agent && !b.unlocked && (a.unlocked || a.checks != Checks::Agent)
            {
                return Err(OpError::refused(
                    Refusal::OpNotAllowed,
                    format!("only a person may unlock {} (todo unlock).", b.name()),
                ));
            }
        }
        Ok(())
    }
}

/// The field of an objective that says who wrote it: `addedBy` (kept
/// with the objective's other fields; an older file has none).
const WRITTEN_BY: &str = "addedBy";

/// Who wrote `o`, when the plan knows.
pub(crate) fn written_by(o: &Objective) -> Option<Actor> {
    o.extra
        .get(WRITTEN_BY)
        .and_then(serde_json::Value::as_str)
        .and_then(Actor::parse)
}

/// Record that `actor` wrote `o` (`None`: not known).
pub(crate) fn set_written_by(o: &mut Objective, actor: Option<Actor>) {
    if let Some(a) = actor {
        o.extra.insert(WRITTEN_BY.into(), a.as_str().into());
    } else {
        o.extra.remove(WRITTEN_BY);
    }
}

/// An objective's status a person set belongs to the person, as a task's
/// does: the agent may set the same status again, but not change it,
/// reword the objective or remove it. A person reopening it clears the mark.
/// An objective a person wrote is the person's words, as a finding is:
/// the agent may mark it done or dropped, but not reword or remove it.
impl Guarded for Objective {
    fn permit(&self, by: &By, after: Option<&Objective>) -> Result<(), OpError> {
        if by.actor != Actor::Agent {
            return Ok(());
        }
        let item = format!("objective {} \"{}\"", self.id, self.text);
        let now = after.map(|a| a.text.as_str());
        if written_by(self) == Some(Actor::Person) {
            persons(&item, "written", reworded(&self.text, now))?;
        }
        if self.by != Some(Actor::Person) {
            return Ok(());
        }
        let what = match after {
            Some(a) if a.status != self.status => Some("change it"),
            _ => reworded(&self.text, now),
        };
        persons(&item, &format!("marked {}", self.status), what)
    }
}

/// A finding a person recorded belongs to the person: the agent may not
/// reword it or remove it. An agent's own, and one with no mark (an older
/// file), stay open to it.
impl Guarded for Finding {
    fn permit(&self, by: &By, after: Option<&Finding>) -> Result<(), OpError> {
        if by.actor != Actor::Agent || self.by != Some(Actor::Person) {
            return Ok(());
        }
        let item = format!("finding {} \"{}\"", self.id, self.text);
        persons(
            &item,
            "recorded",
            reworded(&self.text, after.map(|a| a.text.as_str())),
        )
    }
}
