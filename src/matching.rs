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

/// The items of a plan prepared for matching. Lower-cased text lives in one
/// shared buffer and ids are borrowed, so preparing 100,000 tasks costs a
/// handful of allocations, not hundreds of thousands.
struct Item<'a> {
    task: bool,
    id: &'a str,
    text: &'a str,
    lower: &'a str,
    phase: Option<&'a str>,
    status: Option<Status>,
}

impl Item<'_> {
    fn target(&self) -> Target {
        if self.task {
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

fn lower(s: &str) -> String {
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
pub fn resolve(plan: &Plan, query: &str, scope: Scope) -> Result<Target, MatchError> {
    let q = lower(query);
    // Lower-case every text into one buffer first, then borrow from it.
    let mut buf = String::new();
    let mut task_ranges = Vec::new();
    if scope.tasks() {
        buf.reserve(
            plan.phases
                .iter()
                .flat_map(|p| &p.tasks)
                .map(|t| t.content.len())
                .sum(),
        );
        task_ranges.reserve(plan.task_count());
        for (_, _, task) in plan.tasks() {
            task_ranges.push(push_lower(&mut buf, &task.content));
        }
    }
    let mut phase_ranges = Vec::new();
    if scope.phases() {
        for phase in &plan.phases {
            phase_ranges.push(push_lower(&mut buf, &phase.name));
        }
    }
    let buf = buf.as_str();
    let tasks: Vec<Item> = plan
        .tasks()
        .zip(task_ranges)
        .map(|((_, phase, task), range)| Item {
            task: true,
            id: &task.id,
            text: &task.content,
            lower: &buf[range],
            phase: Some(&phase.name),
            status: Some(task.status),
        })
        .collect();
    let phases: Vec<Item> = plan
        .phases
        .iter()
        .zip(phase_ranges)
        .map(|(phase, range)| Item {
            task: false,
            id: &phase.id,
            text: &phase.name,
            lower: &buf[range],
            phase: None,
            status: None,
        })
        .collect();

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
        let id = match &target {
            Target::Task(id) | Target::Phase(id) => id.as_str(),
        };
        return match wanted.iter().find(|i| i.id == id) {
            Some(item) => Ok(item.target()),
            None => Err(MatchError::NoMatch { suggestion: None }),
        };
    }

    // 4: task text containing the query; prefer the one active task.
    let hits: Vec<&Item> = tasks.iter().filter(|i| i.lower.contains(&q)).collect();
    match hits.len() {
        0 => {}
        1 => return Ok(hits[0].target()),
        _ => {
            let active: Vec<&Item> = hits
                .iter()
                .copied()
                .filter(|i| i.status.is_some_and(Status::is_active))
                .collect();
            if active.len() == 1 {
                return Ok(active[0].target());
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
        1 => return Ok(hits[0].target()),
        _ => return Err(ambiguous(&hits)),
    }

    // 6: typo tolerance.
    typo(&q, tasks.iter().chain(phases.iter()))
}

fn pick_exact(exact: &[&Item], query: &str) -> Result<Target, MatchError> {
    if exact.len() == 1 {
        return Ok(exact[0].target());
    }
    let same_case: Vec<&&Item> = exact.iter().filter(|i| i.text == query).collect();
    if same_case.len() == 1 {
        return Ok(same_case[0].target());
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

/// Words: runs of letters and digits. Works on bytes (every byte of a
/// multi-byte character counts as a letter), so splitting 100,000 tasks
/// does not decode every character.
fn words(s: &str) -> impl Iterator<Item = &str> {
    let bytes = s.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        let is_word = |b: u8| b.is_ascii_alphanumeric() || b >= 0x80;
        while i < bytes.len() && !is_word(bytes[i]) {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && is_word(bytes[i]) {
            i += 1;
        }
        // Both ends sit next to ASCII bytes (or the ends), so they are
        // character boundaries.
        (i > start).then(|| &s[start..i])
    })
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
fn word_score(qw: &QWord, w: &str) -> Option<f64> {
    let (q, q_len) = (qw.text, qw.len);
    if q == w {
        return Some(1.0);
    }
    let w_len = char_len(w);
    let allowed = allowed_edits(q_len);
    if allowed == 0 || w_len.abs_diff(q_len) > allowed.max(2) {
        return None;
    }
    // Each distinct query letter missing from the word costs at least one
    // edit: a cheap test that skips almost every unrelated word.
    let missing = (qw.mask & !letters(w)).count_ones() as usize;
    if missing > allowed {
        return None;
    }
    let d = osa(q, w);
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

/// A query word prepared once: its text, length in characters, letter set.
struct QWord<'a> {
    text: &'a str,
    len: usize,
    mask: u64,
}

fn char_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// A set of the characters in `s`: one bit per ASCII letter or digit, one
/// shared bit for everything else.
fn letters(s: &str) -> u64 {
    s.bytes().fold(0, |mask, b| {
        mask | match b {
            b'a'..=b'z' => 1 << (b - b'a'),
            b'0'..=b'9' => 1 << (26 + b - b'0'),
            _ => 1 << 63,
        }
    })
}

/// Optimal string alignment distance. ASCII words (nearly all) use a
/// stack buffer; anything else goes to strsim.
fn osa(a: &str, b: &str) -> usize {
    const MAX: usize = 32;
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if !a.is_ascii() || !b.is_ascii() || a.len() >= MAX || b.len() >= MAX {
        let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
        return strsim::osa_distance(&a, &b);
    }
    // Three rows of the dynamic-programming table.
    let mut two_ago = [0usize; MAX + 1];
    let mut prev = [0usize; MAX + 1];
    let mut cur = [0usize; MAX + 1];
    for (j, cell) in prev.iter_mut().enumerate().take(b.len() + 1) {
        *cell = j;
    }
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(two_ago[j - 2] + 1);
            }
            cur[j] = d;
        }
        two_ago = prev;
        prev = cur;
    }
    prev[b.len()]
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

/// Which bytes belong to words, and the letter-set bit of each (see
/// [`letters`]); a table makes the one pass over every task's text cheap.
const fn byte_classes() -> [(bool, u64); 256] {
    let mut table = [(false, 0u64); 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = match byte {
            b'a'..=b'z' => (true, 1 << (byte - b'a')),
            b'A'..=b'Z' => (true, 1 << (byte - b'A')),
            b'0'..=b'9' => (true, 1 << (26 + byte - b'0')),
            0x80..=0xff => (true, 1 << 63),
            _ => (false, 0),
        };
        b += 1;
    }
    table
}

static CLASSES: [(bool, u64); 256] = byte_classes();

/// Call `f(word, length in characters, letter set)` for each word of `s`,
/// in one pass over its bytes. Words are as in [`words`].
#[inline]
fn for_each_word<'a>(s: &'a str, mut f: impl FnMut(&'a str, usize, u64)) {
    let bytes = s.as_bytes();
    let (mut start, mut mask, mut chars) = (0, 0u64, 0usize);
    let mut inside = false;
    for (i, &b) in bytes.iter().enumerate() {
        let (word, bit) = CLASSES[usize::from(b)];
        if word {
            if !inside {
                (start, mask, chars, inside) = (i, 0, 0, true);
            }
            mask |= bit;
            // Count characters, not UTF-8 continuation bytes.
            chars += usize::from(b & 0xc0 != 0x80);
        } else if inside {
            inside = false;
            f(&s[start..i], chars, mask);
        }
    }
    if inside {
        f(&s[start..], chars, mask);
    }
}

/// Per-word scores, remembered by word text: the same words come back in
/// thousands of tasks of a large plan, and only words that pass the cheap
/// letter and length tests ever get here.
type Memo<'a> = std::collections::HashMap<&'a str, Option<f64>, crate::fnv::Fnv>;

fn whole_score(q: &str, text: &str) -> Option<f64> {
    let (ql, tl) = (char_len(q), char_len(text));
    if ql < 6 || tl.abs_diff(ql) > ql / 5 {
        return None;
    }
    let s = strsim::normalized_levenshtein(q, text);
    (s >= 0.8).then_some(s)
}

/// Typos never stand alone: the winner must beat the runner-up clearly.
const MARGIN: f64 = 0.1;

/// Score every candidate for a typo-laden query. Every significant query
/// word must stand for some word of the text (the score is the mean);
/// short words and numbers get no allowance but must be there ("auth ui"
/// is not "Auth API", "task 12" is not "Task 13"). A query close to the
/// whole text also counts.
fn typo<'a>(q: &str, items: impl Iterator<Item = &'a Item<'a>>) -> Result<Target, MatchError> {
    let all: Vec<(&str, usize)> = words(q).map(|w| (w, char_len(w))).collect();
    let exact_only = |w: &str, n: usize| n < 3 || w.bytes().any(|c| c.is_ascii_digit());
    let significant: Vec<QWord> = all
        .iter()
        .filter(|&&(w, n)| !exact_only(w, n))
        .map(|&(text, len)| QWord {
            text,
            len,
            mask: letters(text),
        })
        .collect();
    let short: Vec<&str> = all
        .iter()
        .filter(|&&(w, n)| exact_only(w, n))
        .map(|(w, _)| *w)
        .collect();
    let items: Vec<&Item> = items.collect();
    let mut memos: Vec<Memo> = significant.iter().map(|_| Memo::default()).collect();
    let mut scored: Vec<(f64, &Item)> = Vec::new();
    if !significant.is_empty() {
        let mut best = vec![f64::NAN; significant.len()];
        let mut present = vec![false; short.len()];
        for item in &items {
            best.fill(f64::NAN);
            present.fill(false);
            for_each_word(item.lower, |w, wlen, wmask| {
                for ((qw, b), memo) in significant.iter().zip(best.iter_mut()).zip(&mut memos) {
                    // Cheap tests first: length, and letters the word lacks.
                    let allowed = allowed_edits(qw.len);
                    if wlen.abs_diff(qw.len) > allowed.max(2)
                        || (qw.mask & !wmask).count_ones() as usize > allowed
                    {
                        continue;
                    }
                    let score = *memo.entry(w).or_insert_with(|| word_score(qw, w));
                    if let Some(s) = score
                        && (b.is_nan() || s > *b)
                    {
                        *b = s;
                    }
                }
                for (s, p) in short.iter().zip(present.iter_mut()) {
                    *p |= if s.bytes().any(|c| c.is_ascii_digit()) {
                        w == *s
                    } else {
                        w.starts_with(s)
                    };
                }
            });
            let by_words = (present.iter().all(|p| *p) && best.iter().all(|b| !b.is_nan()))
                .then(|| best.iter().sum::<f64>() / best.len() as f64);
            let score = match (by_words, whole_score(q, item.lower)) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
            if let Some(s) = score {
                scored.push((s, item));
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    match scored.as_slice() {
        [] => Err(MatchError::NoMatch {
            suggestion: suggest(&all, &items),
        }),
        [(_, only)] => Ok(only.target()),
        [(best, item), (second, _), ..] if best - second >= MARGIN => Ok(item.target()),
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
    let masks: Vec<u64> = q_words.iter().map(|(w, _)| letters(w)).collect();
    let mut memos: Vec<std::collections::HashMap<&str, f64, crate::fnv::Fnv>> =
        q_words.iter().map(|_| Default::default()).collect();
    let mut best: Option<(f64, &Item)> = None;
    let mut per_q = vec![0.0f64; q_words.len()];
    for item in items {
        per_q.fill(0.0);
        for_each_word(item.lower, |w, _, wmask| {
            for ((((qw, _), &qmask), b), memo) in q_words
                .iter()
                .zip(&masks)
                .zip(per_q.iter_mut())
                .zip(&mut memos)
            {
                // Jaro–Winkler is costly; a word sharing under half the
                // query's letters cannot reach the threshold, so skip it.
                if (wmask & qmask).count_ones() < (qmask.count_ones() / 2).max(1) {
                    continue;
                }
                let s = *memo.entry(w).or_insert_with(|| strsim::jaro_winkler(qw, w));
                *b = b.max(s);
            }
        });
        let score = per_q.iter().sum::<f64>() / q_words.len() as f64;
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
                let id = plan.mint_phase_id().unwrap();
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
    fn one_pass_words_agree_with_words_and_letters() {
        for s in [
            "",
            "a",
            "wire oauth, providers!",
            "été—ok 3.7 x",
            "  lead/trail  ",
            "ünï",
        ] {
            let mut seen = Vec::new();
            for_each_word(s, |w, n, m| seen.push((w, n, m)));
            let want: Vec<_> = words(s).map(|w| (w, char_len(w), letters(w))).collect();
            assert_eq!(seen, want, "{s:?}");
        }
    }

    #[test]
    fn osa_matches_strsim() {
        for (a, b) in [
            ("oaht", "oauth"),
            ("", "abc"),
            ("ca", "abc"),
            ("kitten", "sitting"),
            ("same", "same"),
            ("ab", "ba"),
            ("écrire", "ecrire"),
        ] {
            assert_eq!(osa(a, b), strsim::osa_distance(a, b), "{a} {b}");
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
