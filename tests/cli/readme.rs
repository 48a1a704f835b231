//! The recipes of the README and the manual, run as they are written: each
//! test reads its block from README.md or a page of docs/ (the fenced block
//! after `<!-- recipe:NAME -->`), so the documents cannot drift from what
//! works, and runs it in a clean
//! shell — no profile, no rc file, a fresh HOME, and `PATH` holding only
//! the directory of the `todo` under test and the system's. The tour (the
//! console block after `## A 60-second tour`) is run command by command in
//! a pseudo-terminal, and each command's output compared with the README's.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{TestEnv, has, missing_tool};
use crate::completion::{completes, plan, shell};

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    std::fs::read_to_string(&path).expect("read README.md")
}

/// The documents a user reads: the README, CONTRIBUTING.md and the
/// manual's pages, with their paths from the repository's root.
fn documents() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names = vec!["README.md".to_string(), "CONTRIBUTING.md".to_string()];
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("read docs/")
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    pages.sort();
    names.extend(pages);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root.join(&n)).expect("read a document");
            (n, text)
        })
        .collect()
}

/// The body of the fenced block right after `<!-- recipe:NAME -->`, in
/// whichever document has it (exactly one may).
fn recipe(name: &str) -> String {
    let marker = format!("<!-- recipe:{name} -->\n");
    let mut found: Vec<(String, String)> = documents()
        .into_iter()
        .filter(|(_, text)| text.contains(&marker))
        .collect();
    assert!(
        found.len() == 1,
        "{marker:?} should be in exactly one document, is in {:?}",
        found.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    let (_, text) = found.remove(0);
    let at = text.find(&marker).unwrap_or_default();
    let rest = &text[at + marker.len()..];
    let fence = rest.lines().next().unwrap_or_default();
    assert!(
        fence == "```sh" || fence == "```zsh",
        "{marker:?} is not right before a ```sh block: {fence:?}"
    );
    let body = &rest[fence.len() + 1..];
    let end = body
        .find("```\n")
        .unwrap_or_else(|| panic!("the block after {marker:?} is not closed"));
    body[..end].to_string()
}

/// The directory of the `todo` under test (and `todo-mcp` beside it).
fn bin_dir() -> PathBuf {
    crate::common::bin()
        .parent()
        .expect("the binary's directory")
        .to_path_buf()
}

/// `script` in a clean bash in `dir`, stopping at the first command that
/// fails. `before` goes on the `PATH` ahead of `todo`'s directory.
fn clean_shell(home: &Path, dir: &Path, script: &str, before: Option<&Path>) -> Output {
    let mut path = String::new();
    if let Some(before) = before {
        path.push_str(&format!("{}:", before.display()));
    }
    path.push_str(&format!(
        "{}:/usr/local/bin:/usr/bin:/bin",
        bin_dir().display()
    ));
    Command::new("bash")
        .args(["--noprofile", "--norc", "-e", "-u", "-c", script])
        .current_dir(dir)
        .env_clear()
        .env("HOME", home)
        .env("PATH", path)
        .env("LANG", "C.UTF-8")
        .output()
        .expect("run bash")
}

fn ok(out: &Output, what: &str) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{what} failed ({}):\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn the_contents_list_every_section_in_order() {
    let text = readme();
    let mut headings = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced
            && let Some(h) = line.strip_prefix("## ")
            && h != "Contents"
        {
            headings.push(format!("- [{h}](#{})", anchor(h)));
        }
    }
    let start = text.find("<!-- contents -->\n").expect("a contents list");
    let end = text.find("<!-- /contents -->").expect("its end");
    let listed: Vec<String> = text[start + "<!-- contents -->\n".len()..end]
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(listed, headings, "README.md's contents and its sections");
}

