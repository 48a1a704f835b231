//! Keeping ids through imports and edits: tasks read back from Markdown or
//! JSON take the ids of the tasks they can be matched to in the current plan
//! — by phase name and content, occurrence by occurrence, then by content
//! alone (a task moved to another phase or under a renamed heading), then
//! by place (a task whose text was edited where it stands, if the old and
//! new text are still alike) — and keep those tasks' unknown fields.
//! Everything else gets a fresh id.

use std::collections::HashMap;

use super::{Phase, Plan, Task};
use crate::matching::{self, Word};
use rustc_hash::FxBuildHasher;

const NONE: u32 = u32::MAX;

/// Old tasks grouped by a key, in plan order, as linked lists through
/// `next` (a map of queues cost as much memory as the plan on 100,000
/// tasks). Claiming takes the first occurrence not yet taken.
struct Queues<K> {
    first: HashMap<K, (u32, u32), FxBuildHasher>,
    next: Vec<u32>,
}

impl<K: std::hash::Hash + Eq> Queues<K> {
    fn new(n: usize) -> Queues<K> {
        Queues {
            first: HashMap::with_capacity_and_hasher(n, FxBuildHasher),
            next: vec![NONE; n],
        }
    }

    fn push(&mut self, key: K, i: u32) {
        match self.first.get_mut(&key) {
            Some((_, last)) => {
                self.next[*last as usize] = i;
                *last = i;
            }
            None => {
                self.first.insert(key, (i, i));
            }
        }
    }

    fn claim(&mut self, key: &K, taken: &[bool]) -> Option<u32> {
        let (head, _) = self.first.get_mut(key)?;
        while *head != NONE {
            let i = *head;
            *head = self.next[i as usize];
            if !taken[i as usize] {
                return Some(i);
            }
        }
        None
    }
}

impl Plan {
    /// Give `phases` (ids empty or foreign) ids from this plan where they can
    /// be matched, and fresh ones otherwise. With `keep_notes`, a matched
    /// task that arrives with no notes keeps its old ones (for formats that
    /// cannot carry notes).
    pub fn adopt(&mut self, mut phases: Vec<Phase>, keep_notes: bool) -> Vec<Phase> {
        let old: Vec<(&str, &Task)> = self
            .phases
            .iter()
            .flat_map(|p| p.tasks.iter().map(move |t| (p.name.as_str(), t)))
            .collect();
        let mut by_both = Queues::new(old.len());
        let mut by_content = Queues::new(old.len());
        for (i, (phase, task)) in old.iter().enumerate() {
            by_both.push((*phase, task.content.as_str()), i as u32);
            by_content.push(task.content.as_str(), i as u32);
        }
        let mut old_taken = vec![false; old.len()];

        // For each new task (in one flat list), the old task it takes: first
        // by phase and content, then by content alone.
        let mut taken = Vec::with_capacity(phases.iter().map(|p| p.tasks.len()).sum());
        for phase in &phases {
            for task in &phase.tasks {
                let i = by_both.claim(&(phase.name.as_str(), task.content.as_str()), &old_taken);
                if let Some(i) = i {
                    old_taken[i as usize] = true;
                }
                taken.push(i.unwrap_or(NONE));
            }
        }
        let mut flat = 0;
        for phase in &phases {
            for task in &phase.tasks {
                if taken[flat] == NONE
                    && let Some(i) = by_content.claim(&task.content.as_str(), &old_taken)
                {
                    old_taken[i as usize] = true;
                    taken[flat] = i;
                }
                flat += 1;
            }
        }

        // Third: a task edited in place — same phase, same place among the
        // phase's tasks, still alike — keeps its id.
        let mut first_of_phase: HashMap<&str, (usize, usize), FxBuildHasher> = HashMap::default();
        let mut start = 0;
        for phase in &self.phases {
            first_of_phase
                .entry(phase.name.as_str())
                .or_insert((start, phase.tasks.len()));
            start += phase.tasks.len();
        }
        let mut flat = 0;
        for phase in &phases {
            let old_span = first_of_phase.get(phase.name.as_str()).copied();
            for (k, task) in phase.tasks.iter().enumerate() {
                if taken[flat] == NONE
                    && let Some((at, len)) = old_span
                    && k < len
                    && !old_taken[at + k]
                    && still_alike(&old[at + k].1.content, &task.content)
                {
                    old_taken[at + k] = true;
                    taken[flat] = (at + k) as u32;
                }
                flat += 1;
            }
        }

        let mut old_phases: HashMap<&str, Vec<&Phase>, FxBuildHasher> = HashMap::default();
        for phase in self.phases.iter().rev() {
            old_phases
                .entry(phase.name.as_str())
                .or_default()
                .push(phase);
        }
        // Fresh ids avoid every id of the plan and every id handed out here.
        let mut used: std::collections::HashSet<String, FxBuildHasher> = self
            .phases
            .iter()
            .map(|p| p.id.clone())
            .chain(self.tasks().map(|(_, _, t)| t.id.clone()))
            .chain(self.objectives.iter().map(|o| o.id.clone()))
            .chain(self.findings.iter().map(|f| f.id.clone()))
            .collect();
        let rev = self.rev;
        let fresh = |kind: char, used: &mut std::collections::HashSet<String, FxBuildHasher>| {
            let id = super::ids::mint(kind, rev, |id| used.contains(id));
            used.insert(id.clone());
            id
        };
        let mut flat = 0;
        for phase in &mut phases {
            match old_phases.get_mut(phase.name.as_str()).and_then(Vec::pop) {
                Some(old_phase) => {
                    phase.id = old_phase.id.clone();
                    if phase.extra.is_empty() {
                        phase.extra = old_phase.extra.clone();
                    }
                }
                None => phase.id = fresh('p', &mut used),
            }
            for task in &mut phase.tasks {
                match old.get(taken[flat] as usize) {
                    Some((_, old_task)) => {
                        task.id = old_task.id.clone();
                        if task.extra.is_empty() {
                            task.extra = old_task.extra.clone();
                        }
                        if keep_notes && task.notes.is_empty() {
                            task.notes = old_task.notes.clone();
                        }
                    }
                    None => task.id = fresh('t', &mut used),
                }
                flat += 1;
            }
        }
        phases
    }
}

