//! `todo setup claude|codex` (docs/contract.md, "Agent hooks, setup and restore"): todo's hooks merged into the
//! agent's settings, everything else there left byte for byte.

use serde_json::{Value, json};

use crate::common::TestEnv;

/// A settings file as a person keeps it: other keys, another Stop hook,
/// a PostToolUse hook for another tool, four-space indentation (every
/// array and object on its lines, as JSON.stringify writes them).
const EXISTING: &str = r#"{
    "model": "opus",
    "permissions": {
        "allow": [
            "Bash(npm run test:*)"
        ],
        "deny": []
    },
    "hooks": {
        "Stop": [
            {
                "hooks": [
                    {
                        "type": "command",
                        "command": "notify-send done"
                    }
                ]
            }
        ],
        "PostToolUse": [
            {
                "matcher": "Write|Edit",
                "hooks": [
                    {
                        "type": "command",
                        "command": "prettier --write"
                    }
                ]
            }
        ]
    },
    "env": {
        "BIG": 12345678901234567890
    }
}
"#;

fn settings(env: &TestEnv) -> std::path::PathBuf {
    env.root.join(".claude").join("settings.json")
}

fn commands(v: &Value, event: &str) -> Vec<String> {
    v["hooks"][event]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["hooks"].as_array().cloned().unwrap_or_default())
        .filter_map(|h| h["command"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn setup_claude_writes_the_hooks_into_a_new_file() {
    let env = TestEnv::new();
    env.run(&["setup", "claude", "--check"]).code(1);
    let out = env.run(&["setup", "claude"]);
    out.ok();
    assert!(
        out.stdout
            .starts_with("Set up todo for Claude Code:\n- hooks: added to "),
        "{out:?}"
    );
    let text = std::fs::read_to_string(settings(&env)).unwrap();
    assert_eq!(
        text,
        r#"{
  "hooks": {
    "SessionStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "todo hook session-start --agent claude",
            "timeout": 10
          }
        ]
      }
    ],
    "UserPromptSubmit": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "todo hook prompt --agent claude",
            "timeout": 10
          }
        ]
      }
    ],
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "todo hook stop --agent claude",
            "timeout": 10
          }
        ]
      }
    ],
    "PostToolUse": [
      {
        "matcher": "TodoWrite",
        "hooks": [
          {
            "type": "command",
            "command": "todo hook post-tool --agent claude",
            "timeout": 10
          }
        ]
      },
      {
        "matcher": "TaskCreate|TaskUpdate",
        "hooks": [
          {
            "type": "command",
            "command": "todo hook post-tool --agent claude",
            "timeout": 10
          }
        ]
      }
    ],
    "TaskCreated": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "todo hook post-tool --agent claude",
            "timeout": 10
          }
        ]
      }
    ],
    "TaskCompleted": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "todo hook post-tool --agent claude",
            "timeout": 10
          }
        ]
      }
    ]
  },
  "env": {
    "TODO_AGENT": "claude"
  }
}
"#
    );
    env.run(&["setup", "claude", "--check"]).ok();
    // No plan is made.
    assert!(!env.plan_path().exists());
}

#[test]
fn setup_merges_into_existing_settings_and_is_reversible() {
    let env = TestEnv::new();
    std::fs::create_dir_all(env.root.join(".claude")).unwrap();
    std::fs::write(settings(&env), EXISTING).unwrap();
    env.run(&["setup", "claude"]).ok();
    let text = std::fs::read_to_string(settings(&env)).unwrap();
    // What was there is there, byte for byte, keys in their order; todo's
    // groups come after the others in each event.
    let (head, _) = EXISTING
        .split_once("\n        ],\n        \"PostToolUse\"")
        .unwrap();
    assert!(text.starts_with(head), "{text}");
    assert!(
        text.ends_with("    \"env\": {\n        \"BIG\": 12345678901234567890,\n        \"TODO_AGENT\": \"claude\"\n    }\n}\n"),
        "{text}"
    );
    let v: Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["model", "permissions", "hooks", "env"]);
    assert_eq!(
        commands(&v, "Stop"),
        ["notify-send done", "todo hook stop --agent claude"]
    );
    assert_eq!(
        commands(&v, "PostToolUse"),
        [
            "prettier --write",
            "todo hook post-tool --agent claude",
            "todo hook post-tool --agent claude"
        ]
    );
    assert_eq!(v["hooks"]["PostToolUse"][1]["matcher"], "TodoWrite");
    assert_eq!(
        v["hooks"]["PostToolUse"][2]["matcher"],
        "TaskCreate|TaskUpdate"
    );
    for event in ["TaskCreated", "TaskCompleted"] {
        assert_eq!(commands(&v, event), ["todo hook post-tool --agent claude"]);
        assert!(v["hooks"][event][0].get("matcher").is_none(), "{text}");
    }
    // Twice: nothing changes, not a byte.
    let out = env.run(&["setup", "claude"]);
    out.ok();
    assert!(out.stdout.starts_with("Already set up"), "{out:?}");
    assert_eq!(std::fs::read_to_string(settings(&env)).unwrap(), text);
    env.run(&["setup", "claude", "--check"]).ok();
    // --remove takes out todo's hooks only: the file is as it was.
    let out = env.run(&["setup", "claude", "--remove"]);
    out.ok();
    assert_eq!(std::fs::read_to_string(settings(&env)).unwrap(), EXISTING);
    env.run(&["setup", "claude", "--check"]).code(1);
    let out = env.run(&["setup", "claude", "--remove"]);
    out.ok();
    assert!(
        out.stdout
            .starts_with("Nothing of todo's setup for Claude Code was found."),
        "{out:?}"
    );
    assert_eq!(std::fs::read_to_string(settings(&env)).unwrap(), EXISTING);
}

