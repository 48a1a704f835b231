//! The command-line interface: the clap tree and nothing else. Doc comments
//! here are the help text, the man pages and the completion descriptions.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// A phased task plan in a file in your project, shared by people, CI and
/// coding agents.
///
/// The plan lives in `.todo.json`, found in the current directory or a
/// parent up to the project root (the first directory holding `.git`).
/// With no verb, `todo` prints the plan as a Markdown checklist.
#[derive(Debug, Parser)]
#[command(
    name = "todo",
    version,
    after_help = "Tasks and phases are named by their text, a word of it, an id (t7, p2, or just 7), or a near miss.\n\
        Run `todo help <verb>` for a verb's details and examples.",
    after_long_help = "Tasks and phases are named by their text, a word of it, an id (t7, p2, or just 7), or a near miss.\n\n\
        Examples:\n  \
          todo append auth wire oauth     add a task to phase Auth (created if needed)\n  \
          todo start oauth                work on it\n  \
          todo done oaht                  a typo is a guess: asked at a terminal, exit 3 in scripts\n  \
          todo check                      exit 1 while work is open (for CI and hooks)\n  \
          todo export --format gfm -      a pull-request checklist\n  \
          todo undo                       take the last change back\n\n\
        Exit status: 0 ok, 1 check/next found open work/nothing, 2 usage, 3 no match or ambiguous,\n\
        4 conflict, 5 invalid input, 6 environment (I/O, editor, clipboard), 7 refused."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub show: ShowArgs,

    #[command(flatten)]
    pub global: GlobalArgs,
}

#[derive(Debug, Args, Clone)]
pub struct GlobalArgs {
    /// Use this plan file instead of discovering `.todo.json`.
    #[arg(long, global = true, env = "TODO_FILE", value_name = "PATH")]
    pub file: Option<PathBuf>,

    /// Refuse to change the plan unless its current `rev` is N (exit 4).
    #[arg(long, global = true, value_name = "N")]
    pub if_rev: Option<u64>,

    /// Print one JSON object instead of the human message.
    #[arg(long, global = true)]
    pub json: bool,

