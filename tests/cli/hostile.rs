//! Input nobody should trust — empty or half-commented imports, pull-request
//! bodies with look-alike markers, text GitHub would read as HTML — and the
//! regression corpus under `tests/corpus/`, each case with its documented
//! outcome.

use std::path::Path;

use crate::common::{Run, TWO_TASKS, TestEnv};

/// Run `todo` with `input` on stdin.
fn pipe(env: &TestEnv, args: &[&str], input: &[u8]) -> Run {
    env.run_stdin(args, input, |_| {})
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const EMPTY_HINT: &str = "To clear the plan on purpose, run: todo rm";

#[test]
fn importing_nothing_is_refused_and_the_plan_kept() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    // `false | todo import -`: no input at all.
    pipe(&env, &["import", "-"], b"").is(
        5,
        "",
        &format!(
            "Could not import -: it has no headings and no tasks; the plan was left as it was.\n{EMPTY_HINT}\n"
        ),
    );
    assert_eq!(env.plan_text(), TWO_TASKS);
    // Blank lines and comments only; prose only when lenient; an empty
    // region; JSON with no phases.
    for (name, text, args) in [
        ("blank.md", "\n\n  \n", &[][..]),
        ("comment.md", "<!-- nothing here -->\n\n", &[]),
        ("prose.md", "Just some prose.\n", &["--lenient"]),
        (
            "block.md",
            "Intro\n<!-- todo:begin -->\n<!-- todo:end -->\n",
            &["--from-block"],
        ),
        ("bare.json", "[]", &[]),
        ("snapshot.json", "{\"phases\": []}", &[]),
    ] {
        std::fs::write(env.root.join(name), text).unwrap();
        let mut argv = vec!["import", name];
        argv.extend(args);
        let run = env.run(&argv);
        run.code(5);
        assert!(run.stdout.is_empty(), "{name}: {run:?}");
        assert!(
            run.stderr
                .starts_with(&format!("Could not import {name}: ")),
            "{name}: {run:?}"
        );
        assert!(run.stderr.contains(EMPTY_HINT), "{name}: {run:?}");
        assert_eq!(env.plan_text(), TWO_TASKS, "{name}");
    }
    // A heading alone is a phase: that is something to import.
    pipe(&env, &["import", "-"], b"# Later\n").is(
        0,
        "Imported 1 phase(s), 0 task(s) from -.\n",
        "",
    );
    // On purpose, the plan is cleared with rm.
    env.run(&["rm"]).ok();
    env.run(&[])
        .is(0, "No todos. Use todo append <task> to start one.\n", "");
}

#[test]
fn an_unterminated_comment_is_refused_naming_its_line() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    let text =
        "# Release\n- [ ] tag it\n<!-- forgot to close this\n- [ ] publish\n- [ ] announce\n";
    std::fs::write(env.root.join("open.md"), text).unwrap();
    let want = "Could not parse open.md:\n  Line 3: unterminated HTML comment \"<!--\" would hide every line after it (close it with \"-->\")\n";
    env.run(&["import", "open.md"]).is(5, "", want);
    // Lenient reading skips prose, never tasks hidden by a comment.
    env.run(&["import", "--lenient", "open.md"]).is(5, "", want);
    assert_eq!(env.plan_text(), TWO_TASKS);
    // Inside a task's list item it hides the item's rest just the same.
    std::fs::write(
        env.root.join("item.md"),
        "- [ ] a\n  <!-- open\n  - [ ] b\n- [ ] c\n",
    )
    .unwrap();
    let run = env.run(&["import", "item.md"]);
    run.code(5);
    assert!(
        run.stderr
            .contains("  Line 2: unterminated HTML comment \"<!--\""),
        "{run:?}"
    );
    // Closed comments, even odd ones, are still ignored.
    std::fs::write(
        env.root.join("closed.md"),
        "<!-->\n# A\n<!---->\n<!--\n- [ ] hidden on purpose\n-->\n- [ ] a\n",
    )
    .unwrap();
    env.run(&["import", "closed.md"])
        .is(0, "Imported 1 phase(s), 1 task(s) from closed.md.\n", "");
}

