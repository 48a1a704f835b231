
use builtin;
use str;

set edit:completion:arg-completer[todo] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'todo'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'todo'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --ids 'Show each phase''s and task''s id in a column on the left'
            cand --summary 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Print the plan as a Markdown checklist'
            cand list 'Print the plan as a Markdown checklist'
            cand append 'Add a task, to the last phase or to a named one'
            cand start 'Mark a task in progress (any other goes back to pending)'
            cand done 'Mark a task, a phase''s open tasks, or every open task completed'
            cand drop 'Mark a task, a phase''s open tasks, or every open task abandoned'
            cand rm 'Remove a task, a whole phase, or (no argument) everything'
            cand block 'Mark a task (or a phase''s open tasks) blocked, with an optional reason'
            cand unblock 'Return blocked tasks to pending'
            cand check 'Exit 1 and list open work if any task is pending or in progress'
            cand next 'Print the task to work on now; exit 1 when there is none'
            cand ready 'List the tasks ready to take: open, unclaimed, every need completed'
            cand handoff 'Print a short brief of where the work stands, to hand it over'
            cand needs 'Say that a task needs other tasks first; `--remove` takes needs off'
            cand claim 'Claim a task and start it, or (`--next`) the first ready task'
            cand release 'Give up the claim on a task; in progress, it goes back to pending'
            cand heartbeat 'Renew your leases on the git remote (see `todo claim`)'
            cand claims 'List the leases on the git remote: task, owner, clone, expiry, fence'
            cand where 'Print the plan file in use and whether it exists'
            cand copy 'Copy the checklist to the clipboard'
            cand export 'Write the checklist to a file (default TODO.md beside the plan)'
            cand import 'Replace the plan with a Markdown, JSON or agent session file (default TODO.md)'
            cand edit 'Edit the checklist in $VISUAL or $EDITOR'
            cand rename 'Rename a task or a phase'
            cand mv 'Move a task to the end of another phase (matched, or created)'
            cand note 'Add a note to a task. Notes show under the task in the checklist'
            cand prune 'Remove finished (completed or abandoned) tasks, then empty phases'
            cand objective 'List the plan''s objectives, or add one, or set one done, dropped or open'
            cand finding 'Record a finding: something learned on the way (at most 300 characters)'
            cand undo 'Undo the last change made through todo; repeat to go further back'
            cand reopen 'Set a task back to pending, clearing who set its status and when'
            cand verify 'Give a task a check: the command that proves it done'
            cand trust 'Allow the plan''s checks to run on this machine (person only)'
            cand unlock 'Let anyone set tasks only the agent checks (person only; one-way)'
            cand apply 'Apply agent operations given as JSON, as one change: all or none'
            cand hook 'Answer an agent''s hook: read its JSON on stdin, print what it expects'
            cand setup 'Set up Claude Code or Codex to work from the plan'
            cand mcp 'Serve the plan to an agent over the Model Context Protocol (stdio)'
            cand batch 'Apply verb lines from stdin as one change: all of them or none'
            cand __complete 'Print completion candidates (used by the shell completion scripts)'
            cand merge-file 'Merge three versions of a plan file by task id (the git merge driver)'
            cand resolve 'Settle a git merge conflict in the plan file by merging both sides by task id'
            cand git-setup 'Make git merge `.todo.json` with `todo merge-file` in this repository'
            cand completions 'Print the completion script for a shell (what `completions/` holds)'
            cand man 'Print a man page (what `man/` holds): todo(1), or a verb''s page'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'todo;show'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --ids 'Show each phase''s and task''s id in a column on the left'
            cand --summary 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;list'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --ids 'Show each phase''s and task''s id in a column on the left'
            cand --summary 'Print one line of progress instead of the checklist: `14/20 done · 9 verified · Auth 4/6 · 1 blocked`'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;append'= {
            cand -p 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument is then task text'
            cand --phase 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument is then task text'
            cand --checks 'Who checks the new task: only a person, or only the agent (until `todo unlock`). Default: anyone'
            cand --verify 'The task''s check: a shell command `todo done` runs in the project root before the task counts as completed'
            cand --after 'Put the task right after this one (an id, or words of its text), in its phase (a phase given, first or with `-p`, must be that phase; else a first word is task text)'
            cand --needs 'The new task needs these tasks first (ids or words of their text; repeat the flag or separate with commas)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;start'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;done'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --no-verify 'Complete without running the tasks'' checks, recorded as unverified (a person only: an agent''s `--no-verify` is refused)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;drop'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;rm'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;block'= {
            cand -r 'What the task is waiting for'
            cand --reason 'What the task is waiting for'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;unblock'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;check'= {
            cand -j 'How many checks run at once (default: the number of CPUs)'
            cand --jobs 'How many checks run at once (default: the number of CPUs)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --verify 'Also rerun the checks of the completed tasks; exit 1 when one fails'
            cand --allow-open 'With --verify, open work does not fail the run: only the checks do'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;next'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;ready'= {
            cand --remote 'The git remote that keeps the leases (default: `git config todo.remote`; none: claims hold in this clone only)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --local 'This clone only, on purpose: no lease on the remote (for when it cannot be reached)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;handoff'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;needs'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --remove 'Take these needs off instead of adding them'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;claim'= {
            cand --owner 'Who holds the claim (default: `TODO_OWNER`, else the login name of a person, or `agent`)'
            cand --ttl 'How long the lease on the git remote lasts unless renewed: `90s`, `15m`, `2h` (default: `git config todo.leaseTtl`, else 15m)'
            cand --remote 'The git remote that keeps the leases (default: `git config todo.remote`; none: claims hold in this clone only)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --next 'Claim the first ready task (`todo ready`) instead of a named one'
            cand --local 'This clone only, on purpose: no lease on the remote (for when it cannot be reached)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;release'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --local 'Let go here only: forget this clone''s lease on the task without asking the git remote (a lease lost, or a remote out of reach)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;heartbeat'= {
            cand --owner 'Whose leases (default: `TODO_OWNER`, else the login name of a person, or `agent`)'
            cand --ttl 'Renew until now plus this long: `90s`, `15m`, `2h`'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;claims'= {
            cand --remote 'The git remote that keeps the leases (default: `git config todo.remote`)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;where'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;copy'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;export'= {
            cand --format 'The flavour to write'
            cand --into 'Rewrite only the todo region of FILE (created if missing)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;import'= {
            cand --from 'Read another tool''s plan: speckit, todotxt, taskwarrior, beads, kiro or cursor'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --lenient 'Skip Markdown lines that are neither headings nor task items'
            cand --from-block 'Read only the `<!-- todo:begin -->` … `<!-- todo:end -->` region. In the pull-request flavour (`export --format gfm --into`), take back only what changed there since the export: boxes ticked or unticked, tasks added; everything changed in the plan since then stays'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;edit'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;rename'= {
            cand --to 'The new text (instead of giving it after `--`)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;mv'= {
            cand -p 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument then names the task'
            cand --phase 'Name the phase exactly (its name in any case, or its id; created as typed when there is none); every argument then names the task'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;note'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;prune'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;objective'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand add 'Add an objective (open)'
            cand done 'Mark an objective done'
            cand drop 'Mark an objective dropped'
            cand reopen 'Set an objective open again, clearing who set its status'
            cand rm 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'todo;objective;add'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;objective;done'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;objective;drop'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;objective;reopen'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;objective;rm'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;objective;help'= {
            cand add 'Add an objective (open)'
            cand done 'Mark an objective done'
            cand drop 'Mark an objective dropped'
            cand reopen 'Set an objective open again, clearing who set its status'
            cand rm 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'todo;objective;help;add'= {
        }
        &'todo;objective;help;done'= {
        }
        &'todo;objective;help;drop'= {
        }
        &'todo;objective;help;reopen'= {
        }
        &'todo;objective;help;rm'= {
        }
        &'todo;objective;help;help'= {
        }
        &'todo;finding'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;undo'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --force 'Undo even though the plan file was changed outside todo since'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;reopen'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;verify'= {
            cand --timeout 'Seconds the check may run before it counts as failed (default 600, or `TODO_CHECK_TIMEOUT`)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --remove 'Remove the task''s check (and its proof)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;trust'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand -y 'Allow the plan''s checks without asking'
            cand --yes 'Allow the plan''s checks without asking'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;unlock'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --all 'Unlock every task only the agent checks'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;apply'= {
            cand --ops 'Read the ops from FILE instead of stdin'
            cand --tool 'The agent tool whose input the JSON is (default: told by its shape)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;hook'= {
            cand --max 'Stop reminders per prompt before the stop hook goes quiet'
            cand --agent 'The agent running the hook (default: told by its input)'
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;setup'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --user 'Change the user''s settings (`CLAUDE_CONFIG_DIR` / `CODEX_HOME`, else the home directory), not the project''s'
            cand --check 'Change nothing; name each part; exit 0 if all are set up, 1 if not'
            cand --remove 'Remove what setup wrote (and only that)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;mcp'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;batch'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;__complete'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;merge-file'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;resolve'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;git-setup'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --check 'Change nothing; exit 0 if the driver is set up, 1 if not'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;completions'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;man'= {
            cand --file 'Use this plan file instead of discovering `.todo.json`'
            cand --if-rev 'Refuse to change the plan unless its current `rev` is N (exit 4)'
            cand --color 'When to use colour on stdout'
            cand --as 'Who makes the change: a person (the default) or an agent, whose changes may not undo what a person decided. `TODO_ACTOR` sets it for the verbs a person types (empty means unset); `todo apply`, `todo mcp` and `todo hook` act as the agent whatever it says. In an agent''s shell (`TODO_AGENT` set, as `todo setup` does) every verb is the agent, and `person` is refused (exit 7)'
            cand --json 'Print one JSON object instead of the human message'
            cand -q 'Do not print confirmations (data, warnings and errors still print)'
            cand --quiet 'Do not print confirmations (data, warnings and errors still print)'
            cand -y 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand --yes 'Do not ask before a change to more than 3 tasks (bare `done`, `drop`, `rm`, a phase, `prune`). Questions are only ever asked of a person at a terminal; scripts, pipes and agents are never asked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todo;help'= {
            cand show 'Print the plan as a Markdown checklist'
            cand append 'Add a task, to the last phase or to a named one'
            cand start 'Mark a task in progress (any other goes back to pending)'
            cand done 'Mark a task, a phase''s open tasks, or every open task completed'
            cand drop 'Mark a task, a phase''s open tasks, or every open task abandoned'
            cand rm 'Remove a task, a whole phase, or (no argument) everything'
            cand block 'Mark a task (or a phase''s open tasks) blocked, with an optional reason'
            cand unblock 'Return blocked tasks to pending'
            cand check 'Exit 1 and list open work if any task is pending or in progress'
            cand next 'Print the task to work on now; exit 1 when there is none'
            cand ready 'List the tasks ready to take: open, unclaimed, every need completed'
            cand handoff 'Print a short brief of where the work stands, to hand it over'
            cand needs 'Say that a task needs other tasks first; `--remove` takes needs off'
            cand claim 'Claim a task and start it, or (`--next`) the first ready task'
            cand release 'Give up the claim on a task; in progress, it goes back to pending'
            cand heartbeat 'Renew your leases on the git remote (see `todo claim`)'
            cand claims 'List the leases on the git remote: task, owner, clone, expiry, fence'
            cand where 'Print the plan file in use and whether it exists'
            cand copy 'Copy the checklist to the clipboard'
            cand export 'Write the checklist to a file (default TODO.md beside the plan)'
            cand import 'Replace the plan with a Markdown, JSON or agent session file (default TODO.md)'
            cand edit 'Edit the checklist in $VISUAL or $EDITOR'
            cand rename 'Rename a task or a phase'
            cand mv 'Move a task to the end of another phase (matched, or created)'
            cand note 'Add a note to a task. Notes show under the task in the checklist'
            cand prune 'Remove finished (completed or abandoned) tasks, then empty phases'
            cand objective 'List the plan''s objectives, or add one, or set one done, dropped or open'
            cand finding 'Record a finding: something learned on the way (at most 300 characters)'
            cand undo 'Undo the last change made through todo; repeat to go further back'
            cand reopen 'Set a task back to pending, clearing who set its status and when'
            cand verify 'Give a task a check: the command that proves it done'
            cand trust 'Allow the plan''s checks to run on this machine (person only)'
            cand unlock 'Let anyone set tasks only the agent checks (person only; one-way)'
            cand apply 'Apply agent operations given as JSON, as one change: all or none'
            cand hook 'Answer an agent''s hook: read its JSON on stdin, print what it expects'
            cand setup 'Set up Claude Code or Codex to work from the plan'
            cand mcp 'Serve the plan to an agent over the Model Context Protocol (stdio)'
            cand batch 'Apply verb lines from stdin as one change: all of them or none'
            cand __complete 'Print completion candidates (used by the shell completion scripts)'
            cand merge-file 'Merge three versions of a plan file by task id (the git merge driver)'
            cand resolve 'Settle a git merge conflict in the plan file by merging both sides by task id'
            cand git-setup 'Make git merge `.todo.json` with `todo merge-file` in this repository'
            cand completions 'Print the completion script for a shell (what `completions/` holds)'
            cand man 'Print a man page (what `man/` holds): todo(1), or a verb''s page'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'todo;help;show'= {
        }
        &'todo;help;append'= {
        }
        &'todo;help;start'= {
        }
        &'todo;help;done'= {
        }
        &'todo;help;drop'= {
        }
        &'todo;help;rm'= {
        }
        &'todo;help;block'= {
        }
        &'todo;help;unblock'= {
        }
        &'todo;help;check'= {
        }
        &'todo;help;next'= {
        }
        &'todo;help;ready'= {
        }
        &'todo;help;handoff'= {
        }
        &'todo;help;needs'= {
        }
        &'todo;help;claim'= {
        }
        &'todo;help;release'= {
        }
        &'todo;help;heartbeat'= {
        }
        &'todo;help;claims'= {
        }
        &'todo;help;where'= {
        }
        &'todo;help;copy'= {
        }
        &'todo;help;export'= {
        }
        &'todo;help;import'= {
        }
        &'todo;help;edit'= {
        }
        &'todo;help;rename'= {
        }
        &'todo;help;mv'= {
        }
        &'todo;help;note'= {
        }
        &'todo;help;prune'= {
        }
        &'todo;help;objective'= {
            cand add 'Add an objective (open)'
            cand done 'Mark an objective done'
            cand drop 'Mark an objective dropped'
            cand reopen 'Set an objective open again, clearing who set its status'
            cand rm 'Remove an objective (`todo undo` brings it back). A finding is removed with `todo rm <f-id>`'
        }
        &'todo;help;objective;add'= {
        }
        &'todo;help;objective;done'= {
        }
        &'todo;help;objective;drop'= {
        }
        &'todo;help;objective;reopen'= {
        }
        &'todo;help;objective;rm'= {
        }
        &'todo;help;finding'= {
        }
        &'todo;help;undo'= {
        }
        &'todo;help;reopen'= {
        }
        &'todo;help;verify'= {
        }
        &'todo;help;trust'= {
        }
        &'todo;help;unlock'= {
        }
        &'todo;help;apply'= {
        }
        &'todo;help;hook'= {
        }
        &'todo;help;setup'= {
        }
        &'todo;help;mcp'= {
        }
        &'todo;help;batch'= {
        }
        &'todo;help;__complete'= {
        }
        &'todo;help;merge-file'= {
        }
        &'todo;help;resolve'= {
        }
        &'todo;help;git-setup'= {
        }
        &'todo;help;completions'= {
        }
        &'todo;help;man'= {
        }
        &'todo;help;help'= {
        }
    ]
    $completions[$command]
}
