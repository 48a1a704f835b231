//! The plan file as todo writes it, read without serde's machinery: the
//! fields this version knows, each given once, with string, `true`/`false`
//! and list-of-string values. Anything else — a field it does not know, a
//! `null`, a number other than the version, a check (`verify`), a key
//! twice, a syntax error — and it gives up (`None`), and the full reader
//! ([`super::read`]) reads the file and says exactly what is wrong where.
//! So what it reads, it reads as the full reader does (the test below
//! checks that over thousands of files and their corruptions), each item
//! finished by the same code.
//!
//! Why: every command reads the whole plan. On the benchmark's 1,000-task
//! plan the serde read took 3.31 M instructions and this one takes 2.58 M
//! (callgrind; `todo done <id>` 6.16 M → 5.44 M). Most of what is left is
//! building the tasks, not reading the text.

use std::borrow::Cow;

use serde_json::Map;

use super::{FileItem, TaskIn, VERSION, valid_id};
use crate::plan::{Actor, Checks, Finding, Objective, ObjectiveStatus, Phase, Plan, Status, Task};

/// The plan in `text`, or `None` when the full reader must read it.
pub(super) fn read(text: &str) -> Option<Plan> {
    let mut cur = Cur { text, at: 0 };
    let (mut version, mut phases, mut objectives, mut findings) = (None, None, None, None);
    cur.object(|cur, key| match key {
        "version" => put(&mut version, cur.version()?),
        "phases" => put(&mut phases, cur.array(Cur::phase)?),
        "objectives" => put(&mut objectives, cur.array(Cur::objective)?),
        "findings" => put(&mut findings, cur.array(Cur::finding)?),
        _ => None,
    })?;
    cur.end()?;
    Some(Plan {
        version: version?,
        phases: phases?,
        objectives: objectives.unwrap_or_default(),
        findings: findings.unwrap_or_default(),
        ..Plan::default()
    })
}

/// Set a field not set before (a key given twice gives up).
fn put<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    slot.is_none().then(|| *slot = Some(value))
}

/// Where the first `"`, `\\` or control character of `bytes` is: eight
/// bytes at a time, each word tested for all three at once (the "has a
/// zero byte" trick; the lowest byte flagged is always a true one).
fn stop(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w & HIGH;
    let mut words = bytes.chunks_exact(8);
    for (k, word) in words.by_ref().enumerate() {
        let w = u64::from_le_bytes(word.try_into().ok()?);
        let hits = below(w ^ (ONES * u64::from(b'"')), 1)
            | below(w ^ (ONES * u64::from(b'\\')), 1)
            | below(w, 0x20);
        if hits != 0 {
            return Some(k * 8 + hits.trailing_zeros() as usize / 8);
        }
    }
    let rest = words.remainder();
    let i = rest
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
    Some(bytes.len() - rest.len() + i)
}

