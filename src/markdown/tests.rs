//! Property tests for the codec: every plan of normalised text survives
//! `render` and `render_gfm` and reading back, and `parse` never panics.

use proptest::prelude::*;

use super::{Flavour, Parsed, parse, parse_plan, render, render_gfm, render_plan};
use crate::plan::{Actor, Finding, Objective, ObjectiveStatus, Phase, Plan, Status, Task};
use crate::text::normalize;

/// Pieces that Markdown, our escaping or the GFM state comment could trip on.
const TRICKY: &[&str] = &[
    "#",
    "##",
    "\\#",
    "# ",
    "[x]",
    "[ ]",
    "- [ ]",
    "* [x]",
    "+",
    "-",
    "*",
    "_",
    "**",
    "\\",
    "\\\\",
    "`",
    "```",
    "~~",
    "~",
    "<b>",
    "</b>",
    "<div>",
    "<pre>",
    "<!--",
    "-->",
    "<!-->",
    "&amp;",
    "&lt;!--",
    "--&gt;",
    "&",
    "<!-- todo:end -->",
    "<!-- todo:begin -->",
    "<!-- todo:pending -->",
    "<!-- blocker: x -->",
    "<!-- dropped-by: user -->",
    "<!-- dropped-by: person -->",
    "todo:",
    "blocker=",
    "%",
    "%2D",
    ">",
    "> ",
    "=",
    "===",
    "---",
    "***",
    "|",
    "(in progress)",
    "(dropped)",
    "(blocked: x)",
    "[a]: b",
    "[a](b)",
    "1.",
    "é",
    "ü",
    "日本",
    "🎉",
    "👩‍💻",
    "\u{1b}[31m",
    "\u{7}",
    "\u{0}",
    "\t",
    "\n",
    "\r\n",
    "\u{a0}",
    "<Enter>",
    "</x>",
    "<https://example.com>",
    "www.example.com",
    "$x$",
    "$$",
    "\\*",
    "\\<",
    "[^1]",
    "![a](b)",
    "&copy;",
    "&#60;",
    "&lt;",
    "&gt;",
    "1)",
    "12.",
    "| a | b |",
    "|---|",
    ":",
    "[!NOTE]",
    "<div>x</div>",
    "<script>",
    "  ",
];

fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(TRICKY).prop_map(str::to_string),
        2 => "[a-zA-Z0-9]{1,6}",
        1 => any::<char>().prop_map(String::from),
    ]
}

/// Normalised, non-empty text made of tricky fragments.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec((fragment(), any::<bool>()), 1..6).prop_filter_map(
        "empty after normalisation",
        |parts| {
            let mut s = String::new();
            for (part, spaced) in parts {
                if spaced {
                    s.push(' ');
                }
                s.push_str(&part);
            }
            normalize(&s)
        },
    )
}

fn status() -> impl Strategy<Value = Status> {
    prop::sample::select(Status::ALL.to_vec())
}

fn task() -> impl Strategy<Value = Task> {
    (
        text(),
        status(),
        prop::option::of(text()),
        any::<bool>(),
        prop::collection::vec(text(), 0..3),
        check(),
    )
        .prop_map(|(content, status, blocker, dropped, notes, check)| Task {
            content,
            status,
            // A blocker only on blocked tasks, and only people drop tasks.
            blocker: blocker.filter(|_| status == Status::Blocked),
            dropped_by: dropped.then(|| "user".to_string()),
            notes,
            // A proof only on completed tasks.
            verify: check.map(|mut v| {
                if status != Status::Completed {
                    v.proof = None;
                }
                Box::new(v)
            }),
            ..Task::default()
        })
}

