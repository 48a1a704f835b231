//! Completions and man pages are generated from the clap definition; the
//! committed copies must be exactly what it generates now.

use std::path::Path;
use std::process::Command;

use crate::common::has;

const REGENERATE: &str = "UPDATE_GENERATED=1 cargo test --test cli generated";

#[test]
fn committed_completions_and_man_pages_match_the_definition() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os("UPDATE_GENERATED").is_some();
    let mut stale = Vec::new();
    for (path, bytes) in todo::generated_files() {
        let file = root.join(&path);
        if update {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &bytes).unwrap();
            continue;
        }
        if std::fs::read(&file).ok().as_deref() != Some(&bytes[..]) {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "generated files are stale: {stale:?}\nregenerate them with: {REGENERATE}"
    );
}

#[test]
fn clap_definition_is_consistent() {
    use clap::CommandFactory;
    todo::Cli::command().debug_assert();
}

/// `man` writing to its stdout, no pager.
fn man() -> Command {
    let mut man = Command::new("man");
    man.env("MANPAGER", "cat").env("PAGER", "cat");
    man
}

#[test]
#[cfg_attr(
    todo_tests_no_man,
    ignore = "man(1) is not installed (.ci/run installs man-db)"
)]
fn the_man_page_renders_without_warnings() {
    if !has("man") {
        crate::common::missing_tool("man(1) is not installed (.ci/run installs man-db)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for page in ["man/todo.1", "man/todo-done.1", "man/todo-batch.1"] {
        let out = man()
            .args(["-l", "--warnings", page])
            .current_dir(root)
            .env("MANWIDTH", "80")
            .output()
            .expect("man");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{page}: {stderr}");
        assert_eq!(stderr, "", "{page} renders with warnings");
        assert!(stdout.contains("todo"), "{page}: {stdout}");
    }
}

/// Every page, as `man` shows it, sets commands and flags in bold, never
/// between raw backticks; `--help` keeps the backticks it is written with.
#[test]
#[cfg_attr(
    todo_tests_no_man,
    ignore = "man(1) is not installed (.ci/run installs man-db)"
)]
fn man_pages_show_code_in_bold_not_between_backticks() {
    if !has("man") {
        crate::common::missing_tool("man(1) is not installed (.ci/run installs man-db)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = 0;
    for entry in std::fs::read_dir(root.join("man")).expect("man/").flatten() {
        let out = man()
            .arg("-l")
            .arg(entry.path())
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "1")
            .output()
            .expect("man");
        let shown = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}", entry.path().display());
        assert!(
            !shown.contains('`'),
            "{} shows a raw backtick:\n{shown}",
            entry.path().display()
        );
        pages += 1;
    }
    assert!(pages > 30, "{pages} pages");
    // Bold on the terminal is the letter, a backspace, the letter again
    // (man-db keeps it when piped with MAN_KEEP_FORMATTING; mandoc's man,
    // macOS's, has no `--version` and no such switch).
    let man_db = Command::new("man")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let out = man()
        .arg("-l")
        .arg(root.join("man/todo-done.1"))
        .env("MAN_KEEP_FORMATTING", "1")
        .output()
        .expect("man");
    let shown = String::from_utf8_lossy(&out.stdout);
    let bold: String = "todo done oauth"
        .chars()
        .map(|c| {
            if c == ' ' {
                " ".to_string()
            } else {
                format!("{c}\u{8}{c}")
            }
        })
        .collect();
    assert!(!man_db || shown.contains(&bold), "{shown:?}");
    let env = crate::common::TestEnv::new();
    let help = env.run(&["help", "done"]);
    assert!(help.stdout.contains("`todo done oauth`"), "{}", help.stdout);
}

/// Load the committed bash completion into a real bash and ask it about
/// the command line `line`.
fn bash_complete(env: &crate::common::TestEnv, line: &[&str]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions/todo.bash");
    bash_complete_with(env, &format!("source '{}'", script.display()), line)
}

