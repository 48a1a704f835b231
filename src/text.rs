//! Text as it comes in (normalised) and as it goes out to a terminal (made safe).

/// Trim and fold every run of whitespace into one space. `None` when nothing is left.
pub fn normalize(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    (!out.is_empty()).then_some(out)
}

/// Upper-case the first letter, keep the rest: `wire oauth` → `Wire oauth`.
pub fn capitalize_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Upper-case the first letter of every word: `auth work` → `Auth Work`.
pub fn title_words(s: &str) -> String {
    s.split(' ')
        .map(capitalize_first)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Make control characters visible (`^[` for ESC, `^G` for BEL, `^?` for DEL,
/// `\u{85}` style for C1) so that task text can never drive a terminal.
pub fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c as u32 {
            0x00..=0x1f => {
                out.push('^');
                out.push(char::from(b'@' + c as u8));
            }
            0x7f => out.push_str("^?"),
            cp if c.is_control() => out.push_str(&format!("\\u{{{cp:x}}}")),
            _ => out.push(c),
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_whitespace_and_rejects_empty() {
        assert_eq!(normalize("  a \t b\n\nc ").as_deref(), Some("a b c"));
        assert_eq!(normalize(" \n\t "), None);
        assert_eq!(normalize("x\u{1b}[31m y").as_deref(), Some("x\u{1b}[31m y"));
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
        assert_eq!(visible("a\u{1b}[2Jb\u{7}"), "a^[[2Jb^G");
        assert_eq!(visible("x\u{7f}\u{85}"), "x^?\\u{85}");
        assert_eq!(visible("plain ✓"), "plain ✓");
    }
}
