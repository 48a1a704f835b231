//! Typo tolerance (docs/contract.md, "Matching a query", step 6): when no step found the query, each of
//! its words may be a near miss of a word of a task or phase. Forgiving
//! about spelling, strict about meaning: a near miss keeps the first
//! letter (`decrease` is never `increase`), stays within a small edit
//! budget, and is never the other word with a prefix added or taken away
//! (`used` is never `unused`). Short words and numbers must be as typed.

use std::collections::HashMap;

use super::words::{Word, for_each_word, words};
use rustc_hash::FxBuildHasher;

/// Edits allowed between two words, by the length of the longer one
/// (Damerau: a swap of two neighbours is one edit).
fn budget(longer: usize) -> usize {
    match longer {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    }
}

/// Must this query word be in the text exactly as typed? Words of one to
/// three letters, and numbers (`3.7`, `v2`): `auth ui` is not "Auth API",
/// `task 12` is not "Task 13".
fn exact_only(w: &Word) -> bool {
    w.chars <= 3 || w.has_digit()
}

/// The edits between query word `q` and text word `w` when `w` is what
/// `q` could have meant, else `None`. Both are lower-case.
pub(crate) fn near_miss(q: &Word, w: &Word) -> Option<usize> {
    if q.text == w.text {
        return Some(0);
    }
    if exact_only(q) || w.has_digit() || q.first() != w.first() {
        return None;
    }
    let longer = q.chars.max(w.chars);
    let allowed = budget(longer);
    if q.chars.abs_diff(w.chars) > allowed {
        return None;
    }
    // Each letter one word has and the other lacks costs at least one edit:
    // a cheap test that rules out almost every unrelated word.
    let lacking = (q.mask & !w.mask)
        .count_ones()
        .max((w.mask & !q.mask).count_ones());
    if lacking as usize > allowed {
        return None;
    }
    // A prefix of two or more letters added or removed makes another word
    // (used/unused, read/reread, duplicate/deduplicate); one letter more
    // is a slip of the finger (sstripe).
    let (short, long) = if q.chars < w.chars { (q, w) } else { (w, q) };
    if long.chars >= short.chars + 2 && long.text.ends_with(short.text) {
        return None;
    }
    // Unrestricted Damerau–Levenshtein: `oaht` → `oauth` is two edits, a
    // swap and an insertion.
    let d = strsim::damerau_levenshtein(q.text, w.text);
    (d <= allowed).then_some(d)
}

/// How closely query word `q` stands for word `w`, in 0..=1.
fn closeness(q: &Word, w: &Word, edits: usize) -> f64 {
    1.0 - edits as f64 / q.chars.max(w.chars) as f64
}

/// A guess must beat every other candidate by this much.
const MARGIN: f64 = 0.1;

/// What the typo step found among `texts` (lower-cased): indexes.
#[derive(Debug, PartialEq)]
pub(super) enum Typo {
    /// One candidate, clearly closer than any other.
    One(usize),
    /// Several it cannot tell apart.
    Several(Vec<usize>),
    /// Nothing; maybe something close enough to mention.
    Nothing { hint: Option<usize> },
}

/// Per query word, what each text word scored, remembered by word: the
/// same words come back in thousands of tasks of a large plan.
type TypoMemo<'a> = HashMap<&'a str, Option<f64>, FxBuildHasher>;