/// A settings file written by an earlier `todo setup` (the `TodoWrite`
/// matcher only) gets the Task tools' hooks added, its own group kept as
/// it is, so a session that still uses TodoWrite is mirrored once.
#[test]
fn setup_adds_the_task_tools_to_an_earlier_setup_and_keeps_todowrite() {
    let env = TestEnv::new();
    std::fs::create_dir_all(env.root.join(".claude")).unwrap();
    let earlier = r#"{"hooks":{"PostToolUse":[{"matcher":"TodoWrite","hooks":[{"type":"command","command":"todo hook post-tool --agent claude","timeout":10}]}]}}"#;
    std::fs::write(settings(&env), earlier).unwrap();
    env.run(&["setup", "claude", "--check"]).code(1);
    let out = env.run(&["setup", "claude"]);
    out.ok();
    assert!(
        out.stdout
            .contains("PostToolUse (TaskCreate|TaskUpdate), TaskCreated, TaskCompleted"),
        "{out:?}"
    );
    assert!(!out.stdout.contains("(TodoWrite)"), "{out:?}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(settings(&env)).unwrap()).unwrap();
    let matchers: Vec<&str> = v["hooks"]["PostToolUse"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["matcher"].as_str())
        .collect();
    assert_eq!(matchers, ["TodoWrite", "TaskCreate|TaskUpdate"]);
    env.run(&["setup", "claude", "--check"]).ok();
    // Removed, all of them go, and the file that held only them.
    env.run(&["setup", "claude", "--remove"]).ok();
    assert!(!settings(&env).exists());
    assert!(!env.root.join(".claude").exists());
}

#[test]
fn a_hook_set_up_by_hand_with_other_flags_counts() {
    let env = TestEnv::new();
    env.run(&["setup", "claude"]).ok();
    let path = settings(&env);
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "\"todo hook stop --agent claude\"",
        "\"/opt/bin/todo hook stop --max 5\"",
    );
    std::fs::write(&path, &text).unwrap();
    env.run(&["setup", "claude", "--check"]).ok();
    env.run(&["setup", "claude"]).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_broken_settings_file_is_refused_not_overwritten() {
    let env = TestEnv::new();
    std::fs::create_dir_all(env.root.join(".claude")).unwrap();
    for broken in [
        "{\n  \"model\": \"opus\",\n",
        "[1, 2]",
        "{\"hooks\": []}",
        "{\"hooks\": {\"Stop\": {}}}",
    ] {
        std::fs::write(settings(&env), broken).unwrap();
        for args in [
            &["setup", "claude"][..],
            &["setup", "claude", "--remove"],
            &["setup", "claude", "--check"],
        ] {
            let out = env.run(args);
            out.code(5);
            assert!(out.stderr.contains("Not changing "), "{out:?}");
            assert!(out.stderr.contains("nothing was written"), "{out:?}");
            assert_eq!(out.stdout, "");
            assert_eq!(std::fs::read_to_string(settings(&env)).unwrap(), broken);
        }
    }
}

#[test]
fn setup_user_writes_the_home_settings() {
    let env = TestEnv::new();
    env.run(&["setup", "claude", "--user"]).ok();
    let user = env.home.join(".claude").join("settings.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&user).unwrap()).unwrap();
    assert_eq!(commands(&v, "Stop"), ["todo hook stop --agent claude"]);
    assert!(!settings(&env).exists());
    env.run(&["setup", "claude", "--check"]).code(1);
    env.run(&["setup", "claude", "--user", "--check"]).ok();
    // A linked user settings file (a dotfile manager's) stays a link.
    let real = env.home.join("dotfiles-settings.json");
    std::fs::rename(&user, &real).unwrap();
    std::os::unix::fs::symlink(&real, &user).unwrap();
    env.run(&["setup", "claude", "--user", "--remove"]).ok();
    assert!(user.symlink_metadata().unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "{}\n");
}

#[test]
fn a_project_link_out_of_the_project_is_refused() {
    let env = TestEnv::new();
    let outside = env.home.join("victim.json");
    std::fs::write(&outside, "{}\n").unwrap();
    std::fs::create_dir_all(env.root.join(".claude")).unwrap();
    std::os::unix::fs::symlink(&outside, settings(&env)).unwrap();
    let out = env.run(&["setup", "claude"]);
    out.code(6);
    assert!(out.stderr.contains("outside the project"), "{out:?}");
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "{}\n");
    // A linked `.claude` directory leading out: refused too.
    let env = TestEnv::new();
    let dir = env.home.join("elsewhere");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(&dir, env.root.join(".claude")).unwrap();
    env.run(&["setup", "claude"]).code(6);
    assert!(!dir.join("settings.json").exists());
    // A link inside the project is followed.
    let env = TestEnv::new();
    std::fs::create_dir_all(env.root.join(".claude")).unwrap();
    std::fs::write(env.root.join("shared.json"), "{}").unwrap();
    std::os::unix::fs::symlink("../shared.json", settings(&env)).unwrap();
    env.run(&["setup", "claude"]).ok();
    assert!(
        std::fs::read_to_string(env.root.join("shared.json"))
            .unwrap()
            .contains("todo hook stop")
    );
}

#[test]
fn setup_codex_writes_its_hooks_json() {
    let env = TestEnv::new();
    let path = env.root.join(".codex").join("hooks.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        "{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"python3 .codex/stop.py\"}]}]}}",
    )
    .unwrap();
    env.run(&["setup", "codex", "--check"]).code(1);
    env.run(&["setup", "codex"]).ok();
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        commands(&v, "Stop"),
        ["python3 .codex/stop.py", "todo hook stop --agent codex"]
    );
    assert_eq!(
        commands(&v, "SessionStart"),
        ["todo hook session-start --agent codex"]
    );
    assert_eq!(
        commands(&v, "UserPromptSubmit"),
        ["todo hook prompt --agent codex"]
    );
    // Codex sends PostToolUse for update_plan (when it offers the tool).
    assert_eq!(v["hooks"]["PostToolUse"][0]["matcher"], "update_plan");
    assert_eq!(
        commands(&v, "PostToolUse"),
        ["todo hook post-tool --agent codex"]
    );
    env.run(&["setup", "codex", "--check"]).ok();
    env.run(&["setup", "codex", "--remove"]).ok();
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        v,
        json!({"hooks":{"Stop":[{"hooks":[{"type":"command","command":"python3 .codex/stop.py"}]}]}})
    );
    // The Claude settings were never touched.
    assert!(!settings(&env).exists());
}

