//! Text as it comes in (normalised) and as it goes out to a terminal (made safe).

/// Trim and fold every run of whitespace into one space. `None` when nothing is left.
pub(crate) fn normalize(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    (!out.is_empty()).then_some(out)
}

/// `s` as a person reads it, for telling whether two texts are the same
/// task: letters in one case, characters that print nothing (zero-width
/// spaces and joiners, soft hyphens, variation selectors) left out, every
/// kind of blank one space, full-width forms and the Cyrillic and Greek
/// letters drawn like Latin ones as those Latin letters. So `Ship the
/// release`, `ship the release\u{200b}` and `Ship thе release` (a Cyrillic
/// `е`) read the same.
pub(crate) fn as_read(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut blank = false;
    for c in s.chars() {
        if prints_nothing(c) {
            continue;
        }
        if c.is_whitespace() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push(' ');
            blank = false;
        }
        out.extend(look_alike(c).to_lowercase());
    }
    out
}

/// Characters that show nothing where they stand: [`invisible`]'s, and
/// fillers, joiners and selectors that leave a letter as it was.
fn prints_nothing(c: char) -> bool {
    invisible(c as u32)
        || matches!(c,
        '\u{034f}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}' | '\u{180b}'..='\u{180f}'
        | '\u{2065}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{ffa0}' | '\u{e0100}'..='\u{e01ef}')
}

/// A letter or digit of Unicode's mathematical alphabets (U+1D400 to
/// U+1D7FF: bold, italic, script, fraktur, double-struck, sans-serif and
/// monospace `𝐤`, `𝗈`, `𝟕`) as the plain one it is drawn as: Latin letters
/// and digits as ASCII, Greek letters as Greek (which [`look_alike`] then
/// reads on).
fn mathematical(c: char) -> Option<char> {
    let cp = c as u32;
    match cp {
        // Thirteen alphabets of A–Z then a–z.
        0x1d400..=0x1d6a3 => {
            let i = (cp - 0x1d400) % 52;
            char::from_u32(if i < 26 { 0x41 + i } else { 0x61 + i - 26 })
        }
        0x1d6a4 => Some('i'),
        0x1d6a5 => Some('j'),
        // Five Greek alphabets of 58: Α–Ω (ϴ in Ω's gap), ∇, α–ω, ∂, and
        // six symbol forms.
        0x1d6a8..=0x1d7c9 => {
            let i = (cp - 0x1d6a8) % 58;
            let greek = match i {
                17 => 0x3f4,
                0..=24 => 0x391 + i,
                25 => 0x2207,
                26..=50 => 0x3b1 + i - 26,
                51 => 0x2202,
                _ => [0x3f5, 0x3d1, 0x3f0, 0x3d5, 0x3f1, 0x3d6][(i - 52) as usize],
            };
            char::from_u32(greek)
        }
        0x1d7ca => Some('Ϝ'),
        0x1d7cb => Some('ϝ'),
        // Five sets of digits.
        0x1d7ce..=0x1d7ff => char::from_digit((cp - 0x1d7ce) % 10, 10),
        _ => None,
    }
}

