//! Every exit status `todo` ends with (docs/contract.md, "Exit status"), by name, as fd's
//! `exit_codes.rs` does. A verb that did not fail says how it ended with one
//! of the outcomes (`Report.exit`); an error's status comes from the one
//! table in `error.rs`.

/// How a run of `todo` ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum ExitCode {
    /// 0: done, including a command that had nothing to change.
    #[default]
    Success,
    /// 1: `todo check`: open work remains.
    OpenWork,
    /// 1: `todo next`: nothing to do.
    NothingNext,
    /// 1: `todo merge-file`: merged, with conflicts left in the plan.
    MergeConflicts,
    /// 1: `todo git-setup [--check]`: git does not merge the plan with todo.
    NotSetUp,
    /// 2: bad flags or arguments, empty text.
    Usage,
    /// 3: no task or phase matched, or the match was ambiguous.
    NoMatch,
    /// 4: the plan is not where the command expected it to be (`--if-rev`,
    /// a plan changed under `edit` or `undo`), or another todo held the
    /// lock too long.
    Conflict,
    /// 5: input that cannot be read as what it should be.
    Invalid,
    /// 6: the file system, the editor, the clipboard or git.
    Environment,
    /// 7: the plan's rules refuse the change.
    Refused,
    /// 8: a task's check failed, so the change that would complete it
    /// (`done`, `apply`, a hook, MCP, `edit`, `import`) was refused.
    CheckFailed,
    /// 9: the git remote that keeps the task leases could not be reached
    /// (or refused them): a claim across machines fails closed.
    RemoteUnreachable,
    /// 70 (`EX_SOFTWARE` of sysexits.h): an internal invariant broke; a bug.
    Bug,
    /// The status of the program `todo` ran in its place: `todo mcp` runs
    /// `todo-mcp`, which on Windows (no `exec`) is a child whose status
    /// `todo` passes on.
    #[cfg_attr(not(windows), allow(dead_code))]
    Passed(u8),
}

impl ExitCode {
    /// The number the process exits with.
    pub(crate) fn code(self) -> u8 {
        match self {
            ExitCode::Success => 0,
            ExitCode::OpenWork
            | ExitCode::NothingNext
            | ExitCode::MergeConflicts
            | ExitCode::NotSetUp => 1,
            ExitCode::Usage => 2,
            ExitCode::NoMatch => 3,
            ExitCode::Conflict => 4,
            ExitCode::Invalid => 5,
            ExitCode::Environment => 6,
            ExitCode::Refused => 7,
            ExitCode::CheckFailed => 8,
            ExitCode::RemoteUnreachable => 9,
            ExitCode::Bug => 70,
            ExitCode::Passed(code) => code,
        }
    }

    /// A verb's outcome when `failed` tells whether it ended short of what
    /// was asked (open work, conflicts, not set up): `self` then, else success.
    pub(crate) fn when(self, failed: bool) -> ExitCode {
        if failed { self } else { ExitCode::Success }
    }
}

#[cfg(test)]
mod tests {
    use super::ExitCode::*;

    #[test]
    fn each_status_has_its_number_of_spec_section_6() {
        let table = [
            (Success, 0),
            (OpenWork, 1),
            (CheckFailed, 8),
            (NothingNext, 1),
            (MergeConflicts, 1),
            (NotSetUp, 1),
            (Usage, 2),
            (NoMatch, 3),
            (Conflict, 4),
            (Invalid, 5),
            (Environment, 6),
            (Refused, 7),
            (RemoteUnreachable, 9),
            (Bug, 70),
            (Passed(0), 0),
            (Passed(9), 9),
        ];
        for (code, n) in table {
            assert_eq!(code.code(), n, "{code:?}");
        }
        assert_eq!(OpenWork.when(true), OpenWork);
        assert_eq!(OpenWork.when(false), Success);
    }
}
