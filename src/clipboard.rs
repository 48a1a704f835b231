//! Putting text on the clipboard: `TODO_CLIPBOARD` if set, else the
//! platform's tool (wl-copy, xclip, xsel, pbcopy, clip.exe), else an OSC 52
//! escape when stdout is a terminal. Tools run with stdout and stderr
//! detached, because xclip stays behind to hold the selection.

use std::io::Write;
use std::process::Stdio;

use crate::platform::{ToolProblem, io_reason, on_path, start};

type ClipboardResult<T> = std::result::Result<T, ClipboardError>;

/// The clipboard command (`TODO_CLIPBOARD` or the one found) failed.
#[derive(Debug, thiserror::Error)]
#[error("clipboard command \"{command}\" failed")]
pub(crate) struct ClipboardError {
    pub command: String,
    pub problem: ToolProblem,
}

/// How the text got (or did not get) to the clipboard.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Copied {
    /// A tool took it; the command line is for messages.
    Tool(String),
    /// An OSC 52 escape for the terminal (to write to stdout).
    Osc52(String),
    /// An OSC 52 escape wrapped for a terminal multiplexer to pass on: it
    /// reaches the clipboard only if the multiplexer lets it through, which
    /// todo cannot see.
    Passed(String, Mux),
    /// Nothing could copy.
    Unavailable,
}

/// A terminal multiplexer between `todo` and the terminal, which swallows
/// an OSC 52 escape unless it is passed through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::Display)]
#[strum(serialize_all = "lowercase")]
pub(crate) enum Mux {
    Tmux,
    Screen,
}

impl Mux {
    /// How to make the copy certain.
    pub(crate) fn fix(self) -> &'static str {
        match self {
            Mux::Tmux => {
                "if it did not arrive, add `set -g set-clipboard on` (tmux 3.3+: also `set -g allow-passthrough on`) to ~/.tmux.conf, or set TODO_CLIPBOARD to a clipboard command"
            }
            Mux::Screen => {
                "if it did not arrive, set TODO_CLIPBOARD to a clipboard command (screen passes OSC 52 on only to a terminal that supports it)"
            }
        }
    }

    /// `escape` wrapped so the multiplexer hands it to the terminal: tmux's
    /// passthrough (`ESC P tmux; …ESC ESC… ESC \`) after the plain escape
    /// (which tmux takes itself with `set-clipboard on`); screen's DCS, in
    /// pieces short enough for its buffer.
    fn wrap(self, escape: &str) -> String {
        match self {
            Mux::Tmux => format!(
                "{escape}\u{1b}Ptmux;{}\u{1b}\\",
                escape.replace('\u{1b}', "\u{1b}\u{1b}")
            ),
            // ASCII only (ESC, `]52;c;`, base64, BEL): any cut is a
            // character boundary.
            Mux::Screen => escape
                .as_bytes()
                .chunks(76)
                .map(|piece| {
                    let piece = std::str::from_utf8(piece).unwrap_or_default();
                    format!("\u{1b}P{piece}\u{1b}\\")
                })
                .collect(),
        }
    }
}

/// The environment the choice depends on, read at the edge.
#[derive(Debug, Default, Clone)]
pub(crate) struct Env {
    /// The multiplexer stdout's terminal is in, if any.
    pub mux: Option<Mux>,
    pub override_cmd: Option<String>,
    pub wayland: bool,
    pub x11: bool,
    pub path: Option<std::ffi::OsString>,
    pub stdout_tty: bool,
}

impl Env {
    pub(crate) fn from_process(stdout_tty: bool) -> Env {
        let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
        let term = std::env::var("TERM").unwrap_or_default();
        let mux = if set("TMUX") {
            Some(Mux::Tmux)
        } else if set("STY") || term.starts_with("screen") {
            Some(Mux::Screen)
        } else {
            None
        };
        Env {
            mux,
            override_cmd: std::env::var("TODO_CLIPBOARD")
                .ok()
                .filter(|v| !v.trim().is_empty()),
            wayland: set("WAYLAND_DISPLAY"),
            x11: set("DISPLAY"),
            path: std::env::var_os("PATH"),
            stdout_tty,
        }
    }

    /// The command to run, if any.
    pub(crate) fn command(&self) -> ClipboardResult<Option<Vec<String>>> {
        if let Some(cmd) = &self.override_cmd {
            let words = crate::platform::split_command(cmd).map_err(|e| ClipboardError {
                command: cmd.clone(),
                problem: ToolProblem::Split(e),
            })?;
            return Ok(Some(words));
        }
        let candidates: &[(bool, &[&str])] = &[
            (self.wayland, &["wl-copy"]),
            (self.x11, &["xclip", "-selection", "clipboard"]),
            (self.x11, &["xsel", "--clipboard", "--input"]),
            (true, &["pbcopy"]),
            (true, &["clip.exe"]),
        ];
        Ok(candidates
            .iter()
            .find(|(ok, argv)| *ok && on_path(self.path.as_deref(), argv[0].as_ref()))
            .map(|(_, argv)| argv.iter().map(|s| s.to_string()).collect()))
    }
}