    /// Do not print confirmations (data, warnings and errors still print).
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// When to use colour on stdout.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Who makes the change: a person (the default) or an agent, whose
    /// changes may not undo what a person decided. `TODO_ACTOR` sets it
    /// for the verbs a person types (empty means unset); `todo apply`,
    /// `todo mcp` and `todo hook` act as the agent whatever it says.
    #[arg(
        long = "as",
        global = true,
        env = "TODO_ACTOR",
        value_enum,
        value_name = "ACTOR"
    )]
    pub actor: Option<ActorArg>,

    /// Do not ask before a change to more than 3 tasks (bare `done`,
    /// `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a
    /// person at a terminal; scripts, pipes and agents are never asked.
    #[arg(short = 'y', long, global = true)]
    pub yes: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ActorArg {
    Person,
    Agent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ChecksArg {
    /// Only a person completes or drops it.
    Person,
    /// Only the agent sets it, until a person runs `todo unlock`.
    Agent,
}

pub(crate) use crate::output::ColorChoice;

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Print the plan as a Markdown checklist.
    ///
    /// Example: `todo show --ids`
    #[command(visible_alias = "list")]
    Show(ShowArgs),

    /// Add a task, to the last phase or to a named one.
    ///
    /// With one argument it is the task, appended to the last phase. With
    /// more, the first names the phase (matched, or created with each word
    /// capitalised) and the rest are the task. The task's first letter is
    /// upper-cased.
    ///
    /// Examples: `todo append "write the docs"`, `todo append auth wire oauth`,
    /// `todo append -p "Auth Work" -- --flag handling`
    Append(AppendArgs),

    /// Mark a task in progress (any other goes back to pending).
    ///
    /// A blocked task loses its blocker, a finished one is reopened, and the
    /// task in progress goes back to pending: the confirmation says which.
    ///
    /// Example: `todo start oauth`
    Start(TaskArgs),

    /// Mark a task, a phase's open tasks, or every open task completed.
    ///
    /// A task with a check (`todo verify`) is completed only when its check
    /// passes: it runs in the project root, and its proof (command, exit
    /// status, time taken, time, commit) is recorded. A failing check
    /// refuses the change (exit 8) and shows the check's last lines.
    ///
    /// At a terminal, a change to more than 3 tasks is asked first (`--yes`
    /// skips the question); scripts and agents are never asked.
    ///
    /// Example: `todo done oauth`, `todo done auth`, `todo done t7`, `todo done`
    Done(DoneArgs),

    /// Mark a task, a phase's open tasks, or every open task abandoned.
    ///
    /// Example: `todo drop "old idea"`
    Drop(TargetArgs),

    /// Remove a task, a whole phase, or (no argument) everything.
    ///
    /// An objective's or a finding's id removes that one. At a terminal, a
    /// change to more than 3 tasks is asked first (`--yes` skips it).
    ///
    /// Example: `todo rm t3`, `todo rm "Old phase"`
    Rm(TargetArgs),

    /// Mark a task (or a phase's open tasks) blocked, with an optional reason.
    ///
    /// Example: `todo block keys --reason "vendor sandbox"`
    Block(BlockArgs),

    /// Return blocked tasks to pending.
    ///
    /// Example: `todo unblock keys`
    Unblock(TargetRequired),

    /// Exit 1 and list open work if any task is pending or in progress.
    ///
    /// For CI and agent hooks. Blocked tasks are parked, not open. Run as
    /// the agent, it words the list as the agent's own reminder. With
    /// `--verify`, rerun instead the checks of the completed tasks and exit
    /// 1 when one fails: what the plan calls done is still true here.
    ///
    /// Example: `todo check || exit 1`, `todo check --verify --jobs 4`
    Check(CheckArgs),

    /// Print the task to work on now; exit 1 when there is none.
    ///
    /// Never a task waiting for one it needs, nor one another owner
    /// claimed. With none, stdout stays empty and stderr says why: no
    /// tasks, all finished, or all open ones blocked, waiting or claimed.
    ///
    /// Example: `todo next`
    Next,

    /// List the tasks ready to take: open, unclaimed, every need completed.
    ///
    /// In plan order, one per line with its id; exit 1 when none is ready
    /// (stdout then stays empty and stderr says why).
    ///
    /// Example: `todo ready`, `todo ready --json`
    Ready,

    /// Say that a task needs other tasks first; `--remove` takes needs off.
    ///
    /// The first argument names the task; each further one names a task it
    /// needs (an id, or words of its text in quotes). A task waits until
    /// every task it needs is completed: `todo ready` and `todo next` skip
    /// it until then. A need that would make tasks wait for each other in a
    /// circle is refused (exit 7, `needs-cycle`), naming the circle. With no
    /// further argument, it lists what the task needs.
    ///
    /// Examples: `todo needs deploy t3 t4`, `todo needs t5 --remove t3`
    Needs(NeedsArgs),

    /// Claim a task and start it, or (`--next`) the first ready task.
    ///
    /// The owner is `--owner`, else `TODO_OWNER`, else who runs it: a
    /// person's login name (`$USER`), or `agent` for an agent. Claiming is
    /// atomic under the plan's lock: a task another owner holds is refused
    /// (exit 7, `claimed`), naming the owner, and `--next` with no task
    /// ready exits 1. With claims, each owner has one task in progress:
    /// one owner's claim never stops another's task.
    ///
    /// Examples: `todo claim t3`, `todo claim --next --owner worker-2`
    Claim(ClaimArgs),

    /// Give up the claim on a task; in progress, it goes back to pending.
    ///
    /// An agent may not release a person's claim.
    ///
    /// Example: `todo release t3`
    Release(TaskArgs),

    /// Print the plan file in use and whether it exists.
    ///
    /// Example: `todo where`
    Where,

    /// Copy the checklist to the clipboard.
    ///
    /// Uses `TODO_CLIPBOARD` ("cmd args", fed on stdin) if set, else
    /// wl-copy, xclip, xsel, pbcopy or clip.exe, else an OSC 52 escape on a
    /// terminal. When nothing can copy, prints the checklist on stdout.
    ///
    /// Example: `todo copy`
    Copy,

    /// Write the checklist to a file (default TODO.md beside the plan).
    ///
    /// `-` writes to stdout. `--format gfm` is the pull-request flavour
    /// (only [ ] and [x] boxes; exact states in invisible comments); `json`
    /// writes the phases. `--into FILE` rewrites only the region between
    /// `<!-- todo:begin -->` and `<!-- todo:end -->` lines of FILE, adding
    /// one at the end when there is none.
    ///
    /// Examples: `todo export`, `todo export --format gfm -`,
    /// `todo export --format gfm --into body.md`
    Export(ExportArgs),

    /// Replace the plan with a Markdown, JSON or agent session file (default TODO.md).
    ///
    /// Reads our Markdown, the pull-request flavour, and JSON (a plan file,
    /// a phases array, or an object with `phases`). Tasks keep their ids
    /// when they match the current plan by phase and text. `-` reads stdin.
    ///
    /// An agent's session file (`.jsonl`, or known by its content) restores
    /// the list the agent last had: the latest valid `todo-phases` snapshot
    /// on the current branch of a pi / oh-my-pi session, or a Claude Code
    /// transcript's list (as phase "Claude Code"): its TaskCreate /
    /// TaskUpdate calls replayed in order, or its latest TodoWrite list,
    /// whichever it used last. A Claude Code task-list directory
    /// (`~/.claude/tasks/LIST/`, one JSON file per task) restores that list.
    /// Malformed lines are skipped; a file with no list is refused (exit 5).
    ///
    /// Examples: `todo import`, `todo import --from-block body.md`,
    /// `todo import - < snapshot.json`, `todo import ~/.claude/projects/DIR/SESSION.jsonl`
    Import(ImportArgs),

    /// Edit the checklist in $VISUAL or $EDITOR.
    ///
    /// The editor command is split like a shell would (`code --wait` works)
    /// but never run through one. Text that does not parse is kept in a
    /// file outside the project; its path is printed.
    ///
    /// Example: `EDITOR=vim todo edit`
    Edit,

    /// Rename a task or a phase.
    ///
    /// The new text comes after `--`, or with `--to`.
    ///
    /// Examples: `todo rename oauth -- Wire OAuth and OIDC`,
    /// `todo rename p2 --to "Billing v2"`
    Rename(RenameArgs),

    /// Move a task to the end of another phase (matched, or created).
    ///
    /// The last argument is the phase (matched, or created); the ones
    /// before it name the task. With `-p NAME` every argument names the
    /// task and NAME is the phase's exact name or id, or a new phase.
    ///
    /// Examples: `todo mv invoice export Backlog`, `todo mv t4 -p "C#"`
    Mv(MvArgs),

    /// Add a note to a task. Notes show under the task in the checklist.
    ///
    /// The first argument names the task; the rest is the note.
    ///
    /// Example: `todo note keys "ask vendor for a sandbox account"`
    Note(NoteArgs),

    /// Remove finished (completed or abandoned) tasks, then empty phases.
    ///
    /// Example: `todo prune` (and `todo undo` to bring them back)
    Prune,

    /// List the plan's objectives, or add one, or set one done, dropped or open.
    ///
    /// Objectives (`o1`, `o2`, …) say what the work is for; `todo` shows
    /// them before the phases. An objective is named by its id or by words
    /// of its text. A status a person sets belongs to the person: an agent
    /// may not change it (`todo objective reopen` takes the mark back).
    ///
    /// Examples: `todo objective add "Ship a plan people trust"`,
    /// `todo objective done o1`, `todo objective`
    Objective(ObjectiveArgs),

    /// Record a finding: something learned on the way (at most 300 characters).
    ///
    /// Findings (`f1`, `f2`, …) show after the phases.
    ///
    /// Example: `todo finding "the vendor sandbox resets nightly"`
    Finding(FindingArgs),

    /// Undo the last change made through todo; repeat to go further back.
    ///
    /// Undo is itself a change: `rev` rises. It refuses (exit 4) when the
    /// plan file was changed by something other than todo since, unless
    /// `--force`. History lives outside the project, in your data
    /// directory (or `TODO_HISTORY_DIR`).
    ///
    /// Example: `todo rm; todo undo`
    Undo(UndoArgs),

    /// Set a task back to pending, clearing who set its status and when.
    ///
    /// A person's reopen takes back a mark the agent would have to
    /// respect (a misclick leaves none).
    ///
    /// Example: `todo reopen t4`
    Reopen(TaskArgs),

    /// Give a task a check: the command that proves it done.
    ///
    /// `todo done` runs it before the task counts as completed. With no
    /// command, print the task's check; `--remove` removes it. A plan's
    /// checks run on this machine only once a person trusted them
    /// (`todo trust`).
    ///
    /// Example: `todo verify t3 "cargo test auth"`, `todo verify t3 --timeout 120`
    Verify(VerifyArgs),

    /// Allow the plan's checks to run on this machine (person only).
    ///
    /// Shows each check command and records the ones you allow in your
    /// data directory; a command that changes must be trusted again. Asks
    /// on a terminal; `--yes` allows without asking.
    ///
    /// Example: `todo trust`, `todo trust --yes`
    Trust(TrustArgs),

    /// Let anyone set tasks only the agent checks (person only; one-way).
    ///
    /// Names a task, a phase (its tasks), or `--all`. Once unlocked, the
    /// agent can never lock a task again.
    ///
    /// Example: `todo unlock t4`, `todo unlock --all`
    Unlock(UnlockArgs),

    /// Apply agent operations given as JSON, as one change: all or none.
    ///
    /// Reads one JSON value from stdin (or `--ops FILE`): an op object or
    /// an array of them, in the dialect of the oh-my-pi `todo` tool, the
    /// plan operations (`set`, `note`, `unlock`, `add`, `edit`, `move`,
    /// `remove`), Claude Code `TodoWrite` (`{todos}`), `TaskCreate`
    /// (`{subject, description}`) or `TaskUpdate` (`{taskId, …}`), or Codex
    /// `update_plan` (`{plan}`): `--tool` names it, else its shape tells.
    /// Acts as an agent unless `--as person` is
    /// typed on its command line (`TODO_ACTOR` is not read for it).
    /// Replies with one JSON object: `ok`, `rev`, `changed`, `minted`,
    /// `completedTasks`, the plan in `message`, and on failure `error` and
    /// the unchanged list.
    ///
    /// Example: `echo '{"op":"done","task":"t3"}' | todo apply`
    Apply(ApplyArgs),

    /// Answer an agent's hook: read its JSON on stdin, print what it expects.
    ///
    /// For Claude Code and Codex hooks (`todo setup` registers them). `stop`
    /// reminds the agent of open work (at most `--max` times per prompt,
    /// per session and plan; not when it ended by asking a question, nor
    /// for blocked work); `prompt` starts a new reminder cycle and tells
    /// the agent what a person changed in the plan since it last saw it;
    /// `session-start` gives it the plan and how to drive it; `post-tool`
    /// mirrors its TodoWrite / update_plan list, or each Claude Code
    /// TaskCreate / TaskUpdate call (and the TaskCreated / TaskCompleted
    /// events), into the plan (what a person decided stays, and the agent
    /// is told once). The plan is found from
    /// the input's `cwd`; an input naming another event (`SubagentStop`)
    /// is left alone. Always acts as the agent: `TODO_ACTOR` is not read,
    /// and `--as person` is refused. A hook never fails its agent: on any
    /// error of its own, its command line's included, it prints one line
    /// on stderr and exits 0.
    ///
    /// Example: `echo '{"session_id":"s1","cwd":"."}' | todo hook stop`
    Hook(HookArgs),

    /// Register todo's hooks with Claude Code or Codex.
    ///
    /// Merges them into `.claude/settings.json` (`--user`:
    /// `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`)
    /// or `.codex/hooks.json` (`--user`: `$CODEX_HOME/hooks.json`, else
    /// `~/.codex/hooks.json`), leaving everything else there as it was.
    /// Each hook's command names the agent (`--agent claude`). `--remove`
    /// takes out only the hooks setup wrote.
    /// Safe to run again. A file that is not valid JSON is refused
    /// (exit 5), never overwritten.
    ///
    /// Examples: `todo setup claude`, `todo setup codex --check`,
    /// `todo setup claude --user --remove`
    Setup(SetupArgs),

    /// Serve the plan to an agent over the Model Context Protocol (stdio).
    ///
    /// Speaks MCP on stdin/stdout (JSON-RPC, one message a line; logs on
    /// stderr) until stdin closes. Tools: `todo` (the oh-my-pi ops of
    /// `todo apply`: one op, or `{"ops": [..]}` as one batch) and
    /// `plan_update` (tasks, objectives and phases by id); resources
    /// `todo://plan` (Markdown) and `todo://plan.json`. Every call re-reads
    /// the plan and acts as an agent unless `--as person` is typed (`TODO_ACTOR`
    /// is not read for it), with the lock,
    /// permissions and reply of `todo apply`. The server is the program
    /// `todo-mcp`, installed with todo: this runs it in its place.
    ///
    /// Example: `claude mcp add todo -- todo mcp`
    Mcp,

    /// Apply verb lines from stdin as one change: all of them or none.
    ///
    /// Each line is split like a shell would; a leading `todo` or `/todo` is
    /// ignored; blank lines and lines starting with `#` are skipped (a `#`
    /// later in a line is text). Allowed verbs: append, start, done, drop,
    /// rm, block, unblock, rename, mv, note, prune. A failing line is named
    /// with its number and the batch exits with its status; `rev` rises by
    /// one for the whole batch.
    ///
    /// Example: `printf 'append api "add /health"\ndone t3\n' | todo batch`
    Batch,

    /// Print completion candidates (used by the shell completion scripts).
    #[command(name = "__complete", hide = true)]
    Complete(CompleteArgs),

    /// Merge three versions of a plan file by task id (the git merge driver).
    ///
    /// Git runs it as `todo merge-file %O %A %B` once `todo git-setup` has
    /// configured the repository: BASE is the common ancestor (missing or
    /// empty means an empty plan), OURS the current branch's version, which
    /// is replaced by the result, and THEIRS the other branch's. Edits from
    /// both sides are kept; where both changed the same thing differently a
    /// documented rule decides, the plan written is still valid, each such
    /// conflict is listed on stderr with its id, and the exit status is 1 so
    /// that git stops for a look. Notes (an id renumbered) do not fail.
    ///
    /// Example: `todo merge-file base.json ours.json theirs.json`
    MergeFile(MergeFileArgs),

    /// Settle a git merge conflict in the plan file by merging both sides by task id.
    ///
    /// After a `git merge`, `rebase`, `cherry-pick` or `stash pop` that left
    /// the plan conflicted, every other verb refuses it (exit 5); this merges
    /// the versions as `todo merge-file` does: from git's index (stages
    /// 1/2/3) when it holds them, else from the conflict markers in the file
    /// (diff3 and zdiff3 markers show the base; merge-style markers do not,
    /// and then a task the two sides hold differently is merged by the
    /// no-base rules the README states). It prints what it decided for each
    /// task both sides changed and the next git step, and writes the plan
    /// without staging it: review it, then `git add` it. Where it cannot
    /// decide (a version that is not a plan, broken markers) it writes
    /// nothing, lists what needs a person and exits 5. With no conflict it
    /// says so and changes nothing.
    ///
    /// Example: `git merge feature; todo resolve; git add .todo.json; git commit`
    Resolve,

    /// Make git merge `.todo.json` with `todo merge-file` in this repository.
    ///
    /// Adds `.todo.json merge=todo` to `.gitattributes` at the repository
    /// root (commit it) and sets `merge.todo.name` and `merge.todo.driver`
    /// in the repository's git config (each clone runs this once). Safe to
    /// run again: it says what it changed, or that nothing needed changing.
    ///
    /// Example: `todo git-setup`, `todo git-setup --check`
    GitSetup(GitSetupArgs),

    /// Print the completion script for a shell (what `completions/` holds).
    ///
    /// The script completes verbs and flags and, in bash, zsh and fish, the
    /// names of tasks and phases (it asks `todo __complete` for them). Its
    /// bytes are those of the file in `completions/` for the same version.
    ///
    /// Examples: `todo completions zsh > ~/.zfunc/_todo`,
    /// `todo completions bash > ~/.local/share/bash-completion/completions/todo`
    Completions(CompletionsArgs),

    /// Print a man page (what `man/` holds): todo(1), or a verb's page.
    ///
    /// Examples: `todo man | man -l -`, `todo man done > todo-done.1`
    Man(ManArgs),
}