#[test]
fn nothing_points_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = documents().into_iter().map(|(n, _)| root.join(n)).collect();
    for dir in ["src", "tests/cli"] {
        let mut stack = vec![root.join(dir)];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).expect("read dir").flatten() {
                let p = entry.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|e| e == "rs") {
                    files.push(p);
                }
            }
        }
    }
    // Spelled in pieces, so this file does not name what it looks for.
    let banned = [format!("SPEC {}", '§'), format!("seed {}", "00")];
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        for b in &banned {
            assert!(!text.contains(b.as_str()), "{} mentions {b:?}", f.display());
        }
    }
}

#[test]
#[cfg_attr(
    todo_tests_no_man,
    ignore = "man(1) is not installed (.ci/run installs man-db)"
)]
fn the_man_recipe_installs_every_page_and_man_shows_them() {
    if !has("man") {
        return missing_tool("man(1) is not installed (.ci/run installs man-db)");
    }
    let env = TestEnv::new();
    let out = clean_shell(&env.home, &env.root, &recipe("man"), None);
    let shown = ok(&out, "the README's man recipe");
    // Every page the source tree has, installed as it is there.
    let man_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let installed = env.home.join(".local/share/man/man1");
    let mut pages = 0;
    for entry in std::fs::read_dir(&man_dir).expect("man/").flatten() {
        let name = entry.file_name();
        let got = std::fs::read(installed.join(&name)).unwrap_or_else(|_| {
            panic!(
                "the README's man recipe does not install {} (add its verb to the loop)",
                name.to_string_lossy()
            )
        });
        assert_eq!(got, std::fs::read(entry.path()).expect("read page"));
        pages += 1;
    }
    assert!(pages > 30, "{pages} pages");
    // And `man` found them, from the clean shell, as a person reads them.
    assert!(shown.contains("todo(1)"), "{shown}");
    assert!(shown.contains("A phased task plan"), "{shown}");
    assert!(shown.contains("todo-done(1)"), "{shown}");
    assert!(!shown.contains('`'), "raw backticks on the page:\n{shown}");
}

#[test]
#[cfg_attr(
    todo_tests_no_man,
    ignore = "man(1) is not installed (.ci/run installs man-db)"
)]
fn the_man_pages_are_not_found_without_the_recipe() {
    // The must-not: a clean shell's `man` does not know `todo` by itself,
    // so the recipe above is what makes `man todo` work.
    if !has("man") {
        return missing_tool("man(1) is not installed (.ci/run installs man-db)");
    }
    let env = TestEnv::new();
    let out = clean_shell(&env.home, &env.root, "man -w todo", None);
    assert!(!out.status.success(), "man found a todo page of its own");
}

#[test]
#[cfg_attr(
    todo_tests_no_bash_completion,
    ignore = "needs bash and the bash-completion package (.ci/run installs bash-completion)"
)]
fn the_bash_completion_recipe_completes_in_a_new_login_shell() {
    let loader = Path::new("/usr/share/bash-completion/bash_completion");
    if !has("bash") || !loader.exists() {
        return missing_tool(
            "bash with the bash-completion package (.ci/run installs bash-completion)",
        );
    }
    // Nothing of the system's completes `todo`: only the recipe's file can.
    assert!(!Path::new("/usr/share/bash-completion/completions/todo").exists());
    let env = TestEnv::new();
    plan(&env);
    let out = clean_shell(&env.home, &env.root, &recipe("bash-completion"), None);
    ok(&out, "the README's bash completion recipe");
    // A login shell loads bash-completion (its /etc/profile.d script), which
    // loads the recipe's file at the first TAB after `todo`. `todo` is on
    // the PATH as an install puts it there (rustup's `~/.profile` line).
    std::fs::write(
        env.home.join(".profile"),
        format!("export PATH=\"{}:$PATH\"\n", bin_dir().display()),
    )
    .expect("write .profile");
    let sh = shell(&env, &["bash", "--login", "-i"], "stty echo");
    completes(sh, "todo done wi", "Marked completed: Wire stripe webhooks");
}

