//! Claude Code's `TodoWrite` and Codex's `update_plan`: the agent's whole
//! list, mirrored into one phase named after the agent.

use std::collections::HashSet;

use serde_json::Value;

use super::{Done, invalid, phase_id, set, state, str_field, text_field};
use crate::error::{Error, Result};
use crate::plan::ops::PhaseRef;
use crate::plan::{Op, Status, Tx};

/// The phases `TodoWrite` and `update_plan` lists are mirrored into.
pub(crate) const CLAUDE_PHASE: &str = "Claude Code";
pub(crate) const CODEX_PHASE: &str = "Codex";

pub(crate) fn mirror_list(v: Option<&Value>, text_key: &str) -> Result<Vec<(String, Status)>> {
    let Some(Value::Array(list)) = v else {
        return Err(invalid("the list must be an array.".into()));
    };
    list.iter()
        .map(|entry| {
            let Value::Object(e) = entry else {
                return Err(invalid("each list entry must be an object.".into()));
            };
            let text = text_field(e, text_key)?
                .ok_or_else(|| invalid(format!("each list entry needs \"{text_key}\".")))?;
            let status = state(str_field(e, "status")?.unwrap_or("pending"))?;
            Ok((text, status))
        })
        .collect()
}

/// Make phase `name` hold exactly `list`: tasks kept by their text, new
/// ones added, the ones the list no longer has removed.
pub(super) fn mirror(
    tx: &mut Tx,
    name: &str,
    list: Vec<(String, Status)>,
    done: &mut Done,
) -> Result<()> {
    let plan = tx.plan();
    let phase = phase_id(plan, name);
    let existing: Vec<(String, String)> = phase
        .as_ref()
        .and_then(|p| plan.phases.iter().find(|ph| &ph.id == p))
        .map(|ph| {
            ph.tasks
                .iter()
                .map(|t| (t.id.clone(), t.content.clone()))
                .collect()
        })
        .unwrap_or_default();
    let wanted: HashSet<&str> = list.iter().map(|(t, _)| t.as_str()).collect();
    for (id, content) in &existing {
        if !wanted.contains(content.as_str()) {
            tx.apply(Op::RemoveTask { task: id.clone() })?;
        }
    }
    let mut phase_ref = match phase {
        Some(p) if !existing.is_empty() || tx.plan().find_phase(&p).is_some() => PhaseRef::Id(p),
        _ => PhaseRef::New(name.to_string()),
    };
    for (text, status) in list {
        let id = match existing.iter().find(|(_, c)| *c == text) {
            Some((id, _)) => id.clone(),
            None => {
                let applied = tx.apply(Op::AddTask {
                    phase: phase_ref.clone(),
                    content: text,
                })?;
                if let Some(p) = applied.phase {
                    done.minted.push(p.clone());
                    phase_ref = PhaseRef::Id(p);
                }
                let id = applied
                    .task
                    .ok_or_else(|| Error::bug("a task was added without an id"))?;
                done.minted.push(id.clone());
                id
            }
        };
        let same = tx
            .plan()
            .task_by_id(&id)
            .is_some_and(|(_, t)| t.status == status);
        if !same {
            set(tx, id, status, None)?;
        }
    }
    Ok(())
}