/// The Latin letter `c` is drawn like, or `c`.
fn look_alike(c: char) -> char {
    // Full-width ASCII (`Ｓｈｉｐ`).
    if ('\u{ff01}'..='\u{ff5e}').contains(&c) {
        return char::from_u32(c as u32 - 0xff01 + 0x21).unwrap_or(c);
    }
    let c = mathematical(c).unwrap_or(c);
    match c {
        // Latin small capitals (`ꜱ`) as the letters they are.
        'ᴀ' => 'a',
        'ʙ' => 'b',
        'ᴄ' => 'c',
        'ᴅ' => 'd',
        'ᴇ' => 'e',
        'ꜰ' => 'f',
        'ɢ' => 'g',
        'ʜ' => 'h',
        'ɪ' => 'i',
        'ᴊ' => 'j',
        'ᴋ' => 'k',
        'ʟ' => 'l',
        'ᴍ' => 'm',
        'ɴ' => 'n',
        'ᴏ' => 'o',
        'ᴘ' => 'p',
        'ʀ' => 'r',
        'ꜱ' => 's',
        'ᴛ' => 't',
        'ᴜ' => 'u',
        'ᴠ' => 'v',
        'ᴡ' => 'w',
        'ʏ' => 'y',
        'ᴢ' => 'z',
        // The letterlike symbols that fill the mathematical alphabets' gaps.
        'ℎ' => 'h',
        'ℯ' => 'e',
        'ℊ' => 'g',
        'ℴ' => 'o',
        'ℂ' | 'ℭ' => 'C',
        'ℍ' | 'ℋ' | 'ℌ' => 'H',
        'ℕ' => 'N',
        'ℙ' => 'P',
        'ℚ' => 'Q',
        'ℝ' | 'ℛ' | 'ℜ' => 'R',
        'ℤ' | 'ℨ' => 'Z',
        'ℬ' => 'B',
        'ℰ' => 'E',
        'ℱ' => 'F',
        'ℐ' | 'ℑ' => 'I',
        'ℒ' => 'L',
        'ℳ' => 'M',
        '\u{212a}' => 'K',
        'ı' => 'i',
        'ȷ' => 'j',
        'ɡ' => 'g',
        'κ' | 'ϰ' => 'k',
        'ν' => 'v',
        'ϱ' => 'p',
        'а' | 'α' => 'a',
        'А' | 'Α' => 'A',
        'В' | 'Β' | 'в' => 'B',
        'с' | 'ϲ' => 'c',
        'С' | 'Ϲ' => 'C',
        'ԁ' => 'd',
        'е' | 'ё' => 'e',
        'Е' | 'Ε' => 'E',
        'Ζ' => 'Z',
        'һ' => 'h',
        'Н' | 'Η' | 'н' => 'H',
        'і' | 'ι' => 'i',
        'І' | 'Ι' | 'Ӏ' => 'I',
        'ј' => 'j',
        'Ј' => 'J',
        'К' | 'Κ' | 'к' => 'K',
        'М' | 'Μ' | 'м' => 'M',
        'Ν' => 'N',
        'о' | 'ο' | 'σ' => 'o',
        'О' | 'Ο' => 'O',
        'р' | 'ρ' => 'p',
        'Р' | 'Ρ' => 'P',
        'ԛ' => 'q',
        'ѕ' => 's',
        'Ѕ' => 'S',
        'Т' | 'Τ' | 'т' => 'T',
        'υ' => 'u',
        'у' => 'y',
        'У' | 'Υ' | 'Ү' => 'Y',
        'ԝ' => 'w',
        'х' | 'χ' => 'x',
        'Х' | 'Χ' => 'X',
        _ => c,
    }
}

/// The tag an agent's harness wraps its own words in: text from a plan
/// may never open or close one in what an agent reads.
const AGENT_TAG: &str = "system-reminder";

/// Does `text`, which starts with `<`, open or close a `<system-reminder`
/// tag (any case, blanks and `/` allowed before the name)?
pub(crate) fn opens_tag(text: &str) -> bool {
    let rest = text
        .get(1..)
        .unwrap_or("")
        .trim_start_matches(|c: char| c == '/' || c.is_ascii_whitespace());
    rest.get(..AGENT_TAG.len())
        .is_some_and(|name| name.eq_ignore_ascii_case(AGENT_TAG))
}

/// `text` with the `<` of every `<system-reminder` or `</system-reminder`
/// (any case, blanks allowed) written `lt`: `&lt;` in what the agent reads
/// as text (and, in Markdown, the same text), `\u003c` in JSON (the same
/// JSON, as a `<` stands only inside a string).
pub(crate) fn neutral_tags(text: &str, lt: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (i, _) in text.match_indices('<') {
        if opens_tag(&text[i..]) {
            out.push_str(&text[last..i]);
            out.push_str(lt);
            last = i + 1;
        }
    }
    out.push_str(&text[last..]);
    out
}

/// Text from the plan (or a person's command) as the agent reads it in
/// todo's answers: on its own line, control characters made visible as on
/// a terminal (`^J`, `^[`), and unable to open or close the
/// `<system-reminder>` that wraps it (see [`neutral_tags`]). The plan file
/// may come from a cloned repository or a hand edit, and the agent takes
/// what it reads for instructions.
pub(crate) fn for_agent(text: &str) -> String {
    neutral_tags(&visible(text), "&lt;")
}

/// Text of several lines (a checklist) as an agent reads it: each line
/// [`for_agent`].
pub(crate) fn for_agent_lines(text: &str) -> String {
    let lines: Vec<String> = text.split('\n').map(for_agent).collect();
    lines.join("\n")
}

