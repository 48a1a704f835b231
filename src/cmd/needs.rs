//! `todo needs <task> <task…>`: say what a task needs first
//! (`--remove`: take needs off); with no needs named, list them.

use super::{Context, Outcome};
use super::{at, task_ref, text};
use crate::error::{Error, Result};
use crate::output::{Kind, Report};
use crate::plan::{Op, Plan, Tx};
use crate::text::Message;

/// Say that a task needs other tasks first; `--remove` takes needs off.
///
/// The first argument names the task; each further one names a task it
/// needs (an id, or words of its text in quotes). A task waits until
/// every task it needs is completed: `todo ready` and `todo next` skip
/// it until then. A need that would make tasks wait for each other in a
/// circle is refused (exit 7, `needs-cycle`), naming the circle. With no
/// further argument, it lists what the task needs.
///
/// Examples: `todo needs deploy t3 t4`, `todo needs t5 --remove t3`
#[derive(Debug, Clone, clap::Args)]
pub struct Needs {
    /// The task that waits: its id, or words of its text in quotes.
    #[arg(value_name = "TASK")]
    pub task: String,

    /// The tasks it needs (each an id, or words of its text in quotes).
    #[arg(value_name = "NEEDS")]
    pub needs: Vec<String>,

    /// Take these needs off instead of adding them.
    #[arg(long)]
    pub remove: bool,
}

impl super::Verb for Needs {
    fn run(self, ctx: &Context) -> Outcome {
        if self.needs.is_empty() {
            ctx.look(|plan| list(plan, &self))
        } else {
            ctx.change(|tx| apply(tx, &self))
        }
    }
}

/// The id of the task `raw` names.
fn task_id(plan: &Plan, raw: &str) -> Result<String> {
    super::one_task(
        plan,
        &text(raw, "task")?,
        "Needs are between tasks, not phases.",
    )
}

/// `t3 "Build"`, as the messages name a task.
fn named(plan: &Plan, id: &str) -> String {
    match plan.task_by_id(id) {
        Some((_, t)) => format!("{id} \"{}\"", t.content),
        None => id.to_string(),
    }
}

fn apply(tx: &mut Tx, args: &Needs) -> Result<Report> {
    let id = task_id(tx.plan(), &args.task)?;
    let mut needs = Vec::with_capacity(args.needs.len());
    for raw in &args.needs {
        let need = task_id(tx.plan(), raw)?;
        if !needs.contains(&need) {
            needs.push(need);
        }
    }
    let before = task_ref(tx.plan(), &id)?.1.needs.clone();
    let op = if args.remove {
        Op::Unneed {
            task: id.clone(),
            needs: needs.clone(),
        }
    } else {
        Op::Need {
            task: id.clone(),
            needs: needs.clone(),
        }
    };
    let applied = tx.apply(op)?;
    let plan = tx.plan();
    let (phase, task) = at(plan, applied.at)?;
    let (changed, same): (Vec<&String>, Vec<&String>) = needs
        .iter()
        .partition(|n| before.contains(n) == args.remove);
    let list = |ids: &[&String]| {
        ids.iter()
            .map(|n| named(plan, n))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let this = format!("{} \"{}\"", task.id, task.content);
    let mut message = Message::default();
    if !changed.is_empty() {
        message.push(if args.remove {
            format!("{this} no longer needs {}.", list(&changed))
        } else {
            format!("{this} now needs {}.", list(&changed))
        });
    }
    if !same.is_empty() {
        message.push(if args.remove {
            format!("{this} did not need {}.", list(&same))
        } else {
            format!("{this} already needed {}.", list(&same))
        });
    }
    let open = plan.open_needs(task);
    if !args.remove && !open.is_empty() {
        message.push(format!(
            "It waits until {} {} completed.",
            open.join(", "),
            if open.len() == 1 { "is" } else { "are" }
        ));
    }
    Ok(Report::new("needs", Kind::Confirm, message).task(phase, task))
}

/// What a task needs, one per line with its status.
fn list(plan: &Plan, args: &Needs) -> Result<Report> {
    let id = task_id(plan, &args.task)?;
    let (phase, task) = task_ref(plan, &id)?;
    if args.remove {
        return Err(Error::usage(
            "Name the needs to remove: todo needs TASK --remove NEED...",
        ));
    }
    let mut message = Message::default();
    if task.needs.is_empty() {
        message.push(format!("{id} \"{}\" needs no other task.", task.content));
    } else {
        message.push(format!("{id} \"{}\" needs:", task.content));
        for n in &task.needs {
            match plan.task_by_id(n) {
                Some((_, t)) => {
                    message.push(format!("  {n}  {} ({})", t.content, t.status.words()))
                }
                None => message.push(format!("  {n}  (no longer in the plan)")),
            }
        }
    }
    let mut report = Report::new("needs", Kind::Data, message).task(phase, task);
    report.rev = plan.rev;
    Ok(report)
}
