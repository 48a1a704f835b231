//! Finding the task or phase a person meant (docs/contract.md, "Matching a query"). One order for every
//! verb: exact task content, exact phase name, id, task text at a word
//! start (preferring the one open task), phase name by prefix then at a
//! word start, and last typo tolerance — whose answer is only a guess that
//! a verb may act on only when a person says yes. A step that finds several
//! candidates it cannot tell apart stops the search as ambiguous.

mod alike;
mod typo;
mod words;

#[cfg(test)]
mod tests;

pub(crate) use alike::still_alike;
pub(crate) use typo::near_miss;
pub(crate) use words::{Needle, Word, at_word_start_of, words};

use crate::plan::{Phase, Plan, Status, ids};

/// What a verb lets a query name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Tasks,
    Phases,
    TasksAndPhases,
}

impl Scope {
    fn tasks(self) -> bool {
        self != Scope::Phases
    }
    fn phases(self) -> bool {
        self != Scope::Tasks
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    Task(String),
    Phase(String),
}

impl Target {
    pub(crate) fn id(&self) -> &str {
        match self {
            Target::Task(id) | Target::Phase(id) => id,
        }
    }
}

/// One thing a query might mean, for ambiguity lists, guesses and `--json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub target: Target,
    pub text: String,
    /// For a task: the name of its phase.
    pub phase: Option<String>,
    pub status: Option<Status>,
}

impl Candidate {
    pub(crate) fn id(&self) -> &str {
        self.target.id()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MatchError {
    /// Nothing matched; `suggestion` is something close, when there is one.
    NoMatch {
        suggestion: Option<Candidate>,
    },
    /// Only typo tolerance found it: a guess, to be confirmed by a person
    /// before anything changes (read-only uses may take it as it is).
    Guess(Candidate),
    Ambiguous {
        candidates: Vec<Candidate>,
    },
}

/// The items of a plan prepared for matching. Lower-cased text lives in one
/// shared buffer and ids are borrowed, so preparing 100,000 tasks costs a
/// handful of allocations, not hundreds of thousands.
struct Item<'a> {
    id: &'a str,
    text: &'a str,
    lower: &'a str,
    /// For a task (and only a task): its phase's name and its status.
    phase: Option<&'a str>,
    status: Option<Status>,
}

impl<'a> Item<'a> {
    fn phase(phase: &'a Phase, lower: &'a str) -> Item<'a> {
        Item {
            id: &phase.id,
            text: &phase.name,
            lower,
            phase: None,
            status: None,
        }
    }

    fn target(&self) -> Target {
        if self.status.is_some() {
            Target::Task(self.id.to_string())
        } else {
            Target::Phase(self.id.to_string())
        }
    }

    fn candidate(&self) -> Candidate {
        Candidate {
            target: self.target(),
            text: self.text.to_string(),
            phase: self.phase.map(str::to_string),
            status: self.status,
        }
    }
}

pub(crate) fn lower(s: &str) -> String {
    if s.is_ascii() {
        s.to_ascii_lowercase()
    } else {
        s.to_lowercase()
    }
}

fn push_lower(buf: &mut String, s: &str) -> std::ops::Range<usize> {
    let start = buf.len();
    if s.is_ascii() {
        buf.push_str(s);
        buf[start..].make_ascii_lowercase();
    } else {
        buf.push_str(&s.to_lowercase());
    }
    start..buf.len()
}

