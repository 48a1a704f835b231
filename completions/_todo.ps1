
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'todo' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'todo'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'todo' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--ids', '--ids', [CompletionResultType]::ParameterName, 'Show each phase''s and task''s id in a column on the left')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the plan as a Markdown checklist')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Print the plan as a Markdown checklist')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Add a task, to the last phase or to a named one')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Mark a task in progress (any other goes back to pending)')
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Mark a task, a phase''s open tasks, or every open task completed')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Mark a task, a phase''s open tasks, or every open task abandoned')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a task, a whole phase, or (no argument) everything')
            [CompletionResult]::new('block', 'block', [CompletionResultType]::ParameterValue, 'Mark a task (or a phase''s open tasks) blocked, with an optional reason')
            [CompletionResult]::new('unblock', 'unblock', [CompletionResultType]::ParameterValue, 'Return blocked tasks to pending')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Exit 1 and list open work if any task is pending or in progress')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'Print the task to work on now; exit 1 when there is none')
            [CompletionResult]::new('ready', 'ready', [CompletionResultType]::ParameterValue, 'List the tasks ready to take: open, unclaimed, every need completed')
            [CompletionResult]::new('handoff', 'handoff', [CompletionResultType]::ParameterValue, 'Print a short brief of where the work stands, to hand it over')
            [CompletionResult]::new('needs', 'needs', [CompletionResultType]::ParameterValue, 'Say that a task needs other tasks first; `--remove` takes needs off')
            [CompletionResult]::new('claim', 'claim', [CompletionResultType]::ParameterValue, 'Claim a task and start it, or (`--next`) the first ready task')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Give up the claim on a task; in progress, it goes back to pending')
            [CompletionResult]::new('heartbeat', 'heartbeat', [CompletionResultType]::ParameterValue, 'Renew your leases on the git remote (see `todo claim`)')
            [CompletionResult]::new('claims', 'claims', [CompletionResultType]::ParameterValue, 'List the leases on the git remote: task, owner, clone, expiry, fence')
            [CompletionResult]::new('where', 'where', [CompletionResultType]::ParameterValue, 'Print the plan file in use and whether it exists')
            [CompletionResult]::new('copy', 'copy', [CompletionResultType]::ParameterValue, 'Copy the checklist to the clipboard')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write the checklist to a file (default TODO.md beside the plan)')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Replace the plan with a Markdown, JSON or agent session file (default TODO.md)')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Edit the checklist in $VISUAL or $EDITOR')
            [CompletionResult]::new('rename', 'rename', [CompletionResultType]::ParameterValue, 'Rename a task or a phase')
            [CompletionResult]::new('mv', 'mv', [CompletionResultType]::ParameterValue, 'Move a task to the end of another phase (matched, or created)')
            [CompletionResult]::new('note', 'note', [CompletionResultType]::ParameterValue, 'Add a note to a task. Notes show under the task in the checklist')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Remove finished (completed or abandoned) tasks, then empty phases')
            [CompletionResult]::new('objective', 'objective', [CompletionResultType]::ParameterValue, 'List the plan''s objectives, or add one, or set one done, dropped or open')
            [CompletionResult]::new('finding', 'finding', [CompletionResultType]::ParameterValue, 'Record a finding: something learned on the way (at most 300 characters)')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Undo the last change made through todo; repeat to go further back')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Set a task back to pending, clearing who set its status and when')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Give a task a check: the command that proves it done')
            [CompletionResult]::new('trust', 'trust', [CompletionResultType]::ParameterValue, 'Allow the plan''s checks to run on this machine (person only)')
            [CompletionResult]::new('unlock', 'unlock', [CompletionResultType]::ParameterValue, 'Let anyone set tasks only the agent checks (person only; one-way)')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply agent operations given as JSON, as one change: all or none')
            [CompletionResult]::new('hook', 'hook', [CompletionResultType]::ParameterValue, 'Answer an agent''s hook: read its JSON on stdin, print what it expects')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Set up Claude Code or Codex to work from the plan')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the plan to an agent over the Model Context Protocol (stdio)')
            [CompletionResult]::new('batch', 'batch', [CompletionResultType]::ParameterValue, 'Apply verb lines from stdin as one change: all of them or none')
            [CompletionResult]::new('__complete', '__complete', [CompletionResultType]::ParameterValue, 'Print completion candidates (used by the shell completion scripts)')
            [CompletionResult]::new('merge-file', 'merge-file', [CompletionResultType]::ParameterValue, 'Merge three versions of a plan file by task id (the git merge driver)')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'Settle a git merge conflict in the plan file by merging both sides by task id')
            [CompletionResult]::new('git-setup', 'git-setup', [CompletionResultType]::ParameterValue, 'Make git merge `.todo.json` with `todo merge-file` in this repository')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the completion script for a shell (what `completions/` holds)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (what `man/` holds): todo(1), or a verb''s page')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'todo;show' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--ids', '--ids', [CompletionResultType]::ParameterName, 'Show each phase''s and task''s id in a column on the left')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;list' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--ids', '--ids', [CompletionResultType]::ParameterName, 'Show each phase''s and task''s id in a column on the left')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;append' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument is then task text')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument is then task text')
            [CompletionResult]::new('--checks', '--checks', [CompletionResultType]::ParameterName, 'Who checks the new task: only a person, or only the agent (until `todo unlock`). Default: anyone')
            [CompletionResult]::new('--verify', '--verify', [CompletionResultType]::ParameterName, 'The task''s check: a shell command `todo done` runs in the project root before the task counts as completed')
            [CompletionResult]::new('--after', '--after', [CompletionResultType]::ParameterName, 'Put the task right after this one (an id, or words of its text), in its phase (a phase given, first or with `-p`, must be that phase; else a first word is task text)')
            [CompletionResult]::new('--needs', '--needs', [CompletionResultType]::ParameterName, 'The new task needs these tasks first (ids or words of their text; repeat the flag or separate with commas)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;start' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;done' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--no-verify', '--no-verify', [CompletionResultType]::ParameterName, 'Complete without running the tasks'' checks, recorded as unverified (a person only: an agent''s `--no-verify` is refused)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;drop' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;rm' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;block' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'What the task is waiting for')
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'What the task is waiting for')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;unblock' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;check' {
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'How many checks run at once (default: the number of CPUs)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'How many checks run at once (default: the number of CPUs)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--verify', '--verify', [CompletionResultType]::ParameterName, 'Also rerun the checks of the completed tasks; exit 1 when one fails')
            [CompletionResult]::new('--allow-open', '--allow-open', [CompletionResultType]::ParameterName, 'With --verify, open work does not fail the run: only the checks do')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;next' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;ready' {
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'The git remote that keeps the leases (default: `git config todo.remote`; none: claims hold in this clone only)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--local', '--local', [CompletionResultType]::ParameterName, 'This clone only, on purpose: no lease on the remote (for when it cannot be reached)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;handoff' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;needs' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--remove', '--remove', [CompletionResultType]::ParameterName, 'Take these needs off instead of adding them')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;claim' {
            [CompletionResult]::new('--owner', '--owner', [CompletionResultType]::ParameterName, 'Who holds the claim (default: `TODO_OWNER`, else the login name of a person, or `agent`)')
            [CompletionResult]::new('--ttl', '--ttl', [CompletionResultType]::ParameterName, 'How long the lease on the git remote lasts unless renewed: `90s`, `15m`, `2h` (default: `git config todo.leaseTtl`, else 15m)')
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'The git remote that keeps the leases (default: `git config todo.remote`; none: claims hold in this clone only)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--next', '--next', [CompletionResultType]::ParameterName, 'Claim the first ready task (`todo ready`) instead of a named one')
            [CompletionResult]::new('--local', '--local', [CompletionResultType]::ParameterName, 'This clone only, on purpose: no lease on the remote (for when it cannot be reached)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;release' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--local', '--local', [CompletionResultType]::ParameterName, 'Let go here only: forget this clone''s lease on the task without asking the git remote (a lease lost, or a remote out of reach)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;heartbeat' {
            [CompletionResult]::new('--owner', '--owner', [CompletionResultType]::ParameterName, 'Whose leases (default: `TODO_OWNER`, else the login name of a person, or `agent`)')
            [CompletionResult]::new('--ttl', '--ttl', [CompletionResultType]::ParameterName, 'Renew until now plus this long: `90s`, `15m`, `2h`')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;claims' {
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'The git remote that keeps the leases (default: `git config todo.remote`)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;where' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;copy' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;export' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The flavour to write')
            [CompletionResult]::new('--into', '--into', [CompletionResultType]::ParameterName, 'Rewrite only the todo region of FILE (created if missing)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;import' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Read another tool''s plan: speckit, todotxt, taskwarrior, beads, kiro or cursor')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Skip Markdown lines that are neither headings nor task items')
            [CompletionResult]::new('--from-block', '--from-block', [CompletionResultType]::ParameterName, 'Read only the `<!-- todo:begin -->` … `<!-- todo:end -->` region. In the pull-request flavour (`export --format gfm --into`), take back only what changed there since the export: boxes ticked or unticked, tasks added; everything changed in the plan since then stays')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;edit' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;rename' {
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The new text (instead of giving it after `--`)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;mv' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument then names the task')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument then names the task')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;note' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;prune' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;objective' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an objective (open)')
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Mark an objective done')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Mark an objective dropped')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Set an objective open again, clearing who set its status')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'todo;objective;add' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;objective;done' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;objective;drop' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;objective;reopen' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;objective;rm' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;objective;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an objective (open)')
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Mark an objective done')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Mark an objective dropped')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Set an objective open again, clearing who set its status')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'todo;objective;help;add' {
            break
        }
        'todo;objective;help;done' {
            break
        }
        'todo;objective;help;drop' {
            break
        }
        'todo;objective;help;reopen' {
            break
        }
        'todo;objective;help;rm' {
            break
        }
        'todo;objective;help;help' {
            break
        }
        'todo;finding' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;undo' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Undo even though the plan file was changed outside todo since')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;reopen' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;verify' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Seconds the check may run before it counts as failed (default 600, or `TODO_CHECK_TIMEOUT`)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--remove', '--remove', [CompletionResultType]::ParameterName, 'Remove the task''s check (and its proof)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;trust' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Allow the plan''s checks without asking')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Allow the plan''s checks without asking')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;unlock' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Unlock every task only the agent checks')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;apply' {
            [CompletionResult]::new('--ops', '--ops', [CompletionResultType]::ParameterName, 'Read the ops from FILE instead of stdin')
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'The agent tool whose input the JSON is (default: told by its shape)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;hook' {
            [CompletionResult]::new('--max', '--max', [CompletionResultType]::ParameterName, 'Stop reminders per prompt before the stop hook goes quiet')
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent running the hook (default: told by its input)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;setup' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Change the user''s settings (`CLAUDE_CONFIG_DIR` / `CODEX_HOME`, else the home directory), not the project''s')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Change nothing; name each part; exit 0 if all are set up, 1 if not')
            [CompletionResult]::new('--remove', '--remove', [CompletionResultType]::ParameterName, 'Remove what setup wrote (and only that)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;mcp' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;batch' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;__complete' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;merge-file' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;resolve' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;git-setup' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Change nothing; exit 0 if the driver is set up, 1 if not')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;completions' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;man' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Use this plan file instead of discovering `.todo.json`')
            [CompletionResult]::new('--if-rev', '--if-rev', [CompletionResultType]::ParameterName, 'Refuse to change the plan unless its current `rev` is N (exit 4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stdout')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of the human message')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Do not print confirmations (data, warnings and errors still print)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todo;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the plan as a Markdown checklist')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Add a task, to the last phase or to a named one')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Mark a task in progress (any other goes back to pending)')
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Mark a task, a phase''s open tasks, or every open task completed')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Mark a task, a phase''s open tasks, or every open task abandoned')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a task, a whole phase, or (no argument) everything')
            [CompletionResult]::new('block', 'block', [CompletionResultType]::ParameterValue, 'Mark a task (or a phase''s open tasks) blocked, with an optional reason')
            [CompletionResult]::new('unblock', 'unblock', [CompletionResultType]::ParameterValue, 'Return blocked tasks to pending')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Exit 1 and list open work if any task is pending or in progress')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'Print the task to work on now; exit 1 when there is none')
            [CompletionResult]::new('ready', 'ready', [CompletionResultType]::ParameterValue, 'List the tasks ready to take: open, unclaimed, every need completed')
            [CompletionResult]::new('handoff', 'handoff', [CompletionResultType]::ParameterValue, 'Print a short brief of where the work stands, to hand it over')
            [CompletionResult]::new('needs', 'needs', [CompletionResultType]::ParameterValue, 'Say that a task needs other tasks first; `--remove` takes needs off')
            [CompletionResult]::new('claim', 'claim', [CompletionResultType]::ParameterValue, 'Claim a task and start it, or (`--next`) the first ready task')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Give up the claim on a task; in progress, it goes back to pending')
            [CompletionResult]::new('heartbeat', 'heartbeat', [CompletionResultType]::ParameterValue, 'Renew your leases on the git remote (see `todo claim`)')
            [CompletionResult]::new('claims', 'claims', [CompletionResultType]::ParameterValue, 'List the leases on the git remote: task, owner, clone, expiry, fence')
            [CompletionResult]::new('where', 'where', [CompletionResultType]::ParameterValue, 'Print the plan file in use and whether it exists')
            [CompletionResult]::new('copy', 'copy', [CompletionResultType]::ParameterValue, 'Copy the checklist to the clipboard')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write the checklist to a file (default TODO.md beside the plan)')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Replace the plan with a Markdown, JSON or agent session file (default TODO.md)')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Edit the checklist in $VISUAL or $EDITOR')
            [CompletionResult]::new('rename', 'rename', [CompletionResultType]::ParameterValue, 'Rename a task or a phase')
            [CompletionResult]::new('mv', 'mv', [CompletionResultType]::ParameterValue, 'Move a task to the end of another phase (matched, or created)')
            [CompletionResult]::new('note', 'note', [CompletionResultType]::ParameterValue, 'Add a note to a task. Notes show under the task in the checklist')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Remove finished (completed or abandoned) tasks, then empty phases')
            [CompletionResult]::new('objective', 'objective', [CompletionResultType]::ParameterValue, 'List the plan''s objectives, or add one, or set one done, dropped or open')
            [CompletionResult]::new('finding', 'finding', [CompletionResultType]::ParameterValue, 'Record a finding: something learned on the way (at most 300 characters)')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Undo the last change made through todo; repeat to go further back')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Set a task back to pending, clearing who set its status and when')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Give a task a check: the command that proves it done')
            [CompletionResult]::new('trust', 'trust', [CompletionResultType]::ParameterValue, 'Allow the plan''s checks to run on this machine (person only)')
            [CompletionResult]::new('unlock', 'unlock', [CompletionResultType]::ParameterValue, 'Let anyone set tasks only the agent checks (person only; one-way)')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply agent operations given as JSON, as one change: all or none')
            [CompletionResult]::new('hook', 'hook', [CompletionResultType]::ParameterValue, 'Answer an agent''s hook: read its JSON on stdin, print what it expects')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Set up Claude Code or Codex to work from the plan')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the plan to an agent over the Model Context Protocol (stdio)')
            [CompletionResult]::new('batch', 'batch', [CompletionResultType]::ParameterValue, 'Apply verb lines from stdin as one change: all of them or none')
            [CompletionResult]::new('__complete', '__complete', [CompletionResultType]::ParameterValue, 'Print completion candidates (used by the shell completion scripts)')
            [CompletionResult]::new('merge-file', 'merge-file', [CompletionResultType]::ParameterValue, 'Merge three versions of a plan file by task id (the git merge driver)')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'Settle a git merge conflict in the plan file by merging both sides by task id')
            [CompletionResult]::new('git-setup', 'git-setup', [CompletionResultType]::ParameterValue, 'Make git merge `.todo.json` with `todo merge-file` in this repository')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the completion script for a shell (what `completions/` holds)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (what `man/` holds): todo(1), or a verb''s page')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'todo;help;show' {
            break
        }
        'todo;help;append' {
            break
        }
        'todo;help;start' {
            break
        }
        'todo;help;done' {
            break
        }
        'todo;help;drop' {
            break
        }
        'todo;help;rm' {
            break
        }
        'todo;help;block' {
            break
        }
        'todo;help;unblock' {
            break
        }
        'todo;help;check' {
            break
        }
        'todo;help;next' {
            break
        }
        'todo;help;ready' {
            break
        }
        'todo;help;handoff' {
            break
        }
        'todo;help;needs' {
            break
        }
        'todo;help;claim' {
            break
        }
        'todo;help;release' {
            break
        }
        'todo;help;heartbeat' {
            break
        }
        'todo;help;claims' {
            break
        }
        'todo;help;where' {
            break
        }
        'todo;help;copy' {
            break
        }
        'todo;help;export' {
            break
        }
        'todo;help;import' {
            break
        }
        'todo;help;edit' {
            break
        }
        'todo;help;rename' {
            break
        }
        'todo;help;mv' {
            break
        }
        'todo;help;note' {
            break
        }
        'todo;help;prune' {
            break
        }
        'todo;help;objective' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add an objective (open)')
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Mark an objective done')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Mark an objective dropped')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Set an objective open again, clearing who set its status')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`')
            break
        }
        'todo;help;objective;add' {
            break
        }
        'todo;help;objective;done' {
            break
        }
        'todo;help;objective;drop' {
            break
        }
        'todo;help;objective;reopen' {
            break
        }
        'todo;help;objective;rm' {
            break
        }
        'todo;help;finding' {
            break
        }
        'todo;help;undo' {
            break
        }
        'todo;help;reopen' {
            break
        }
        'todo;help;verify' {
            break
        }
        'todo;help;trust' {
            break
        }
        'todo;help;unlock' {
            break
        }
        'todo;help;apply' {
            break
        }
        'todo;help;hook' {
            break
        }
        'todo;help;setup' {
            break
        }
        'todo;help;mcp' {
            break
        }
        'todo;help;batch' {
            break
        }
        'todo;help;__complete' {
            break
        }
        'todo;help;merge-file' {
            break
        }
        'todo;help;resolve' {
            break
        }
        'todo;help;git-setup' {
            break
        }
        'todo;help;completions' {
            break
        }
        'todo;help;man' {
            break
        }
        'todo;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
