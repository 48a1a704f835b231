//! Escaping text so that Markdown gives it back exactly. `&`, `<!--` and
//! `-->` become entities (read back in one pass); a heading ending in `#`
//! gets a backslash so it is not taken for a closing sequence.

use crate::scan::{find, has_byte};

/// Encode task content, blocker and note text (§4.1).
pub fn encode_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_encoded(&mut out, s);
    out
}

/// [`encode_text`] appended to `out`. Only `&`, `<` and `-` can start
/// something to escape; runs of other bytes are copied whole.
pub fn push_encoded(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let may = |w: u64| has_byte(w, b'&') || has_byte(w, b'<') || has_byte(w, b'-');
    let hit = |b: u8| matches!(b, b'&' | b'<' | b'-');
    let (mut i, mut copied) = (0, 0);
    while i < bytes.len() {
        match find(&bytes[i..], may, hit) {
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
pub fn decode_text(s: &str) -> String {
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

/// Encode a phase name for an ATX heading: text escaping, plus a backslash
/// before a final `#` (which Markdown would otherwise drop as a closing
/// sequence, or read as an empty heading).
pub fn encode_heading(s: &str) -> String {
    let mut out = encode_text(s);
    if out.ends_with('#') {
        out.insert(out.len() - 1, '\\');
    }
    out
}

/// Reverse [`encode_heading`] on heading text whose closing sequence is
/// already removed.
pub fn decode_heading(s: &str) -> String {
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
    fn headings_ending_in_hash_are_escaped() {
        assert_eq!(encode_heading("#"), "\\#");
        assert_eq!(encode_heading("C#"), "C\\#");
        assert_eq!(encode_heading("a\\#"), "a\\\\#");
        for s in ["#", "C#", "a ##", "a\\#", "a\\", "# #", "plain"] {
            assert_eq!(decode_heading(&encode_heading(s)), s);
        }
    }
}