/// Run `load` (which loads a completion script) in a real bash, then ask
/// the completion about the command line `line`.
fn bash_complete_with(env: &crate::common::TestEnv, load: &str, line: &[&str]) -> Vec<String> {
    let words = line
        .iter()
        .map(|w| format!("'{w}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let program = format!(
        "{load} || exit 9; COMP_WORDS=({words}); COMP_CWORD={}; COMP_LINE='{}'; COMP_POINT=${{#COMP_LINE}}; \
         _todo_targets todo '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        line.len() - 1,
        line.join(" "),
        line[line.len() - 1],
        line[line.len().saturating_sub(2)]
    );
    let bin_dir = crate::common::bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .current_dir(&env.root)
        .env("PATH", path)
        .env("HOME", &env.home)
        .output()
        .expect("bash");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
#[cfg_attr(todo_tests_no_bash, ignore = "bash is not installed")]
fn bash_completes_verbs_and_task_names() {
    let env = crate::common::TestEnv::new();
    if !has("bash") {
        crate::common::missing_tool("bash is not installed");
        return;
    }
    let verbs = bash_complete(&env, &["todo", "d"]);
    assert_eq!(verbs, ["done", "drop"]);
    env.given(&[
        &["append", "auth", "wire OAuth providers"],
        &["append", "auth", "rotate keys"],
        &["done", "rotate"],
    ]);
    let tasks = bash_complete(&env, &["todo", "done", "W"]);
    assert_eq!(tasks, ["Wire\\ OAuth\\ providers"]);
    // done offers phases and open tasks; start offers open tasks only.
    let all = bash_complete(&env, &["todo", "done", ""]);
    assert_eq!(all, ["Auth", "Wire\\ OAuth\\ providers"]);
    let flags = bash_complete(&env, &["todo", "done", "--j"]);
    assert_eq!(flags, ["--json"]);
}

#[test]
#[cfg_attr(
    any(todo_tests_no_zsh, todo_tests_no_fish),
    ignore = "needs zsh and fish (.ci/run installs them)"
)]
fn zsh_and_fish_completions_load_without_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ran = 0;
    if has("zsh") {
        let out = Command::new("zsh")
            .args([
                "-f",
                "-c",
                "autoload -U compinit; compinit -u; source completions/_todo; echo loaded",
            ])
            .current_dir(root)
            .output()
            .expect("zsh");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "zsh");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "loaded\n");
        ran += 1;
    } else {
        crate::common::missing_tool("zsh: not installed (.ci/run installs it)");
    }
    if has("fish") {
        let out = Command::new("fish")
            .args([
                "--no-config",
                "-c",
                "source completions/todo.fish; and complete -C 'todo d'",
            ])
            .current_dir(root)
            .env("HOME", std::env::temp_dir())
            .output()
            .expect("fish");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "fish");
        let offered = String::from_utf8_lossy(&out.stdout);
        assert!(offered.lines().any(|l| l.starts_with("done")), "{offered}");
        assert!(offered.lines().any(|l| l.starts_with("drop")), "{offered}");
        ran += 1;
    } else {
        crate::common::missing_tool("fish: not installed (.ci/run installs it)");
    }
    println!("completion shells checked: {ran}");
}

#[test]
fn every_verb_has_an_example_in_its_help() {
    use clap::CommandFactory;
    let cmd = todo::Cli::command();
    let mut missing = Vec::new();
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let help = sub.clone().render_long_help().to_string();
        if !help.contains("Example") {
            missing.push(sub.get_name().to_string());
        }
    }
    assert!(missing.is_empty(), "verbs without an example: {missing:?}");
}

/// `todo completions <shell>` and `todo man [<verb>]`: stdout exactly, raw.
fn printed(env: &crate::common::TestEnv, args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = env.command().args(args).output().expect("run todo");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn todo_completions_prints_the_committed_scripts_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let env = crate::common::TestEnv::new();
    for (shell, file) in [
        ("bash", "todo.bash"),
        ("zsh", "_todo"),
        ("fish", "todo.fish"),
        ("elvish", "todo.elv"),
        ("powershell", "_todo.ps1"),
    ] {
        let committed = std::fs::read(root.join("completions").join(file)).unwrap();
        // `--quiet` silences confirmations, never data.
        for args in [&["completions", shell][..], &["-q", "completions", shell]] {
            let (code, stdout, stderr) = printed(&env, args);
            assert_eq!((code, stderr.as_str()), (0, ""), "todo {args:?}");
            assert!(
                stdout == committed,
                "todo {args:?} differs from completions/{file}"
            );
        }
    }
    // At a terminal the lines are the same: nothing escaped, nothing painted.
    let (code, transcript) = env.tty(&["completions", "zsh"]);
    assert_eq!(code, 0);
    let committed = std::fs::read_to_string(root.join("completions/_todo")).unwrap();
    assert!(
        transcript == committed,
        "todo completions zsh at a terminal"
    );
    // Printing a script reads and writes no plan: none is created.
    assert!(!env.plan_path().exists(), "a plan was written");
}

#[test]
fn todo_man_prints_every_committed_page_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let env = crate::common::TestEnv::new();
    let mut pages = 0;
    for entry in std::fs::read_dir(root.join("man")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let verb = name
            .strip_suffix(".1")
            .and_then(|n| n.strip_prefix("todo"))
            .unwrap_or_else(|| panic!("unexpected file man/{name}"));
        let args: Vec<&str> = match verb.strip_prefix('-') {
            Some(verb) => vec!["man", verb],
            None => vec!["man"],
        };
        let (code, stdout, stderr) = printed(&env, &args);
        assert_eq!((code, stderr.as_str()), (0, ""), "todo {args:?}");
        assert!(
            stdout == std::fs::read(&path).unwrap(),
            "todo {args:?} differs from man/{name}"
        );
        pages += 1;
    }
    assert!(pages > 20, "only {pages} man pages");
    assert!(!env.plan_path().exists(), "a plan was written");
}