/// A task's check (any command on one line), with or without a timeout and
/// a proof (passed, failed or skipped, with or without a commit).
fn check() -> impl Strategy<Value = Option<crate::plan::TaskCheck>> {
    let proof = (
        prop::option::of(-1i32..3),
        0u64..100_000,
        prop::option::of("[0-9a-f]{7,40}"),
        text(),
    )
        .prop_map(|(exit, ms, commit, command)| crate::plan::Proof {
            command: crate::plan::clean_command(&command).unwrap_or_else(|| "true".into()),
            exit,
            ms: if exit.is_some() { ms } else { 0 },
            at: "2026-01-02T03:04:05Z".into(),
            commit,
        });
    prop::option::of((
        text(),
        prop::option::of(1u64..10_000),
        prop::option::of(proof),
    ))
    .prop_map(|check| {
        let (command, timeout, proof) = check?;
        Some(crate::plan::TaskCheck {
            command: crate::plan::clean_command(&command)?,
            timeout,
            proof,
        })
    })
}

/// A phase named `name` holding `tasks`, ids unset.
pub(super) fn phase(name: &str, tasks: Vec<Task>) -> Phase {
    Phase {
        name: name.into(),
        tasks,
        ..Phase::default()
    }
}

fn phases() -> impl Strategy<Value = Vec<Phase>> {
    let one = (text(), prop::collection::vec(task(), 0..5)).prop_map(|(n, t)| phase(&n, t));
    prop::collection::vec(one, 0..4)
}

/// Plans with objectives (every status, with and without who set it)
/// and findings (with and without who recorded them), their ids as
/// minted (in any order of numbers).
fn plans() -> impl Strategy<Value = Plan> {
    let actor = || prop::option::of(prop::sample::select(vec![Actor::Person, Actor::Agent]));
    let status = prop::sample::select(ObjectiveStatus::ALL.to_vec());
    (
        phases(),
        prop::collection::vec((text(), status, actor()), 0..4),
        prop::collection::vec((text(), actor()), 0..4),
        1u64..50,
    )
        .prop_map(|(phases, objectives, findings, base)| Plan {
            phases,
            objectives: objectives
                .into_iter()
                .enumerate()
                .map(|(i, (text, status, by))| Objective {
                    id: format!("o{}", base + i as u64),
                    text,
                    status,
                    by,
                    at: by.map(|_| "2026-01-02T03:04:05Z".to_string()),
                    ..Objective::default()
                })
                .collect(),
            findings: findings
                .into_iter()
                .enumerate()
                .map(|(i, (text, by))| Finding {
                    id: format!("f{}", base * 2 + i as u64),
                    text,
                    by,
                    at: by.map(|_| "2026-01-02T03:04:05Z".to_string()),
                    ..Finding::default()
                })
                .collect(),
            ..Plan::default()
        })
}

fn parsed(plan: &Plan) -> Parsed {
    Parsed {
        phases: plan.phases.clone(),
        objectives: plan.objectives.clone(),
        findings: plan.findings.clone(),
    }
}

/// Markdown-ish input: structure markers, line endings and tricky text.
fn markdownish() -> impl Strategy<Value = String> {
    const PIECES: &[&str] = &[
        "\n",
        "\n",
        "\r\n",
        "\r",
        "\t",
        "  ",
        "    ",
        "- ",
        "* ",
        "+ ",
        "1. ",
        "> ",
        "# ",
        "### ",
        "```\n",
        "~~~\n",
        "[ ] ",
        "[x] ",
        "[/] ",
        "[-] ",
        "[!] ",
        "[?] ",
        "[] ",
        "\\[x\\] ",
        "<!-- ",
        " -->",
        "<!-- todo:blocked blocker=a%2",
        " -->",
        "<div>\n",
        "</div>",
        "===\n",
        "---\n",
        "  > ",
        "[a]: b\n",
        "`",
        "*",
        "_",
        "\\",
        "#",
        "é",
        "🎉",
        "\u{0}",
        "text",
        "x",
    ];
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(PIECES).prop_map(str::to_string),
            1 => fragment(),
        ],
        0..40,
    )
    .prop_map(|v| v.concat())
}

