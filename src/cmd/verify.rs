//! `todo verify <task> [<command>]`: give a task its check; and `todo check
//! --verify`: rerun the checks of the completed tasks, in parallel, for CI.
//! Running a check is `crate::verify`'s; this is the verbs' side.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::prelude::*;
use crate::plan::{Proof, clean_command};
use crate::verify::{self as runner, Run, Settings, TrustList};

/// Give a task a check: the command that proves it done.
///
/// `todo done` runs it before the task counts as completed. With no
/// command, print the task's check; `--remove` removes it. A plan's
/// checks run on this machine only once a person trusted them
/// (`todo trust`).
///
/// Example: `todo verify t3 "cargo test auth"`, `todo verify t3 --timeout 120`
#[derive(Debug, Clone, clap::Args)]
pub struct Verify {
    /// The task: its id or words of its text (quoted as one argument).
    #[arg(value_name = "TASK")]
    pub task: String,

    /// The check: a shell command run in the project root; exit 0 passes.
    #[arg(value_name = "COMMAND", conflicts_with = "remove")]
    pub command: Option<String>,

    /// Seconds the check may run before it counts as failed (default 600,
    /// or `TODO_CHECK_TIMEOUT`).
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,

    /// Remove the task's check (and its proof).
    #[arg(long)]
    pub remove: bool,
}

impl super::Verb for Verify {
    fn run(self, ctx: &Context) -> Outcome {
        if self.command.is_none() && !self.remove && self.timeout.is_none() {
            return ctx.look(|plan| show(plan, &self));
        }
        let mut outcome = ctx.change(|tx| apply(tx, &self));
        if let (Ok(report), Some(command)) = (&mut outcome.result, &self.command) {
            trust_typed(ctx, command, report);
        }
        outcome
    }
}

/// A check a person typed at their own terminal runs on this machine
/// without `todo trust`: typing it is reading it. Never an agent's (a
/// person must read it), a script's (not typed at a terminal: `todo trust`
/// is how a script's checks are allowed), nor one that came with the plan
/// (a clone, a merge, an import).
pub(super) fn trust_typed(ctx: &Context, command: &str, report: &mut Report) {
    if !ctx.interactive || ctx.actor == Some(Actor::Agent) {
        return;
    }
    let Ok(command) = self::command(command) else {
        return;
    };
    let settings = ctx.check_settings();
    let mut list = TrustList::load(&settings);
    if list.allows(&settings, &command) {
        return;
    }
    match list.allow(&settings, &command) {
        Ok(()) => report
            .message
            .push("It runs on this machine without `todo trust`: you typed it here."),
        Err(e) => report.warnings.push(format!(
            "The check is set, but could not be trusted on this machine ({}); run `todo trust` before `todo done`.",
            crate::error::io_reason(&e)
        )),
    }
}

/// The task's check, as `todo verify <task>` prints it.
fn show(plan: &Plan, args: &Verify) -> Result<Report> {
    let id = one_task(plan, &text(&args.task, "task")?, "Checks go on tasks.")?;
    let (phase, task) = super::task_ref(plan, &id)?;
    let message = match task.verify.as_deref() {
        None if let Some(shown) = task.unreadable_check() => format!(
            "The check of {} cannot run as the plan file holds it (not one line of text): {shown}\nFix it: todo verify {id} \"<command>\", or remove it: todo verify {id} --remove",
            task.content
        ),
        None => format!(
            "{} has no check. Give it one: todo verify {id} \"<command>\"",
            task.content
        ),
        Some(v) => {
            let timeout = v.timeout.map(|t| format!(" (timeout {t} s)"));
            let timeout = timeout.unwrap_or_default();
            format!("Check of {}: {}{timeout}", task.content, v.command)
        }
    };
    Ok(Report::new("verify", Kind::Data, message).task(phase, task))
}

pub(super) fn apply(tx: &mut Tx, args: &Verify) -> Result<Report> {
    let id = one_task(tx.plan(), &text(&args.task, "task")?, "Checks go on tasks.")?;
    let (_, task) = super::task_ref(tx.plan(), &id)?;
    let content = task.content.clone();
    let unreadable = task.unreadable_check().is_some();
    let (verify, message) = match (task.verify.as_deref().cloned(), &args.command) {
        (None, _) if args.remove && unreadable => {
            (None, format!("Removed the check of {content}."))
        }
        (None, _) if args.remove => (None, format!("{content} has no check; nothing changed.")),
        (Some(_), _) if args.remove => (None, format!("Removed the check of {content}.")),
        (None, None) => {
            return Err(Error::usage(format!(
                "{content} has no check to set a timeout on; give the command too: todo verify {id} \"<command>\" --timeout SECS"
            )));
        }
        (old, given) => {
            let old = old.unwrap_or_default();
            let command = given.as_deref().map_or(Ok(old.command.clone()), command)?;
            let verify = crate::plan::TaskCheck {
                timeout: args.timeout.or(old.timeout),
                // A proof speaks for the command that ran: a new one has none.
                proof: old.proof.filter(|_| old.command == command),
                command,
            };
            let message = format!(
                "{content} now has a check (`todo done` runs it first): {}",
                verify.command
            );
            (Some(Box::new(verify)), message)
        }
    };
    let applied = tx.apply(Op::SetVerify { task: id, verify })?;
    let (phase, task) = at(tx.plan(), applied.at)?;
    Ok(Report::new("verify", Kind::Confirm, message).task(phase, task))
}

