//! The state comment of the pull-request flavour (docs/contract.md, "Markdown", format in
//! [`super::gfm`]): written by the GFM renderer, read back by the checklist
//! reader, which also shares the empty-task message with it. Both depend on
//! this module, never on each other.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use super::escape::decode_gfm;
use crate::plan::{Status, Task};
use crate::text::normalize;

/// What a state comment records.
#[derive(Debug, PartialEq)]
pub(super) struct StateComment {
    status: Status,
    blocker: Option<String>,
    dropped_by: Option<String>,
    /// The other words: the §8 ones (`by=`, `at=`, `checks=`, `unlocked`…)
    /// for `read_meta_word`, which skips unknown ones, so a later version
    /// can add some.
    meta: Vec<String>,
}

/// Write `task`'s state comment: ` <!-- todo:<status>[ dropped-by=person][ blocker=<v>] -->`.
pub(super) fn push_state(out: &mut String, task: &Task) {
    out.push_str(" <!-- todo:");
    out.push_str(task.status.as_str());
    if task.dropped_by.as_deref() == Some("user") {
        out.push_str(" dropped-by=person");
    }
    if task.status == Status::Blocked
        && let Some(blocker) = &task.blocker
    {
        out.push_str(" blocker=");
        out.push_str(&percent_encode(blocker));
    }
    if let Some(command) = task.check_command() {
        out.push_str(" verify=");
        out.push_str(&percent_encode(command));
    }
    for word in super::meta_words(task, true) {
        out.push(' ');
        out.push_str(&word);
    }
    out.push_str(" -->");
}

/// The problem with a task line that has a marker and no text.
pub(super) fn empty_task(status: Status) -> String {
    format!("empty task \"- [{}]\"", status.marker())
}

/// The state recorded in `tail` (the comments after a task's content) when
/// its first comment is a `todo:` state comment with a known status.
pub(super) fn read_state(tail: &str) -> Option<StateComment> {
    let body = tail.strip_prefix("<!--")?;
    let body = &body[..body.find("-->")?];
    let mut words = body.trim().strip_prefix("todo:")?.split_ascii_whitespace();
    let mut state = StateComment {
        status: Status::parse(words.next()?)?,
        blocker: None,
        dropped_by: None,
        meta: Vec::new(),
    };
    for word in words {
        match word.split_once('=') {
            Some(("blocker", v)) => state.blocker = normalize(&decode_word(v)),
            // Only a person drops tasks (docs/contract.md, "The plan"); other values
            // mean nothing. `user` is what exports before `person` wrote.
            Some(("dropped-by", v)) if matches!(&*decode_word(v), "person" | "user") => {
                state.dropped_by = Some("user".to_string());
            }
            _ => state.meta.push(word.to_string()),
        }
    }
    Some(state)
}

/// The task a GFM line stands for: `status` is what its box says, `content`
/// the text before the state comment.
pub(super) fn restore(status: Status, content: &str, state: &StateComment) -> Result<Task, String> {
    let mut content = normalize(content).ok_or_else(|| empty_task(status))?;
    if state.status == Status::Abandoned {
        // Undo our strike-through; content that is itself struck keeps its own.
        if let Some(inner) = content
            .strip_prefix("~~")
            .and_then(|c| c.strip_suffix("~~"))
        {
            content = normalize(inner).ok_or_else(|| empty_task(status))?;
        }
    }
    let mut task = Task {
        content: decode_gfm(&content),
        status,
        ..Task::default()
    };
    let agrees = status.is_open() == state.status.is_open();
    if agrees {
        task.status = state.status;
        task.dropped_by = state.dropped_by.clone();
        if state.status == Status::Blocked {
            task.blocker = state.blocker.clone();
        }
    }
    for word in &state.meta {
        // The check stays whatever the box says; what went with the
        // status only where the box agrees.
        if agrees
            || ["verify=", "timeout=", "needs=", "owner=", "claimed-by="]
                .iter()
                .any(|k| word.starts_with(k))
        {
            super::read_meta_word(&mut task, word);
        }
    }
    super::settle_verify(&mut task);
    Ok(task)
}

/// A proof as one word of a state comment:
/// `exit:0;ms:812;at:<time>;commit:<sha>;run:<command>`, or
/// `unverified;at:<time>;run:<command>` when a person skipped the check.
pub(super) fn proof_word(p: &crate::plan::Proof) -> String {
    let mut parts = match p.exit {
        Some(code) => vec![format!("exit:{code}"), format!("ms:{}", p.ms)],
        None => vec!["unverified".into()],
    };
    parts.push(format!("at:{}", percent_encode(&p.at)));
    if let Some(c) = &p.commit {
        parts.push(format!("commit:{}", percent_encode(c)));
    }
    parts.push(format!("run:{}", percent_encode(&p.command)));
    parts.join(";")
}

/// Read [`proof_word`]; `None` when it is not one.
pub(super) fn read_proof_word(word: &str) -> Option<crate::plan::Proof> {
    let mut proof = crate::plan::Proof::default();
    let (mut run, mut at, mut skipped) = (None, None, false);
    for part in word.split(';') {
        match part.split_once(':') {
            Some(("exit", v)) => proof.exit = Some(v.parse().ok()?),
            Some(("ms", v)) => proof.ms = v.parse().ok()?,
            Some(("at", v)) => at = Some(decode_word(v)),
            Some(("commit", v)) => proof.commit = Some(decode_word(v)),
            Some(("run", v)) => run = Some(decode_word(v)),
            None if part == "unverified" => skipped = true,
            _ => {}
        }
    }
    (proof.command, proof.at) = (run?, at?);
    (skipped == proof.exit.is_none()).then_some(proof)
}

/// A name or id as one word of a `todo:` comment: letters, digits and
/// `-_.:@` as they are (ids and most owners read as typed), every other
/// byte percent-encoded (so `,`, spaces and `-->` never appear).
pub(super) fn encode_name(s: &str) -> String {
    const NAME: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b':')
        .remove(b'@');
    utf8_percent_encode(s, NAME).to_string()
}

fn percent_encode(s: &str) -> String {
    const VALUE: &AsciiSet = &NON_ALPHANUMERIC.remove(b'.');
    utf8_percent_encode(s, VALUE).to_string()
}

/// A value of a state word, decoded: the reverse of [`percent_encode`]; a
/// stray `%` is kept and bad UTF-8 replaced, since a hand-edited comment
/// must not make the whole file unreadable.
pub(super) fn decode_word(s: &str) -> String {
    percent_encoding::percent_decode_str(s)
        .decode_utf8_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_coding_round_trips() {
        for s in ["", "a b", "100%", "--> <!--", "é🎉", "a.b-c_d~e"] {
            assert_eq!(decode_word(&percent_encode(s)), s);
        }
        assert_eq!(percent_encode("a-b c"), "a%2Db%20c");
        assert_eq!(decode_word("100%+%zz%4"), "100%+%zz%4");
        assert_eq!(encode_name("t1 a,b@c:d-é"), "t1%20a%2Cb@c:d-%C3%A9");
    }
}