/// Line-shaped input: mostly headings, task items with every marker
/// spelling and trailing comment, notes, fences and prose, so that many
/// documents parse and the codec's own paths get exercised.
fn checklistish() -> impl Strategy<Value = String> {
    const INDENT: &[&str] = &["", "", "", "", " ", "  ", "  ", "    ", "\t", "\t\t"];
    const BULLET: &[&str] = &["- ", "- ", "- ", "* ", "+ ", "-\t", "1. ", "-", "- - "];
    const MARKER: &[&str] = &[
        "[ ] ", "[x] ", "[X] ", "[/] ", "[>] ", "[-] ", "[~] ", "[!] ", "[] ", "\\[x\\] ", "[ ] ",
        "[x] ", "[/] ", "[-] ", "[!] ", "[?] ", "[ ]", "",
    ];
    const TAIL: &[&str] = &[
        "",
        "",
        " <!-- blocker: b -->",
        " <!-- dropped-by: user -->",
        " <!-- dropped-by: person -->",
        " <!-- blocker: a --> b --> <!-- dropped-by: user -->",
        " <!-- todo:blocked blocker=why%20not -->",
        " <!-- todo:abandoned dropped-by=user --> (dropped)",
        " <!-- todo:abandoned dropped-by=person --> (dropped)",
        " <!-- todo:in_progress --> (in progress)",
        " <!-- todo:nope -->",
        " <!-- other --> tail",
    ];
    let line = prop_oneof![
        6 => (
            prop::sample::select(INDENT),
            prop::sample::select(BULLET),
            prop::sample::select(MARKER),
            prop::option::weighted(0.95, text()),
            prop::sample::select(TAIL),
        )
            .prop_map(|(i, b, m, t, c)| format!("{i}{b}{m}{}{c}", t.unwrap_or_default())),
        2 => ("#{1,7}( |\t)?", prop::option::weighted(0.95, text()), "( #*)?")
            .prop_map(|(h, t, c)| format!("{h}{}{c}", t.unwrap_or_default())),
        2 => (prop::sample::select(&["", "  ", "    "][..]), text())
            .prop_map(|(i, t)| format!("{i}  > {t}")),
        1 => prop::sample::select(&["", "", "```", "~~~", "===", "---", "<!-- c -->", "<!--", "-->"][..])
            .prop_map(str::to_string),
        1 => text().prop_map(|t| format!("{t}  ")),
    ];
    let ending = prop::sample::select(&["\n", "\n", "\n", "\r\n", "\r"][..]);
    prop::collection::vec((line, ending), 0..16)
        .prop_map(|lines| lines.into_iter().map(|(l, e)| l + e).collect::<String>())
}

/// 512 cases unless `PROPTEST_CASES` asks for another number.
fn config() -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = 512;
    }
    config
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn markdown_round_trips(p in phases()) {
        let md = render(&p);
        prop_assert_eq!(parse(&md, false), Ok(p.clone()), "rendered:\n{}", md);
        prop_assert_eq!(parse(&md, true), Ok(p));
    }

    #[test]
    fn objectives_and_findings_round_trip_in_markdown_and_gfm(plan in plans()) {
        let md = render_plan(&plan, Flavour::Plain);
        prop_assert_eq!(parse_plan(&md, false), Ok(parsed(&plan)), "rendered:\n{}", md);
        prop_assert_eq!(parse_plan(&md, true), Ok(parsed(&plan)));
        let gfm = render_plan(&plan, Flavour::Gfm);
        prop_assert_eq!(parse_plan(&gfm, false), Ok(parsed(&plan)), "rendered:\n{}", gfm);
        // Without them, the checklist is the phases' alone, byte for byte.
        let bare = Plan { phases: plan.phases.clone(), ..Plan::default() };
        prop_assert_eq!(render_plan(&bare, Flavour::Plain), render(&plan.phases));
        prop_assert_eq!(render_plan(&bare, Flavour::Gfm), render_gfm(&plan.phases));
    }

    #[test]
    fn parse_plan_never_panics(s in checklistish()) {
        let _ = parse_plan(&s, false);
        let _ = parse_plan(&format!("Objectives:\n- [o1] x\n{s}\nFindings:\n- [f1] y\n"), true);
    }

    #[test]
    fn gfm_round_trips(p in phases()) {
        let md = render_gfm(&p);
        prop_assert_eq!(parse(&md, false), Ok(p), "rendered:\n{}", md);
    }

    #[test]
    fn rendering_is_stable(p in phases()) {
        let md = render(&p);
        let again = parse(&md, false).map(|q| render(&q));
        prop_assert_eq!(again, Ok(md));
    }

    #[test]
    fn parse_never_panics_on_any_string(s in any::<String>()) {
        let _ = parse(&s, false);
        let _ = parse(&s, true);
    }

    /// Whatever reads without error reads the same leniently, and renders
    /// (either flavour) to text that reads back to the same phases.
    #[test]
    fn reading_in_pieces_changes_nothing(s in prop_oneof![markdownish(), checklistish()], lenient in any::<bool>()) {
        prop_assert_eq!(super::chunks::parse_sized(&s, lenient, 0), super::parse::parse(&s, lenient));
        // Lone carriage returns keep a document in one piece; without them
        // the split paths run.
        let unix = s.replace('\r', "\n");
        prop_assert_eq!(super::chunks::parse_sized(&unix, lenient, 0), super::parse::parse(&unix, lenient));
    }

    #[test]
    fn whatever_parses_renders_back(s in prop_oneof![markdownish(), checklistish()]) {
        let strict = parse(&s, false);
        let lenient = parse(&s, true);
        if strict.is_ok() {
            prop_assert_eq!(&lenient, &strict);
        }
        if let Ok(p) = lenient {
            prop_assert_eq!(parse(&render(&p), false), Ok(p.clone()), "input {:?}", s);
            prop_assert_eq!(parse(&render_gfm(&p), false), Ok(p), "input {:?}", s);
        }
    }
}

