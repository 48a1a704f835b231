//! What the agent has seen of a plan, and where its stop reminders stand:
//! one small JSON file per plan in the data directory, beside the plan's
//! undo history (`<key>.agent.json`, the key being the history's). Read and
//! written only under the plan's lock. A person's changes made after the
//! agent last saw the plan are named from the history entries, which say who
//! made each change and, for a person, the command typed.

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::history::{History, file_digest};
use crate::plan::Plan;
use crate::storage::Lock;
use crate::work::Context;

/// Sessions whose reminder count is kept per plan; the oldest are dropped.
const SESSIONS: usize = 64;
/// History entries read back to name a person's changes.
const LOOK_BACK: usize = 100;
/// Commands named in one notice; more are counted.
const NAMED: usize = 5;

/// The state of one plan, as read (or new).
pub(crate) struct AgentState {
    path: PathBuf,
    data: Data,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(default)]
struct Data {
    #[serde(skip_serializing_if = "Option::is_none")]
    seen: Option<Seen>,
    /// A counter that orders the sessions, to drop the oldest.
    tick: u64,
    /// Stop reminders given in the current cycle, by session id.
    sessions: BTreeMap<String, Cycle>,
    /// What each session was told its list cannot change (`t4:abandoned`),
    /// so that it is told once.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    told: BTreeMap<String, Vec<String>>,
    /// Claude Code's task lists (by list id): which plan task each of
    /// its task ids is, so that a later `TaskUpdate` finds it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    claude_lists: BTreeMap<String, ClaudeList>,
    /// The tasks the mirror of a whole list (TodoWrite, update_plan) made
    /// and still holds: the only ones a list that leaves them out removes.
    #[serde(skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    mirrored: std::collections::BTreeSet<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct ClaudeList {
    tick: u64,
    ids: BTreeMap<String, String>,
}

/// Task ids kept per list: far more than a session's list holds.
const LIST_IDS: usize = 10_000;

/// The plan as the agent last saw it: its `rev` and content digest.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Seen {
    pub rev: u64,
    pub digest: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Cycle {
    reminders: u32,
    tick: u64,
}

impl AgentState {
    /// Read the state of the plan at `real` (its real path). A missing file
    /// is a new state; one that cannot be read as state too (the reminders
    /// start over: better than a hook that fails at every turn).
    pub(crate) fn load(history: &History, real: &Path, _lock: &Lock) -> io::Result<AgentState> {
        let path = Self::path(history, real);
        let data = match crate::storage::read_regular(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_default(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Data::default(),
            Err(e) => return Err(e),
        };
        Ok(AgentState { path, data })
    }

    fn path(history: &History, real: &Path) -> PathBuf {
        crate::storage::keyed(&history.dir, real, "agent.json")
    }

    pub(crate) fn exists(history: &History, real: &Path) -> bool {
        Self::path(history, real).exists()
    }

    /// Write the state: a new file renamed over the old one.
    pub(crate) fn save(&self, _lock: &Lock) -> io::Result<()> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir)?;
        let text = serde_json::to_vec(&self.data).map_err(io::Error::other)?;
        crate::history::replace_private(&self.path, &text)
    }

    pub(crate) fn seen(&self) -> Option<&Seen> {
        self.data.seen.as_ref()
    }

    /// The agent saw the plan file as `bytes` (`None`: there was none).
    pub(crate) fn saw(&mut self, rev: u64, bytes: Option<&[u8]>) {
        self.data.seen = Some(Seen {
            rev,
            digest: content_digest(bytes),
        });
    }

    /// The plan task of each of Claude Code's task ids in `list`.
    pub(crate) fn claude_ids(&self, list: &str) -> BTreeMap<String, String> {
        self.data
            .claude_lists
            .get(list)
            .map(|l| l.ids.clone())
            .unwrap_or_default()
    }

    /// Keep `ids` for `list` (at most [`LIST_IDS`], and the [`SESSIONS`]
    /// lists used last).
    pub(crate) fn set_claude_ids(&mut self, list: &str, mut ids: BTreeMap<String, String>) {
        while ids.len() > LIST_IDS {
            ids.pop_first();
        }
        self.data.tick += 1;
        let tick = self.data.tick;
        let lists = &mut self.data.claude_lists;
        lists.insert(list.to_string(), ClaudeList { tick, ids });
        keep_latest(lists, |l| l.tick);
    }

    /// The tasks the mirror made and still holds.
    pub(crate) fn mirrored(&self) -> std::collections::BTreeSet<String> {
        self.data.mirrored.clone()
    }

    /// Keep `ids` as the tasks the mirror holds (at most [`LIST_IDS`]).
    pub(crate) fn set_mirrored(&mut self, mut ids: std::collections::BTreeSet<String>) {
        while ids.len() > LIST_IDS {
            ids.pop_first();
        }
        self.data.mirrored = ids;
    }

    /// Reminders given to `session` in its current cycle.
    pub(crate) fn reminders(&self, session: &str) -> u32 {
        self.data.sessions.get(session).map_or(0, |c| c.reminders)
    }

    /// Count one more reminder for `session`; returns the count.
    pub(crate) fn remind(&mut self, session: &str) -> u32 {
        self.data.tick += 1;
        let tick = self.data.tick;
        let cycle = self.data.sessions.entry(session.to_string()).or_default();
        cycle.reminders += 1;
        cycle.tick = tick;
        let count = cycle.reminders;
        keep_latest(&mut self.data.sessions, |c| c.tick);
        count
    }

    /// Which of `keys` `session` was not told yet; they count as told now.
    pub(crate) fn tell(&mut self, session: &str, keys: &[String]) -> Vec<String> {
        /// Notes kept per session: the latest.
        const KEPT: usize = 256;
        if !self.data.told.contains_key(session) && self.data.told.len() >= SESSIONS {
            self.data.told.pop_first();
        }
        let told = self.data.told.entry(session.to_string()).or_default();
        let new: Vec<String> = keys.iter().filter(|k| !told.contains(k)).cloned().collect();
        told.extend(new.iter().cloned());
        let over = told.len().saturating_sub(KEPT);
        told.drain(..over);
        new
    }

    /// Whether `session` was told `key` ([`AgentState::tell`]).
    pub(crate) fn was_told(&self, session: &str, key: &str) -> bool {
        self.data
            .told
            .get(session)
            .is_some_and(|told| told.iter().any(|k| k == key))
    }

    /// A new prompt: `session`'s reminders start over.
    pub(crate) fn new_cycle(&mut self, session: &str) -> bool {
        self.data.sessions.remove(session).is_some()
    }
}

