//! Reading a checklist back into phases (docs/contract.md, "Markdown", and the GFM flavour of
//! §4.2 line by line). pulldown-cmark decides the block structure, so nothing
//! in a code block or quote is ever a task; the text itself is cut from the
//! source by byte offsets, so `*`, `_`, backticks and backslashes stay as typed.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag};

use super::escape::{decode_any_heading, decode_gfm, decode_text, last_comment};
use super::state::{self, empty_task};
use crate::plan::{DEFAULT_PHASE, Phase, Status, Task};
use crate::text::normalize;

/// One problem, on a 1-based line of the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("  Line {line}: {message}")]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

/// Every problem found in a document, in line order. Displays as one
/// `  Line <n>: <message>` line per problem; the caller prints the
/// `Could not parse <path>:` line above it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .errors.iter().map(LineError::to_string).collect::<Vec<_>>().join("\n"))]
pub struct ParseError {
    pub errors: Vec<LineError>,
}

impl ParseError {
    /// `value` when there is no problem, else the problems in line order.
    pub(super) fn unless<T>(value: T, mut errors: Vec<LineError>) -> Result<T, ParseError> {
        if errors.is_empty() {
            return Ok(value);
        }
        errors.sort_by_key(|e| e.line);
        Err(ParseError { errors })
    }
}

const MARKER_HELP: &str = "(use [ ], [x], [/], [-], [!])";

/// Read a checklist: §4.1 Markdown, the GFM flavour of §4.2, or a mix of the
/// two (each task line is recognised on its own). Phases and tasks come back
/// with empty ids; the caller assigns them. With `lenient`, lines that are
/// neither a heading nor a task item (nor a note or comment) are skipped
/// instead of rejected.
pub(super) fn parse(text: &str, lenient: bool) -> Result<Vec<Phase>, ParseError> {
    // Some Windows editors start a UTF-8 file with a byte-order mark;
    // CommonMark does not skip it, and the first heading would be lost.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::new(text);
    reader.read();
    reader.finish(lenient)
}

/// What an open list item turned out to be.
#[derive(Clone, Copy)]
enum ItemKind {
    /// A task item; the task sits at `phases[phase].tasks[task]`. `gfm`:
    /// it is a pull-request-flavour line, whose notes are encoded as GitHub
    /// reads them.
    Task {
        phase: usize,
        task: usize,
        gfm: bool,
    },
    /// A task item with an error already reported: its notes are claimed
    /// (so they do not add a second error) but dropped.
    Broken,
    /// A plain bullet, ordered item or anything else; its own line stays
    /// unrecognized, but task items nested in it still count.
    Plain,
}

/// The open blocks, kept on an explicit stack so that deeply nested input
/// cannot exhaust the call stack.
enum Frame {
    List,
    Item(ItemKind),
    /// A block whose lines we do not read as tasks (paragraph, quote, code,
    /// heading text, HTML, inline markup…). Everything inside it is opaque too.
    Opaque,
}

