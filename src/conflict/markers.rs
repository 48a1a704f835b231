//! git's conflict markers, as git writes them: at the start of a line,
//! exactly seven characters, then a space and a label or the end of the
//! line. A plan file never holds such a line otherwise: every string in it
//! is JSON-escaped on one line, and no JSON token starts with `<`, `|`, `=`
//! or `>`, so a line that starts with one can only be git's.

/// A marker, named by its seven characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr)]
enum Mark {
    /// `<<<<<<< ours`
    #[strum(serialize = "<<<<<<<")]
    Start,
    /// `||||||| base` (diff3 and zdiff3 only)
    #[strum(serialize = "|||||||")]
    Base,
    /// `=======`
    #[strum(serialize = "=======")]
    Middle,
    /// `>>>>>>> theirs`
    #[strum(serialize = ">>>>>>>")]
    End,
}

/// The marker a line (without its `\n`) is, if it is one.
fn mark(line: &[u8]) -> Option<Mark> {
    let kind = match line.first()? {
        b'<' => Mark::Start,
        b'|' => Mark::Base,
        b'=' => Mark::Middle,
        b'>' => Mark::End,
        _ => return None,
    };
    let rest = line.strip_prefix(<&str>::from(kind).as_bytes())?;
    let rest = rest.strip_suffix(b"\r").unwrap_or(rest);
    let fits = match kind {
        // git writes the middle marker alone on its line.
        Mark::Middle => rest.is_empty(),
        _ => rest.is_empty() || rest[0] == b' ',
    };
    fits.then_some(kind)
}

/// The line (from 1) of the first `<<<<<<<` marker, if the text has one.
/// One pass of a substring search: cheap enough for any plan.
pub(crate) fn first_start(bytes: &[u8]) -> Option<usize> {
    let line_of = |at: usize| bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let mut starts = std::iter::once(0)
        .filter(|_| bytes.starts_with(b"<<<<<<<"))
        .chain(memchr::memmem::find_iter(bytes, b"\n<<<<<<<").map(|i| i + 1));
    let first = starts.find(|&at| {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |n| at + n);
        mark(&bytes[at..end]) == Some(Mark::Start)
    });
    first.map(line_of)
}

/// The versions a file with conflict markers holds: each side's text (the
/// lines outside the conflicts, which git merged, with that side's lines of
/// every conflict), and the base's when every conflict shows it (diff3,
/// zdiff3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sides {
    pub ours: String,
    pub theirs: String,
    pub base: Option<String>,
    /// How many conflicts (hunks) the file holds.
    pub hunks: usize,
}

/// Markers that do not make a conflict as git writes one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub(crate) struct MarkerError {
    pub line: usize,
    pub message: String,
}

/// Where in a conflict a line is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum In {
    Outside,
    Ours,
    Base,
    Theirs,
}

