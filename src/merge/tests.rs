use super::*;
use crate::plan::json;
use crate::plan::ops::{Op, PhaseRef};
use serde_json::Value;

use crate::plan::{Status, id_number};

/// A plan numbered in order and settled, as `todo` would leave it:
/// `[("A", &["a", "b"]), ("B", &["c"])]`.
fn build(phases: &[(&str, &[&str])]) -> Plan {
    Plan {
        rev: 5,
        ..crate::plan::ops::tests::plan(phases)
    }
}

/// Give what `applied` minted the next number (`t6`, `p3`), as version 1's
/// counters did: the numbered ids keep these cases readable, and two
/// sides that both add an item mint the same one, as two branches did.
fn counted(plan: &mut Plan, applied: crate::plan::ops::Applied) {
    for (kind, minted) in [('p', applied.phase), ('t', applied.task)] {
        let Some(minted) = minted else { continue };
        // The minted id itself does not count: a random `t28215` is all digits.
        let n = plan
            .ids()
            .filter(|id| **id != minted)
            .filter_map(|id| id_number(id, kind))
            .max();
        let numbered = format!("{kind}{}", n.unwrap_or(0) + 1);
        for p in &mut plan.phases {
            let ids = std::iter::once(&mut p.id).chain(p.tasks.iter_mut().map(|t| &mut t.id));
            for id in ids.filter(|id| **id == minted) {
                id.clone_from(&numbered);
            }
        }
    }
}

/// `plan` after `ops`, one rev each, as a branch's commits would leave it.
fn edit(plan: &Plan, ops: Vec<Op>) -> Plan {
    let mut plan = plan.clone();
    for op in ops {
        let applied = plan.apply(op).unwrap();
        counted(&mut plan, applied);
        plan.rev += 1;
    }
    plan
}

fn block(task: &str, reason: &str) -> Op {
    Op::SetStatus {
        task: task.into(),
        status: Status::Blocked,
        blocker: Some(reason.into()),
    }
}

fn add(phase: &str, content: &str) -> Op {
    let phase = if id_number(phase, 'p').is_some() {
        PhaseRef::Id(phase.into())
    } else {
        PhaseRef::New(phase.into())
    };
    Op::AddTask {
        phase,
        content: content.into(),
    }
}

fn note(task: &str, text: &str) -> Op {
    Op::Note {
        task: task.into(),
        text: text.into(),
    }
}

fn rename_phase(phase: &str, name: &str) -> Op {
    Op::RenamePhase {
        phase: phase.into(),
        name: name.into(),
    }
}

