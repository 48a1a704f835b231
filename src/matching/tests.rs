//! The matching order and the tuning tables: what a query must find, and
//! what it must never take.

use super::*;
use crate::plan::ops::tests::plan;

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

/// What a query finds, in short: an id, `guess:<id>`, `none`,
/// `hint:<id>` or `ambiguous:<ids>`.
fn found(plan: &Plan, q: &str, scope: Scope) -> String {
    match resolve(plan, q, scope) {
        Ok(target) => target.id().to_string(),
        Err(MatchError::Guess(c)) => format!("guess:{}", c.id()),
        Err(MatchError::NoMatch { suggestion: None }) => "none".into(),
        Err(MatchError::NoMatch {
            suggestion: Some(c),
        }) => format!("hint:{}", c.id()),
        Err(MatchError::Ambiguous { candidates }) => {
            let ids: Vec<&str> = candidates.iter().map(Candidate::id).collect();
            format!("ambiguous:{}", ids.join(","))
        }
    }
}

trait Finds {
    /// Each `(query, scope, what it finds)`; every miss is listed.
    fn finds(&self, cases: &[(&str, Scope, &str)]);
}

impl Finds for Plan {
    fn finds(&self, cases: &[(&str, Scope, &str)]) {
        let wrong: Vec<String> = cases
            .iter()
            .filter_map(|&(q, scope, want)| {
                let got = found(self, q, scope);
                (got != want).then(|| format!("{q:?} in {scope:?}: want {want}, got {got}"))
            })
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

use Scope::{Phases, Tasks, TasksAndPhases as Both};

#[test]
fn order_exact_task_then_phase_then_id_then_substring() {
    let p = plan(&[("Docs", &["docs", "Write docs"]), ("Ship", &["t1"])]);
    p.finds(&[
        // Exact task content beats the phase of the same name.
        ("DOCS", Both, "t1"),
        // Exact phase name beats a substring of a task.
        ("ship", Both, "p2"),
        // Exact content "t1" beats the id t1.
        ("t1", Both, "t3"),
        ("T2", Both, "t2"),
        ("2", Tasks, "t2"),
        ("p1", Both, "p1"),
        // A phase id cannot name a task.
        ("p1", Tasks, "none"),
    ]);
}

#[test]
fn an_id_that_names_nothing_never_falls_through() {
    let p = plan(&[("Release 7", &["Write 3.7 release notes", "Tag"])]);
    // "7" is a word of "3.7 release notes" and of phase "Release 7".
    let huge = "99999999999999999999999";
    p.finds(&[
        ("7", Both, "none"),
        ("t99", Both, "none"),
        ("p9", Both, "none"),
        (huge, Both, "none"),
    ]);
    let none = Err(MatchError::NoMatch { suggestion: None });
    assert_eq!(resolve(&p, "7", Both), none);
}

#[test]
fn word_starts_prefer_the_one_active_task() {
    web_app().finds(&[
        // "wire" starts a word of a completed task and of one pending task.
        ("wire", Both, "t4"),
        // "login" is in two pending tasks.
        ("login", Both, "ambiguous:t3,t6"),
        ("oauth", Tasks, "t1"),
        ("wire oauth", Tasks, "t1"),
        ("bill", Both, "p2"),
        ("bill", Tasks, "none"),
        ("relea", Phases, "p4"),
        // Inside a word is not a word start.
        ("auth", Tasks, "none"),
        ("uth", Both, "none"),
    ]);
}

#[test]
fn phases_by_prefix_first_then_at_a_word_start() {
    let p = plan(&[
        ("Release prep", &["a"]),
        ("Pre-release checks", &["b"]),
        ("Rapid prototyping", &["c"]),
    ]);
    p.finds(&[
        // "release" starts one phase's name and is a word in another.
        ("release", Phases, "p1"),
        ("checks", Phases, "p2"),
        ("proto", Phases, "p3"),
        ("api", Phases, "none"),
        ("pre", Phases, "p2"),
    ]);
    let p = plan(&[("Release one", &["a"]), ("Release two", &["b"])]);
    p.finds(&[("rel", Phases, "ambiguous:p1,p2")]);
}

#[test]
fn an_ambiguous_step_never_falls_through_to_typos() {
    // Both completed: the word-start step is ambiguous, nothing else is tried.
    let p = plan(&[("A", &["x Fix login", "x Fix logout"])]);
    p.finds(&[("fix", Tasks, "ambiguous:t1,t2")]);
    let p = plan(&[("Auth", &["a"]), ("Authz", &["b"])]);
    p.finds(&[("au", Phases, "ambiguous:p1,p2")]);
    // Two candidates a typo fits equally well.
    let p = plan(&[("Alpha One", &["x"]), ("Alpha Two", &["y"])]);
    p.finds(&[("alpah", Phases, "ambiguous:p1,p2")]);
}

#[test]
fn typos_are_guesses_in_a_real_plan() {
    let p = web_app();
    p.finds(&[
        ("oaht", Both, "guess:t1"),
        ("oatuh", Both, "guess:t1"),
        ("wire oath providrs", Both, "guess:t1"),
        ("rotate singing keys", Both, "guess:t2"),
        ("rotaet", Both, "guess:t2"),
        ("invoce", Both, "guess:t5"),
        ("stirpe", Both, "guess:t4"),
        ("safri", Both, "guess:t6"),
        ("readme wirte", Both, "guess:t7"),
        ("documnet api", Both, "guess:t8"),
        ("billng", Both, "guess:p2"),
        ("relase notes", Both, "guess:t9"),
        // Every word there, in another order: still only a guess.
        ("bug fix", Both, "guess:t6"),
        // Word starts come before typos, ambiguity included.
        ("the", Both, "ambiguous:t7,t8"),
        ("logn", Both, "ambiguous:t3,t6"),
        // Unrelated words are nothing, and no hint either.
        ("deploy", Both, "none"),
        ("kubernetes", Both, "none"),
        ("ship", Both, "none"),
        ("zq", Both, "none"),
        ("q", Both, "none"),
        ("ok", Both, "none"),
        // Some words found, not all: a hint at most.
        ("keys rotate database", Both, "hint:t2"),
        ("login safari invoice", Both, "hint:t6"),
        ("stripy hooks", Both, "hint:t4"),
        // Numbers are never typos of other numbers.
        ("relase notes 3.8", Both, "none"),
        ("relase notes 3.7", Both, "guess:t9"),
        ("keys api", Both, "none"),
    ]);
}

/// Pairs a query must never match, each alone in a plan: opposites,
/// un-/de-/re-/in-/dis- prefixes, words inside words, short words and
/// numbers. Not a match, not a guess, not even a "Did you mean".
const MUST_NOT_MATCH: &[(&str, &str)] = &[
    // Opposites.
    ("decrease", "Increase timeout"),
    ("import", "Add export endpoint"),
    ("encode", "Decode base64 payloads"),
    ("internal", "External API client"),
    ("ascending", "Sort descending"),
    ("upload", "Download reports"),
    ("inbound", "Outbound webhooks"),
    ("include", "Exclude vendored files"),
    ("input", "Output validation"),
    ("enable", "Disable caching"),
    ("show", "Hide archived tasks"),
    ("open", "Close stale issues"),
    ("increment", "Decrement retry counter"),
    ("push", "Pull release tag"),
    ("start", "Stop the worker"),
    ("min", "Max connections"),
    ("before", "After hooks"),
    ("upper", "Lower bound check"),
    ("allow", "Deny list for addresses"),
    ("accept", "Reject invalid tokens"),
    // un-
    ("install", "Uninstall old agent"),
    ("lock", "Unlock the vault"),
    ("deploy", "Undeploy staging"),
    ("used", "Remove unused deps"),
    ("unused", "Drop used flags"),
    ("usable", "Unusable state after crash"),
    ("mount", "Unmount volumes"),
    ("pin", "Unpin dependencies"),
    // de-
    ("duplicate", "Deduplicate events"),
    ("serialize", "Deserialize config"),
    ("activate", "Deactivate users"),
    ("compress", "Decompress archives"),
    // re-
    ("build", "Rebuild index"),
    ("read", "Reread config on change"),
    ("run", "Rerun flaky tests"),
    ("open", "Reopen closed issues"),
    ("write", "Rewrite parser"),
    // in-
    ("valid", "Invalid tokens"),
    ("active", "Inactive accounts"),
    ("secure", "Insecure defaults"),
    // dis-
    ("connect", "Disconnect clients"),
    ("able", "Disable caching"),
    ("agree", "Disagree button"),
    // Words inside words.
    ("port", "Import CSV"),
    ("log", "Update catalog"),
    ("age", "Fix page layout"),
    ("cat", "Concat logs"),
    ("auth", "Wire OAuth providers"),
    ("ser", "Fix getUser crash"),
    ("ache", "Cache session lookups"),
    // Short words and numbers are as typed or nothing.
    ("ui", "Fix UX glitch"),
    ("ci", "Set up CD"),
    ("api", "Apt packages"),
    ("v2", "Release v3"),
    ("3.8", "Write 3.7 notes"),
    ("task 12", "Task 13"),
    ("fix ui", "Fix UX"),
];

/// Phases a query must never name.
const MUST_NOT_NAME_PHASE: &[(&str, &str)] = &[
    ("api", "Rapid prototyping"),
    ("ui", "Build"),
    ("ild", "Build"),
    ("install", "Uninstall"),
    ("cure", "Security"),
];

/// Real misspellings, each of which must find its task (as a guess).
const MUST_MATCH: &[(&str, &str)] = &[
    ("oaht", "Wire OAuth providers"),
    ("oatuh", "Wire OAuth providers"),
    ("wrie oath", "Wire OAuth providers"),
    ("stirpe", "Wire Stripe webhooks"),
    ("sstripe", "Wire Stripe webhooks"),
    ("webhoks", "Wire Stripe webhooks"),
    ("relase notes", "Write 3.7 release notes"),
    ("sigining", "Rotate signing keys"),
    ("rotaet", "Rotate keys"),
    ("paginaton", "Add pagination to the API"),
    ("recieve", "Receive webhooks from GitHub"),
    ("seperate", "Separate config files"),
    ("definately", "Definitely fix the crash"),
    ("enviroment", "Set up environment variables"),
    ("dependancy", "Update dependency pins"),
    ("occured", "Log errors that occurred"),
    ("accomodate", "Accommodate long names"),
    ("authetication", "Fix authentication flow"),
    ("databse", "Migrate database"),
    ("invoce", "Invoice PDF export"),
    ("safri", "Fix login bug on Safari"),
    ("documnet", "Document the API"),
    ("migarte", "Migrate users table"),
    ("chache", "Cache session lookups"),
    ("kubernets", "Deploy to kubernetes"),
    ("reposiotry", "Clean up the repository"),
    ("perfomance", "Measure performance"),
    ("threshhold", "Tune alert threshold"),
    ("lenght", "Validate field length"),
    ("calender", "Calendar sync"),
    ("intergration", "Integration tests for billing"),
];

#[test]
fn tuning_table_what_must_never_match() {
    let tasks = MUST_NOT_MATCH
        .iter()
        .map(|(q, text)| (q, format!("{text:?}"), plan(&[("Zzz", &[text])])));
    let phases = MUST_NOT_NAME_PHASE
        .iter()
        .map(|(q, name)| (q, format!("phase {name:?}"), plan(&[(name, &["zzz"])])));
    let mut wrong = Vec::new();
    for (q, what, p) in tasks.chain(phases) {
        let got = found(&p, q, Both);
        if got != "none" {
            wrong.push(format!("{q:?} / {what}: {got}"));
        }
    }
    assert!(MUST_NOT_MATCH.len() + MUST_NOT_NAME_PHASE.len() >= 40);
    assert!(wrong.is_empty(), "wrong matches:\n{}", wrong.join("\n"));
}

#[test]
fn tuning_table_real_misspellings_must_match() {
    let mut wrong = Vec::new();
    for (q, text) in MUST_MATCH {
        let p = plan(&[("Zzz", &[text]), ("Other", &["Write the changelog"])]);
        let got = found(&p, q, Both);
        if got != "guess:t1" {
            wrong.push(format!("{q:?} / {text:?}: {got}"));
        }
    }
    assert!(MUST_MATCH.len() >= 25);
    assert!(wrong.is_empty(), "missed:\n{}", wrong.join("\n"));
}

#[test]
fn a_guess_must_be_clearly_closer_than_any_other() {
    let p = plan(&[("A", &["Wire OAuth providers", "Revoke OAuth tokens"])]);
    p.finds(&[("oaht", Tasks, "ambiguous:t1,t2")]);
    // One exact word and one near miss beat two near misses.
    let p = plan(&[("A", &["Fix login", "Fox logn"])]);
    p.finds(&[("fix lgoin", Tasks, "guess:t1")]);
}

#[test]
fn phase_flag_names_are_exact_or_ids() {
    let p = plan(&[("C#", &["a"]), ("Release", &["b"]), ("release", &["c"])]);
    assert_eq!(phase_by_name(&p, "#"), Ok(None));
    assert_eq!(phase_by_name(&p, "c#"), Ok(Some("p1".into())));
    assert_eq!(phase_by_name(&p, "rel"), Ok(None));
    assert_eq!(phase_by_name(&p, "release"), Ok(Some("p3".into())));
    assert!(matches!(
        phase_by_name(&p, "RELEASE"),
        Err(MatchError::Ambiguous { .. })
    ));
    assert_eq!(phase_by_name(&p, "P2"), Ok(Some("p2".into())));
    assert_eq!(phase_by_name(&p, "p9"), Ok(None));
}