#[test]
#[cfg_attr(
    todo_tests_no_zsh,
    ignore = "zsh is not installed (.ci/run installs it)"
)]
fn the_zsh_completion_recipe_completes_with_the_readmes_zshrc() {
    if !has("zsh") {
        return missing_tool("zsh is not installed (.ci/run installs it)");
    }
    let env = TestEnv::new();
    plan(&env);
    let out = clean_shell(&env.home, &env.root, &recipe("zsh-completion"), None);
    ok(&out, "the README's zsh completion recipe");
    std::fs::write(env.home.join(".zshrc"), recipe("zshrc")).expect("write .zshrc");
    let sh = shell(&env, &["zsh", "-i"], "true");
    completes(sh, "todo done wi", "Marked completed: Wire stripe webhooks");
}

#[test]
#[cfg_attr(
    todo_tests_no_fish,
    ignore = "fish is not installed (.ci/run installs it)"
)]
fn the_fish_completion_recipe_completes_in_a_new_fish() {
    if !has("fish") {
        return missing_tool("fish is not installed (.ci/run installs it)");
    }
    let env = TestEnv::new();
    plan(&env);
    let out = clean_shell(&env.home, &env.root, &recipe("fish-completion"), None);
    ok(&out, "the README's fish completion recipe");
    let sh = shell(&env, &["fish", "-i"], "true");
    completes(sh, "todo done wi", "Marked completed: Wire stripe webhooks");
}

/// From clone to a shared plan in a pull request: the README's walk, in a
/// real repository whose `origin` is a real (bare, local) repository. The
/// one step that needs GitHub, `gh pr create`, runs a stand-in `gh` that
/// records what it was asked to do, so the test checks that the body it
/// was given is the plan's checklist.
#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn the_walk_from_clone_to_a_pull_request_works_as_written() {
    if !has("git") {
        return missing_tool("git is not installed");
    }
    let env = TestEnv::new();
    let base = env.home.parent().expect("base").to_path_buf();
    let project = base.join("your-project");
    let origin = base.join("origin.git");
    let fake = base.join("fake-bin");
    std::fs::create_dir_all(&fake).expect("mkdir");
    std::fs::write(
        env.home.join(".gitconfig"),
        // Not `main`: the walk must not assume the default branch's name.
        "[user]\n\tname = New Comer\n\temail = new@example.com\n[init]\n\tdefaultBranch = trunk\n",
    )
    .expect("write .gitconfig");
    let setup = format!(
        "git init -q --bare '{origin}'\n\
         git clone -q '{origin}' '{project}' 2>/dev/null\n\
         cd '{project}'\n\
         echo '# Your project' > README.md\n\
         git add README.md && git commit -q -m 'First commit' && git push -q origin trunk\n",
        origin = origin.display(),
        project = project.display()
    );
    ok(&clean_shell(&env.home, &base, &setup, None), "the setup");
    let gh = fake.join("gh");
    std::fs::write(
        &gh,
        "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$HOME/gh-args\"\n\
         while [ $# -gt 0 ]; do\n\
           if [ \"$1\" = --body-file ]; then cp \"$2\" \"$HOME/gh-body\"; fi\n\
           shift\n\
         done\n",
    )
    .expect("write gh");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&gh, std::fs::Permissions::from_mode(0o755)).expect("chmod");

    let walk = recipe("first-plan");
    let out = clean_shell(&env.home, &project, &walk, Some(&fake));
    ok(&out, "the README's walk from clone to a pull request");

    // The plan is on the branch in origin, where anyone who clones gets it.
    let show = |args: &[&str]| {
        let out = Command::new("git")
            .args(args)
            .current_dir(&origin)
            .output()
            .expect("git");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let plan = show(&["show", "plan-auth:.todo.json"]);
    for task in [
        "Wire oauth providers",
        "Rotate signing keys",
        "Wire stripe webhooks",
    ] {
        assert!(
            plan.contains(task),
            "{task} not in the pushed plan:\n{plan}"
        );
    }
    assert!(show(&["show", "plan-auth:.gitattributes"]).contains(".todo.json merge=todo"));
    // A fresh clone of the branch shows the plan.
    let clone = base.join("reviewer");
    let out = clean_shell(
        &env.home,
        &base,
        &format!(
            "git clone -q -b plan-auth '{}' '{}' && cd '{}' && todo",
            origin.display(),
            clone.display(),
            clone.display()
        ),
        None,
    );
    let shown = ok(&out, "a reviewer's clone");
    assert_eq!(
        shown,
        "# Auth\n- [/] Wire oauth providers\n- [ ] Rotate signing keys\n\n\
         # Billing\n- [ ] Wire stripe webhooks\n"
    );
    // The pull request was opened with the checklist as its body.
    let args = std::fs::read_to_string(env.home.join("gh-args")).expect("gh ran");
    let (head, file) = args.rsplit_once("--body-file\n").expect("--body-file");
    assert_eq!(head, "pr\ncreate\n--title\nAuth and billing\n");
    // The scratch body is outside the work tree, which stays clean.
    let file = std::path::Path::new(file.trim_end());
    assert!(
        file.is_absolute() && !file.starts_with(&project),
        "{file:?}"
    );
    let status = Command::new("git")
        .args(["status", "--porcelain"])
        .current_dir(&project)
        .output()
        .expect("git status");
    assert_eq!(
        String::from_utf8_lossy(&status.stdout),
        "",
        "a clean work tree"
    );
    let body = std::fs::read_to_string(env.home.join("gh-body")).expect("the body");
    assert!(body.contains("<!-- todo:begin -->"), "{body}");
    assert!(
        body.contains("- [ ] Wire oauth providers <!-- todo:in_progress -->"),
        "{body}"
    );
    assert!(body.contains("<!-- todo:end -->"), "{body}");
}

