//! Finds the outside programs some integration tests drive (zsh, fish,
//! man, Xvfb…) so that a test whose program is missing is reported by the
//! test harness as *ignored, with the reason* — never as passed. Each
//! missing program sets a `todo_tests_no_*` cfg that the tests put in
//! `#[cfg_attr(…, ignore = "…")]`; `todo` itself never reads them.
//!
//! Under `TODO_TEST_STRICT=1` (CI) nothing is ignored, so a missing
//! program fails its test. The answers are rechecked when `PATH`,
//! `TODO_TEST_STRICT` or `TODO_MCP_PYTHON` change, when this file is
//! touched (after installing a program), or when the MCP venv is made or
//! removed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Each cfg, and whether what it stands for is missing.
const CFGS: &[&str] = &[
    "todo_tests_no_bash",
    "todo_tests_no_bash_completion",
    "todo_tests_no_zsh",
    "todo_tests_no_fish",
    "todo_tests_no_man",
    "todo_tests_no_x11",
    "todo_tests_no_flock",
    "todo_tests_no_setsid",
    "todo_tests_no_script",
    "todo_tests_no_mkfifo",
    "todo_tests_no_git",
    "todo_tests_no_jq",
    "todo_tests_no_root_setpriv",
    "todo_tests_no_mcp_python",
    "todo_tests_no_claude",
    "todo_tests_no_codex",
    "todo_tests_no_python3",
    "todo_tests_no_todo_txt",
    "todo_tests_no_taskwarrior",
];

/// Where `.ci/run` installs the agents the end-to-end tests drive (npm
/// `@anthropic-ai/claude-code` and `@openai/codex`, pinned), and the
/// native program of each under it: the package for this platform.
const AGENTS: &str = "target/agents/node_modules";

/// The native program of an npm package for this platform: the first
/// `<scope>/<prefix>*/<tail>` under `node_modules` that is a file.
fn agent_program(node_modules: &Path, scope: &str, prefix: &str, tail: &str) -> Option<PathBuf> {
    let entries = std::fs::read_dir(node_modules.join(scope)).ok()?;
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .map(|e| e.path())
        .collect();
    dirs.sort();
    dirs.into_iter().map(|d| d.join(tail)).find(|p| p.is_file())
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    for var in ["PATH", "TODO_TEST_STRICT", "TODO_MCP_PYTHON"] {
        println!("cargo::rerun-if-env-changed={var}");
    }
    for cfg in CFGS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
    }
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    // Directories of the system, not this project's (a `.` or `target/…`
    // on PATH changes with every build).
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|d| d.is_absolute() && d.is_dir() && !d.starts_with(&manifest))
        .collect();
    // The directories on PATH are not watched: a package installed anywhere
    // on the system would then rebuild the whole crate, the release build
    // too (2–3 minutes). After installing a program a test drives,
    // `touch build.rs` (CONTRIBUTING.md, "The test suite").
    let python = std::env::var_os("TODO_MCP_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("target/mcp-venv/bin/python"));
    // Watched only while it exists: a missing path would rerun this script,
    // and rebuild the crate, on every build.
    if python.exists() {
        println!("cargo::rerun-if-changed={}", python.display());
    }
    let node_modules = manifest.join(AGENTS);
    let claude = agent_program(&node_modules, "@anthropic-ai", "claude-code-", "claude");
    let codex = codex_vendor(&node_modules);
    // Watched only while they exist, as the venv's python: after a first
    // install, `touch build.rs` (or `.ci/run`, which installs before it
    // builds) has the tests pick them up.
    // The tests run what was found here (`tests/cli/agents_sim.rs`).
    for (var, program) in [("TODO_TEST_CLAUDE", &claude), ("TODO_TEST_CODEX", &codex)] {
        if let Some(program) = program {
            println!("cargo::rerun-if-changed={}", program.display());
            println!("cargo::rustc-env={var}={}", program.display());
        }
    }
    if std::env::var_os("TODO_TEST_STRICT").is_some_and(|v| v == "1") {
        return;
    }
    let on_path = |tool: &str| dirs.iter().any(|d| d.join(tool).is_file());
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n");
    let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"]
        .iter()
        .any(|p| Path::new(p).exists());
    let mcp = Command::new(&python)
        .args(["-c", "import mcp, jsonschema"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let missing = [
        ("todo_tests_no_bash", !on_path("bash")),
        (
            "todo_tests_no_bash_completion",
            !on_path("bash") || !Path::new("/usr/share/bash-completion/bash_completion").exists(),
        ),
        ("todo_tests_no_zsh", !on_path("zsh")),
        ("todo_tests_no_fish", !on_path("fish")),
        ("todo_tests_no_man", !on_path("man")),
        ("todo_tests_no_x11", !on_path("Xvfb") || !on_path("xclip")),
        ("todo_tests_no_flock", !on_path("flock")),
        ("todo_tests_no_setsid", !on_path("setsid")),
        ("todo_tests_no_script", !on_path("script")),
        ("todo_tests_no_mkfifo", !on_path("mkfifo")),
        ("todo_tests_no_git", !on_path("git")),
        ("todo_tests_no_jq", !on_path("jq")),
        ("todo_tests_no_root_setpriv", !root || !setpriv),
        // The real tools whose files tests/cli/formats.rs reads.
        ("todo_tests_no_todo_txt", !on_path("todo-txt")),
        ("todo_tests_no_taskwarrior", !on_path("task")),
        ("todo_tests_no_mcp_python", !mcp),
        // The stand-ins of the models' APIs are Python (tests/agents/).
        (
            "todo_tests_no_claude",
            claude.is_none() || !on_path("python3"),
        ),
        (
            "todo_tests_no_codex",
            codex.is_none() || !on_path("python3"),
        ),
        ("todo_tests_no_python3", !on_path("python3")),
    ];
    for (cfg, gone) in missing {
        if gone {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}

/// Codex's native program: `@openai/codex-<platform>/vendor/<target>/bin/codex`.
fn codex_vendor(node_modules: &Path) -> Option<PathBuf> {
    let entries = std::fs::read_dir(node_modules.join("@openai")).ok()?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("codex-"))
        .filter_map(|e| std::fs::read_dir(e.path().join("vendor")).ok())
        .flatten()
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("bin/codex"))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.into_iter().next()
}
