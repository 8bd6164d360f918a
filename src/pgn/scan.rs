//! Reading text eight bytes at a time: a word of eight bytes (little-endian, the first byte
//! lowest) and masks with the high bit of each byte that matches, so that finding the end of
//! a comment, a tag value or a line takes a test per eight bytes instead of a branch per byte.
//!
//! Comparisons clear the high bits before adding, so that no carry runs from one byte into
//! the next, except [`lowest_zero_byte`], which is cheaper and exact only for the lowest byte
//! it flags: enough to find the first match.

/// `0x01` in every byte.
pub(super) const ONES: u64 = u64::from_ne_bytes([1; 8]);
/// `0x80` in every byte.
pub(super) const HIGHS: u64 = ONES * 0x80;

/// The eight bytes from `at` as a word, if there are eight.
#[inline]
pub(super) fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk = bytes.get(at..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*chunk))
}

/// Every byte `byte` (as a word).
#[inline]
pub(super) const fn splat(byte: u8) -> u64 {
    ONES * byte as u64
}

/// The high bit of the lowest byte of `word` that is zero, and maybe of some bytes above it
/// (a borrow runs up from a zero byte); nothing if no byte is zero.
#[inline]
pub(super) const fn lowest_zero_byte(word: u64) -> u64 {
    word.wrapping_sub(ONES) & !word & HIGHS
}

/// The high bit of every byte of `word` below `limit` (at most 0x80).
#[inline]
pub(super) const fn bytes_below(word: u64, limit: u8) -> u64 {
    !(((word & !HIGHS) + splat(0x80 - limit)) | word) & HIGHS
}

/// The lowest byte of `word` equal to `byte`, as [`lowest_zero_byte`] flags it.
#[inline]
pub(super) const fn first_equal(word: u64, byte: u8) -> u64 {
    lowest_zero_byte(word ^ splat(byte))
}

