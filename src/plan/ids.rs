//! Ids that two branches can mint at once without meeting: a kind letter,
//! a digit, and four more characters drawn at random (`t4kq9x`).
//!
//! A plan committed to git is changed on branches that know nothing of each
//! other, so a counter in the file would hand both the same next id. A
//! random id needs no shared state: ten digits times 32⁴ gives 10,485,760
//! ids a kind, so two branches adding 100 tasks each meet with odds of about
//! 1 in 1,000 (k² / N), and a merge that does pair two tasks under one id
//! is read without error and the later one renumbered (see
//! [`super::Plan::settle_merge`]). The digit after the letter keeps an id
//! apart from any word (`todo done test` is never an id query) and keeps
//! the old counter ids (`t7`) of the same shape. The alphabet leaves out
//! `i`, `l`, `o` and `u`, which are read as `1`, `1`, `0` and `v`.
//!
//! Draws come from a process-wide generator seeded by the operating
//! system's randomness; `TODO_ID_SEED` (read at the edge, for reproducible
//! tests, like `TODO_NOW`) seeds it instead, mixed with the plan's `rev` so
//! that a test's ids are the same on every run yet not handed out again
//! after `undo`.

use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// Characters after the leading digit: Crockford's base 32 in lower case.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// Characters after the digit.
const TAIL: usize = 4;

static SEED: OnceLock<u64> = OnceLock::new();
static DRAWS: AtomicU64 = AtomicU64::new(0);

/// Seed the generator (from `TODO_ID_SEED`); call before any id is minted.
pub(crate) fn seed(seed: u64) {
    let _ = SEED.set(seed);
}

fn process_seed() -> u64 {
    *SEED.get_or_init(|| {
        // std's hasher keys come from the system's randomness, once per
        // process; the time and pid only vary it further.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(std::process::id());
        if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            h.write_u128(d.as_nanos());
        }
        h.finish()
    })
}

/// SplitMix64: a well-mixed 64-bit value from any input.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The id spelled by a 64-bit value: `kind`, a digit, four characters.
fn spell(kind: char, mut v: u64) -> String {
    let mut id = String::with_capacity(2 + TAIL);
    id.push(kind);
    id.push(char::from(b'0' + (v % 10) as u8));
    v /= 10;
    for _ in 0..TAIL {
        id.push(char::from(ALPHABET[(v % 32) as usize]));
        v /= 32;
    }
    id
}

/// A fresh id of `kind` (`t`, `p`, `o`, `f`) that `taken` does not hold.
/// `rev` is the plan's revision, which varies a seeded sequence.
pub(crate) fn mint(kind: char, rev: u64, taken: impl Fn(&str) -> bool) -> String {
    let seed = process_seed() ^ mix(rev);
    let kind_bits = u64::from(kind as u32) << 56;
    let draw = || mix(seed ^ mix(DRAWS.fetch_add(1, Ordering::Relaxed) ^ kind_bits));
    free(kind, std::iter::repeat_with(draw), taken)
}

/// An id for an item that a merge left under another item's id: drawn
/// from the old id and the item's text, so that every read of the same
/// file renumbers it alike until a change writes it down.
pub(crate) fn derive(kind: char, old: &str, text: &str, taken: impl Fn(&str) -> bool) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in old.bytes().chain([0]).chain(text.bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    free(kind, (0..).map(|n| mix(h ^ mix(n))), taken)
}

/// The first id spelled from `draws` that `taken` does not hold.
fn free(kind: char, draws: impl Iterator<Item = u64>, taken: impl Fn(&str) -> bool) -> String {
    let mut ids = draws.map(|v| spell(kind, v));
    ids.find(|id| !taken(id)).expect("draws never end")
}

/// Shaped like an id of `kind`: the letter, then a digit, then letters and
/// digits (`t7`, `t4kq9x`). Case does not matter.
pub(crate) fn is_shaped(q: &str, kind: char) -> bool {
    let b = q.as_bytes();
    b.len() >= 2
        && b[0].eq_ignore_ascii_case(&(kind as u8))
        && b[1].is_ascii_digit()
        && b[2..].iter().all(u8::is_ascii_alphanumeric)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minted_ids_have_the_shape_and_skip_taken_ones() {
        let first = mint('t', 3, |_| false);
        assert_eq!(first.len(), 6);
        assert!(is_shaped(&first, 't'), "{first}");
        assert!(first[2..].bytes().all(|b| ALPHABET.contains(&b)));
        let again = mint('t', 3, |id| id == first);
        assert_ne!(again, first);
        assert!(mint('p', 0, |_| false).starts_with('p'));
    }

    #[test]
    fn shapes() {
        for id in ["t7", "t4kq9x", "P12", "t0"] {
            assert!(
                is_shaped(id, id.chars().next().unwrap().to_ascii_lowercase()),
                "{id}"
            );
        }
        for q in ["test", "t", "tk3m9", "t-1", "t4 x", "todo"] {
            assert!(!is_shaped(q, 't'), "{q}");
        }
    }

    #[test]
    fn derived_ids_are_stable_and_avoid_taken_ones() {
        let a = derive('t', "t4kq9x", "Write docs", |_| false);
        assert_eq!(a, derive('t', "t4kq9x", "Write docs", |_| false));
        assert_ne!(a, derive('t', "t4kq9x", "Other", |_| false));
        let b = derive('t', "t4kq9x", "Write docs", |id| id == a);
        assert_ne!(a, b);
    }
}
