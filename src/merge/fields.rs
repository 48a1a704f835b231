//! Three-way merge of the fields of one task or phase: one value, status
//! with its blocker and drop mark, notes and needs.

use super::HashSet;
use crate::plan::tx::Marks;
use crate::plan::{Status, Task};

/// A task's status fields travel together in a merge: who set the status,
/// and when, with it (docs/contract.md, "A plan a person and an agent share").
impl Marks {
    /// A move the one-task-in-progress rule could have made on its own: a
    /// task started on purpose (`todo start` stamps its time; the rule
    /// does not) is a hard change, like any other verb's.
    pub(super) fn is_soft_change_from(&self, base: &Marks) -> bool {
        let started = self.status == Status::InProgress && self.at.is_some() && self.at != base.at;
        self != base
            && !started
            && self.status.is_active()
            && base.status.is_active()
            && self.blocker == base.blocker
            && self.dropped_by == base.dropped_by
    }

    pub(super) fn is_hard_change_from(&self, base: &Marks) -> bool {
        self != base && !self.is_soft_change_from(base)
    }
}

/// Merge task states: the merged state, and the conflict text if the two
/// sides' changes clashed.
pub(super) fn merge_state(b: &Marks, o: &Marks, t: &Marks) -> (Marks, Option<String>) {
    let (merged, clash) = merge3(b, o, t);
    if !clash {
        return (merged.clone(), None);
    }
    // A hard change beats a soft one.
    let (o_hard, t_hard) = (o.is_hard_change_from(b), t.is_hard_change_from(b));
    if o_hard != t_hard {
        return ((if t_hard { t } else { o }).clone(), None);
    }
    if o.status.is_active() && t.status.is_active() {
        // Both left it to be worked on; which one is in progress is for
        // settle() to decide.
        let pick = if t.status == Status::InProgress && o.status != Status::InProgress {
            t
        } else {
            o
        };
        return (pick.clone(), None);
    }
    if o.status == t.status && o.blocker == t.blocker && o.dropped_by == t.dropped_by {
        // Only who set it, or when, differs: theirs, set last, with no conflict.
        return (t.clone(), None);
    }
    let quoted = |s: &Option<String>| s.as_ref().map_or("none".into(), |s| format!("\"{s}\""));
    let msg = if o.status == t.status && o.blocker != t.blocker {
        let (theirs, ours) = (quoted(&t.blocker), quoted(&o.blocker));
        format!(
            "blocked on both sides for different reasons; kept theirs ({theirs}), ours said {ours}"
        )
    } else if o.status == t.status {
        let (theirs, ours) = (quoted(&t.dropped_by), quoted(&o.dropped_by));
        let status = t.status;
        format!(
            "{status} on both sides with different drop marks; kept theirs ({theirs}), ours had {ours}"
        )
    } else {
        let (ours, theirs) = (o.status, t.status);
        format!(
            "status changed on both sides: {ours} on ours, {theirs} on theirs; kept {theirs} (theirs, merged in last)"
        )
    };
    (t.clone(), Some(msg))
}

/// Three-way merge of one value; `true` when both sides changed it differently
/// (theirs is returned then: the side merged in is applied last).
pub(super) fn merge3<T: PartialEq>(b: T, o: T, t: T) -> (T, bool) {
    if t == b || o == t {
        (o, false)
    } else if o == b {
        (t, false)
    } else {
        (t, true)
    }
}

/// Notes, as the merge rules (`super`) say.
pub(super) fn merge_notes(b: &[String], o: &[String], t: &[String]) -> Vec<String> {
    let in_base: HashSet<&String> = b.iter().collect();
    let in_theirs: HashSet<&String> = t.iter().collect();
    let mut out: Vec<String> = o
        .iter()
        .filter(|n| !in_base.contains(n) || in_theirs.contains(n))
        .cloned()
        .collect();
    let mut present: HashSet<String> = out.iter().cloned().collect();
    for n in t {
        if !in_base.contains(n) && present.insert(n.clone()) {
            out.push(n.clone());
        }
    }
    out
}

/// What changed from `base` to a side, in words, for removal conflicts.
pub(super) fn edits(b: &Task, b_phase: &str, s: &Task, s_phase: &str) -> Vec<&'static str> {
    let hard = Marks::of(s).is_hard_change_from(&Marks::of(b));
    [
        (s.content != b.content, "text"),
        (hard, "status"),
        (s.notes != b.notes, "notes"),
        (s.extra != b.extra, "fields"),
        (s_phase != b_phase, "phase"),
    ]
    .into_iter()
    .filter_map(|(changed, what)| changed.then_some(what))
    .collect()
}

/// A task's needs, merged as a set: a need either side added is kept, a
/// need either side removed is gone; ours' order first, then theirs' new.
pub(super) fn merge_needs(base: &[String], ours: &[String], theirs: &[String]) -> Vec<String> {
    let keep = |n: &String| {
        let (b, o, t) = (base.contains(n), ours.contains(n), theirs.contains(n));
        (o && t) || (!b && (o || t))
    };
    let mut out: Vec<String> = Vec::new();
    for n in ours.iter().chain(theirs) {
        if keep(n) && !out.contains(n) {
            out.push(n.clone());
        }
    }
    out
}

#[cfg(test)]
mod needs_tests {
    use super::merge_needs;

    fn v(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn needs_merge_as_a_set_keeping_each_sides_additions_and_removals() {
        let merged = merge_needs(
            &v(&["t1", "t2"]),
            &v(&["t1", "t3"]),
            &v(&["t2", "t1", "t4"]),
        );
        // Ours removed t2; theirs kept it: gone. Ours added t3, theirs t4.
        assert_eq!(merged, v(&["t1", "t3", "t4"]));
        assert_eq!(merge_needs(&v(&[]), &v(&["t5"]), &v(&["t5"])), v(&["t5"]));
        assert_eq!(merge_needs(&v(&["t5"]), &v(&[]), &v(&["t5"])), v(&[]));
    }
}
