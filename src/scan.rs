//! Finding the first interesting byte in a long run of text, eight bytes at
//! a time. Reading and writing a 100,000-task plan spends most of its time
//! walking strings that contain nothing to escape; this makes that walk
//! several times cheaper than a byte-at-a-time loop.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Does the word contain the byte `b`? (Exact: no false answers.)
#[inline]
pub fn has_byte(word: u64, b: u8) -> bool {
    let x = word ^ (ONES * u64::from(b));
    x.wrapping_sub(ONES) & !x & HIGHS != 0
}

/// Does the word contain a byte below `n` (for `n` ≤ 128)?
#[inline]
pub fn has_below(word: u64, n: u8) -> bool {
    word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS != 0
}

/// The index of the first byte for which `hit` holds. `may_hit` looks at
/// eight bytes at once and must be true whenever one of them is a hit.
#[inline]
pub fn find(
    bytes: &[u8],
    may_hit: impl Fn(u64) -> bool,
    hit: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[i..i + 8]);
        if may_hit(u64::from_le_bytes(w)) {
            break;
        }
        i += 8;
    }
    bytes[i..].iter().position(|&b| hit(b)).map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_hit_wherever_it_is() {
        let hit = |b: u8| b == b'"' || b == b'\\' || b < 0x20;
        let may = |w: u64| has_byte(w, b'"') || has_byte(w, b'\\') || has_below(w, 0x20);
        for len in 0..40 {
            for at in 0..=len {
                let mut v = vec![b'a'; len];
                v.extend("é✓".bytes());
                if at < len {
                    v[at] = b'\\';
                }
                let want = v.iter().position(|&b| hit(b));
                assert_eq!(find(&v, may, hit), want, "len {len} at {at}");
            }
        }
        assert_eq!(find(b"abcdefgh\x01", may, hit), Some(8));
        assert_eq!(find("ünïcødé only".as_bytes(), may, hit), None);
    }
}