#[test]
fn import_json_with_a_duplicate_key_is_refused() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    let text = r#"{"phases": [{"name": "A", "tasks": [{"content": "kept", "status": "pending"}]}],
"phases": []}"#;
    let run = pipe(&env, &["import", "-"], text.as_bytes());
    run.code(5);
    assert!(
        run.stderr
            .starts_with("Could not parse -:\n  Line 2: duplicate field `phases`"),
        "{run:?}"
    );
    assert_eq!(env.plan_text(), TWO_TASKS);
}

/// What a reader sees on GitHub: the text events of the rendered Markdown,
/// as GitHub's renderer would produce them (CommonMark plus GFM).
pub(crate) fn github_text(markdown: &str) -> Vec<String> {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let options = Options::ENABLE_TASKLISTS
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TABLES
        | Options::ENABLE_MATH
        | Options::ENABLE_FOOTNOTES;
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
            Event::Html(h) | Event::InlineHtml(h) if h.starts_with("<!--") => {}
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
            | Event::End(_) => flush(&mut line),
            // Anything else (emphasis, code, links, HTML, math…) is markup
            // the text did not ask for.
            other => line.push_str(&format!("«{other:?}»")),
        }
    }
    flush(&mut line);
    lines
}

#[test]
fn the_pull_request_flavour_reads_on_github_as_typed() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "UI", "Handle <Enter> key"],
        &[
            "append",
            "UI",
            "Render *bold* and `code` and [link](x) and $x$",
        ],
        &["append", "UI", "Escape \\ and ~~this~~ & &copy; <b>"],
    ]);
    // Named by id, as the ids t1, t2, t3 these tasks once had.
    let n = env.names();
    let [t1, t2, t3] = [n.id("t1"), n.id("t2"), n.id("t3")];
    env.given(&[
        &["block", &t2, "-r", "waits on <Esc> & `x`"],
        &["note", &t1, "# not a heading, <div> not html"],
        &["note", &t1, "--", "- not a list"],
        &["drop", &t3],
        &[
            "append",
            "Review <Enter> *bold* & `code` [l](u) ~~s~~ <img> C#",
            "Check it",
        ],
    ]);
    let before = env.plan();
    let run = env.run(&["export", "--format", "gfm", "-"]);
    run.ok();
    assert_eq!(
        run.stdout,
        "### UI\n\
         - [ ] Handle &lt;Enter> key <!-- todo:in_progress --> (in progress)\n\
         \x20 > \\# not a heading, &lt;div> not html\n\
         \x20 > \\- not a list\n\
         - [ ] Render \\*bold\\* and \\`code\\` and \\[link\\](x) and \\$x\\$ <!-- todo:blocked blocker=waits%20on%20%3CEsc%3E%20%26%20%60x%60 by=person at=2026-01-02T03:04:05Z --> (blocked: waits on &lt;Esc> &amp; \\`x\\`)\n\
         - [x] ~~Escape \\\\ and \\~\\~this\\~\\~ &amp; &amp;copy; &lt;b>~~ <!-- todo:abandoned dropped-by=person by=person at=2026-01-02T03:04:05Z --> (dropped)\n\
         \n\
         ### Review &lt;Enter> \\*bold\\* &amp; \\`code\\` \\[l\\](u) \\~\\~s\\~\\~ &lt;img> C\\# <!-- todo: gfm -->\n\
         - [ ] Check it <!-- todo:pending -->\n"
    );
    assert_eq!(
        github_text(&run.stdout),
        [
            "UI",
            "Handle <Enter> key (in progress)",
            "# not a heading, <div> not html",
            "- not a list",
            "Render *bold* and `code` and [link](x) and $x$ (blocked: waits on <Esc> & `x`)",
            "Escape \\ and ~~this~~ & &copy; <b> (dropped)",
            "Review <Enter> *bold* & `code` [l](u) ~~s~~ <img> C#",
            "Check it",
        ]
    );
    // And it still reads back exactly.
    std::fs::write(env.root.join("pr.md"), &run.stdout).unwrap();
    env.run(&["import", "pr.md"]).ok();
    assert_eq!(env.plan()["phases"], before["phases"]);
}