/// The first `max` characters of `s`, and whether that cut anything off.
pub(crate) fn head(s: &str, max: usize) -> (&str, bool) {
    match s.char_indices().nth(max) {
        Some((i, _)) => (&s[..i], true),
        None => (s, false),
    }
}

/// `text` made safe by `safe` and cut to `max` characters (the last one
/// `…`); only the first `max` characters are made safe, so a text of any
/// length costs no more than a short one. A cut can only split a tag, not
/// make one.
pub(crate) fn clipped(text: &str, max: usize, safe: impl Fn(&str) -> String) -> String {
    let (start, cut) = head(text, max);
    let out = safe(start);
    match head(&out, max - 1) {
        (kept, true) if cut || head(&out, max).1 => format!("{kept}…"),
        _ => out,
    }
}

/// Text as [`normalize`] would leave it, borrowed when it already is (the
/// common case, checked without allocating). For writers of text that did
/// not come in through a verb: a plan file is not normalised on read, and a
/// line break in its text must not become a line of Markdown.
pub(crate) fn folded(s: &str) -> std::borrow::Cow<'_, str> {
    if is_folded(s) {
        s.into()
    } else {
        normalize(s).unwrap_or_default().into()
    }
}

/// Would [`normalize`] leave `s` as it is (or, for blank text, empty)?
fn is_folded(s: &str) -> bool {
    let bytes = s.as_bytes();
    bytes.first() != Some(&b' ')
        && bytes.last() != Some(&b' ')
        && !bytes.iter().enumerate().any(|(i, &b)| match b {
            b' ' => bytes.get(i + 1) == Some(&b' '),
            b'\t' | b'\n' | 0x0b | 0x0c | b'\r' => true,
            // Lead bytes of the non-ASCII whitespace characters.
            0xc2 | 0xe1 | 0xe2 | 0xe3 => s[i..].chars().next().is_some_and(char::is_whitespace),
            _ => false,
        })
}

/// Upper-case the first letter, keep the rest: `wire oauth` → `Wire oauth`.
pub(crate) fn capitalize_first(s: &str) -> String {
    let mut chars = s.chars();
    let first = chars.next().map(char::to_uppercase);
    first.into_iter().flatten().chain(chars).collect()
}

/// A count with its noun, in a real plural: `1 task`, `2 tasks`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Upper-case the first letter of every word: `auth work` → `Auth Work`.
pub(crate) fn title_words(s: &str) -> String {
    s.split(' ')
        .map(capitalize_first)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Characters that can change how a terminal shows text without being seen
/// themselves: bidi overrides, embeddings and isolates (a task that reads
/// backwards), zero-width and other invisible format characters, line and
/// paragraph separators, and the invisible "tag" characters.
fn invisible(cp: u32) -> bool {
    matches!(
        cp,
        0x00ad
            | 0x061c
            | 0x180e
            | 0x200b..=0x200f
            | 0x2028..=0x202e
            | 0x2060..=0x2064
            | 0x2066..=0x206f
            | 0xfeff
            | 0xfff9..=0xfffb
            | 0xe0000..=0xe007f
    )
}

/// Would [`visible`] change this character?
pub(crate) fn is_unsafe(c: char) -> bool {
    c.is_control() || invisible(c as u32)
}

/// Make control and invisible characters visible (`^[`, `^J`, `^?`,
/// `<U+202E>`), so that text from a plan or a command line can never drive
/// a terminal or read as something else.
pub(crate) fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c as u32 {
            cp @ 0x00..=0x1f => out.extend(['^', char::from(b'@' + cp as u8)]),
            0x7f => out.push_str("^?"),
            cp if is_unsafe(c) => out.push_str(&format!("<U+{cp:04X}>")),
            _ => out.push(c),
        }
    }
    out.into()
}

/// One line of a text: where it starts, where its text ends, and where the
/// next line starts.
pub(crate) struct Line {
    pub start: usize,
    pub text_end: usize,
    pub end: usize,
}

