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
    let s = &*folded(s);
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
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("&amp;") {
            out.push('&');
            rest = &rest[5..];
        } else if rest.starts_with("&lt;!--") {
            out.push_str("<!--");
            rest = &rest[7..];
        } else if rest.starts_with("--&gt;") {
            out.push_str("-->");
            rest = &rest[6..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Encode text for the pull-request flavour (§4.2), which people read as
/// GitHub renders it: everything GitHub would take as markup rather than
/// text is escaped, so `Handle <Enter> key` shows `<Enter>` instead of
/// hiding it as an unknown HTML tag. `<` and `&` become `&lt;` and `&amp;`
/// (no raw HTML, autolink or entity); the inline markup characters
/// `` \ ` * _ ~ [ ] $ | `` get a backslash (no emphasis, code, strike,
/// link, footnote, math or table cell). With `line_start`, the text starts
/// a line (a note, after `> `): a first `#`, `>`, `-`, `+` or `=`, or the
/// `.`/`)` after leading digits, is escaped too, so that it is no heading,
/// quote, list item or underline. Whitespace is folded first, as in
/// [`push_encoded`]. [`decode_gfm`] reverses it.
pub(crate) fn encode_gfm(s: &str, line_start: bool) -> String {
    // As in `push_encoded`: no line break of the text's own.
    let s = &*folded(s);
    let mut out = String::with_capacity(s.len() + 8);
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    for (i, c) in s.char_indices() {
        match c {
            '<' => out.push_str("&lt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '~' | '[' | ']' | '$' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '#' | '>' | '-' | '+' | '=' if line_start && i == 0 => {
                out.push('\\');
                out.push(c);
            }
            '.' | ')' if line_start && i > 0 && i == digits => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Read pull-request-flavour text as GitHub shows it, in one pass: a
/// backslash before ASCII punctuation is dropped, `&amp;`, `&lt;` and
/// `&gt;` are the characters they name; anything else is kept as typed.
pub(crate) fn decode_gfm(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        let entity = [("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>')]
            .into_iter()
            .find(|(e, _)| rest.starts_with(e));
        if let Some((e, ch)) = entity {
            out.push(ch);
            rest = &rest[e.len()..];
        } else if let Some(p) = rest
            .strip_prefix('\\')
            .and_then(|r| r.chars().next())
            .filter(char::is_ascii_punctuation)
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

/// Encode a phase name for an ATX heading: text escaping, plus a backslash
/// before a final `#` (which Markdown would otherwise drop as a closing
/// sequence, or read as an empty heading).
pub(crate) fn encode_heading(s: &str) -> String {
    let mut out = encode_text(s);
    if out.ends_with('#') {
        out.insert(out.len() - 1, '\\');
    }
    out
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
        assert_eq!(
            encode_gfm("Handle <Enter> key", false),
            "Handle &lt;Enter> key"
        );
        assert_eq!(encode_gfm("a*b_c`d", false), "a\\*b\\_c\\`d");
        assert_eq!(encode_gfm("# x", true), "\\# x");
        assert_eq!(encode_gfm("# x", false), "# x");
        assert_eq!(encode_gfm("12. x 3.", true), "12\\. x 3.");
        assert_eq!(encode_gfm("1) x", false), "1) x");
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
    fn headings_ending_in_hash_are_escaped() {
        assert_eq!(encode_heading("#"), "\\#");
        assert_eq!(encode_heading("C#"), "C\\#");
        assert_eq!(encode_heading("a\\#"), "a\\\\#");
        for s in ["#", "C#", "a ##", "a\\#", "a\\", "# #", "plain"] {
            assert_eq!(decode_heading(&encode_heading(s)), s);
        }
    }
}