fn into(env: &TestEnv, name: &str, doc: &[u8]) -> (Run, Vec<u8>) {
    let path = env.root.join(name);
    std::fs::write(&path, doc).unwrap();
    let run = env.run(&["export", "--into", name]);
    (run, std::fs::read(&path).unwrap())
}

#[test]
fn into_keeps_a_byte_order_mark_before_the_begin_marker() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let doc = "\u{feff}<!-- todo:begin -->\nold\n<!-- todo:end -->\nAfter\n";
    let (run, out) = into(&env, "bom.md", doc.as_bytes());
    run.ok();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "\u{feff}<!-- todo:begin -->\n# Todos\n- [/] A\n<!-- todo:end -->\nAfter\n"
    );
    env.run(&["import", "--from-block", "bom.md"]).ok();
}

#[test]
fn into_ignores_markers_in_code_and_inside_lines() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    // Markers shown as an example in a fence or an indented code block, or
    // quoted inside a line, are not the region: one is appended.
    let doc = "How to use it:\n\n```md\n<!-- todo:begin -->\n<!-- todo:end -->\n```\n\n    <!-- todo:end -->\n\nWrite `<!-- todo:begin -->` on a line.\n";
    let (run, out) = into(&env, "doc.md", doc.as_bytes());
    run.ok();
    let want = format!("{doc}\n<!-- todo:begin -->\n# Todos\n- [/] A\n<!-- todo:end -->\n");
    assert_eq!(String::from_utf8_lossy(&out), want);
    // Run again: the same file, not a second region.
    env.run(&["export", "--into", "doc.md"]).ok();
    assert_eq!(read(&env.root.join("doc.md")), want);

    // A real region after a fenced example is the one rewritten, and an end
    // marker in a fence inside the region does not end it.
    let doc = "~~~\n<!-- todo:end -->\n~~~\n<!-- todo:begin -->\nold\n```\n<!-- todo:end -->\n```\n<!-- todo:end -->\ntail\n";
    let (run, out) = into(&env, "real.md", doc.as_bytes());
    run.ok();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "~~~\n<!-- todo:end -->\n~~~\n<!-- todo:begin -->\n# Todos\n- [/] A\n<!-- todo:end -->\ntail\n"
    );
}

#[test]
fn into_refuses_a_file_ending_in_an_open_code_block() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    // A region appended there would be code, and the next export would
    // append another.
    let doc = "Intro\n```\nnever closed\n";
    let (run, out) = into(&env, "open.md", doc.as_bytes());
    run.is(
        5,
        "",
        "Cannot update open.md: line 2: a code block that is never closed; a region appended after it would be part of it; it was left as it was.\n",
    );
    assert_eq!(out, doc.as_bytes());
}

#[test]
fn into_writes_the_line_endings_most_of_the_file_uses() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"]]);
    // The first line ends in \n, the rest in \r\n: the region is \r\n.
    let doc = "Title\nSome\r\ntext\r\n<!-- todo:begin -->\r\nold\r\n<!-- todo:end -->\r\nEnd\r\n";
    let (run, out) = into(&env, "mixed.md", doc.as_bytes());
    run.ok();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "Title\nSome\r\ntext\r\n<!-- todo:begin -->\r\n# Todos\r\n- [/] A\r\n- [ ] B\r\n<!-- todo:end -->\r\nEnd\r\n"
    );
    // Appending to a mostly-\r\n file whose first line ends in \n.
    let doc = "Title\nA\r\nB\r\n";
    let (run, out) = into(&env, "append.md", doc.as_bytes());
    run.ok();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "Title\nA\r\nB\r\n\r\n<!-- todo:begin -->\r\n# Todos\r\n- [/] A\r\n- [ ] B\r\n<!-- todo:end -->\r\n"
    );
}

