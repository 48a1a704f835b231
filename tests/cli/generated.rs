//! Completions and man pages are generated from the clap definition; the
//! committed copies must be exactly what it generates now.

use std::path::Path;
use std::process::Command;

const REGENERATE: &str = "UPDATE_GENERATED=1 cargo test --test cli generated";

#[test]
fn committed_completions_and_man_pages_match_the_definition() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os("UPDATE_GENERATED").is_some();
    let mut stale = Vec::new();
    for (path, bytes) in todo::generate::files() {
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

fn has(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

#[test]
fn the_man_page_renders_without_warnings() {
    if !has("man") {
        crate::common::missing_tool("man(1) is not installed (.ci/run installs man-db)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for page in ["man/todo.1", "man/todo-done.1", "man/todo-batch.1"] {
        let out = Command::new("man")
            .args(["-l", "--warnings", page])
            .current_dir(root)
            .env("MANWIDTH", "80")
            .env("MANPAGER", "cat")
            .env("PAGER", "cat")
            .output()
            .expect("man");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{page}: {stderr}");
        assert_eq!(stderr, "", "{page} renders with warnings");
        assert!(stdout.contains("todo"), "{page}: {stdout}");
    }
}

/// Load the bash completion into a real bash and ask it about `todo d`.
fn bash_complete(env: &crate::common::TestEnv, line: &[&str]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions/todo.bash");
    let words = line
        .iter()
        .map(|w| format!("'{w}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let program = format!(
        "source '{}'; COMP_WORDS=({words}); COMP_CWORD={}; COMP_LINE='{}'; COMP_POINT=${{#COMP_LINE}}; \
         _todo_targets todo '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
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
