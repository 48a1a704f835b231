//! Escaping text so that Markdown gives it back exactly. `&`, `<!--` and
//! `-->` become entities (read back in one pass); a heading ending in `#`
//! gets a backslash so it is not taken for a closing sequence.

use crate::text::folded;

/// Encode task content, blocker and note text (§4.1).
pub(crate) fn encode_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_encoded(&mut out, s);
    out
}

/// [`encode_text`] appended to `out`. Only `&`, `<` and `-` can start
/// something to escape; runs of other bytes are copied whole. Whitespace is
/// folded first (a no-op for text that came in through a verb), so a line
/// break in a plan file's text never starts a line of Markdown of its own.
pub(crate) fn push_encoded(out: &mut String, s: &str) {
    push_encoded_exact(out, &folded(s));
}

/// [`push_encoded`] keeping every space as it is: for a check command,
/// where spacing is the shell's business.
pub(crate) fn push_encoded_exact(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let (mut i, mut copied) = (0, 0);
    while i < bytes.len() {
        match memchr::memchr3(b'&', b'<', b'-', &bytes[i..]) {
            Some(skip) => i += skip,
            None => break,
        }
        let (skip, with) = match bytes[i] {
            b'&' => (1, "&amp;"),
            b'<' if bytes[i..].starts_with(b"<!--") => (4, "&lt;!--"),
            b'-' if bytes[i..].starts_with(b"-->") => (3, "--&gt;"),
            _ => {
                i += 1;
                continue;
            }
        };
        // The bytes matched are ASCII, so these are char boundaries.
        out.push_str(&s[copied..i]);
        out.push_str(with);
        i += skip;
        copied = i;
    }
    out.push_str(&s[copied..]);
}

/// Reverse [`encode_text`] in one pass: `&amp;lt;!--` reads back as `&lt;!--`.
pub(crate) fn decode_text(s: &str) -> String {
    decode(
        s,
        &[("&amp;", "&"), ("&lt;!--", "<!--"), ("--&gt;", "-->")],
        false,
    )
}

