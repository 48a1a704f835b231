//! Dependencies and claims: which tasks a task needs, which are ready to
//! take, who holds which, and the cycle a new need would close.
//!
//! A need is met when the task needed is completed, or no longer in the
//! plan (removed, or lost in a merge): a dependency never keeps a task
//! waiting for something that is not there. An abandoned need is not met:
//! the task waits until the need is removed (`todo needs --remove`).

use rustc_hash::FxHashMap;

use super::{Phase, Plan, Status, Task, TaskPos};

/// Each task's status by id.
pub(crate) type Statuses<'a> = FxHashMap<&'a str, Status>;

impl Plan {
    pub(crate) fn statuses(&self) -> Statuses<'_> {
        let mut map = FxHashMap::with_capacity_and_hasher(self.task_count(), Default::default());
        for (_, _, t) in self.tasks() {
            map.entry(t.id.as_str()).or_insert(t.status);
        }
        map
    }

    /// Whether the plan has any dependency at all (most have none: then
    /// nothing needs a lookup).
    pub fn has_needs(&self) -> bool {
        self.tasks().any(|(_, _, t)| !t.needs.is_empty())
    }

    /// The tasks `task` needs that are not met yet, in the order given.
    pub fn open_needs<'a>(&'a self, task: &'a Task) -> Vec<&'a str> {
        if task.needs.is_empty() {
            return Vec::new();
        }
        unmet(&self.statuses(), task).collect()
    }

    /// Tasks ready to take: open and active (pending or in progress),
    /// unclaimed, every need met; in plan order.
    pub fn ready(&self) -> Vec<(&Phase, &Task)> {
        let statuses = self.has_needs().then(|| self.statuses());
        self.tasks()
            .filter(|(_, _, t)| {
                t.status.is_active() && t.owner.is_none() && met(statuses.as_ref(), t)
            })
            .map(|(_, p, t)| (p, t))
            .collect()
    }

    /// The open tasks that need `id`, in plan order.
    pub fn needed_by(&self, id: &str) -> Vec<&Task> {
        self.tasks()
            .map(|(_, _, t)| t)
            .filter(|t| t.status.is_open() && t.needs.iter().any(|n| n == id))
            .collect()
    }

    /// The cycle that `task` needing each of `adding` would close, as the
    /// ids along it (`[task, …, task]`), if any.
    pub(crate) fn cycle_with(&self, task: &str, adding: &[String]) -> Option<Vec<String>> {
        if let Some(n) = adding.iter().find(|n| *n == task) {
            return Some(vec![task.to_string(), n.clone()]);
        }
        let graph = graph(&self.phases);
        for start in adding {
            // Does `start` (transitively) need `task`? Search, keeping
            // the way back to `start` from every task seen.
            let mut from: FxHashMap<&str, &str> = FxHashMap::default();
            let mut stack = vec![start.as_str()];
            while let Some(at) = stack.pop() {
                for next in graph.get(at).map(|v| v.iter()).into_iter().flatten() {
                    let next = next.as_str();
                    if next == task {
                        let back: Vec<&str> =
                            std::iter::successors(Some(at), |n| from.get(n).copied()).collect();
                        let way = back.into_iter().rev();
                        let path = std::iter::once(task).chain(way).chain([task]);
                        return Some(path.map(str::to_string).collect());
                    }
                    if next != start && !from.contains_key(next) {
                        from.insert(next, at);
                        stack.push(next);
                    }
                }
            }
        }
        None
    }
}

/// A cycle among the needs of the tasks of `phases`, as the ids along it
/// (`[a, b, …, a]`), if there is one (a file or an edit may bring one).
pub(crate) fn any_cycle(phases: &[Phase]) -> Option<Vec<String>> {
    let graph = graph(phases);
    // 1: on the current path; 2: done.
    let mut mark: FxHashMap<&str, u8> = FxHashMap::default();
    let mut roots: Vec<&str> = graph.keys().copied().collect();
    roots.sort_unstable();
    for root in roots {
        if mark.contains_key(root) {
            continue;
        }
        // (node, index of the next need to follow)
        let mut path: Vec<(&str, usize)> = vec![(root, 0)];
        mark.insert(root, 1);
        while let Some((node, i)) = path.last_mut() {
            let needs = graph.get(*node).map(|v| v.as_slice()).unwrap_or_default();
            let Some(next) = needs.get(*i) else {
                mark.insert(node, 2);
                path.pop();
                continue;
            };
            *i += 1;
            let next = next.as_str();
            match mark.get(next) {
                Some(1) => {
                    let from = path.iter().position(|(n, _)| *n == next).unwrap_or(0);
                    let cycle = path[from..].iter().map(|(n, _)| *n).chain([next]);
                    return Some(cycle.map(str::to_string).collect());
                }
                Some(_) => {}
                None => {
                    mark.insert(next, 1);
                    path.push((next, 0));
                }
            }
        }
    }
    None
}

