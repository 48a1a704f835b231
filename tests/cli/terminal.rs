//! What a person sees at a real terminal: `todo` runs in a pseudo-terminal
//! (stdin, stdout and stderr all the terminal). Messages keep their lines,
//! the checklist is painted line by line, and text from the plan or the
//! command line never drives the terminal.

use crate::common::TestEnv;

/// Drop the colour (SGR) sequences `todo` itself paints with; anything else
/// that starts with ESC is left, so a test can still see it.
fn strip_sgr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("\u{1b}[") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(after.len());
        if after[len..].starts_with('m') {
            rest = &after[len + 1..];
        } else {
            out.push_str("\u{1b}[");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Characters that must never reach a terminal raw from plan or argv text.
const RAW: &[char] = &[
    '\u{1b}', '\u{7}', '\u{8}', '\r', '\u{85}', '\u{9b}', '\u{202e}', '\u{202a}', '\u{2066}',
    '\u{2069}', '\u{200b}', '\u{200f}', '\u{2060}', '\u{feff}',
];

#[track_caller]
fn assert_nothing_raw(shown: &str) {
    let text = strip_sgr(shown);
    for c in RAW {
        assert!(
            !text.contains(*c),
            "U+{:04X} reached the terminal raw:\n{text:?}",
            *c as u32
        );
    }
}

/// A plan written by hand (as a cloned repository could hold it): the
/// file is not normalised on read, so its text can hold anything.
fn hostile_plan(env: &TestEnv) {
    let evil = "Evil\\n\\u001b]0;PWNED\\u0007\\u001b[2J \\u001b]52;c;cm0gLXJmIH4=\\u0007 \\u0085 \\u202eexe.txt \\u200b\\u2066x\\u2069\\ufeff end";
    env.write_plan(&format!(
        r#"{{"version":1,"rev":1,"nextPhaseId":2,"nextTaskId":4,"phases":[{{"id":"p1","name":"Ph\u001b[31mase","tasks":[
  {{"id":"t1","content":"{evil}","status":"in_progress"}},
  {{"id":"t2","content":"Blocked one","status":"blocked","blocker":"wait\u001b[2J\nfor it"}},
  {{"id":"t3","content":"Noted","status":"pending","notes":["a\u0007note\nfake line"]}}
]}}]}}"#
    ));
}

#[test]
fn the_checklist_keeps_its_lines_on_a_terminal() {
    let env = TestEnv::new();
    env.given(&[&["append", "a"], &["append", "b"]]);
    let (code, shown) = env.tty(&["--color", "never"]);
    assert_eq!((code, shown.as_str()), (0, "# Todos\n- [/] A\n- [ ] B\n"));
}

#[test]
fn the_checklist_is_painted_line_by_line_and_says_its_comments_in_words() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "build", "done one"],
        &["append", "build", "going one"],
        &["append", "build", "blocked one"],
        &["append", "build", "dropped one"],
        &["append", "ship", "pending one"],
        &["done", "done one"],
        &["start", "going one"],
        &["block", "blocked one", "-r", "vendor"],
        &["drop", "dropped one"],
        &["note", "pending one", "a note"],
    ]);
    let piped = env.run(&[]).ok().stdout.clone();
    let (code, shown) = env.tty(&[]);
    assert_eq!(code, 0, "{shown}");
    // The same lines apart from colour, and the comments that are ours
    // said in words (blocked: …, dropped by a person).
    let read = piped
        .replace(" <!-- blocker: vendor -->", " (blocked: vendor)")
        .replace(" <!-- dropped-by: person -->", " (dropped by a person)");
    assert_ne!(read, piped);
    assert_eq!(strip_sgr(&shown), read, "same lines apart from colour");
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), piped.lines().count(), "{shown:?}");
    let bold = "\u{1b}[1m";
    assert!(lines[0].starts_with(bold) && lines[0].contains("# Build"));
    for (line, marker, colour) in [(1, 'x', 32), (2, '/', 33), (3, '!', 31), (4, '-', 90)] {
        let painted = format!("- {bold}\u{1b}[{colour}m[{marker}]\u{1b}[0m");
        assert!(lines[line].starts_with(&painted), "{:?}", lines[line]);
    }
    assert!(lines[6].contains("# Ship") && lines[6].starts_with(bold));
    // --color always through a pipe: the same painted lines.
    let forced = env.run(&["--color", "always"]).ok().stdout.clone();
    assert_eq!(forced, shown);
}

