//! The 128-bit hashes the index keeps: of a file's bytes (to know a file already indexed, or
//! changed since), and of a game's start and moves (to index the same game once). Not for
//! adversaries: two lanes of multiply-rotate over 64-bit words, fast enough to hash a file
//! at the speed it is read.

/// A streaming hash: the same bytes give the same hash however they are split.
///
/// ```
/// use jaque::index::hash::Hash128;
/// let mut whole = Hash128::default();
/// whole.write(b"1. e4 e5 2. Nf3 *\n");
/// let mut parts = Hash128::default();
/// parts.write(b"1. e4 e");
/// parts.write(b"5 2. Nf3 *\n");
/// assert_eq!(whole.finish(), parts.finish());
/// assert_ne!(whole.finish(), Hash128::default().finish());
/// ```
#[derive(Clone, Debug)]
pub struct Hash128 {
    lanes: [u64; 2],
    /// Bytes not yet a whole word.
    pending: [u8; 8],
    pending_len: usize,
    len: u64,
}

impl Default for Hash128 {
    fn default() -> Hash128 {
        Hash128 {
            lanes: [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344],
            pending: [0; 8],
            pending_len: 0,
            len: 0,
        }
    }
}

const MULTIPLIERS: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

impl Hash128 {
    /// Hashes `bytes` after those before.
    pub fn write(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.pending_len > 0 {
            let take = (8 - self.pending_len).min(bytes.len());
            let (head, rest) = bytes.split_at(take);
            self.pending[self.pending_len..self.pending_len + take].copy_from_slice(head);
            self.pending_len += take;
            bytes = rest;
            if self.pending_len < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.pending));
            self.pending_len = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0; 8];
            eight.copy_from_slice(word);
            self.word(u64::from_le_bytes(eight));
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.pending_len = rest.len();
    }

    /// Hashes one word (a move, a key) after those before.
    pub fn write_u64(&mut self, word: u64) {
        if self.pending_len > 0 {
            return self.write(&word.to_le_bytes());
        }
        self.len += 8;
        self.word(word);
    }

    fn word(&mut self, word: u64) {
        for (lane, multiplier) in self.lanes.iter_mut().zip(MULTIPLIERS) {
            *lane = (*lane ^ word).wrapping_mul(multiplier).rotate_left(29);
        }
    }

    /// The hash of everything written.
    pub fn finish(&self) -> u128 {
        let mut last = self.clone();
        let mut tail = [0; 8];
        tail[..self.pending_len].copy_from_slice(&self.pending[..self.pending_len]);
        last.word(u64::from_le_bytes(tail));
        last.word(self.len);
        let [a, b] = last.lanes.map(mix);
        u128::from(a) << 64 | u128::from(b ^ a.rotate_left(17))
    }
}

/// A 64-bit finaliser (splitmix's).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ x >> 31
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_do_not_change_the_hash_and_every_byte_does() {
        let text: Vec<u8> = (0..100u8).collect();
        let mut whole = Hash128::default();
        whole.write(&text);
        for cut in 0..text.len() {
            let mut parts = Hash128::default();
            parts.write(&text[..cut]);
            parts.write(&text[cut..]);
            assert_eq!(parts.finish(), whole.finish(), "cut at {cut}");
            let mut changed = text.clone();
            changed[cut] ^= 1;
            let mut other = Hash128::default();
            other.write(&changed);
            assert_ne!(other.finish(), whole.finish(), "byte {cut} changed");
        }
        let mut longer = Hash128::default();
        longer.write(&[text.as_slice(), &[0]].concat());
        assert_ne!(longer.finish(), whole.finish(), "a zero byte more");
    }
}