/// The text a reader sees on GitHub for each heading, task line and note of
/// a GFM export, as CommonMark with GitHub's extensions renders it. Markup
/// the text did not ask for (emphasis, code, links, raw HTML, math…) shows
/// as `«…»`, so it can never equal the plan's text.
fn github_view(markdown: &str) -> Vec<String> {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let options = Options::ENABLE_TASKLISTS
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TABLES
        | Options::ENABLE_MATH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_GFM;
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut flush = |line: &mut String| {
        let words: Vec<&str> = line.split_whitespace().collect();
        if !words.is_empty() {
            lines.push(words.join(" "));
        }
        line.clear();
    };
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Text(t) => line.push_str(&t),
            Event::InlineHtml(h) if h.starts_with("<!-- todo:") && h.ends_with("-->") => {}
            Event::Start(Tag::Strikethrough) | Event::End(TagEnd::Strikethrough) => {}
            Event::TaskListMarker(_) => {}
            Event::SoftBreak
            | Event::Start(
                Tag::List(_)
                | Tag::Item
                | Tag::Paragraph
                | Tag::BlockQuote(_)
                | Tag::Heading { .. },
            )
            | Event::End(
                TagEnd::List(_)
                | TagEnd::Item
                | TagEnd::Paragraph
                | TagEnd::BlockQuote(_)
                | TagEnd::Heading(_),
            ) => flush(&mut line),
            other => line.push_str(&format!("«{other:?}»")),
        }
    }
    flush(&mut line);
    lines
}

/// What each phase name, task and note should read as on GitHub.
fn as_typed(phases: &[Phase]) -> Vec<String> {
    let mut out = Vec::new();
    // (GitHub shows NUL as U+FFFD, as CommonMark says; no escape avoids
    // that. pulldown-cmark's events keep it, so it is compared as is.)
    for phase in phases {
        out.push(shown(&phase.name));
        for task in &phase.tasks {
            let label = match (task.status, &task.blocker) {
                (Status::InProgress, _) => " (in progress)".to_string(),
                (Status::Blocked, Some(b)) => format!(" (blocked: {b})"),
                (Status::Blocked, None) => " (blocked)".to_string(),
                (Status::Abandoned, _) => " (dropped)".to_string(),
                _ => String::new(),
            };
            let check = match (task.check_command(), task.proof()) {
                (None, _) => String::new(),
                (Some(c), Some(p)) if p.passed() => format!(" (check passed: {c})"),
                (Some(c), Some(p)) if p.exit.is_some() => format!(" (check failed: {c})"),
                (Some(c), _) => format!(" (check not run: {c})"),
            };
            out.push(shown(&format!("{}{label}{check}", task.content)));
            out.extend(task.notes.iter().map(|n| shown(n)));
        }
    }
    out
}