#[derive(Debug, Args, Default, Clone)]
pub struct ShowArgs {
    /// Show each phase's and task's id in a column on the left.
    #[arg(long)]
    pub ids: bool,

    /// Print one line of progress instead of the checklist:
    /// `14/20 done · 9 verified · Auth 4/6 · 1 blocked`.
    #[arg(long, conflicts_with = "ids")]
    pub summary: bool,
}

#[derive(Debug, Clone, Args)]
pub struct DoneArgs {
    #[command(flatten)]
    pub target: TargetArgs,

    /// Complete without running the tasks' checks, recorded as unverified
    /// (a person only: an agent's `--no-verify` is refused).
    #[arg(long)]
    pub no_verify: bool,
}

#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    /// Rerun the checks of the completed tasks; exit 1 when one fails.
    #[arg(long)]
    pub verify: bool,

    /// How many checks run at once (default: the number of CPUs).
    #[arg(long, short, value_name = "N", requires = "verify", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

#[derive(Debug, Clone, Args)]
pub struct VerifyArgs {
    /// The task: its id or words of its text (quoted as one argument).
    #[arg(value_name = "TASK")]
    pub task: String,

    /// The check: a shell command run in the project root; exit 0 passes.
    #[arg(value_name = "COMMAND", conflicts_with = "remove")]
    pub command: Option<String>,

