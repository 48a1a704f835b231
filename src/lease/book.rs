//! The book of leases kept on the remote: what a take, a renewal and a
//! release decide, given the book as read and the time now. Pure: no git,
//! no clock; `remote` reads and writes the book, `mod` drives the loop.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The leases on the remote, as one JSON file in the commit the lease ref
/// points at, and the last fencing number given for each task (kept when
/// the task is released, so that the next holder's number is higher).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Book {
    #[serde(default)]
    pub leases: Vec<Lease>,
    #[serde(default)]
    pub fences: BTreeMap<String, u64>,
}

/// One lease: who holds a task, from where, since and until when, and its
/// fencing number. The plan's key (`plan`) keeps two plan files of one
/// repository apart; tasks are named by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Lease {
    pub task: String,
    #[serde(default)]
    pub plan: String,
    pub owner: String,
    pub machine: String,
    /// `person` or `agent`: an agent never takes over a person's live lease.
    #[serde(default)]
    pub actor: String,
    pub taken_at: u64,
    pub expires_at: u64,
    pub fence: u64,
}

/// Who asks: the owner, the clone it works in, and whether a person or an
/// agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Who {
    pub owner: String,
    pub machine: String,
    pub actor: String,
}

/// Why a take is refused: a live lease of another holder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Held(pub Box<Lease>);

impl Lease {
    /// Whether others must still respect it at `now` by their own clock:
    /// until its expiry plus the clock skew tolerated, so that a clock
    /// `skew` seconds ahead of the holder's never takes it early.
    pub(crate) fn live(&self, now: u64, skew: u64) -> bool {
        now < self.expires_at.saturating_add(skew)
    }

    pub(crate) fn held_by(&self, who: &Who) -> bool {
        self.owner == who.owner && self.machine == who.machine
    }
}

/// A book's key for a task of a plan.
fn key(plan: &str, task: &str) -> String {
    if plan.is_empty() {
        task.to_string()
    } else {
        format!("{plan}#{task}")
    }
}

impl Book {
    /// The lease on `task` of `plan`, if any (live or not).
    pub(crate) fn lease(&self, plan: &str, task: &str) -> Option<&Lease> {
        self.leases
            .iter()
            .find(|l| l.plan == plan && l.task == task)
    }

    fn position(&self, plan: &str, task: &str) -> Option<usize> {
        self.leases
            .iter()
            .position(|l| l.plan == plan && l.task == task)
    }

    /// Take (or renew, when `who` holds it already) the lease on `task`
    /// until `now + ttl`: refused while another holder's lease is live
    /// (its expiry plus `skew`). A change of hands raises the fencing number.
    pub(crate) fn take(
        &mut self,
        plan: &str,
        task: &str,
        who: &Who,
        now: u64,
        ttl: u64,
        skew: u64,
    ) -> Result<Lease, Held> {
        let expires_at = now.saturating_add(ttl);
        if let Some(i) = self.position(plan, task) {
            let lease = &mut self.leases[i];
            if lease.held_by(who) {
                lease.expires_at = lease.expires_at.max(expires_at);
                lease.actor.clone_from(&who.actor);
                return Ok(lease.clone());
            }
            if lease.live(now, skew) {
                return Err(Held(Box::new(lease.clone())));
            }
            self.leases.remove(i);
        }
        let last = self.fences.entry(key(plan, task)).or_insert(0);
        *last = last.saturating_add(1);
        let lease = Lease {
            task: task.to_string(),
            plan: plan.to_string(),
            owner: who.owner.clone(),
            machine: who.machine.clone(),
            actor: who.actor.clone(),
            taken_at: now,
            expires_at,
            fence: *last,
        };
        self.leases.push(lease.clone());
        Ok(lease)
    }