/// `s` with every run of whitespace one space, as GitHub shows it.
fn shown(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the objectives and findings blocks should read as on GitHub, with
/// the phases' lines between them.
fn aims_as_typed(plan: &Plan) -> Vec<String> {
    let mut out = Vec::new();
    if !plan.objectives.is_empty() {
        out.push("Objectives:".to_string());
    }
    for o in &plan.objectives {
        let status = match o.status {
            ObjectiveStatus::Open => String::new(),
            s => format!(" {s}"),
        };
        out.push(shown(&format!("[{}{status}] {}", o.id, o.text)));
    }
    out.extend(as_typed(&plan.phases));
    if !plan.findings.is_empty() {
        out.push("Findings:".to_string());
    }
    for f in &plan.findings {
        out.push(shown(&format!("[{}] {}", f.id, f.text)));
    }
    out
}

proptest! {
    #![proptest_config(config())]

    /// A reader of the phases alone (the oh-my-pi codec's rules: headings
    /// and one-character markers) never takes an objective or finding line
    /// for a task or a heading: it refuses the line or reads the phases.
    #[test]
    fn a_phases_only_reader_never_takes_aims_for_tasks(plan in plans()) {
        for md in [render_plan(&plan, Flavour::Plain), render_plan(&plan, Flavour::Gfm)] {
            for lenient in [false, true] {
                if let Ok(phases) = parse(&md, lenient) {
                    prop_assert_eq!(&phases, &plan.phases, "rendered:\n{}", md);
                }
            }
        }
    }

    /// Objectives and findings in a pull request read on GitHub as typed too.
    #[test]
    fn gfm_objectives_and_findings_read_on_github_as_typed(plan in plans()) {
        let md = render_plan(&plan, Flavour::Gfm);
        prop_assert_eq!(github_view(&md), aims_as_typed(&plan), "rendered:\n{}", md);
    }

    /// Issue 9: text in a pull request reads on GitHub exactly as typed —
    /// no `<Enter>` hidden as a tag, no `*` turned into emphasis — and still
    /// reads back exactly.
    #[test]
    fn gfm_reads_on_github_as_typed(p in phases()) {
        let md = render_gfm(&p);
        prop_assert_eq!(github_view(&md), as_typed(&p), "rendered:\n{}", md);
        prop_assert_eq!(parse(&md, false), Ok(p));
    }
}

#[test]
fn gfm_text_that_github_would_read_as_markup() {
    let task = |content: &str, status: Status| Task {
        content: content.into(),
        status,
        notes: vec![content.into()],
        blocker: (status == Status::Blocked).then(|| content.to_string()),
        ..Task::default()
    };
    for text in [
        "Handle <Enter> key",
        "<b>bold</b> and <!-- hidden -->",
        "*a* _b_ `c` ~d~ ~~e~~ [f](g) ![h](i) $j$ \\k \\",
        "# heading",
        "> quote",
        "- item",
        "+ item",
        "1. first",
        "2) second",
        "===",
        "---",
        "| a | b |",
        "&copy; &#60; &lt; &amp;",
        "<https://example.com> x@y.z",
        "~",
        "~~",
        "\\~",
        "a\\",
    ] {
        let tasks = Status::ALL.iter().map(|s| task(text, *s)).collect();
        let p = vec![phase(text, tasks), phase(text, vec![])];
        let md = render_gfm(&p);
        assert_eq!(github_view(&md), as_typed(&p), "rendered:\n{md}");
        assert_eq!(parse(&md, false), Ok(p), "rendered:\n{md}");
    }
}

#[test]
fn phases_without_tasks_round_trip() {
    let p = vec![phase("#", vec![]), phase("Todos", vec![])];
    assert_eq!(render(&p), "# \\#\n\n# Todos\n");
    assert_eq!(parse(&render(&p), false), Ok(p.clone()));
    assert_eq!(parse(&render_gfm(&p), false), Ok(p));
}