/// Take the markers apart into the sides. Any marker out of git's order
/// (nested, unterminated, a middle or end with no start) is an error that
/// names its line.
pub(crate) fn split(text: &str) -> Result<Sides, MarkerError> {
    let mut ours = String::with_capacity(text.len());
    let mut theirs = String::with_capacity(text.len());
    let mut base = String::with_capacity(text.len());
    let (mut hunks, mut with_base) = (0, 0);
    let mut at = In::Outside;
    let mut opened = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let number = i + 1;
        let bare = line.strip_suffix('\n').unwrap_or(line);
        match (mark(bare.as_bytes()), at) {
            (None, In::Outside) => {
                ours.push_str(line);
                theirs.push_str(line);
                base.push_str(line);
            }
            (None, In::Ours) => ours.push_str(line),
            (None, In::Base) => base.push_str(line),
            (None, In::Theirs) => theirs.push_str(line),
            (Some(Mark::Start), In::Outside) => {
                at = In::Ours;
                opened = number;
                hunks += 1;
            }
            (Some(Mark::Base), In::Ours) => {
                at = In::Base;
                with_base += 1;
            }
            (Some(Mark::Middle), In::Ours | In::Base) => at = In::Theirs,
            (Some(Mark::End), In::Theirs) => at = In::Outside,
            // Any other marker is out of git's order.
            (Some(m), _) => {
                let why = match (m, at) {
                    (Mark::Start, _) => {
                        format!("inside the conflict opened at line {opened} (nested conflicts)")
                    }
                    (_, In::Outside) => "outside any conflict".to_string(),
                    _ => format!("out of place in the conflict opened at line {opened}"),
                };
                let message = format!("conflict marker {} {why}", <&str>::from(m));
                return Err(MarkerError {
                    line: number,
                    message,
                });
            }
        }
    }
    if at != In::Outside {
        return Err(MarkerError {
            line: opened,
            message: "the conflict opened here never ends (no >>>>>>> line)".to_string(),
        });
    }
    Ok(Sides {
        ours,
        theirs,
        // Merge style shows no base; a file mixing styles shows too little.
        base: (hunks > 0 && with_base == hunks).then_some(base),
        hunks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_seven_characters_at_a_line_start() {
        assert_eq!(mark(b"<<<<<<< HEAD"), Some(Mark::Start));
        assert_eq!(mark(b"<<<<<<<"), Some(Mark::Start));
        assert_eq!(mark(b"||||||| base"), Some(Mark::Base));
        assert_eq!(mark(b"======="), Some(Mark::Middle));
        assert_eq!(mark(b"=======\r"), Some(Mark::Middle));
        assert_eq!(mark(b">>>>>>> feature"), Some(Mark::End));
        assert_eq!(mark(b"<<<<<<<< eight"), None);
        assert_eq!(mark(b"<<<<<< six"), None);
        assert_eq!(mark(b"======= label"), None);
        assert_eq!(mark(b"========"), None);
        assert_eq!(mark(b" <<<<<<< indented"), None);
        assert_eq!(mark(b"<<<<<<<x"), None);
        assert_eq!(first_start(b"{\n<<<<<<< a\n"), Some(2));
        assert_eq!(first_start(b"<<<<<<< a\n"), Some(1));
        assert_eq!(first_start(b"{ \"x\": \"<<<<<<< a\" }\n=======\n"), None);
        assert_eq!(first_start(b"<<<<<<<< a\n<<<<<<< b"), Some(2));
    }

    #[test]
    fn diff3_sides_and_base() {
        let text = "a\n<<<<<<< ours\nb1\n||||||| base\nb0\n=======\nb2\n>>>>>>> theirs\nc\n";
        let sides = split(text).unwrap();
        assert_eq!(sides.ours, "a\nb1\nc\n");
        assert_eq!(sides.theirs, "a\nb2\nc\n");
        assert_eq!(sides.base.as_deref(), Some("a\nb0\nc\n"));
        assert_eq!(sides.hunks, 1);
        let merge = "a\n<<<<<<< ours\nb1\n=======\n>>>>>>> theirs\n";
        let sides = split(merge).unwrap();
        assert_eq!(
            (sides.ours.as_str(), sides.theirs.as_str()),
            ("a\nb1\n", "a\n")
        );
        assert_eq!(sides.base, None);
    }

    #[test]
    fn hostile_markers_are_errors_with_a_line() {
        let unterminated = split("a\n<<<<<<< ours\nb\n=======\nc\n").unwrap_err();
        assert_eq!(unterminated.line, 2);
        let nested = split("<<<<<<< a\n<<<<<<< b\n=======\n>>>>>>> b\n").unwrap_err();
        assert_eq!(nested.line, 2);
        assert!(nested.message.contains("nested"), "{nested}");
        assert_eq!(split("a\n=======\n").unwrap_err().line, 2);
        assert_eq!(split(">>>>>>> x\n").unwrap_err().line, 1);
        assert_eq!(
            split("<<<<<<< a\n=======\n||||||| b\n>>>>>>> c\n")
                .unwrap_err()
                .line,
            3
        );
        let many = "<<<<<<< a\n".repeat(100_000);
        assert_eq!(split(&many).unwrap_err().line, 2);
    }
}