#[test]
fn multi_line_outputs_keep_their_lines_on_a_terminal() {
    let env = TestEnv::new();
    env.web_app();
    for args in [
        &["--ids"][..],
        &["check"],
        &["export", "-"],
        &["export", "--format", "gfm", "-"],
        &["export", "--format", "json", "-"],
    ] {
        let piped = env.run(args);
        let (code, shown) = env.tty(args);
        assert_eq!(code, piped.code, "{args:?}");
        assert_eq!(strip_sgr(&shown), piped.stdout, "{args:?}");
        assert!(!shown.contains("^J"), "{args:?}: {shown:?}");
    }
    // Errors on stderr: the ambiguity list (the agent's: a person is
    // offered a choice), a parse error.
    let piped = env.run(&["--as", "agent", "done", "wire"]);
    piped.code(3);
    assert_eq!(
        env.tty(&["--as", "agent", "done", "wire"]),
        (3, piped.stderr.clone())
    );
    assert!(piped.stderr.lines().count() >= 4, "{piped:?}");
    std::fs::write(env.root.join("bad.md"), "# A\nprose\n- [?] odd\n").unwrap();
    let piped = env.run(&["import", "bad.md"]);
    piped.code(5);
    assert_eq!(piped.stderr.lines().count(), 3, "{piped:?}");
    assert_eq!(env.tty(&["import", "bad.md"]), (5, piped.stderr.clone()));
    // A broken plan file: two lines.
    let before = env.plan_text();
    env.write_plan("{");
    let piped = env.run(&["next"]);
    assert_eq!(piped.stderr.lines().count(), 2, "{piped:?}");
    assert_eq!(env.tty(&["next"]), (5, piped.stderr.clone()));
    env.write_plan(&before);
}

#[test]
fn plan_text_never_drives_the_terminal() {
    let env = TestEnv::new();
    hostile_plan(&env);
    let (_, shown) = env.tty(&["--color", "never"]);
    assert!(shown.contains("^[]0;PWNED^G^[[2J"), "{shown}");
    assert!(shown.contains("<U+202E>exe.txt"), "{shown}");
    assert!(shown.contains("<U+0085>"), "{shown}");
    assert!(
        shown.contains("<U+200B><U+2066>x<U+2069><U+FEFF>"),
        "{shown}"
    );
    // A raw newline in task text is text, not a line of the checklist.
    assert!(shown.contains("- [/] Evil^J^[]0;PWNED"), "{shown}");
    assert!(shown.contains("  > a^Gnote^Jfake line"), "{shown}");
    assert_eq!(shown.lines().count(), 5, "{shown}");
    // Every verb that shows plan text, on the way changing the plan.
    for args in [
        &[][..],
        &["--color", "never"],
        &["--ids"],
        &["check"],
        &["next"],
        &["export", "-"],
        &["export", "--format", "gfm", "-"],
        &["start", "noted"],
        &["done", "evil"],
        &["block", "t1", "-r", "why"],
        &["note", "t1", "x"],
        &["rename", "t3", "--to", "renamed"],
        &["undo"],
        &["mv", "t1", "other"],
        &["rm", "t2"],
        &["undo"],
        &["__complete", "tasks"],
        &["done", "phase"],
        &["--json", "next"],
    ] {
        let (_, shown) = env.tty(args);
        assert_nothing_raw(&shown);
    }
}

#[test]
fn text_typed_on_the_command_line_never_drives_the_terminal() {
    let env = TestEnv::new();
    let evil = "x \u{1b}]52;c;cm0gLXJmIH4=\u{7} \u{1b}[2J \u{202e}gnp.exe \u{9b}31m";
    let (code, shown) = env.tty(&["append", evil]);
    assert_eq!(code, 0);
    assert_nothing_raw(&shown);
    assert!(
        shown.contains("^[]52;c;cm0gLXJmIH4=^G ^[[2J <U+202E>gnp.exe <U+009B>31m"),
        "{shown}"
    );
    for args in [
        &["done", "\u{1b}[2Jnothing"][..],
        &["done", "x"],
        &["append", evil],
        &["\u{1b}[2Jfoo"],
        &["--color", "\u{1b}[2J"],
        &["done", "--\u{1b}[2J"],
    ] {
        let (_, shown) = env.tty(args);
        assert_nothing_raw(&shown);
    }
    // clap's usage error shows the unknown verb, made visible.
    let (code, shown) = env.tty(&["\u{1b}[2Jfoo"]);
    assert_eq!(code, 2);
    assert!(shown.contains("^[[2Jfoo"), "{shown}");
    assert!(
        shown.lines().count() > 2,
        "the usage error keeps its lines: {shown:?}"
    );
}

