//! Objectives and findings (docs/contract.md, "Objectives and findings"), merged by id like tasks but on
//! their own: an item made on both sides under the same id with different
//! text is two items (theirs renumbered, a note); the same text is one.
//! Text or status changed differently on both sides keeps theirs, the side
//! merged in, as if its commands ran last (a conflict), with who set it; who set a status
//! or recorded a finding (`by`/`at`) otherwise merges like a field, so a
//! finding reworded on one side carries that side's mark. Removed on one
//! side and changed on the other: kept, a conflict. Order follows ours,
//! theirs' new items after.

use std::borrow::Cow;
use std::collections::HashMap;

use super::Merger;

use crate::plan::{Finding, Objective, Plan};

impl Merger<'_> {
    /// One merged list; what it had to decide goes to the findings.
    fn merge_list(
        &mut self,
        [base, ours, theirs]: [&[Objective]; 3],
        prefix: char,
    ) -> Vec<Objective> {
        let all = [base, ours, theirs].into_iter().flatten();
        self.taken.extend(all.map(|o| Cow::Owned(o.id.clone())));
        let by_id = |list| -> HashMap<&String, &Objective> {
            <[Objective]>::iter(list).map(|o| (&o.id, o)).collect()
        };
        let (b, o) = (by_id(base), by_id(ours));
        // Theirs under result ids.
        let mut t: HashMap<String, Objective> = HashMap::new();
        let mut theirs_new: Vec<String> = Vec::new();
        let ours_new_text: HashMap<&str, &str> = ours
            .iter()
            .filter(|x| !b.contains_key(&x.id))
            .map(|x| (x.text.as_str(), x.id.as_str()))
            .collect();
        for item in theirs {
            let mut item = item.clone();
            if !b.contains_key(&item.id) {
                if let Some(id) = ours_new_text.get(item.text.as_str()) {
                    item.id = (*id).to_string();
                } else if o.contains_key(&item.id) {
                    let old = std::mem::take(&mut item.id);
                    item.id = self.mint(prefix);
                    let message = format!("made on both sides as {old}; theirs renumbered");
                    self.notice(&item.id, &item.text, message);
                }
                if !o.contains_key(&item.id) {
                    theirs_new.push(item.id.clone());
                }
            }
            t.insert(item.id.clone(), item);
        }
        let mut out = Vec::new();
        for oi in ours {
            let Some(ti) = t.get(&oi.id) else {
                match b.get(&oi.id) {
                    // Removed on theirs: gone unless ours changed it.
                    Some(&bi) if bi == oi => {}
                    Some(_) => {
                        let message = "removed on theirs, changed on ours; kept".into();
                        self.conflict(&oi.id, &oi.text, message);
                        out.push(oi.clone());
                    }
                    None => out.push(oi.clone()),
                }
                continue;
            };
            let bi = b.get(&oi.id).copied().unwrap_or(oi);
            let text = self.field(&oi.id, &ti.text, [&bi.text, &oi.text, &ti.text], || {
                let ours = &oi.text;
                format!("text changed on both sides; kept theirs, ours was \"{ours}\"")
            });
            let take_theirs = oi.status != ti.status && ti.status != bi.status;
            if take_theirs && oi.status != bi.status {
                let (ours, theirs) = (oi.status, ti.status);
                let message = format!(
                    "status set to {ours} on ours and {theirs} on theirs; kept {theirs} (theirs, merged in last)"
                );
                self.conflict(&oi.id, &text, message);
            }
            let extra = self.extra(&oi.id, &text, [&bi.extra, &oi.extra, &ti.extra]);
            // Who set the status or recorded the words: the side whose status
            // won, or, where the statuses agree, theirs if only theirs changed
            // it (a finding reworded there is the rewording actor's).
            let mark = |x: &Objective| (x.by, x.at.clone());
            let from = if take_theirs
                || (oi.status == ti.status && mark(oi) == mark(bi) && mark(ti) != mark(bi))
            {
                ti
            } else {
                oi
            };
            out.push(Objective {
                id: oi.id.clone(),
                text,
                status: from.status,
                by: from.by,
                at: from.at.clone(),
                extra,
            });
        }
        // Removed on ours, changed on theirs: kept. Theirs' items are taken
        // out of `t` as they are placed, so none is placed twice.
        for bi in base {
            if !o.contains_key(&bi.id)
                && t.get(&bi.id).is_some_and(|ti| ti != bi)
                && let Some(ti) = t.remove(&bi.id)
            {
                let message = "removed on ours, changed on theirs; kept".into();
                self.conflict(&ti.id, &ti.text, message);
                out.push(ti);
            }
        }
        out.extend(theirs_new.iter().filter_map(|id| t.remove(id)));
        out
    }

    /// Merge the objectives and findings of the three plans into `plan`.
    pub(super) fn merge_aims(&mut self, plan: &mut Plan) {
        plan.objectives = self.merge_list(self.plans().map(|p| &p.objectives[..]), 'o');
        let findings = |p: &Plan| p.findings.iter().map(Objective::from).collect::<Vec<_>>();
        let [fb, fo, ft] = self.plans().map(findings);
        let found = self.merge_list([&fb, &fo, &ft], 'f');
        plan.findings = found.into_iter().map(Finding::from).collect();
    }
}