/// Where the reader is in the file.
struct Cur<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Cur<'a> {
    /// The next byte after white space, not taken.
    fn peek(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        while let Some(b' ' | b'\n' | b'\t' | b'\r') = bytes.get(self.at) {
            self.at += 1;
        }
        bytes.get(self.at).copied()
    }

    /// Take `b` if it comes next.
    fn eat(&mut self, b: u8) -> Option<()> {
        (self.peek()? == b).then(|| self.at += 1)
    }

    /// Nothing but white space is left.
    fn end(&mut self) -> Option<()> {
        self.peek().is_none().then_some(())
    }

    /// A string; one with escapes is decoded by serde_json.
    fn string(&mut self) -> Option<Cow<'a, str>> {
        self.eat(b'"')?;
        let (bytes, start) = (self.text.as_bytes(), self.at);
        let mut escaped = false;
        loop {
            let i = self.at + stop(bytes.get(self.at..)?)?;
            self.at = i + 1;
            match bytes[i] {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    self.at += 1;
                }
                // JSON allows no control character in a string.
                _ => return None,
            }
        }
        match escaped {
            false => self.text.get(start..self.at - 1).map(Cow::Borrowed),
            true => serde_json::from_str(self.text.get(start - 1..self.at)?)
                .ok()
                .map(Cow::Owned),
        }
    }

    fn owned(&mut self) -> Option<String> {
        self.string().map(Cow::into_owned)
    }

    /// A word of a fixed set: a status, an actor.
    fn word<T>(&mut self, parse: fn(&str) -> Option<T>) -> Option<T> {
        parse(&self.string()?)
    }

    fn id(&mut self) -> Option<String> {
        self.string().filter(|id| valid_id(id)).map(Cow::into_owned)
    }

    fn bool(&mut self) -> Option<bool> {
        self.peek()?;
        let rest = self.text.as_bytes().get(self.at..)?;
        let (value, len) = match rest {
            [b't', b'r', b'u', b'e', ..] => (true, 4),
            [b'f', b'a', b'l', b's', b'e', ..] => (false, 5),
            _ => return None,
        };
        self.at += len;
        Some(value)
    }

    /// The version, `1` to [`VERSION`]. (`2.0` or `20` gives up: what
    /// follows a value must be `,` or the end of the object.)
    fn version(&mut self) -> Option<u64> {
        let digit = u64::from(self.peek()?.wrapping_sub(b'0'));
        self.at += 1;
        (1..=VERSION).contains(&digit).then_some(digit)
    }

    /// An object, each field handed to `field` with its value next.
    fn object(&mut self, mut field: impl FnMut(&mut Self, &str) -> Option<()>) -> Option<()> {
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            let key = self.string()?;
            self.eat(b':')?;
            field(self, &key)?;
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// An array, each item read by `item` (`None` from it leaves the
    /// item out: a tombstone).
    fn array<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<Option<T>>) -> Option<Vec<T>> {
        self.eat(b'[')?;
        let mut out = Vec::new();
        if self.eat(b']').is_some() {
            return Some(out);
        }
        loop {
            out.extend(item(self)?);
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Some(out);
                }
                _ => return None,
            }
        }
    }

    fn strings(&mut self) -> Option<Vec<String>> {
        self.array(|cur| cur.owned().map(Some))
    }

    fn phase(&mut self) -> Option<Option<Phase>> {
        let (mut id, mut name, mut tasks) = (None, None, None);
        self.object(|cur, key| match key {
            "id" => put(&mut id, cur.id()?),
            "name" => put(&mut name, cur.owned()?),
            "tasks" => put(&mut tasks, cur.array(Cur::task)?),
            _ => None,
        })?;
        Some(Some(Phase {
            id: id?,
            name: name?,
            tasks: tasks.unwrap_or_default(),
            extra: Map::new(),
        }))
    }

    fn task(&mut self) -> Option<Option<Task>> {
        let mut t = TaskIn::default();
        let (mut id, mut checks, mut unlocked, mut needs, mut notes) =
            (None, None, None, None, None);
        self.object(|cur, key| match key {
            "id" => put(&mut id, cur.id()?),
            "content" => put(&mut t.content, cur.owned()?),
            "status" => put(&mut t.status, cur.word(Status::parse)?),
            "blocker" => put(&mut t.blocker, cur.owned()?),
            "droppedBy" => put(&mut t.dropped_by, cur.owned()?),
            "by" => put(&mut t.by, cur.word(Actor::parse)?),
            "at" => put(&mut t.at, cur.owned()?),
            "checks" => put(&mut checks, cur.word(Checks::parse)?),
            "unlocked" => put(&mut unlocked, cur.bool()?),
            "needs" => put(&mut needs, cur.strings()?),
            "owner" => put(&mut t.owner, cur.owned()?),
            "claimedBy" => put(&mut t.claimed_by, cur.word(Actor::parse)?),
            "removed" => put(&mut t.removed, cur.owned()?),
            "notes" => put(&mut notes, cur.strings()?),
            _ => None,
        })?;
        t.id = id?;
        t.checks = checks.unwrap_or_default();
        t.unlocked = unlocked.unwrap_or_default();
        t.needs = needs.unwrap_or_default();
        t.notes = notes.unwrap_or_default();
        t.finish(Map::new()).ok()
    }

    fn objective(&mut self) -> Option<Option<Objective>> {
        let (mut id, mut text, mut status, mut by, mut at) = (None, None, None, None, None);
        self.object(|cur, key| match key {
            "id" => put(&mut id, cur.id()?),
            "text" => put(&mut text, cur.owned()?),
            "status" => put(&mut status, cur.word(ObjectiveStatus::parse)?),
            "by" => put(&mut by, cur.word(Actor::parse)?),
            "at" => put(&mut at, cur.owned()?),
            _ => None,
        })?;
        Some(Some(Objective {
            id: id?,
            text: text?,
            status: status?,
            by,
            at,
            extra: Map::new(),
        }))
    }

    fn finding(&mut self) -> Option<Option<Finding>> {
        let (mut id, mut text, mut by, mut at) = (None, None, None, None);
        self.object(|cur, key| match key {
            "id" => put(&mut id, cur.id()?),
            "text" => put(&mut text, cur.owned()?),
            "by" => put(&mut by, cur.word(Actor::parse)?),
            "at" => put(&mut at, cur.owned()?),
            _ => None,
        })?;
        Some(Some(Finding {
            id: id?,
            text: text?,
            by,
            at,
            extra: Map::new(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::{read_full, render};
    use super::*;
    use crate::plan::TaskCheck;

    /// Text with what a string reader can get wrong: quotes, backslashes,
    /// control characters (written escaped), non-ASCII, `\u2028`.
    fn text() -> impl Strategy<Value = String> {
        let tricky = prop::sample::select(vec![
            "\"", "\\", "\\\"", "\n", "\t", "\u{1}", "\u{7f}", "é", "🔑", "\u{2028}", "\\u0041",
        ]);
        let part = prop_oneof![
            3 => "[a-z ]{1,6}",
            2 => tricky.prop_map(str::to_string),
            1 => any::<char>().prop_map(String::from),
        ];
        prop::collection::vec(part, 0..4).prop_map(|parts| parts.concat())
    }

    fn actor() -> impl Strategy<Value = Option<Actor>> {
        prop::option::of(prop::sample::select(vec![Actor::Person, Actor::Agent]))
    }

    fn task() -> impl Strategy<Value = Task> {
        let marks = (
            prop::sample::select(Status::ALL.to_vec()),
            prop::option::of(text()),
            prop::option::of(text()),
            actor(),
            prop::option::of(text()),
        );
        let rules = (
            prop::sample::select(vec![Checks::Anyone, Checks::Person, Checks::Agent]),
            any::<bool>(),
            prop::collection::vec("t[0-9]{1,2}", 0..3),
        );
        let more = (
            prop::option::of(text()),
            actor(),
            prop::collection::vec(text(), 0..3),
            prop::option::of("[a-z ]{1,8}"),
        );
        (text(), marks, rules, more).prop_map(|(content, marks, rules, more)| {
            let mut t = Task {
                content,
                ..Task::default()
            };
            (t.status, t.blocker, t.dropped_by, t.by, t.at) = marks;
            (t.checks, t.unlocked, t.needs) = rules;
            let verify;
            (t.owner, t.claimed_by, t.notes, verify) = more;
            t.verify = verify.and_then(|c| {
                let command = crate::plan::clean_command(&c)?;
                Some(Box::new(TaskCheck {
                    command,
                    ..TaskCheck::default()
                }))
            });
            t
        })
    }

    fn plan() -> impl Strategy<Value = Plan> {
        let phase = (text(), prop::collection::vec(task(), 0..4));
        let objective = (
            text(),
            prop::sample::select(ObjectiveStatus::ALL.to_vec()),
            actor(),
        );
        let finding = (text(), actor(), prop::option::of(text()));
        (
            prop::collection::vec(phase, 0..4),
            prop::collection::vec(objective, 0..2),
            prop::collection::vec(finding, 0..2),
        )
            .prop_map(|(phases, objectives, findings)| {
                let mut n = 0;
                let mut next = |prefix: &str| {
                    n += 1;
                    format!("{prefix}{n}")
                };
                Plan {
                    version: VERSION,
                    phases: (phases.into_iter())
                        .map(|(name, tasks)| Phase {
                            id: next("p"),
                            name,
                            tasks: (tasks.into_iter())
                                .map(|t| Task { id: next("t"), ..t })
                                .collect(),
                            extra: Map::new(),
                        })
                        .collect(),
                    objectives: (objectives.into_iter())
                        .map(|(text, status, by)| Objective {
                            id: next("o"),
                            text,
                            status,
                            by,
                            at: by.map(|_| "2026-12-02T10:00:00Z".into()),
                            extra: Map::new(),
                        })
                        .collect(),
                    findings: (findings.into_iter())
                        .map(|(text, by, at)| Finding {
                            id: next("f"),
                            text,
                            by,
                            at,
                            extra: Map::new(),
                        })
                        .collect(),
                    ..Plan::default()
                }
            })
    }

    /// One change to a file: a byte taken out, a byte put in, or a piece
    /// of text replaced by another.
    #[derive(Debug, Clone)]
    enum Damage {
        Remove(usize),
        Insert(usize, u8),
        Replace(usize, &'static str, &'static str),
    }

    fn damage() -> impl Strategy<Value = Damage> {
        let byte = prop::sample::select(b"\"\\,:{}[] \nx0a9.-\x01tn".to_vec());
        let swap = prop::sample::select(vec![
            ("\"content\"", "\"status\""),
            ("\"status\"", "\"content\""),
            ("\"id\"", "\"name\""),
            ("\"name\"", "\"id\""),
            ("\"text\"", "\"by\""),
            ("completed", "complete"),
            ("\"version\": 2", "\"version\": 3"),
            ("\"version\": 2", "\"version\": 2.0"),
            ("\"version\": 2", "\"version\": 1"),
            ("\"version\": 2", "\"version\": 20"),
            ("true", "tru"),
            ("true", "truex"),
            ("true", "null"),
            (", \"", ", \"x\": 1, \""),
            (", \"", ", \"content\": \"again\", \""),
            (", \"", ", \"removed\": \"2026-12-01\", \""),
            ("\"t1\"", "\"t 1\""),
            ("\"t2\"", "\"t1\""),
            ("\"needs\": [", "\"needs\": [7, "),
            ("\"person\"", "\"Person\""),
            ("\"", "\"\\u00e9"),
            ("\"", "\"\\ud800"),
            ("\"", "\"\\q"),
        ]);
        prop_oneof![
            any::<usize>().prop_map(Damage::Remove),
            (any::<usize>(), byte).prop_map(|(at, b)| Damage::Insert(at, b)),
            (any::<usize>(), swap).prop_map(|(k, (from, to))| Damage::Replace(k, from, to)),
        ]
    }

    fn apply(text: &str, edits: &[Damage]) -> Option<String> {
        let mut bytes = text.as_bytes().to_vec();
        for edit in edits {
            match *edit {
                Damage::Remove(at) if !bytes.is_empty() => {
                    bytes.remove(at % bytes.len());
                }
                Damage::Insert(at, b) => bytes.insert(at % (bytes.len() + 1), b),
                Damage::Replace(k, from, to) => {
                    let s = String::from_utf8(bytes).ok()?;
                    let found: Vec<usize> = s.match_indices(from).map(|(i, _)| i).collect();
                    let Some(&i) = found.get(k % found.len().max(1)) else {
                        bytes = s.into_bytes();
                        continue;
                    };
                    bytes = format!("{}{to}{}", &s[..i], &s[i + from.len()..]).into_bytes();
                }
                Damage::Remove(_) => {}
            }
        }
        String::from_utf8(bytes).ok()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The file todo writes is read by the fast reader (a check
        /// command is left to the full one), as the full one reads it.
        #[test]
        fn reads_what_todo_writes_as_the_full_reader_does(plan in plan()) {
            let text = render(&plan);
            let full = read_full(&text);
            prop_assert!(full.is_ok(), "{:?}\n{}", full, text);
            let has_check = plan.tasks().any(|(_, _, t)| t.verify.is_some());
            prop_assert_eq!(read(&text), full.ok().filter(|_| !has_check), "{}", text);
        }

        /// Whatever the fast reader reads of a changed file, the full one
        /// reads the same; what the full one refuses, the fast one leaves.
        #[test]
        fn reads_a_changed_file_as_the_full_reader_or_gives_up(
            plan in plan(),
            edits in prop::collection::vec(damage(), 1..4),
        ) {
            let Some(text) = apply(&render(&plan), &edits) else { return Ok(()) };
            if let Some(fast) = read(&text) {
                prop_assert_eq!(read_full(&text), Ok(fast), "{}", text);
            }
        }
    }

    #[test]
    fn leaves_tombstones_out_and_gives_up_on_what_it_does_not_know() {
        let file = |task: &str| {
            format!(
                "{{\n  \"version\": 2,\n  \"phases\": [\n    {{ \"id\": \"p1\", \"tasks\": [\n      \
                 {{ \"id\": \"t1\",\n        \"removed\": \"2026-12-01\" }}\n      ,\n      \
                 {{ \"id\": \"t2\",\n        {task} }}\n    ], \"name\": \"Todos\" }}\n  ]\n}}\n"
            )
        };
        let text = file("\"content\": \"x\", \"status\": \"pending\"");
        let plan = read(&text).expect("read fast");
        assert_eq!(
            plan.tasks()
                .map(|(_, _, t)| t.id.as_str())
                .collect::<Vec<_>>(),
            ["t2"]
        );
        assert_eq!(Ok(plan), read_full(&text));
        for other in [
            "\"content\": \"x\", \"status\": \"pending\", \"x-later\": 1",
            "\"content\": \"x\", \"status\": \"pending\", \"blocker\": null",
            "\"content\": \"x\", \"status\": \"pending\", \"verifyTimeout\": 5",
            "\"content\": \"x\", \"status\": \"done\"",
            "\"content\": \"x\"",
        ] {
            assert_eq!(read(&file(other)), None, "{other}");
        }
        // A file of version 1 keeps its counters for the full reader to drop.
        assert_eq!(read("{ \"version\": 1, \"rev\": 3, \"phases\": [] }"), None);
    }
}
