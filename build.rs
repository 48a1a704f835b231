//! Finds the outside programs some integration tests drive (zsh, fish,
//! man, Xvfb…) so that a test whose program is missing is reported by the
//! test harness as *ignored, with the reason* — never as passed. Each
//! missing program sets a `todo_tests_no_*` cfg that the tests put in
//! `#[cfg_attr(…, ignore = "…")]`; `todo` itself never reads them.
//!
//! Under `TODO_TEST_STRICT=1` (CI) nothing is ignored, so a missing
//! program fails its test. The answers are rechecked when `PATH`,
//! `TODO_TEST_STRICT` or `TODO_MCP_PYTHON` change, when a directory on
//! `PATH` changes (a package installed or removed), or when the MCP venv
//! is made or removed.

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
];

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
    for d in &dirs {
        println!("cargo::rerun-if-changed={}", d.display());
    }
    let python = std::env::var_os("TODO_MCP_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("target/mcp-venv/bin/python"));
    // Watched only while it exists: a missing path would rerun this script,
    // and rebuild the crate, on every build.
    if python.exists() {
        println!("cargo::rerun-if-changed={}", python.display());
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
        ("todo_tests_no_mcp_python", !mcp),
    ];
    for (cfg, gone) in missing {
        if gone {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
