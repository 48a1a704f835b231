//! The `<!-- todo:begin -->` … `<!-- todo:end -->` region of a document such
//! as a pull-request body: replace only what is between the marker lines,
//! keeping every other byte (and the document's line endings) as it was.

use thiserror::Error;

pub const BEGIN: &str = "<!-- todo:begin -->";
pub const END: &str = "<!-- todo:end -->";

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
}

/// Byte ranges of the region: the begin line's start, the body (between the
/// marker lines), and the end line's end (including its line ending).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Found {
    body_start: usize,
    body_end: usize,
}

fn is_marker(line: &str, marker: &str) -> bool {
    line.trim() == marker
}

/// Locate the one region, if any.
fn find(doc: &str) -> Result<Option<Found>, RegionError> {
    let mut found = None;
    let mut open: Option<(usize, usize)> = None; // (line number, body start)
    let mut offset = 0;
    for (i, line) in doc.split_inclusive('\n').enumerate() {
        let n = i + 1;
        let next = offset + line.len();
        if is_marker(line, BEGIN) {
            if open.is_some() || found.is_some() {
                return Err(RegionError::Second(n));
            }
            open = Some((n, next));
        } else if is_marker(line, END) {
            match open.take() {
                Some((_, body_start)) => {
                    found = Some(Found {
                        body_start,
                        body_end: offset,
                    })
                }
                None => return Err(RegionError::Unopened(n)),
            }
        }
        offset = next;
    }
    if let Some((n, _)) = open {
        return Err(RegionError::Unterminated(n));
    }
    Ok(found)
}

/// The text between the markers, with line endings as `\n`.
pub fn extract(doc: &str) -> Result<String, RegionError> {
    let found = find(doc)?.ok_or(RegionError::Missing)?;
    Ok(doc[found.body_start..found.body_end].replace("\r\n", "\n"))
}

/// Put `body` (lines ending in `\n`) into the document's region, or append
/// a region when it has none. CRLF documents get CRLF lines.
pub fn splice(doc: &str, body: &str) -> Result<String, RegionError> {
    let crlf = match doc.find('\n') {
        Some(i) => doc[..i].ends_with('\r'),
        None => false,
    };
    let eol = if crlf { "\r\n" } else { "\n" };
    let body = if crlf {
        body.replace('\n', "\r\n")
    } else {
        body.to_string()
    };
    match find(doc)? {
        Some(found) => {
            let mut out = String::with_capacity(doc.len() + body.len());
            out.push_str(&doc[..found.body_start]);
            out.push_str(&body);
            out.push_str(&doc[found.body_end..]);
            Ok(out)
        }
        None => {
            let mut out = doc.to_string();
            if !out.is_empty() {
                if !out.ends_with('\n') {
                    out.push_str(eol);
                }
                out.push_str(eol);
            }
            out.push_str(BEGIN);
            out.push_str(eol);
            out.push_str(&body);
            out.push_str(END);
            out.push_str(eol);
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_only_the_region() {
        let doc = "# PR\n\nProse  \n<!-- todo:begin -->\nold\n<!-- todo:end -->\nAfter.\n";
        assert_eq!(
            splice(doc, "- [ ] new\n").unwrap(),
            "# PR\n\nProse  \n<!-- todo:begin -->\n- [ ] new\n<!-- todo:end -->\nAfter.\n"
        );
        assert_eq!(extract(doc).unwrap(), "old\n");
    }

    #[test]
    fn keeps_crlf() {
        let doc = "Intro\r\n<!-- todo:begin -->\r\n<!-- todo:end -->\r\nEnd\r\n";
        assert_eq!(
            splice(doc, "a\nb\n").unwrap(),
            "Intro\r\n<!-- todo:begin -->\r\na\r\nb\r\n<!-- todo:end -->\r\nEnd\r\n"
        );
        assert_eq!(extract(&splice(doc, "a\n").unwrap()).unwrap(), "a\n");
        assert_eq!(
            splice("Body\r\n", "x\n").unwrap(),
            "Body\r\n\r\n<!-- todo:begin -->\r\nx\r\n<!-- todo:end -->\r\n"
        );
    }

    #[test]
    fn appends_a_region_when_there_is_none() {
        assert_eq!(
            splice("", "x\n").unwrap(),
            "<!-- todo:begin -->\nx\n<!-- todo:end -->\n"
        );
        assert_eq!(
            splice("no newline", "").unwrap(),
            "no newline\n\n<!-- todo:begin -->\n<!-- todo:end -->\n"
        );
        assert_eq!(extract("plain"), Err(RegionError::Missing));
    }

    #[test]
    fn rejects_two_regions_and_broken_ones() {
        let two =
            "<!-- todo:begin -->\n<!-- todo:end -->\n<!-- todo:begin -->\n<!-- todo:end -->\n";
        assert_eq!(splice(two, ""), Err(RegionError::Second(3)));
        assert_eq!(
            splice("a\n<!-- todo:begin -->\nb\n", ""),
            Err(RegionError::Unterminated(2))
        );
        assert_eq!(
            splice("<!-- todo:end -->\n", ""),
            Err(RegionError::Unopened(1))
        );
        assert_eq!(
            splice("<!-- todo:begin -->\n<!-- todo:begin -->\n", ""),
            Err(RegionError::Second(2))
        );
    }
}
