//! Reading a very large checklist a section at a time. pulldown-cmark builds
//! the whole document tree before it yields anything, about twelve bytes of
//! tree per byte of text, so importing a 100,000-task checklist held ~55 MB
//! of tree at once. Top-level headings split a document into sections that
//! parse exactly as they would in place — but only where nothing can span
//! them, so a document with anything that might (an HTML block, a link
//! definition) or a heading inside a fence is not split there.

use super::parse::{self, LineError, ParseError};
use crate::plan::Phase;

/// Documents up to this size are read in one piece.
const ONE_PIECE: usize = 1 << 20;

/// Read `text` (see [`parse::parse`]), in sections when it is large.
pub fn parse(text: &str, lenient: bool) -> Result<Vec<Phase>, ParseError> {
    parse_sized(text, lenient, ONE_PIECE)
}

pub(super) fn parse_sized(
    text: &str,
    lenient: bool,
    piece: usize,
) -> Result<Vec<Phase>, ParseError> {
    // Small, or with no place to split: one piece.
    let Some(starts) = (text.len() > piece).then(|| split_points(text)).flatten() else {
        return parse::parse(text, lenient);
    };
    // Group sections into pieces of at least `piece` bytes.
    let mut cuts = vec![(0usize, 0usize)];
    for &(at, line) in &starts {
        if at - cuts.last().map_or(0, |c| c.0) >= piece {
            cuts.push((at, line));
        }
    }
    let mut phases = Vec::new();
    let mut errors = Vec::new();
    for (i, &(at, first_line)) in cuts.iter().enumerate() {
        let end = cuts.get(i + 1).map_or(text.len(), |c| c.0);
        match parse::parse(&text[at..end], lenient) {
            Ok(mut got) => phases.append(&mut got),
            Err(e) => errors.extend(e.errors.into_iter().map(|e| LineError {
                line: e.line + first_line,
                ..e
            })),
        }
    }
    ParseError::unless(phases, errors)
}

/// Byte offsets (and 0-based line numbers) of lines where a new section may
/// start: a top-level ATX heading at column 0, outside any fence. `None`
/// when the document has something a split could cut through.
fn split_points(text: &str) -> Option<Vec<(usize, usize)>> {
    let mut points = Vec::new();
    let mut fence: Option<(u8, usize)> = None;
    let bytes = text.as_bytes();
    for (line, l) in crate::text::lines(text).enumerate() {
        // Lone carriage returns: pulldown-cmark reads some blocks around
        // them differently; such a document is read in one piece.
        if bytes.get(l.text_end) == Some(&b'\r') && l.end == l.text_end + 1 {
            return None;
        }
        let content = &bytes[l.start..l.text_end];
        let indent = content.iter().take_while(|&&b| b == b' ').count();
        let rest = &content[indent.min(content.len())..];
        if indent <= 3 {
            let run = |c: u8| rest.iter().take_while(|&&b| b == c).count();
            let fence_char = rest.first().copied().filter(|c| *c == b'`' || *c == b'~');
            match (fence, fence_char) {
                (None, Some(c)) if run(c) >= 3 => fence = Some((c, run(c))),
                (Some((c, n)), Some(d))
                    if c == d
                        && run(c) >= n
                        && rest[run(c)..].iter().all(|b| b.is_ascii_whitespace()) =>
                {
                    fence = None
                }
                _ => {}
            }
        }
        let block = after_containers(content);
        let link_definition = block.first() == Some(&b'[') && block.windows(2).any(|w| w == b"]:");
        if fence.is_none() && (block.first() == Some(&b'<') || link_definition) {
            // An HTML block or a link definition, even inside a quote or a
            // list item, may swallow the lines after it.
            return None;
        }
        let heading = || parse::atx_heading_text(&text[l.start..l.text_end]).is_some();
        if fence.is_none() && content.first() == Some(&b'#') && heading() {
            points.push((l.start, line));
        }
    }
    Some(points)
}

/// A line without its leading blanks and container markers (quotes, bullets,
/// ordered-list numbers): where a block inside them would start.
fn after_containers(mut line: &[u8]) -> &[u8] {
    loop {
        let trimmed = line.trim_ascii_start();
        let digits = trimmed.iter().take_while(|b| b.is_ascii_digit()).count();
        let marker = match trimmed {
            [b'>', ..] => 1,
            [b'-' | b'*' | b'+', b' ' | b'\t', ..] => 2,
            _ if (1..=9).contains(&digits)
                && matches!(trimmed.get(digits), Some(b'.' | b')'))
                && matches!(trimmed.get(digits + 1), Some(b' ' | b'\t')) =>
            {
                digits + 2
            }
            _ => return trimmed,
        };
        line = &trimmed[marker..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_split_only_at_safe_headings() {
        let doc =
            "- [ ] a\n# One\n- [x] b\n```\n# not a heading\n```\n## Two\r\n- [ ] c\n# Three\n";
        let points: Vec<usize> = split_points(doc).unwrap().iter().map(|p| p.1).collect();
        assert_eq!(points, [1, 6, 8]);
        assert_eq!(split_points("a\r# b\n"), None);
        assert_eq!(split_points("# a\n<div>\n\n# b\n"), None);
        assert_eq!(split_points("[x]: /u\n# b\n"), None);
        assert_eq!(split_points(" - [ ] #\n  > <b>\r# \n"), None);
        assert_eq!(split_points("1. - > <div>\n# b\n"), None);
        assert!(split_points("- [ ] <b>bold</b>\n# b\n").is_some());
        assert_eq!(
            split_points("- [ ] a\n  # indented\n#nospace\n").unwrap(),
            []
        );
    }

    #[test]
    fn a_large_document_reads_the_same_in_pieces() {
        let mut doc = String::new();
        for p in 0..50 {
            doc.push_str(&format!("# Phase {p}\n"));
            for t in 0..20 {
                doc.push_str(&format!("- [ ] Task {p}.{t}\n  > note {t}\n"));
            }
        }
        doc.push_str("stray prose\n");
        let whole = parse::parse(&doc, true);
        assert_eq!(parse_sized(&doc, true, 100), whole);
        assert_eq!(parse_sized(&doc, false, 100), parse::parse(&doc, false));
        assert!(parse_sized(&doc, false, 100).is_err());
    }
}
