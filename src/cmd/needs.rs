use super::prelude::*;

/// Say that a task needs other tasks first; `--remove` takes needs off.
///
/// The first argument names the task; each further one names a task it
/// needs (an id, or words of its text in quotes). A task waits until
/// every task it needs is completed: `todo ready` and `todo next` skip
/// it until then. A need that would make tasks wait for each other in a
/// circle is refused (exit 7, `needs-cycle`), naming the circle. With no
/// further argument, it lists what the task needs.
///
/// Examples: `todo needs deploy t4685j t1ske9`, `todo needs deploy --remove t4685j`
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

const NOT_TASK: &str = "Needs are between tasks, not phases.";

/// The ids of the tasks `raws` name, each once: `what` names the text in
/// an error, and `not_task` is the usage error for a phase.
pub(super) fn task_ids(
    plan: &Plan,
    raws: &[String],
    what: &str,
    not_task: &str,
) -> Result<Vec<String>> {
    let mut ids = Vec::with_capacity(raws.len());
    for raw in raws {
        let id = one_task(plan, &text(raw, what)?, not_task)?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

fn apply(tx: &mut Tx, args: &Needs) -> Result<Report> {
    let id = one_task(tx.plan(), &text(&args.task, "task")?, NOT_TASK)?;
    let wanted = task_ids(tx.plan(), &args.needs, "task", NOT_TASK)?;
    let before = task_ref(tx.plan(), &id)?.1.needs.clone();
    let (task, needs) = (id, wanted.clone());
    let op = if args.remove {
        Op::Unneed { task, needs }
    } else {
        Op::Need { task, needs }
    };
    let applied = tx.apply(op)?;
    let plan = tx.plan();
    let (phase, task) = at(plan, applied.at)?;
    let (changed, same): (Vec<&String>, Vec<&String>) = wanted
        .iter()
        .partition(|n| before.contains(n) == args.remove);
    let list = |ids: &[&String]| {
        ids.iter()
            .map(|n| {
                plan.task_by_id(n)
                    .map_or_else(|| n.to_string(), |(_, t)| t.name())
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let this = task.name();
    let mut message = Message::default();
    let said = if args.remove {
        ["no longer needs", "did not need"]
    } else {
        ["now needs", "already needed"]
    };
    for (ids, said) in [(changed, said[0]), (same, said[1])] {
        if !ids.is_empty() {
            message.push(format!("{this} {said} {}.", list(&ids)));
        }
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
    let id = one_task(plan, &text(&args.task, "task")?, NOT_TASK)?;
    let (phase, task) = task_ref(plan, &id)?;
    if args.remove {
        let why = "Name the needs to remove: todo needs TASK --remove NEED...";
        return Err(Error::usage(why));
    }
    let needs = if task.needs.is_empty() {
        "needs no other task."
    } else {
        "needs:"
    };
    let mut message = Message::from(format!("{} {needs}", task.name()));
    message.extend(task.needs.iter().map(|n| match plan.task_by_id(n) {
        Some((_, t)) => format!("  {n}  {} ({})", t.content, t.status.words()),
        None => format!("  {n}  (no longer in the plan)"),
    }));
    Ok(Report::new("needs", Kind::Data, message).task(phase, task))
}
