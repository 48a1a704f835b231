//! The `<!-- todo:begin -->` … `<!-- todo:end -->` region of a document such
//! as a pull-request body: replace only what is between the marker lines,
//! keeping every other byte (and the document's line endings) as it was.
//! Which lines are markers (never inside code blocks) and which line ending
//! is written: README, "Export into a pull-request body".

use std::ops::Range;

use crate::text::{Line, lines};
use pulldown_cmark::{Event, Options, Parser, Tag};
use thiserror::Error;

const BEGIN: &str = "<!-- todo:begin -->";
pub(crate) const END: &str = "<!-- todo:end -->";

const BOM: &str = "\u{feff}";

#[derive(Debug, Error, PartialEq, Eq)]
pub enum RegionError {
    #[error("line {0}: a second {BEGIN} region (only one is allowed)")]
    Second(usize),
    #[error("line {0}: {BEGIN} has no {END} after it")]
    Unterminated(usize),
    #[error("line {0}: {END} without a {BEGIN} before it")]
    Unopened(usize),
    #[error("no {BEGIN} / {END} region")]
    Missing,
    #[error(
        "line {0}: a code block that is never closed; a region appended after it would be part of it"
    )]
    InCode(usize),
    #[error("the new region would not read back as the one region of the file")]
    Unstable,
}

/// Byte ranges of the document's code blocks (fenced and indented, at any
/// depth of lists and quotes), as CommonMark reads them.
fn code_blocks(doc: &str) -> Vec<Range<usize>> {
    // CommonMark does not skip a byte-order mark; GitHub and editors do.
    let skip = if doc.starts_with(BOM) { BOM.len() } else { 0 };
    Parser::new_ext(&doc[skip..], Options::empty())
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::CodeBlock(_)) => Some(range.start + skip..range.end + skip),
            _ => None,
        })
        .collect()
}

fn is_marker(text: &str, marker: &str) -> bool {
    text.trim_matches([' ', '\t']) == marker
}

/// Locate the one region, if any: the byte range of its body, between the
/// marker lines.
fn find(doc: &str) -> Result<Option<Range<usize>>, RegionError> {
    let code = code_blocks(doc);
    let in_code = |line: &Line| {
        code.iter()
            .any(|r| line.start < r.end && line.text_end > r.start)
    };
    let mut found = None;
    let mut open: Option<(usize, usize)> = None; // (line number, body start)
    for (i, line) in lines(doc).enumerate() {
        let n = i + 1;
        let mut text = &doc[line.start..line.text_end];
        if line.start == 0 {
            text = text.strip_prefix(BOM).unwrap_or(text);
        }
        let begin = is_marker(text, BEGIN);
        if !(begin || is_marker(text, END)) || in_code(&line) {
            continue;
        }
        if begin {
            if open.is_some() || found.is_some() {
                return Err(RegionError::Second(n));
            }
            open = Some((n, line.end));
        } else {
            let Some((_, body_start)) = open.take() else {
                return Err(RegionError::Unopened(n));
            };
            found = Some(body_start..line.start);
        }
    }
    if let Some((n, _)) = open {
        return Err(RegionError::Unterminated(n));
    }
    Ok(found)
}

/// The text between the markers, with line endings as `\n`.
pub fn extract(doc: &str) -> Result<String, RegionError> {
    let found = find(doc)?.ok_or(RegionError::Missing)?;
    Ok(doc[found].replace("\r\n", "\n").replace('\r', "\n"))
}

/// The line ending most lines of `doc` use; `\n` when it has none.
fn line_ending(doc: &str) -> &'static str {
    // A tie goes to `\n`, then `\r\n`: `max_by_key` keeps the last maximum.
    ["\r", "\r\n", "\n"]
        .into_iter()
        .max_by_key(|eol| {
            lines(doc)
                .filter(|l| &doc[l.text_end..l.end] == *eol)
                .count()
        })
        .unwrap_or("\n")
}

/// Put `body` (lines ending in `\n`) into the document's region, or append
/// a region when it has none. Written lines take the document's usual line
/// ending. The result is checked to hold exactly that region, so a
/// document that would swallow it (an unclosed code fence) is refused.
pub fn splice(doc: &str, body: &str) -> Result<String, RegionError> {
    let eol = line_ending(doc);
    let body = body.replace('\n', eol);
    let (out, region_start) = match find(doc)? {
        Some(found) => {
            let (before, after) = (&doc[..found.start], &doc[found.end..]);
            (format!("{before}{body}{after}"), found.start)
        }
        None => {
            let mut out = doc.to_string();
            if !out.is_empty() {
                if !out.ends_with(['\n', '\r']) {
                    out.push_str(eol);
                }
                out.push_str(eol);
            }
            let start = out.len();
            out.push_str(&format!("{BEGIN}{eol}{body}{END}{eol}"));
            (out, start)
        }
    };
    match find(&out) {
        Ok(Some(found)) if out[found.clone()] == body => Ok(out),
        _ => match code_blocks(&out).iter().find(|r| r.contains(&region_start)) {
            Some(r) => Err(RegionError::InCode(line_of(&out, r.start))),
            None => Err(RegionError::Unstable),
        },
    }
}