/// Score every text against the query (lower-cased).
pub(super) fn typo<'a>(query: &str, texts: impl Iterator<Item = &'a str>) -> Typo {
    let qwords = words(query);
    if qwords.is_empty() {
        return Typo::Nothing { hint: None };
    }
    let mut memos: Vec<TypoMemo> = qwords.iter().map(|_| TypoMemo::default()).collect();
    let mut best = vec![f64::NAN; qwords.len()];
    let mut scored: Vec<(f64, usize)> = Vec::new();
    // For the hint: (query words found, summed closeness). A hint needs at
    // least half of the words, and every short word and number as typed;
    // the index is `None` while two texts tie.
    let mut hint: Option<((usize, f64), Option<usize>)> = None;
    for (i, text) in texts.enumerate() {
        best.fill(f64::NAN);
        for_each_word(text, |w| {
            for ((q, b), memo) in qwords.iter().zip(best.iter_mut()).zip(&mut memos) {
                // The cheapest tests first, before the memo's hashing.
                if q.first() != w.first() {
                    continue;
                }
                let score = *memo
                    .entry(w.text)
                    .or_insert_with(|| near_miss(q, &w).map(|d| closeness(q, &w, d)));
                // `max` passes over NaN, "not found yet".
                if let Some(s) = score {
                    *b = b.max(s);
                }
            }
        });
        let found = best.iter().filter(|b| !b.is_nan()).count();
        if found == qwords.len() {
            scored.push((best.iter().sum::<f64>() / found as f64, i));
        } else if found * 2 >= qwords.len()
            && qwords
                .iter()
                .zip(&best)
                .all(|(q, b)| !exact_only(q) || !b.is_nan())
            && qwords
                .iter()
                .zip(&best)
                .any(|(q, b)| !exact_only(q) && !b.is_nan())
        {
            let key = (found, best.iter().filter(|b| !b.is_nan()).sum::<f64>());
            match &mut hint {
                Some((k, _)) if *k > key => {}
                Some((k, at)) if *k == key => *at = None,
                _ => hint = Some((key, Some(i))),
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    match scored.as_slice() {
        [] => Typo::Nothing {
            hint: hint.and_then(|(_, i)| i),
        },
        [(_, only)] => Typo::One(*only),
        [(best, i), (second, _), ..] if best - second >= MARGIN => Typo::One(*i),
        [(best, _), ..] => Typo::Several(
            scored
                .iter()
                .filter(|(s, _)| best - s < MARGIN)
                .map(|(_, i)| *i)
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(q: &str, w: &str) -> Option<usize> {
        near_miss(&words(q)[0], &words(w)[0])
    }

    #[test]
    fn budgets_follow_the_longer_word() {
        assert_eq!((budget(4), budget(5), budget(8), budget(9)), (1, 2, 2, 3));
        // oaht/oauth: a swap and an insertion, within 2 for five letters.
        assert_eq!(near("oaht", "oauth"), Some(2));
        assert_eq!(near("stirpe", "stripe"), Some(1));
        assert_eq!(near("paginaton", "pagination"), Some(1));
        // Four letters allow one edit: push/pull is two.
        assert_eq!(near("push", "pull"), None);
        assert_eq!(near("lgoin", "login"), Some(1));
        // Short words and numbers are exact.
        assert_eq!(near("api", "apt"), None);
        assert_eq!(near("api", "api"), Some(0));
        assert_eq!(near("v2", "v3"), None);
        assert_eq!(near("build", "build2"), None);
        assert_eq!(near("sstripe", "stripe"), Some(1));
    }

    #[test]
    fn first_letters_and_prefixes_keep_meaning() {
        for (q, w) in [
            ("decrease", "increase"),
            ("import", "export"),
            ("encode", "decode"),
            ("used", "unused"),
            ("unused", "used"),
            ("read", "reread"),
            ("duplicate", "deduplicate"),
            ("rerun", "run"),
        ] {
            assert_eq!(near(q, w), None, "{q} / {w}");
        }
    }

    #[test]
    fn one_clear_winner_or_several_or_a_hint() {
        let texts = ["wire oauth providers", "wire stripe webhooks", "fix login"];
        assert_eq!(typo("oaht", texts.into_iter()), Typo::One(0));
        assert_eq!(typo("wrie", texts.into_iter()), Typo::Several(vec![0, 1]));
        assert_eq!(
            typo("stripy hooks", texts.into_iter()),
            Typo::Nothing { hint: Some(1) }
        );
        assert_eq!(
            typo("kubernetes", texts.into_iter()),
            Typo::Nothing { hint: None }
        );
        // A short word alone is no hint, nor anything missing one.
        assert_eq!(
            typo("fix thing", texts.into_iter()),
            Typo::Nothing { hint: None }
        );
    }
}
