//! Tag lines, `[Name "value"]`, skipped without the splitter's byte-wise state machine: the
//! lines of a game's tag section that hold one tag pair of the commonest form each, most of
//! a tag section. Any other line is the state machine's, which reads it with the lexer's
//! reading of tag pairs.

use super::machine::{Mode, Scan};
use crate::pgn::scan::simple_tag_quotes;

/// The length of the tag line at the start of `bytes` (from its `[` through its line end) if
/// it is the commonest kind, `[Name "value"]` and blanks (see [`simple_tag_quotes`]), and
/// the line end's first byte; two searches. `None` for any other line, and for a carriage
/// return last in `bytes` (a line feed may follow it in the next chunk).
#[inline]
fn simple_tag_line(bytes: &[u8]) -> Option<(usize, u8)> {
    let close = closing_quote(bytes)?;
    let mut end = close + 2;
    while bytes.get(end).is_some_and(|&b| b == b' ' || b == b'\t') {
        end += 1;
    }
    match bytes.get(end..end + 2) {
        Some([b'\r', b'\n']) => Some((end + 2, b'\r')),
        Some([b'\r' | b'\n', _]) => bytes.get(end).map(|&b| (end + 1, b)),
        _ => (bytes.get(end) == Some(&b'\n')).then_some((end + 1, b'\n')),
    }
}

/// The closing quote of the commonest tag line at the start of `bytes`, as
/// [`simple_tag_quotes`] finds it: where SSE2 is, first from one mask of the line's first 32
/// bytes (most tag lines), its first two stops quotes and a `]` after the second.
#[inline]
fn closing_quote(bytes: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(window) = bytes.first_chunk::<32>() {
        // Bit 0 is the `[`.
        let stops = crate::pgn::scan::wide::tag_line_stops(window) & !1;
        let open = stops.trailing_zeros() as usize;
        let after_open = stops & stops.wrapping_sub(1);
        let close = after_open.trailing_zeros() as usize;
        let quoted = window.get(open) == Some(&b'"') && window.get(close) == Some(&b'"');
        if quoted && window.get(close + 1) == Some(&b']') {
            return Some(close);
        }
    }
    simple_tag_quotes(bytes).map(|(_, close)| close)
}

/// Skips whole tag lines (`[`, the inside, `]` and the line end) at the start of `bytes`, the
/// tag section of a game, without the byte-wise state machine; stops before anything else.
/// Only at a line start before any movetext or blank line: there a tag pair neither starts a
/// game nor ends one.
#[inline]
pub(super) fn skip_tag_lines(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut i = 0;
    while scan.fresh_line
        && !scan.movetext
        && !scan.blank_after_tags
        && scan.mode == Mode::Normal
        && bytes.get(i) == Some(&b'[')
    {
        let Some((len, line_end)) = simple_tag_line(bytes.get(i..).unwrap_or_default()) else {
            break;
        };
        scan.tags = true;
        scan.fresh_line = false;
        scan.mid_line();
        scan.line_end(line_end);
        // A carriage return and line feed: one line end, both read.
        scan.after_cr = false;
        i += len;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::{closing_quote, simple_tag_line};
    use crate::pgn::scan::simple_tag_quotes;
    use crate::pgn::syntax::tag;
    use crate::xorshift::XorShift;

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_tag_line_mask_flags_exactly_its_bytes_in_every_lane() {
        crate::pgn::scan::tests::mask_agrees_in_every_lane(
            |c| u64::from(crate::pgn::scan::wide::tag_line_stops(c)),
            |b| b"\"\\]\n\r".contains(&b),
            b'"',
        );
    }

    /// The closing quote read from the mask of a line's first 32 bytes is the one the two
    /// searches find, on lines of the pieces that decide it, short and long.
    #[test]
    fn the_closing_quote_is_the_one_the_searches_find() {
        let pieces = [
            "Event", " ", "\"", "\\", "]", "[", "\r", "\n", "\"]", "x", "Opening", "é",
        ];
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut found = 0;
        for round in 0..40_000 {
            let mut line = b"[".to_vec();
            if round % 2 == 0 {
                line.extend_from_slice(b"Site \"");
            }
            for piece in 0..12 {
                let random = rng.next();
                if piece > 0 && random.is_multiple_of(6) {
                    break;
                }
                line.extend_from_slice(pieces[(random >> 40) as usize % pieces.len()].as_bytes());
            }
            line.extend_from_slice(b"\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n");
            let expected = simple_tag_quotes(&line).map(|(_, close)| close);
            assert_eq!(
                closing_quote(&line),
                expected,
                "{:?}",
                String::from_utf8_lossy(&line)
            );
            found += usize::from(expected.is_some());
        }
        assert!(found > 2_000, "{found}");
    }

    /// Where the two-search reading of a tag line answers, the lexer's reading of tag pairs
    /// reads a tag pair to the same `]`, and only blanks follow to the line end; or no tag
    /// pair, and the lexer's error runs to that line end too (a name that is none: `[;"x"]`).
    #[test]
    fn simple_tag_lines_end_where_the_lexer_ends_their_tag() {
        let pieces = [
            "Event", " ", "\"", "\\", "]", "[", "x", "\r", "\t", "\"]", "{", ";", "1-0", "é", "\n",
            "\\\"", "\r\n",
        ];
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let mut simple = 0;
        for round in 0..40_000 {
            let mut line = if round % 2 == 0 {
                b"[Event \"".to_vec()
            } else {
                b"[".to_vec()
            };
            for _ in 0..5 {
                line.extend_from_slice(rng.pick(&pieces).as_bytes());
            }
            line.extend_from_slice(b"\n1. e4 *\n");
            let Some((len, line_end)) = simple_tag_line(&line) else {
                continue;
            };
            simple += 1;
            let shown = String::from_utf8_lossy(&line).into_owned();
            let Ok(((_, _, pair), _)) = tag(&line) else {
                continue;
            };
            let blanks = line[pair..]
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t');
            let end = pair + blanks.count();
            assert_eq!(line[end], line_end, "{shown:?}");
            let crlf = line.get(end..end + 2) == Some(b"\r\n");
            assert_eq!(len, end + 1 + usize::from(crlf), "{shown:?}");
        }
        assert!(simple > 500, "{simple}");
    }
}
