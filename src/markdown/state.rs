//! The state comment of the pull-request flavour (docs/contract.md, "Markdown", format in
//! [`super::gfm`]): written by the GFM renderer, read back by the checklist
//! reader, which also shares the empty-task message with it. Both depend on
//! this module, never on each other.

use std::fmt::Write as _;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use super::escape::decode_gfm;
use crate::plan::{Status, Task};
use crate::text::normalize;

/// Write `task`'s state comment: ` <!-- todo:<status>[ dropped-by=person][ blocker=<v>] -->`.
pub(super) fn push_state(out: &mut String, task: &Task) {
    let _ = write!(out, " <!-- todo:{}", task.status.as_str());
    if task.dropped_by.as_deref() == Some("user") {
        out.push_str(" dropped-by=person");
    }
    if task.status == Status::Blocked
        && let Some(blocker) = &task.blocker
    {
        let _ = write!(out, " blocker={}", percent_encode(blocker));
    }
    if let Some(command) = task.check_command() {
        let _ = write!(out, " verify={}", percent_encode(command));
    }
    for word in super::meta_words(task, true) {
        let _ = write!(out, " {word}");
    }
    out.push_str(" -->");
}

/// The problem with a task line that has a marker and no text.
pub(super) fn empty_task(status: Status) -> String {
    format!("empty task \"- [{}]\"", status.marker())
}

/// The task a GFM line stands for, when `tail` (the comments after its
/// content) starts with a `todo:` state comment with a known status:
/// `status` is what its box says, `content` the text before the comment.
pub(super) fn read_state(
    status: Status,
    content: &str,
    tail: &str,
) -> Option<Result<Task, String>> {
    let body = tail.strip_prefix("<!--")?;
    let body = &body[..body.find("-->")?];
    let mut words = body.trim().strip_prefix("todo:")?.split_ascii_whitespace();
    let recorded = Status::parse(words.next()?)?;
    Some(restore(status, content, recorded, words))
}

/// [`read_state`] once the comment says the status `recorded` and holds
/// `words`.
fn restore<'w>(
    status: Status,
    content: &str,
    recorded: Status,
    words: impl Iterator<Item = &'w str>,
) -> Result<Task, String> {
    let mut content = normalize(content).ok_or_else(|| empty_task(status))?;
    // Undo our strike-through; content that is itself struck keeps its own.
    if recorded == Status::Abandoned
        && let Some(inner) = content
            .strip_prefix("~~")
            .and_then(|c| c.strip_suffix("~~"))
    {
        content = normalize(inner).ok_or_else(|| empty_task(status))?;
    }
    let mut task = Task {
        content: decode_gfm(&content),
        status,
        ..Task::default()
    };
    let agrees = status.is_open() == recorded.is_open();
    if agrees {
        task.status = recorded;
    }
    for word in words {
        match word.split_once('=') {
            Some(("blocker", v)) if agrees && recorded == Status::Blocked => {
                task.blocker = normalize(&decode_word(v));
            }
            // Only a person drops tasks (docs/contract.md, "The plan"); other values
            // mean nothing. `user` is what exports before `person` wrote.
            Some(("dropped-by", v)) if agrees && matches!(&*decode_word(v), "person" | "user") => {
                task.dropped_by = Some("user".to_string());
            }
            // The §8 words (`by=`, `at=`, `checks=`, `unlocked`…), unknown ones
            // skipped so that a later version can add some. The check stays
            // whatever the box says; what went with the status only where
            // the box agrees.
            _ if agrees
                || ["verify=", "timeout=", "needs=", "owner=", "claimed-by="]
                    .iter()
                    .any(|k| word.starts_with(k)) =>
            {
                super::read_meta_word(&mut task, word);
            }
            _ => {}
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

/// A pull-request checklist as it was exported: each task line's box set
/// back to what its state comment recorded (`[x]` for a finished task,
/// `[ ]` for an open one). Read beside the checklist as it is now, it
/// tells which boxes were ticked or unticked on the forge since the export.
/// Lines without a state comment, and everything else, are left as they are.
/// `None` when no line has one (the Markdown flavour, which records no state).
pub(crate) fn as_exported(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut any = false;
    for line in text.split_inclusive('\n') {
        match exported_line(line) {
            Some(then) => {
                any = true;
                out.push_str(&then);
            }
            None => out.push_str(line),
        }
    }
    any.then_some(out)
}

fn exported_line(line: &str) -> Option<String> {
    let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
    let rest = &line[indent..];
    let bullet = rest
        .chars()
        .next()
        .filter(|c| matches!(c, '-' | '*' | '+'))?;
    let after = rest[bullet.len_utf8()..].strip_prefix(" [")?;
    let boxed = after.chars().next()?;
    let tail = after[boxed.len_utf8()..].strip_prefix("] ")?;
    let state = &tail[tail.find("<!-- todo:")? + "<!-- todo:".len()..];
    let word: String = state
        .chars()
        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
        .collect();
    let recorded = Status::parse(&word)?;
    let mark = if recorded.is_open() { ' ' } else { 'x' };
    Some(format!("{}{bullet} [{mark}] {tail}", &line[..indent]))
}

#[cfg(test)]
mod exported_tests {
    use super::as_exported;

    #[test]
    fn boxes_go_back_to_what_the_export_recorded() {
        let now = "Intro - [x] prose\n- [x] A <!-- todo:pending -->\n  - [ ] B <!-- todo:completed -->\n- [x] C\n* [X] D <!-- todo:in_progress -->\n";
        let then = "Intro - [x] prose\n- [ ] A <!-- todo:pending -->\n  - [x] B <!-- todo:completed -->\n- [x] C\n* [ ] D <!-- todo:in_progress -->\n";
        assert_eq!(as_exported(now).as_deref(), Some(then));
        assert_eq!(as_exported("- [x] A\n- [/] B <!-- verify: x -->\n"), None);
    }
}