/// The 1-based line holding byte `at`.
fn line_of(doc: &str, at: usize) -> usize {
    lines(doc).take_while(|l| l.start <= at).count().max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `<b>` and `<e>` stand for the markers, to keep the cases short.
    fn m(text: &str) -> String {
        text.replace("<b>", BEGIN).replace("<e>", END)
    }

    /// (document, body, the spliced document): each checked to read back.
    fn check_splices(cases: &[(&str, &str, &str)]) {
        for (doc, body, want) in cases {
            let want = m(want);
            assert_eq!(splice(&m(doc), body).unwrap(), want, "{doc:?}");
            assert_eq!(extract(&want).unwrap(), *body, "{want:?}");
        }
    }

    #[test]
    fn replaces_only_the_region() {
        let doc = "# PR\n\nProse  \n<b>\nold\n<e>\nAfter.\n";
        check_splices(&[(
            doc,
            "- [ ] new\n",
            "# PR\n\nProse  \n<b>\n- [ ] new\n<e>\nAfter.\n",
        )]);
        assert_eq!(extract(&m(doc)).unwrap(), "old\n");
    }

    #[test]
    fn keeps_crlf() {
        let doc = "Intro\r\n<b>\r\n<e>\r\nEnd\r\n";
        check_splices(&[
            (doc, "a\nb\n", "Intro\r\n<b>\r\na\r\nb\r\n<e>\r\nEnd\r\n"),
            (doc, "a\n", "Intro\r\n<b>\r\na\r\n<e>\r\nEnd\r\n"),
            ("Body\r\n", "x\n", "Body\r\n\r\n<b>\r\nx\r\n<e>\r\n"),
        ]);
    }

    #[test]
    fn appends_a_region_when_there_is_none() {
        check_splices(&[
            ("", "x\n", "<b>\nx\n<e>\n"),
            ("no newline", "", "no newline\n\n<b>\n<e>\n"),
        ]);
        assert_eq!(extract("plain"), Err(RegionError::Missing));
    }

    #[test]
    fn a_byte_order_mark_is_kept_and_hides_no_marker() {
        let doc = "\u{feff}<b>\r\nold\r\n<e>\r\n";
        check_splices(&[(doc, "x\n", "\u{feff}<b>\r\nx\r\n<e>\r\n")]);
        assert_eq!(extract(&m(doc)).unwrap(), "old\n");
        // Only at the very start: elsewhere it is text.
        let later = m("a\n\u{feff}<b>\n");
        assert_eq!(extract(&later), Err(RegionError::Missing));
    }

    #[test]
    fn markers_in_code_or_inside_a_line_are_not_markers() {
        for doc in [
            "```\n<b>\n```\n",
            "~~~~ md\n<e>\n~~~\n~~~~\n",
            "para\n\n    <b>\n",
            "- item\n\n  ```\n  <b>\n  ```\n",
            "> ```\n> <e>\n",
            "Use <b> here\n",
            "> <b>\n",
            "<b> <e>\n",
        ] {
            let doc = m(doc);
            assert_eq!(extract(&doc), Err(RegionError::Missing), "{doc:?}");
            let out = splice(&doc, "x\n").unwrap();
            assert!(out.starts_with(&doc), "{out:?}");
            assert_eq!(extract(&out).unwrap(), "x\n", "{out:?}");
        }
        // Blanks around a marker are fine; it is still the whole line.
        let blanks = m("  <b>\t\nx\n<e> \n");
        assert_eq!(extract(&blanks).unwrap(), "x\n");
    }

    #[test]
    fn line_endings_follow_most_lines() {
        for (doc, want) in [
            ("", "\n"),
            ("no ending", "\n"),
            ("a\nb\r\nc\r\n", "\r\n"),
            ("a\r\nb\n", "\n"),
            ("a\rb\rc\r\n", "\r"),
            ("a\r\nb\r", "\r\n"),
        ] {
            assert_eq!(line_ending(doc), want, "{doc:?}");
        }
        check_splices(&[
            (
                "Intro\r<b>\rold\r<e>\rEnd",
                "a\nb\n",
                "Intro\r<b>\ra\rb\r<e>\rEnd",
            ),
            ("x\r", "a\n", "x\r\r<b>\ra\r<e>\r"),
        ]);
    }

    #[test]
    fn broken_regions_and_unclosed_fences_are_refused() {
        for (doc, want) in [
            ("<b>\n<e>\n<b>\n<e>\n", RegionError::Second(3)),
            ("a\n<b>\nb\n", RegionError::Unterminated(2)),
            ("<e>\n", RegionError::Unopened(1)),
            ("<b>\n<b>\n", RegionError::Second(2)),
            ("a\n\n```\nb\n", RegionError::InCode(3)),
            // Unclosed before a region: the region is code, so is the new one.
            ("```\n<b>\n<e>\n", RegionError::InCode(1)),
        ] {
            assert_eq!(splice(&m(doc), ""), Err(want), "{doc:?}");
        }
    }
}
