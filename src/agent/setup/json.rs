//! The JSON files `todo setup` edits (an agent's settings, its hooks
//! file, its MCP servers), read and written back in the layout they had:
//! keys and their order, the indentation, the numbers as typed, the line
//! ends. A file that is not a JSON object of the shape todo merges into is
//! refused, never overwritten.

use std::collections::HashMap;
use std::io;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// The refusal of a file setup will not change: `why`, and the way out.
pub(super) fn broken(shown: &str, why: &str) -> Error {
    Error::Invalid(format!(
        "Not changing {shown}: {why}. Fix it by hand, then run todo setup again; nothing was written."
    ))
}

/// The JSON of a file's `bytes` (`None`: there is none, an empty object),
/// checked to be of the shape todo merges into: an object, whose `hooks`
/// is an object of lists of objects, and whose `objects` keys are objects.
pub(super) fn parse(bytes: Option<&[u8]>, shown: &str, objects: &[&str]) -> Result<Value> {
    let Some(bytes) = bytes else {
        return Ok(Value::Object(Map::new()));
    };
    let broken = |why: String| broken(shown, &why);
    let text = std::str::from_utf8(bytes).map_err(|_| broken("it is not UTF-8 text".into()))?;
    // An empty file is an empty object, as an editor leaves a new file.
    let root: Value = if text.trim().is_empty() {
        Value::Object(Map::new())
    } else {
        serde_json::from_str(text).map_err(|e| {
            broken(format!(
                "it is not valid JSON (line {}, column {}: {e})",
                e.line(),
                e.column()
            ))
        })?
    };
    let Value::Object(map) = &root else {
        return Err(broken("it is not a JSON object".into()));
    };
    match map.get("hooks") {
        None => {}
        Some(Value::Object(events)) => {
            for (event, groups) in events {
                let Value::Array(groups) = groups else {
                    return Err(broken(format!("\"hooks\".\"{event}\" is not a list")));
                };
                if groups.iter().any(|g| !g.is_object()) {
                    return Err(broken(format!(
                        "\"hooks\".\"{event}\" holds something other than objects"
                    )));
                }
            }
        }
        Some(_) => return Err(broken("its \"hooks\" is not an object".into())),
    }
    for key in objects {
        if map.get(*key).is_some_and(|v| !v.is_object()) {
            return Err(broken(format!("its \"{key}\" is not an object")));
        }
    }
    Ok(root)
}

/// `root` as text in the layout of the file it came from (`before`):
/// its indentation (two spaces for a new file, as both agents write
/// theirs), whether it ended with a newline, its line ends.
pub(super) fn render(before: Option<&[u8]>, root: &Value) -> Result<Vec<u8>> {
    // No file is laid out as an empty one.
    let before = before.unwrap_or_default();
    let indent = indentation(before);
    let newline = before.is_empty() || before.ends_with(b"\n");
    // A file with CRLF line ends (written on Windows) keeps them.
    let crlf = before.windows(2).any(|w| w == b"\r\n");
    let mut out = Vec::new();
    let formatter = AsTyped {
        pretty: serde_json::ser::PrettyFormatter::with_indent(&indent),
        typed: number_texts(before),
    };
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    root.serialize(&mut ser)
        .map_err(|e| Error::io("Cannot write the settings", io::Error::other(e)))?;
    if newline {
        out.push(b'\n');
    }
    if crlf {
        // Serialized JSON holds no raw newline but the layout's (and is
        // UTF-8, so nothing is lost).
        out = String::from_utf8_lossy(&out)
            .replace('\n', "\r\n")
            .into_bytes();
    }
    Ok(out)
}

/// The [`serde_json::ser::Formatter`] methods that only lay the text out,
/// passed on to the pretty formatter.
macro_rules! pretty_layout {
    ($($name:ident($($arg:ident: $t:ty),*)),*) => {$(
        fn $name<W: ?Sized + io::Write>(&mut self, w: &mut W $(, $arg: $t)*) -> io::Result<()> {
            self.pretty.$name(w $(, $arg)*)
        }
    )*};
}

/// The pretty layout, writing each number as the file had it: the parser
/// keeps a number's digits but writes an exponent's sign (`1e2` read back
/// is `1e+2`), and a person's settings file is not todo's to respell.
struct AsTyped<'a> {
    pretty: serde_json::ser::PrettyFormatter<'a>,
    /// The numbers of the file as typed, by [`number_key`].
    typed: HashMap<String, String>,
}

impl serde_json::ser::Formatter for AsTyped<'_> {
    fn write_number_str<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        value: &str,
    ) -> io::Result<()> {
        match self.typed.get(&number_key(value)) {
            Some(typed) => w.write_all(typed.as_bytes()),
            None => w.write_all(value.as_bytes()),
        }
    }
    pretty_layout!(
        begin_array(),
        end_array(),
        begin_array_value(first: bool),
        end_array_value(),
        begin_object(),
        end_object(),
        begin_object_key(first: bool),
        begin_object_value(),
        end_object_value()
    );
}

/// A number's text with its exponent spelled one way (`1E+2`, `1e2`:
/// `1e2`), the same for a number as typed and as the parser keeps it.
fn number_key(text: &str) -> String {
    text.to_ascii_lowercase().replacen("e+", "e", 1)
}

/// The number literals of a JSON text, outside its strings, by [`number_key`].
fn number_texts(bytes: &[u8]) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                let typed = String::from_utf8_lossy(&bytes[start..i]).into_owned();
                out.insert(number_key(&typed), typed);
            }
            _ => i += 1,
        }
    }
    out
}

/// The indentation of a JSON file: the whitespace that starts its first
/// indented line (two spaces if none is).
fn indentation(bytes: &[u8]) -> Vec<u8> {
    bytes
        .split(|&b| b == b'\n')
        .skip(1)
        .map(|line| {
            line.iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .copied()
                .collect::<Vec<u8>>()
        })
        .find(|ws| !ws.is_empty())
        .unwrap_or_else(|| b"  ".to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_indentation_is_the_files() {
        assert_eq!(indentation(b"{\n    \"a\": 1\n}\n"), b"    ");
        assert_eq!(indentation(b"{\n\t\"a\": 1\n}"), b"\t");
        assert_eq!(indentation(b"{}"), b"  ");
    }
}
