//! Symbols: moves, move numbers, termination markers and glyphs, the bulk of the movetext.

use super::{Outcome, is_delimiter};
use crate::pgn::scan::{ONES, bytes_below, first_equal, splat, word_at};

/// What a byte that starts none of the other tokens starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Segment {
    /// Digits and dots (`12.`, `12...`, `12…`).
    MoveNumber { number: u32, dots: usize },
    /// A run of bytes up to the next delimiter: a move, a marker, a glyph, or something in
    /// their place.
    Symbol,
}

/// The segment at `start`, a byte that starts none of the other tokens, and where it ends.
#[inline]
pub(super) fn segment(bytes: &[u8], start: usize) -> (Segment, usize) {
    // A move number is digits and dots; anything else is a symbol.
    let mut digits = 0;
    let mut number = 0u32;
    while let Some(digit) = bytes.get(start + digits).filter(|b| b.is_ascii_digit()) {
        // Too long to be a move number of any game: saturates, never wraps.
        number = number
            .saturating_mul(10)
            .saturating_add(u32::from(digit - b'0'));
        digits += 1;
    }
    if digits > 0 {
        let after = start + digits;
        let (dots, len) = dots_at(bytes, after);
        if dots > 0 {
            return (Segment::MoveNumber { number, dots }, after + len);
        }
    }
    let mut end = start;
    while bytes.get(end).is_some_and(|&b| !is_delimiter(b)) {
        end += 1;
    }
    (Segment::Symbol, end)
}

/// The ellipsis some books print for `...`.
pub(in crate::pgn) const ELLIPSIS: &str = "…";

/// The dots at `at`: how many they stand for (`…` stands for three) and their bytes.
fn dots_at(bytes: &[u8], at: usize) -> (usize, usize) {
    let rest = bytes.get(at..).unwrap_or_default();
    if rest.starts_with(ELLIPSIS.as_bytes()) {
        return (3, ELLIPSIS.len());
    }
    let dots = rest.iter().take_while(|&&b| b == b'.').count();
    (dots, dots)
}

/// A move number of up to four digits, `12.` or `12...`: the number, how many dots, and the
/// length, as [`segment`] reads it; `None` where no dot follows the digits (a marker, say) or
/// there are more: the caller reads those with [`segment`]. Bounded, so that it needs no
/// saturating arithmetic, and inlined into the lexer's loop.
#[inline]
pub(super) fn move_number(bytes: &[u8], start: usize) -> Option<(u32, usize, usize)> {
    let rest = bytes.get(start..)?;
    let mut number = 0;
    let mut digits = 0;
    while digits < 4
        && let Some(&byte) = rest.get(digits)
        && byte.is_ascii_digit()
    {
        number = number * 10 + u32::from(byte - b'0');
        digits += 1;
    }
    if digits == 0 || rest.get(digits) != Some(&b'.') {
        return None;
    }
    let mut end = digits + 1;
    while rest.get(end) == Some(&b'.') {
        end += 1;
    }
    Some((number, end - digits, end))
}

/// Every spelling of a termination marker, the longest first: the four of the standard, and
/// `1/2` and `½-½` for a draw, as some files write it (reported, with the standard spelling
/// to write).
const MARKERS: [(&[u8], Outcome); 6] = [
    (b"1/2-1/2", Outcome::Draw),
    ("½-½".as_bytes(), Outcome::Draw),
    (b"1-0", Outcome::WhiteWins),
    (b"0-1", Outcome::BlackWins),
    (b"1/2", Outcome::Draw),
    (b"*", Outcome::Unknown),
];

/// The longest marker a symbol may end with, in bytes.
pub(in crate::pgn) const MAX_MARKER: usize = 7;

