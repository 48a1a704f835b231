//! A fast reader for plan files laid out exactly as `json::render` writes
//! them, which is nearly every plan file: todo reads and rewrites the whole
//! plan on every command, and on a 100,000-task plan the general JSON reader
//! was three quarters of the run time. Anything not in that exact layout —
//! unknown fields, other spacing, a value of the wrong kind, an unknown
//! status — makes it give up (`None`), and the general reader takes over
//! and reports errors with their positions. It never accepts a text the
//! general reader would read differently (a property test checks this).

use super::{Phase, Plan, Status, Task};
use crate::scan::{find, has_below, has_byte};

struct Cursor<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self, lit: &str) -> bool {
        self.bytes[self.at..].starts_with(lit.as_bytes())
    }

    fn lit(&mut self, lit: &str) -> Option<()> {
        if self.peek(lit) {
            self.at += lit.len();
            Some(())
        } else {
            None
        }
    }

    /// An unsigned integer as serde_json would read it into a u64.
    fn uint(&mut self) -> Option<u64> {
        let start = self.at;
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_digit() {
            self.at += 1;
        }
        let digits = &self.text[start..self.at];
        // JSON forbids leading zeros; let the general reader say so.
        if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
            return None;
        }
        digits.parse().ok()
    }

    /// A JSON string, escapes decoded.
    fn string(&mut self) -> Option<String> {
        self.lit("\"")?;
        let start = self.at;
        let special = |b: u8| b == b'"' || b == b'\\' || b < 0x20;
        let may = |w: u64| has_byte(w, b'"') || has_byte(w, b'\\') || has_below(w, 0x20);
        self.at += find(&self.bytes[self.at..], may, special)?;
        match self.bytes[self.at] {
            b'"' => {
                let s = self.text[start..self.at].to_string();
                self.at += 1;
                return Some(s);
            }
            b'\\' => {}
            _ => return None,
        }
        // Slow lane for strings with escapes.
        let mut out = self.text[start..self.at].to_string();
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                b'\\' => {
                    self.at += 1;
                    let c = match *self.bytes.get(self.at)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            self.at += 1;
                            let hi = self.hex4()?;
                            let c = if (0xd800..0xdc00).contains(&hi) {
                                self.lit("\\u")?;
                                let lo = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&lo) {
                                    return None;
                                }
                                0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                            } else {
                                hi
                            };
                            out.push(char::from_u32(c)?);
                            continue;
                        }
                        _ => return None,
                    };
                    out.push(c);
                    self.at += 1;
                }
                0x00..=0x1f => return None,
                _ => {
                    // Copy up to the next quote or backslash in one go.
                    let from = self.at;
                    while self.at < self.bytes.len()
                        && !matches!(self.bytes[self.at], b'"' | b'\\' | 0x00..=0x1f)
                    {
                        self.at += 1;
                    }
                    out.push_str(&self.text[from..self.at]);
                }
            }
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.text.get(self.at..self.at + 4)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        self.at += 4;
        u32::from_str_radix(digits, 16).ok()
    }
}

