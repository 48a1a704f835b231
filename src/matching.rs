//! Finding the task or phase a person meant. One order for every verb (SPEC §5):
//! exact content, exact phase name, id, substring (preferring active tasks),
//! phase prefix/substring, then typo tolerance. A step that finds several
//! candidates it cannot tell apart stops the search as ambiguous.

use crate::plan::{Plan, Status, id_number};

/// What a verb lets a query name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
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
pub enum Target {
    Task(String),
    Phase(String),
}

/// One thing a query might mean, for ambiguity lists and `--json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub target: Target,
    pub text: String,
    /// For a task: the name of its phase.
    pub phase: Option<String>,
    pub status: Option<Status>,
}

impl Candidate {
    pub fn id(&self) -> &str {
        match &self.target {
            Target::Task(id) | Target::Phase(id) => id,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// Nothing matched; `suggestion` is the closest text when something is close.
    NoMatch {
        suggestion: Option<String>,
    },
    Ambiguous {
        candidates: Vec<Candidate>,
    },
}

/// The items of a plan prepared for matching (lower-cased once).
struct Item<'a> {
    target: Target,
    text: &'a str,
    lower: String,
    phase: Option<&'a str>,
    status: Option<Status>,
}

impl Item<'_> {
    fn candidate(&self) -> Candidate {
        Candidate {
            target: self.target.clone(),
            text: self.text.to_string(),
            phase: self.phase.map(str::to_string),
            status: self.status,
        }
    }
}

fn lower(s: &str) -> String {
    if s.is_ascii() {
        s.to_ascii_lowercase()
    } else {
        s.to_lowercase()
    }
}

/// Resolve `query` (already whitespace-normalised) against the plan.
pub fn resolve(plan: &Plan, query: &str, scope: Scope) -> Result<Target, MatchError> {
    let q = lower(query);
    let mut tasks = Vec::new();
    if scope.tasks() {
        tasks.reserve(plan.task_count());
        for (_, phase, task) in plan.tasks() {
            tasks.push(Item {
                target: Target::Task(task.id.clone()),
                text: &task.content,
                lower: lower(&task.content),
                phase: Some(&phase.name),
                status: Some(task.status),
            });
        }
    }
    let mut phases = Vec::new();
    if scope.phases() {
        for phase in &plan.phases {
            phases.push(Item {
                target: Target::Phase(phase.id.clone()),
                text: &phase.name,
                lower: lower(&phase.name),
                phase: None,
                status: None,
            });
        }
    }

    // 1 and 2: exact text, ignoring case (an exact-case match breaks a tie).
    for items in [&tasks, &phases] {
        let exact: Vec<&Item> = items.iter().filter(|i| i.lower == q).collect();
        if !exact.is_empty() {
            return pick_exact(&exact, query);
        }
    }

    // 3: ids. An id-shaped query that names nothing stops here.
    if let Some(target) = id_query(query) {
        let wanted = match &target {
            Target::Task(_) => &tasks,
            Target::Phase(_) => &phases,
        };
        return match wanted.iter().find(|i| i.target == target) {
            Some(item) => Ok(item.target.clone()),
            None => Err(MatchError::NoMatch { suggestion: None }),
        };
    }

    // 4: task text containing the query; prefer the one active task.
    let hits: Vec<&Item> = tasks.iter().filter(|i| i.lower.contains(&q)).collect();
    match hits.len() {
        0 => {}
        1 => return Ok(hits[0].target.clone()),
        _ => {
            let active: Vec<&Item> = hits
                .iter()
                .copied()
                .filter(|i| i.status.is_some_and(Status::is_active))
                .collect();
            if active.len() == 1 {
                return Ok(active[0].target.clone());
            }
            return Err(ambiguous(if active.is_empty() { &hits } else { &active }));
        }
    }

    // 5: phase names starting with, then containing, the query.
    let starts: Vec<&Item> = phases.iter().filter(|i| i.lower.starts_with(&q)).collect();
    let hits = if starts.is_empty() {
        phases.iter().filter(|i| i.lower.contains(&q)).collect()
    } else {
        starts
    };
    match hits.len() {
        0 => {}
        1 => return Ok(hits[0].target.clone()),
        _ => return Err(ambiguous(&hits)),
    }

    // 6: typo tolerance.
    typo(&q, tasks.iter().chain(phases.iter()))
}

fn pick_exact(exact: &[&Item], query: &str) -> Result<Target, MatchError> {
    if exact.len() == 1 {
        return Ok(exact[0].target.clone());
    }
    let same_case: Vec<&&Item> = exact.iter().filter(|i| i.text == query).collect();
    if same_case.len() == 1 {
        return Ok(same_case[0].target.clone());
    }
    Err(ambiguous(exact))
}