/// The termination marker `symbol` ends with, and its length: the whole symbol, or a marker
/// glued to the move before it (`e5*`, `Qh7#1-0`). No move ends with the characters of a
/// marker, so reading one there loses nothing, and the splitter, which knows a symbol by its
/// last bytes, ends a game where the lexer reads its marker.
///
/// ```ignore
/// assert_eq!(marker_suffix(b"e5*"), Some((Outcome::Unknown, 1)));
/// ```
#[inline]
pub(in crate::pgn) fn marker_suffix(symbol: &[u8]) -> Option<(Outcome, usize)> {
    MARKERS
        .iter()
        .find(|(marker, _)| symbol.ends_with(marker))
        .map(|&(marker, outcome)| (outcome, marker.len()))
}

/// Whether `last`, the last byte of a symbol, may end a marker: every spelling of
/// [`MARKERS`] ends with `*`, `0`, `1`, `2` or the last byte of `½`.
pub(in crate::pgn) const fn may_end_marker(last: u8) -> bool {
    matches!(last, b'*' | b'0' | b'1' | b'2' | 0xBD)
}

/// The last bytes of a symbol that may end a marker, a glyph (every byte beyond ASCII) or an
/// `e.p.` (`.`): one load tells the lexer's fast path that most moves end otherwise (see
/// [`odd_end`]).
pub(super) const ODD_ENDS: [bool; 256] = {
    let mut odd = [false; 256];
    let mut b = 0;
    while b < 256 {
        odd[b] = b >= 0x80 || b == b'.' as usize || may_end_marker(b as u8);
        b += 1;
    }
    odd
};

/// The NAGs that annotators write as glyphs of their own, standing alone or after a move:
/// the Unicode signs of the standard's table and their ASCII spellings. Only those that say
/// the same whoever is to move (`↑`, the initiative, is $36 for White and $37 for Black).
const GLYPH_NAGS: [(&str, u8); 24] = [
    ("‼", 3),
    ("⁇", 4),
    ("⁉", 5),
    ("⁈", 6),
    ("□", 7),
    ("∞", 13),
    ("⩲", 14),
    ("⩱", 15),
    ("±", 16),
    ("∓", 17),
    ("+−", 18),
    ("−+", 19),
    ("∆", 140),
    ("⌓", 142),
    ("=", 10),
    ("+=", 14),
    ("=+", 15),
    ("+/=", 14),
    ("=/+", 15),
    ("+/-", 16),
    ("-/+", 17),
    ("+-", 18),
    ("-+", 19),
    ("=/∞", 44),
];

/// The NAG a whole symbol stands for, when it is one of [`GLYPH_NAGS`].
pub(super) fn glyph_nag(symbol: &str) -> Option<u8> {
    GLYPH_NAGS
        .iter()
        .find(|(glyph, _)| *glyph == symbol)
        .map(|&(_, nag)| nag)
}

/// A Unicode glyph of [`GLYPH_NAGS`] glued to the end of a symbol (`Nf3‼`): its NAG and its
/// length. The ASCII ones are left to the SAN compiler, which reads `!!` and its kin, and
/// whose `+` means check.
pub(super) fn trailing_glyph(symbol: &str) -> Option<(u8, usize)> {
    GLYPH_NAGS
        .iter()
        .filter(|(glyph, _)| !glyph.is_ascii())
        .find(|(glyph, _)| symbol.len() > glyph.len() && symbol.ends_with(glyph))
        .map(|&(glyph, nag)| (nag, glyph.len()))
}

/// Where symbols end, as a bit mask of the delimiters in 64 bytes of the text, made once for
/// those bytes: the length of each symbol in them is then a shift and a count of trailing
/// zeros, where reading each symbol's bytes puts a load and a dozen operations between the
/// start of one token and the next (the lexer's critical path). The mask is made with SSE2:
/// elsewhere (WebAssembly) it holds nothing and each symbol is read a word at a time.
#[derive(Default)]
pub(super) struct SymbolEnds {
    /// Where the mask's bytes start.
    #[cfg(target_arch = "x86_64")]
    base: usize,
    /// Bit `i` for a delimiter at `base + i`; none before the first use (then every symbol
    /// looks as if it ran past the mask, and a mask is made).
    #[cfg(target_arch = "x86_64")]
    delimiters: u64,
}