/// Drop the entries touched longest ago (the lowest `tick`) until
/// [`SESSIONS`] are left.
fn keep_latest<V>(map: &mut BTreeMap<String, V>, tick: impl Fn(&V) -> u64) {
    while map.len() > SESSIONS {
        let Some(oldest) = map
            .iter()
            .min_by_key(|(_, v)| tick(v))
            .map(|(k, _)| k.clone())
        else {
            break;
        };
        map.remove(&oldest);
    }
}

/// The digest the seen record keeps: the history's content digest of the
/// file (which leaves out `rev`), or `-` for no file.
fn content_digest(bytes: Option<&[u8]>) -> String {
    bytes.map_or_else(|| "-".to_string(), file_digest)
}

/// Record that the agent saw the plan file as `bytes` at `rev` (the reply
/// of an `apply` or an MCP call shows it), under the lock the change
/// holds. Best effort: a failure here never fails the change.
pub(crate) fn saw(ctx: &Context, lock: &Lock, rev: u64, bytes: Option<&[u8]>) {
    if let Some(history) = &ctx.history {
        let _ = change_state(ctx, history, lock, |state| state.saw(rev, bytes));
    }
}

pub(crate) fn state_error(e: io::Error) -> Error {
    Error::io("Cannot keep the agent's state in the data directory", e)
}

/// Read this plan's agent state under `lock`, change it by `change` and
/// write it back.
pub(crate) fn change_state<T>(
    ctx: &Context,
    history: &History,
    lock: &Lock,
    change: impl FnOnce(&mut AgentState) -> T,
) -> Result<T> {
    let mut state = AgentState::load(history, &ctx.real_path(), lock).map_err(state_error)?;
    let out = change(&mut state);
    state.save(lock).map_err(state_error)?;
    Ok(out)
}

/// As [`saw`], taking the lock and reading the plan as it is now (after
/// a change that was refused as it committed, which let the lock go).
pub(crate) fn record(ctx: &Context) {
    let Ok(lock) = ctx.store.lock() else { return };
    let Ok(loaded) = ctx.store.load() else { return };
    saw(ctx, &lock, loaded.plan.rev, loaded.bytes.as_deref());
}

/// What a person did to the plan since the agent last saw it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct UserEdit {
    /// The commands, as `todo rm t3`, `todo undo`…, joined for the notice.
    pub action: String,
    /// Whether they removed tasks or phases (`todo rm`, `todo prune`, or
    /// the plan file deleted).
    pub removed: bool,
}