/// Resolve `query` (already whitespace-normalised) against the plan.
pub(crate) fn resolve(plan: &Plan, query: &str, scope: Scope) -> Result<Target, MatchError> {
    let q = lower(query);
    // Lower-case every text into one buffer first, then borrow from it.
    let mut buf = String::new();
    if scope.tasks() {
        buf.reserve(plan.tasks().map(|(_, _, t)| t.content.len()).sum());
    }
    let task_ranges: Vec<_> = (plan.tasks().filter(|_| scope.tasks()))
        .map(|(_, _, t)| push_lower(&mut buf, &t.content))
        .collect();
    let phase_ranges: Vec<_> = (plan.phases.iter().filter(|_| scope.phases()))
        .map(|p| push_lower(&mut buf, &p.name))
        .collect();
    let buf = buf.as_str();
    let tasks: Vec<Item> = plan
        .tasks()
        .zip(task_ranges)
        .map(|((_, phase, task), range)| Item {
            id: &task.id,
            text: &task.content,
            lower: &buf[range],
            phase: Some(&phase.name),
            status: Some(task.status),
        })
        .collect();
    let phases: Vec<Item> = (plan.phases.iter().zip(phase_ranges))
        .map(|(phase, range)| Item::phase(phase, &buf[range]))
        .collect();

    // 1 and 2: exact text, ignoring case (an exact-case match breaks a tie).
    let needle = Needle::new(&q);
    for (n, items) in [&tasks, &phases].into_iter().enumerate() {
        let exact: Vec<&Item> = items.iter().filter(|i| i.lower == q).collect();
        if exact.is_empty() {
            continue;
        }
        // A phase's exact name that also starts a word of a task's text in
        // another phase (`deploy`: phase "Deploy", task "Deploy to staging"
        // in Ops) could mean either: a phase-wide change is too big to
        // guess at. Its own tasks it acts on either way.
        let also: Vec<&Item> = match exact.as_slice() {
            [phase] if n == 1 => (tasks.iter())
                .filter(|i| i.phase != Some(phase.text))
                .filter(|i| at_word_start_of(i.text, i.lower, &needle))
                .collect(),
            _ => Vec::new(),
        };
        if let ([phase], [_, ..]) = (exact.as_slice(), also.as_slice()) {
            let both: Vec<&Item> = std::iter::once(*phase).chain(also).collect();
            return Err(ambiguous(&both));
        }
        return pick_exact(&exact, query);
    }

    // 3: ids. An id-shaped query that names nothing stops here.
    if let Some(item) = tasks
        .iter()
        .chain(&phases)
        .find(|i| i.id.eq_ignore_ascii_case(query))
    {
        return Ok(item.target());
    }
    if let Some(target) = id_query(query) {
        let wanted = match &target {
            Target::Task(_) => &tasks,
            Target::Phase(_) => &phases,
        };
        return match wanted.iter().find(|i| i.id == target.id()) {
            Some(item) => Ok(item.target()),
            None => Err(MatchError::NoMatch { suggestion: None }),
        };
    }

    // 4: task text with the query at a word start; prefer the one task a
    // person is about to work on (pending or in progress).
    let hits: Vec<&Item> = tasks
        .iter()
        .filter(|i| at_word_start_of(i.text, i.lower, &needle))
        .collect();
    let active: Vec<&Item> = (hits.iter().copied())
        .filter(|i| i.status.is_some_and(Status::is_active))
        .collect();
    if let Some(found) = one_of(if active.is_empty() { &hits } else { &active }) {
        return found;
    }

    // 5: phase names starting with the query, then with it at a word start.
    let starts: Vec<&Item> = phases.iter().filter(|i| i.lower.starts_with(&q)).collect();
    let hits = if starts.is_empty() {
        phases
            .iter()
            .filter(|i| at_word_start_of(i.text, i.lower, &needle))
            .collect()
    } else {
        starts
    };
    if let Some(found) = one_of(&hits) {
        return found;
    }

    // 6: typo tolerance, a guess at best.
    let items: Vec<&Item> = tasks.iter().chain(phases.iter()).collect();
    match typo::typo(&q, items.iter().map(|i| i.lower)) {
        typo::Typo::One(i) => Err(MatchError::Guess(items[i].candidate())),
        typo::Typo::Several(found) => {
            let close: Vec<&Item> = found.into_iter().map(|i| items[i]).collect();
            Err(ambiguous(&close))
        }
        typo::Typo::Nothing { hint } => Err(MatchError::NoMatch {
            suggestion: hint.map(|i| items[i].candidate()),
        }),
    }
}

/// A phase named exactly `name` (ignoring case; an exact-case match breaks
/// a tie) or, failing that, the phase with id `name`. For `-p/--phase`,
/// which names a phase and is never a query (docs/contract.md, "Matching a query"). `Ok(None)`: no such
/// phase.
pub(crate) fn phase_by_name(plan: &Plan, name: &str) -> Result<Option<String>, MatchError> {
    let q = lower(name);
    let same: Vec<Item> = (plan.phases.iter().filter(|p| lower(&p.name) == q))
        .map(|p| Item::phase(p, &q))
        .collect();
    if !same.is_empty() {
        let refs: Vec<&Item> = same.iter().collect();
        return pick_exact(&refs, name).map(|t| Some(t.id().to_string()));
    }
    Ok(plan
        .phases
        .iter()
        .find(|p| p.id.eq_ignore_ascii_case(name))
        .map(|p| p.id.clone()))
}

fn pick_exact(exact: &[&Item], query: &str) -> Result<Target, MatchError> {
    let same_case: Vec<&Item> = exact.iter().copied().filter(|i| i.text == query).collect();
    match (exact, same_case.as_slice()) {
        ([one], _) | (_, [one]) => Ok(one.target()),
        _ => Err(ambiguous(exact)),
    }
}

/// What a step found: nothing (the next step is tried), the one item, or
/// several it cannot tell apart, which ends the search.
fn one_of(hits: &[&Item]) -> Option<Result<Target, MatchError>> {
    match hits {
        [] => None,
        [one] => Some(Ok(one.target())),
        _ => Some(Err(ambiguous(hits))),
    }
}

fn ambiguous(items: &[&Item]) -> MatchError {
    MatchError::Ambiguous {
        candidates: items.iter().map(|i| i.candidate()).collect(),
    }
}

/// `t7`, `p2`, `t4kq9x` (a letter, a digit, letters and digits: see
/// `crate::plan::ids`), or a bare number meaning a task id. Shape is what
/// counts: a number too large for any id still names nothing.
fn id_query(query: &str) -> Option<Target> {
    let q = query.to_ascii_lowercase();
    if ids::is_shaped(&q, 't') {
        return Some(Target::Task(q));
    }
    if ids::is_shaped(&q, 'p') {
        return Some(Target::Phase(q));
    }
    if q.is_empty() || !q.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Without its leading zeros, when it has a value.
    let n = q.parse::<u64>().map_or(q, |n| n.to_string());
    Some(Target::Task(format!("t{n}")))
}