#[test]
fn into_a_carriage_return_only_file_keeps_one_region() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"]]);
    let doc = "Intro\r<!-- todo:begin -->\rold\r<!-- todo:end -->\rEnd\r";
    let (run, out) = into(&env, "mac.md", doc.as_bytes());
    run.ok();
    let want = "Intro\r<!-- todo:begin -->\r# Todos\r- [/] A\r<!-- todo:end -->\rEnd\r";
    assert_eq!(String::from_utf8_lossy(&out), want);
    env.run(&["export", "--into", "mac.md"]).ok();
    assert_eq!(read(&env.root.join("mac.md")), want);
    env.run(&["import", "--from-block", "mac.md"]).is(
        0,
        "Imported 1 phase(s), 1 task(s) from mac.md.\n",
        "",
    );
}

/// The files of one corpus folder, sorted, without the expected outcomes
/// (`*.out`, `*.err`, `*.json.md`) that sit beside them.
fn corpus(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.to_string_lossy();
            !(name.ends_with(".out") || name.ends_with(".err") || name.ends_with(".json.md"))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    files
}

fn name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// tests/corpus/plan: hostile plan files. Every verb, reading or writing,
/// exits 5 naming the file and a line:column, and the bytes stay.
#[test]
fn corpus_plan_files_are_refused_and_kept() {
    for case in corpus("plan") {
        let env = TestEnv::new();
        let bytes = std::fs::read(&case).unwrap();
        std::fs::write(env.plan_path(), &bytes).unwrap();
        let shown = env.plan_path().display().to_string();
        for args in [
            &[][..],
            &["show", "--json"],
            &["append", "x"],
            &["done"],
            &["rm"],
            &["check"],
            &["next"],
            &["export", "-"],
            &["import", "-"],
        ] {
            let run = pipe(&env, args, b"# A\n- [ ] a\n");
            assert_eq!(run.code, 5, "{} {args:?}: {run:?}", name(&case));
            if !args.contains(&"--json") {
                assert!(
                    run.stderr.starts_with(&format!("Plan file {shown}:")),
                    "{} {args:?}: {run:?}",
                    name(&case)
                );
            }
            assert_eq!(
                std::fs::read(env.plan_path()).unwrap(),
                bytes,
                "{}",
                name(&case)
            );
        }
    }
}

/// tests/corpus/import: input `import` refuses (exit 5), strictly and
/// leniently, from a file and from stdin; the plan stays as it was.
#[test]
fn corpus_imports_are_refused_and_the_plan_kept() {
    let env = TestEnv::new();
    env.write_plan(TWO_TASKS);
    for case in corpus("import") {
        let path = case.display().to_string();
        let input = std::fs::read(&case).unwrap();
        for run in [
            env.run(&["import", &path]),
            env.run(&["import", "--lenient", &path]),
            pipe(&env, &["import", "-"], &input),
        ] {
            assert_eq!(run.code, 5, "{}: {run:?}", name(&case));
            assert!(run.stdout.is_empty(), "{}: {run:?}", name(&case));
            assert_eq!(env.plan_text(), TWO_TASKS, "{}", name(&case));
        }
    }
}

/// tests/corpus/into: documents for `export --into`. `X.out` is the file
/// as it must be afterwards (and stays so when run again); `X.err` the
/// exit status and message of a refusal that leaves the file untouched.
#[test]
fn corpus_into_documents() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"]]);
    for case in corpus("into") {
        let file = name(&case);
        let doc = std::fs::read(&case).unwrap();
        let (run, got) = into(&env, &file, &doc);
        let out = std::fs::read(format!("{}.out", case.display()));
        let err = std::fs::read_to_string(format!("{}.err", case.display()));
        match (out, err) {
            (Ok(want), Err(_)) => {
                run.is(0, &format!("Wrote todos to {file}\n"), "");
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want),
                    "{file}"
                );
                env.run(&["export", "--into", &file]).ok();
                assert_eq!(
                    std::fs::read(env.root.join(&file)).unwrap(),
                    want,
                    "{file} again"
                );
                env.run(&["import", "--from-block", &file]).ok();
            }
            (Err(_), Ok(want)) => {
                let (code, message) = want.split_once('\n').unwrap_or_default();
                assert_eq!(format!("exit {}", run.code), code, "{file}: {run:?}");
                assert_eq!(run.stderr, message, "{file}");
                assert_eq!(got, doc, "{file} must be untouched");
            }
            _ => panic!("{file}: needs exactly one of {file}.out and {file}.err"),
        }
    }
}

