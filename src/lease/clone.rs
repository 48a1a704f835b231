//! The clone's side of the leases: where the plan's repository is, its
//! settings (`git config todo.*`), and what this clone holds, remembered in
//! its git directory (`todo-leases/held.json`, under a lock of its own) with
//! each lease's fencing number: the number decides, never a clock.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::book::{Held, Lease, Who};
use super::remote::Read;
use super::remote::{LEASE_REF, Remote};
use super::{DEFAULT_SKEW, DEFAULT_TTL, LeaseError, duration, plan_key, swap, swap_from};
use crate::plan::{Plan, Status};
use crate::platform::LockSpot;

/// How long a command waits for another of the same clone to finish with
/// the leases (they take turns: one fetch and push each).
const LOCK_WAIT: Duration = Duration::from_secs(120);

/// The plan's repository: its top (the directory holding `.git`), its git
/// directory (a worktree's own), and the plan's key.
#[derive(Debug, Clone)]
pub(crate) struct Clone {
    pub top: PathBuf,
    git_dir: PathBuf,
    pub plan: String,
}

/// `git config todo.remote`, `todo.leaseRef`, `todo.leaseTtl`, `todo.clockSkew`.
#[derive(Debug, Clone)]
pub(crate) struct Config {
    pub remote: Option<String>,
    pub reference: String,
    pub ttl: u64,
    pub skew: u64,
}

/// A lease this clone holds (or held, until the task is let go of here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Mine {
    pub remote: String,
    pub reference: String,
    pub plan: String,
    pub task: String,
    pub owner: String,
    pub fence: u64,
    pub expires_at: u64,
    pub ttl: u64,
    /// Found taken by another: never renewed again, and a change to the
    /// task here is refused until it is let go of (`release --local`).
    #[serde(default)]
    pub lost: bool,
}

/// The clone's lease lock, held while its memory is read and written.
pub(crate) struct Locked {
    _spot: LockSpot,
}

impl Clone {
    /// The repository the plan at `plan` is in, if any.
    pub(crate) fn find(plan: &Path) -> Option<Clone> {
        let start = crate::platform::directory(plan);
        let start = std::fs::canonicalize(start).ok()?;
        let top = start.ancestors().find(|d| d.join(".git").exists())?;
        let dot = top.join(".git");
        let git_dir = if dot.is_dir() {
            dot
        } else {
            // A worktree or a submodule: `.git` is a file naming the real one.
            let text = std::fs::read_to_string(&dot).ok()?;
            let named = text.lines().next()?.strip_prefix("gitdir:")?.trim();
            let dir = top.join(named);
            dir.is_dir().then_some(dir)?
        };
        Some(Clone {
            plan: plan_key(top, plan),
            top: top.to_path_buf(),
            git_dir,
        })
    }