/// The index of the first byte of `bytes` that `flags` picks (`bytes.len()` if none does).
/// `flags` marks the first byte of a word it picks with its high bit (later ones may be
/// marked too); the last few bytes are tested one at a time, each alone in a word.
#[inline]
pub(super) fn find(bytes: &[u8], flags: impl Fn(u64) -> u64) -> usize {
    let mut at = 0;
    while let Some(word) = word_at(bytes, at) {
        let picked = flags(word);
        if picked != 0 {
            return at + picked.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    while let Some(&byte) = bytes.get(at) {
        if flags(u64::from(byte)) & 0x80 != 0 {
            return at;
        }
        at += 1;
    }
    bytes.len()
}

/// The first line end (`\n` or `\r`) of the word, as [`first_equal`] flags it: a line ends
/// at a line feed, a carriage return and line feed, or a carriage return alone (old Mac files).
#[inline]
pub(super) const fn first_line_end(word: u64) -> u64 {
    first_equal(word, b'\n') | first_equal(word, b'\r')
}

/// The two quotes of the commonest tag line, `[Name "value"]`, at the start of `bytes` (from
/// its `[`): the first before any `]` or line end, the second before any escape or line end
/// and right before the `]`; two searches. `None` for any other shape, which the splitter's
/// state machine and the lexer read byte by byte. Both try masks of the line's first 32
/// bytes first where SSE2 is (`wide`), and come here for the lines those leave.
#[inline(always)]
pub(super) fn simple_tag_quotes(bytes: &[u8]) -> Option<(usize, usize)> {
    let open = 1 + find(bytes.get(1..)?, |w| {
        first_equal(w, b'"') | first_equal(w, b']') | first_line_end(w)
    });
    if bytes.get(open) != Some(&b'"') {
        return None;
    }
    let close = open
        + 1
        + find(bytes.get(open + 1..)?, |w| {
            first_equal(w, b'"') | first_equal(w, b'\\') | first_line_end(w)
        });
    (bytes.get(close..close + 2) == Some(b"\"]")).then_some((open, close))
}

/// Sixteen bytes at a time with SSE2, part of every x86-64 processor: a bit per byte for the
/// bytes sought, in a third of the instructions per byte of the eight-byte words above. The
/// intrinsics are safe to call only from a function compiled for SSE2, so the entry point is
/// one `unsafe` call whose condition the architecture always meets (perft has the other),
/// kept because it measured faster for split + check in A/B runs (docs/dev/benchmark-notes.md).
#[cfg(target_arch = "x86_64")]
pub(super) mod wide {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set_epi64x, _mm_set1_epi8, _mm_sub_epi8,
    };

    /// Sixteen bytes as one vector.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn load(chunk: &[u8; 16]) -> __m128i {
        let (low, high) = chunk.split_at(8);
        let word = |half: &[u8]| {
            half.first_chunk::<8>()
                .map_or(0, |w| i64::from_le_bytes(*w))
        };
        _mm_set_epi64x(word(high), word(low))
    }

    /// The low and the high sixteen bytes of `chunk` as vectors.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn halves(chunk: &[u8; 32]) -> (__m128i, __m128i) {
        let (low, high) = chunk.split_at(16);
        // Both are sixteen bytes: the zeros are never used.
        let half = |bytes: &[u8]| bytes.first_chunk::<16>().map_or(splat(0), |b| load(b));
        (half(low), half(high))
    }

    /// Every byte `byte`.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn splat(byte: u8) -> __m128i {
        _mm_set1_epi8(byte as i8)
    }

    /// All ones in each byte of `v` equal to `byte`.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn equal(v: __m128i, byte: u8) -> __m128i {
        _mm_cmpeq_epi8(v, splat(byte))
    }

    /// All ones in each byte of `v` from `low` to `high` (unsigned).
    #[inline]
    #[target_feature(enable = "sse2")]
    fn in_range(v: __m128i, low: u8, high: u8) -> __m128i {
        let offset = _mm_sub_epi8(v, splat(low));
        _mm_cmpeq_epi8(_mm_min_epu8(offset, splat(high - low)), offset)
    }

    /// The high bits of the bytes of `v`: bit `i` for byte `i`.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn bits(v: __m128i) -> u64 {
        u64::from(_mm_movemask_epi8(v) as u16)
    }

    /// Bit `i` set where byte `i` of `chunk` is special to the splitter in movetext: the
    /// bytes that the splitter's eight-byte test flags, exactly (control bytes,
    /// `" # $ % & ' ( ) * - / ; [ ] { } Y _ y` and DEL).
    #[inline]
    pub(in crate::pgn) fn special_bytes(chunk: &[u8; 16]) -> u64 {
        #[target_feature(enable = "sse2")]
        fn sse2(chunk: &[u8; 16]) -> u64 {
            let v = load(chunk);
            let controls = in_range(v, 0x00, 0x1f);
            let quote_to_star = in_range(v, b'"', b'*');
            // `[ ] { }` differ from `Y` only in the bits of 0x26.
            let brackets = equal(_mm_and_si128(v, splat(!0x26)), b'Y');
            let signs = _mm_or_si128(_mm_or_si128(equal(v, b'-'), equal(v, b'/')), equal(v, b';'));
            bits(_mm_or_si128(
                _mm_or_si128(controls, quote_to_star),
                _mm_or_si128(signs, brackets),
            ))
        }
        // SAFETY: SSE2 is part of the x86-64 baseline: every processor that runs this code
        // has it.
        #[allow(unsafe_code)]
        unsafe {
            sse2(chunk)
        }
    }

    /// Bit `i` set where byte `i` of `chunk` decides the shape of a tag line for the
    /// splitter: `"`, `\\`, `]`, `\n` and `\r`. One mask, not [`tag_bytes`]' five, which
    /// the lexer needs: the cutting thread measured 12% slower on those.
    #[inline]
    pub(in crate::pgn) fn tag_line_stops(chunk: &[u8; 32]) -> u32 {
        #[target_feature(enable = "sse2")]
        fn sse2(chunk: &[u8; 32]) -> u32 {
            let (low, high) = halves(chunk);
            let stops = |v: __m128i| {
                // `\\` and `]` differ in one bit.
                let closes = equal(_mm_or_si128(v, splat(0x01)), b']');
                let line_ends = _mm_or_si128(equal(v, b'\n'), equal(v, b'\r'));
                bits(_mm_or_si128(
                    _mm_or_si128(closes, equal(v, b'"')),
                    line_ends,
                ))
            };
            (stops(low) | stops(high) << 16) as u32
        }
        // SAFETY: as in `special_bytes`, SSE2 is part of the x86-64 baseline.
        #[allow(unsafe_code)]
        unsafe {
            sse2(chunk)
        }
    }

    /// The bytes of 32 that reading a tag line asks about: bit `i` for byte `i` of `chunk`.
    #[derive(Clone, Copy, Debug)]
    pub(in crate::pgn) struct TagBytes {
        /// `"`.
        pub(in crate::pgn) quotes: u32,
        /// `]`.
        pub(in crate::pgn) closes: u32,
        /// `\n` and `\r` (and the vertical tab and form feed between them, which only hand
        /// their line to the byte-wise reading: one compare instead of two).
        pub(in crate::pgn) line_ends: u32,
        /// `\\`.
        pub(in crate::pgn) backslashes: u32,
        /// The bytes of a tag name: ASCII letters and digits, `_`.
        pub(in crate::pgn) names: u32,
    }

    /// The [`TagBytes`] of `chunk`, the start of a tag line.
    #[inline]
    pub(in crate::pgn) fn tag_bytes(chunk: &[u8; 32]) -> TagBytes {
        #[target_feature(enable = "sse2")]
        fn sse2(chunk: &[u8; 32]) -> TagBytes {
            let (low, high) = halves(chunk);
            let both = |low: __m128i, high: __m128i| (bits(low) | bits(high) << 16) as u32;
            TagBytes {
                quotes: both(equal(low, b'"'), equal(high, b'"')),
                closes: both(equal(low, b']'), equal(high, b']')),
                line_ends: both(in_range(low, b'\n', b'\r'), in_range(high, b'\n', b'\r')),
                backslashes: both(equal(low, b'\\'), equal(high, b'\\')),
                names: both(name_bytes(low), name_bytes(high)),
            }
        }
        /// All ones in each byte of `v` that can be in a tag name.
        #[inline]
        #[target_feature(enable = "sse2")]
        fn name_bytes(v: __m128i) -> __m128i {
            // Letters differ from their capitals in one bit.
            let letters = in_range(_mm_or_si128(v, splat(0x20)), b'a', b'z');
            let digits = in_range(v, b'0', b'9');
            _mm_or_si128(_mm_or_si128(letters, digits), equal(v, b'_'))
        }
        // SAFETY: as in `special_bytes`, SSE2 is part of the x86-64 baseline.
        #[allow(unsafe_code)]
        unsafe {
            sse2(chunk)
        }
    }

    /// Bit `i` set where byte `i` of `chunk` ends a symbol for the lexer: white space
    /// (space, tab, line feed, vertical tab, form feed, carriage return) and
    /// `{ } ( ) [ ] ; $ "`.
    #[inline]
    pub(in crate::pgn) fn delimiters(chunk: &[u8; 64]) -> u64 {
        // Out of the lexer's loop (once per 64 bytes): inlined, its vector constants crowd
        // the loop's registers, and the lexer measured slower.
        #[inline(never)]
        #[target_feature(enable = "sse2")]
        fn sse2(chunk: &[u8; 64]) -> u64 {
            let mut mask = 0;
            for (i, part) in chunk.chunks_exact(16).enumerate() {
                let Some(part) = part.first_chunk::<16>() else {
                    continue;
                };
                let v = load(part);
                let blank = _mm_or_si128(equal(v, b' '), in_range(v, b'\t', b'\r'));
                // `(` and `)`, `[` and `{`, `]` and `}` differ in one bit.
                let parens = equal(_mm_or_si128(v, splat(0x01)), b')');
                let folded = _mm_and_si128(v, splat(!0x20));
                let brackets = _mm_or_si128(equal(folded, b'['), equal(folded, b']'));
                let others =
                    _mm_or_si128(_mm_or_si128(equal(v, b';'), equal(v, b'$')), equal(v, b'"'));
                let all = _mm_or_si128(_mm_or_si128(blank, parens), _mm_or_si128(brackets, others));
                mask |= bits(all) << (16 * i);
            }
            mask
        }
        // SAFETY: as in `special_bytes`, SSE2 is part of the x86-64 baseline.
        #[allow(unsafe_code)]
        unsafe {
            sse2(chunk)
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::{bytes_below, find, first_equal};

    /// `mask` (bit `i` for byte `i` of an `N`-byte chunk) flags exactly the bytes that `test`
    /// picks, for every byte in every lane, among fills of a plain byte, a space, the byte
    /// itself, `other` and a byte beyond ASCII.
    pub(in crate::pgn) fn mask_agrees_in_every_lane<const N: usize>(
        mask: impl Fn(&[u8; N]) -> u64,
        test: impl Fn(u8) -> bool,
        other: u8,
    ) {
        for byte in 0..=255u8 {
            for lane in 0..N {
                for fill in [b'e', b' ', byte, other, 0xff] {
                    let mut chunk = [fill; N];
                    chunk[lane] = byte;
                    let expected = chunk
                        .iter()
                        .enumerate()
                        .fold(0, |m, (i, &b)| m | u64::from(test(b)) << i);
                    assert_eq!(
                        mask(&chunk),
                        expected,
                        "{byte:#x} in lane {lane}, fill {fill:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn masks_match_bytewise_tests_in_every_lane() {
        for byte in 0..=255u8 {
            for lane in 0..8 {
                for fill in [0, b' ', b'"', byte, 0xff] {
                    let mut bytes = [fill; 8];
                    bytes[lane] = byte;
                    let word = u64::from_le_bytes(bytes);
                    let lanes = |mask: u64| -> Vec<bool> {
                        (0..8).map(|i| mask >> (8 * i + 7) & 1 == 1).collect()
                    };
                    let expect = |test: &dyn Fn(u8) -> bool| -> Vec<bool> {
                        bytes.iter().map(|&b| test(b)).collect()
                    };
                    assert_eq!(lanes(bytes_below(word, 0x20)), expect(&|b| b < 0x20));
                    let first = |mask: u64| (mask != 0).then(|| mask.trailing_zeros() / 8);
                    let quote = bytes.iter().position(|&b| b == b'"').map(|i| i as u32);
                    assert_eq!(first(first_equal(word, b'"')), quote, "{bytes:?}");
                }
            }
        }
    }

    #[test]
    fn find_gives_the_first_match_or_the_length() {
        let text = b"a quoted \"value\" and a \\ backslash, then the rest";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                let flags = |w| first_equal(w, b'"') | first_equal(w, b'\\');
                let expected = bytes
                    .iter()
                    .position(|&b| b == b'"' || b == b'\\')
                    .unwrap_or(bytes.len());
                assert_eq!(find(bytes, flags), expected, "{start}..{end}");
            }
        }
    }
}
