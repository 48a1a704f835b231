//! `todo setup` puts in place everything a session needs, each part
//! named by `--check` and taken out by `--remove`: hooks, the MCP server,
//! the agent's identity (`TODO_AGENT`) and a skill. What a person keeps
//! beside them stays byte for byte.

use serde_json::Value;

use crate::common::TestEnv;

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file and directory under `dir` but `.git`, relative, sorted.
fn tree(dir: &std::path::Path) -> Vec<String> {
    fn walk(base: &std::path::Path, dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let rel = path.strip_prefix(base).unwrap().display().to_string();
            if rel == ".git" {
                continue;
            }
            out.push(rel);
            if path.is_dir() {
                walk(base, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn setup_claude_puts_every_part_in_place_and_remove_leaves_nothing() {
    let env = TestEnv::new();
    let out = env.run(&["setup", "claude", "--check"]);
    out.code(1);
    for part in ["hooks", "identity", "mcp", "skill"] {
        assert!(
            out.stdout.contains(&format!("\n- {part}: missing from ")),
            "{out:?}"
        );
    }
    env.run(&["setup", "claude"]).ok();
    assert_eq!(
        tree(&env.root),
        [
            ".claude",
            ".claude/settings.json",
            ".claude/skills",
            ".claude/skills/todo",
            ".claude/skills/todo/SKILL.md",
            ".mcp.json"
        ]
    );
    let settings: Value =
        serde_json::from_str(&read(&env.root.join(".claude/settings.json"))).unwrap();
    assert_eq!(settings["env"]["TODO_AGENT"], "claude");
    let mcp: Value = serde_json::from_str(&read(&env.root.join(".mcp.json"))).unwrap();
    assert_eq!(
        mcp,
        serde_json::json!({"mcpServers": {"todo": {"type": "stdio", "command": "todo", "args": ["mcp"]}}})
    );
    let skill = read(&env.root.join(".claude/skills/todo/SKILL.md"));
    assert!(
        skill.starts_with("---\nname: todo\ndescription: "),
        "{skill}"
    );
    assert!(skill.contains("TODO_AGENT=claude"), "{skill}");
    assert!(
        skill.contains("`todo setup claude --remove` removes it"),
        "{skill}"
    );
    let out = env.run(&["setup", "claude", "--check", "--json"]);
    out.ok();
    let parts: Vec<(String, bool)> = out.json()["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["part"].as_str().unwrap().to_string(),
                p["present"] == true,
            )
        })
        .collect();
    assert_eq!(
        parts,
        [
            ("hooks".into(), true),
            ("identity".into(), true),
            ("mcp".into(), true),
            ("skill".into(), true)
        ]
    );
    // Each part missing alone is named alone.
    std::fs::remove_file(env.root.join(".mcp.json")).unwrap();
    let out = env.run(&["setup", "claude", "--check"]);
    out.code(1);
    assert!(out.stdout.contains("\n- mcp: missing from "), "{out:?}");
    assert!(out.stdout.contains("\n- skill: in "), "{out:?}");
    let out = env.run(&["setup", "claude"]);
    out.ok();
    assert_eq!(
        out.stdout.lines().count(),
        2,
        "only the MCP server was added: {out:?}"
    );
    // Removed: no file, no directory left.
    env.run(&["setup", "claude", "--remove"]).ok();
    assert_eq!(tree(&env.root), Vec::<String>::new());
    let out = env.run(&["setup", "claude", "--remove"]);
    out.ok();
    assert!(out.stdout.contains("Nothing changed"), "{out:?}");
}

#[test]
fn what_a_person_keeps_beside_todos_parts_stays_as_it_was() {
    let env = TestEnv::new();
    let mcp =
        "{\n\t\"mcpServers\": {\n\t\t\"docs\": {\n\t\t\t\"command\": \"docs-mcp\"\n\t\t}\n\t}\n}\n";
    std::fs::write(env.root.join(".mcp.json"), mcp).unwrap();
    let skill_dir = env.root.join(".claude/skills/notes");
    std::fs::create_dir_all(&skill_dir).unwrap();
    std::fs::write(skill_dir.join("SKILL.md"), "mine").unwrap();
    env.run(&["setup", "claude"]).ok();
    let added = read(&env.root.join(".mcp.json"));
    assert!(
        added.contains("\t\t\"todo\": {\n\t\t\t\"type\": \"stdio\""),
        "{added}"
    );
    env.run(&["setup", "claude", "--remove"]).ok();
    assert_eq!(read(&env.root.join(".mcp.json")), mcp);
    assert_eq!(read(&skill_dir.join("SKILL.md")), "mine");
    assert_eq!(
        tree(&env.root),
        [
            ".claude",
            ".claude/skills",
            ".claude/skills/notes",
            ".claude/skills/notes/SKILL.md",
            ".mcp.json"
        ]
    );
}

#[test]
fn a_server_or_skill_named_todo_that_is_not_todos_is_left_alone() {
    let env = TestEnv::new();
    let mcp = r#"{"mcpServers":{"todo":{"command":"python3","args":["my_todo_server.py"]}}}"#;
    std::fs::write(env.root.join(".mcp.json"), mcp).unwrap();
    let skill = env.root.join(".claude/skills/todo/SKILL.md");
    std::fs::create_dir_all(skill.parent().unwrap()).unwrap();
    std::fs::write(&skill, "my own todo skill").unwrap();
    let out = env.run(&["setup", "claude"]);
    out.ok();
    assert!(
        out.stderr.contains("Warning: mcp left as it is in "),
        "{out:?}"
    );
    assert!(
        out.stderr.contains("another server is named \"todo\""),
        "{out:?}"
    );
    assert!(
        out.stderr.contains("Warning: skill left as it is in "),
        "{out:?}"
    );
    assert_eq!(read(&env.root.join(".mcp.json")), mcp);
    assert_eq!(read(&skill), "my own todo skill");
    let out = env.run(&["setup", "claude", "--check"]);
    out.code(1);
    assert!(out.stdout.contains("- mcp: not todo's in "), "{out:?}");
    env.run(&["setup", "claude", "--remove"]).ok();
    assert_eq!(read(&env.root.join(".mcp.json")), mcp);
    assert_eq!(read(&skill), "my own todo skill");
    // A TODO_AGENT of the person's in env is theirs too.
    let env = TestEnv::new();
    std::fs::create_dir_all(env.root.join(".claude")).unwrap();
    let settings = env.root.join(".claude/settings.json");
    std::fs::write(&settings, r#"{"env":{"TODO_AGENT":"reviewer"}}"#).unwrap();
    let out = env.run(&["setup", "claude"]);
    assert!(
        out.stderr.contains("Warning: identity left as it is"),
        "{out:?}"
    );
    env.run(&["setup", "claude", "--remove"]).ok();
    let left: Value = serde_json::from_str(&read(&settings)).unwrap();
    assert_eq!(left, serde_json::json!({"env": {"TODO_AGENT": "reviewer"}}));
}

#[test]
fn a_broken_file_of_any_part_stops_setup_before_anything_is_written() {
    for (file, broken) in [
        (".mcp.json", "{\"mcpServers\": [}"),
        (".mcp.json", "{\"mcpServers\": 3}"),
        (".claude/settings.json", "{\"env\": []}"),
    ] {
        let env = TestEnv::new();
        let path = env.root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, broken).unwrap();
        let out = env.run(&["setup", "claude"]);
        out.code(5);
        assert!(out.stderr.contains("Not changing "), "{out:?}");
        assert!(out.stderr.contains("nothing was written"), "{out:?}");
        assert_eq!(read(&path), broken);
        assert!(
            !env.root.join(".claude/skills").exists(),
            "{file}: nothing written"
        );
    }
    let env = TestEnv::new();
    let path = env.root.join(".codex/config.toml");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    for broken in [
        "[mcp_servers\n",
        "mcp_servers = 3\n",
        "[shell_environment_policy]\nset = \"x\"\n",
    ] {
        std::fs::write(&path, broken).unwrap();
        let out = env.run(&["setup", "codex"]);
        out.code(5);
        assert!(out.stderr.contains("Not changing "), "{out:?}");
        assert_eq!(read(&path), broken);
        assert!(!env.root.join(".codex/hooks.json").exists());
    }
}

const CODEX_CONFIG: &str = "# The person's Codex settings.\nmodel = \"gpt-5.5\"  # pinned\n\n[shell_environment_policy]\ninherit = \"core\"\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n";

#[test]
fn setup_codex_writes_its_config_keeping_comments_and_layout() {
    let env = TestEnv::new();
    let config = env.root.join(".codex/config.toml");
    std::fs::create_dir_all(config.parent().unwrap()).unwrap();
    std::fs::write(&config, CODEX_CONFIG).unwrap();
    env.run(&["setup", "codex", "--check"]).code(1);
    let out = env.run(&["setup", "codex"]);
    out.ok();
    assert!(
        out.stdout.contains("review them in Codex (/hooks)"),
        "{out:?}"
    );
    assert_eq!(
        read(&config),
        format!(
            "# The person's Codex settings.\nmodel = \"gpt-5.5\"  # pinned\n\n[shell_environment_policy]\ninherit = \"core\"\nset = {{ TODO_AGENT = \"codex\" }}\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n\n[mcp_servers.todo]\ncommand = \"todo\"\nargs = [\"mcp\"]\n"
        )
    );
    let skill = read(&env.root.join(".agents/skills/todo/SKILL.md"));
    assert!(skill.contains("TODO_AGENT=codex"), "{skill}");
    env.run(&["setup", "codex", "--check"]).ok();
    let again = read(&config);
    env.run(&["setup", "codex"]).ok();
    assert_eq!(read(&config), again, "idempotent");
    env.run(&["setup", "codex", "--remove"]).ok();
    assert_eq!(read(&config), CODEX_CONFIG);
    assert_eq!(tree(&env.root), [".codex", ".codex/config.toml"]);
    // A config.toml setup made alone goes with the rest.
    let env = TestEnv::new();
    env.run(&["setup", "codex"]).ok();
    let made = read(&env.root.join(".codex/config.toml"));
    assert!(made.contains("[mcp_servers.todo]\n"), "{made}");
    assert!(!made.contains("[mcp_servers]\n"), "no empty header: {made}");
    env.run(&["setup", "codex", "--remove"]).ok();
    assert_eq!(tree(&env.root), Vec::<String>::new());
}

#[test]
fn setup_codex_at_both_levels_warns_that_hooks_would_run_twice() {
    let env = TestEnv::new();
    let codex_home = env.home.join("codex-home");
    let run = |args: &[&str]| {
        env.run_with(args, |c| {
            c.env("CODEX_HOME", &codex_home);
        })
    };
    let out = run(&["setup", "codex"]);
    out.ok();
    assert!(!out.stderr.contains("twice"), "{out:?}");
    let out = run(&["setup", "codex", "--user"]);
    out.ok();
    assert!(codex_home.join("hooks.json").exists());
    assert!(codex_home.join("config.toml").exists());
    assert!(env.home.join(".agents/skills/todo/SKILL.md").exists());
    assert!(
        out.stderr.contains("Codex runs the hooks of both levels: each would run twice. Keep one: todo setup codex --remove."),
        "{out:?}"
    );
    run(&["setup", "codex", "--user", "--remove"]).ok();
    assert!(!codex_home.join("hooks.json").exists());
    assert!(codex_home.exists(), "CODEX_HOME itself stays");
    assert!(!env.home.join(".agents").exists());
}

#[test]
fn setup_claude_user_registers_the_server_in_the_users_claude_json() {
    let env = TestEnv::new();
    let state = env.home.join(".claude.json");
    let existing = "{\n  \"numStartups\": 7,\n  \"projects\": {}\n}\n";
    std::fs::write(&state, existing).unwrap();
    env.run(&["setup", "claude", "--user"]).ok();
    let v: Value = serde_json::from_str(&read(&state)).unwrap();
    assert_eq!(v["numStartups"], 7);
    assert_eq!(v["mcpServers"]["todo"]["args"][0], "mcp");
    assert!(env.home.join(".claude/skills/todo/SKILL.md").exists());
    env.run(&["setup", "claude", "--user", "--remove"]).ok();
    assert_eq!(read(&state), existing);
    // Under CLAUDE_CONFIG_DIR, its .claude.json and settings.
    let dir = env.home.join("cc");
    env.run_with(&["setup", "claude", "--user"], |c| {
        c.env("CLAUDE_CONFIG_DIR", &dir);
    })
    .ok();
    assert!(dir.join(".claude.json").exists());
    assert!(dir.join("settings.json").exists());
    assert!(dir.join("skills/todo/SKILL.md").exists());
    assert_eq!(read(&state), existing);
}

#[test]
fn no_part_is_written_through_a_link_out_of_the_project() {
    // A cloned repository whose skill directory, or .mcp.json, leads out.
    let env = TestEnv::new();
    let outside = env.home.join("elsewhere");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(env.root.join(".claude")).unwrap();
    std::os::unix::fs::symlink(&outside, env.root.join(".claude/skills")).unwrap();
    let out = env.run(&["setup", "claude"]);
    out.code(6);
    assert!(out.stderr.contains("outside the project"), "{out:?}");
    assert_eq!(tree(&outside), Vec::<String>::new());
    assert!(
        !env.root.join(".claude/settings.json").exists(),
        "nothing written"
    );
    let env = TestEnv::new();
    let victim = env.home.join("victim.json");
    std::fs::write(&victim, "{}\n").unwrap();
    std::os::unix::fs::symlink(&victim, env.root.join(".mcp.json")).unwrap();
    env.run(&["setup", "claude"]).code(6);
    assert_eq!(read(&victim), "{}\n");
    let env = TestEnv::new();
    let victim = env.home.join("config.toml");
    std::fs::write(&victim, "# theirs\n").unwrap();
    std::fs::create_dir_all(env.root.join(".codex")).unwrap();
    std::os::unix::fs::symlink(&victim, env.root.join(".codex/config.toml")).unwrap();
    env.run(&["setup", "codex"]).code(6);
    assert_eq!(read(&victim), "# theirs\n");
}