    /// Whether a git config file this clone reads has a `[todo]` section
    /// (the repository's, a worktree's common one, the user's): only then
    /// is git asked for the settings, so plans without leases run no git.
    pub(crate) fn configured(&self) -> bool {
        let common = std::fs::read_to_string(self.git_dir.join("commondir"))
            .ok()
            .map(|c| self.git_dir.join(c.trim()));
        let home = dirs::home_dir();
        let xdg = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".config")));
        let files = [
            Some(self.git_dir.join("config")),
            Some(self.git_dir.join("config.worktree")),
            common.map(|c| c.join("config")),
            home.map(|h| h.join(".gitconfig")),
            xdg.map(|x| x.join("git").join("config")),
            std::env::var_os("GIT_CONFIG_GLOBAL").map(PathBuf::from),
        ];
        files.into_iter().flatten().any(|f| {
            std::fs::read(f).is_ok_and(|b| {
                b.windows(5)
                    .any(|w| w[0] == b'[' && w[1..].eq_ignore_ascii_case(b"todo"))
            })
        })
    }

    /// The settings, from `git config`.
    pub(crate) fn config(&self) -> Result<Config, LeaseError> {
        let out = super::remote::git(&self.top, &["config", "--get-regexp", r"^todo\."], None)?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mut config = Config {
            remote: None,
            reference: LEASE_REF.to_string(),
            ttl: DEFAULT_TTL,
            skew: DEFAULT_SKEW,
        };
        for line in text.lines() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let bad = || {
                LeaseError::Setting(format!(
                    "git config {key} is \"{}\", not a duration such as 90s, 15m or 2h",
                    crate::text::visible(value)
                ))
            };
            match key {
                "todo.remote" if !value.is_empty() => config.remote = Some(value.to_string()),
                "todo.leaseref" if value.starts_with("refs/") => {
                    config.reference = value.to_string()
                }
                "todo.leasettl" => {
                    config.ttl = duration(value).filter(|t| *t > 0).ok_or_else(bad)?
                }
                "todo.clockskew" => config.skew = duration(value).ok_or_else(bad)?,
                _ => {}
            }
        }
        Ok(config)
    }

    /// The remote `name` of this clone, with the config's lease ref.
    pub(crate) fn remote(&self, name: &str, config: &Config) -> Result<Remote, LeaseError> {
        if name.is_empty() || name.starts_with('-') || name.contains(['\n', '\0']) {
            return Err(LeaseError::NoRemote(
                crate::text::visible(name).into_owned(),
            ));
        }
        Ok(Remote {
            dir: self.top.clone(),
            name: name.to_string(),
            reference: config.reference.clone(),
        })
    }

    fn dir(&self) -> PathBuf {
        self.git_dir.join("todo-leases")
    }

    fn io(&self, e: &std::io::Error) -> LeaseError {
        LeaseError::Io {
            path: self.dir().display().to_string(),
            why: crate::platform::io_reason(e),
        }
    }

    /// Take the clone's lease lock.
    pub(crate) fn lock(&self) -> Result<Locked, LeaseError> {
        let dir = self.dir();
        std::fs::create_dir_all(&dir).map_err(|e| self.io(&e))?;
        let mut spot = LockSpot::open(&dir, &dir.join("held.json")).map_err(|e| self.io(&e))?;
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        while !spot.try_lock().map_err(|e| self.io(&e))? {
            if start.elapsed() >= LOCK_WAIT {
                return Err(LeaseError::Busy);
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(20));
        }
        Ok(Locked { _spot: spot })
    }

    /// What this clone holds (an unreadable memory holds nothing).
    pub(crate) fn held(&self) -> Vec<Mine> {
        std::fs::read(self.dir().join("held.json"))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default()
    }

    /// Remember `held` (under the lock).
    fn keep(&self, _: &Locked, held: &[Mine]) -> Result<(), LeaseError> {
        let dir = self.dir();
        let tmp = dir.join(format!("held.json.{}", std::process::id()));
        let bytes = serde_json::to_vec_pretty(held).unwrap_or_default();
        std::fs::write(&tmp, bytes).map_err(|e| self.io(&e))?;
        std::fs::rename(&tmp, dir.join("held.json")).map_err(|e| self.io(&e))
    }

    /// This clone's name in a lease: `host:top` (two worktrees of one
    /// machine are two holders). Asked only when a lease is at stake.
    pub(crate) fn machine(&self) -> String {
        format!("{}:{}", host(), self.top.display())
    }

    /// Who the caller is, as a holder from this clone.
    pub(crate) fn who(&self, owner: &str, actor: &str) -> Who {
        Who {
            owner: owner.to_string(),
            machine: self.machine(),
            actor: actor.to_string(),
        }
    }

    /// Take the lease on the first of `tasks` no other holder has live
    /// (a `named` task: refused, naming the holder, when it has). `None`:
    /// every one of them is leased by others.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn take(
        &self,
        remote: &Remote,
        tasks: &[String],
        named: bool,
        who: &Who,
        now: u64,
        ttl: u64,
        skew: u64,
    ) -> Result<Option<Lease>, LeaseError> {
        let lock = self.lock()?;
        let what = format!("{} takes a lease", who.owner);
        let taken = swap(remote, &what, |book| {
            for task in tasks {
                match book.take(&self.plan, task, who, now, ttl, skew) {
                    Ok(lease) => return Ok(Some(lease)),
                    Err(Held(lease)) if named => {
                        return Err(LeaseError::Claimed(lease));
                    }
                    Err(_) => {}
                }
            }
            Ok(None)
        })?;
        if let Some(lease) = &taken {
            let mut held = self.held();
            held.retain(|m| !(m.plan == lease.plan && m.task == lease.task));
            held.push(Mine {
                remote: remote.name.clone(),
                reference: remote.reference.clone(),
                plan: lease.plan.clone(),
                task: lease.task.clone(),
                owner: lease.owner.clone(),
                fence: lease.fence,
                expires_at: lease.expires_at,
                ttl,
                lost: false,
            });
            self.keep(&lock, &held)?;
        }
        Ok(taken)
    }

    /// Let go of the lease on `task` taken a moment ago (the claim in the
    /// plan failed after it): released on the remote, forgotten here.
    pub(crate) fn give_back(&self, remote: &Remote, lease: &Lease) -> Result<(), LeaseError> {
        let lock = self.lock()?;
        let who = self.who(&lease.owner, &lease.actor);
        swap(
            remote,
            &format!("{} gives a lease back", lease.owner),
            |book| {
                Ok(book
                    .release(&lease.plan, &lease.task, &who, lease.fence)
                    .then_some(()))
            },
        )?;
        let mut held = self.held();
        held.retain(|m| !(m.plan == lease.plan && m.task == lease.task));
        self.keep(&lock, &held)
    }

    /// Forget the lease on `task` here without asking the remote
    /// (`release --local`); whether there was one.
    pub(crate) fn forget(&self, task: &str) -> Result<bool, LeaseError> {
        if !self
            .held()
            .iter()
            .any(|m| m.plan == self.plan && m.task == task)
        {
            return Ok(false);
        }
        let lock = self.lock()?;
        let mut held = self.held();
        held.retain(|m| !(m.plan == self.plan && m.task == task));
        self.keep(&lock, &held)?;
        Ok(true)
    }

    /// Renew the leases of this plan held here (by `owner`, or by anyone
    /// when `None`; only those due, expiring within half their time, when
    /// `due`) until `now + ttl` (each its own ttl when `None`). The leases
    /// renewed, and those found lost.
    pub(crate) fn renew(
        &self,
        owner: Option<&str>,
        ttl: Option<u64>,
        now: u64,
        due: bool,
    ) -> Result<(Vec<Mine>, Vec<LeaseError>), LeaseError> {
        let wanted = |m: &Mine| {
            m.plan == self.plan
                && !m.lost
                && owner.is_none_or(|o| o == m.owner)
                && (!due || m.expires_at <= now.saturating_add(m.ttl / 2))
        };
        if !self.held().iter().any(wanted) {
            return Ok((Vec::new(), Vec::new()));
        }
        let lock = self.lock()?;
        let mut held = self.held();
        let mut renewed = Vec::new();
        let mut lost = Vec::new();
        for (name, reference) in remotes(held.iter().filter(|m| wanted(m))) {
            let remote = Remote {
                dir: self.top.clone(),
                name,
                reference,
            };
            let mine: Vec<&Mine> = (held.iter())
                .filter(|m| wanted(m) && m.remote == remote.name && m.reference == remote.reference)
                .collect();
            let mut outcomes = Vec::new();
            swap(&remote, "heartbeat", |book| {
                outcomes.clear();
                for m in &mine {
                    let who = self.who(&m.owner, "");
                    let until = now.saturating_add(ttl.unwrap_or(m.ttl));
                    let renewed = book.renew(&m.plan, &m.task, &who, m.fence, until);
                    outcomes.push((m.task.clone(), renewed));
                }
                Ok(outcomes.iter().any(|(_, r)| r.is_ok()).then_some(()))
            })?;
            for (task, outcome) in outcomes {
                let Some(m) = held
                    .iter_mut()
                    .find(|m| m.plan == self.plan && m.task == task)
                else {
                    continue;
                };
                match outcome {
                    Ok(lease) => {
                        m.expires_at = lease.expires_at;
                        renewed.push(m.clone());
                    }
                    Err(now) => {
                        m.lost = true;
                        lost.push(LeaseError::Lost { task, now });
                    }
                }
            }
        }
        self.keep(&lock, &held)?;
        Ok((renewed, lost))
    }

    /// The live leases of this plan on `remote`.
    pub(crate) fn live(
        &self,
        remote: &Remote,
        now: u64,
        skew: u64,
    ) -> Result<Vec<Lease>, LeaseError> {
        let book = remote.read()?.book;
        Ok(book
            .leases
            .into_iter()
            .filter(|l| l.plan == self.plan && l.live(now, skew))
            .collect())
    }
}

