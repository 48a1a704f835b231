//! A fast hasher for the hash maps on hot paths (ids while parsing, words
//! while matching): keys there are short strings, where SipHash showed up
//! in profiles of large plans. It mixes eight bytes at a time, in the
//! manner of rustc's FxHash. Nothing here faces keys chosen to collide at a
//! scale where that could matter.

use std::hash::{BuildHasherDefault, Hasher};

pub type Fnv = BuildHasherDefault<FnvHasher>;

#[derive(Default)]
pub struct FnvHasher(u64);

const K: u64 = 0xf135_7aea_2e62_a9c5;

impl FnvHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FnvHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
}