/// Read a plan in the exact layout `json::render` writes, or give up.
pub(super) fn parse(text: &str) -> Option<Plan> {
    let mut c = Cursor {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    let mut plan = Plan::default();
    c.lit("{\n  \"version\": 1,\n  \"rev\": ")?;
    plan.rev = c.uint()?;
    c.lit(",\n  \"nextPhaseId\": ")?;
    plan.next_phase_id = c.uint()?;
    c.lit(",\n  \"nextTaskId\": ")?;
    plan.next_task_id = c.uint()?;
    c.lit(",\n  \"phases\": ")?;
    if c.lit("[]").is_none() {
        c.lit("[\n")?;
        loop {
            plan.phases.push(phase(&mut c)?);
            if c.lit(",\n").is_none() {
                c.lit("\n")?;
                break;
            }
        }
        c.lit("  ]")?;
    }
    c.lit("\n}\n")?;
    (c.at == text.len()).then_some(plan)
}

fn phase(c: &mut Cursor) -> Option<Phase> {
    c.lit("    {\n      \"id\": ")?;
    let id = c.string()?;
    c.lit(",\n      \"name\": ")?;
    let name = c.string()?;
    c.lit(",\n      \"tasks\": ")?;
    let mut tasks = Vec::new();
    if c.lit("[]").is_none() {
        c.lit("[\n")?;
        loop {
            tasks.push(task(c)?);
            if c.lit(",\n").is_none() {
                c.lit("\n")?;
                break;
            }
        }
        c.lit("      ]")?;
    }
    c.lit("\n    }")?;
    Some(Phase {
        id,
        name,
        tasks,
        ..Phase::default()
    })
}

fn task(c: &mut Cursor) -> Option<Task> {
    c.lit("        { \"id\": ")?;
    let id = c.string()?;
    c.lit(", \"content\": ")?;
    let content = c.string()?;
    c.lit(", \"status\": ")?;
    const QUOTED: [(&str, Status); 5] = [
        ("\"pending\"", Status::Pending),
        ("\"completed\"", Status::Completed),
        ("\"in_progress\"", Status::InProgress),
        ("\"abandoned\"", Status::Abandoned),
        ("\"blocked\"", Status::Blocked),
    ];
    let (lit, status) = QUOTED.into_iter().find(|(lit, _)| c.peek(lit))?;
    c.at += lit.len();
    let mut task = Task {
        id,
        content,
        status,
        ..Task::default()
    };
    if c.lit(", \"blocker\": ").is_some() {
        task.blocker = Some(c.string()?);
    }
    if c.lit(", \"droppedBy\": ").is_some() {
        task.dropped_by = Some(c.string()?);
    }
    if c.lit(", \"notes\": [").is_some() {
        loop {
            task.notes.push(c.string()?);
            if c.lit(", ").is_none() {
                break;
            }
        }
        c.lit("]")?;
    }
    c.lit(" }")?;
    Some(task)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::plan::json;

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just("a".to_string()),
                Just(" ".to_string()),
                Just("\"".to_string()),
                Just("\\".to_string()),
                Just("/".to_string()),
                Just("\u{1b}[31m".to_string()),
                Just("\n\t\r".to_string()),
                Just("é✓".to_string()),
                Just("🚀".to_string()),
                Just("\u{7f}\u{0}".to_string()),
                Just("\u{2028}".to_string()),
                "[a-z]{1,5}",
            ],
            0..6,
        )
        .prop_map(|parts| parts.concat())
    }

    fn task() -> impl Strategy<Value = Task> {
        (
            text(),
            text(),
            0..5usize,
            prop::option::of(text()),
            prop::option::of(text()),
            prop::collection::vec(text(), 0..3),
        )
            .prop_map(|(id, content, st, blocker, dropped_by, notes)| Task {
                id,
                content,
                status: Status::ALL[st],
                blocker,
                dropped_by,
                notes,
                ..Task::default()
            })
    }

    fn plan() -> impl Strategy<Value = Plan> {
        (
            any::<u32>(),
            prop::collection::vec((text(), text(), prop::collection::vec(task(), 0..4)), 0..4),
        )
            .prop_map(|(rev, phases)| Plan {
                rev: u64::from(rev),
                next_phase_id: 7,
                next_task_id: 9,
                phases: phases
                    .into_iter()
                    .map(|(id, name, tasks)| Phase {
                        id,
                        name,
                        tasks,
                        ..Phase::default()
                    })
                    .collect(),
                ..Plan::default()
            })
    }

    proptest! {
        #[test]
        fn reads_what_render_writes(p in plan()) {
            prop_assert_eq!(parse(&json::render(&p)), Some(p));
        }

        /// Whatever it accepts, the general reader reads the same way.
        #[test]
        fn never_disagrees_with_the_general_reader(
            p in plan(),
            cut in any::<prop::sample::Index>(),
            insert in prop_oneof![Just(""), Just(" "), Just("\""), Just("\\"), Just(","), Just("\n"), Just("x"), Just("0")],
            drop in 0..3usize,
        ) {
            let text = json::render(&p);
            let mut at = cut.index(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + drop).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let mangled = format!("{}{}{}", &text[..at], insert, &text[end..]);
            if let Some(fast) = parse(&mangled) {
                let general = json::parse_with(&mangled, None).ok();
                prop_assert_eq!(Some(fast), general);
            }
        }
    }

    /// A key given twice is refused by the general reader; the fast one
    /// cannot even see it (its layout has each key once) and hands over.
    #[test]
    fn both_readers_refuse_duplicate_keys() {
        let mut p = Plan::default();
        p.phases.push(Phase {
            id: "p1".into(),
            name: "A".into(),
            tasks: vec![Task {
                id: "t1".into(),
                content: "a".into(),
                blocker: Some("b".into()),
                ..Task::default()
            }],
            ..Phase::default()
        });
        let good = json::render(&p);
        assert!(parse(&good).is_some());
        for (bad, key) in [
            (good.replace("\n}\n", ",\n  \"phases\": []\n}\n"), "phases"),
            (good.replace("  \"rev\"", "  \"rev\": 1,\n  \"rev\""), "rev"),
            (
                good.replace("\"name\": \"A\"", "\"name\": \"A\", \"name\": \"B\""),
                "name",
            ),
            (
                good.replace("      \"tasks\"", "      \"tasks\": [],\n      \"tasks\""),
                "tasks",
            ),
            (good.replace(" }", ", \"content\": \"b\" }"), "content"),
            (good.replace(" }", ", \"blocker\": null }"), "blocker"),
            (good.replace(" }", ", \"x\": 1, \"x\": 2 }"), "x"),
            (
                good.replace("\"id\": \"t1\"", "\"id\": \"t1\", \"id\": \"t2\""),
                "id",
            ),
        ] {
            assert_eq!(parse(&bad), None, "{bad}");
            let err = json::parse(&bad).map(|_| ()).map_err(|e| e.message);
            assert_eq!(err, Err(format!("duplicate key \"{key}\"")), "{bad}");
        }
    }

    #[test]
    fn gives_up_on_anything_else() {
        let good = json::render(&Plan::default());
        assert!(parse(&good).is_some());
        for bad in [
            good.replace("\"version\": 1", "\"version\": 2"),
            good.replace("\n}\n", "\n}"),
            good.replace("\"rev\": 0", "\"rev\": 00"),
            good.replace("\"phases\": []", "\"phases\": [],\n  \"x\": 1"),
            format!("{good} "),
        ] {
            assert_eq!(parse(&bad), None, "{bad}");
        }
    }
}