/// Each task's needs, by id (tasks with none left out).
fn graph(phases: &[Phase]) -> FxHashMap<&str, &Vec<String>> {
    phases
        .iter()
        .flat_map(|p| &p.tasks)
        .filter(|t| !t.needs.is_empty())
        .map(|t| (t.id.as_str(), &t.needs))
        .collect()
}

impl Plan {
    /// The first pending, unclaimed task whose needs are all met: the one
    /// the one-in-progress rule starts.
    pub(crate) fn first_startable(&self) -> Option<TaskPos> {
        // Each status is looked up only once a pending task has needs.
        let mut statuses: Option<Statuses<'_>> = None;
        let mut met = |t: &Task| met(Some(statuses.get_or_insert_with(|| self.statuses())), t);
        self.tasks()
            .find(|(_, _, t)| t.status == Status::Pending && t.owner.is_none() && met(t))
            .map(|(pos, _, _)| pos)
    }
}

pub(crate) fn unmet<'t>(statuses: &Statuses<'_>, task: &'t Task) -> impl Iterator<Item = &'t str> {
    task.needs
        .iter()
        .map(String::as_str)
        .filter(|n| statuses.get(n).is_some_and(|s| *s != Status::Completed))
}

/// Whether every need of `task` is met (`statuses`: `None` when no task
/// of the plan has needs).
pub(crate) fn met(statuses: Option<&Statuses<'_>>, task: &Task) -> bool {
    task.needs.is_empty() || statuses.is_none_or(|s| unmet(s, task).next().is_none())
}

/// A cycle as a person reads it: `t1 → t3 → t1`.
pub(crate) fn cycle_text(cycle: &[String]) -> String {
    cycle.join(" → ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tasks `t1`, `t2`… of one phase, each needing the ids given.
    fn plan(needs: &[(&str, &[&str])]) -> Plan {
        let contents: Vec<&str> = needs.iter().map(|(id, _)| *id).collect();
        let mut plan = crate::plan::ops::tests::plan(&[("A", &contents)]);
        for (t, (_, n)) in plan.phases[0].tasks.iter_mut().zip(needs) {
            t.needs = n.iter().map(|s| s.to_string()).collect();
        }
        plan
    }

    #[test]
    fn a_need_that_would_close_a_loop_names_the_loop() {
        let p = plan(&[("t1", &["t2"]), ("t2", &["t3"]), ("t3", &[]), ("t4", &[])]);
        let text = |cycle: Option<Vec<String>>| cycle.map(|c| cycle_text(&c));
        let cycle_with = |task, adding: &str| text(p.cycle_with(task, &[adding.into()]));
        assert_eq!(cycle_with("t3", "t1").as_deref(), Some("t3 → t1 → t2 → t3"));
        assert_eq!(cycle_with("t3", "t3").as_deref(), Some("t3 → t3"));
        assert_eq!(cycle_with("t3", "t4"), None);
        assert_eq!(cycle_with("t1", "t3"), None);
        assert_eq!(any_cycle(&p.phases), None);
        let looped = plan(&[("t1", &["t2"]), ("t2", &["t1"])]);
        let looped = text(any_cycle(&looped.phases));
        assert_eq!(looped.as_deref(), Some("t1 → t2 → t1"));
    }

    #[test]
    fn ready_skips_claimed_tasks_and_tasks_with_open_needs() {
        let mut p = plan(&[("t1", &[]), ("t2", &["t1"]), ("t3", &[]), ("t4", &["t9"])]);
        p.phases[0].tasks[2].owner = Some("ann".into());
        let ids =
            |p: &Plan| -> Vec<String> { p.ready().iter().map(|(_, t)| t.id.clone()).collect() };
        // t4 needs a task that is not there: met.
        assert_eq!(ids(&p), ["t1", "t4"]);
        p.phases[0].tasks[0].status = Status::Completed;
        assert_eq!(ids(&p), ["t2", "t4"]);
        p.phases[0].tasks[0].status = Status::Abandoned;
        assert_eq!(ids(&p), ["t4"]);
        assert_eq!(p.needed_by("t1").len(), 1);
    }
}
