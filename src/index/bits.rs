//! A stream of bits, low bit first, and the codes the postings use: fixed widths, Rice codes
//! (a quotient in unary, then `k` low bits: near the fewest bits for numbers spread
//! geometrically around 2^k, as the gaps between sorted random keys are) and Elias gamma
//! codes (small counts and gaps of any size); and LEB128 numbers, byte by byte.

/// Writes bits.
#[derive(Clone, Debug, Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    /// Bits not yet in `bytes`, the first lowest.
    pending: u64,
    /// How many.
    count: u32,
}

impl BitWriter {
    /// The bytes written so far (the last one perhaps in part).
    pub fn len(&self) -> usize {
        self.bytes.len() + self.count.div_ceil(8) as usize
    }

    /// The bytes.
    pub fn into_bytes(mut self) -> Vec<u8> {
        let tail = self.pending.to_le_bytes();
        self.bytes
            .extend_from_slice(&tail[..self.count.div_ceil(8) as usize]);
        self.bytes
    }

    /// The low `width` bits of `value` (`width` at most 64).
    pub fn fixed(&mut self, value: u64, width: u32) {
        if width == 0 {
            return;
        }
        let value = value & (u64::MAX >> (64 - width));
        self.pending |= value.checked_shl(self.count).unwrap_or(0);
        let total = self.count + width;
        if total >= 64 {
            self.bytes.extend_from_slice(&self.pending.to_le_bytes());
            // The bits of `value` that did not fit.
            self.pending = value.checked_shr(64 - self.count).unwrap_or(0);
            self.count = total - 64;
        } else {
            self.count = total;
        }
    }

    /// `value` as a Rice code with `k` low bits.
    pub fn rice(&mut self, value: u64, k: u32) {
        let mut quotient = value >> k;
        while quotient >= 32 {
            self.fixed(0, 32);
            quotient -= 32;
        }
        self.fixed(1 << quotient, quotient as u32 + 1);
        self.fixed(value, k);
    }

    /// `value + 1` as an Elias gamma code (so that 0 has one).
    pub fn gamma(&mut self, value: u64) {
        if value == 0 {
            // The commonest: one game a key, the next game.
            return self.fixed(1, 1);
        }
        let n = value.saturating_add(1);
        let bits = 64 - n.leading_zeros();
        self.fixed(0, bits - 1);
        // The value's bits, highest first, as the code has them.
        self.fixed(n.reverse_bits() >> (64 - bits), bits);
    }
}

/// Reads what a [`BitWriter`] wrote; `None` past the end (a damaged stream).
#[derive(Clone, Debug)]
pub struct BitReader<'a> {
    bytes: &'a [u8],
    /// The next bit, counted from the first byte's lowest.
    at: usize,
}

impl<'a> BitReader<'a> {
    /// A reader of `bytes` from their first bit.
    pub fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, at: 0 }
    }

    fn bit(&mut self) -> Option<u64> {
        let byte = *self.bytes.get(self.at / 8)?;
        let bit = byte >> (self.at % 8) & 1;
        self.at += 1;
        Some(u64::from(bit))
    }

    /// `width` bits (at most 64).
    pub fn fixed(&mut self, width: u32) -> Option<u64> {
        let mut value = 0u64;
        let mut got = 0;
        while got < width {
            let byte = *self.bytes.get(self.at / 8)?;
            let offset = (self.at % 8) as u32;
            let take = (8 - offset).min(width - got);
            let part = u64::from(byte >> offset) & ((1 << take) - 1);
            value |= part << got;
            got += take;
            self.at += take as usize;
        }
        Some(value)
    }

    /// A Rice code with `k` low bits.
    pub fn rice(&mut self, k: u32) -> Option<u64> {
        let mut quotient = 0u64;
        while self.bit()? == 0 {
            quotient += 1;
            if quotient > 1 << 32 {
                return None;
            }
        }
        let low = self.fixed(k)?;
        quotient.checked_shl(k)?.checked_add(low)
    }

    /// An Elias gamma code, less one.
    pub fn gamma(&mut self) -> Option<u64> {
        let mut zeros = 0;
        while self.bit()? == 0 {
            zeros += 1;
            if zeros > 63 {
                return None;
            }
        }
        let mut n = 1u64;
        for _ in 0..zeros {
            n = n << 1 | self.bit()?;
        }
        Some(n - 1)
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
            let kind = i % 3;
            let k = (rng.next() % 40) as u32;
            match kind {
                0 => writer.fixed(value & ((1 << k) - 1), k),
                1 => writer.rice(value & ((1 << (k + 6)) - 1), k),
                _ => writer.gamma(value),
            }
            written.push((kind, k, value));
        }
        let bytes = writer.into_bytes();
        assert_eq!(bytes[0], 0xAB, "the header is kept");
        let mut reader = BitReader::new(&bytes);
        assert_eq!(reader.fixed(8), Some(0xAB));
        for (kind, k, value) in written {
            let read = match kind {
                0 => reader.fixed(k).map(|v| v == value & ((1 << k) - 1)),
                1 => reader.rice(k).map(|v| v == value & ((1 << (k + 6)) - 1)),
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
