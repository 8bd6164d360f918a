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
    let (_, close) = simple_tag_quotes(bytes)?;
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
    use super::simple_tag_line;
    use crate::pgn::syntax::tag;

    /// Where the two-search reading of a tag line answers, the lexer's reading of tag pairs
    /// reads a tag pair to the same `]`, and only blanks follow to the line end; or no tag
    /// pair, and the lexer's error runs to that line end too (a name that is none: `[;"x"]`).
    #[test]
    fn simple_tag_lines_end_where_the_lexer_ends_their_tag() {
        let pieces: [&[u8]; 17] = [
            b"Event",
            b" ",
            b"\"",
            b"\\",
            b"]",
            b"[",
            b"x",
            b"\r",
            b"\t",
            b"\"]",
            b"{",
            b";",
            b"1-0",
            b"\xc3\xa9",
            b"\n",
            b"\\\"",
            b"\r\n",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut simple = 0;
        for round in 0..40_000 {
            let mut line = if round % 2 == 0 {
                b"[Event \"".to_vec()
            } else {
                b"[".to_vec()
            };
            for _ in 0..5 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                line.extend_from_slice(pieces[(state >> 40) as usize % pieces.len()]);
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