fn ambiguous(items: &[&Item]) -> MatchError {
    MatchError::Ambiguous {
        candidates: items.iter().map(|i| i.candidate()).collect(),
    }
}

/// `t7`, `p2`, or a bare number meaning a task id.
fn id_query(query: &str) -> Option<Target> {
    let q = query.to_ascii_lowercase();
    if let Some(n) = id_number(&q, 't') {
        Some(Target::Task(format!("t{n}")))
    } else if let Some(n) = id_number(&q, 'p') {
        Some(Target::Phase(format!("p{n}")))
    } else if !q.is_empty() && q.bytes().all(|b| b.is_ascii_digit()) {
        q.parse::<u64>().ok().map(|n| Target::Task(format!("t{n}")))
    } else {
        None
    }
}

fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// Edits allowed when a query word of `len` characters is taken for a word.
fn allowed_edits(len: usize) -> usize {
    match len {
        0..=2 => 0,
        3..=4 => 1,
        5..=7 => 2,
        _ => 3,
    }
}

/// How well query word `q` stands for candidate word `w`, in 0..=1, or
/// `None` when it is not a plausible typo of it.
fn word_score(q: &str, q_len: usize, w: &str) -> Option<f64> {
    if q == w {
        return Some(1.0);
    }
    let w_len = w.chars().count();
    let allowed = allowed_edits(q_len);
    if allowed == 0 || w_len.abs_diff(q_len) > allowed.max(2) {
        return None;
    }
    let d = strsim::osa_distance(q, w);
    let longest = q_len.max(w_len) as f64;
    if d <= allowed {
        return Some(1.0 - d as f64 / longest);
    }
    // Letters swapped and one left out (`oaht` for `oauth`): every letter of
    // the query is in the word, at most two edits, at most one letter apart.
    if q_len >= 4 && d <= 2 && w_len.abs_diff(q_len) <= 1 && covers(w, q) {
        return Some(1.0 - d as f64 / longest);
    }
    None
}

/// Does `w` contain every letter of `q`, counted with repeats?
fn covers(w: &str, q: &str) -> bool {
    let mut pool: Vec<char> = w.chars().collect();
    q.chars().all(|c| match pool.iter().position(|&p| p == c) {
        Some(i) => {
            pool.swap_remove(i);
            true
        }
        None => false,
    })
}

/// Score a candidate text for a typo-laden query: every significant query
/// word must stand for some word of the text; the score is the mean. A query
/// close to the whole text also counts.
fn typo_score(q_words: &[(&str, usize)], short: &[&str], q: &str, text_lower: &str) -> Option<f64> {
    // Short words and numbers get no typo allowance but must still be
    // there: "auth ui" is not "Auth API", "task 12" is not "Task 13".
    let present = |s: &str| {
        words(text_lower).any(|w| {
            if s.chars().any(|c| c.is_ascii_digit()) {
                w == s
            } else {
                w.starts_with(s)
            }
        })
    };
    if !short.iter().all(|s| present(s)) {
        return whole_score(q, text_lower);
    }
    let mut total = 0.0;
    for &(qw, qlen) in q_words {
        let best = words(text_lower)
            .filter_map(|w| word_score(qw, qlen, w))
            .fold(None, |acc: Option<f64>, s| {
                Some(acc.map_or(s, |a| a.max(s)))
            });
        match best {
            Some(s) => total += s,
            None => return whole_score(q, text_lower),
        }
    }
    let by_words = total / q_words.len() as f64;
    Some(whole_score(q, text_lower).map_or(by_words, |w| w.max(by_words)))
}

fn whole_score(q: &str, text: &str) -> Option<f64> {
    let (ql, tl) = (q.chars().count(), text.chars().count());
    if ql < 6 || tl.abs_diff(ql) > ql / 5 {
        return None;
    }
    let s = strsim::normalized_levenshtein(q, text);
    (s >= 0.8).then_some(s)
}

/// Typos never stand alone: the winner must beat the runner-up clearly.
const MARGIN: f64 = 0.1;

