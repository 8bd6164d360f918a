//! Symbols: moves, move numbers, termination markers and glyphs, the bulk of the movetext.

use super::{Outcome, TokenKind, is_delimiter};
use crate::pgn::scan::{ONES, bytes_below, first_equal, splat, word_at};

/// A move number or a symbol, from a byte that starts none of the other tokens, and where it
/// ends.
#[inline]
pub(super) fn symbol(text: &str, start: usize) -> (TokenKind, usize) {
    let bytes = text.as_bytes();
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
    if digits > 0 && bytes.get(start + digits) == Some(&b'.') {
        let mut end = start + digits;
        while bytes.get(end) == Some(&b'.') {
            end += 1;
        }
        let dots = end - start - digits;
        return (TokenKind::MoveNumber { number, dots }, end);
    }
    let mut end = start;
    while bytes.get(end).is_some_and(|&b| !is_delimiter(b)) {
        end += 1;
    }
    let symbol = text.get(start..end).unwrap_or_default();
    (symbol_kind(symbol), end)
}

/// A move number of up to four digits, `12.` or `12...`: the number, how many dots, and the
/// length, as [`symbol`] reads it; `None` where no dot follows the digits (a marker, say) or
/// there are more: the caller reads those with [`symbol`]. Bounded, so that it needs no
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

/// What a symbol is: a termination marker, a glyph standing alone, or a move.
#[inline]
fn symbol_kind(symbol: &str) -> TokenKind {
    if let Some(outcome) = Outcome::parse(symbol) {
        TokenKind::Result(outcome)
    } else if symbol.bytes().all(|b| b == b'!' || b == b'?') && symbol.len() <= 2 {
        TokenKind::Glyph
    } else {
        TokenKind::San
    }
}

/// Where symbols end, as a bit mask of the delimiters in 64 bytes of the text, made once for
/// those bytes: the length of each symbol in them is then a shift and a count of trailing
/// zeros, where reading each symbol's bytes puts a load and a dozen operations between the
/// start of one token and the next (the lexer's critical path).
#[derive(Default)]
pub(super) struct SymbolEnds {
    /// Where the mask's bytes start.
    base: usize,
    /// Bit `i` for a delimiter at `base + i`; none before the first use (then every symbol
    /// looks as if it ran past the mask, and a mask is made).
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
    use super::{SymbolEnds, TokenKind, short_symbol, symbol};

    /// `count` of the `pieces` one after another, drawn by xorshift from `state`.
    fn random_text(state: &mut u64, pieces: &[&str], count: usize) -> String {
        (0..count)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                pieces[(*state >> 40) as usize % pieces.len()]
            })
            .collect()
    }

    /// Wherever the one-word reading answers, it answers as the byte-wise one does.
    #[test]
    fn short_symbols_read_as_the_bytewise_lexer_reads_them() {
        let pieces: [&str; 26] = [
            "e4", "Nf3", "1.", "12...", "9.", "1234567", "1-0", "0-1", "1/2-1/2", "*", "!?", "?",
            " ", "\n", "\t", "{", "}", "(", ")", ";", "$", "\"", "Y", "\u{1}", "O-O", "♘",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut answered = 0;
        for _ in 0..30_000 {
            let text = random_text(&mut state, &pieces, 6);
            for start in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                let first = text.as_bytes()[start];
                // The bytes that start other tokens, and those of move numbers, markers and
                // glyphs, which tokenize never reads in one word.
                if super::is_delimiter(first) || b"{}()[];$\".%0123456789*!?".contains(&first) {
                    continue;
                }
                if let Some(len) = short_symbol(text.as_bytes(), start) {
                    let (kind, end) = symbol(&text, start);
                    assert_eq!(
                        (kind, end),
                        (TokenKind::San, start + len),
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
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut answered = 0;
        for _ in 0..30_000 {
            let text = random_text(&mut state, &pieces, 6);
            for start in (0..text.len()).filter(|&i| text.as_bytes()[i].is_ascii_digit()) {
                let Some((number, dots, len)) = super::move_number(text.as_bytes(), start) else {
                    continue;
                };
                let (kind, end) = symbol(&text, start);
                assert_eq!(
                    (kind, end),
                    (TokenKind::MoveNumber { number, dots }, start + len),
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
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut answered = 0;
        for _ in 0..5_000 {
            let text = random_text(&mut state, &pieces, 40);
            let mut ends = SymbolEnds::default();
            for start in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                let first = text.as_bytes()[start];
                if super::is_delimiter(first) || b"{}()[];$\".%0123456789*!?".contains(&first) {
                    continue;
                }
                let (kind, end) = symbol(&text, start);
                match ends.symbol_len(text.as_bytes(), start) {
                    Some(len) => {
                        assert_eq!(
                            (&kind, end),
                            (&TokenKind::San, start + len),
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