/// The lines of `text`. `\n`, `\r\n` and a lone `\r` all end a line, as they
/// do for CommonMark; a final line ending does not start another line.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = Line> {
    let bytes = text.as_bytes();
    let mut start = 0;
    std::iter::from_fn(move || {
        let rest = bytes.get(start..).filter(|r| !r.is_empty())?;
        let text_end = memchr::memchr2(b'\n', b'\r', rest).map_or(bytes.len(), |i| start + i);
        let end = match bytes.get(text_end) {
            Some(b'\r') if bytes.get(text_end + 1) == Some(&b'\n') => text_end + 2,
            Some(_) => text_end + 1,
            None => text_end,
        };
        let line = Line {
            start,
            text_end,
            end,
        };
        start = end;
        Some(line)
    })
}

/// Human text as lines. The line breaks between lines are ours; everything
/// inside a line is shown to a person through [`visible`] as a whole, which
/// is exact because our own words never hold control characters: only the
/// plan's text (or a query, a path, a line of a file) can, and a newline
/// inside it stays inside its line (`^J`) instead of making a line of its own.
/// Piped, or in `--json`, the lines are the text as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Message {
    text: String,
    /// Byte offsets in `text` of the newlines that are our line breaks.
    breaks: Vec<usize>,
    /// Whether there is a line at all (an empty message has none).
    started: bool,
}

impl Message {
    /// Lines from a text whose every newline is a line break of ours (a
    /// message we wrote with `\n`, or the rendered Markdown checklist). A
    /// final newline ends the last line; it does not start another.
    pub(crate) fn of_lines(text: &str) -> Message {
        let text = text.strip_suffix('\n').unwrap_or(text);
        Message {
            breaks: text.match_indices('\n').map(|(i, _)| i).collect(),
            text: text.to_string(),
            started: true,
        }
    }

    /// Add one line; a newline inside it is text.
    pub(crate) fn push(&mut self, line: impl AsRef<str>) {
        self.line().push_str(line.as_ref());
    }

    /// Start a line and give its text to write: a newline written is text.
    pub(crate) fn line(&mut self) -> &mut String {
        if self.started {
            self.breaks.push(self.text.len());
            self.text.push('\n');
        }
        self.started = true;
        &mut self.text
    }

    /// Continue the last line; a newline in `more` is text.
    pub(crate) fn extend_line(&mut self, more: &str) {
        self.text.push_str(more);
        self.started = true;
    }

    /// The same lines with `prefix` put before the first.
    pub(crate) fn prefixed(mut self, prefix: &str) -> Message {
        self.text.insert_str(0, prefix);
        self.breaks.iter_mut().for_each(|b| *b += prefix.len());
        self.started = true;
        self
    }

    /// The lines, without their line breaks.
    pub(crate) fn lines(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.breaks.iter().map(|b| b + 1));
        let ends = self
            .breaks
            .iter()
            .copied()
            .chain(std::iter::once(self.text.len()));
        starts
            .zip(ends)
            .map(|(a, b)| &self.text[a..b])
            .take(if self.started { usize::MAX } else { 0 })
    }

    /// The lines joined with newlines, as they go to a pipe or into `--json`.
    pub(crate) fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether there is no line at all.
    pub(crate) fn is_empty(&self) -> bool {
        !self.started
    }

    /// The lines, each ending in a newline, as in a file.
    pub(crate) fn into_file(mut self) -> String {
        if self.started {
            self.text.push('\n');
        }
        self.text
    }
}

/// Each item one line ([`Message::push`]).
impl<S: AsRef<str>> Extend<S> for Message {
    fn extend<I: IntoIterator<Item = S>>(&mut self, lines: I) {
        lines.into_iter().for_each(|line| self.push(line));
    }
}

impl<S: AsRef<str>> FromIterator<S> for Message {
    fn from_iter<I: IntoIterator<Item = S>>(lines: I) -> Message {
        let mut out = Message::default();
        out.extend(lines);
        out
    }
}

/// A string is one line: any newline in it is text, shown as `^J`.
impl From<String> for Message {
    fn from(line: String) -> Message {
        Message {
            text: line,
            breaks: Vec::new(),
            started: true,
        }
    }
}

