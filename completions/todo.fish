# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_todo_global_optspecs
    string join \n ids summary file= if-rev= json q/quiet color= as= y/yes h/help V/version
end

function __fish_todo_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_todo_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_todo_using_subcommand
    set -l cmd (__fish_todo_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c todo -n "__fish_todo_needs_command" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_needs_command" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_needs_command" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_needs_command" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_needs_command" -l ids -d 'Show each phase\'s and task\'s id in a column on the left'
complete -c todo -n "__fish_todo_needs_command" -l summary -d 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`'
complete -c todo -n "__fish_todo_needs_command" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_needs_command" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_needs_command" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_needs_command" -s V -l version -d 'Print version'
complete -c todo -n "__fish_todo_needs_command" -f -a "show" -d 'Print the plan as a Markdown checklist'
complete -c todo -n "__fish_todo_needs_command" -f -a "list" -d 'Print the plan as a Markdown checklist'
complete -c todo -n "__fish_todo_needs_command" -f -a "append" -d 'Add a task, to the last phase or to a named one'
complete -c todo -n "__fish_todo_needs_command" -f -a "start" -d 'Mark a task in progress (any other goes back to pending)'
complete -c todo -n "__fish_todo_needs_command" -f -a "done" -d 'Mark a task, a phase\'s open tasks, or every open task completed'
complete -c todo -n "__fish_todo_needs_command" -f -a "drop" -d 'Mark a task, a phase\'s open tasks, or every open task abandoned'
complete -c todo -n "__fish_todo_needs_command" -f -a "rm" -d 'Remove a task, a whole phase, or (no argument) everything'
complete -c todo -n "__fish_todo_needs_command" -f -a "block" -d 'Mark a task (or a phase\'s open tasks) blocked, with an optional reason'
complete -c todo -n "__fish_todo_needs_command" -f -a "unblock" -d 'Return blocked tasks to pending'
complete -c todo -n "__fish_todo_needs_command" -f -a "check" -d 'Exit 1 and list open work if any task is pending or in progress'
complete -c todo -n "__fish_todo_needs_command" -f -a "next" -d 'Print the task to work on now; exit 1 when there is none'
complete -c todo -n "__fish_todo_needs_command" -f -a "ready" -d 'List the tasks ready to take: open, unclaimed, every need completed'
complete -c todo -n "__fish_todo_needs_command" -f -a "handoff" -d 'Print a short brief of where the work stands, to hand it over'
complete -c todo -n "__fish_todo_needs_command" -f -a "needs" -d 'Say that a task needs other tasks first; `--remove` takes needs off'
complete -c todo -n "__fish_todo_needs_command" -f -a "claim" -d 'Claim a task and start it, or (`--next`) the first ready task'
complete -c todo -n "__fish_todo_needs_command" -f -a "release" -d 'Give up the claim on a task; in progress, it goes back to pending'
complete -c todo -n "__fish_todo_needs_command" -f -a "heartbeat" -d 'Renew your leases on the git remote (see `todo claim`)'
complete -c todo -n "__fish_todo_needs_command" -f -a "claims" -d 'List the leases on the git remote: task, owner, clone, expiry, fence'
complete -c todo -n "__fish_todo_needs_command" -f -a "where" -d 'Print the plan file in use and whether it exists'
complete -c todo -n "__fish_todo_needs_command" -f -a "copy" -d 'Copy the checklist to the clipboard'
complete -c todo -n "__fish_todo_needs_command" -f -a "export" -d 'Write the checklist to a file (default TODO.md beside the plan)'
complete -c todo -n "__fish_todo_needs_command" -f -a "import" -d 'Replace the plan with a Markdown, JSON or agent session file (default TODO.md)'
complete -c todo -n "__fish_todo_needs_command" -f -a "edit" -d 'Edit the checklist in $VISUAL or $EDITOR'
complete -c todo -n "__fish_todo_needs_command" -f -a "rename" -d 'Rename a task or a phase'
complete -c todo -n "__fish_todo_needs_command" -f -a "mv" -d 'Move a task to the end of another phase (matched, or created)'
complete -c todo -n "__fish_todo_needs_command" -f -a "note" -d 'Add a note to a task. Notes show under the task in the checklist'
complete -c todo -n "__fish_todo_needs_command" -f -a "prune" -d 'Remove finished (completed or abandoned) tasks, then empty phases'
complete -c todo -n "__fish_todo_needs_command" -f -a "objective" -d 'List the plan\'s objectives, or add one, or set one done, dropped or open'
complete -c todo -n "__fish_todo_needs_command" -f -a "finding" -d 'Record a finding: something learned on the way (at most 300 characters)'
complete -c todo -n "__fish_todo_needs_command" -f -a "undo" -d 'Undo the last change made through todo; repeat to go further back'
complete -c todo -n "__fish_todo_needs_command" -f -a "reopen" -d 'Set a task back to pending, clearing who set its status and when'
complete -c todo -n "__fish_todo_needs_command" -f -a "verify" -d 'Give a task a check: the command that proves it done'
complete -c todo -n "__fish_todo_needs_command" -f -a "trust" -d 'Allow the plan\'s checks to run on this machine (person only)'
complete -c todo -n "__fish_todo_needs_command" -f -a "unlock" -d 'Let anyone set tasks only the agent checks (person only; one-way)'
complete -c todo -n "__fish_todo_needs_command" -f -a "apply" -d 'Apply agent operations given as JSON, as one change: all or none'
complete -c todo -n "__fish_todo_needs_command" -f -a "hook" -d 'Answer an agent\'s hook: read its JSON on stdin, print what it expects'
complete -c todo -n "__fish_todo_needs_command" -f -a "setup" -d 'Set up Claude Code or Codex to work from the plan'
complete -c todo -n "__fish_todo_needs_command" -f -a "mcp" -d 'Serve the plan to an agent over the Model Context Protocol (stdio)'
complete -c todo -n "__fish_todo_needs_command" -f -a "batch" -d 'Apply verb lines from stdin as one change: all of them or none'
complete -c todo -n "__fish_todo_needs_command" -f -a "__complete" -d 'Print completion candidates (used by the shell completion scripts)'
complete -c todo -n "__fish_todo_needs_command" -f -a "merge-file" -d 'Merge three versions of a plan file by task id (the git merge driver)'
complete -c todo -n "__fish_todo_needs_command" -f -a "resolve" -d 'Settle a git merge conflict in the plan file by merging both sides by task id'
complete -c todo -n "__fish_todo_needs_command" -f -a "git-setup" -d 'Make git merge `.todo.json` with `todo merge-file` in this repository'
complete -c todo -n "__fish_todo_needs_command" -f -a "completions" -d 'Print the completion script for a shell (what `completions/` holds)'
complete -c todo -n "__fish_todo_needs_command" -f -a "man" -d 'Print a man page (what `man/` holds): todo(1), or a verb\'s page'
complete -c todo -n "__fish_todo_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c todo -n "__fish_todo_using_subcommand show" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand show" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand show" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand show" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand show" -l ids -d 'Show each phase\'s and task\'s id in a column on the left'
complete -c todo -n "__fish_todo_using_subcommand show" -l summary -d 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`'
complete -c todo -n "__fish_todo_using_subcommand show" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand show" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand show" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand list" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand list" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand list" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand list" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand list" -l ids -d 'Show each phase\'s and task\'s id in a column on the left'
complete -c todo -n "__fish_todo_using_subcommand list" -l summary -d 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`'
complete -c todo -n "__fish_todo_using_subcommand list" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand list" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand list" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand append" -s p -l phase -d 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument is then task text' -r
complete -c todo -n "__fish_todo_using_subcommand append" -l checks -d 'Who checks the new task: only a person, or only the agent (until `todo unlock`). Default: anyone' -r -f -a "person\t'Only a person completes or drops it'
agent\t'Only the agent sets it, until a person runs `todo unlock`'"
complete -c todo -n "__fish_todo_using_subcommand append" -l verify -d 'The task\'s check: a shell command `todo done` runs in the project root before the task counts as completed' -r
complete -c todo -n "__fish_todo_using_subcommand append" -l after -d 'Put the task right after this one (an id, or words of its text), in its phase (a phase given, first or with `-p`, must be that phase; else a first word is task text)' -r
complete -c todo -n "__fish_todo_using_subcommand append" -l needs -d 'The new task needs these tasks first (ids or words of their text; repeat the flag or separate with commas)' -r
complete -c todo -n "__fish_todo_using_subcommand append" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand append" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand append" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand append" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand append" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand append" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand append" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand append" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand start" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand start" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand start" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand start" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand start" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand start" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand start" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand start" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand done" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand done" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand done" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand done" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand done" -l no-verify -d 'Complete without running the tasks\' checks, recorded as unverified (a person only: an agent\'s `--no-verify` is refused)'
complete -c todo -n "__fish_todo_using_subcommand done" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand done" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand done" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand done" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand drop" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand drop" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand drop" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand drop" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand drop" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand drop" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand drop" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand drop" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand rm" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand rm" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand rm" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand rm" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand rm" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand rm" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand rm" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand rm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand block" -s r -l reason -d 'What the task is waiting for' -r
complete -c todo -n "__fish_todo_using_subcommand block" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand block" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand block" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand block" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand block" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand block" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand block" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand block" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand unblock" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand unblock" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand unblock" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand unblock" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand unblock" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand unblock" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand unblock" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand unblock" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand check" -s j -l jobs -d 'How many checks run at once (default: the number of CPUs)' -r
complete -c todo -n "__fish_todo_using_subcommand check" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand check" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand check" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand check" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand check" -l verify -d 'Also rerun the checks of the completed tasks; exit 1 when one fails'
complete -c todo -n "__fish_todo_using_subcommand check" -l allow-open -d 'With --verify, open work does not fail the run: only the checks do'
complete -c todo -n "__fish_todo_using_subcommand check" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand check" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand check" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand next" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand next" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand next" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand next" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand next" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand next" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand next" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand next" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand ready" -l remote -d 'The git remote that keeps the leases (default: `git config todo.remote`; none: claims hold in this clone only)' -r
complete -c todo -n "__fish_todo_using_subcommand ready" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand ready" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand ready" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand ready" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand ready" -l local -d 'This clone only, on purpose: no lease on the remote (for when it cannot be reached)'
complete -c todo -n "__fish_todo_using_subcommand ready" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand ready" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand ready" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand ready" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand handoff" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand handoff" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand handoff" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand handoff" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand handoff" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand handoff" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand handoff" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand handoff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand needs" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand needs" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand needs" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand needs" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand needs" -l remove -d 'Take these needs off instead of adding them'
complete -c todo -n "__fish_todo_using_subcommand needs" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand needs" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand needs" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand needs" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand claim" -l owner -d 'Who holds the claim (default: `TODO_OWNER`, else the login name of a person, or `agent`)' -r
complete -c todo -n "__fish_todo_using_subcommand claim" -l ttl -d 'How long the lease on the git remote lasts unless renewed: `90s`, `15m`, `2h` (default: `git config todo.leaseTtl`, else 15m)' -r
complete -c todo -n "__fish_todo_using_subcommand claim" -l remote -d 'The git remote that keeps the leases (default: `git config todo.remote`; none: claims hold in this clone only)' -r
complete -c todo -n "__fish_todo_using_subcommand claim" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand claim" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand claim" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand claim" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand claim" -l next -d 'Claim the first ready task (`todo ready`) instead of a named one'
complete -c todo -n "__fish_todo_using_subcommand claim" -l local -d 'This clone only, on purpose: no lease on the remote (for when it cannot be reached)'
complete -c todo -n "__fish_todo_using_subcommand claim" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand claim" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand claim" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand claim" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand release" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand release" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand release" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand release" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand release" -l local -d 'Let go here only: forget this clone\'s lease on the task without asking the git remote (a lease lost, or a remote out of reach)'
complete -c todo -n "__fish_todo_using_subcommand release" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand release" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand release" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand release" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -l owner -d 'Whose leases (default: `TODO_OWNER`, else the login name of a person, or `agent`)' -r
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -l ttl -d 'Renew until now plus this long: `90s`, `15m`, `2h`' -r
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand heartbeat" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand claims" -l remote -d 'The git remote that keeps the leases (default: `git config todo.remote`)' -r
complete -c todo -n "__fish_todo_using_subcommand claims" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand claims" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand claims" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand claims" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand claims" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand claims" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand claims" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand claims" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand where" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand where" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand where" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand where" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand where" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand where" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand where" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand where" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand copy" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand copy" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand copy" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand copy" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand copy" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand copy" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand copy" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand copy" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand export" -l format -d 'The flavour to write' -r -f -a "md\t'The checklist of `todo show`'
gfm\t'The pull-request flavour for GitHub'
json\t'The phases as JSON'
speckit\t'GitHub Spec Kit\'s tasks.md'
todotxt\t'todo.txt, a task a line'
taskwarrior\t'Taskwarrior\'s `task import` JSON'
beads\t'beads\' .beads/issues.jsonl'
kiro\t'Kiro\'s .kiro/specs/NAME/tasks.md'
cursor\t'Cursor\'s .cursor/plans/*.plan.md'"
complete -c todo -n "__fish_todo_using_subcommand export" -l into -d 'Rewrite only the todo region of FILE (created if missing)' -r -F
complete -c todo -n "__fish_todo_using_subcommand export" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand export" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand export" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand export" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand export" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand export" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand export" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand import" -l from -d 'Read another tool\'s plan: speckit, todotxt, taskwarrior, beads, kiro or cursor' -r -f -a "speckit\t'GitHub Spec Kit\'s tasks.md'
todotxt\t'todo.txt, a task a line'
taskwarrior\t'Taskwarrior\'s `task export` JSON'
beads\t'beads\' .beads/issues.jsonl'
kiro\t'Kiro\'s .kiro/specs/NAME/tasks.md'
cursor\t'Cursor\'s .cursor/plans/*.plan.md'"
complete -c todo -n "__fish_todo_using_subcommand import" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand import" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand import" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand import" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand import" -l lenient -d 'Skip Markdown lines that are neither headings nor task items'
complete -c todo -n "__fish_todo_using_subcommand import" -l from-block -d 'Read only the `<!-- todo:begin -->` … `<!-- todo:end -->` region. In the pull-request flavour (`export --format gfm --into`), take back only what changed there since the export: boxes ticked or unticked, tasks added; everything changed in the plan since then stays'
complete -c todo -n "__fish_todo_using_subcommand import" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand import" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand import" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand edit" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand edit" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand edit" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand edit" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand edit" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand edit" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand edit" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand edit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand rename" -l to -d 'The new text (instead of giving it after `--`)' -r
complete -c todo -n "__fish_todo_using_subcommand rename" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand rename" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand rename" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand rename" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand rename" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand rename" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand rename" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand rename" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand mv" -s p -l phase -d 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument then names the task' -r
complete -c todo -n "__fish_todo_using_subcommand mv" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand mv" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand mv" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand mv" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand mv" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand mv" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand mv" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand mv" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand note" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand note" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand note" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand note" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand note" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand note" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand note" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand note" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand prune" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand prune" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand prune" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand prune" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand prune" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand prune" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand prune" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -f -a "add" -d 'Add an objective (open)'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -f -a "done" -d 'Mark an objective done'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -f -a "drop" -d 'Mark an objective dropped'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -f -a "reopen" -d 'Set an objective open again, clearing who set its status'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -f -a "rm" -d 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`'
complete -c todo -n "__fish_todo_using_subcommand objective; and not __fish_seen_subcommand_from add done drop reopen rm help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from done" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from drop" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from reopen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add an objective (open)'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from help" -f -a "done" -d 'Mark an objective done'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from help" -f -a "drop" -d 'Mark an objective dropped'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from help" -f -a "reopen" -d 'Set an objective open again, clearing who set its status'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`'
complete -c todo -n "__fish_todo_using_subcommand objective; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c todo -n "__fish_todo_using_subcommand finding" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand finding" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand finding" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand finding" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand finding" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand finding" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand finding" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand finding" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand undo" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand undo" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand undo" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand undo" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand undo" -l force -d 'Undo even though the plan file was changed outside todo since'
complete -c todo -n "__fish_todo_using_subcommand undo" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand undo" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand undo" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand undo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand reopen" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand reopen" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand reopen" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand reopen" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand reopen" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand reopen" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand reopen" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand reopen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand verify" -l timeout -d 'Seconds the check may run before it counts as failed (default 600, or `TODO_CHECK_TIMEOUT`)' -r
complete -c todo -n "__fish_todo_using_subcommand verify" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand verify" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand verify" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand verify" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand verify" -l remove -d 'Remove the task\'s check (and its proof)'
complete -c todo -n "__fish_todo_using_subcommand verify" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand verify" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand verify" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand trust" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand trust" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand trust" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand trust" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand trust" -s y -l yes -d 'Allow the plan\'s checks without asking'
complete -c todo -n "__fish_todo_using_subcommand trust" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand trust" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand trust" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand unlock" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand unlock" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand unlock" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand unlock" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand unlock" -l all -d 'Unlock every task only the agent checks'
complete -c todo -n "__fish_todo_using_subcommand unlock" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand unlock" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand unlock" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand unlock" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand apply" -l ops -d 'Read the ops from FILE instead of stdin' -r -F
complete -c todo -n "__fish_todo_using_subcommand apply" -l tool -d 'The agent tool whose input the JSON is (default: told by its shape)' -r -f -a "TaskCreate\t'Claude Code\'s TaskCreate: `{subject, description}`'
TaskUpdate\t'Claude Code\'s TaskUpdate: `{taskId, status?, …}`; `taskId` names a task of the plan by its id or text'
TodoWrite\t'Claude Code\'s TodoWrite: `{todos}`'
update_plan\t'Codex\'s update_plan: `{plan}`'"
complete -c todo -n "__fish_todo_using_subcommand apply" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand apply" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand apply" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand apply" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand apply" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand apply" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand apply" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand hook" -l max -d 'Stop reminders per prompt before the stop hook goes quiet' -r
complete -c todo -n "__fish_todo_using_subcommand hook" -l agent -d 'The agent running the hook (default: told by its input)' -r -f -a "claude\t'Claude Code'
codex\t'OpenAI Codex'"
complete -c todo -n "__fish_todo_using_subcommand hook" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand hook" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand hook" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand hook" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand hook" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand hook" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand hook" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand hook" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand setup" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand setup" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand setup" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand setup" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand setup" -l user -d 'Change the user\'s settings (`CLAUDE_CONFIG_DIR` / `CODEX_HOME`, else the home directory), not the project\'s'
complete -c todo -n "__fish_todo_using_subcommand setup" -l check -d 'Change nothing; name each part; exit 0 if all are set up, 1 if not'
complete -c todo -n "__fish_todo_using_subcommand setup" -l remove -d 'Remove what setup wrote (and only that)'
complete -c todo -n "__fish_todo_using_subcommand setup" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand setup" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand setup" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand setup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand mcp" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand mcp" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand mcp" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand mcp" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand mcp" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand mcp" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand mcp" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand mcp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand batch" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand batch" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand batch" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand batch" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand batch" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand batch" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand batch" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand batch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand __complete" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand __complete" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand __complete" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand __complete" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand __complete" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand __complete" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand __complete" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand __complete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand merge-file" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand merge-file" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand merge-file" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand merge-file" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand merge-file" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand merge-file" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand merge-file" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand merge-file" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand resolve" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand resolve" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand resolve" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand resolve" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand resolve" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand resolve" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand resolve" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand resolve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand git-setup" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand git-setup" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand git-setup" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand git-setup" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand git-setup" -l check -d 'Change nothing; exit 0 if the driver is set up, 1 if not'
complete -c todo -n "__fish_todo_using_subcommand git-setup" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand git-setup" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand git-setup" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand git-setup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand completions" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand completions" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand completions" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand completions" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand completions" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand completions" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand completions" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand man" -l file -d 'Use this plan file instead of discovering `.todo.json`' -r -F
complete -c todo -n "__fish_todo_using_subcommand man" -l if-rev -d 'Refuse to change the plan unless its current `rev` is N (exit 4)' -r
complete -c todo -n "__fish_todo_using_subcommand man" -l color -d 'When to use colour on stdout' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c todo -n "__fish_todo_using_subcommand man" -l as -d 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent\'s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)' -r -f -a "person\t''
agent\t''"
complete -c todo -n "__fish_todo_using_subcommand man" -l json -d 'Print one JSON object instead of the human message'
complete -c todo -n "__fish_todo_using_subcommand man" -s q -l quiet -d 'Do not print confirmations (data, warnings and errors still print)'
complete -c todo -n "__fish_todo_using_subcommand man" -s y -l yes -d 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
complete -c todo -n "__fish_todo_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "show" -d 'Print the plan as a Markdown checklist'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "append" -d 'Add a task, to the last phase or to a named one'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "start" -d 'Mark a task in progress (any other goes back to pending)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "done" -d 'Mark a task, a phase\'s open tasks, or every open task completed'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "drop" -d 'Mark a task, a phase\'s open tasks, or every open task abandoned'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "rm" -d 'Remove a task, a whole phase, or (no argument) everything'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "block" -d 'Mark a task (or a phase\'s open tasks) blocked, with an optional reason'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "unblock" -d 'Return blocked tasks to pending'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "check" -d 'Exit 1 and list open work if any task is pending or in progress'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "next" -d 'Print the task to work on now; exit 1 when there is none'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "ready" -d 'List the tasks ready to take: open, unclaimed, every need completed'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "handoff" -d 'Print a short brief of where the work stands, to hand it over'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "needs" -d 'Say that a task needs other tasks first; `--remove` takes needs off'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "claim" -d 'Claim a task and start it, or (`--next`) the first ready task'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "release" -d 'Give up the claim on a task; in progress, it goes back to pending'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "heartbeat" -d 'Renew your leases on the git remote (see `todo claim`)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "claims" -d 'List the leases on the git remote: task, owner, clone, expiry, fence'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "where" -d 'Print the plan file in use and whether it exists'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "copy" -d 'Copy the checklist to the clipboard'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "export" -d 'Write the checklist to a file (default TODO.md beside the plan)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "import" -d 'Replace the plan with a Markdown, JSON or agent session file (default TODO.md)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "edit" -d 'Edit the checklist in $VISUAL or $EDITOR'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "rename" -d 'Rename a task or a phase'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "mv" -d 'Move a task to the end of another phase (matched, or created)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "note" -d 'Add a note to a task. Notes show under the task in the checklist'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "prune" -d 'Remove finished (completed or abandoned) tasks, then empty phases'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "objective" -d 'List the plan\'s objectives, or add one, or set one done, dropped or open'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "finding" -d 'Record a finding: something learned on the way (at most 300 characters)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "undo" -d 'Undo the last change made through todo; repeat to go further back'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "reopen" -d 'Set a task back to pending, clearing who set its status and when'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "verify" -d 'Give a task a check: the command that proves it done'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "trust" -d 'Allow the plan\'s checks to run on this machine (person only)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "unlock" -d 'Let anyone set tasks only the agent checks (person only; one-way)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "apply" -d 'Apply agent operations given as JSON, as one change: all or none'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "hook" -d 'Answer an agent\'s hook: read its JSON on stdin, print what it expects'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "setup" -d 'Set up Claude Code or Codex to work from the plan'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "mcp" -d 'Serve the plan to an agent over the Model Context Protocol (stdio)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "batch" -d 'Apply verb lines from stdin as one change: all of them or none'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "__complete" -d 'Print completion candidates (used by the shell completion scripts)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "merge-file" -d 'Merge three versions of a plan file by task id (the git merge driver)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "resolve" -d 'Settle a git merge conflict in the plan file by merging both sides by task id'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "git-setup" -d 'Make git merge `.todo.json` with `todo merge-file` in this repository'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "completions" -d 'Print the completion script for a shell (what `completions/` holds)'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "man" -d 'Print a man page (what `man/` holds): todo(1), or a verb\'s page'
complete -c todo -n "__fish_todo_using_subcommand help; and not __fish_seen_subcommand_from show append start done drop rm block unblock check next ready handoff needs claim release heartbeat claims where copy export import edit rename mv note prune objective finding undo reopen verify trust unlock apply hook setup mcp batch __complete merge-file resolve git-setup completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c todo -n "__fish_todo_using_subcommand help; and __fish_seen_subcommand_from objective" -f -a "add" -d 'Add an objective (open)'
complete -c todo -n "__fish_todo_using_subcommand help; and __fish_seen_subcommand_from objective" -f -a "done" -d 'Mark an objective done'
complete -c todo -n "__fish_todo_using_subcommand help; and __fish_seen_subcommand_from objective" -f -a "drop" -d 'Mark an objective dropped'
complete -c todo -n "__fish_todo_using_subcommand help; and __fish_seen_subcommand_from objective" -f -a "reopen" -d 'Set an objective open again, clearing who set its status'
complete -c todo -n "__fish_todo_using_subcommand help; and __fish_seen_subcommand_from objective" -f -a "rm" -d 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`'

# Task and phase names, from `todo __complete`.
complete -c todo -n '__fish_seen_subcommand_from start needs claim release mv note' -f -a '(command todo __complete open 2>/dev/null)'
complete -c todo -n '__fish_seen_subcommand_from done drop rm block unblock rename unlock' -f -a '(command todo __complete targets 2>/dev/null)'
complete -c todo -n '__fish_seen_subcommand_from reopen' -f -a '(command todo __complete tasks 2>/dev/null)'