#[test]
fn todo_man_done_is_the_done_page_and_an_alias_names_its_verb() {
    let env = crate::common::TestEnv::new();
    let (code, page, _) = printed(&env, &["man", "done"]);
    assert_eq!(code, 0);
    let page = String::from_utf8(page).unwrap();
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "roff: {page}");
    assert!(page.contains(".TH todo-done 1"), "{page}");
    assert!(
        page.contains("todo\\-done \\- Mark a task, a phase"),
        "{page}"
    );
    // Not the tool's page, nor another verb's.
    assert!(
        !page.contains(".TH todo 1") && !page.contains("todo\\-drop"),
        "{page}"
    );
    // `list` is `show`: the same page.
    let (code, list, _) = printed(&env, &["man", "list"]);
    let (_, show, _) = printed(&env, &["man", "show"]);
    assert_eq!(code, 0);
    assert!(list == show && String::from_utf8_lossy(&list).contains(".TH todo-show 1"));
}

#[test]
fn an_unknown_shell_or_verb_is_a_usage_error_and_prints_no_script() {
    let env = crate::common::TestEnv::new();
    let run = env.run(&["completions", "tcsh"]);
    run.code(2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("error: invalid value 'tcsh' for '<SHELL>'")
            && run
                .stderr
                .contains("[possible values: bash, elvish, fish, powershell, zsh]"),
        "{run:?}"
    );
    env.run(&["completions"]).code(2);
    let run = env.run(&["man", "bogus"]);
    run.code(2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("No man page for \"bogus\". Verbs: show, append,"),
        "{run:?}"
    );
    // The hidden helper of the scripts has no page.
    let run = env.run(&["man", "__complete"]);
    run.code(2);
    assert_eq!(run.stdout, "");
    assert!(!env.plan_path().exists(), "a plan was written");
}

#[test]
#[cfg_attr(todo_tests_no_bash, ignore = "bash is not installed")]
fn the_bash_script_todo_prints_loads_and_completes() {
    let env = crate::common::TestEnv::new();
    if !has("bash") {
        crate::common::missing_tool("bash is not installed");
        return;
    }
    // As a user loads it: `source <(todo completions bash)` in .bashrc.
    let load = "source <(command todo completions bash)";
    assert_eq!(
        bash_complete_with(&env, load, &["todo", "d"]),
        ["done", "drop"]
    );
    assert_eq!(
        bash_complete_with(&env, load, &["todo", "completions", "f"]),
        ["fish"]
    );
    assert_eq!(
        bash_complete_with(&env, load, &["todo", "man", "mer"]),
        ["merge-file"]
    );
    env.given(&[
        &["append", "auth", "wire OAuth providers"],
        &["append", "billing", "wire stripe webhooks"],
        &["done", "oauth"],
    ]);
    // Task names, ignoring case, through `todo __complete`: the custom part.
    assert_eq!(
        bash_complete_with(&env, load, &["todo", "done", "w"]),
        ["Wire\\ stripe\\ webhooks"]
    );
    // A finished task is not offered to `start`, and a phase is no task.
    assert_eq!(
        bash_complete_with(&env, load, &["todo", "start", ""]),
        ["Wire\\ stripe\\ webhooks"]
    );
}

/// A line that names its verb is parsed with that verb's tree alone (a
/// speed trick in `todo::run`); whatever that line prints must still be
/// the whole tree's: `todo VERB --help` the same page as `todo help VERB`,
/// and a mistake in a verb's arguments the same message as clap gives
/// from the whole tree.
#[test]
fn a_verbs_help_and_errors_are_the_whole_trees() {
    use clap::CommandFactory;
    let env = crate::common::TestEnv::new();
    for verb in ["done", "append", "claim", "needs", "verify", "resolve"] {
        let own = env.run(&[verb, "--help"]);
        let whole = env.run(&["help", verb]);
        assert_eq!(own.code, 0, "{verb}: {own:?}");
        assert_eq!(own.stdout, whole.stdout, "todo {verb} --help");
    }
    for line in [
        &["done", "--bogus", "x"][..],
        &["--json", "append", "--after"],
        &["claim", "--owner"],
        &["--color", "never", "next", "extra", "words"],
    ] {
        let run = env.run(line);
        let expected = todo::Cli::command()
            .try_get_matches_from(std::iter::once("todo").chain(line.iter().copied()))
            .map(|_| ())
            .expect_err("a usage error")
            .render()
            .to_string();
        let shown = if line.contains(&"--json") {
            let reply: serde_json::Value =
                serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {run:?}"));
            reply["message"].as_str().unwrap_or_default().to_string()
        } else {
            run.stderr.clone()
        };
        assert_eq!(run.code, 2, "{line:?}: {run:?}");
        assert_eq!(shown.trim_end(), expected.trim_end(), "{line:?}");
    }
}