/// A stand-in for the GitHub CLI in `dir`: `gh pr view --json body --jq
/// .body` prints `body`; any other call records its arguments in
/// `$HOME/gh-args` and copies the file after `--body-file` to
/// `$HOME/gh-body`.
fn stand_in_gh(dir: &Path, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).expect("mkdir");
    let gh = dir.join("gh");
    std::fs::write(
        &gh,
        format!(
            "#!/bin/sh\n\
             if [ \"$1 $2\" = 'pr view' ]; then printf '%s' '{body}'; exit 0; fi\n\
             printf '%s\\n' \"$@\" > \"$HOME/gh-args\"\n\
             while [ $# -gt 0 ]; do\n\
               if [ \"$1\" = --body-file ]; then cp \"$2\" \"$HOME/gh-body\"; fi\n\
               shift\n\
             done\n"
        ),
    )
    .expect("write gh");
    std::fs::set_permissions(&gh, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[test]
fn the_release_install_recipe_installs_both_programs() {
    // A release archive as the release workflow packs it (ci/package.sh),
    // of the programs under test, downloaded into a fresh directory.
    let env = TestEnv::new();
    let downloads = env.home.join("Downloads");
    let out = Command::new("bash")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("ci/package.sh"))
        .arg("x86_64-unknown-linux-gnu")
        .arg(bin_dir())
        .arg(&downloads)
        .output()
        .expect("ci/package.sh");
    ok(&out, "ci/package.sh");
    let out = clean_shell(&env.home, &downloads, &recipe("install-release"), None);
    let said = ok(&out, "the README's install from a release");
    assert!(said.contains(": OK"), "sha256sum -c: {said}");
    let installed = env.home.join(".local/bin");
    let out = Command::new(installed.join("todo"))
        .arg("--version")
        .output()
        .expect("the installed todo runs");
    assert!(ok(&out, "todo --version").starts_with("todo "));
    assert!(installed.join("todo-mcp").is_file());
    // The must-not: an archive that is not the published one is refused
    // before anything is unpacked or installed.
    let env = TestEnv::new();
    let downloads = env.home.join("Downloads");
    ok(
        &Command::new("bash")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("ci/package.sh"))
            .arg("x86_64-unknown-linux-gnu")
            .arg(bin_dir())
            .arg(&downloads)
            .output()
            .expect("ci/package.sh"),
        "ci/package.sh",
    );
    let archive = downloads.join("todo-x86_64-unknown-linux-gnu.tar.gz");
    let mut bytes = std::fs::read(&archive).expect("archive");
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&archive, bytes).expect("tamper");
    let out = clean_shell(&env.home, &downloads, &recipe("install-release"), None);
    assert!(!out.status.success());
    assert!(!env.home.join(".local/bin/todo").exists());
}