/// The person's changes between `seen` and the plan file now (`bytes`,
/// at `rev`); `None` when there are none, or only the agent's. The agent
/// that never saw the plan is told nothing: it gets the plan whole at
/// session start.
pub(crate) fn user_edit(
    history: &History,
    lock: &Lock,
    real: &Path,
    seen: Option<&Seen>,
    (plan, bytes): (&Plan, Option<&[u8]>),
) -> Option<UserEdit> {
    let rev = plan.rev;
    let seen = seen?;
    let now = content_digest(bytes);
    if seen.digest == now {
        return None;
    }
    if bytes.is_none() {
        return Some(UserEdit {
            action: "deleted the plan file".into(),
            removed: true,
        });
    }
    // The newest entries, one more than are named: whether they reach back
    // to what the agent saw tells a rev with no entry (an undo, which
    // takes its entry out) from one the bounded history no longer keeps.
    let (newest, entries) = history
        .since(lock, real, 0, LOOK_BACK + 1)
        .unwrap_or_default();
    let reaches_back = entries.iter().any(|e| e.rev <= seen.rev);
    let oldest = entries.iter().map(|e| e.rev).min();
    // The file is as todo last wrote it: every change since is in the
    // history, but for undo, which takes its entry out (a `rev` with no
    // entry). Otherwise it was changed outside todo.
    if newest.as_deref() != Some(now.as_str()) || rev < seen.rev {
        return Some(UserEdit {
            action: "edited the plan file outside todo".into(),
            removed: false,
        });
    }
    let mut actions: Vec<String> = Vec::new();
    let mut removed = false;
    // The tasks and phases the person's changes touched, as they were
    // before: any of them the plan no longer has, they removed — by `rm`,
    // `prune`, a line deleted in `edit` or a file imported over the plan.
    let mut before: Vec<&String> = Vec::new();
    // The latest changes, when there are more than are read back.
    let first = (seen.rev + 1).max(rev.saturating_sub(LOOK_BACK as u64 - 1));
    if first > seen.rev + 1 && !reaches_back {
        actions.push("changes older than todo's undo history".to_string());
    }
    for r in first..=rev {
        let action = match entries.iter().find(|e| e.rev == r) {
            Some(e) if e.actor.as_deref() == Some("agent") => continue,
            Some(e) => {
                let cmd = e.cmd.clone().unwrap_or_else(|| e.what.clone());
                let verb = cmd.split_whitespace().nth(1).unwrap_or_default();
                removed |= verb == "rm" || verb == "prune";
                before.extend(e.undo.lists.iter().flat_map(|l| &l.ids));
                before.extend(e.undo.order.iter().flatten());
                cmd
            }
            None if !reaches_back && oldest.is_none_or(|o| r < o) => {
                "changes older than todo's undo history".to_string()
            }
            // An undo takes its entry out and leaves the file as the entry
            // below says; the next entry then starts from there. One that
            // starts from elsewhere follows a change made outside todo.
            None => {
                let below = entries.iter().filter(|e| e.rev < r).max_by_key(|e| e.rev);
                let above = entries.iter().filter(|e| e.rev > r).min_by_key(|e| e.rev);
                match (below, above) {
                    (Some(b), Some(a)) if a.prev.as_deref() != Some(b.digest.as_str()) => {
                        "edited the plan file outside todo".to_string()
                    }
                    _ => "todo undo".to_string(),
                }
            }
        };
        if actions.last() != Some(&action) {
            actions.push(action);
        }
    }
    if actions.is_empty() {
        return None;
    }
    if !removed && !before.is_empty() {
        let phases = plan.phases.iter().map(|p| &p.id);
        let now: HashSet<&String> = phases.chain(plan.tasks().map(|(_, _, t)| &t.id)).collect();
        removed = before.iter().any(|id| !now.contains(id));
    }
    let more = actions.len().saturating_sub(NAMED);
    actions.truncate(NAMED);
    let mut action = actions.join(", ");
    if more > 0 {
        action.push_str(&format!(", and {more} more"));
    }
    Some(UserEdit { action, removed })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminders_count_per_session_and_start_over() {
        let mut state = AgentState {
            path: PathBuf::from("/nowhere"),
            data: Data::default(),
        };
        assert_eq!(state.remind("a"), 1);
        assert_eq!(state.remind("a"), 2);
        assert_eq!(state.remind("b"), 1);
        assert!(state.new_cycle("a"));
        assert_eq!(state.reminders("a"), 0);
        assert_eq!(state.reminders("b"), 1);
        for i in 0..(SESSIONS + 5) {
            state.remind(&format!("s{i}"));
        }
        assert_eq!(state.data.sessions.len(), SESSIONS);
        assert_eq!(state.reminders("b"), 0, "the oldest session was dropped");
    }
}