/// The remotes (name and ref) of `held`, each once.
fn remotes<'a>(held: impl Iterator<Item = &'a Mine>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for m in held {
        let r = (m.remote.clone(), m.reference.clone());
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// This machine's name.
fn host() -> String {
    let named = ["HOSTNAME", "COMPUTERNAME"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .chain(
            ["/proc/sys/kernel/hostname", "/etc/hostname"]
                .iter()
                .filter_map(|p| std::fs::read_to_string(p).ok()),
        )
        .map(|h| h.trim().to_string())
        .find(|h| !h.is_empty());
    named.unwrap_or_else(|| {
        std::process::Command::new("hostname")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "localhost".into())
    })
}

/// The leases of this clone a change to the plan ends, checked against the
/// remote before the change is saved; [`Ending::settle`] releases them
/// after.
pub(crate) struct Ending {
    clone: Clone,
    lock: Locked,
    ended: Vec<Mine>,
    /// Each remote's book as read for the check: the release's first try.
    reads: Vec<(String, Read)>,
}

/// Whether `plan` (as a change leaves it) ends the lease `m`: its task is
/// gone, finished, or no longer claimed by the holder.
fn ends(plan: &Plan, m: &Mine) -> bool {
    !plan.tasks().any(|(_, _, t)| {
        t.id == m.task
            && !matches!(t.status, Status::Completed | Status::Abandoned)
            && t.owner.as_deref() == Some(m.owner.as_str())
    })
}

/// The leases the change that leaves the plan at `plan_path` as `plan`
/// ends; refused (`Lost`) when one of them changed hands. No git runs,
/// and nothing is read but one small file, unless the change ends one.
pub(crate) fn ending(plan_path: &Path, plan: &Plan) -> Result<Option<Ending>, LeaseError> {
    let Some(clone) = Clone::find(plan_path) else {
        return Ok(None);
    };
    let mine = |m: &Mine| m.plan == clone.plan && ends(plan, m);
    if !clone.held().iter().any(mine) {
        return Ok(None);
    }
    let lock = clone.lock()?;
    let ended: Vec<Mine> = clone.held().into_iter().filter(mine).collect();
    let mut reads = Vec::new();
    for (name, reference) in remotes(ended.iter()) {
        let remote = Remote {
            dir: clone.top.clone(),
            name,
            reference,
        };
        let read = remote.read()?;
        let book = &read.book;
        for m in ended.iter().filter(|m| m.remote == remote.name) {
            if m.lost {
                return Err(LeaseError::Lost {
                    task: m.task.clone(),
                    now: book.lease(&m.plan, &m.task).cloned().map(Box::new),
                });
            }
            let who = clone.who(&m.owner, "");
            if let Err(now) = book.still(&m.plan, &m.task, &who, m.fence) {
                return Err(LeaseError::Lost {
                    task: m.task.clone(),
                    now,
                });
            }
        }
        reads.push((remote.name.clone(), read));
    }
    Ok(Some(Ending {
        clone,
        lock,
        ended,
        reads,
    }))
}

impl Ending {
    /// Release the ended leases on their remotes and forget them here;
    /// what could not be released, as warnings (the change is saved: the
    /// lease then simply runs out).
    pub(crate) fn settle(self) -> Vec<String> {
        let Ending {
            clone,
            lock,
            ended,
            mut reads,
        } = self;
        let mut warnings = Vec::new();
        for (name, reference) in remotes(ended.iter()) {
            let remote = Remote {
                dir: clone.top.clone(),
                name,
                reference,
            };
            let mine: Vec<&Mine> = ended.iter().filter(|m| m.remote == remote.name).collect();
            let read = (reads.iter())
                .position(|(name, _)| *name == remote.name)
                .map(|i| reads.swap_remove(i).1);
            let released = swap_from(&remote, read, "release", |book| {
                let mut any = false;
                for m in &mine {
                    any |= book.release(&m.plan, &m.task, &clone.who(&m.owner, ""), m.fence);
                }
                Ok(any.then_some(()))
            });
            if let Err(e) = released {
                warnings.push(format!(
                    "Warning: the lease could not be released on \"{}\" ({e}); it runs out by itself.",
                    remote.name
                ));
            }
        }
        let mut held = clone.held();
        held.retain(|m| !ended.contains(m));
        if let Err(e) = clone.keep(&lock, &held) {
            warnings.push(format!("Warning: {e}"));
        }
        warnings
    }
}

/// The claims of a plan as read (task id, owner): the claims a change
/// adds to them take their leases ([`Claimed::take_new`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct Claimed {
    before: Vec<(String, String)>,
    /// Off for a claim made in this clone only on purpose (`--local`).
    pub leases: bool,
}

