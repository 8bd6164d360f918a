//! The runs of movetext that the splitter skips without its byte-wise state machine: the
//! symbols and blanks of a line, read a word or sixteen bytes at a time, and the inside of a
//! comment.

#[cfg(target_arch = "x86_64")]
use crate::pgn::scan::wide;
use crate::pgn::scan::{HIGHS, find, first_equal, first_line_end, splat, word_at};
use crate::pgn::syntax::is_delimiter;

use super::machine::Scan;

/// Bytes that continue a movetext symbol and mean nothing else to the splitter: all but the
/// lexer's delimiters and `%` (which starts an escape line at a line's start).
const PLAIN: [bool; 256] = {
    let mut plain = [false; 256];
    let mut b = 0;
    while b < 256 {
        plain[b] = !is_delimiter(b as u8) && b != b'%' as usize;
        b += 1;
    }
    plain
};

/// Skips a run of plain bytes in movetext: the digits of a NAG after its `$`, then the bytes
/// of a symbol, whose last bytes are kept (they may be a marker); returns how many.
#[inline]
fn skip_symbol(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut run = 0;
    if scan.nag {
        while bytes.get(run).is_some_and(u8::is_ascii_digit) {
            run += 1;
        }
    }
    while let Some(&byte) = bytes.get(run).filter(|&&b| PLAIN[usize::from(b)]) {
        scan.nag = false;
        scan.symbol.push(byte);
        run += 1;
    }
    if run > 0 {
        scan.mid_line();
        scan.note_movetext();
    }
    run
}

/// The high bit of the first byte of a little-endian `word` that can end a symbol otherwise
/// than a space does, or belong to a termination marker (maybe of some bytes after it too;
/// nothing if there is none): control bytes (tab, CR and newline among them),
/// `" $ % ( ) * - / ; [ ] { }` (every marker has a `-` or a `/` or is a `*`). A few bytes
/// that never matter here are flagged too (`# & '` in the range of `"` to `*`, and `Y _ y`
/// DEL, which share a pattern with the brackets): flagging more only hands bytes to the
/// byte-wise loop.
#[inline]
const fn first_special_byte(word: u64) -> u64 {
    let low7 = word & !HIGHS;
    // Per byte below 0x80, without carries between bytes: at least 0x20, 0x22 and 0x2b.
    let from_20 = low7 + splat(0x80 - 0x20);
    let from_22 = low7 + splat(0x80 - 0x22);
    let from_2b = low7 + splat(0x80 - 0x2b);
    let controls = !from_20;
    let quote_to_star = from_22 & !from_2b;
    let ascii = !word & HIGHS;
    let exact = (controls | quote_to_star) & ascii;
    let signs = first_equal(word, b'-') | first_equal(word, b'/') | first_equal(word, b';');
    // `[ ] { }` differ from `Y` only in the bits of 0x26.
    let brackets = first_equal(word & !splat(0x26), b'Y');
    exact | signs | brackets
}

/// The length of the longest run of whole symbols and the blanks between them at the start of
/// `bytes`, read sixteen bytes at a time (eight where SSE2 is missing): it holds no byte that
/// [`first_special_byte`] flags and ends just after a space or right before a byte that ends
/// a symbol, so none of its symbols is a termination marker and nothing in it but the
/// symbols matters to the splitter. Most of a movetext line is such a run; finding it a chunk
/// at a time takes one branch per chunk where the byte-wise loop takes several per symbol,
/// most of them hard to predict.
// Never inline: in the splitter's large loop the eight-byte constants of the test are loaded
// again for every word, a large part of the loop's instructions; on its own they stay in
// registers, which measured faster for split + check.
#[inline(never)]
fn plain_run(bytes: &[u8]) -> usize {
    // The first special byte of the whole words (or their end): one test per sixteen bytes
    // where the processor has SSE2, then one per word.
    let mut at = 0;
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = bytes.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        let special = wide::special_bytes(chunk);
        if special != 0 {
            return run_before(bytes, at + special.trailing_zeros() as usize);
        }
        at += 16;
    }
    let limit = loop {
        let Some(word) = word_at(bytes, at) else {
            break at;
        };
        let special = first_special_byte(word);
        if special != 0 {
            break at + special.trailing_zeros() as usize / 8;
        }
        at += 8;
    };
    run_before(bytes, limit)
}

/// The run of [`plain_run`] when the first special byte (or the end of the whole words) is at
/// `limit`: up to that byte if it ends a symbol without being part of one (a blank, a bracket,
/// `;` or `$`: the symbol before it, with no `-` or `*`, is no marker), else back to just
/// after the last space before it, a symbol's length at most.
#[inline]
fn run_before(bytes: &[u8], limit: usize) -> usize {
    if bytes
        .get(limit)
        .is_some_and(|&b| ENDS_SYMBOL[usize::from(b)])
    {
        return limit;
    }
    bytes
        .get(..limit)
        .and_then(|clean| clean.iter().rposition(|&b| b == b' '))
        .map_or(0, |space| space + 1)
}

/// The bytes that end a symbol for the splitter's state machine without being part of one:
/// the lexer's delimiters (blanks and `{ } ( ) [ ] ; $ "`).
const ENDS_SYMBOL: [bool; 256] = {
    let mut ends = [false; 256];
    let mut b = 0;
    while b < 256 {
        ends[b] = is_delimiter(b as u8);
        b += 1;
    }
    ends
};

