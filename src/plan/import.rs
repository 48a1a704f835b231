//! Plans in the JSON shapes other tools keep them in, for `todo import`.
//! The plan file itself is `json`'s.

use super::json::{SyntaxError, char_column};
use super::{Actor, Checks, Finding, Objective, Phase, Status, Task};

/// Phases from JSON as agents and other tools store them: a plan file, a
/// bare phases array, or any object with a `phases` array (an oh-my-pi /
/// pi-todo snapshot). Ids, if any, are ignored (the caller assigns them);
/// text is normalised; unknown statuses and empty text are errors.
pub fn phases(text: &str) -> Result<Vec<Phase>, SyntaxError> {
    #[derive(serde::Deserialize)]
    struct Doc {
        phases: Vec<InPhase>,
    }
    #[derive(serde::Deserialize)]
    struct InPhase {
        name: String,
        #[serde(default)]
        tasks: Vec<InTask>,
    }
    // Fields left out are `None` (camelCase: `droppedBy`, `verifyTimeout`).
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct InTask {
        content: String,
        status: Status,
        blocker: Option<String>,
        dropped_by: Option<String>,
        notes: Option<Vec<String>>,
        // Who set the status and who checks the task (a plan file's own
        // fields): read back whole, so an export imported loses nothing.
        by: Option<String>,
        at: Option<String>,
        checks: Option<String>,
        unlocked: Option<bool>,
        // The task's check (`todo verify`) and its proof.
        verify: Option<String>,
        verify_timeout: Option<u64>,
        proof: Option<serde_json::Value>,
        // Dependencies (ids of the plan it came from) and the claim.
        needs: Option<Vec<String>>,
        owner: Option<String>,
        claimed_by: Option<String>,
    }
    let located = |err: serde_json::Error| {
        let mut e = SyntaxError::from(err);
        e.column = char_column(text, e.line, e.column);
        e
    };
    let phases: Vec<InPhase> = if text.trim_start().starts_with('[') {
        serde_json::from_str(text).map_err(located)?
    } else {
        serde_json::from_str::<Doc>(text).map_err(located)?.phases
    };
    let empty = |what: &str, where_: String| unplaced(format!("{where_}: the {what} is empty"));
    let mut out = Vec::with_capacity(phases.len());
    for (pi, p) in phases.into_iter().enumerate() {
        let name = crate::text::normalize(&p.name)
            .ok_or_else(|| empty("phase name", format!("phase {}", pi + 1)))?;
        let mut phase = Phase {
            name,
            ..Phase::default()
        };
        for (ti, t) in p.tasks.into_iter().enumerate() {
            let place = || format!("phase \"{}\", task {}", phase.name, ti + 1);
            let content =
                crate::text::normalize(&t.content).ok_or_else(|| empty("task", place()))?;
            let status = t.status;
            let blocker = t
                .blocker
                .filter(|_| status == Status::Blocked)
                .and_then(|b| crate::text::normalize(&b));
            let notes = t
                .notes
                .unwrap_or_default()
                .iter()
                .filter_map(|n| crate::text::normalize(n))
                .collect();
            let by: Option<Actor> = word(place, ("by", "person or agent"), t.by)?;
            let checks: Option<Checks> =
                word(place, ("checks", "anyone, person or agent"), t.checks)?;
            let claimed_by: Option<Actor> =
                word(place, ("claimedBy", "person or agent"), t.claimed_by)?;
            let owner = t.owner.and_then(|o| crate::text::normalize(&o));
            phase.tasks.push(Task {
                needs: t
                    .needs
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|n| !n.trim().is_empty())
                    .collect(),
                claimed_by: claimed_by.filter(|_| owner.is_some()),
                owner,
                content,
                status,
                blocker,
                dropped_by: t.dropped_by.filter(|_| status == Status::Abandoned),
                notes,
                // A mark says who set the status: none on a pending task.
                at: t.at.filter(|_| by.is_some() && status != Status::Pending),
                by: by.filter(|_| status != Status::Pending),
                checks: checks.unwrap_or_default(),
                unlocked: t.unlocked.unwrap_or(false),
                verify: t
                    .verify
                    .and_then(|c| super::clean_command(&c))
                    .map(|command| {
                        Box::new(super::TaskCheck {
                            command,
                            timeout: t.verify_timeout.filter(|n| *n > 0),
                            proof: t
                                .proof
                                .as_ref()
                                .and_then(super::json::proof_from_value)
                                .filter(|_| status == Status::Completed),
                        })
                    }),
                ..Task::default()
            });
        }
        out.push(phase);
    }
    Ok(out)
}

/// The word `value` of `field` read as a `T`; one it does not know is an
/// error at `place`, saying what was `expected`.
fn word<T: std::str::FromStr>(
    place: impl Fn() -> String,
    (field, expected): (&str, &str),
    value: Option<String>,
) -> Result<Option<T>, SyntaxError> {
    let unknown = |v| format!("{}: unknown {field} \"{v}\" (expected {expected})", place());
    value
        .map(|v| v.parse().map_err(|_| unplaced(unknown(v))))
        .transpose()
}

/// The objectives and findings of a JSON plan or export (an object with
/// `objectives` / `findings` arrays as the plan file has them); none for a
/// bare phases array or a snapshot without them.
pub fn aims(value: &serde_json::Value) -> Result<(Vec<Objective>, Vec<Finding>), SyntaxError> {
    let Some(o) = value.as_object() else {
        return Ok((Vec::new(), Vec::new()));
    };
    // A list left out reads as an empty one.
    let list = |key| o.get(key).cloned().unwrap_or_else(|| serde_json::json!([]));
    let doc = serde_json::json!({
        "version": super::json::VERSION,
        "phases": [],
        "objectives": list("objectives"),
        "findings": list("findings"),
    });
    let plan = super::json::parse(&doc.to_string()).map_err(|e| unplaced(e.message))?;
    Ok((plan.objectives, plan.findings))
}

/// An error in the document as a whole, at no line and column.
fn unplaced(message: String) -> SyntaxError {
    SyntaxError {
        line: 0,
        column: 0,
        message,
    }
}