fn typo<'a>(q: &str, items: impl Iterator<Item = &'a Item<'a>>) -> Result<Target, MatchError> {
    let all: Vec<(&str, usize)> = words(q).map(|w| (w, w.chars().count())).collect();
    // Numbers and short words get no typo allowance ("v2" is not "v3").
    let exact_only = |w: &str, n: usize| n < 3 || w.chars().any(|c| c.is_ascii_digit());
    let significant: Vec<(&str, usize)> = all
        .iter()
        .copied()
        .filter(|&(w, n)| !exact_only(w, n))
        .collect();
    let short: Vec<&str> = all
        .iter()
        .filter(|&&(w, n)| exact_only(w, n))
        .map(|(w, _)| *w)
        .collect();
    let items: Vec<&Item> = items.collect();
    let mut scored: Vec<(f64, &Item)> = Vec::new();
    if !significant.is_empty() {
        for item in &items {
            if let Some(s) = typo_score(&significant, &short, q, &item.lower) {
                scored.push((s, item));
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    match scored.as_slice() {
        [] => Err(MatchError::NoMatch {
            suggestion: suggest(&all, &items),
        }),
        [(_, only)] => Ok(only.target.clone()),
        [(best, item), (second, _), ..] if best - second >= MARGIN => Ok(item.target.clone()),
        [(best, _), ..] => {
            let close: Vec<&Item> = scored
                .iter()
                .filter(|(s, _)| best - s < MARGIN)
                .map(|(_, i)| *i)
                .collect();
            Err(ambiguous(&close))
        }
    }
}

/// The closest text by Jaro–Winkler over words, when it is close enough to
/// be worth a "Did you mean".
fn suggest(q_words: &[(&str, usize)], items: &[&Item]) -> Option<String> {
    if q_words.is_empty() {
        return None;
    }
    let mut best: Option<(f64, &Item)> = None;
    for item in items {
        let mut total = 0.0;
        for (qw, _) in q_words {
            total += words(&item.lower)
                .map(|w| strsim::jaro_winkler(qw, w))
                .fold(0.0, f64::max);
        }
        let score = total / q_words.len() as f64;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, item));
        }
    }
    best.filter(|(s, _)| *s >= 0.75)
        .map(|(_, item)| item.text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Op, ops::PhaseRef};

    /// Build a plan from `(phase, [tasks])`; tasks prefixed `x ` are completed.
    fn plan(spec: &[(&str, &[&str])]) -> Plan {
        let mut plan = Plan::default();
        for (phase, tasks) in spec {
            let mut phase_ref = PhaseRef::New((*phase).to_string());
            for t in *tasks {
                let (done, content) = match t.strip_prefix("x ") {
                    Some(rest) => (true, rest),
                    None => (false, *t),
                };
                let applied = plan
                    .apply(Op::AddTask {
                        phase: phase_ref.clone(),
                        content: content.to_string(),
                    })
                    .unwrap();
                if let Some(p) = applied.phase {
                    phase_ref = PhaseRef::Id(p);
                }
                if done {
                    plan.apply(Op::SetStatus {
                        task: applied.task.unwrap(),
                        status: Status::Completed,
                        blocker: None,
                    })
                    .unwrap();
                }
            }
            if tasks.is_empty() {
                let id = plan.mint_phase_id();
                plan.phases.push(crate::plan::Phase {
                    id,
                    name: (*phase).to_string(),
                    ..Default::default()
                });
            }
        }
        plan
    }

    fn web_app() -> Plan {
        plan(&[
            (
                "Auth",
                &[
                    "x Wire OAuth providers",
                    "Rotate signing keys",
                    "Add login rate limiting",
                ],
            ),
            (
                "Billing",
                &[
                    "Wire Stripe webhooks",
                    "Invoice PDF export",
                    "Fix login bug on Safari",
                ],
            ),
            (
                "Docs",
                &[
                    "Write the README",
                    "Document the API",
                    "x 3.7 release notes",
                ],
            ),
            ("Release 7", &[]),
        ])
    }

    fn found(plan: &Plan, q: &str, scope: Scope) -> String {
        match resolve(plan, q, scope) {
            Ok(Target::Task(id) | Target::Phase(id)) => id,
            Err(MatchError::NoMatch { .. }) => "none".into(),
            Err(MatchError::Ambiguous { candidates }) => format!(
                "ambiguous:{}",
                candidates
                    .iter()
                    .map(|c| c.id().to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        }
    }

    #[test]
    fn order_exact_task_then_phase_then_id_then_substring() {
        let p = plan(&[("Docs", &["docs", "Write docs"]), ("Ship", &["t1"])]);
        // Exact task content beats the phase of the same name.
        assert_eq!(found(&p, "DOCS", Scope::TasksAndPhases), "t1");
        // Exact phase name beats a substring of a task.
        assert_eq!(found(&p, "ship", Scope::TasksAndPhases), "p2");
        // Exact content "t1" beats the id t1.
        assert_eq!(found(&p, "t1", Scope::TasksAndPhases), "t3");
        assert_eq!(found(&p, "T2", Scope::TasksAndPhases), "t2");
        assert_eq!(found(&p, "2", Scope::Tasks), "t2");
        assert_eq!(found(&p, "p1", Scope::TasksAndPhases), "p1");
        // A phase id cannot name a task.
        assert_eq!(found(&p, "p1", Scope::Tasks), "none");
    }

    #[test]
    fn an_id_that_names_nothing_never_falls_through() {
        let p = plan(&[("Release 7", &["Write 3.7 release notes", "Tag"])]);
        // "7" is a substring of "3.7 release notes" and of phase "Release 7".
        assert_eq!(found(&p, "7", Scope::TasksAndPhases), "none");
        assert_eq!(found(&p, "t99", Scope::TasksAndPhases), "none");
        assert_eq!(found(&p, "p9", Scope::TasksAndPhases), "none");
        assert_eq!(
            resolve(&p, "7", Scope::TasksAndPhases),
            Err(MatchError::NoMatch { suggestion: None })
        );
    }

    #[test]
    fn substring_prefers_the_one_active_task() {
        let p = web_app();
        // "wire" is in a completed task and one pending task.
        assert_eq!(found(&p, "wire", Scope::TasksAndPhases), "t4");
        // "login" is in two pending tasks.
        assert_eq!(found(&p, "login", Scope::TasksAndPhases), "ambiguous:t3,t6");
        assert_eq!(found(&p, "oauth", Scope::Tasks), "t1");
        assert_eq!(found(&p, "bill", Scope::TasksAndPhases), "p2");
        assert_eq!(found(&p, "bill", Scope::Tasks), "none");
        assert_eq!(found(&p, "relea", Scope::Phases), "p4");
    }

    #[test]
    fn an_ambiguous_step_never_falls_through_to_typos() {
        let p = plan(&[("A", &["x Fix login", "x Fix logout"])]);
        // Both completed: substring step is ambiguous, nothing else is tried.
        assert_eq!(found(&p, "fix", Scope::Tasks), "ambiguous:t1,t2");
        let p = plan(&[("Auth", &["a"]), ("Authz", &["b"])]);
        assert_eq!(found(&p, "au", Scope::Phases), "ambiguous:p1,p2");
    }

    /// Real-looking plans and queries: what typo tolerance must find, and what
    /// it must never pick.
    #[test]
    fn typo_tolerance_table() {
        let p = web_app();
        let cases: &[(&str, &str)] = &[
            ("oaht", "t1"),
            ("oatuh", "t1"),
            ("wire oath providrs", "t1"),
            ("rotate singing keys", "t2"),
            ("rotaet", "t2"),
            ("invoce", "t5"),
            ("stirpe", "t4"),
            ("safri", "t6"),
            ("readme wirte", "t7"),
            ("documnet api", "t8"),
            ("billng", "p2"),
            ("Wire OAuth provider", "t1"),
            // Unrelated words must not be taken for anything.
            ("deploy", "none"),
            ("kubernetes", "none"),
            ("ship", "none"),
            ("zq", "none"),
            ("q", "none"),
            ("keys api", "none"),
            ("login safari invoice", "none"),
            // Word order does not matter when every word is there.
            ("bug fix", "t6"),
            // Substrings come before typos, ambiguity included.
            ("the", "ambiguous:t7,t8"),
            ("ok", "t4"),
            ("logn", "ambiguous:t3,t6"),
            ("keys rotate database", "none"),
            // Numbers are never typos of other numbers.
            ("relase notes 3.8", "none"),
            ("relase notes 3.7", "t9"),
        ];
        let mut wrong = Vec::new();
        for (q, want) in cases {
            let got = found(&p, q, Scope::TasksAndPhases);
            if got != *want {
                wrong.push(format!("{q:?}: want {want}, got {got}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn typos_in_a_second_plan() {
        let p = plan(&[
            (
                "Backend",
                &[
                    "Migrate users table",
                    "Add index on email",
                    "Cache session lookups",
                ],
            ),
            (
                "Frontend",
                &["Dark mode toggle", "Fix flaky e2e test", "Bump React to 19"],
            ),
        ]);
        let cases: &[(&str, &str)] = &[
            ("migrat", "t1"),
            ("indx email", "t2"),
            ("chache", "t3"),
            ("drak mode", "t4"),
            ("flakey", "t5"),
            ("fronted", "p2"),
            ("bakend", "p1"),
            ("vue", "none"),
            ("table email", "none"),
            ("session", "t3"),
            ("drak mdoe", "t4"),
            ("dark mood", "none"),
            ("mode dark light", "none"),
        ];
        for (q, want) in cases {
            assert_eq!(&found(&p, q, Scope::TasksAndPhases), want, "query {q:?}");
        }
    }

    #[test]
    fn misses_suggest_something_close() {
        let p = web_app();
        let err = resolve(&p, "stripy hooks", Scope::Tasks).unwrap_err();
        assert_eq!(
            err,
            MatchError::NoMatch {
                suggestion: Some("Wire Stripe webhooks".into())
            }
        );
        let err = resolve(&p, "kubernetes", Scope::Tasks).unwrap_err();
        assert_eq!(err, MatchError::NoMatch { suggestion: None });
    }
}