    /// Seconds the check may run before it counts as failed (default 600,
    /// or `TODO_CHECK_TIMEOUT`).
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,

    /// Remove the task's check (and its proof).
    #[arg(long)]
    pub remove: bool,
}

#[derive(Debug, Clone, Args)]
pub struct TrustArgs {
    /// Allow the plan's checks without asking.
    #[arg(long, short)]
    pub yes: bool,
}

#[derive(Debug, Clone, Args)]
pub struct AppendArgs {
    /// Name the phase exactly (its name in any case, or its id; created as
    /// typed when there is none); every argument is then task text.
    #[arg(short, long, value_name = "NAME")]
    pub phase: Option<String>,

    /// Who checks the new task: only a person, or only the agent (until
    /// `todo unlock`). Default: anyone.
    #[arg(long, value_enum, value_name = "WHO")]
    pub checks: Option<ChecksArg>,

    /// The task's check: a shell command `todo done` runs in the project
    /// root before the task counts as completed.
    #[arg(long, value_name = "COMMAND")]
    pub verify: Option<String>,

    /// Put the task right after this one (an id, or words of its text), in
    /// its phase (a phase given, first or with `-p`, must be that phase;
    /// else a first word is task text).
    #[arg(long, value_name = "TASK")]
    pub after: Option<String>,

