//! Claims across machines (docs/several-machines.md): leases kept on a ref
//! of the git remote the clones share, each take, renewal and release one
//! compare-and-swap push ([`remote`]), decided on the book as read
//! ([`book`]), and remembered in the clone ([`clone`]) so that a holder
//! whose lease changed hands has its next change to that task refused.

pub(crate) mod book;
pub(crate) mod clone;
pub(crate) mod remote;

use std::path::Path;
use std::time::Duration;

pub(crate) use book::{Book, Lease};
pub(crate) use clone::{Claimed, Clone, Config, Ending, ending};
pub(crate) use remote::Remote;

use crate::plan::clock::rfc3339;

/// How long a lease lasts unless `--ttl` or `todo.leaseTtl` says.
pub(crate) const DEFAULT_TTL: u64 = 15 * 60;
/// The clock skew between machines tolerated unless `todo.clockSkew` says:
/// another clone takes an expired lease only this long after its expiry.
pub(crate) const DEFAULT_SKEW: u64 = 120;
/// How many times a take, renewal or release fetches and tries again
/// after another clone moved the ref first.
pub(crate) const TRIES: u32 = 64;

/// What can go wrong with a lease.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LeaseError {
    #[error(
        "Cannot reach the remote \"{remote}\" for the task leases: {why}. Nothing was claimed or changed."
    )]
    Unreachable { remote: String, why: String },

    #[error(
        "The remote \"{remote}\" refused the lease ref {reference}: {why}. Nothing was claimed or changed."
    )]
    Refused {
        remote: String,
        reference: String,
        why: String,
    },

    #[error(
        "The lease ref {reference} on \"{remote}\" is broken: {why}. Nothing was claimed or changed."
    )]
    Broken {
        remote: String,
        reference: String,
        why: String,
    },

    /// A live lease of another holder.
    #[error("{} is leased by {} on {} until {} (fence {}); it was not claimed.", .0.task, .0.owner, .0.machine, rfc3339(.0.expires_at), .0.fence)]
    Claimed(Box<Lease>),

    /// The caller's lease changed hands (or was released by another).
    #[error("{}", lost(task, now))]
    Lost {
        task: String,
        now: Option<Box<Lease>>,
    },

    #[error(
        "The leases were moved by other clones {TRIES} times in a row; nothing was claimed or changed."
    )]
    Busy,

    #[error("No remote named \"{0}\" for the task leases (git remote -v lists them).")]
    NoRemote(String),

    #[error("{0}")]
    Git(String),

    /// A `todo.*` setting of git's that makes no sense.
    #[error("{0}")]
    Setting(String),

    #[error("Cannot keep the leases of this clone in {path}: {why}")]
    Io { path: String, why: String },
}

fn lost(task: &str, now: &Option<Box<Lease>>) -> String {
    match now {
        Some(l) => format!(
            "You lost the lease on {task}: {} on {} holds it now (fence {}, until {}); nothing was changed.",
            l.owner,
            l.machine,
            l.fence,
            rfc3339(l.expires_at)
        ),
        None => format!(
            "You lost the lease on {task}: it was taken and released by another clone since; nothing was changed."
        ),
    }
}

impl LeaseError {
    /// The way out, for a person and for `error.hint`.
    pub(crate) fn hint(&self) -> Option<&'static str> {
        Some(match self {
            LeaseError::Unreachable { .. } => {
                "Check the network and `git remote -v`. To go on in this clone only, on purpose: `todo claim --local`, and `todo release TASK --local` to let go of a lease here."
            }
            LeaseError::Refused { .. } => {
                "If this forge refuses refs outside refs/heads, keep the leases on a branch: git config todo.leaseRef refs/heads/todo-leases"
            }
            LeaseError::Lost { .. } => {
                "Pick other work (todo claim --next); `todo release TASK --local` lets go of the task in this clone."
            }
            LeaseError::Busy => "Try again in a moment.",
            LeaseError::NoRemote(_) => {
                "Name one with --remote NAME or git config todo.remote NAME."
            }
            LeaseError::Claimed(_) => {
                "Pick another task (todo claim --next), or wait for the lease to end."
            }
            _ => return None,
        })
    }
}

