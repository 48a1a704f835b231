//! Completion scripts and man pages, generated from the clap definition so
//! they cannot drift from it. The files in `completions/` and `man/` are
//! these bytes; a test fails when they differ (see `tests/cli/generated.rs`).

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;

/// Verbs whose arguments name tasks or phases, and what to offer for them.
const DYNAMIC: &[(&str, &str)] = &[
    ("start", "open"),
    ("note", "open"),
    ("mv", "open"),
    ("done", "targets"),
    ("drop", "targets"),
    ("rm", "targets"),
    ("block", "targets"),
    ("unblock", "targets"),
    ("rename", "targets"),
];

/// Every generated file: its path relative to the repository, and its bytes.
pub fn files() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (shell, name) in [
        (Shell::Bash, "todo.bash"),
        (Shell::Zsh, "_todo"),
        (Shell::Fish, "todo.fish"),
        (Shell::Elvish, "todo.elv"),
        (Shell::PowerShell, "_todo.ps1"),
    ] {
        let mut buf = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "todo", &mut buf);
        buf.extend_from_slice(dynamic(shell).as_bytes());
        out.push((format!("completions/{name}"), buf));
    }
    out.extend(man_pages());
    out
}

/// Task and phase names, asked of `todo __complete` at completion time.
fn dynamic(shell: Shell) -> String {
    let verbs = |kind: &str| {
        DYNAMIC
            .iter()
            .filter(|(_, k)| *k == kind)
            .map(|(v, _)| *v)
            .collect::<Vec<_>>()
            .join(" ")
    };
    match shell {
        Shell::Bash => {
            let mut cases = String::new();
            for kind in ["open", "targets"] {
                cases.push_str(&format!(
                    "        {}) kind={kind} ;;\n",
                    verbs(kind).replace(' ', "|")
                ));
            }
            format!(
                r#"
# Task and phase names for the verbs that take them, from `todo __complete`.
# Candidates are read line by line and quoted, never evaluated.
_todo_targets() {{
    local cur=${{COMP_WORDS[COMP_CWORD]}} verb="" kind="" i line
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${{COMP_WORDS[i]}} in
            --file|--if-rev|--color|-p|--phase|-r|--reason|--to) ((i++)) ;;
            -*) ;;
            *) verb=${{COMP_WORDS[i]}}; break ;;
        esac
    done
    case $verb in
{cases}    esac
    if [[ -n $kind && $cur != -* ]]; then
        COMPREPLY=()
        while IFS= read -r line; do
            [[ $line == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
        done < <(command todo __complete "$kind" 2>/dev/null)
        return 0
    fi
    _todo "$@"
}}
complete -F _todo_targets -o bashdefault -o default todo
"#
            )
        }
        Shell::Fish => format!(
            "\n# Task and phase names, from `todo __complete`.\n\
             complete -c todo -n '__fish_seen_subcommand_from {}' -f -a '(command todo __complete open 2>/dev/null)'\n\
             complete -c todo -n '__fish_seen_subcommand_from {}' -f -a '(command todo __complete targets 2>/dev/null)'\n",
            verbs("open"),
            verbs("targets")
        ),
        _ => String::new(),
    }
}

/// `man/todo.1` and one page per verb (`man/todo-done.1`, …).
fn man_pages() -> Vec<(String, Vec<u8>)> {
    let cmd = Cli::command();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    if clap_mangen::Man::new(cmd.clone()).render(&mut buf).is_ok() {
        out.push(("man/todo.1".to_string(), buf));
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("todo-{}", sub.get_name());
        let page = sub
            .clone()
            .name(name.clone())
            .bin_name(format!("todo {}", sub.get_name()));
        let mut buf = Vec::new();
        if clap_mangen::Man::new(page).render(&mut buf).is_ok() {
            out.push((format!("man/{name}.1"), buf));
        }
    }
    out
}
