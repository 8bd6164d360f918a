//! Tag lines, `[Name "value"]`, skipped without the splitter's byte-wise state machine: the
//! whole tag section of a game where nothing in it can end the game, the inside of one line
//! elsewhere.

use super::machine::{Mode, Scan};
use crate::pgn::scan::{find, first_equal, simple_tag_quotes};

/// Skips the inside of a tag line (the `Tag`, `TagString` and `TagEscape` modes) in one
/// loop, through the `]` that closes it; stops before a newline, which ends any of them.
/// Every byte was already counted as content by the `[`. The bytes that change nothing (most
/// of a tag value) are skipped eight at a time.
#[inline]
pub(super) fn skip_tag(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut mode = scan.mode;
    let mut i = 0;
    loop {
        let rest = bytes.get(i..).unwrap_or_default();
        i += match mode {
            Mode::TagString => find(rest, |w| {
                first_equal(w, b'"') | first_equal(w, b'\\') | first_equal(w, b'\n')
            }),
            Mode::Tag => find(rest, |w| {
                first_equal(w, b'"') | first_equal(w, b']') | first_equal(w, b'\n')
            }),
            _ => 0,
        };
        let Some(&byte) = bytes.get(i) else { break };
        mode = match (mode, byte) {
            (_, b'\n') => break,
            (Mode::Tag, b']') => {
                i += 1;
                mode = Mode::Normal;
                break;
            }
            (Mode::Tag, b'"') => Mode::TagString,
            (Mode::TagString, b'\\') => Mode::TagEscape,
            (Mode::TagString, b'"') => Mode::Tag,
            (Mode::TagEscape, _) => Mode::TagString,
            (mode, _) => mode,
        };
        i += 1;
    }
    scan.mode = mode;
    i
}

/// The length of the tag line at the start of `bytes` (from its `[` through its `\n`) if it is
/// the commonest kind, `[Name "value"]` and blanks (see [`simple_tag_quotes`]): two searches,
/// where the state machine of [`skip_tag`] takes a round per quote. `None` for any other line,
/// left to that machine (it ends these lines in the same place: the `]` after the second
/// quote).
#[inline]
fn simple_tag_line(bytes: &[u8]) -> Option<usize> {
    let (_, close) = simple_tag_quotes(bytes)?;
    let mut end = close + 2;
    while bytes
        .get(end)
        .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r'))
    {
        end += 1;
    }
    (bytes.get(end) == Some(&b'\n')).then_some(end + 1)
}

/// Skips whole tag lines (`[`, the inside, `]` and the line end) at the start of `bytes`, the
/// tag section of a game, without the byte-wise state machine; stops before anything else,
/// and where a tag line breaks off. Only at a line start before any movetext or blank line:
/// there a tag line neither starts a game nor needs its name looked up.
#[inline]
pub(super) fn skip_tag_lines(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut i = 0;
    while scan.line_start
        && !scan.movetext
        && !scan.blank_after_tags
        && scan.mode == Mode::Normal
        && bytes.get(i) == Some(&b'[')
    {
        scan.tags = true;
        scan.note_content();
        if let Some(len) = simple_tag_line(bytes.get(i..).unwrap_or_default()) {
            i += len;
            scan.new_line();
            continue;
        }
        scan.mode = Mode::Tag;
        i += 1;
        i += skip_tag(scan, bytes.get(i..).unwrap_or_default());
        // Blanks after `]`, then the line end (or anything else: the byte-wise loop's).
        while bytes
            .get(i)
            .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r'))
        {
            i += 1;
        }
        if scan.mode != Mode::Normal || bytes.get(i) != Some(&b'\n') {
            break;
        }
        i += 1;
        scan.new_line();
    }
    i
}

#[cfg(test)]
mod tests {
    use super::{simple_tag_line, skip_tag};
    use crate::pgn::split::machine::{Mode, Scan};

    /// Where the two-search reading of a tag line answers, the byte-wise state machine ends
    /// the tag at the same byte, in the mode after it, and only blanks follow to the newline.
    #[test]
    fn simple_tag_lines_end_where_the_state_machine_ends_them() {
        let pieces: [&[u8]; 16] = [
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
            let Some(len) = simple_tag_line(&line) else {
                continue;
            };
            simple += 1;
            let mut scan = Scan::new(0, 1);
            scan.mode = Mode::Tag;
            let mut end = 1 + skip_tag(&mut scan, &line[1..]);
            assert_eq!(
                scan.mode,
                Mode::Normal,
                "{:?}",
                String::from_utf8_lossy(&line)
            );
            while matches!(line[end], b' ' | b'\t' | b'\r') {
                end += 1;
            }
            assert_eq!(line[end], b'\n', "{:?}", String::from_utf8_lossy(&line));
            assert_eq!(len, end + 1, "{:?}", String::from_utf8_lossy(&line));
        }
        assert!(simple > 500, "{simple}");
    }
}