impl SymbolEnds {
    /// The length of the symbol at `start` (not a delimiter) if it ends within the mask's
    /// bytes, or within the next 64 (the mask is then made from `start`); `None` where
    /// neither holds (a long symbol, or too few bytes left for a mask: the caller reads
    /// those byte by byte).
    #[inline]
    pub(super) fn symbol_len(&mut self, bytes: &[u8], start: usize) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        {
            let offset = start.wrapping_sub(self.base);
            let rest = if offset < 64 {
                self.delimiters >> offset
            } else {
                0
            };
            if rest != 0 {
                return Some(rest.trailing_zeros() as usize);
            }
            if let Some(chunk) = bytes.get(start..).and_then(<[u8]>::first_chunk::<64>) {
                self.base = start;
                self.delimiters = crate::pgn::scan::wide::delimiters(chunk);
                return (self.delimiters != 0).then(|| self.delimiters.trailing_zeros() as usize);
            }
        }
        short_symbol(bytes, start)
    }
}

/// Whether the symbol that ends before `end` ends oddly for a move: with a marker glued to
/// it, a glyph, an `e.p.` (see [`ODD_ENDS`]). Its last two bytes are read at once: a move
/// that ends in `0`, `1` or `2` is odd only after `-` or `/`.
#[inline(always)]
pub(super) fn odd_end(bytes: &[u8], end: usize) -> bool {
    let Some(&[before, last]) = bytes.get(end.wrapping_sub(2)..end) else {
        return true;
    };
    ODD_ENDS[usize::from(last)]
        && match last {
            b'0' | b'1' => before == b'-',
            b'2' => before == b'/',
            _ => true,
        }
}

/// The length of the symbol at `start` if it ends within the eight bytes from there, read as
/// one word: a mask of the delimiters gives it without a loop over the symbol's bytes, whose
/// exit is a mispredicted branch per token. `None` where it does not end there.
#[inline]
fn short_symbol(bytes: &[u8], start: usize) -> Option<usize> {
    let word = word_at(bytes, start)?;
    // Candidates for the first delimiter (the lowest one is exact, the others may not be):
    // a few bytes more than the delimiters, so the first candidate is confirmed with the
    // table.
    let candidates = bytes_below(word, 0x20)
        | first_equal(word & !splat(0x06), b' ') // space " $ &
        | first_equal(word | ONES, b')') // ( )
        | first_equal(word, b';')
        | first_equal(word & !splat(0x26), b'Y'); // [ ] { } Y _ y DEL
    let len = candidates.trailing_zeros() as usize / 8;
    let end = *bytes.get(start + len)?;
    (len < 8 && is_delimiter(end)).then_some(len)
}

#[cfg(test)]
mod tests {
    use super::{Segment, SymbolEnds, segment, short_symbol};
    use crate::xorshift::XorShift;

    /// `count` of the `pieces` one after another, drawn by xorshift from `state`.
    fn random_text(rng: &mut XorShift, pieces: &[&str], count: usize) -> String {
        (0..count).map(|_| *rng.pick(pieces)).collect()
    }