#[test]
fn the_batch_recipe_applies_every_line_as_one_change() {
    let env = TestEnv::new();
    env.web_app();
    let before = env.run(&[]).ok().stdout.clone();
    let out = clean_shell(&env.home, &env.root, &recipe("batch"), None);
    ok(&out, "the README's batch");
    let statuses = env.statuses();
    for (task, status) in [
        ("Wire OAuth providers", "completed"),
        ("Rotate keys", "in_progress"),
        ("Refund flow", "pending"),
        ("Fix issue #42", "pending"),
    ] {
        assert!(
            statuses.contains(&(task.to_string(), status.to_string())),
            "{task} {status}: {statuses:?}"
        );
    }
    // One change: one undo, in the same shell's history, takes all of it
    // back.
    let out = clean_shell(&env.home, &env.root, "todo undo", None);
    ok(&out, "todo undo");
    assert_eq!(env.run(&[]).ok().stdout, before);
}

#[test]
fn the_pull_request_sync_recipe_rewrites_only_the_checklist() {
    let env = TestEnv::new();
    env.web_app();
    let fake = env.home.join("fake-bin");
    stand_in_gh(&fake, "Why this change.\n\nReviewers: see below.\n");
    let out = clean_shell(&env.home, &env.root, &recipe("pr-sync"), Some(&fake));
    ok(&out, "the README's pull-request sync");
    let args = std::fs::read_to_string(env.home.join("gh-args")).expect("gh edit ran");
    assert_eq!(args, "pr\nedit\n--body-file\nbody.md\n");
    let body = std::fs::read_to_string(env.home.join("gh-body")).expect("the body");
    assert!(
        body.starts_with("Why this change.\n\nReviewers: see below.\n"),
        "{body}"
    );
    assert!(body.contains("<!-- todo:begin -->\n### Auth\n"), "{body}");
    assert!(body.ends_with("<!-- todo:end -->\n"), "{body}");
    // Run again after a change: the prose stays, the region follows.
    env.run(&["done", "oauth"]).ok();
    stand_in_gh(&fake, &body);
    let out = clean_shell(&env.home, &env.root, &recipe("pr-sync"), Some(&fake));
    ok(&out, "the README's pull-request sync, again");
    let again = std::fs::read_to_string(env.home.join("gh-body")).expect("the body");
    assert!(again.starts_with("Why this change.\n"), "{again}");
    assert_eq!(again.matches("<!-- todo:begin -->").count(), 1, "{again}");
    assert!(again.contains("- [x] Wire OAuth providers"), "{again}");
}