#[test]
fn a_person_at_a_terminal_sees_text_as_typed() {
    let env = TestEnv::new();
    env.given(&[
        &["append", "r&d", "review <!-- this --> & that"],
        &["block", "review", "-r", "legal & co"],
    ]);
    let piped = env.run(&[]).ok().stdout.clone();
    assert_eq!(
        piped,
        "# R&amp;d\n- [!] Review &lt;!-- this --&gt; &amp; that <!-- blocker: legal &amp; co -->\n"
    );
    let (_, shown) = env.tty(&["--color", "never"]);
    assert_eq!(
        shown,
        "# R&d\n- [!] Review <!-- this --> & that (blocked: legal & co)\n"
    );
    let (_, ids) = env.tty(&["--ids", "--color", "never"]);
    assert!(
        ids.contains("# R&d") && ids.contains("Review <!-- this --> & that"),
        "{ids}"
    );
    // `export -` is the Markdown file, wherever it goes: the exact
    // Markdown, which leaves who set a status and when out as the
    // checklist does.
    let (_, exported) = env.tty(&["export", "-"]);
    assert_eq!(exported, env.run(&["export", "-"]).ok().stdout);
    assert_eq!(exported, piped);
}

#[test]
fn the_edit_reopen_prompt_lists_problems_made_visible() {
    let env = TestEnv::new();
    env.write_plan(
        r#"{"version":1,"rev":1,"nextPhaseId":2,"nextTaskId":2,"phases":[{"id":"p1","name":"A","tasks":[
  {"id":"t1","content":"ok\n\u001b]0;PWNED\u0007\u001b[2J","status":"pending"}]}]}"#,
    );
    let before = env.plan_text();
    std::fs::create_dir_all(env.home.join("tmp")).unwrap();
    // The plan's raw newline stays inside its task's line (Markdown text is
    // folded); the line the editor adds holds the same escapes as prose,
    // after the buffer's guide (lines 1 to 7) and the checklist, and is
    // named by its line.
    let script = env.script(
        "touch.sh",
        "printf -- 'see \\033]0;PWNED\\007\\033[2J\\n' >> \"$1\"",
    );
    let mut term = env.terminal(&["edit"], |c| {
        c.env("TMPDIR", env.home.join("tmp")).env("EDITOR", &script);
    });
    let listed = term.expect("Reopen the editor to fix it? [Y/n]");
    term.send_line("n");
    let (code, shown) = term.finish();
    assert_eq!(code, 5, "{shown}");
    assert_nothing_raw(&shown);
    assert!(
        listed.starts_with(
            "Could not parse Markdown:\n  Line 11: unrecognized syntax \"see ^[]0;PWNED^G^[[2J\"\n"
        ),
        "{listed:?}"
    );
    assert!(shown.contains("\nYour text is kept in "), "{shown}");
    assert_eq!(env.plan_text(), before);
}

#[test]
fn json_on_a_terminal_escapes_c1_and_invisible_characters() {
    let env = TestEnv::new();
    // (U+0085 is whitespace to the command line's normalising; U+009B is
    // the one-byte CSI.)
    env.given(&[&["append", "a\u{9b}b\u{202e}c\u{200b}d\u{7f}"]]);
    let (_, shown) = env.tty(&["--json", "next"]);
    assert_nothing_raw(&shown);
    assert!(!shown.contains('\u{7f}'), "{shown:?}");
    assert!(shown.contains(r"A\u009bb\u202ec\u200bd\u007f"), "{shown}");
    // The same bytes through a pipe; the value is the text as typed.
    let piped = env.run(&["--json", "next"]);
    assert_eq!(piped.stdout, shown);
    assert_eq!(piped.json()["message"], "A\u{9b}b\u{202e}c\u{200b}d\u{7f}");
}