/// The plan in one line: `p1 A: t1[x] a, t2[/] b | p2 B: t3[ ] c`.
fn summary(plan: &Plan) -> String {
    plan.phases
        .iter()
        .map(|p| {
            let tasks: Vec<String> = p
                .tasks
                .iter()
                .map(|t| format!("{}[{}] {}", t.id, t.status.marker(), t.content))
                .collect();
            format!("{} {}: {}", p.id, p.name, tasks.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn task<'a>(plan: &'a Plan, id: &str) -> &'a Task {
    plan.task_by_id(id).map(|(_, t)| t).unwrap()
}

/// The merge of `ours` and `theirs` reads `want` and finds nothing.
fn clean([base, ours, theirs]: [&Plan; 3], want: &str) {
    let m = merge(base, ours, theirs).unwrap();
    assert!(m.findings.is_empty(), "{:?}", lines(&m));
    m.reads(want);
}

impl Merged {
    /// The merged plan is `want` in [`summary`]'s form.
    fn reads(&self, want: impl AsRef<str>) {
        assert_eq!(summary(&self.plan), want.as_ref());
    }

    /// The findings print as `want`.
    fn said(&self, want: &[&str]) {
        assert_eq!(lines(self), want);
    }
}

/// The findings as their printed lines.
fn lines(m: &Merged) -> Vec<String> {
    m.findings.iter().map(ToString::to_string).collect()
}

/// Every merge must leave a file `todo` reads back as the same plan
/// (`rev` aside, which is kept beside the history, not in the file).
fn check_file(m: &Merged) {
    let text = json::render(&m.plan);
    let read = json::parse(&text).unwrap();
    assert_eq!(
        Plan {
            rev: m.plan.rev,
            ..read
        },
        m.plan,
        "{text}"
    );
}

/// The id the merge gave the task `text` (else the phase named `text`),
/// checked to be a fresh one: shaped as an id and held by none of `plans`.
fn fresh(merged: &Plan, plans: &[&Plan], text: &str) -> String {
    let (id, kind) = match merged.tasks().find(|(_, _, t)| t.content == text) {
        Some((_, _, t)) => (t.id.clone(), 't'),
        None => {
            let p = merged.phases.iter().find(|p| p.name == text).unwrap();
            (p.id.clone(), 'p')
        }
    };
    assert!(crate::plan::ids::is_shaped(&id, kind), "{id}");
    for plan in plans {
        assert!(!plan.has_id(&id), "{id} is not new");
    }
    id
}

fn base() -> Plan {
    build(&[("Auth", &["a", "b", "c"]), ("Billing", &["d", "e"])])
}

#[test]
fn one_sided_edits_on_both_sides_are_all_taken() {
    let base = base();
    let ours = edit(
        &base,
        vec![
            Op::set("t1", Status::Completed),
            add("p1", "f"),
            note("t3", "n1"),
            rename_phase("p2", "Money"),
        ],
    );
    let theirs = edit(
        &base,
        vec![
            Op::set("t4", Status::Completed),
            add("p2", "g"),
            Op::rename("t3", "c2"),
            note("t1", "n2"),
        ],
    );
    let m = merge(&base, &ours, &theirs).unwrap();
    // Both minted t6; theirs' task is renumbered to an id none of the
    // three plans has.
    let g = fresh(&m.plan, &[&base, &ours, &theirs], "g");
    m.reads(format!(
        "p1 Auth: t1[x] a, t2[/] b, t3[ ] c2, t6[ ] f | p2 Money: t4[x] d, t5[ ] e, {g}[ ] g"
    ));
    assert_eq!(task(&m.plan, "t3").notes, ["n1"]);
    assert_eq!(task(&m.plan, "t1").notes, ["n2"]);
    m.said(&[&format!(
        "note {g} \"g\": new on both sides as t6 (ours: \"f\"); theirs' is now {g}"
    )]);
    assert!(m.is_clean());
    assert_eq!(m.plan.rev, ours.rev.max(theirs.rev) + 1);
    check_file(&m);
}

#[test]
fn the_same_change_on_both_sides_is_taken_once() {
    let base = base();
    let both = vec![
        Op::set("t1", Status::Completed),
        add("p1", "f"),
        note("t2", "n"),
    ];
    let ours = edit(&base, both.clone());
    let mut theirs = edit(&base, both);
    theirs.rev += 3;
    let m = merge(&base, &ours, &theirs).unwrap();
    m.reads("p1 Auth: t1[x] a, t2[/] b, t3[ ] c, t6[ ] f | p2 Billing: t4[ ] d, t5[ ] e");
    assert_eq!(task(&m.plan, "t2").notes, ["n"]);
    assert!(m.findings.is_empty(), "{:?}", lines(&m));
    assert_eq!(m.plan.rev, theirs.rev + 1);
}

#[test]
fn the_same_task_added_under_different_ids_is_one_task() {
    let base = base();
    let ours = edit(&base, vec![add("p1", "x"), add("p1", "f")]);
    let theirs = edit(&base, vec![add("p1", "f")]);
    clean(
        [&base, &ours, &theirs],
        "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c, t6[ ] x, t7[ ] f | p2 Billing: t4[ ] d, t5[ ] e",
    );
}

#[test]
fn an_auto_start_is_not_an_edit() {
    let base = base();
    // Completing t1 started t2 on ours; theirs removed t2.
    let ours = edit(&base, vec![Op::set("t1", Status::Completed)]);
    assert_eq!(task(&ours, "t2").status, Status::InProgress);
    let theirs = edit(&base, vec![Op::RemoveTask { task: "t2".into() }]);
    clean(
        [&base, &ours, &theirs],
        "p1 Auth: t1[x] a, t3[/] c | p2 Billing: t4[ ] d, t5[ ] e",
    );

    // Theirs completed t2, which ours had only auto-started: no conflict.
    let theirs = edit(&base, vec![Op::set("t2", Status::Completed)]);
    clean(
        [&base, &ours, &theirs],
        "p1 Auth: t1[x] a, t2[x] b, t3[/] c | p2 Billing: t4[ ] d, t5[ ] e",
    );
}

#[test]
fn a_start_on_one_side_is_taken_and_the_result_settled() {
    let base = base();
    let ours = edit(&base, vec![Op::Start { task: "t5".into() }]);
    let theirs = edit(&base, vec![add("p2", "f")]);
    let m = merge(&base, &ours, &theirs).unwrap();
    m.reads("p1 Auth: t1[ ] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[/] e, t6[ ] f");
    assert!(m.is_clean());

    // Both sides started a different task: one stays in progress.
    let theirs = edit(&base, vec![Op::Start { task: "t3".into() }]);
    clean(
        [&base, &ours, &theirs],
        "p1 Auth: t1[ ] a, t2[ ] b, t3[/] c | p2 Billing: t4[ ] d, t5[ ] e",
    );
}

#[test]
fn status_clashes_keep_theirs_the_side_merged_in() {
    // As running ours' commands and then theirs' gives: the later `done`
    // or `drop` is the one that stands.
    let base = base();
    let done = edit(&base, vec![Op::set("t2", Status::Completed)]);
    let dropped = edit(&base, vec![Op::set("t2", Status::Abandoned)]);
    for (ours, theirs, want, line) in [
        (
            &done,
            &dropped,
            (Status::Abandoned, Some("user")),
            "conflict t2 \"b\": status changed on both sides: completed on ours, abandoned on theirs; kept abandoned (theirs, merged in last)",
        ),
        (
            &dropped,
            &done,
            (Status::Completed, None),
            "conflict t2 \"b\": status changed on both sides: abandoned on ours, completed on theirs; kept completed (theirs, merged in last)",
        ),
    ] {
        let m = merge(&base, ours, theirs).unwrap();
        let t = task(&m.plan, "t2");
        assert_eq!((t.status, t.dropped_by.as_deref()), want);
        assert_eq!(lines(&m), [line]);
        assert!(!m.is_clean());
        check_file(&m);
    }

    // Reopened on ours, dropped on theirs: dropped. The other way round a
    // task started on purpose (stamped) is a change like any other:
    // started, as `todo start` after `todo drop` would leave it.
    let base = done;
    let started = edit(&base, vec![Op::Start { task: "t2".into() }]);
    let dropped = edit(&base, vec![Op::set("t2", Status::Abandoned)]);
    let m = merge(&base, &started, &dropped).unwrap();
    let t = task(&m.plan, "t2");
    assert_eq!(
        (t.status, t.dropped_by.as_deref()),
        (Status::Abandoned, Some("user"))
    );
    m.said(&[
        "conflict t2 \"b\": status changed on both sides: in_progress on ours, abandoned on theirs; kept abandoned (theirs, merged in last)"
    ]);
    let next = m.plan.next_for(None).map(|(_, t)| t.id.as_str());
    assert_eq!(next, Some("t1"));
    let m = merge(&base, &dropped, &started).unwrap();
    assert_eq!(task(&m.plan, "t2").status, Status::InProgress);
    assert_eq!(m.conflicts().count(), 1);
}

#[test]
fn blocked_tasks_merge_their_reasons() {
    let base = base();
    let ours = edit(&base, vec![block("t3", "vendor")]);
    let theirs = edit(&base, vec![note("t3", "asked again")]);
    let m = merge(&base, &ours, &theirs).unwrap();
    let t = task(&m.plan, "t3");
    assert_eq!(
        (t.status, t.blocker.as_deref()),
        (Status::Blocked, Some("vendor"))
    );
    assert!(m.findings.is_empty());

    let theirs = edit(&base, vec![block("t3", "legal")]);
    let m = merge(&base, &ours, &theirs).unwrap();
    assert_eq!(task(&m.plan, "t3").blocker.as_deref(), Some("legal"));
    m.said(&[
        "conflict t3 \"c\": blocked on both sides for different reasons; kept theirs (\"legal\"), ours said \"vendor\""
    ]);

    // Unblocked on ours, completed on theirs: theirs.
    let blocked = ours;
    let ours = edit(&blocked, vec![Op::set("t3", Status::Pending)]);
    let theirs = edit(&blocked, vec![Op::set("t3", Status::Completed)]);
    let m = merge(&blocked, &ours, &theirs).unwrap();
    let t = task(&m.plan, "t3");
    assert_eq!((t.status, t.blocker.as_deref()), (Status::Completed, None));
    assert_eq!(m.conflicts().count(), 1);
}

#[test]
fn text_clashes_keep_theirs_and_report_ours() {
    let base = base();
    let ours = edit(
        &base,
        vec![Op::rename("t2", "b ours"), rename_phase("p1", "Login")],
    );
    let theirs = edit(
        &base,
        vec![Op::rename("t2", "b theirs"), rename_phase("p1", "Sign-in")],
    );
    let m = merge(&base, &ours, &theirs).unwrap();
    assert_eq!(task(&m.plan, "t2").content, "b theirs");
    assert_eq!(m.plan.phases[0].name, "Sign-in");
    m.said(&[
        "conflict t2 \"b theirs\": text changed on both sides; kept theirs, ours was \"b ours\"",
        "conflict p1 \"Sign-in\": renamed on both sides; kept theirs, ours named it \"Login\"",
    ]);
    check_file(&m);
}

#[test]
fn a_task_moved_aside_by_a_start_theirs_could_not_make_resumes() {
    // t2 is in progress; ours removes t4, theirs starts t4, which moves t2
    // back to pending. Ours' commands then theirs': the start finds nothing
    // and t2 stays in progress, as the base had it; not the first pending
    // task of the plan (t1).
    let base = edit(&base(), vec![Op::Start { task: "t2".into() }]);
    let removed = edit(&base, vec![Op::RemoveTask { task: "t4".into() }]);
    let started = edit(&base, vec![Op::Start { task: "t4".into() }]);
    assert_eq!(task(&started, "t2").status, Status::Pending);
    let m = merge(&base, &removed, &started).unwrap();
    m.reads("p1 Auth: t1[ ] a, t2[/] b, t3[ ] c | p2 Billing: t5[ ] e");
    assert_eq!(task(&m.plan, "t2").at, task(&base, "t2").at);
    // The other way round, the start ran first and the removal left nothing
    // in progress: the rule starts the first pending task.
    let m = merge(&base, &started, &removed).unwrap();
    m.reads("p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t5[ ] e");

    // A start that survives keeps the task it moved aside pending.
    let noted = edit(&base, vec![note("t4", "n")]);
    clean(
        [&base, &noted, &started],
        "p1 Auth: t1[ ] a, t2[ ] b, t3[ ] c | p2 Billing: t4[/] d, t5[ ] e",
    );
}

#[test]
fn removed_on_one_side_and_changed_on_the_other_is_removed_and_said() {
    // As running both branches' commands gives, in either order: a `done`
    // after the `rm` finds nothing, one before it goes with the task.
    let base = base();
    let removed = edit(&base, vec![Op::RemoveTask { task: "t3".into() }]);
    let noted = edit(
        &base,
        vec![note("t3", "keep me"), Op::set("t3", Status::Completed)],
    );
    let m = merge(&base, &removed, &noted).unwrap();
    m.reads("p1 Auth: t1[/] a, t2[ ] b | p2 Billing: t4[ ] d, t5[ ] e");
    m.said(&["conflict t3 \"c\": removed on ours but changed on theirs (status, notes); removed"]);
    let m = merge(&base, &noted, &removed).unwrap();
    assert!(m.plan.find_task("t3").is_none());
    m.said(&["conflict t3 \"c\": removed on theirs but changed on ours (status, notes); removed"]);

    // Removed on one side, untouched on the other: gone, cleanly.
    let m = merge(&base, &removed, &edit(&base, vec![note("t1", "x")])).unwrap();
    assert!(m.plan.find_task("t3").is_none());
    assert!(m.findings.is_empty());
}

#[test]
fn a_removed_phase_survives_a_rename_or_new_work_on_the_other_side() {
    let base = base();
    let removed = edit(&base, vec![Op::RemovePhase { phase: "p2".into() }]);
    let renamed = edit(&base, vec![rename_phase("p2", "Money")]);
    let m = merge(&base, &removed, &renamed).unwrap();
    m.reads("p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Money: ");
    m.said(&["conflict p2 \"Money\": phase removed on ours but changed on theirs; kept"]);

    let added = edit(&base, vec![add("p2", "f")]);
    let m = merge(&base, &added, &removed).unwrap();
    m.reads("p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t6[ ] f");
    m.said(&[
        "conflict p2 \"Billing\": phase removed on theirs but ours still has tasks in it; kept",
    ]);

    // Removed on one side, untouched on the other: gone with its tasks.
    let m = merge(&base, &removed, &edit(&base, vec![note("t1", "x")])).unwrap();
    assert_eq!(summary(&m.plan), "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c");
    assert!(m.findings.is_empty());
}

#[test]
fn new_phases_on_both_sides() {
    let base = base();
    // Different names under the same new id: theirs is renumbered, and
    // its tasks follow it.
    let ours = edit(&base, vec![add("Docs", "x")]);
    let theirs = edit(&base, vec![add("Ops", "y"), add("p3", "z")]);
    let m = merge(&base, &ours, &theirs).unwrap();
    // Fresh ids are new to all three plans (theirs used t7).
    let plans = [&base, &ours, &theirs];
    let ops = fresh(&m.plan, &plans, "Ops");
    let y = fresh(&m.plan, &plans, "y");
    let z = fresh(&m.plan, &plans, "z");
    m.reads(format!(
        "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e | p3 Docs: t6[ ] x | {ops} Ops: {y}[ ] y, {z}[ ] z"
    ));
    assert_eq!(
        lines(&m),
        [
            format!(
                "note {ops} \"Ops\": new on both sides as p3 (ours: \"Docs\"); theirs' is now {ops}"
            ),
            format!("note {y} \"y\": new on both sides as t6 (ours: \"x\"); theirs' is now {y}"),
            format!("note {z} \"z\": new on theirs as t7; now {z}, after the ids ours added"),
        ]
    );

    // The same name: one phase holding both sides' tasks.
    let theirs = edit(&base, vec![add("Docs", "y")]);
    let m = merge(&base, &ours, &theirs).unwrap();
    let y = fresh(&m.plan, &[&base, &ours, &theirs], "y");
    m.reads(format!(
        "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e | p3 Docs: t6[ ] x, {y}[ ] y"
    ));
    check_file(&m);
}

#[test]
fn moves_between_phases() {
    let base = base();
    let mv = |task: &str, to: &str| Op::MoveTask {
        task: task.into(),
        to: PhaseRef::Id(to.into()),
    };
    let ours = edit(&base, vec![mv("t2", "p2")]);
    let theirs = edit(&base, vec![note("t2", "n"), add("p2", "f")]);
    clean(
        [&base, &ours, &theirs],
        "p1 Auth: t1[/] a, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e, t2[ ] b, t6[ ] f",
    );
    // Moved on theirs only: moved, placed after its predecessor there.
    let m = merge(&base, &theirs, &ours).unwrap();
    m.reads("p1 Auth: t1[/] a, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e, t6[ ] f, t2[ ] b");

    let base = edit(&base, vec![add("Docs", "x")]);
    let ours = edit(&base, vec![mv("t2", "p2")]);
    let theirs = edit(&base, vec![mv("t2", "p3")]);
    let m = merge(&base, &ours, &theirs).unwrap();
    assert_eq!(
        m.plan.task_by_id("t2").map(|(p, _)| p.id.as_str()),
        Some("p3")
    );
    m.said(&[
        "conflict t2 \"b\": moved to different phases; kept theirs (p3 \"Docs\"), ours moved it to p2 \"Billing\""
    ]);
}

#[test]
fn notes_merge_as_a_list() {
    let mut base = base();
    base.phases[0].tasks[0].notes = vec!["old".into(), "keep".into()];
    let ours = edit(&base, vec![note("t1", "o1"), note("t1", "both")]);
    let mut theirs = edit(&base, vec![note("t1", "both"), note("t1", "t1")]);
    theirs.phases[0].tasks[0].notes.retain(|n| n != "old");
    let m = merge(&base, &ours, &theirs).unwrap();
    assert_eq!(task(&m.plan, "t1").notes, ["keep", "o1", "both", "t1"]);
    assert!(m.findings.is_empty());
}

#[test]
fn unknown_fields_merge_key_by_key() {
    let base = base();
    let mut ours = base.clone();
    let mut theirs = base.clone();
    ours.extra.insert("owner".into(), "ann".into());
    theirs.extra.insert("team".into(), "web".into());
    fn t1(plan: &mut Plan) -> &mut crate::plan::Extra {
        &mut plan.phases[0].tasks[0].extra
    }
    t1(&mut ours).insert("due".into(), "mon".into());
    t1(&mut theirs).insert("due".into(), "tue".into());
    t1(&mut theirs).insert("size".into(), 3.into());
    theirs.phases[1].extra.insert("color".into(), "red".into());
    let m = merge(&base, &ours, &theirs).unwrap();
    let keys: Vec<&String> = m.plan.extra.keys().collect();
    assert_eq!(keys, ["owner", "team"]);
    let t = task(&m.plan, "t1");
    assert_eq!(t.extra.get("due"), Some(&Value::from("tue")));
    assert_eq!(t.extra.get("size"), Some(&Value::from(3)));
    assert_eq!(
        m.plan.phases[1].extra.get("color"),
        Some(&Value::from("red"))
    );
    m.said(&["conflict t1 \"a\": field \"due\" changed on both sides; kept theirs"]);
    check_file(&m);
}

#[test]
fn order_follows_ours_and_places_theirs_after_its_predecessor() {
    let base = base();
    // Theirs put a new task after `a` (as `todo edit` could).
    let mut theirs = edit(&base, vec![add("p1", "x")]);
    let x = theirs.phases[0].tasks.remove(3);
    theirs.phases[0].tasks.insert(1, x);
    let ours = edit(&base, vec![add("p1", "y")]);
    let m = merge(&base, &ours, &theirs).unwrap();
    let x = fresh(&m.plan, &[&base, &ours, &theirs], "x");
    m.reads(format!(
        "p1 Auth: t1[/] a, {x}[ ] x, t2[ ] b, t3[ ] c, t6[ ] y | p2 Billing: t4[ ] d, t5[ ] e"
    ));

    // Theirs reordered, ours did not: theirs' order leads, and ours' new
    // task goes after its predecessor on ours (`c`).
    let mut theirs = base.clone();
    theirs.phases[0].tasks.reverse();
    theirs.phases.reverse();
    let m = merge(&base, &ours, &theirs).unwrap();
    m.reads("p2 Billing: t4[ ] d, t5[ ] e | p1 Auth: t3[ ] c, t6[ ] y, t2[ ] b, t1[/] a");
}

#[test]
fn an_empty_base_merges_two_new_plans() {
    let ours = build(&[("Todos", &["a", "b"])]);
    let theirs = build(&[("Todos", &["a", "c"])]);
    let m = merge(&Plan::default(), &ours, &theirs).unwrap();
    let c = fresh(&m.plan, &[&ours, &theirs], "c");
    m.reads(format!("p1 Todos: t1[/] a, t2[ ] b, {c}[ ] c"));
    m.said(&[&format!(
        "note {c} \"c\": new on both sides as t2 (ours: \"b\"); theirs' is now {c}"
    )]);
    check_file(&m);
}

#[test]
fn a_task_renumbered_by_an_earlier_merge_keeps_its_identity() {
    // A rebase replays theirs commit by commit: the first replay
    // renumbered theirs' new "sso" (t6) to t7 because ours has t6
    // "refunds"; the next commit of theirs still calls it t6.
    let base = base();
    let upstream = edit(&base, vec![add("p2", "refunds")]);
    let commit1 = edit(&base, vec![add("p1", "sso")]);
    let replayed1 = merge(&base, &upstream, &commit1).unwrap().plan;
    let sso = fresh(&replayed1, &[&base, &upstream, &commit1], "sso");
    let commit2 = edit(
        &commit1,
        vec![Op::set("t6", Status::Completed), note("t6", "n")],
    );
    let m = merge(&commit1, &replayed1, &commit2).unwrap();
    m.reads(format!(
        "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c, {sso}[x] sso | p2 Billing: t4[ ] d, t5[ ] e, t6[ ] refunds"
    ));
    assert_eq!(task(&m.plan, &sso).notes, ["n"]);
    assert!(m.findings.is_empty(), "{:?}", lines(&m));

    // The same when the renumbered side is theirs: main is merged into
    // the branch (main's "refunds" becomes t7 there), main goes on and
    // completes "refunds" (t6 on main), then the branch is merged back.
    let branch = merge(&base, &commit1, &upstream).unwrap().plan;
    let refunds = fresh(&branch, &[&base, &commit1, &upstream], "refunds");
    let main_later = edit(&upstream, vec![Op::set("t6", Status::Completed)]);
    let m = merge(&upstream, &main_later, &branch).unwrap();
    // "sso" is new to main and its branch id t6 is main's: a fresh id,
    // not the one the branch gave "refunds" either.
    let sso = fresh(&m.plan, &[&upstream, &main_later, &branch], "sso");
    assert_ne!(sso, refunds);
    m.reads(format!(
        "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c, {sso}[ ] sso | p2 Billing: t4[ ] d, t5[ ] e, t6[x] refunds"
    ));
    assert!(m.is_clean(), "{:?}", lines(&m));
}

#[test]
fn a_renumbered_phase_keeps_its_identity() {
    let base = base();
    let upstream = edit(&base, vec![add("Docs", "x")]);
    let commit1 = edit(&base, vec![add("Ops", "y")]);
    let replayed1 = merge(&base, &upstream, &commit1).unwrap().plan;
    let plans = [&base, &upstream, &commit1];
    let ops = fresh(&replayed1, &plans, "Ops");
    let y = fresh(&replayed1, &plans, "y");
    assert_eq!(replayed1.phases[3].id, ops);
    let commit2 = edit(&commit1, vec![add("p3", "z")]);
    let m = merge(&commit1, &replayed1, &commit2).unwrap();
    // "z" (theirs' t7) follows its phase to ours' id for it, and keeps
    // its id, which ours does not use.
    m.reads(format!(
        "p1 Auth: t1[/] a, t2[ ] b, t3[ ] c | p2 Billing: t4[ ] d, t5[ ] e | p3 Docs: t6[ ] x | {ops} Ops: {y}[ ] y, t7[ ] z"
    ));
}

#[test]
fn a_new_id_on_one_side_survives_a_clear_on_the_other() {
    let base = base();
    let ours = edit(&base, vec![Op::Clear]);
    let mut theirs = base.clone();
    theirs.phases[0].tasks[0].id = "t90".into();
    let m = merge(&base, &ours, &theirs).unwrap();
    // t1 was removed on ours; t90 is new on theirs and kept.
    assert_eq!(summary(&m.plan), "p1 Auth: t90[/] a");
    assert_eq!(m.plan.rev, ours.rev + 1);
}

/// `plan` with one more task `id` ("text") at the end of its last phase, as
/// a hand edit (or another tool) might leave it.
fn with_task(plan: &Plan, id: &str, text: &str) -> Plan {
    let mut plan = plan.clone();
    if let Some(phase) = plan.phases.last_mut() {
        phase.tasks.push(Task {
            id: id.into(),
            content: text.into(),
            ..Task::default()
        });
    }
    plan
}

#[test]
fn both_sides_adding_the_largest_numbered_id_merges() {
    // Counters are gone: an id at u64::MAX is an id like any other, and
    // theirs' clashing task gets a fresh one instead of an overflow.
    let base = base();
    let top = format!("t{}", u64::MAX);
    let ours = with_task(&base, &top, "ours' new");
    let theirs = with_task(&base, &top, "theirs' new");
    let m = merge(&base, &ours, &theirs).unwrap();
    assert_eq!(task(&m.plan, &top).content, "ours' new");
    fresh(&m.plan, &[&base, &ours, &theirs], "theirs' new");
    check_file(&m);
    // The same task added on both sides needs no new id: it merges.
    let same = merge(&base, &ours, &ours).unwrap();
    assert_eq!(same.plan.task_count(), ours.task_count());
    assert!(same.plan.find_task(&top).is_some());
}

#[test]
fn a_rev_at_its_limit_is_an_error() {
    let base = base();
    let mut ours = edit(&base, vec![note("t1", "x")]);
    ours.rev = u64::MAX;
    assert_eq!(merge(&base, &ours, &base), Err(Overflow::Rev));
    ours.rev = u64::MAX - 1;
    assert_eq!(merge(&base, &ours, &base).unwrap().plan.rev, u64::MAX);
}

mod property {
    use super::*;
    use proptest::prelude::*;

    /// One edit a side makes; indexes are taken modulo what there is.
    #[derive(Clone, Debug)]
    enum SideEdit {
        Status(usize, u8),
        Rename(usize),
        Note(usize),
        Move(usize, usize),
        Remove(usize),
        Add(usize, bool),
        RenamePhase(usize),
        Field(usize),
    }

    fn edit_strategy() -> impl Strategy<Value = SideEdit> {
        let i = any::<usize>();
        prop_oneof![
            (i, 0u8..4).prop_map(|(i, s)| SideEdit::Status(i, s)),
            i.prop_map(SideEdit::Rename),
            i.prop_map(SideEdit::Note),
            (i, i).prop_map(|(a, b)| SideEdit::Move(a, b)),
            i.prop_map(SideEdit::Remove),
            (i, any::<bool>()).prop_map(|(a, b)| SideEdit::Add(a, b)),
            i.prop_map(SideEdit::RenamePhase),
            i.prop_map(SideEdit::Field),
        ]
    }

    /// A settled base plan: phases of tasks with any status.
    fn base_strategy() -> impl Strategy<Value = Plan> {
        let task = (0usize..5, any::<bool>());
        let phases = prop::collection::vec(prop::collection::vec(task, 0..5), 1..4);
        (phases, 0u64..20).prop_map(|(phases, rev)| {
            let mut plan = Plan {
                rev,
                ..Plan::default()
            };
            let mut n = 0;
            for (pi, tasks) in phases.into_iter().enumerate() {
                let mut phase = Phase {
                    id: format!("p{}", pi + 1),
                    name: format!("Phase {}", pi + 1),
                    ..Phase::default()
                };
                for (status, noted) in tasks {
                    n += 1;
                    let status = Status::ALL[status];
                    phase.tasks.push(Task {
                        id: format!("t{n}"),
                        content: format!("task {n}"),
                        status,
                        blocker: (status == Status::Blocked).then(|| "waiting".into()),
                        dropped_by: (status == Status::Abandoned).then(|| "user".into()),
                        notes: noted.then(|| format!("note {n}")).into_iter().collect(),
                        ..Task::default()
                    });
                }
                plan.phases.push(phase);
            }
            plan.settle();
            plan
        })
    }

    /// Apply `edits` to the base tasks and phases this side owns.
    fn apply(base: &Plan, edits: &[SideEdit], owns: &dyn Fn(&str) -> bool, side: &str) -> Plan {
        let mut plan = base.clone();
        for (k, e) in edits.iter().enumerate() {
            let mine: Vec<String> = plan
                .tasks()
                .map(|(_, _, t)| t.id.clone())
                .filter(|id| base.find_task(id).is_some() && owns(id))
                .collect();
            let phases: Vec<String> = plan.phases.iter().map(|p| p.id.clone()).collect();
            let pick = |i: usize| (!mine.is_empty()).then(|| mine[i % mine.len()].clone());
            let op = match e {
                SideEdit::Status(i, s) => pick(*i).map(|task| Op::SetStatus {
                    task,
                    status: [
                        Status::Completed,
                        Status::Abandoned,
                        Status::Blocked,
                        Status::Pending,
                    ][*s as usize],
                    blocker: (*s == 2).then(|| format!("{side} reason {k}")),
                }),
                SideEdit::Rename(i) => pick(*i).map(|task| Op::RenameTask {
                    content: format!("{side} renamed {task} {k}"),
                    task,
                }),
                SideEdit::Note(i) => pick(*i).map(|task| Op::Note {
                    task,
                    text: format!("{side} note {k}"),
                }),
                SideEdit::Move(i, p) => pick(*i).map(|task| Op::MoveTask {
                    task,
                    to: PhaseRef::Id(phases[p % phases.len()].clone()),
                }),
                SideEdit::Remove(i) => pick(*i).map(|task| Op::RemoveTask { task }),
                SideEdit::Add(p, new) => Some(Op::AddTask {
                    phase: if *new {
                        PhaseRef::New(format!("{side} phase {k}"))
                    } else {
                        PhaseRef::Id(phases[p % phases.len()].clone())
                    },
                    content: format!("{side} new {k}"),
                }),
                SideEdit::RenamePhase(p) => {
                    let id = &phases[p % phases.len()];
                    (base.find_phase(id).is_some() && owns(id)).then(|| Op::RenamePhase {
                        phase: id.clone(),
                        name: format!("{side} phase name {k}"),
                    })
                }
                SideEdit::Field(i) => {
                    if let Some(id) = pick(*i)
                        && let Some(pos) = plan.find_task(&id)
                    {
                        plan.phases[pos.phase].tasks[pos.task]
                            .extra
                            .insert(format!("{side}-field"), Value::from(k));
                    }
                    None
                }
            };
            if let Some(op) = op {
                // Refusals (blocking finished work) are edits not made.
                let _ = plan.apply(op);
            }
            plan.rev += 1;
        }
        plan
    }

    /// A phase as the other side can know it: base id, or a new phase's name.
    fn phase_key(base: &Plan, phase: &Phase) -> String {
        if base.find_phase(&phase.id).is_some() {
            phase.id.clone()
        } else {
            phase.name.clone()
        }
    }

    /// Every edit `side` made (relative to `base`) is in `merged`.
    fn assert_edits_kept(base: &Plan, side: &Plan, merged: &Plan) {
        for (_, _, b) in base.tasks() {
            if side.find_task(&b.id).is_none() && merged.find_task(&b.id).is_some() {
                // Removed here; the other side may not have removed it, but
                // it only owned other tasks, so it cannot have changed it.
                panic!("{} was removed but survived", b.id);
            }
        }
        for (_, s_phase, s) in side.tasks() {
            let found = if base.find_task(&s.id).is_some() {
                merged.task_by_id(&s.id)
            } else {
                merged
                    .tasks()
                    .find(|(_, _, t)| t.content == s.content)
                    .map(|(_, p, t)| (p, t))
            };
            let b = base.task_by_id(&s.id);
            let Some((m_phase, m)) = found else {
                // Only a task this side left alone may be gone (the
                // other side owned it and removed it).
                let untouched = b.is_some_and(|(bp, bt)| {
                    bt.content == s.content
                        && bt.notes == s.notes
                        && bt.extra == s.extra
                        && !Marks::of(s).is_hard_change_from(&Marks::of(bt))
                        && phase_key(base, bp) == phase_key(base, s_phase)
                });
                assert!(untouched, "{} ({}) is missing", s.id, s.content);
                continue;
            };
            // A new task is compared with a bare pending one.
            let bare = Task {
                content: s.content.clone(),
                ..Task::default()
            };
            let (b_phase, b_task) = match b {
                Some((bp, bt)) => (Some(bp), bt),
                None => (None, &bare),
            };
            if s.content != b_task.content {
                assert_eq!(m.content, s.content);
            }
            if s.notes != b_task.notes {
                assert_eq!(m.notes, s.notes, "{}", s.id);
            }
            if s.extra != b_task.extra {
                assert_eq!(m.extra, s.extra, "{}", s.id);
            }
            let (ms, ss) = (Marks::of(m), Marks::of(s));
            if ss.is_hard_change_from(&Marks::of(b_task)) {
                if ss.status.is_active() {
                    assert!(ms.status.is_active(), "{}: {ms:?} vs {ss:?}", s.id);
                } else {
                    assert_eq!(ms, ss, "{}", s.id);
                }
            }
            let moved = b_phase.is_none_or(|bp| phase_key(base, bp) != phase_key(base, s_phase));
            if moved {
                assert_eq!(
                    phase_key(base, m_phase),
                    phase_key(base, s_phase),
                    "{}",
                    s.id
                );
            }
        }
        for p in &side.phases {
            if let Some(bp) = base.phase_by_id(&p.id)
                && bp.name != p.name
            {
                assert_eq!(
                    merged.phase_by_id(&p.id).map(|m| m.name.as_str()),
                    Some(p.name.as_str())
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn independent_edits_all_survive_the_merge(
            base in base_strategy(),
            owner in prop::collection::vec(any::<bool>(), 32),
            ours_edits in prop::collection::vec(edit_strategy(), 0..8),
            theirs_edits in prop::collection::vec(edit_strategy(), 0..8),
        ) {
            let owned_by_ours = |id: &str| {
                let n = id_number(id, 't').or_else(|| id_number(id, 'p')).unwrap_or(0);
                owner[n as usize % owner.len()] ^ id.starts_with('p')
            };
            let ours = apply(&base, &ours_edits, &owned_by_ours, "o");
            let theirs = apply(&base, &theirs_edits, &|id| !owned_by_ours(id), "t");
            let m = merge(&base, &ours, &theirs).unwrap();
            prop_assert!(m.is_clean(), "{:?}", lines(&m));
            assert_edits_kept(&base, &ours, &m.plan);
            assert_edits_kept(&base, &theirs, &m.plan);

            // Ids unique, the file reads back, one task in progress.
            let text = json::render(&m.plan);
            let read = json::parse(&text).map(|p| Plan { rev: m.plan.rev, ..p });
            prop_assert_eq!(read.map_err(|e| e.to_string()), Ok(m.plan.clone()));
            let in_progress = m.plan.tasks().filter(|(_, _, t)| t.status == Status::InProgress).count();
            let pending = m.plan.tasks().any(|(_, _, t)| t.status == Status::Pending);
            prop_assert_eq!(in_progress, usize::from(pending || in_progress > 0));
            prop_assert!(in_progress <= 1);

            // Nothing else appeared or vanished.
            let new = |side: &Plan| side.tasks().filter(|(_, _, t)| base.find_task(&t.id).is_none()).count();
            let removed = |side: &Plan| base.tasks().filter(|(_, _, t)| side.find_task(&t.id).is_none()).count();
            prop_assert_eq!(
                m.plan.task_count(),
                base.task_count() + new(&ours) + new(&theirs) - removed(&ours) - removed(&theirs)
            );

            // rev, and no id twice.
            prop_assert_eq!(m.plan.rev, ours.rev.max(theirs.rev) + 1);
            let mut seen = std::collections::HashSet::new();
            for id in m.plan.ids() {
                prop_assert!(seen.insert(id.clone()), "{} twice", id);
            }
        }
    }
}

/// Each side left a different task in progress: the one started last
/// stays, and one the one-in-progress rule started (no `at`) gives way, as
/// applying the sides' commands in turn would leave it.
#[test]
fn the_task_started_last_stays_in_progress() {
    let mut base = build(&[("A", &["a", "b", "c"])]);
    let hour = |h: u8| Some(format!("2026-01-01T{h:02}:00:00Z"));
    let at = |plan: &mut Plan, content: &str, status: Status, when: Option<String>| {
        let task = plan
            .phases
            .iter_mut()
            .flat_map(|p| &mut p.tasks)
            .find(|t| t.content == content)
            .unwrap();
        task.status = status;
        task.at = when;
    };
    at(&mut base, "a", Status::InProgress, hour(9));
    at(&mut base, "b", Status::Pending, None);
    at(&mut base, "c", Status::Pending, None);
    // Ours finishes a, and the rule starts b on its own.
    let mut ours = base.clone();
    at(&mut ours, "a", Status::Completed, hour(10));
    at(&mut ours, "b", Status::InProgress, None);
    // Theirs starts c on purpose, later; a goes back to pending.
    let mut theirs = base.clone();
    at(&mut theirs, "a", Status::Pending, hour(9));
    at(&mut theirs, "c", Status::InProgress, hour(11));
    merge(&base, &ours, &theirs)
        .unwrap()
        .reads("p1 A: t1[x] a, t2[ ] b, t3[/] c");
    // Started by both on purpose: the later start wins, whichever side.
    let mut ours = base.clone();
    at(&mut ours, "a", Status::Pending, hour(9));
    at(&mut ours, "b", Status::InProgress, hour(12));
    merge(&base, &ours, &theirs)
        .unwrap()
        .reads("p1 A: t1[ ] a, t2[/] b, t3[ ] c");
}

/// A check given on one side and the task completed (with its proof) on
/// the other both survive; a check changed on both sides keeps theirs and
/// says so.
#[test]
fn a_check_and_its_proof_survive_the_merge() {
    let base = build(&[("A", &["a", "b"])]);
    let check = |command: &str, proof: bool| {
        Some(Box::new(crate::plan::TaskCheck {
            command: command.into(),
            timeout: None,
            proof: proof.then(|| crate::plan::Proof {
                command: command.into(),
                exit: Some(0),
                ms: 5,
                at: "2026-01-02T03:04:05Z".into(),
                commit: None,
            }),
        }))
    };
    let mut ours = base.clone();
    ours.phases[0].tasks[0].verify = check("cargo test a", false);
    let mut theirs = base.clone();
    theirs.phases[0].tasks[1].verify = check("make b", true);
    theirs.phases[0].tasks[1].status = Status::Completed;
    let merged = merge(&base, &ours, &theirs).unwrap();
    let tasks = &merged.plan.phases[0].tasks;
    assert_eq!(tasks[0].check_command(), Some("cargo test a"));
    assert_eq!(tasks[1].check_command(), Some("make b"));
    assert!(tasks[1].proof().is_some_and(crate::plan::Proof::passed));
    // Both sides change the same task's check: theirs, the side merged
    // in, with a conflict noted.
    let mut theirs = base.clone();
    theirs.phases[0].tasks[0].verify = check("cargo test other", false);
    let merged = merge(&base, &ours, &theirs).unwrap();
    assert_eq!(
        merged.plan.phases[0].tasks[0].check_command(),
        Some("cargo test other")
    );
    let said = lines(&merged);
    assert!(
        said.iter()
            .any(|l| l.contains("check changed on both sides")),
        "{said:?}"
    );
}
