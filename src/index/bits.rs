//! A stream of bits, low bit first, and the codes the postings use: fixed widths, Rice codes
//! (a quotient in unary, then `k` low bits: near the fewest bits for numbers spread
//! geometrically around 2^k, as the gaps between sorted random keys are) and Elias gamma
//! codes (small counts and gaps of any size); and LEB128 numbers, byte by byte.

/// Writes bits. Whole bytes go to the buffer as soon as they are complete: at most seven bits
/// wait in `pending`, so that a code of up to 57 bits joins them in one word, which is stored
/// whole at the end of the stream (the buffer keeps a word of room past it) and the stream's
/// length moved past its complete bytes. No branch depends on where a code falls in a word,
/// and a store is one instruction, not a copy.
#[derive(Clone, Debug, Default)]
pub struct BitWriter {
    /// The stream's bytes, then room.
    bytes: Vec<u8>,
    /// How many bytes of `bytes` are the stream's.
    len: usize,
    /// Bits not yet counted in `len`, the first lowest (also stored at `bytes[len]`).
    pending: u64,
    /// How many (under 8).
    count: u32,
}

impl BitWriter {
    /// A writer with room for `bytes` bytes.
    pub fn with_capacity(bytes: usize) -> BitWriter {
        BitWriter {
            bytes: vec![0; bytes + 8],
            ..BitWriter::default()
        }
    }

    /// The bytes written so far (the last one perhaps in part).
    pub fn len(&self) -> usize {
        self.len + self.count.div_ceil(8) as usize
    }

    /// Appends the bytes to `out` and starts again, keeping the room.
    pub fn drain_into(&mut self, out: &mut Vec<u8>) {
        let len = self.len();
        out.extend_from_slice(self.bytes.get(..len).unwrap_or_default());
        (self.len, self.pending, self.count) = (0, 0, 0);
    }

    /// The low `width` bits of `value` (`width` at most 64).
    #[inline(always)]
    pub fn fixed(&mut self, value: u64, width: u32) {
        if width > 57 {
            self.put(value & u64::from(u32::MAX), 32);
            return self.put(value >> 32, width - 32);
        }
        self.put(value, width);
    }

    /// The low `width` bits of `value`, `width` at most 57.
    #[inline(always)]
    fn put(&mut self, value: u64, width: u32) {
        let value = value & u64::MAX.checked_shr(64 - width).unwrap_or(0);
        // At most 7 bits wait and this adds at most 57: they fit one word.
        self.pending |= value << self.count;
        self.count += width;
        if self.bytes.len() < self.len + 8 {
            self.grow();
        }
        if let Some(word) = self.bytes.get_mut(self.len..self.len + 8) {
            word.copy_from_slice(&self.pending.to_le_bytes());
        }
        let whole = self.count / 8;
        self.len += whole as usize;
        // Two shifts: a whole word (64) is one shift too many for a single one.
        let half = whole * 4;
        self.pending = (self.pending >> half) >> half;
        self.count -= whole * 8;
    }

    /// Doubles the room (a block of one key's many games outgrows it).
    #[cold]
    fn grow(&mut self) {
        let room = (2 * self.bytes.len()).max(self.len + 64);
        self.bytes.resize(room, 0);
    }

    /// `value` as a Rice code with `k` low bits.
    #[inline(always)]
    pub fn rice(&mut self, value: u64, k: u32) {
        let quotient = value >> k;
        if quotient + 1 + u64::from(k) <= 64 {
            // One write: the quotient's zeros, its one, then the low bits.
            let low = value & u64::MAX.checked_shr(64 - k).unwrap_or(0);
            let code = 1 << quotient | low.checked_shl(quotient as u32 + 1).unwrap_or(0);
            return self.fixed(code, quotient as u32 + 1 + k);
        }
        let mut quotient = quotient;
        while quotient >= 32 {
            self.fixed(0, 32);
            quotient -= 32;
        }
        self.fixed(1 << quotient, quotient as u32 + 1);
        self.fixed(value, k);
    }

    /// `value + 1` as an Elias gamma code (so that 0 has one).
    #[inline]
    pub fn gamma(&mut self, value: u64) {
        if value == 0 {
            // The commonest: one game a key, the next game.
            return self.fixed(1, 1);
        }
        let n = value.saturating_add(1);
        let bits = 64 - n.leading_zeros();
        // The value's bits, highest first, as the code has them, after `bits - 1` zeros.
        let reversed = n.reverse_bits() >> (64 - bits);
        if bits <= 32 {
            return self.fixed(reversed << (bits - 1), 2 * bits - 1);
        }
        self.fixed(0, bits - 1);
        self.fixed(reversed, bits);
    }
}

/// Reads what a [`BitWriter`] wrote; `None` past the end (a damaged stream). The bits come
/// through a word-sized buffer refilled a few bytes at a time, so that a code is a shift and
/// a mask, or a count of trailing zeros, not a loop over its bits.
#[derive(Clone, Debug)]
pub struct BitReader<'a> {
    /// The bytes not yet in `buffer`.
    bytes: &'a [u8],
    /// The next bits, the first lowest.
    buffer: u64,
    /// How many bits of `buffer` are the stream's.
    count: u32,
}