/// A check command as given on the command line, or the usage error.
pub(super) fn command(given: &str) -> Result<String> {
    clean_command(given).ok_or_else(|| {
        Error::usage(
            "a check is a command on one line, not empty: todo verify <task> \"cargo test auth\"",
        )
    })
}

/// After `done`: say which checks passed (the report prints only once
/// the change committed, so a check that failed never reads as passed),
/// or that a person skipped them.
pub(super) fn note_checks(report: &mut Report, skipped: bool) {
    for entry in &report.tasks {
        let t = &entry.task;
        // Newly completed ones: the proof is recorded as the change commits.
        if t.status == Status::Completed
            && t.proof().is_none()
            && let Some(command) = t.check_command()
        {
            report.message.push(if skipped {
                format!(
                    "Unverified (--no-verify): {} — check not run: {command}",
                    t.content
                )
            } else {
                format!("Check passed: {command}")
            });
        }
    }
}

// ── check --verify ───────────────────────────────────────────────────────

/// How one completed task's check did.
struct Outcome1 {
    id: String,
    content: String,
    phase: String,
    command: String,
    timeout: Duration,
    /// `None`: not run (not trusted here, or unreadable).
    run: Option<Run>,
    /// The plan file holds the check as something that cannot run;
    /// `command` is it as a person reads it.
    unreadable: bool,
}

impl Outcome1 {
    fn result(&self) -> &'static str {
        match &self.run {
            None if self.unreadable => "unreadable",
            None => "untrusted",
            Some(r) if r.passed() => "passed",
            Some(r) if r.timed_out => "timeout",
            Some(_) => "failed",
        }
    }
}

/// `todo check --verify`.
pub(super) fn check(ctx: &Context, plan: &Plan, jobs: Option<u16>) -> Result<Report> {
    let settings = ctx.check_settings();
    let trust = TrustList::load(&settings);
    let actor = ctx.actor.unwrap_or(Actor::Person);
    let mut work: Vec<Outcome1> = (plan.tasks())
        .filter(|(_, _, t)| t.status == Status::Completed)
        .filter_map(|(_, phase, t)| {
            let command = t.check_command().map(str::to_string);
            Some(Outcome1 {
                unreadable: command.is_none(),
                command: command.or_else(|| t.unreadable_check())?,
                id: t.id.clone(),
                content: t.content.clone(),
                phase: phase.name.clone(),
                timeout: settings.timeout_of(t),
                run: None,
            })
        })
        .collect();
    let jobs = jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        usize::from,
    );
    if work.is_empty() {
        let message = "No completed task has a check; nothing to verify.";
        return Ok(Report::new("check", Kind::Data, message)
            .with("checks", Value::Array(Vec::new()))
            .with("complete", true.into()));
    }
    run_all(&settings, &trust, actor, &mut work, jobs);
    let failing = work.iter().filter(|o| o.result() != "passed").count();
    let mut lines = table(&work);
    lines.push(String::new());
    lines.push(format!(
        "{} check(s): {} passed, {failing} not passing.",
        work.len(),
        work.len() - failing
    ));
    for o in work.iter().filter(|o| o.result() != "passed") {
        let (id, content, command) = (&o.id, &o.content, &o.command);
        lines.push(String::new());
        match &o.run {
            None if o.unreadable => {
                lines.push(format!(
                    "{id} \"{content}\": not run; the plan file holds its check as something else than one line of text: {command}"
                ));
                lines.push(format!(
                    "A person fixes it (todo verify {id} \"<command>\") or removes it (todo verify {id} --remove)."
                ));
            }
            None => {
                lines.push(format!(
                    "{id} \"{content}\": not run; its check is not trusted on this machine: {command}"
                ));
                let var = runner::TRUST_VAR;
                lines.push(format!("Read it, then run `todo trust` (CI: set {var}=1)."));
            }
            Some(r) => {
                let outcome = r.outcome(o.timeout);
                lines.push(format!("{id} \"{content}\": {command} ({outcome}):"));
                let tail = r.tail(runner::TAIL_LINES).into_iter();
                lines.extend(tail.map(|line| format!("  | {line}")));
            }
        }
    }
    let mut report = Report::new("check", Kind::Data, lines.into_iter().collect::<Message>());
    report.exit = ExitCode::OpenWork.when(failing > 0);
    let commit = runner::commit(&settings.root);
    record(&settings, &work, commit.as_deref());
    let json: Vec<Value> = work.iter().map(|o| to_json(o, commit.as_deref())).collect();
    Ok(report
        .with("checks", Value::Array(json))
        .with("complete", (failing == 0).into()))
}

