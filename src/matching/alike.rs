//! Whether a task's text, edited in place, is still the same task: what
//! an import or edit asks to keep the task's id.

use super::Word;

/// Is `new` the same task as `old`, reworded? Most of the words of one
/// are still in the other, ignoring case, spelled the same or as a near
/// miss (the typo rule of matching), so "Wire oauth" → "Wire OAuth
/// providers" and "Rotate keys" → "Rotate the signing keys" are edits,
/// while "Add login rate limiting" → "Write the changelog" is another
/// task. Words of one or two letters count only when there is nothing else.
/// A word turned into its opposite ("Install" → "Uninstall", "Lock" →
/// "Unlock") makes another task, however much else stayed.
pub(crate) fn still_alike(old: &str, new: &str) -> bool {
    let (old, new) = (super::lower(old), super::lower(new));
    let (old, new) = (significant(&old), significant(&new));
    let kept = |from: &[Word], into: &[Word]| {
        from.iter()
            .filter(|w| into.iter().any(|v| super::near_miss(w, v).is_some()))
            .count()
    };
    let alike = kept(&old, &new) * 2 > old.len() || kept(&new, &old) * 2 > new.len();
    alike && !negated(&old, &new) && !negated(&new, &old)
}

/// Does some word of `to` negate a word of `from` (`un` + `lock`)?
fn negated(from: &[Word], to: &[Word]) -> bool {
    const NEGATIONS: [&str; 5] = ["un", "dis", "in", "non", "de"];
    to.iter().any(|t| {
        NEGATIONS.iter().any(|n| {
            t.text
                .strip_prefix(n)
                .is_some_and(|rest| from.iter().any(|f| f.text == rest))
        })
    })
}

fn significant(text: &str) -> Vec<Word<'_>> {
    let all = super::words(text);
    let long: Vec<Word> = all.iter().copied().filter(|w| w.chars > 2).collect();
    if long.is_empty() { all } else { long }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real edits: the same task reworded, and another task written in
    /// its place.
    #[test]
    fn still_alike_on_a_table_of_real_renames() {
        let same = [
            ("Wire oauth", "Wire OAuth providers"),
            ("Rotate keys", "Rotate the signing keys"),
            ("Fix login bug", "Fix login bug on Safari"),
            ("Write README", "Write the README intro"),
            ("Add rate limiting", "Add login rate limiting"),
            ("Invoice export", "Invoice CSV export"),
            ("Migrate users table", "Migrate the users table to Postgres"),
            ("Upgrade deps", "Upgrade all deps"),
            ("Document the API", "Document the public API"),
            ("Set up CI", "Set up CI on GitHub Actions"),
            ("Fix typo in docs", "Fix typos in docs"),
            ("Cache session lookups", "Cache session lookups in Redis"),
            ("Dark mode toggle", "Dark-mode toggle in settings"),
            ("Reivew PR", "Review PR"),
            (
                "Rotate signing keys",
                "Rotate signing keys (vendor sandbox)",
            ),
            ("Bump React to 19", "Bump React to 19.1"),
            ("Wire Stripe webhooks and refunds", "Wire refunds"),
            ("Refactor", "Refactor the auth module"),
            ("Increase timeout", "Increase timeout to 30s"),
            ("Add pagination to the API", "Add paginaton to API"),
        ];
        let different = [
            ("Add login rate limiting", "Write the changelog"),
            ("Rotate keys", "Ship it"),
            ("Old idea", "Something unrelated"),
            ("Fix login bug", "Add signup page"),
            ("Write README", "Deploy staging"),
            ("Wire Stripe webhooks", "Invoice PDF export"),
            ("Deploy to staging", "Deploy to prod"),
            ("Add login rate limiting", "Add tests"),
            ("Refactor", "Rewrite"),
            ("Install the agent", "Uninstall the agent"),
            ("Lock the vault", "Unlock the vault door"),
            ("Enable caching", "Disable caching"),
            ("Import users", "Export users"),
            ("Do it", "Undo it"),
            ("Activate accounts", "Deactivate accounts"),
            ("Connect the clients", "Disconnect the clients"),
        ];
        let mut wrong = Vec::new();
        for (old, new) in same {
            if !still_alike(old, new) {
                wrong.push(format!("same task, not alike: {old:?} -> {new:?}"));
            }
        }
        for (old, new) in different {
            if still_alike(old, new) {
                wrong.push(format!("another task, alike: {old:?} -> {new:?}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