    /// Wherever the one-word reading answers, it answers as the byte-wise one does.
    #[test]
    fn short_symbols_read_as_the_bytewise_lexer_reads_them() {
        let pieces: [&str; 26] = [
            "e4", "Nf3", "1.", "12...", "9.", "1234567", "1-0", "0-1", "1/2-1/2", "*", "!?", "?",
            " ", "\n", "\t", "{", "}", "(", ")", ";", "$", "\"", "Y", "\u{1}", "O-O", "♘",
        ];
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let mut answered = 0;
        for _ in 0..30_000 {
            let text = random_text(&mut rng, &pieces, 6);
            for start in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                let first = text.as_bytes()[start];
                // The bytes that start other tokens, and those of move numbers, markers and
                // glyphs, which tokenize never reads in one word.
                if super::is_delimiter(first) || b"{}()[];$\".%0123456789*!?".contains(&first) {
                    continue;
                }
                if let Some(len) = short_symbol(text.as_bytes(), start) {
                    let (kind, end) = segment(text.as_bytes(), start);
                    assert_eq!(
                        (kind, end),
                        (Segment::Symbol, start + len),
                        "{text:?} from {start}"
                    );
                    answered += 1;
                }
            }
        }
        assert!(answered > 10_000, "{answered}");
    }

    /// Wherever the one-word reading of a move number answers, it answers as the byte-wise
    /// one does.
    #[test]
    fn move_numbers_read_as_the_bytewise_lexer_reads_them() {
        let pieces: [&str; 22] = [
            "1", "2", "9", "0", "12", "4567", "1234567", "99999999", ".", ".", "...", " ", "\n",
            "e4", "-", "1-0", "0-1", "1/2-1/2", "*", "?", "(", "♘",
        ];
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let mut answered = 0;
        for _ in 0..30_000 {
            let text = random_text(&mut rng, &pieces, 6);
            for start in (0..text.len()).filter(|&i| text.as_bytes()[i].is_ascii_digit()) {
                let Some((number, dots, len)) = super::move_number(text.as_bytes(), start) else {
                    continue;
                };
                let (kind, end) = segment(text.as_bytes(), start);
                assert_eq!(
                    (kind, end),
                    (Segment::MoveNumber { number, dots }, start + len),
                    "{text:?} from {start}"
                );
                answered += 1;
            }
        }
        assert!(answered > 10_000, "{answered}");
        // Four digits at most, and any number of dots.
        let number = |text: &str| super::move_number(text.as_bytes(), 0);
        assert_eq!(number("9876. e4"), Some((9_876, 1, 5)));
        assert_eq!(number("12......"), Some((12, 6, 8)));
        assert_eq!(number("12345. e4"), None);
        assert_eq!(number("1-0"), None);
    }

    /// Symbols of every kind and the bytes between them, a symbol longer than a word among
    /// them.
    const PIECES: [&str; 28] = [
        "e4",
        "Nf3",
        "Qxe7+",
        "1.",
        "12...",
        "1-0",
        "1/2-1/2",
        "*",
        "!?",
        " ",
        " ",
        " ",
        "\n",
        "\r\n",
        "\t",
        "{",
        "}",
        "(",
        ")",
        ";",
        "$",
        "\"",
        "[",
        "]",
        "\u{b}",
        "O-O",
        "♘",
        "Nbd7xe5=Q#!!longer",
    ];

    /// The mask of a 64-byte stretch ends symbols where the byte-wise lexer does, whether
    /// it is made for the symbol or reused from an earlier one; and it answers for every
    /// symbol shorter than 64 bytes that starts 64 bytes or more before the text's end.
    #[test]
    fn symbol_ends_read_as_the_bytewise_lexer_reads_them() {
        let pieces = PIECES;
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut answered = 0;
        for _ in 0..5_000 {
            let text = random_text(&mut rng, &pieces, 40);
            let mut ends = SymbolEnds::default();
            for start in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                let first = text.as_bytes()[start];
                if super::is_delimiter(first) || b"{}()[];$\".%0123456789*!?".contains(&first) {
                    continue;
                }
                let (kind, end) = segment(text.as_bytes(), start);
                match ends.symbol_len(text.as_bytes(), start) {
                    Some(len) => {
                        assert_eq!(
                            (kind, end),
                            (Segment::Symbol, start + len),
                            "{text:?} from {start}"
                        );
                        answered += 1;
                    }
                    None => assert!(
                        start + 64 > text.len()
                            || end - start >= 64
                            || !cfg!(target_arch = "x86_64"),
                        "{text:?} from {start}"
                    ),
                }
            }
        }
        assert!(answered > 100_000, "{answered}");
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_delimiter_mask_flags_exactly_the_delimiters_in_every_lane() {
        crate::pgn::scan::tests::mask_agrees_in_every_lane(
            crate::pgn::scan::wide::delimiters,
            super::is_delimiter,
            b'(',
        );
    }
}