pub(crate) fn copy(env: &Env, text: &str) -> ClipboardResult<Copied> {
    let Some(argv) = env.command()? else {
        if env.stdout_tty {
            let escape = format!("\u{1b}]52;c;{}\u{7}", base64(text.as_bytes()));
            return Ok(match env.mux {
                Some(mux) => Copied::Passed(mux.wrap(&escape), mux),
                None => Copied::Osc52(escape),
            });
        }
        return Ok(Copied::Unavailable);
    };
    let shown = argv.join(" ");
    let fail = |problem| ClipboardError {
        command: shown.clone(),
        problem,
    };
    let failed = |why| fail(ToolProblem::Failed(why));
    let program = argv.first().map_or("", String::as_str);
    let mut child = start(&argv, |tool| {
        tool.stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
    })
    .map_err(fail)?;
    // A tool that exits early closes the pipe under us; its exit status is
    // then the better explanation, so wait for it before blaming the write.
    let written = match child.stdin.take() {
        Some(mut stdin) => stdin.write_all(&encoded_for(program, text)),
        None => Ok(()),
    };
    let status = child.wait().map_err(|e| failed(io_reason(&e)))?;
    if !status.success() {
        return Err(failed(status.to_string()));
    }
    written.map_err(|e| failed(format!("cannot write to it ({})", io_reason(&e))))?;
    Ok(Copied::Tool(shown))
}

/// The bytes `program` reads as `text`. Windows's `clip.exe` (also run from
/// WSL) reads its input in the console's code page, which garbles UTF-8
/// past ASCII, unless it starts with a UTF-16LE byte-order mark: it gets
/// that. Every other tool reads UTF-8.
fn encoded_for(program: &str, text: &str) -> Vec<u8> {
    // Either separator: a Windows path named on any system (WSL).
    let name = program
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(program)
        .to_ascii_lowercase();
    if name != "clip.exe" && name != "clip" {
        return text.as_bytes().to_vec();
    }
    let mut out = vec![0xFF, 0xFE];
    out.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    out
}

/// Standard base64 with padding (for OSC 52).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        // The chunk's bytes as the top of 24 bits, missing ones zero.
        let n = chunk
            .iter()
            .enumerate()
            .fold(0, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            let sextet = char::from(ALPHABET[(n >> shift) as usize & 63]);
            out.push(if i <= chunk.len() { sextet } else { '=' });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_exe_gets_utf16_with_a_byte_order_mark_and_others_utf8() {
        assert_eq!(encoded_for("xclip", "é"), "é".as_bytes());
        assert_eq!(encoded_for("pbcopy", "a"), b"a");
        let wide = [0xFF, 0xFE, b'a', 0, 0xE9, 0, 0x3D, 0xD8, 0x00, 0xDE];
        assert_eq!(encoded_for("clip.exe", "aé😀"), wide);
        assert_eq!(encoded_for(r"C:\Windows\System32\CLIP.EXE", "aé😀"), wide);
        assert_eq!(
            encoded_for("/mnt/c/Windows/system32/clip.exe", "aé😀"),
            wide
        );
    }

    #[test]
    fn base64_matches_the_rfc_vectors() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    /// An X display but no clipboard tool on the PATH.
    fn no_tool(stdout_tty: bool, mux: Option<Mux>) -> Env {
        Env {
            path: Some("/nonexistent".into()),
            x11: true,
            stdout_tty,
            mux,
            ..Env::default()
        }
    }

    #[test]
    fn the_override_wins_and_is_split_into_words() {
        // Double quotes: a shell's and a Windows command line's alike.
        let override_cmd = Some("tee -a \"/tmp/my clip\"".into());
        let env = Env {
            override_cmd,
            ..no_tool(false, None)
        };
        let words = ["tee", "-a", "/tmp/my clip"].map(String::from);
        assert_eq!(env.command().unwrap(), Some(words.to_vec()));
    }

    #[test]
    fn no_tool_and_no_terminal_means_unavailable() {
        let env = no_tool(false, None);
        assert_eq!(copy(&env, "x").unwrap(), Copied::Unavailable);
        let osc = Copied::Osc52("\u{1b}]52;c;aGk=\u{7}".into());
        assert_eq!(copy(&no_tool(true, None), "hi").unwrap(), osc);
    }

    #[test]
    fn a_multiplexer_gets_the_escape_wrapped_to_pass_on() {
        let env = |mux| no_tool(true, Some(mux));
        assert_eq!(
            copy(&env(Mux::Tmux), "hi").unwrap(),
            Copied::Passed(
                "\u{1b}]52;c;aGk=\u{7}\u{1b}Ptmux;\u{1b}\u{1b}]52;c;aGk=\u{7}\u{1b}\\".into(),
                Mux::Tmux
            )
        );
        let Copied::Passed(long, _) = copy(&env(Mux::Screen), &"x".repeat(200)).unwrap() else {
            panic!("not passed on");
        };
        let pieces: Vec<&str> = long.split("\u{1b}\\").filter(|p| !p.is_empty()).collect();
        assert!(
            pieces.len() > 1
                && pieces
                    .iter()
                    .all(|p| p.starts_with("\u{1b}P") && p.len() <= 78)
        );
        assert_eq!(
            pieces.iter().map(|p| &p[2..]).collect::<String>(),
            format!("\u{1b}]52;c;{}\u{7}", base64("x".repeat(200).as_bytes()))
        );
    }
}
