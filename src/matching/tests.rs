//! The matching order and the tuning tables: what a query must find, and
//! what it must never take.

use super::*;

/// Build a plan from `(phase, [tasks])`; tasks prefixed `x ` are completed.
/// Phases and tasks are numbered in order (`p1`, `t1`…), as appending them
/// one by one once did, so that the cases below can name them.
fn plan(spec: &[(&str, &[&str])]) -> Plan {
    let mut plan = Plan::default();
    let mut n = 0;
    for (pi, (phase, tasks)) in spec.iter().enumerate() {
        let tasks = tasks
            .iter()
            .map(|t| {
                let (status, content) = match t.strip_prefix("x ") {
                    Some(rest) => (Status::Completed, rest),
                    None => (Status::Pending, *t),
                };
                n += 1;
                crate::plan::Task {
                    id: format!("t{n}"),
                    content: content.to_string(),
                    status,
                    ..Default::default()
                }
            })
            .collect();
        plan.phases.push(crate::plan::Phase {
            id: format!("p{}", pi + 1),
            name: (*phase).to_string(),
            tasks,
            ..Default::default()
        });
    }
    plan.settle();
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
    // "7" is a word of "3.7 release notes" and of phase "Release 7".
    assert_eq!(found(&p, "7", Scope::TasksAndPhases), "none");
    assert_eq!(found(&p, "t99", Scope::TasksAndPhases), "none");
    assert_eq!(found(&p, "p9", Scope::TasksAndPhases), "none");
    assert_eq!(
        found(&p, "99999999999999999999999", Scope::TasksAndPhases),
        "none"
    );
    assert_eq!(
        resolve(&p, "7", Scope::TasksAndPhases),
        Err(MatchError::NoMatch { suggestion: None })
    );
}

#[test]
fn word_starts_prefer_the_one_active_task() {
    let p = web_app();
    // "wire" starts a word of a completed task and of one pending task.
    assert_eq!(found(&p, "wire", Scope::TasksAndPhases), "t4");
    // "login" is in two pending tasks.
    assert_eq!(found(&p, "login", Scope::TasksAndPhases), "ambiguous:t3,t6");
    assert_eq!(found(&p, "oauth", Scope::Tasks), "t1");
    assert_eq!(found(&p, "wire oauth", Scope::Tasks), "t1");
    assert_eq!(found(&p, "bill", Scope::TasksAndPhases), "p2");
    assert_eq!(found(&p, "bill", Scope::Tasks), "none");
    assert_eq!(found(&p, "relea", Scope::Phases), "p4");
    // Inside a word is not a word start.
    assert_eq!(found(&p, "auth", Scope::Tasks), "none");
    assert_eq!(found(&p, "uth", Scope::TasksAndPhases), "none");
}

#[test]
fn phases_by_prefix_first_then_at_a_word_start() {
    let p = plan(&[
        ("Release prep", &["a"]),
        ("Pre-release checks", &["b"]),
        ("Rapid prototyping", &["c"]),
    ]);
    // "release" starts one phase's name and is a word in another.
    assert_eq!(found(&p, "release", Scope::Phases), "p1");
    assert_eq!(found(&p, "checks", Scope::Phases), "p2");
    assert_eq!(found(&p, "proto", Scope::Phases), "p3");
    assert_eq!(found(&p, "api", Scope::Phases), "none");
    assert_eq!(found(&p, "pre", Scope::Phases), "p2");
    let p = plan(&[("Release one", &["a"]), ("Release two", &["b"])]);
    assert_eq!(found(&p, "rel", Scope::Phases), "ambiguous:p1,p2");
}

#[test]
fn an_ambiguous_step_never_falls_through_to_typos() {
    let p = plan(&[("A", &["x Fix login", "x Fix logout"])]);
    // Both completed: the word-start step is ambiguous, nothing else is tried.
    assert_eq!(found(&p, "fix", Scope::Tasks), "ambiguous:t1,t2");
    let p = plan(&[("Auth", &["a"]), ("Authz", &["b"])]);
    assert_eq!(found(&p, "au", Scope::Phases), "ambiguous:p1,p2");
    // Two candidates a typo fits equally well.
    let p = plan(&[("Alpha One", &["x"]), ("Alpha Two", &["y"])]);
    assert_eq!(found(&p, "alpah", Scope::Phases), "ambiguous:p1,p2");
}

#[test]
fn typos_are_guesses_in_a_real_plan() {
    let p = web_app();
    let cases: &[(&str, &str)] = &[
        ("oaht", "guess:t1"),
        ("oatuh", "guess:t1"),
        ("wire oath providrs", "guess:t1"),
        ("rotate singing keys", "guess:t2"),
        ("rotaet", "guess:t2"),
        ("invoce", "guess:t5"),
        ("stirpe", "guess:t4"),
        ("safri", "guess:t6"),
        ("readme wirte", "guess:t7"),
        ("documnet api", "guess:t8"),
        ("billng", "guess:p2"),
        ("relase notes", "guess:t9"),
        // Every word there, in another order: still only a guess.
        ("bug fix", "guess:t6"),
        // Word starts come before typos, ambiguity included.
        ("the", "ambiguous:t7,t8"),
        ("logn", "ambiguous:t3,t6"),
        // Unrelated words are nothing, and no hint either.
        ("deploy", "none"),
        ("kubernetes", "none"),
        ("ship", "none"),
        ("zq", "none"),
        ("q", "none"),
        ("ok", "none"),
        // Some words found, not all: a hint at most.
        ("keys rotate database", "hint:t2"),
        ("login safari invoice", "hint:t6"),
        ("stripy hooks", "hint:t4"),
        // Numbers are never typos of other numbers.
        ("relase notes 3.8", "none"),
        ("relase notes 3.7", "guess:t9"),
        ("keys api", "none"),
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
    let mut wrong = Vec::new();
    for (q, text) in MUST_NOT_MATCH {
        let p = plan(&[("Zzz", &[text])]);
        let got = found(&p, q, Scope::TasksAndPhases);
        if got != "none" {
            wrong.push(format!("{q:?} / {text:?}: {got}"));
        }
    }
    for (q, name) in MUST_NOT_NAME_PHASE {
        let p = plan(&[(name, &["zzz"])]);
        let got = found(&p, q, Scope::TasksAndPhases);
        if got != "none" {
            wrong.push(format!("{q:?} / phase {name:?}: {got}"));
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
        let got = found(&p, q, Scope::TasksAndPhases);
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
    assert_eq!(found(&p, "oaht", Scope::Tasks), "ambiguous:t1,t2");
    // One exact word and one near miss beat two near misses.
    let p = plan(&[("A", &["Fix login", "Fox logn"])]);
    assert_eq!(found(&p, "fix lgoin", Scope::Tasks), "guess:t1");
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