/// Run every trusted check, `jobs` at a time.
fn run_all(
    settings: &Settings,
    trust: &TrustList,
    actor: Actor,
    work: &mut [Outcome1],
    jobs: usize,
) {
    let next = AtomicUsize::new(0);
    let todo: Vec<(&Outcome1, bool)> = (work.iter())
        .map(|o| {
            let ok = !o.unreadable && runner::trusted(settings, trust, actor, &o.command);
            (o, ok)
        })
        .collect();
    // Each worker takes the next check until none is left, and hands back
    // the runs it made.
    let worker = || {
        let mut runs = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(o, ok)) = todo.get(i) else {
                return runs;
            };
            if ok {
                runs.push((i, runner::run(&o.command, &settings.root, o.timeout)));
            }
        }
    };
    let runs: Vec<(usize, Run)> = std::thread::scope(|s| {
        let n = jobs.clamp(1, work.len().max(1));
        let workers: Vec<_> = (0..n).map(|_| s.spawn(worker)).collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    for (i, run) in runs {
        work[i].run = Some(run);
    }
}

/// `passed   t3  1.2 s  cargo test auth  (Auth: Wire OAuth)`, aligned.
fn table(work: &[Outcome1]) -> Vec<String> {
    let widest = |width: fn(&Outcome1) -> usize| work.iter().map(width).max().unwrap_or(0);
    let idw = widest(|o| o.id.len());
    let cw = widest(|o| o.command.chars().count());
    work.iter()
        .map(|o| {
            let secs = o.run.as_ref().map_or_else(
                || "-".to_string(),
                |r| format!("{:.1} s", r.elapsed.as_secs_f64()),
            );
            format!(
                "{:<9} {:<idw$}  {:>7}  {:<cw$}  ({}: {})",
                o.result(),
                o.id,
                secs,
                o.command,
                o.phase,
                o.content
            )
        })
        .collect()
}

fn to_json(o: &Outcome1, commit: Option<&str>) -> Value {
    let mut v = json!({
        "id": o.id,
        "content": o.content,
        "phase": o.phase,
        "command": o.command,
        "result": o.result(),
    });
    if let (Some(obj), Some(r)) = (v.as_object_mut(), &o.run) {
        obj.insert("exit".into(), json!(r.exit));
        obj.insert("ms".into(), json!(r.ms()));
        obj.insert("timedOut".into(), json!(r.timed_out));
        obj.insert("commit".into(), json!(commit));
        if !r.passed() {
            obj.insert("tail".into(), json!(r.tail(runner::TAIL_LINES)));
        }
    }
    v
}

// ── the results export shows ─────────────────────────────────────────────

/// Keep this run's results beside the history, for `export --format gfm`
/// on the same machine (a CI job's next step): the pull request shows
/// what this commit proved. A failure to write is not the check's.
fn record(settings: &Settings, work: &[Outcome1], commit: Option<&str>) {
    let Some(file) = results_file(settings) else {
        return;
    };
    let map: serde_json::Map<String, Value> = work
        .iter()
        .filter_map(|o| {
            let r = o.run.as_ref()?;
            let proof = Proof {
                command: o.command.clone(),
                exit: Some(r.exit.unwrap_or(-1)),
                ms: r.ms(),
                at: settings.now.clone(),
                commit: commit.map(str::to_string),
            };
            Some((o.id.clone(), crate::plan::json::proof_to_value(&proof)))
        })
        .collect();
    if let Some(dir) = file.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Ok(text) = serde_json::to_string(&map) {
        let _ = crate::storage::write_atomic(&file, text.as_bytes());
    }
}

fn results_file(settings: &Settings) -> Option<std::path::PathBuf> {
    // Keyed by the path's bytes, as the history is (not a lossy text of it).
    let dir = settings
        .trust_file
        .as_ref()?
        .parent()?
        .join("check-results");
    Some(crate::storage::keyed(&dir, &settings.plan, "json"))
}

/// The plan with the last `check --verify` results of this machine in
/// place of the proofs `done` recorded, where the command is the same:
/// what `export --format gfm` shows.
pub(crate) fn with_results(ctx: &Context, plan: &Plan) -> Option<Plan> {
    let settings = ctx.check_settings();
    let text = std::fs::read_to_string(results_file(&settings)?).ok()?;
    let map: serde_json::Map<String, Value> = serde_json::from_str(&text).ok()?;
    // Only what was proved on the commit at hand.
    let head = runner::commit(&settings.root);
    let mut plan = plan.clone();
    for t in plan.phases.iter_mut().flat_map(|p| &mut p.tasks) {
        if let Some(proof) = map.get(&t.id).and_then(crate::plan::json::proof_from_value)
            && let Some(v) = t.verify.as_deref_mut()
            && v.command == proof.command
            && proof.commit == head
            && t.status == Status::Completed
        {
            v.proof = Some(proof);
        }
    }
    Some(plan)
}