impl<'a> BitReader<'a> {
    /// A reader of `bytes` from their first bit.
    pub fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader {
            bytes,
            buffer: 0,
            count: 0,
        }
    }

    /// Tops the buffer up to at least 57 bits, or to the end of the stream. A whole word is
    /// read where eight bytes remain, and its bits past `count` are those the next refill
    /// puts there again (an OR of the same bits).
    #[inline]
    fn refill(&mut self) {
        if let Some(word) = self.bytes.first_chunk::<8>() {
            self.buffer |= u64::from_le_bytes(*word) << self.count;
            let taken = (63 - self.count) / 8;
            self.bytes = self.bytes.get(taken as usize..).unwrap_or_default();
            self.count += taken * 8;
            return;
        }
        while self.count <= 56 {
            let Some((&byte, rest)) = self.bytes.split_first() else {
                return;
            };
            self.buffer |= u64::from(byte) << self.count;
            self.bytes = rest;
            self.count += 8;
        }
    }

    /// Drops `width` bits (at most `count`) from the buffer.
    #[inline]
    fn consume(&mut self, width: u32) {
        self.buffer = self.buffer.checked_shr(width).unwrap_or(0);
        self.count -= width;
    }

    /// `width` bits (at most 64).
    #[inline]
    pub fn fixed(&mut self, width: u32) -> Option<u64> {
        if width > 56 {
            let low = self.fixed(32)?;
            return Some(low | self.fixed(width - 32)? << 32);
        }
        if self.count < width {
            self.refill();
            if self.count < width {
                return None;
            }
        }
        let value = self.buffer & u64::MAX.checked_shr(64 - width).unwrap_or(0);
        self.consume(width);
        Some(value)
    }

    /// Zeros up to the next one, which is taken too; `None` past `most` zeros or the end.
    #[inline]
    fn zeros(&mut self, most: u64) -> Option<u64> {
        let mut zeros = 0u64;
        loop {
            // Past `count`, the buffer holds the next bytes' bits (or zeros at the end): a
            // one there is not yet the stream's.
            let run = self.buffer.trailing_zeros();
            if run < self.count {
                zeros += u64::from(run);
                self.consume(run + 1);
                return (zeros <= most).then_some(zeros);
            }
            zeros += u64::from(self.count);
            self.consume(self.count);
            self.refill();
            if self.count == 0 || zeros > most {
                return None;
            }
        }
    }

    /// A Rice code with `k` low bits.
    #[inline]
    pub fn rice(&mut self, k: u32) -> Option<u64> {
        let quotient = self.zeros(1 << 32)?;
        let low = self.fixed(k)?;
        quotient.checked_shl(k)?.checked_add(low)
    }

    /// An Elias gamma code, less one.
    #[inline]
    pub fn gamma(&mut self) -> Option<u64> {
        let zeros = self.zeros(63)? as u32;
        // The value's bits after its highest, highest first.
        let rest = self.fixed(zeros)?;
        let rest = rest.reverse_bits().checked_shr(64 - zeros).unwrap_or(0);
        Some(((1u64 << zeros) | rest) - 1)
    }
}

/// Appends `n` as LEB128 (seven bits a byte, low first): the byte-aligned numbers of block
/// headers and summaries.
pub fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Takes a LEB128 number from the front of `bytes`; `None` past the end or past 64 bits.
pub fn get_varint(bytes: &mut &[u8]) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = bytes.split_first()?;
        *bytes = rest;
        n |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some(n);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::XorShift;

    #[test]
    fn every_code_reads_back_in_order() {
        let mut rng = XorShift(99);
        let mut writer = BitWriter::default();
        writer.fixed(0xAB, 8);
        let mut written = Vec::new();
        for i in 0..5_000u64 {
            let value = rng.next() >> (rng.next() % 64);
            let kind = i % 4;
            let k = (rng.next() % 40) as u32;
            match kind {
                0 => writer.fixed(value & ((1 << k) - 1), k),
                // Wider than one word can take with the bits waiting.
                3 => writer.fixed(value, 58 + k % 7),
                1 => writer.rice(value & ((1 << (k + 6)) - 1), k),
                _ => writer.gamma(value),
            }
            written.push((kind, k, value));
        }
        let mut bytes = Vec::new();
        writer.drain_into(&mut bytes);
        assert_eq!(bytes[0], 0xAB, "the header is kept");
        let mut reader = BitReader::new(&bytes);
        assert_eq!(reader.fixed(8), Some(0xAB));
        for (kind, k, value) in written {
            let read = match kind {
                0 => reader.fixed(k).map(|v| v == value & ((1 << k) - 1)),
                1 => reader.rice(k).map(|v| v == value & ((1 << (k + 6)) - 1)),
                3 => reader
                    .fixed(58 + k % 7)
                    .map(|v| v == value & (u64::MAX >> (6 - k % 7))),
                _ => reader.gamma().map(|v| v == value),
            };
            assert_eq!(read, Some(true), "kind {kind} k {k} value {value}");
        }
        assert_eq!(reader.fixed(9), None, "past the end");
    }

    #[test]
    fn rice_codes_take_about_k_bits_and_zeros_read_as_none_at_the_end() {
        let mut writer = BitWriter::default();
        for _ in 0..100 {
            writer.rice(3 << 20, 20);
        }
        assert_eq!(writer.len(), (100 * 24usize).div_ceil(8));
        assert_eq!(BitReader::new(&[0, 0]).rice(3), None);
        assert_eq!(BitReader::new(&[0; 9]).gamma(), None);
    }
}