/// Seconds since 1970 of an RFC 3339 time in UTC as `todo` writes it
/// (`2026-01-02T03:04:05Z`, also with fractions or an offset of `+00:00`).
pub(crate) fn unix(time: &str) -> Option<u64> {
    let b = time.trim().as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = std::str::from_utf8(b.get(r)?).ok()?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    if b.len() < 19 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hh, mm, ss) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || hh > 23 || mm > 59 || ss > 60 {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    u64::try_from(days * 86_400 + hh * 3600 + mm * 60 + ss).ok()
}

/// A duration as typed: `90`, `90s`, `15m`, `2h`, `1d` (whole units).
pub(crate) fn duration(text: &str) -> Option<u64> {
    let t = text.trim();
    let (digits, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = digits.parse().ok()?;
    let scale = match unit.trim() {
        "" | "s" | "sec" | "secs" => 1,
        "m" | "min" | "mins" => 60,
        "h" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        _ => return None,
    };
    n.checked_mul(scale)
}

/// A little randomness for the pause between tries and the commits'
/// nonce: std's hasher keys are random per process.
pub(crate) fn jitter_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// The pause before try `n` (from 1): random, growing to at most 100 ms.
pub(crate) fn pause(n: u32) -> Duration {
    let cap = (5u64 << n.min(5)).min(100);
    Duration::from_millis(jitter_seed() % cap + 1)
}

/// Read, decide, write; again while other clones move the ref first, at
/// most [`TRIES`] times. `decide` changes the book and says what it did,
/// or fails (nothing is written then), or returns `Ok(None)` when there is
/// nothing to write.
pub(crate) fn swap<T>(
    remote: &Remote,
    what: &str,
    decide: impl FnMut(&mut Book) -> Result<Option<T>, LeaseError>,
) -> Result<Option<T>, LeaseError> {
    swap_from(remote, None, what, decide)
}

/// [`swap`], its first try on `read` (the book as just read) when given:
/// one fetch less.
pub(crate) fn swap_from<T>(
    remote: &Remote,
    mut read: Option<remote::Read>,
    what: &str,
    mut decide: impl FnMut(&mut Book) -> Result<Option<T>, LeaseError>,
) -> Result<Option<T>, LeaseError> {
    for n in 1..=TRIES {
        let read = match read.take() {
            Some(read) => read,
            None => remote.read()?,
        };
        let mut book = read.book;
        let Some(done) = decide(&mut book)? else {
            return Ok(None);
        };
        match remote.write(read.commit.as_deref(), &book, what)? {
            remote::Pushed::Done => return Ok(Some(done)),
            remote::Pushed::Moved => std::thread::sleep(pause(n)),
        }
    }
    Err(LeaseError::Busy)
}

/// For the agent hooks: renew the leases of the plan at `plan` held in
/// this clone that are due (within half their time of running out), so a
/// working session keeps them. No git runs when none is due (one small
/// file is read); a failure is left to the next hook or `todo heartbeat`,
/// and never fails the agent.
pub(crate) fn renew_due(plan: &Path, now: &str) {
    if let (Some(clone), Some(now)) = (Clone::find(plan), unix(now)) {
        let _ = clone.renew(None, None, now, true);
    }
}

/// The plan's key in the book: its path in the clone, with `/`.
pub(crate) fn plan_key(top: &Path, plan: &Path) -> String {
    let real = crate::storage::real_path(plan);
    let top = crate::storage::real_path(top);
    real.strip_prefix(&top)
        .unwrap_or(&real)
        .to_string_lossy()
        .replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_round_trip_through_rfc3339() {
        for t in [0, 951_782_400, 1_798_761_599, 1_765_000_000] {
            assert_eq!(unix(&rfc3339(t)), Some(t));
        }
        assert_eq!(unix("2026-01-01T00:01:30.5Z"), Some(1_767_225_690));
        for bad in [
            "",
            "yesterday",
            "2026-13-01T00:00:00Z",
            "2026-01-01",
            "+026-01-01T00:00:00Z",
        ] {
            assert_eq!(unix(bad), None, "{bad}");
        }
    }

    #[test]
    fn durations_have_units() {
        assert_eq!(duration("90"), Some(90));
        assert_eq!(duration("15m"), Some(900));
        assert_eq!(duration("2h"), Some(7200));
        assert_eq!(duration("1d"), Some(86_400));
        for bad in ["", "m", "-5s", "5 weeks", "99999999999999999999d"] {
            assert_eq!(duration(bad), None, "{bad}");
        }
    }
}