/// tests/corpus/gfm: phases whose pull-request export (`X.json.md`) must
/// read on GitHub as typed and import back to the same phases.
#[test]
fn corpus_gfm_exports() {
    for case in corpus("gfm") {
        let env = TestEnv::new();
        env.run(&["import", &case.display().to_string()]).ok();
        let before = env.plan();
        let run = env.run(&["export", "--format", "gfm", "-"]);
        run.ok();
        let golden = format!("{}.md", case.display());
        assert_eq!(run.stdout, read(Path::new(&golden)), "{}", name(&case));
        // Each phase name shows on GitHub as a line of its own, as typed.
        let shown = github_text(&run.stdout);
        for phase in before["phases"].as_array().into_iter().flatten() {
            let typed = phase["name"].as_str().unwrap_or_default();
            assert!(shown.iter().any(|l| l == typed), "{typed}: {shown:?}");
        }
        env.run(&["import", &golden]).ok();
        assert_eq!(env.plan()["phases"], before["phases"], "{}", name(&case));
    }
}

/// A plan file is not normalised on read, so a cloned repository's plan can
/// hold raw line breaks in its text. Written as Markdown they must not make
/// lines of their own: no injected heading, task, checkbox or note in
/// `TODO.md` or a pull-request body, and what is exported reads back as the
/// same one phase with one task.
#[test]
fn line_breaks_in_plan_text_never_make_markdown_lines() {
    let env = TestEnv::new();
    env.write_plan(concat!(
        r#"{"version":1,"phases":[{"id":"p1","name":"A\n# Injected","tasks":["#,
        r#"{"id":"t1","content":"one\n- [x] injected\r- [ ] two\r\n\n* [ ] three","#,
        r#""status":"blocked","blocker":"b\n- [ ] four","#,
        r#""notes":["n1\n- [ ] five\r# six"]}]}]}"#,
        "\n"
    ));
    let md = env.run(&["export", "-"]).ok().stdout.clone();
    assert_eq!(
        md,
        "# A # Injected\n- [!] one - [x] injected - [ ] two * [ ] three \
         <!-- blocker: b - [ ] four -->\n  > n1 - [ ] five # six\n",
    );
    let gfm = env
        .run(&["export", "-", "--format", "gfm"])
        .ok()
        .stdout
        .clone();
    assert_eq!(gfm.lines().count(), 3, "{gfm}");
    assert!(
        gfm.starts_with("### A # Injected\n- [ ] one - \\[x\\] injected"),
        "{gfm}"
    );
    // Each reads back as one phase holding one task, text normalised.
    for (name, text) in [("plain.md", &md), ("pr.md", &gfm)] {
        std::fs::write(env.root.join(name), text).unwrap();
        let other = TestEnv::new();
        std::fs::write(other.root.join(name), text).unwrap();
        other.run(&["import", name]).ok();
        let plan = other.plan();
        let phases = plan["phases"].as_array().unwrap();
        assert_eq!(phases.len(), 1, "{name}: {plan}");
        assert_eq!(phases[0]["name"], "A # Injected", "{name}");
        let tasks = phases[0]["tasks"].as_array().unwrap();
        assert_eq!(tasks.len(), 1, "{name}: {plan}");
        assert_eq!(
            tasks[0]["content"], "one - [x] injected - [ ] two * [ ] three",
            "{name}"
        );
        assert_eq!(tasks[0]["blocker"], "b - [ ] four", "{name}");
        assert_eq!(tasks[0]["notes"][0], "n1 - [ ] five # six", "{name}");
    }
}