struct Reader<'a> {
    text: &'a str,
    /// Byte range of each line, without its line ending.
    lines: Vec<Range<usize>>,
    /// Lines that belong to a heading, task, note or comment.
    claimed: Vec<bool>,
    errors: Vec<LineError>,
    phases: Vec<Phase>,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        let lines: Vec<_> = crate::text::lines(text)
            .map(|l| l.start..l.text_end)
            .collect();
        Reader {
            text,
            claimed: vec![false; lines.len()],
            lines,
            errors: Vec::new(),
            phases: Vec::new(),
        }
    }

    fn read(&mut self) {
        let text = self.text;
        let mut events = Parser::new_ext(text, Options::empty())
            .into_offset_iter()
            .peekable();
        let mut stack: Vec<Frame> = Vec::new();
        while let Some((event, range)) = events.next() {
            let tag = match event {
                Event::Start(tag) => tag,
                Event::End(_) => {
                    stack.pop();
                    continue;
                }
                // Leaves (text, rules, raw HTML…) carry nothing we read from
                // events: lines nobody claims are reported in `finish`.
                _ => continue,
            };
            let frame = match (stack.last(), tag) {
                (Some(Frame::Opaque), _) => Frame::Opaque,
                (None, Tag::Heading { .. }) => {
                    self.heading(&range);
                    Frame::Opaque
                }
                (None | Some(Frame::Item(_)), Tag::List(_)) => Frame::List,
                (Some(Frame::List), Tag::Item) => {
                    let first = events.peek().map(|(ev, r)| (starts_paragraph(ev), r.start));
                    Frame::Item(self.item(&range, first))
                }
                (Some(Frame::Item(kind)), Tag::BlockQuote(_)) => {
                    let kind = *kind;
                    self.notes(&range, kind);
                    Frame::Opaque
                }
                (_, Tag::HtmlBlock) => {
                    self.html_block(&range);
                    Frame::Opaque
                }
                _ => Frame::Opaque,
            };
            stack.push(frame);
        }
    }

    fn finish(mut self, lenient: bool) -> Result<Vec<Phase>, ParseError> {
        for i in (0..self.lines.len()).filter(|_| !lenient) {
            let line = self.line(i);
            if !self.claimed[i] && !is_blank(line) {
                self.error(i, format!("unrecognized syntax \"{}\"", line.trim_end()));
            }
        }
        ParseError::unless(self.phases, self.errors)
    }

    /// The 0-based line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.lines
            .partition_point(|span| span.start <= offset)
            .saturating_sub(1)
    }

    /// The 0-based lines a block's byte range covers.
    fn lines_of(&self, range: &Range<usize>) -> Range<usize> {
        let first = self.line_of(range.start);
        let last = self.line_of(range.end.saturating_sub(1).max(range.start));
        first..last.max(first) + 1
    }

    fn line(&self, i: usize) -> &'a str {
        self.lines
            .get(i)
            .and_then(|span| self.text.get(span.clone()))
            .unwrap_or("")
    }

    fn claim(&mut self, lines: Range<usize>) {
        if let Some(c) = self.claimed.get_mut(lines) {
            c.fill(true);
        }
    }

    fn error(&mut self, line: usize, message: String) {
        self.errors.push(LineError {
            line: line + 1,
            message,
        });
    }

    /// A heading at the top level starts a phase.
    fn heading(&mut self, range: &Range<usize>) {
        let lines = self.lines_of(range);
        let first = lines.start;
        let raw = match atx_heading_text(self.line(first)) {
            Some(t) => {
                self.claim(first..first + 1);
                t.to_string()
            }
            None => {
                // A setext heading: its text lines, then the `===`/`---` underline.
                let mut text_lines = lines.clone();
                if text_lines.len() > 1 && is_setext_underline(self.line(text_lines.end - 1)) {
                    text_lines.end -= 1;
                }
                self.claim(lines);
                text_lines
                    .map(|i| self.line(i).trim())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        match normalize(&raw)
            .map(|text| decode_any_heading(&text))
            .filter(|name| !name.is_empty())
        {
            Some(name) => self.phases.push(Phase {
                name,
                ..Phase::default()
            }),
            None => self.error(
                first,
                format!("empty phase heading \"{}\"", self.line(first).trim()),
            ),
        }
    }

    /// Decide what a list item is; a task item becomes a task of the current
    /// phase. `first` is the item's first child: whether it is a paragraph,
    /// and where it starts.
    fn item(&mut self, range: &Range<usize>, first: Option<(bool, usize)>) -> ItemKind {
        // pulldown-cmark counts the indentation before a bullet in columns,
        // so with tabs the item can start a byte or two early, even on the
        // previous line's ending: step over that whitespace to the bullet.
        let bytes = self.text.as_bytes();
        let mut pos = range.start.min(bytes.len());
        while pos < range.end && matches!(bytes.get(pos), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            pos += 1;
        }
        if !matches!(bytes.get(pos), Some(b'-' | b'*' | b'+')) {
            return ItemKind::Plain;
        }
        let line = self.line_of(pos);
        // Only a paragraph that starts on the bullet's own line can be a task
        // (`-     [ ] x` is a code block inside the item).
        if !matches!(first, Some((true, start)) if self.line_of(start) == line) {
            return ItemKind::Plain;
        }
        let end = self.lines.get(line).map_or(pos, |span| span.end);
        let Some((marker, rest)) = self.text.get(pos + 1..end).and_then(split_marker) else {
            return ItemKind::Plain;
        };
        let read = status_of_marker(marker)
            .ok_or_else(|| format!("unknown status marker \"[{marker}]\" {MARKER_HELP}"))
            .and_then(|status| read_task(status, rest));
        let (task, garbage, gfm) = match read {
            Ok(read) => read,
            Err(message) => {
                self.claim(line..line + 1);
                self.error(line, message);
                return ItemKind::Broken;
            }
        };
        // With text after the trailing comments that we cannot place, the
        // line is left for `finish` to report unless reading leniently.
        if !garbage {
            self.claim(line..line + 1);
        }
        if self.phases.is_empty() {
            self.phases.push(Phase {
                name: DEFAULT_PHASE.to_string(),
                ..Phase::default()
            });
        }
        let phase = self.phases.len() - 1;
        self.phases[phase].tasks.push(task);
        ItemKind::Task {
            phase,
            task: self.phases[phase].tasks.len() - 1,
            gfm,
        }
    }

    /// A quote directly inside a task item holds its notes, one per `>` line.
    fn notes(&mut self, range: &Range<usize>, kind: ItemKind) {
        if matches!(kind, ItemKind::Plain) {
            return;
        }
        for i in self.lines_of(range) {
            // A lazy continuation line (no `>`) is left for `finish` to report.
            let Some(rest) = self.line(i).trim_start().strip_prefix('>') else {
                continue;
            };
            self.claim(i..i + 1);
            if let (ItemKind::Task { phase, task, gfm }, Some(note)) = (kind, normalize(rest)) {
                let note = if gfm {
                    decode_gfm(&note)
                } else {
                    decode_text(&note)
                };
                self.phases[phase].tasks[task].notes.push(note);
            }
        }
    }

    /// HTML comment blocks (`<!-- todo:begin -->` and the like) are ignored;
    /// other HTML is left for `finish` to report. A comment that is never
    /// closed runs to the end of its container (often the document) and
    /// would hide every task after it: that is an error even when reading
    /// leniently, since what it hides is not prose.
    fn html_block(&mut self, range: &Range<usize>) {
        let lines = self.lines_of(range);
        if !self.line(lines.start).trim_start().starts_with("<!--") {
            return;
        }
        // The block ends on the line holding `-->` (perhaps its first).
        if !self.line(lines.end - 1).contains("-->") {
            self.error(
                lines.start,
                "unterminated HTML comment \"<!--\" would hide every line after it (close it with \"-->\")"
                    .to_string(),
            );
        }
        self.claim(lines);
    }
}

fn is_blank(line: &str) -> bool {
    line.bytes()
        .all(|b| matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c'))
}

/// Whether an item's first event is (the start of) a paragraph. Tight list
/// items have no paragraph events: their inline content comes directly.
fn starts_paragraph(event: &Event<'_>) -> bool {
    match event {
        Event::Start(tag) => matches!(
            tag,
            Tag::Paragraph
                | Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Superscript
                | Tag::Subscript
                | Tag::Link { .. }
                | Tag::Image { .. }
        ),
        Event::End(_) | Event::Html(_) | Event::Rule => false,
        // Text, code, math, inline HTML, breaks…: inline content.
        _ => true,
    }
}

/// The text of an ATX heading line (`## Name ##`), closing sequence removed;
/// `None` when the line is not an ATX heading.
pub(super) fn atx_heading_text(line: &str) -> Option<&str> {
    let s = line.trim_start_matches([' ', '\t']);
    let level = s.bytes().take_while(|&b| b == b'#').count();
    let rest = &s[level..];
    if !(1..=6).contains(&level) || !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let t = rest.trim_end_matches([' ', '\t']);
    let open = t.trim_end_matches('#');
    // A run of `#` closes the heading only when it stands alone or after a
    // space: `C#` and `C\#` keep theirs.
    if open.len() < t.len() && (open.is_empty() || open.ends_with([' ', '\t'])) {
        Some(open)
    } else {
        Some(t)
    }
}

fn is_setext_underline(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && (t.bytes().all(|b| b == b'=') || t.bytes().all(|b| b == b'-'))
}

/// Split what follows a bullet into the status marker (between the
/// brackets, escapes removed) and the rest of the line. `None` when the item
/// does not start with a marker, so it is a plain bullet.
fn split_marker(src: &str) -> Option<(&str, &str)> {
    // The bullet must be followed by a space or tab.
    if !src.starts_with([' ', '\t']) {
        return None;
    }
    let s = src.trim_start_matches([' ', '\t']);
    let s = s.strip_prefix("\\[").or_else(|| s.strip_prefix('['))?;
    let (inner, rest) = s.split_once(']')?;
    let marker = inner.strip_suffix('\\').unwrap_or(inner);
    // Only short bracket groups are status markers: `[done] x` or a link
    // `[see](url)` is a plain bullet.
    if marker.chars().count() > 3 || marker.contains(['[', '\\']) {
        return None;
    }
    (rest.is_empty() || rest.starts_with([' ', '\t'])).then_some((marker, rest))
}

/// The status a marker stands for: ` ` (or nothing), `x`/`X`, `/` or `>`,
/// `-` or `~`, `!`.
fn status_of_marker(marker: &str) -> Option<Status> {
    Some(match marker {
        "" | " " => Status::Pending,
        "x" | "X" => Status::Completed,
        "/" | ">" => Status::InProgress,
        "-" | "~" => Status::Abandoned,
        "!" => Status::Blocked,
        _ => return None,
    })
}

/// Build a task from the text after its marker: content, then the trailing
/// comments. The flags: text we could not read followed the comments; the
/// line is in the pull-request flavour. Content never holds a raw `<!--`
/// (it is encoded), so the first one starts the comments.
fn read_task(status: Status, rest: &str) -> Result<(Task, bool, bool), String> {
    let (content, tail) = rest.split_at(rest.find("<!--").unwrap_or(rest.len()));
    let tail = tail.trim_end();
    if let Some(read) = state::read_state(status, content, tail) {
        return read.map(|task| (task, false, true));
    }
    let content = normalize(content).ok_or_else(|| empty_task(status))?;
    let mut task = Task {
        content: decode_text(&content),
        status,
        ..Task::default()
    };
    let garbage = read_comments(tail, &mut task);
    Ok((task, garbage, false))
}

/// Read the §4.1 trailing comments, taken from the line's end: `todo:`,
/// `verify:`, `dropped-by:`, and what is left as one `blocker:` comment (to
/// the last `-->`, since a hand-written blocker may hold one). Other
/// comments are ignored; returns true when non-comment text is left over.
fn read_comments(tail: &str, task: &mut Task) -> bool {
    let mut tail = tail.trim();
    if let Some(meta) = take_comment(&mut tail, |b| b.strip_prefix("todo:")) {
        for word in meta.split_whitespace() {
            super::read_meta_word(task, word);
        }
    }
    if let Some(command) = take_comment(&mut tail, |b| b.strip_prefix("verify:")) {
        super::verify_of(task).command = decode_text(command.trim());
    }
    super::settle_verify(task);
    // `user`: what checklists written before `person` say.
    let dropped = |b| matches!(b, "dropped-by: person" | "dropped-by: user").then_some(());
    if take_comment(&mut tail, dropped).is_some() {
        task.dropped_by = Some("user".to_string());
    }
    if tail.is_empty() {
        return false;
    }
    let Some(body) = tail
        .strip_prefix("<!--")
        .and_then(|t| t.strip_suffix("-->"))
    else {
        return true;
    };
    // A blocker means something only while the task is blocked.
    if let Some(blocker) = body.trim_start().strip_prefix("blocker:")
        && task.status == Status::Blocked
    {
        task.blocker = normalize(blocker).map(|b| decode_text(&b));
    }
    false
}

/// The comment that ends `tail`, when `read` takes its trimmed body; `tail`
/// then loses it.
fn take_comment<'a, T>(tail: &mut &'a str, read: impl FnOnce(&'a str) -> Option<T>) -> Option<T> {
    let (before, body) = last_comment(tail)?;
    let found = read(body.trim())?;
    *tail = before.trim_end();
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str, lenient: bool) -> Vec<Phase> {
        match parse(text, lenient) {
            Ok(phases) => phases,
            Err(e) => panic!("{text:?} did not parse (lenient: {lenient}):\n{e}"),
        }
    }

    fn errors(text: &str, lenient: bool) -> Vec<String> {
        match parse(text, lenient) {
            Ok(phases) => panic!("{text:?} parsed as {phases:?}"),
            Err(e) => e.to_string().lines().map(str::to_string).collect(),
        }
    }

    /// The phases in one line: `A: a[x], b[ ] | B: `.
    fn outline(phases: &[Phase]) -> String {
        let phase = |p: &Phase| {
            let tasks: Vec<_> = p
                .tasks
                .iter()
                .map(|t| format!("{}[{}]", t.content, t.status.marker()))
                .collect();
            format!("{}: {}", p.name, tasks.join(", "))
        };
        phases.iter().map(phase).collect::<Vec<_>>().join(" | ")
    }

    fn task(text: &str) -> Task {
        let phases = ok(text, false);
        assert_eq!(phases.len(), 1, "{phases:?}");
        assert_eq!(phases[0].tasks.len(), 1, "{phases:?}");
        phases[0].tasks[0].clone()
    }

    #[test]
    fn every_marker_spelling() {
        let cases = [
            ("- [ ] a", Status::Pending),
            ("- [] a", Status::Pending),
            ("- [x] a", Status::Completed),
            ("- [X] a", Status::Completed),
            ("- [/] a", Status::InProgress),
            ("- [>] a", Status::InProgress),
            ("- [-] a", Status::Abandoned),
            ("- [~] a", Status::Abandoned),
            ("- [!] a", Status::Blocked),
            ("* [x] a", Status::Completed),
            ("+ [/] a", Status::InProgress),
            ("- \\[x\\] a", Status::Completed),
            ("- \\[ \\] a", Status::Pending),
            ("- \\[!] a", Status::Blocked),
            ("  - [x]   a  ", Status::Completed),
        ];
        for (line, status) in cases {
            let t = task(line);
            assert_eq!((t.content.as_str(), t.status), ("a", status), "{line}");
            assert_eq!(t.id, "");
        }
    }

    #[test]
    fn headings_start_phases_and_tasks_before_them_go_to_todos() {
        let text = "- [ ] loose\n# One\n- [x] a\n\n## Two ##\n### Three\n- [ ] b\n\nSetext\n===\n- [ ] c\n";
        let want = "Todos: loose[ ] | One: a[x] | Two:  | Three: b[ ] | Setext: c[ ]";
        assert_eq!(outline(&ok(text, false)), want);
        assert_eq!(ok("", false), vec![]);
        assert_eq!(ok("\n\n<!-- just a comment -->\n", false), vec![]);
        assert_eq!(ok("# Empty\n", false)[0].tasks, vec![]);
    }

    #[test]
    fn heading_text_is_normalised_and_decoded() {
        for (text, want) in [
            ("#   Spaced \t out  \n", "Spaced out"),
            ("# C\\#\n", "C#"),
            ("# C#\n", "C#"),
            ("# \\#\n", "#"),
            ("# a \\# ##\n", "a #"),
            ("# a\\\\#\n", "a\\#"),
            ("# R&amp;D &lt;!-- x --&gt;\n", "R&D <!-- x -->"),
            ("# *kept* `as` _typed_\n", "*kept* `as` _typed_"),
            ("Two\nlines\n---\n", "Two lines"),
        ] {
            assert_eq!(ok(text, false)[0].name, want, "{text:?}");
        }
    }

    #[test]
    fn empty_heading_and_empty_task_are_errors() {
        for (text, lenient, want) in [
            ("#\n", false, "1: empty phase heading \"#\""),
            ("# ##\n", true, "1: empty phase heading \"# ##\""),
            ("# A\n- [x]\n", false, "2: empty task \"- [x]\""),
            (
                "- [!] <!-- blocker: y -->\n",
                true,
                "1: empty task \"- [!]\"",
            ),
        ] {
            let want = [format!("  Line {want}")];
            assert_eq!(errors(text, lenient), want, "{text:?}");
        }
    }

    #[test]
    fn task_text_comes_from_the_source_as_typed() {
        for content in [
            "*emph* _u_ `code` \\escaped\\",
            "a\\",
            "[x] inner - [ ] list",
            "<b>html</b> & stuff",
            "emoji 🎉 ünïcode",
            "trailing #",
            "~~struck~~",
        ] {
            let t = task(&format!(
                "- [ ] {}",
                crate::markdown::escape::encode_text(content)
            ));
            assert_eq!(t.content, content);
        }
        assert_eq!(task("- [ ]   many \t  spaces  ").content, "many spaces");
        assert_eq!(task("- [ ] &amp;lt;!--").content, "&lt;!--");
        assert_eq!(task("- [ ] a &lt;!-- b --&gt;").content, "a <!-- b -->");
    }

    #[test]
    fn trailing_comments_set_blocker_and_dropped_by() {
        let t = task("- [!] Rotate keys <!-- blocker: vendor &amp; co -->");
        assert_eq!(t.blocker.as_deref(), Some("vendor & co"));
        assert_eq!(t.dropped_by, None);

        // Today's word, `person`, reads as the same mark.
        for word in ["user", "person"] {
            let t = task(&format!("- [-] Old idea <!-- dropped-by: {word} -->"));
            let want = (Status::Abandoned, Some("user"));
            assert_eq!((t.status, t.dropped_by.as_deref()), want, "{word}");
        }

        let t = task("- [!] X <!-- blocker: a --> b --> <!-- dropped-by: user -->");
        assert_eq!(t.blocker.as_deref(), Some("a --> b"));
        assert_eq!(t.dropped_by.as_deref(), Some("user"));

        // A blocker means nothing on a task that is not blocked.
        let t = task("- [ ] X <!-- blocker: gone -->");
        assert_eq!((t.status, t.blocker), (Status::Pending, None));

        let t = task("- [!] X <!--blocker:   -->");
        assert_eq!(t.blocker, None);

        // Unknown comments are ignored; text after them is not.
        assert_eq!(task("- [ ] X <!-- whatever -->").content, "X");
        assert_eq!(
            errors("- [ ] X <!-- c --> tail\n", false),
            ["  Line 1: unrecognized syntax \"- [ ] X <!-- c --> tail\""]
        );
        assert_eq!(
            ok("- [ ] X <!-- c --> tail\n", true)[0].tasks[0].content,
            "X"
        );
    }

    #[test]
    fn unknown_marker_is_an_error_even_when_lenient() {
        let want = ["  Line 2: unknown status marker \"[?]\" (use [ ], [x], [/], [-], [!])"];
        assert_eq!(errors("# A\n- [?] what\n", false), want);
        assert_eq!(errors("# A\n- [?] what\n", true), want);
        assert_eq!(
            errors("- [xx] a\n", false),
            ["  Line 1: unknown status marker \"[xx]\" (use [ ], [x], [/], [-], [!])"]
        );
        // Its notes do not add errors of their own.
        assert_eq!(errors("- [?] a\n  > note\n", false).len(), 1);
    }

    #[test]
    fn other_lines_are_unrecognized_unless_lenient() {
        let text = "Intro prose.\n# A\n- plain bullet\n- [ ] task\n  continued\n1. [ ] ordered\n- [done] word\n- [x](link)\n---\n> quote\n<div>\n";
        let want = [
            "  Line 1: unrecognized syntax \"Intro prose.\"",
            "  Line 3: unrecognized syntax \"- plain bullet\"",
            "  Line 5: unrecognized syntax \"  continued\"",
            "  Line 6: unrecognized syntax \"1. [ ] ordered\"",
            "  Line 7: unrecognized syntax \"- [done] word\"",
            "  Line 8: unrecognized syntax \"- [x](link)\"",
            "  Line 9: unrecognized syntax \"---\"",
            "  Line 10: unrecognized syntax \"> quote\"",
            "  Line 11: unrecognized syntax \"<div>\"",
        ];
        assert_eq!(errors(text, false), want);
        assert_eq!(outline(&ok(text, true)), "A: task[ ]");
    }

    #[test]
    fn nothing_in_a_code_block_is_a_task() {
        let text = "# A\n```\n- [ ] fenced\n# not a heading\n```\n\n    - [ ] indented\n\n-     [ ] code in item\n- [ ] real\n";
        assert_eq!(outline(&ok(text, true)), "A: real[ ]");
        let errs = errors(text, false);
        assert_eq!(errs[0], "  Line 2: unrecognized syntax \"```\"");
        assert_eq!(errs[1], "  Line 3: unrecognized syntax \"- [ ] fenced\"");
        assert_eq!(errs.len(), 6, "{errs:?}");
    }

    #[test]
    fn indented_and_nested_items_are_tasks_of_the_same_phase_in_order() {
        let text = "# A\n- [ ] one\n  - [x] two\n    * [/] three\n\t- [-] four\n- [!] five\n";
        let want = "A: one[ ], two[x], three[/], four[-], five[!]";
        assert_eq!(outline(&ok(text, false)), want);
        // Tasks under a plain bullet count when reading leniently.
        assert_eq!(outline(&ok("- Group\n  - [ ] a\n", true)), "Todos: a[ ]");
    }

    #[test]
    fn blank_lines_and_comment_lines_are_ignored() {
        let text = "<!-- todo:begin -->\n\n# A\n<!--\nmulti-line\n-->\n- [ ] a\n  <!-- inside -->\n\n\n- [ ] b\n<!-- todo:end -->\n";
        assert_eq!(outline(&ok(text, false)), "A: a[ ], b[ ]");
    }

    #[test]
    fn an_unterminated_comment_is_an_error_even_when_lenient() {
        let want = [
            "  Line 2: unterminated HTML comment \"<!--\" would hide every line after it (close it with \"-->\")",
        ];
        for lenient in [false, true] {
            assert_eq!(errors("# A\n<!-- open\n- [ ] hidden\n", lenient), want);
            assert_eq!(errors("- [ ] a\n  <!--\n  - [ ] b\n", lenient).len(), 1);
        }
        // Closed ones, however odd, hide only themselves.
        let text = "<!-->\n<!---->\n<!-- a\n-- b --\n-->\n  <!-- x --> y\n- [ ] t\n";
        assert_eq!(ok(text, false)[0].tasks[0].content, "t");
    }

    #[test]
    fn notes_are_quote_lines_under_a_task() {
        let text = "# A\n- [ ] a\n  > first &amp; one\n  >   second  \n  >\n  > > nested\n- [x] b\n  - [ ] c\n    > for c\n";
        let phases = ok(text, false);
        let tasks = &phases[0].tasks;
        assert_eq!(tasks[0].notes, ["first & one", "second", "> nested"]);
        assert!(tasks[1].notes.is_empty());
        assert_eq!(tasks[2].notes, ["for c"]);
        // A quote that does not belong to a task is not a note.
        assert_eq!(
            errors("# A\n> stray\n", false),
            ["  Line 2: unrecognized syntax \"> stray\""]
        );
        // A lazy continuation of a note is a continuation line.
        assert_eq!(
            errors("- [ ] a\n  > note\nlazy\n", false),
            ["  Line 3: unrecognized syntax \"lazy\""]
        );
    }

    #[test]
    fn crlf_and_lone_cr_end_lines() {
        let text =
            "# A\r\n- [x] a <!-- dropped-by: user -->\r\n  > n\r\n\r\n- [ ] b\rnot a task\r\n";
        let errs = errors(text, false);
        assert_eq!(errs, ["  Line 6: unrecognized syntax \"not a task\""]);
        let phases = ok(text, true);
        let t = &phases[0].tasks;
        assert_eq!(t[0].content, "a");
        assert_eq!(t[0].dropped_by.as_deref(), Some("user"));
        assert_eq!(t[0].notes, ["n"]);
        assert_eq!(t[1].content, "b");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(ok("\u{feff}# A\n- [ ] a\n", false)[0].name, "A");
    }

    #[test]
    fn errors_are_listed_in_line_order() {
        let err = parse("oops\n# \n- [?] x\n", false).err();
        let lines: Vec<_> = err.iter().flat_map(|e| &e.errors).map(|e| e.line).collect();
        assert_eq!(lines, [1, 2, 3]);
    }

    #[test]
    fn display_is_one_indented_line_per_problem() {
        let err = ParseError {
            errors: vec![
                LineError {
                    line: 3,
                    message: "first".into(),
                },
                LineError {
                    line: 7,
                    message: "second".into(),
                },
            ],
        };
        assert_eq!(err.to_string(), "  Line 3: first\n  Line 7: second");
    }

    #[test]
    fn deep_nesting_is_read_without_recursion() {
        let bullets = format!("{}[ ] x\n", "- ".repeat(20_000));
        assert_eq!(ok(&bullets, false)[0].tasks[0].content, "x");
        let deep: String = (0..300)
            .map(|i| format!("{}- [ ] t{i}\n", "  ".repeat(i)))
            .collect();
        assert_eq!(ok(&deep, false)[0].tasks.len(), 300);
        let quote = format!("- [ ] a\n  {}x\n", ">".repeat(20_000));
        assert_eq!(ok(&quote, false)[0].tasks[0].notes.len(), 1);
    }

    #[test]
    fn odd_inputs_do_not_panic() {
        for text in [
            "\t- [ ] a\n\t- [x] b",
            "- [ ] a\n\t- [x] b\n\t\t- [/] c",
            ">\t- [ ] x",
            "-\t\t[ ] x",
            "- [",
            "- \\[",
            "- [é] x",
            "- [ ]",
            "\r",
            "\r\n\r\n",
            "#",
            "- [x]: link def",
            "[x]: http://a\n- [x] [x]",
            "<!--",
            "<!-- unterminated\n- [ ] hidden",
            "***\n___\n",
            "- - - [ ] deep",
            "\u{0}- [ ] nul\u{0}",
        ] {
            let _ = parse(text, false);
            let _ = parse(text, true);
        }
    }
}