impl From<&str> for Message {
    fn from(line: &str) -> Message {
        Message::from(line.to_string())
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_read_the_same() {
        let key = as_read("Ship the release");
        for alike in [
            "ship the release",
            "Ship the release\u{200b}",
            "Ship th\u{0435} release",
            "Ship\u{00a0}the  release",
            "Ｓｈｉｐ the release",
            "S\u{00ad}hip the release",
        ] {
            assert_eq!(as_read(alike), key, "{alike:?}");
        }
        assert_ne!(as_read("Ship the releases"), key);
        assert_eq!(as_read("Straße"), "straße");
        // Mathematical alphanumerics, small capitals, Greek.
        for (alike, plain) in [
            ("Pers𝗈n", "person"),
            ("tas𝐤", "task"),
            ("𝐒𝐡𝐢𝐩 𝟕", "ship 7"),
            ("𝔖𝔥𝔦𝔭", "ship"),
            ("𝓢𝓱𝓲𝓹", "ship"),
            ("𝕊𝕙𝕚𝕡", "ship"),
            ("𝚂𝚑𝚒𝚙", "ship"),
            ("ℎ𝑜𝑡", "hot"),
            ("taκe", "take"),
            ("ꜱhip", "ship"),
            ("ᴘᴇʀꜱᴏɴ", "person"),
            ("𝚨𝚩𝚬", "abe"),
            ("𝛂𝛋𝛐", "ako"),
        ] {
            assert_eq!(as_read(alike), plain, "{alike:?}");
        }
    }

    #[test]
    fn normalize_folds_whitespace_and_rejects_empty() {
        assert_eq!(normalize("  a \t b\n\nc ").as_deref(), Some("a b c"));
        assert_eq!(normalize(" \n\t "), None);
        assert_eq!(normalize("x\u{1b}[31m y").as_deref(), Some("x\u{1b}[31m y"));
    }

    #[test]
    fn folded_is_normalize_without_copying_what_is_already_folded() {
        for s in [
            "a b",
            "",
            " a",
            "a ",
            "a  b",
            "a\tb",
            "a\nb",
            "a\r\n\nb",
            "a\u{a0}b",
            "a\u{2028}b",
            "a\u{3000}b",
            "a\u{85}b",
            "日本 語",
            "é è",
            "\u{1b}[2J x",
            "x\u{202e}y",
            "  \n ",
        ] {
            let want = normalize(s).unwrap_or_default();
            assert_eq!(folded(s), want, "{s:?}");
            let borrowed = matches!(folded(s), std::borrow::Cow::Borrowed(_));
            assert_eq!(borrowed, want == s, "{s:?}");
        }
    }

    #[test]
    fn capitalization() {
        assert_eq!(capitalize_first("wire oauth"), "Wire oauth");
        assert_eq!(capitalize_first("éa"), "Éa");
        assert_eq!(capitalize_first("42 things"), "42 things");
        assert_eq!(title_words("auth work"), "Auth Work");
    }

    #[test]
    fn control_characters_are_made_visible() {
        for (s, want) in [
            ("a\u{1b}[2Jb\u{7}", "a^[[2Jb^G"),
            ("x\u{7f}\u{85}\u{9b}", "x^?<U+0085><U+009B>"),
            ("a\nb\tc\rd", "a^Jb^Ic^Md"),
            ("\u{202e}txt.exe\u{2066}", "<U+202E>txt.exe<U+2066>"),
            ("\u{2069}\u{200b}\u{200d}", "<U+2069><U+200B><U+200D>"),
            ("\u{2060}\u{feff}", "<U+2060><U+FEFF>"),
            ("\u{e0041}", "<U+E0041>"),
            ("plain ✓ é 日本 👍", "plain ✓ é 日本 👍"),
        ] {
            assert_eq!(visible(s), want, "{s:?}");
        }
    }

    #[test]
    fn a_message_is_lines_and_a_newline_in_a_line_is_text() {
        let lines = |m: &Message| m.lines().map(str::to_string).collect::<Vec<_>>();
        let mut m = Message::of_lines("Head:\n  - a\n");
        m.push("b\nc");
        assert_eq!(lines(&m), ["Head:", "  - a", "b\nc"]);
        assert_eq!(m.to_string(), "Head:\n  - a\nb\nc");
        assert_eq!(lines(&Message::of_lines("x\n\ny")), ["x", "", "y"]);
        assert_eq!(lines(&Message::from("one\ntwo")), ["one\ntwo"]);
        assert_eq!(lines(&Message::default()), Vec::<String>::new());
        assert_eq!(lines(&Message::from("")), [""]);
        let mut joined: Message = ["a", ""].into_iter().collect();
        joined.extend(Message::of_lines("c\nd").lines());
        assert_eq!(lines(&joined), ["a", "", "c", "d"]);
    }
}
