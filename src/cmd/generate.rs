//! Completion scripts and man pages, generated from the clap definition so
//! they cannot drift from it. The files in `completions/` and `man/` are
//! these bytes; a test fails when they differ (see `tests/cli/generated.rs`).

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, VERBS};

/// What a shell completes a verb's task or phase words to, verb by verb
/// (`todo __complete KIND`), from the registry.
fn dynamic_verbs() -> impl Iterator<Item = (&'static str, &'static str)> {
    VERBS
        .iter()
        .filter_map(|&(verb, _, kind)| Some((verb, kind?)))
}

/// The kinds of names offered, in the order the scripts test them.
const KINDS: [&str; 3] = ["open", "targets", "tasks"];

/// The completion scripts: each shell and its file in `completions/`.
pub(crate) const SHELLS: [(Shell, &str); 5] = [
    (Shell::Bash, "todo.bash"),
    (Shell::Zsh, "_todo"),
    (Shell::Fish, "todo.fish"),
    (Shell::Elvish, "todo.elv"),
    (Shell::PowerShell, "_todo.ps1"),
];

/// Every generated file: its path relative to the repository, and its bytes.
pub fn files() -> Vec<(String, Vec<u8>)> {
    let scripts = SHELLS.map(|(shell, name)| (format!("completions/{name}"), completion(shell)));
    scripts.into_iter().chain(man_pages()).collect()
}

/// The completion script for `shell`: what `todo completions <shell>`
/// prints and `completions/` holds.
pub(crate) fn completion(shell: Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut completed(), "todo", &mut buf);
    if shell == Shell::Zsh {
        buf = zsh_names(&String::from_utf8_lossy(&buf)).into_bytes();
    }
    buf.extend_from_slice(dynamic(shell).as_bytes());
    buf
}

/// The command as the scripts see it: `todo man <TAB>` offers the verbs
/// that have a page (the parser takes any word, and `man` names the ones
/// that are not verbs).
fn completed() -> clap::Command {
    let cmd = Cli::command();
    let verbs = clap::builder::PossibleValuesParser::new(paged(&cmd).collect::<Vec<_>>());
    cmd.mut_subcommand("man", |man| {
        man.mut_arg("verb", |arg| arg.value_parser(verbs))
    })
}