/// `s` with each of `entities` read as its text, in one pass; with
/// `backslash`, a backslash before ASCII punctuation is dropped too.
fn decode(s: &str, entities: &[(&str, &str)], backslash: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if let Some((e, text)) = entities.iter().find(|(e, _)| rest.starts_with(e)) {
            out.push_str(text);
            rest = &rest[e.len()..];
        } else if let Some(p) = rest
            .strip_prefix('\\')
            .and_then(|r| r.chars().next())
            .filter(|p| backslash && p.is_ascii_punctuation())
        {
            out.push(p);
            rest = &rest[2..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Encode text for the pull-request flavour (README.md, "Markdown"), which
/// people read as GitHub renders it: everything GitHub would take as markup
/// rather than text (raw HTML, an entity, emphasis, code, a link, math, a
/// table cell) is escaped, so `Handle <Enter> key` shows `<Enter>` instead
/// of hiding it as an unknown HTML tag. With `line_start`, the text starts a
/// line (a note, after `> `), so what would make it a heading, quote, list
/// item or underline is escaped too. [`decode_gfm`] reverses it.
pub(crate) fn encode_gfm(s: &str, line_start: bool) -> String {
    // As in `push_encoded`: no line break of the text's own.
    let s = &*folded(s);
    let mut out = String::with_capacity(s.len() + 8);
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    for (i, c) in s.char_indices() {
        match c {
            '<' => out.push_str("&lt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '~' | '[' | ']' | '$' | '|' => out.extend(['\\', c]),
            '#' | '>' | '-' | '+' | '=' if line_start && i == 0 => out.extend(['\\', c]),
            '.' | ')' if line_start && i > 0 && i == digits => out.extend(['\\', c]),
            _ => out.push(c),
        }
    }
    out
}

/// Read pull-request-flavour text as GitHub shows it, in one pass: a
/// backslash before ASCII punctuation is dropped, `&amp;`, `&lt;` and
/// `&gt;` are the characters they name; anything else is kept as typed.
pub(crate) fn decode_gfm(s: &str) -> String {
    decode(s, &[("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")], true)
}

/// Encode a phase name for an ATX heading: text escaping, plus a backslash
/// before a final `#` (which Markdown would otherwise drop as a closing
/// sequence, or read as an empty heading).
pub(crate) fn encode_heading(s: &str) -> String {
    let mut out = encode_text(s);
    escape_final_hash(&mut out);
    out
}

fn escape_final_hash(out: &mut String) {
    if out.ends_with('#') {
        out.insert(out.len() - 1, '\\');
    }
}

/// Encode a phase name for a heading of the pull-request flavour, which
/// GitHub shows as typed: [`encode_gfm`] (nothing at the start of heading
/// text needs more, since `### ` already opened it), plus a backslash before
/// a final `#` as in [`encode_heading`]. Where that differs from the §4.1
/// heading, ` <!-- todo: gfm -->` ends the line so the reader knows how to
/// decode it; a plain name (`Auth`, `C#`) is written as in §4.1, byte for
/// byte. The §4.1 heading never ends in that comment: its `<!--` is
/// escaped.
pub(crate) fn encode_gfm_heading(s: &str) -> String {
    let mut out = encode_gfm(s, false);
    escape_final_hash(&mut out);
    if out != encode_heading(s) {
        out.push_str(" <!-- todo: gfm -->");
    }
    out
}

/// Read heading text (closing sequence removed, whitespace normalised):
/// ending in a `<!-- todo: … gfm … -->` comment it is the pull-request
/// flavour, read as GitHub shows it ([`decode_gfm`]), without the comment;
/// otherwise §4.1 ([`decode_heading`]). That holds in any file, so a
/// hand-typed `# x <!-- todo: gfm -->` is the phase `x`. The empty string
/// when only the comment is there.
pub(crate) fn decode_any_heading(s: &str) -> String {
    strip_gfm_mark(s).map_or_else(|| decode_heading(s), decode_gfm)
}

/// The text before a final `todo:` comment holding the word `gfm`.
fn strip_gfm_mark(s: &str) -> Option<&str> {
    let (before, body) = last_comment(s)?;
    let words = body.trim().strip_prefix("todo:")?;
    words
        .split_whitespace()
        .any(|w| w == "gfm")
        .then(|| before.trim_end())
}

/// `s` before its last `<!--`, and that comment's body when it ends `s`.
pub(super) fn last_comment(s: &str) -> Option<(&str, &str)> {
    let at = s.rfind("<!--")?;
    Some((&s[..at], s[at + 4..].strip_suffix("-->")?))
}

/// Reverse [`encode_heading`] on heading text whose closing sequence is
/// already removed.
pub(crate) fn decode_heading(s: &str) -> String {
    match s.strip_suffix("\\#") {
        Some(head) => decode_text(&format!("{head}#")),
        None => decode_text(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_round_trip_in_one_pass() {
        for s in [
            "a & b",
            "<!-- x -->",
            "&amp;lt;!--",
            "&lt;!--",
            "--->",
            "<!-->",
            "<!---->",
            "--&gt;",
            "<!-- todo:end -->",
        ] {
            let enc = encode_text(s);
            assert!(!enc.contains("<!--"), "{enc}");
            assert_eq!(decode_text(&enc), s, "via {enc}");
        }
        assert_eq!(encode_text("a & <!-- b -->"), "a &amp; &lt;!-- b --&gt;");
        assert_eq!(decode_text("&amp;lt;!--"), "&lt;!--");
    }

    #[test]
    fn gfm_text_round_trips_in_one_pass() {
        let mid_line = ["Handle &lt;Enter> key", "a\\*b\\_c\\`d", "# x", "1) x"];
        for (s, want) in ["Handle <Enter> key", "a*b_c`d", "# x", "1) x"]
            .iter()
            .zip(mid_line)
        {
            assert_eq!(encode_gfm(s, false), want);
        }
        assert_eq!(encode_gfm("# x", true), "\\# x");
        assert_eq!(encode_gfm("12. x 3.", true), "12\\. x 3.");
        for s in [
            "&lt;",
            "&amp;lt;",
            "\\",
            "\\\\*",
            "a\\",
            "\\a",
            "&gt;",
            "&",
            "<!-- x -->",
            "-->",
            "~~x~~",
            "$x$",
            "[a](b)",
            "| a |",
            "1.",
            ">",
            "é🎉",
            "&#60;",
        ] {
            for line_start in [false, true] {
                let enc = encode_gfm(s, line_start);
                assert!(!enc.contains('<'), "{enc}");
                assert_eq!(decode_gfm(&enc), s, "via {enc}");
            }
        }
    }

    #[test]
    fn gfm_headings_say_so_only_where_they_differ() {
        // Plain names are the §4.1 heading, byte for byte.
        for s in ["Auth", "C#", "#", "# x", "a & b", "a <!-- b", "émoji 🎉"] {
            assert_eq!(encode_gfm_heading(s), encode_heading(s), "{s}");
            assert_eq!(decode_any_heading(&encode_gfm_heading(s)), s);
        }
        assert_eq!(
            encode_gfm_heading("<Enter> *bold* #"),
            "&lt;Enter> \\*bold\\* \\# <!-- todo: gfm -->"
        );
        assert_eq!(encode_gfm_heading("# *"), "# \\* <!-- todo: gfm -->");
        assert_eq!(encode_gfm_heading("a --> b"), "a --> b <!-- todo: gfm -->");
        for s in [
            "<Enter> *bold* #",
            "# *",
            "a\\#",
            "\\",
            "x <!-- todo: gfm -->",
            "x <!-- todo: gfm --> #",
            "&lt; &amp; `c` ~~s~~ [l](u) $m$ | _u_",
            "-->",
        ] {
            let enc = encode_gfm_heading(s);
            assert!(enc.ends_with(" <!-- todo: gfm -->"), "{enc}");
            assert_eq!(decode_any_heading(&enc), s, "via {enc}");
            // The §4.1 heading never ends in the comment.
            assert!(!encode_heading(s).contains("<!--"), "{s}");
            assert_eq!(decode_any_heading(&encode_heading(s)), s, "{s}");
        }
    }

    #[test]
    fn a_gfm_comment_typed_on_a_heading_marks_it_gfm() {
        for (s, want) in [
            ("a\\* <!-- todo: gfm -->", "a*"),
            ("a\\*<!--todo:gfm-->", "a*"),
            ("a\\* <!-- todo: gfm later -->", "a*"),
            ("<!-- todo: gfm -->", ""),
        ] {
            assert_eq!(decode_any_heading(s), want, "{s:?}");
        }
        // Other comments, or one not at the end, are text as before.
        for s in [
            "a <!-- note -->",
            "a <!-- todo: gfm --> b",
            "a\\* <!-- todo: md -->",
        ] {
            assert_eq!(decode_any_heading(s), s);
        }
    }

    #[test]
    fn headings_ending_in_hash_are_escaped() {
        assert_eq!(encode_heading("#"), "\\#");
        assert_eq!(encode_heading("C#"), "C\\#");
        assert_eq!(encode_heading("a\\#"), "a\\\\#");
        for s in ["#", "C#", "a ##", "a\\#", "a\\", "# #", "plain"] {
            assert_eq!(decode_heading(&encode_heading(s)), s);
        }
    }
}