/// Skips the symbols of a line of movetext and the blanks between them, the bulk of a game,
/// in one loop; stops before any other byte, or at a blank after the game's termination
/// marker (what comes after it is the byte-wise machine's). Returns how many bytes.
#[inline]
pub(super) fn skip_movetext(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut i = 0;
    loop {
        // Whole symbols first, word by word (a symbol begun before these bytes could be a
        // marker that the next blank ends: `skip_symbol` reads it).
        if scan.symbol.len == 0 && !scan.nag {
            i += skip_plain_run(scan, bytes.get(i..).unwrap_or_default());
        }
        i += skip_symbol(scan, bytes.get(i..).unwrap_or_default());
        match bytes.get(i) {
            // A blank within a line, the commonest byte of movetext, only ends a symbol.
            Some(b' ' | b'\t') => {
                scan.end_symbol();
                if scan.ended {
                    return i;
                }
                scan.mid_line();
                i += 1;
            }
            // A line end in movetext, before a line that starts with a symbol: what the state
            // machine does with it (a tag line, an escape line, a blank line or the chunk's
            // end after it are the state machine's).
            Some(b'\n')
                if scan.movetext && bytes.get(i + 1).is_some_and(|&b| PLAIN[usize::from(b)]) =>
            {
                scan.end_symbol();
                if scan.ended {
                    return i;
                }
                scan.line_end(b'\n');
                i += 1;
            }
            // The same after a carriage return and line feed.
            Some(b'\r')
                if scan.movetext
                    && bytes.get(i + 1) == Some(&b'\n')
                    && bytes.get(i + 2).is_some_and(|&b| PLAIN[usize::from(b)]) =>
            {
                scan.end_symbol();
                if scan.ended {
                    return i;
                }
                scan.line_end(b'\r');
                scan.line_end(b'\n');
                i += 2;
            }
            _ => return i,
        }
    }
}

/// Skips the [`plain_run`] at the start of `bytes` (no symbol begun before it), noting the
/// movetext it holds; returns how many bytes.
#[inline]
fn skip_plain_run(scan: &mut Scan, bytes: &[u8]) -> usize {
    let run = plain_run(bytes);
    if run > 0 {
        scan.mid_line();
        if bytes.iter().take_while(|&&b| b == b' ').count() < run {
            scan.note_movetext();
        }
    }
    run
}

/// Skips the inside of a brace comment up to `}` or a line end; returns how many bytes. At
/// a line's start, where a `[` may open a tag pair to end a comment that never closes, the
/// state machine reads the comment up to its first byte but blanks.
#[inline]
pub(super) fn skip_comment(scan: &mut Scan, bytes: &[u8]) -> usize {
    if scan.fresh_line && scan.seeking {
        return 0;
    }
    let run = find(bytes, |w| first_equal(w, b'}') | first_line_end(w));
    if run > 0 {
        scan.mid_line();
    }
    run
}

#[cfg(test)]
mod tests {
    use super::{HIGHS, first_special_byte, plain_run};
    use crate::xorshift::XorShift;

    fn special(byte: u8) -> bool {
        byte < 0x20 || b"\"#$%&'()*-/;[]{}Y_y\x7f".contains(&byte)
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sixteen_bytes_at_once_flag_exactly_the_special_bytes() {
        crate::pgn::scan::tests::mask_agrees_in_every_lane(
            super::wide::special_bytes,
            special,
            b'-',
        );
    }

    #[test]
    fn the_first_special_byte_is_found_in_every_lane() {
        for byte in 0..=255u8 {
            for lane in 0..8 {
                // The other lanes hold a plain byte, a space, the byte itself or a special one.
                for fill in [b'e', b' ', byte, b'-'] {
                    let mut word = [fill; 8];
                    word[lane] = byte;
                    let flags = first_special_byte(u64::from_le_bytes(word));
                    let first = word.iter().position(|&b| special(b));
                    let flagged = (flags != 0).then(|| flags.trailing_zeros() as usize / 8);
                    assert_eq!(flagged, first, "{word:?}");
                    assert_eq!(flags & !HIGHS, 0);
                }
            }
        }
    }

    /// The run is what a byte-wise reading says: whole words up to the first special byte,
    /// cut there if it ends a symbol without being part of one, else just after the last
    /// space before it.
    #[test]
    fn plain_run_ends_where_the_byte_wise_reading_ends_it() {
        let alphabet = b"  e4Nf3x1-0O*{};(\n\t\r.=+#!?Y\xc3\"/";
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            // The length from the last number drawn: the state.
            let len = (rng.0 % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    // Mostly plain bytes and spaces, as movetext is.
                    let pick = (rng.next() >> 32) as usize % (alphabet.len() * 3);
                    alphabet.get(pick).copied().unwrap_or(b"Nbd7 "[pick % 5])
                })
                .collect();
            let words = len / 8 * 8;
            let clean = bytes[..words]
                .iter()
                .position(|&b| special(b))
                .unwrap_or(words);
            let ends_symbol = |b: u8| b" \t\r\n\x0b\x0c{}()[];$\"".contains(&b);
            let expected = if bytes.get(clean).is_some_and(|&b| ends_symbol(b)) {
                clean
            } else {
                bytes[..clean]
                    .iter()
                    .rposition(|&b| b == b' ')
                    .map_or(0, |i| i + 1)
            };
            assert_eq!(
                plain_run(&bytes),
                expected,
                "{:?}",
                String::from_utf8_lossy(&bytes)
            );
        }
    }
}