/// Task and phase names, asked of `todo __complete` at completion time.
fn dynamic(shell: Shell) -> String {
    let verbs = |kind: &str| {
        let verbs = dynamic_verbs().filter(|(_, k)| *k == kind);
        verbs.map(|(v, _)| v).collect::<Vec<_>>().join(" ")
    };
    match shell {
        Shell::Bash => {
            let mut cases = String::new();
            for kind in KINDS {
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
        # todo picks the names that start with what was typed, ignoring case,
        # or failing that the names with a word that does.
        local prefix=${{cur//\\/}}
        prefix=${{prefix#[\"\']}}
        COMPREPLY=()
        while IFS= read -r line; do
            COMPREPLY+=("$(printf '%q' "$line")")
        done < <(command todo __complete "$kind" -- "$prefix" 2>/dev/null)
        return 0
    fi
    _todo "$@"
}}
complete -F _todo_targets -o bashdefault -o default todo
"#
            )
        }
        Shell::Fish => {
            let mut out = "\n# Task and phase names, from `todo __complete`.\n".to_string();
            for kind in KINDS {
                out.push_str(&format!(
                    "complete -c todo -n '__fish_seen_subcommand_from {}' -f -a '(command todo __complete {kind} 2>/dev/null)'\n",
                    verbs(kind)
                ));
            }
            out
        }
        _ => String::new(),
    }
}

/// The zsh script clap writes, with the task and phase arguments of the
/// verbs the registry says take them completed by `_todo_names` (names from `todo
/// __complete`, matched ignoring case) instead of file names.
fn zsh_names(script: &str) -> String {
    let mut out = String::with_capacity(script.len() + 1024);
    let mut kind: Option<&str> = None;
    // Verbs are at the second `case` down; deeper ones are a verb's own
    // subcommands (`objective done`), which name no task.
    let mut depth = 0;
    for line in script.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with("case ") {
            depth += 1;
        } else if trimmed == "esac" {
            depth -= 1;
        }
        if depth == 2
            && let Some(verb) = trimmed.strip_prefix('(').and_then(|l| l.strip_suffix(')'))
        {
            kind = dynamic_verbs().find(|(v, _)| *v == verb).map(|(_, k)| k);
        }
        let positional = ["'*::query -- ", "'*::words -- ", "':task -- "]
            .iter()
            .any(|p| trimmed.starts_with(p));
        if line.starts_with("if [ \"$funcstack[1]\" = \"_todo\" ]; then") {
            out.push_str(ZSH_NAMES);
        }
        match kind {
            Some(kind) if positional && line.contains(":_default' \\") => {
                out.push_str(&line.replace(":_default' \\", &format!(":_todo_names {kind}' \\")));
            }
            _ => out.push_str(line),
        }
    }
    out
}

const ZSH_NAMES: &str = r#"# Task and phase names from `todo __complete`, matched ignoring case.
# _arguments puts its own compadd options before the kind: pass them on.
(( $+functions[_todo_names] )) ||
_todo_names() {
    local -a names
    names=("${(@f)$(command todo __complete "${@[-1]}" 2>/dev/null)}")
    names=(${names:#})
    # Names that start with what was typed first; failing that, names that
    # hold it (a word of the name, as a query finds it).
    compadd "${@[1,-2]}" -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a names ||
        compadd "${@[1,-2]}" -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]} l:|=* r:|=*' -a names
}

"#;

/// The verbs with a man page: those not hidden.
pub(crate) fn paged(cmd: &clap::Command) -> impl Iterator<Item = String> {
    let visible = cmd.get_subcommands().filter(|s| !s.is_hide_set());
    visible.map(|s| s.get_name().to_string())
}

/// `man/todo.1` and one page per verb (`man/todo-done.1`, …).
fn man_pages() -> Vec<(String, Vec<u8>)> {
    let verbs: Vec<String> = paged(&Cli::command()).collect();
    std::iter::once(None)
        .chain(verbs.iter().map(|v| Some(v.as_str())))
        .filter_map(man_page)
        .map(|(name, bytes)| (format!("man/{name}"), bytes))
        .collect()
}

/// The man page of `verb` (a verb's name or alias; `None`: the tool's own
/// page): its file name in `man/`, and its bytes. `None` for a name that is
/// no verb with a page (hidden ones have none).
pub(crate) fn man_page(verb: Option<&str>) -> Option<(String, Vec<u8>)> {
    let cmd = Cli::command();
    let (name, page) = match verb {
        None => ("todo".to_string(), cmd),
        Some(verb) => {
            let sub = cmd.find_subcommand(verb).filter(|s| !s.is_hide_set())?;
            let name = format!("todo-{}", sub.get_name());
            let page = sub
                .clone()
                .name(name.clone())
                .bin_name(format!("todo {}", sub.get_name()));
            (name, page)
        }
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(page).render(&mut buf).ok()?;
    let roff = String::from_utf8(buf).ok()?;
    Some((format!("{name}.1"), code_in_bold(&roff)))
}

/// The help texts mark commands, flags and file names as Markdown code
/// (`` `todo done` ``), which `--help` shows as typed; a man page sets them
/// in bold instead, as man pages do, so no raw backtick reaches the page.
/// A backtick left without its pair (none today) becomes roff's grave
/// accent, `\(ga`, which prints as one. Request lines (`.TH`, `.SH`…) are
/// left alone.
fn code_in_bold(roff: &str) -> Vec<u8> {
    let mut out = String::with_capacity(roff.len() + 256);
    for line in roff.split_inclusive('\n') {
        if line.starts_with('.') || line.starts_with('\'') || !line.contains('`') {
            out.push_str(line);
            continue;
        }
        let spans: Vec<&str> = line.split('`').collect();
        let pairs = (spans.len() - 1) / 2;
        for (i, span) in spans.iter().enumerate() {
            if i > 0 {
                out.push_str(match i {
                    i if i > 2 * pairs => "\\(ga",
                    i if i % 2 == 1 => "\\fB",
                    _ => "\\fR",
                });
            }
            out.push_str(span);
        }
    }
    out.into_bytes()
}