#[test]
#[cfg_attr(todo_tests_no_jq, ignore = "jq is not installed (.ci/run installs it)")]
fn the_if_rev_recipe_acts_on_the_plan_it_read() {
    if !has("jq") {
        return missing_tool("jq is not installed (.ci/run installs it)");
    }
    let env = TestEnv::new();
    env.web_app();
    let out = clean_shell(&env.home, &env.root, &recipe("if-rev"), None);
    let reply = ok(&out, "the README's --if-rev recipe");
    let reply: serde_json::Value = serde_json::from_str(&reply).expect("one JSON object");
    assert_eq!(reply["ok"], true, "{reply}");
    let task = env.show_json()["plan"]["phases"][0]["tasks"][0].clone();
    assert_eq!(task["status"], "completed", "{task}");
    assert_eq!(task["by"], "agent", "{task}");
    // The must-not: a rev read before someone else's change is refused.
    let stale = env.rev();
    env.run(&["done", "keys"]).ok();
    let run = env.run(&[
        "--as",
        "agent",
        "--json",
        "--if-rev",
        &stale.to_string(),
        "start",
        "rate",
    ]);
    run.code(4);
}

/// The README's two-agent example of dependencies and claims, run as
/// written: each agent gets its own task, the person takes the one that
/// waited for both, and neither agent can take a task another holds.
#[test]
fn the_two_agent_recipe_shares_the_work_without_a_clash() {
    let env = TestEnv::new();
    let out = clean_shell(&env.home, &env.root, &recipe("two-agents"), None);
    let said = ok(&out, "the README's two-agent example");
    assert!(said.contains("nothing ready yet"), "{said}");
    assert!(said.contains("refused: agent-1 has it"), "{said}");
    assert!(said.contains("refused: a person's claim"), "{said}");
    let plan = env.plan();
    let tasks = plan["phases"][0]["tasks"]
        .as_array()
        .expect("tasks")
        .clone();
    let field = |i: usize, key: &str| tasks[i][key].as_str().unwrap_or_default().to_string();
    assert_eq!(
        (field(0, "status"), field(0, "owner")),
        ("completed".into(), "agent-1".into())
    );
    assert_eq!(
        (field(1, "status"), field(1, "owner")),
        ("completed".into(), "agent-2".into())
    );
    assert_eq!(
        (
            field(2, "content"),
            field(2, "status"),
            field(2, "claimedBy")
        ),
        ("Publish".into(), "in_progress".into(), "person".into())
    );
}

/// The console block right after `## A 60-second tour`: each `$ todo …`
/// command with the lines the README shows it printing.
fn tour() -> Vec<(String, String)> {
    let text = readme();
    let heading = "## A 60-second tour\n";
    let at = text
        .find(heading)
        .unwrap_or_else(|| panic!("README.md has no {heading:?}"));
    let rest = text[at + heading.len()..].trim_start_matches('\n');
    let body = rest
        .strip_prefix("```console\n")
        .unwrap_or_else(|| panic!("{heading:?} is not followed by a ```console block"));
    let end = body.find("```\n").expect("the tour's block is closed");
    let mut steps: Vec<(String, String)> = Vec::new();
    for line in body[..end].lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            steps.push((command.to_string(), String::new()));
        } else {
            let (_, shown) = steps
                .last_mut()
                .unwrap_or_else(|| panic!("the tour shows {line:?} before any command"));
            shown.push_str(line);
            shown.push('\n');
        }
    }
    assert!(!steps.is_empty(), "the tour shows no command");
    steps
}

/// `todo ARGS` split as a shell would split the tour's commands: words, and
/// double-quoted words. Anything more is refused, so the tour stays simple.
fn words(command: &str) -> Vec<String> {
    assert!(
        !command.contains(['\'', '\\', '$', '|', '&', ';', '<', '>', '`', '*']),
        "the tour's command {command:?} needs more of a shell than this test has"
    );
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            ' ' if !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(!quoted, "an unclosed quote in {command:?}");
    words.extend(word);
    words
}