    /// Renew the lease `fence` of `who` on `task` until `now + ttl`; the
    /// lease as it is now when it is no longer theirs (`None`: no lease).
    pub(crate) fn renew(
        &mut self,
        plan: &str,
        task: &str,
        who: &Who,
        fence: u64,
        until: u64,
    ) -> Result<Lease, Option<Box<Lease>>> {
        match self.position(plan, task) {
            Some(i) if self.leases[i].held_by(who) && self.leases[i].fence == fence => {
                let lease = &mut self.leases[i];
                lease.expires_at = lease.expires_at.max(until);
                Ok(lease.clone())
            }
            Some(i) => Err(Some(Box::new(self.leases[i].clone()))),
            None => Err(None),
        }
    }

    /// Whether the lease `fence` on `task` is still `who`'s; if not, the
    /// lease there now.
    pub(crate) fn still(
        &self,
        plan: &str,
        task: &str,
        who: &Who,
        fence: u64,
    ) -> Result<(), Option<Box<Lease>>> {
        match self.lease(plan, task) {
            Some(l) if l.held_by(who) && l.fence == fence => Ok(()),
            Some(l) => Err(Some(Box::new(l.clone()))),
            None if self.fences.get(&key(plan, task)).copied().unwrap_or(0) > fence => Err(None),
            // Released by no one else and not taken since: nothing lost.
            None => Ok(()),
        }
    }

    /// Release the lease `fence` of `who` on `task`; whether there was one.
    pub(crate) fn release(&mut self, plan: &str, task: &str, who: &Who, fence: u64) -> bool {
        match self.position(plan, task) {
            Some(i) if self.leases[i].held_by(who) && self.leases[i].fence == fence => {
                self.leases.remove(i);
                true
            }
            _ => false,
        }
    }

    /// The book as stored: leases in task order, so that a diff of two
    /// commits of the ref reads well.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut sorted = self.clone();
        sorted
            .leases
            .sort_by(|a, b| (&a.plan, &a.task).cmp(&(&b.plan, &b.task)));
        let mut out = serde_json::to_vec_pretty(&sorted).unwrap_or_default();
        out.push(b'\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn who(owner: &str, machine: &str) -> Who {
        Who {
            owner: owner.into(),
            machine: machine.into(),
            actor: "agent".into(),
        }
    }

    #[test]
    fn a_live_lease_refuses_others_and_an_expired_one_changes_hands_with_a_higher_fence() {
        let mut book = Book::default();
        let (a, b) = (who("a", "m1"), who("b", "m2"));
        let first = book.take("", "t1", &a, 1000, 60, 120).unwrap();
        assert_eq!(first.fence, 1);
        // Before expiry plus skew: refused, naming the holder.
        let Err(Held(held)) = book.take("", "t1", &b, 1000 + 60 + 119, 60, 120) else {
            panic!("taken early");
        };
        assert_eq!(held.owner, "a");
        // The holder renews and keeps its number.
        assert_eq!(book.take("", "t1", &a, 1010, 60, 120).unwrap().fence, 1);
        let second = book.take("", "t1", &b, 1010 + 60 + 120, 60, 120).unwrap();
        assert_eq!((second.owner.as_str(), second.fence), ("b", 2));
        assert_eq!(
            book.still("", "t1", &a, 1),
            Err(Some(Box::new(second.clone())))
        );
        assert!(
            !book.release("", "t1", &a, 1),
            "the old holder releases nothing"
        );
        assert!(book.release("", "t1", &b, 2));
        // Released: the number stays, the next taker's is higher.
        assert_eq!(book.take("", "t1", &a, 5000, 60, 0).unwrap().fence, 3);
        assert_eq!(
            book.still("", "t1", &b, 2),
            Err(Some(Box::new(book.leases[0].clone())))
        );
    }

    #[test]
    fn the_same_owner_in_another_clone_is_another_holder() {
        let mut book = Book::default();
        book.take("", "t1", &who("agent", "m1"), 0, 60, 0).unwrap();
        assert!(book.take("", "t1", &who("agent", "m2"), 10, 60, 0).is_err());
    }

    #[test]
    fn two_plans_keep_their_task_ids_apart() {
        let mut book = Book::default();
        book.take("a.json", "t1", &who("x", "m"), 0, 60, 0).unwrap();
        let other = book.take("b.json", "t1", &who("y", "m"), 0, 60, 0).unwrap();
        assert_eq!(other.fence, 1);
    }
}