/// Is `new` the same task as `old`, reworded? Most of the words of one
/// are still in the other, ignoring case, spelled the same or as a near
/// miss (the typo rule of matching), so "Wire oauth" → "Wire OAuth
/// providers" and "Rotate keys" → "Rotate the signing keys" are edits,
/// while "Add login rate limiting" → "Write the changelog" is another
/// task. Words of one or two letters count only when there is nothing else.
/// A word turned into its opposite ("Install" → "Uninstall", "Lock" →
/// "Unlock") makes another task, however much else stayed.
pub(super) fn still_alike(old: &str, new: &str) -> bool {
    let (old, new) = (matching::lower(old), matching::lower(new));
    let (old, new) = (significant(&old), significant(&new));
    let kept = |from: &[Word], into: &[Word]| {
        from.iter()
            .filter(|w| into.iter().any(|v| matching::near_miss(w, v).is_some()))
            .count()
    };
    let alike = kept(&old, &new) * 2 > old.len() || kept(&new, &old) * 2 > new.len();
    alike && !negated(&old, &new) && !negated(&new, &old)
}

/// Does some word of `to` negate a word of `from` (`un` + `lock`)?
fn negated(from: &[Word], to: &[Word]) -> bool {
    const NEGATIONS: [&str; 5] = ["un", "dis", "in", "non", "de"];
    to.iter().any(|t| {
        NEGATIONS.iter().any(|n| {
            t.text
                .strip_prefix(n)
                .is_some_and(|rest| from.iter().any(|f| f.text == rest))
        })
    })
}