/// `actual` written with the README's ids: each id `todo` printed, where
/// the README shows an id of the same kind, is written as the README's id,
/// one README id standing for one real id throughout (`ids`, README id to
/// real id). Anything else is left as printed.
fn with_readme_ids(shown: &str, actual: &str, ids: &mut Vec<(String, String)>) -> String {
    fn tokens(s: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut start = 0;
        let mut in_word = false;
        for (i, c) in s.char_indices() {
            let w = c.is_ascii_alphanumeric();
            if i > 0 && w != in_word {
                out.push(&s[start..i]);
                start = i;
            }
            in_word = w;
        }
        out.push(&s[start..]);
        out
    }
    fn id_kind(t: &str) -> Option<char> {
        t.chars()
            .next()
            .filter(|k| "ptof".contains(*k) && crate::common::minted(t, *k))
    }
    let (shown, actual) = (tokens(shown), tokens(actual));
    let mut out = String::new();
    for (i, &real) in actual.iter().enumerate() {
        let readme_id: Option<&str> = shown
            .get(i)
            .copied()
            .filter(|s| id_kind(s).is_some() && id_kind(s) == id_kind(real));
        let written = readme_id.and_then(|readme_id| {
            match ids.iter().find(|(r, a)| r == readme_id || a == real) {
                Some((r, a)) if r == readme_id && a == real => Some(readme_id),
                Some(_) => None,
                None => {
                    ids.push((readme_id.to_string(), real.to_string()));
                    Some(readme_id)
                }
            }
        });
        out.push_str(written.unwrap_or(real));
    }
    out
}

/// The README's tour, run command by command as a person would at a
/// terminal (a pseudo-terminal, colour off), in one fresh project: each
/// shows exactly what the README says, a question answered as the README
/// answers it. Ids are random, so where the README shows an id the test
/// takes the one `todo` printed, the same README id always the same id.
#[test]
fn the_sixty_second_tour_runs_as_written() {
    let env = TestEnv::new();
    let mut ids = Vec::new();
    for (command, shown) in tour() {
        // `todo check; echo "exit $?"`: the exit status, shown.
        let (line, echo_status) = match command.strip_suffix("; echo \"exit $?\"") {
            Some(line) => (line, true),
            None => (command.as_str(), false),
        };
        let args = words(line);
        assert_eq!(
            args.first().map(String::as_str),
            Some("todo"),
            "the tour runs only todo: {command:?}"
        );
        let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        let mut term = env.terminal(&args, |c| {
            c.env("NO_COLOR", "1");
        });
        // A question the README answers: wait for it, then answer it.
        let question = shown.lines().find_map(|l| {
            ["[Y/n] ", "[y/N] "]
                .iter()
                .find_map(|q| l.find(q).map(|at| l.split_at(at + q.len())))
        });
        if let Some((asked, answer)) = question {
            term.expect(asked);
            term.send_line(answer);
        }
        let (code, mut seen) = term.finish();
        // The test's terminal does not echo what is typed; a person's does,
        // right after the question.
        if let Some((asked, answer)) = question {
            let at = seen.find(asked).expect("the question was seen") + asked.len();
            seen.insert_str(at, &format!("{answer}\n"));
        }
        if echo_status {
            seen.push_str(&format!("exit {code}\n"));
        } else {
            assert_eq!(code, 0, "`{command}` failed:\n{seen}");
        }
        assert_eq!(
            with_readme_ids(&shown, &seen, &mut ids),
            shown,
            "`{command}` printed (README ids put in for its ids: {ids:?}):\n{seen}"
        );
    }
}

/// The anchors a document's headings get on GitHub (and in the book, whose
/// slugs mkdocs.yml sets to GitHub's): a repeated heading gets `-1`, `-2`.
fn anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let level = line.chars().take_while(|c| *c == '#').count();
        if fenced || level == 0 || level > 6 || !line[level..].starts_with(' ') {
            continue;
        }
        let base = anchor(&line[level + 1..].replace('`', ""));
        let mut name = base.clone();
        let mut n = 0;
        while out.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        out.push(name);
    }
    out
}

