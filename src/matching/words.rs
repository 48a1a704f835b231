//! Words, the one way matching splits text: a word is a run of letters and
//! digits (docs/contract.md, "Matching a query"). Each word comes with its length in characters and a
//! letter set, built here and nowhere else, so that the typo step can skip
//! most words of a large plan without measuring any distance.

/// One word of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Word<'a> {
    pub text: &'a str,
    /// Length in characters.
    pub chars: usize,
    /// The letter set: one bit per ASCII letter (either case) or digit,
    /// one shared bit for everything else.
    pub mask: u64,
}

impl Word<'_> {
    pub(crate) fn first(&self) -> Option<char> {
        self.text.chars().next()
    }

    pub(crate) fn has_digit(&self) -> bool {
        self.mask & DIGITS != 0
    }
}

const DIGITS: u64 = ((1 << 10) - 1) << 26;
const OTHER: u64 = 1 << 63;

/// For each ASCII byte: is it part of a word, and its letter-set bit.
const fn ascii_classes() -> [(bool, u64); 128] {
    let mut table = [(false, 0u64); 128];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = match byte {
            b'a'..=b'z' => (true, 1 << (byte - b'a')),
            b'A'..=b'Z' => (true, 1 << (byte - b'A')),
            b'0'..=b'9' => (true, 1 << (26 + byte - b'0')),
            _ => (false, 0),
        };
        b += 1;
    }
    table
}

static ASCII: [(bool, u64); 128] = ascii_classes();

/// Call `f` for each word of `s`, in one pass over its bytes (ASCII text,
/// nearly all of it, is never decoded).
#[inline]
pub(crate) fn for_each_word<'a>(s: &'a str, mut f: impl FnMut(Word<'a>)) {
    let bytes = s.as_bytes();
    let (mut start, mut mask, mut chars, mut inside) = (0, 0u64, 0usize, false);
    let mut i = 0;
    // The end of the text ends a word as a separator does.
    while i <= bytes.len() {
        let (word, bit, len) = match bytes.get(i) {
            None => (false, 0, 1),
            Some(&b) if b < 0x80 => {
                let (word, bit) = ASCII[usize::from(b)];
                (word, bit, 1)
            }
            Some(_) => {
                // `i` is a character boundary: every earlier step moved by whole characters.
                let c = s[i..].chars().next().unwrap_or('\u{fffd}');
                (c.is_alphanumeric(), OTHER, c.len_utf8())
            }
        };
        if word {
            if !inside {
                (start, mask, chars, inside) = (i, 0, 0, true);
            }
            mask |= bit;
            chars += 1;
        } else if inside {
            inside = false;
            f(Word {
                text: &s[start..i],
                chars,
                mask,
            });
        }
        i += len;
    }
}

pub(crate) fn words(s: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    for_each_word(s, |w| out.push(w));
    out
}

/// A query prepared once for [`at_word_start_of`] over many texts: the
/// substring searcher costs more to build than most task texts to search.
pub(crate) struct Needle<'q> {
    query: &'q str,
    finder: memchr::memmem::Finder<'q>,
}

impl<'q> Needle<'q> {
    pub(crate) fn new(query: &'q str) -> Needle<'q> {
        Needle {
            query,
            finder: memchr::memmem::Finder::new(query),
        }
    }
}

/// Does the needle's query (lower-cased) occur in `text` where a word
/// begins: at the start, after a character that is not a letter or digit,
/// or where a lower-case letter is followed by an upper-case one
/// (`getUser`)? `lower` is `text` lower-cased. Case is ignored.
pub(crate) fn at_word_start_of(text: &str, lower: &str, needle: &Needle) -> bool {
    let query = needle.query;
    if query.is_empty() {
        return false;
    }
    if text.is_ascii() && query.is_ascii() {
        // Lower-casing ASCII keeps every byte where it was.
        // Overlapping occurrences count ("xab-ab-ab" has "ab-ab" at 4).
        let bytes = text.as_bytes();
        let mut from = 0;
        while let Some(found) = lower
            .as_bytes()
            .get(from..)
            .and_then(|rest| needle.finder.find(rest))
        {
            let i = from + found;
            if i == 0 || starts_word(bytes[i - 1] as char, bytes[i] as char) {
                return true;
            }
            from = i + 1;
        }
        return false;
    }
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        if prev.is_none_or(|p| starts_word(p, c)) && folded_starts_with(&text[i..], query) {
            return true;
        }
        prev = Some(c);
    }
    false
}

fn starts_word(prev: char, c: char) -> bool {
    !prev.is_alphanumeric() || (prev.is_lowercase() && c.is_uppercase())
}

/// Does `s`, lower-cased, start with `prefix` (already lower-case)?
fn folded_starts_with(s: &str, prefix: &str) -> bool {
    let mut folded = s.chars().flat_map(char::to_lowercase);
    prefix.chars().all(|w| folded.next() == Some(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<&str> {
        words(s).iter().map(|w| w.text).collect()
    }

    #[test]
    fn words_are_runs_of_letters_and_digits() {
        assert_eq!(
            texts("wire oauth, providers!"),
            ["wire", "oauth", "providers"]
        );
        assert_eq!(texts("été—ok 3.7 x"), ["été", "ok", "3", "7", "x"]);
        assert_eq!(texts("  lead/trail  "), ["lead", "trail"]);
        assert_eq!(texts(""), Vec::<&str>::new());
        assert_eq!(texts("C# and lib-v2"), ["C", "and", "lib", "v2"]);
        let w = words("Été2");
        assert_eq!(w[0].chars, 4);
        assert!(w[0].has_digit());
    }

    #[test]
    fn letter_sets_ignore_case_and_share_one_bit_for_the_rest() {
        let mask = |s: &str| words(s)[0].mask;
        assert_eq!(mask("Abc"), mask("cab"));
        assert_eq!(mask("a1"), 1 | 1 << 27);
        assert_eq!(mask("éa"), 1 | OTHER);
        assert_ne!(mask("abc"), mask("abd"));
    }

    #[test]
    fn word_starts() {
        let at =
            |text: &str, q: &str| at_word_start_of(text, &text.to_lowercase(), &Needle::new(q));
        assert!(at("Wire OAuth providers", "oauth"));
        assert!(at("Wire OAuth providers", "wire oauth"));
        assert!(!at("Wire OAuth providers", "auth"));
        assert!(!at("Uninstall old agent", "install"));
        assert!(!at("Remove unused deps", "used"));
        assert!(!at("Rapid prototyping", "api"));
        assert!(!at("Build", "ui"));
        assert!(at("Fix getUser crash", "user"));
        assert!(!at("Fix getUser crash", "ser"));
        assert!(at("Bump lib-v2", "v2"));
        assert!(at("Fix issue #42", "#42"));
        assert!(!at("C#", "#"));
        assert!(at("Écrire la doc", "écrire"));
        assert!(at("Mettre à jour l'Été", "été"));
        assert!(!at("Mettre à jour l'Été", "té"));
        assert!(!at("Wire", "wire oauth"));
        assert!(at("xab-ab-ab", "ab-ab"));
    }
}