#[test]
fn a_read_only_settings_file_is_refused_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    let path = settings(&env);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, EXISTING).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Even as root (CI), whom the mode does not stop: a file made read-only
    // is a person's "do not change", as for the plan file (exit 6).
    let out = env.run(&["setup", "claude"]);
    out.code(6);
    assert!(out.stdout.is_empty(), "{out:?}");
    assert!(out.stderr.contains("read-only"), "{out:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), EXISTING);
    // Checking reads only: fine.
    env.run(&["setup", "claude", "--check"]).code(1);
    // Set up while writable, then made read-only: not removed either.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    env.run(&["setup", "claude"]).ok();
    let set_up = std::fs::read_to_string(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    env.run(&["setup", "claude", "--remove"]).code(6);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), set_up);
}

#[test]
fn crlf_line_ends_are_kept() {
    let env = TestEnv::new();
    let path = settings(&env);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let crlf = "{\r\n    \"model\": \"opus\"\r\n}\r\n";
    std::fs::write(&path, crlf).unwrap();
    env.run(&["setup", "claude"]).ok();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with("}\r\n"), "{text:?}");
    assert_eq!(
        text.matches('\n').count(),
        text.matches("\r\n").count(),
        "{text:?}"
    );
    assert!(
        text.starts_with("{\r\n    \"model\": \"opus\",\r\n    \"hooks\": {\r\n"),
        "{text:?}"
    );
    // And back: the file as it was, byte for byte.
    env.run(&["setup", "claude", "--remove"]).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), crlf);
}