/// The relative links of a Markdown text outside code: `](target)`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans hold examples, not links.
        let plain: String = line.split('`').step_by(2).collect::<Vec<_>>().join("");
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                out.push(target.to_string());
            }
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn every_link_in_the_readme_and_the_manual_leads_somewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = documents();
    let mut broken = Vec::new();
    let mut checked = 0;
    for (name, text) in &docs {
        let dir = Path::new(name).parent().unwrap_or(Path::new(""));
        for link in links(text) {
            checked += 1;
            let (file, fragment) = match link.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (link.as_str(), None),
            };
            let target = if file.is_empty() {
                PathBuf::from(name)
            } else {
                dir.join(file)
            };
            let full = root.join(&target);
            if !full.exists() {
                broken.push(format!("{name}: {link} (no {})", target.display()));
                continue;
            }
            if let Some(fragment) = fragment {
                let text = std::fs::read_to_string(&full).unwrap_or_default();
                if !anchors(&text).iter().any(|a| a == fragment) {
                    broken.push(format!("{name}: {link} (no such heading)"));
                }
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} links found: is the reader broken?"
    );
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_link_checker_finds_a_broken_link() {
    let text =
        "# Top\n\n## A `code` heading\n\nSee [a](#a-code-heading), [b](#nope), `[c](#in-code)`.\n";
    assert_eq!(anchors(text), ["top", "a-code-heading"]);
    assert_eq!(links(text), ["#a-code-heading", "#nope"]);
}

/// The manual's verb table and the man pages hold the same verbs: a verb
/// added, renamed or removed on one side only fails here.
#[test]
fn the_manual_and_the_man_pages_name_the_same_verbs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manual = std::fs::read_to_string(root.join("docs/plan-and-verbs.md")).expect("read");
    let mut in_manual: Vec<String> = manual
        .lines()
        .filter(|l| l.starts_with("| `todo"))
        .filter_map(|l| l.split('|').nth(1))
        .flat_map(|cell| {
            cell.split(" / ")
                .filter_map(|c| c.trim().trim_matches('`').strip_prefix("todo "))
                .filter_map(|c| c.split_whitespace().next())
                .map(|v| v.trim_matches('`').to_string())
                .collect::<Vec<_>>()
        })
        .filter(|v| v != "list")
        .collect();
    in_manual.sort();
    in_manual.dedup();
    let mut pages: Vec<String> = std::fs::read_dir(root.join("man"))
        .expect("read man/")
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| {
            n.strip_prefix("todo-")?
                .strip_suffix(".1")
                .map(str::to_string)
        })
        .collect();
    pages.sort();
    assert!(pages.len() > 30, "man/ holds {} verb pages", pages.len());
    assert_eq!(
        in_manual, pages,
        "the verbs of docs/plan-and-verbs.md's table and those with a man page"
    );
}

/// The README's first screen, from nothing to a finished task: its block
/// run as written in a clean shell, in an empty directory, with a stand-in
/// `cargo` (the `todo` under test is what `cargo install` would have put on
/// the PATH).
#[test]
fn the_first_screen_gets_a_new_user_to_a_finished_task() {
    let env = TestEnv::new();
    let fake = env.home.join("fake-bin");
    std::fs::create_dir_all(&fake).expect("mkdir");
    let cargo = fake.join("cargo");
    std::fs::write(
        &cargo,
        "#!/bin/sh\nprintf '%s\\n' \"$*\" > \"$HOME/cargo-args\"\n",
    )
    .expect("write cargo");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let dir = env.home.join("first");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let out = clean_shell(&env.home, &dir, &recipe("start"), Some(&fake));
    let said = ok(&out, "the README's first screen");
    assert_eq!(
        said,
        "Appended to Todos: Try todo\nMarked completed: Try todo\n"
    );
    let args = std::fs::read_to_string(env.home.join("cargo-args")).expect("cargo ran");
    assert_eq!(args, "install --locked --path .\n");
    let plan = std::fs::read_to_string(dir.join(".todo.json")).expect("a plan");
    assert!(plan.contains(r#""status": "completed""#), "{plan}");
}
