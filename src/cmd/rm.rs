use super::prelude::*;
use crate::output::phase_json;

target_verb! {
    /// Remove a task, a whole phase, or (no argument) everything.
    ///
    /// An objective's or a finding's id removes that one. At a terminal, a
    /// change to more than 3 tasks is asked first (`--yes` skips it).
    ///
    /// Example: `todo rm t3`, `todo rm "Old phase"`
    Rm(TargetArgs) => rm, choose, many = "Remove {}?"
}

/// The report is made from the plan before the op, by reference: a phase
/// of any size is never copied.
fn rm(tx: &mut Tx, words: &[String]) -> Result<Report> {
    let plan = tx.plan();
    if words.is_empty() {
        if plan.phases.is_empty() {
            let message = "No todos; nothing changed.";
            return Ok(Report::new("rm", Kind::Confirm, message));
        }
        let mut report = Report::new("rm", Kind::Confirm, "Cleared all todos.");
        report.phases = plan.phases.iter().map(phase_json).collect();
        tx.apply(Op::Clear)?;
        return Ok(report);
    }
    let query = query(words)?;
    // An objective's or a finding's id: that one (they have no text
    // query here; `todo objective rm` takes words).
    if plan.objective(&query).is_some() || plan.finding(&query).is_some() {
        let mut report = super::objective::remove(tx, &query)?;
        report.verb = "rm";
        return Ok(report);
    }
    let target = find(plan, &query, Scope::TasksAndPhases).map_err(|e| match e {
        Error::NoMatch { message, query, .. } if aim_shaped(&query) => Error::no_match(
            format!("{message} No objective or finding has that id either; `todo show --ids` lists them."),
            query,
        ),
        e => e,
    })?;
    let (report, op) = match target {
        Target::Task(id) => {
            let (phase, task) = task_ref(plan, &id)?;
            let report = Report::new("rm", Kind::Confirm, format!("Removed: {}", task.content));
            (report.task(phase, task), Op::RemoveTask { task: id })
        }
        Target::Phase(id) => {
            let none = Default::default();
            let phase = plan.phase_by_id(&id).unwrap_or(&none);
            let message = format!("Removed phase: {}", phase.name);
            let report = Report::new("rm", Kind::Confirm, message).phase(phase);
            (report, Op::RemovePhase { phase: id })
        }
    };
    tx.apply(op)?;
    Ok(report)
}

/// Shaped like an objective's or a finding's id: `o` or `f`, a digit, then
/// letters and digits (`f1`, `o3kq9x`).
fn aim_shaped(q: &str) -> bool {
    let mut chars = q.chars();
    matches!(chars.next(), Some('o' | 'f'))
        && chars.next().is_some_and(|c| c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_alphanumeric())
}