    /// The new task needs these tasks first (ids or words of their text;
    /// repeat the flag or separate with commas).
    #[arg(long, value_name = "TASK", value_delimiter = ',')]
    pub needs: Vec<String>,

    /// `[PHASE] TASK...` — use `--` before text that starts with `-`.
    #[arg(required = true, value_name = "WORDS")]
    pub words: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct NeedsArgs {
    /// The task that waits: its id, or words of its text in quotes.
    #[arg(value_name = "TASK")]
    pub task: String,

    /// The tasks it needs (each an id, or words of its text in quotes).
    #[arg(value_name = "NEEDS")]
    pub needs: Vec<String>,

    /// Take these needs off instead of adding them.
    #[arg(long)]
    pub remove: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ClaimArgs {
    /// Claim the first ready task (`todo ready`) instead of a named one.
    #[arg(long, conflicts_with = "query")]
    pub next: bool,

    /// Who holds the claim (default: `TODO_OWNER`, else the login name of
    /// a person, or `agent`).
    #[arg(long, value_name = "NAME")]
    pub owner: Option<String>,

    /// The task: its text, part of it, or its id.
    #[arg(value_name = "TASK", required_unless_present = "next")]
    pub query: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct ObjectiveArgs {
    #[command(subcommand)]
    pub action: Option<ObjectiveAction>,
}

#[derive(Debug, Clone, Subcommand)]
pub enum ObjectiveAction {
    /// Add an objective (open).
    Add {
        /// The objective's text.
        #[arg(required = true, value_name = "TEXT")]
        words: Vec<String>,
    },
    /// Mark an objective done.
    Done {
        /// The objective: its id (`o2`) or words of its text.
        #[arg(required = true, value_name = "OBJECTIVE")]
        query: Vec<String>,
    },
    /// Mark an objective dropped.
    Drop {
        /// The objective: its id (`o2`) or words of its text.
        #[arg(required = true, value_name = "OBJECTIVE")]
        query: Vec<String>,
    },
    /// Set an objective open again, clearing who set its status.
    Reopen {
        /// The objective: its id (`o2`) or words of its text.
        #[arg(required = true, value_name = "OBJECTIVE")]
        query: Vec<String>,
    },
    /// Remove an objective (`todo undo` brings it back). A finding is
    /// removed with `todo rm <f-id>`.
    Rm {
        /// The objective: its id (`o2`) or words of its text.
        #[arg(required = true, value_name = "OBJECTIVE")]
        query: Vec<String>,
    },
}

#[derive(Debug, Clone, Args)]
pub struct FindingArgs {
    /// The finding's text.
    #[arg(required = true, value_name = "TEXT")]
    pub words: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct UnlockArgs {
    /// A task or phase: text, part of it, or id.
    #[arg(
        value_name = "TASK|PHASE",
        required_unless_present = "all",
        conflicts_with = "all"
    )]
    pub query: Vec<String>,

    /// Unlock every task only the agent checks.
    #[arg(long)]
    pub all: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ApplyArgs {
    /// Read the ops from FILE instead of stdin.
    #[arg(long, value_name = "FILE")]
    pub ops: Option<PathBuf>,

    /// The agent tool whose input the JSON is (default: told by its shape).
    #[arg(long, value_enum, value_name = "TOOL")]
    pub tool: Option<ToolArg>,
}

/// The agent tools whose input `todo apply` takes as they send it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ToolArg {
    /// Claude Code's TaskCreate: `{subject, description}`.
    #[value(name = "TaskCreate")]
    TaskCreate,
    /// Claude Code's TaskUpdate: `{taskId, status?, …}`; `taskId` names a
    /// task of the plan by its id or text.
    #[value(name = "TaskUpdate")]
    TaskUpdate,
    /// Claude Code's TodoWrite: `{todos}`.
    #[value(name = "TodoWrite")]
    TodoWrite,
    /// Codex's update_plan: `{plan}`.
    #[value(name = "update_plan")]
    UpdatePlan,
}

#[derive(Debug, Clone, Args)]
pub struct TaskArgs {
    /// The task: its text, part of it, or its id.
    #[arg(required = true, value_name = "TASK")]
    pub query: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct TargetArgs {
    /// A task or phase: text, part of it, or id. None means everything.
    #[arg(value_name = "TASK|PHASE")]
    pub query: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct TargetRequired {
    /// A task or phase: text, part of it, or id.
    #[arg(required = true, value_name = "TASK|PHASE")]
    pub query: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct BlockArgs {
    /// A task or phase: text, part of it, or id.
    #[arg(required = true, value_name = "TASK|PHASE")]
    pub query: Vec<String>,

    /// What the task is waiting for.
    #[arg(short, long, value_name = "TEXT")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct RenameArgs {
    /// The task or phase to rename.
    #[arg(required = true, value_name = "TASK|PHASE")]
    pub query: Vec<String>,

    /// The new text (instead of giving it after `--`).
    #[arg(long, value_name = "TEXT", conflicts_with = "text")]
    pub to: Option<String>,

    /// The new text, after `--`.
    #[arg(last = true, value_name = "TEXT")]
    pub text: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct MvArgs {
    /// Name the phase exactly (its name in any case, or its id; created as
    /// typed when there is none); every argument then names the task.
    #[arg(short, long, value_name = "NAME")]
    pub phase: Option<String>,

    /// The task, then the phase to move it to (last argument).
    #[arg(required = true, value_name = "TASK... PHASE")]
    pub words: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct NoteArgs {
    /// The task to annotate.
    #[arg(value_name = "TASK")]
    pub task: String,

    /// The note.
    #[arg(required = true, value_name = "TEXT")]
    pub text: Vec<String>,
}

#[derive(Debug, Clone, Args)]
pub struct UndoArgs {
    /// Undo even though the plan file was changed outside todo since.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Clone, Args)]
pub struct CompleteArgs {
    /// What to list: `tasks`, `open` (open tasks), or `targets` (tasks and phases).
    #[arg(value_name = "KIND", default_value = "targets")]
    pub kind: String,

    /// Only names starting with this, ignoring case.
    #[arg(value_name = "PREFIX")]
    pub prefix: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct MergeFileArgs {
    /// The common ancestor's version (git's %O).
    #[arg(value_name = "BASE")]
    pub base: PathBuf,

    /// Our version (git's %A); the merged plan is written here.
    #[arg(value_name = "OURS")]
    pub ours: PathBuf,

    /// Their version (git's %B).
    #[arg(value_name = "THEIRS")]
    pub theirs: PathBuf,
}

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to print the script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// The verb whose page to print (`todo-<verb>.1`); none prints `todo.1`.
    #[arg(value_name = "VERB")]
    pub verb: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct HookArgs {
    /// The agent's hook event.
    #[arg(value_enum, value_name = "EVENT")]
    pub event: HookEvent,

    /// Stop reminders per prompt before the stop hook goes quiet.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub max: u32,

    /// The agent running the hook (default: told by its input).
    #[arg(long, value_enum, value_name = "AGENT")]
    pub agent: Option<AgentArg>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HookEvent {
    /// The agent is about to stop (Stop).
    Stop,
    /// A person sent a prompt (UserPromptSubmit).
    Prompt,
    /// A session starts or resumes (SessionStart).
    SessionStart,
    /// The agent's own todo tool ran (PostToolUse of TodoWrite, update_plan,
    /// TaskCreate or TaskUpdate; Claude Code's TaskCreated and TaskCompleted).
    PostTool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AgentArg {
    /// Claude Code.
    Claude,
    /// OpenAI Codex.
    Codex,
}

#[derive(Debug, Clone, Args)]
pub struct SetupArgs {
    /// The agent whose settings to change.
    #[arg(value_enum, value_name = "AGENT")]
    pub agent: AgentArg,

    /// Change the user's settings (`CLAUDE_CONFIG_DIR` / `CODEX_HOME`, else
    /// the home directory), not the project's.
    #[arg(long)]
    pub user: bool,

    /// Change nothing; exit 0 if the hooks are set up, 1 if not.
    #[arg(long, conflicts_with = "remove")]
    pub check: bool,

    /// Remove todo's hooks (and only those).
    #[arg(long)]
    pub remove: bool,
}

#[derive(Debug, Clone, Args)]
pub struct GitSetupArgs {
    /// Change nothing; exit 0 if the driver is set up, 1 if not.
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The checklist of `todo show`.
    Md,
    /// The pull-request flavour for GitHub.
    Gfm,
    /// The phases as JSON.
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// Where to write (`-` for stdout). Default: TODO.md beside the plan file.
    #[arg(value_name = "PATH")]
    pub path: Option<String>,

    /// The flavour to write.
    #[arg(long, value_enum, default_value_t = Format::Md)]
    pub format: Format,

    /// Rewrite only the todo region of FILE (created if missing).
    #[arg(long, value_name = "FILE", conflicts_with = "path")]
    pub into: Option<std::path::PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// What to read (`-` for stdin). Default: TODO.md beside the plan file.
    #[arg(value_name = "PATH")]
    pub path: Option<String>,

    /// Skip Markdown lines that are neither headings nor task items.
    #[arg(long)]
    pub lenient: bool,

    /// Read only the `<!-- todo:begin -->` … `<!-- todo:end -->` region.
    #[arg(long)]
    pub from_block: bool,
}