fn significant(text: &str) -> Vec<Word<'_>> {
    let all = matching::words(text);
    let long: Vec<Word> = all.iter().copied().filter(|w| w.chars > 2).collect();
    if long.is_empty() { all } else { long }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Status;

    fn phase(name: &str, tasks: &[&str]) -> Phase {
        Phase {
            name: name.into(),
            tasks: tasks
                .iter()
                .map(|c| Task {
                    content: (*c).into(),
                    status: Status::Pending,
                    ..Task::default()
                })
                .collect(),
            ..Phase::default()
        }
    }

    fn ids(phases: &[Phase]) -> Vec<String> {
        phases
            .iter()
            .flat_map(|p| std::iter::once(p.id.clone()).chain(p.tasks.iter().map(|t| t.id.clone())))
            .collect()
    }

    /// The ids of `phases`, each spelled by the name its place in `known`
    /// has in `names` (the ids the first adoption minted, named as counters
    /// once numbered them: `p1`, `t1`…); any other id is `new`, after
    /// checking that it is shaped as an id and appears only once.
    fn named(phases: &[Phase], known: &[String], names: &[&str]) -> Vec<String> {
        let got = ids(phases);
        let mut seen = std::collections::HashSet::new();
        got.iter()
            .map(|id| {
                assert!(seen.insert(id.clone()), "{id} twice in {got:?}");
                match known.iter().position(|k| k == id) {
                    Some(i) => names[i].to_string(),
                    None => {
                        let kind = id.chars().next().unwrap();
                        assert!(
                            "pt".contains(kind) && super::super::ids::is_shaped(id, kind),
                            "{id}"
                        );
                        "new".to_string()
                    }
                }
            })
            .collect()
    }

    #[test]
    fn ids_follow_phase_and_content_occurrence_by_occurrence() {
        let mut plan = Plan::default();
        let first = plan.adopt(
            vec![phase("A", &["x", "y", "x"]), phase("B", &["x"])],
            false,
        );
        assert_eq!(named(&first, &[], &[]), ["new"; 6]);
        let known = ids(&first);
        let names = ["p1", "t1", "t2", "t3", "p2", "t4"];
        plan.phases = first;
        // Reordered, one edited, one new, a duplicate content in another phase.
        let again = plan.adopt(
            vec![phase("B", &["x"]), phase("A", &["x", "y edited", "x", "z"])],
            false,
        );
        assert_eq!(
            named(&again, &known, &names),
            ["p2", "t4", "p1", "t1", "new", "t3", "new"]
        );
    }

    #[test]
    fn a_task_edited_in_place_keeps_its_id_unless_it_became_another() {
        let mut plan = Plan::default();
        plan.phases = plan.adopt(
            vec![phase("A", &["rotate keys", "ship it", "old idea"])],
            false,
        );
        let known = ids(&plan.phases);
        let again = plan.adopt(
            vec![phase(
                "A",
                &["rotate signing keys", "ship it", "something unrelated"],
            )],
            false,
        );
        assert_eq!(
            named(&again, &known, &["p1", "t1", "t2", "t3"]),
            ["p1", "t1", "t2", "new"]
        );
    }

    /// Real edits: the same task reworded, and another task written in
    /// its place.
    #[test]
    fn still_alike_on_a_table_of_real_renames() {
        let same = [
            ("Wire oauth", "Wire OAuth providers"),
            ("Rotate keys", "Rotate the signing keys"),
            ("Fix login bug", "Fix login bug on Safari"),
            ("Write README", "Write the README intro"),
            ("Add rate limiting", "Add login rate limiting"),
            ("Invoice export", "Invoice CSV export"),
            ("Migrate users table", "Migrate the users table to Postgres"),
            ("Upgrade deps", "Upgrade all deps"),
            ("Document the API", "Document the public API"),
            ("Set up CI", "Set up CI on GitHub Actions"),
            ("Fix typo in docs", "Fix typos in docs"),
            ("Cache session lookups", "Cache session lookups in Redis"),
            ("Dark mode toggle", "Dark-mode toggle in settings"),
            ("Reivew PR", "Review PR"),
            (
                "Rotate signing keys",
                "Rotate signing keys (vendor sandbox)",
            ),
            ("Bump React to 19", "Bump React to 19.1"),
            ("Wire Stripe webhooks and refunds", "Wire refunds"),
            ("Refactor", "Refactor the auth module"),
            ("Increase timeout", "Increase timeout to 30s"),
            ("Add pagination to the API", "Add paginaton to API"),
        ];
        let different = [
            ("Add login rate limiting", "Write the changelog"),
            ("Rotate keys", "Ship it"),
            ("Old idea", "Something unrelated"),
            ("Fix login bug", "Add signup page"),
            ("Write README", "Deploy staging"),
            ("Wire Stripe webhooks", "Invoice PDF export"),
            ("Deploy to staging", "Deploy to prod"),
            ("Add login rate limiting", "Add tests"),
            ("Refactor", "Rewrite"),
            ("Install the agent", "Uninstall the agent"),
            ("Lock the vault", "Unlock the vault door"),
            ("Enable caching", "Disable caching"),
            ("Import users", "Export users"),
            ("Do it", "Undo it"),
            ("Activate accounts", "Deactivate accounts"),
            ("Connect the clients", "Disconnect the clients"),
        ];
        let mut wrong = Vec::new();
        for (old, new) in same {
            if !still_alike(old, new) {
                wrong.push(format!("same task, not alike: {old:?} -> {new:?}"));
            }
        }
        for (old, new) in different {
            if still_alike(old, new) {
                wrong.push(format!("another task, alike: {old:?} -> {new:?}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn moved_tasks_and_renamed_phases_keep_task_ids() {
        let mut plan = Plan::default();
        plan.phases = plan.adopt(vec![phase("A", &["x", "y"])], false);
        let known = ids(&plan.phases);
        let again = plan.adopt(vec![phase("Renamed", &["y", "x"])], false);
        assert_eq!(
            named(&again, &known, &["p1", "t1", "t2"]),
            ["new", "t2", "t1"]
        );
    }
}
