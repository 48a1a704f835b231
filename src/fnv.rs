//! FNV-1a hashing for the hash maps on hot paths (ids while parsing, words
//! while matching). Keys there are short strings, where SipHash showed up in
//! profiles of large plans; nothing here faces untrusted keys at a scale
//! where hash flooding could matter.

use std::hash::{BuildHasherDefault, Hasher};

pub type Fnv = BuildHasherDefault<FnvHasher>;

#[derive(Default)]
pub struct FnvHasher(u64);

impl Hasher for FnvHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}