impl Claimed {
    pub(crate) fn of(plan: &Plan) -> Claimed {
        let before = (plan.tasks())
            .filter_map(|(_, _, t)| Some((t.id.clone(), t.owner.clone()?)))
            .collect();
        Claimed {
            before,
            leases: true,
        }
    }

    /// Take the lease of each open claim in `plan` that was not in the plan
    /// as read nor is leased here already, when the plan keeps its leases
    /// on a remote (`todo.remote`): so a claim through `apply`, MCP or a
    /// batch holds across clones as `todo claim`'s does. Refused, nothing
    /// is taken (what was, is given back).
    pub(crate) fn take_new(
        &self,
        plan_path: &Path,
        plan: &Plan,
        (actor, now): (&str, &str),
    ) -> Result<(), LeaseError> {
        if !self.leases {
            return Ok(());
        }
        let mut new: Vec<(&str, &str)> = (plan.tasks())
            .filter(|(_, _, t)| !matches!(t.status, Status::Completed | Status::Abandoned))
            .filter_map(|(_, _, t)| Some((t.id.as_str(), t.owner.as_deref()?)))
            .filter(|(id, o)| !self.before.iter().any(|(i, b)| i == id && b == o))
            .collect();
        if new.is_empty() {
            return Ok(());
        }
        let Some(clone) = Clone::find(plan_path) else {
            return Ok(());
        };
        let held = clone.held();
        new.retain(|(id, o)| {
            !(held.iter())
                .any(|m| m.plan == clone.plan && m.task == *id && m.owner == *o && !m.lost)
        });
        if new.is_empty() || !clone.configured() {
            return Ok(());
        }
        let config = clone.config()?;
        let Some(name) = config.remote.clone() else {
            return Ok(());
        };
        let remote = clone.remote(&name, &config)?;
        let now = super::unix(now).unwrap_or(0);
        let mut taken = Vec::new();
        for (id, owner) in new {
            let who = clone.who(owner, actor);
            let task = [id.to_string()];
            match clone.take(&remote, &task, true, &who, now, config.ttl, config.skew) {
                Ok(lease) => taken.extend(lease),
                Err(e) => {
                    for lease in &taken {
                        let _ = clone.give_back(&remote, lease);
                    }
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}
