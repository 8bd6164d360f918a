//! Tag pairs, `[Name "value"]`: where the name and the value are. Read from bytes, so that
//! the splitter, which cuts games before they are decoded, reads a tag pair exactly as the
//! lexer does.

use std::ops::Range;

use super::{CLASSES, NAME};
use crate::pgn::scan::{find, first_equal, first_line_end, simple_tag_quotes};

/// Why a line that starts with `[` is no tag pair: it breaks off, or it is no `[Name "value"]`.
pub(in crate::pgn) enum TagError {
    Unterminated,
    Malformed,
}

/// Where a tag pair's name and value are, and how many bytes it takes.
pub(in crate::pgn) type Pair = (Range<usize>, Range<usize>, usize);

/// The most bytes a tag pair may take: a tag that does not close within them is read as one
/// that never closes, so that the splitter need not hold an endless line to decide about it.
pub(in crate::pgn) const MAX_TAG_LINE: usize = 1 << 16;

/// `[Name "value"]` at the start of `bytes`, on its first line: the name's and the value's
/// bytes, bytes used; and whether the value may hold an escape (the value of a tag that is
/// `[Name "value"]` exactly has no backslash: only the others may).
#[inline]
pub(in crate::pgn) fn tag(bytes: &[u8]) -> Result<(Pair, bool), TagError> {
    let bytes = bytes.get(..MAX_TAG_LINE).unwrap_or(bytes);
    #[cfg(target_arch = "x86_64")]
    if let Some(simple) = simple_tag_wide(bytes) {
        return Ok((simple, false));
    }
    match simple_tag(bytes) {
        Some(simple) => Ok((simple, false)),
        None => any_tag(bytes).map(|read| (read, true)),
    }
}

/// [`tag`] byte by byte, whatever the form.
fn any_tag(bytes: &[u8]) -> Result<Pair, TagError> {
    let mut i = 1;
    while bytes.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
        i += 1;
    }
    let name_start = i;
    while bytes
        .get(i)
        .is_some_and(|&b| CLASSES[usize::from(b)] & NAME != 0)
    {
        i += 1;
    }
    if i == name_start {
        return Err(TagError::Malformed);
    }
    let name = name_start..i;
    while bytes.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
        i += 1;
    }
    if bytes.get(i) != Some(&b'"') {
        return Err(TagError::Malformed);
    }
    i += 1;
    let value_start = i;
    let value = loop {
        // Plain bytes of the value, eight at a time.
        let rest = bytes.get(i..).unwrap_or_default();
        i += find(rest, |w| {
            first_equal(w, b'"') | first_equal(w, b'\\') | first_line_end(w)
        });
        match bytes.get(i) {
            None | Some(b'\n' | b'\r') => return Err(TagError::Unterminated),
            Some(b'\\') if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => i += 2,
            Some(b'"') => {
                // A quote followed by more than `]` is a quote inside the value that was
                // not escaped (`"The "Immortal" Game"`): keep it, as other readers do.
                i += 1;
                if closes_value(bytes.get(i..).unwrap_or_default()) {
                    break value_start..i - 1;
                }
            }
            Some(_) => i += 1,
        }
    };
    while bytes.get(i).is_some_and(|&b| is_inline_blank(b)) {
        i += 1;
    }
    if bytes.get(i) != Some(&b']') {
        return Err(TagError::Unterminated);
    }
    Ok((name, value, i + 1))
}

/// The commonest tag, `[Name "value"]` exactly (see [`simple_tag_quotes`]; the name right
/// after `[` and one space before the value), read with two searches; `None` for anything
/// else, which [`tag`] reads byte by byte to the same result where this one gives one.
#[inline]
fn simple_tag(bytes: &[u8]) -> Option<Pair> {
    let (open, close) = simple_tag_quotes(bytes)?;
    let name = 1..open.checked_sub(1)?;
    let named = !name.is_empty()
        && bytes
            .get(name.clone())?
            .iter()
            .all(|&b| CLASSES[usize::from(b)] & NAME != 0);
    (named && bytes.get(name.end..=open) == Some(b" \"")).then_some((
        name,
        open + 1..close,
        close + 2,
    ))
}

/// [`simple_tag`] from the masks of the line's first 32 bytes, for a line whose first quote
/// is in them: a few vector compares where the two searches take a test per word and the
/// name a test per byte. `None` where it is no such line (the caller reads those with
/// [`simple_tag`]).
#[cfg(target_arch = "x86_64")]
#[inline]
fn simple_tag_wide(bytes: &[u8]) -> Option<Pair> {
    let masks = crate::pgn::scan::wide::tag_bytes(bytes.first_chunk::<32>()?);
    // The first quote, before any `]` or line end (byte 0 is the `[`).
    let first = masks.quotes | masks.closes | masks.line_ends;
    let open = first.trailing_zeros();
    if masks.quotes.checked_shr(open).is_none_or(|m| m & 1 == 0) || open < 3 {
        return None;
    }
    // The second, before any escape or line end (searched on past the masks' bytes for a
    // long value), and right before the `]`.
    let after_open =
        (masks.quotes | masks.backslashes | masks.line_ends) & u32::MAX.checked_shl(open + 1)?;
    let close = match after_open {
        0 => {
            let stop = |w| first_equal(w, b'"') | first_equal(w, b'\\') | first_line_end(w);
            32 + find(bytes.get(32..)?, stop)
        }
        _ => after_open.trailing_zeros() as usize,
    };
    if bytes.get(close..close + 2) != Some(b"\"]") {
        return None;
    }
    // The name: from byte 1 to the space before the first quote, every byte a name's.
    let name = 1..open as usize - 1;
    let name_bits = (u32::MAX >> (32 - name.end)) & !1;
    let named = masks.names & name_bits == name_bits;
    (named && bytes.get(name.end) == Some(&b' ')).then_some((
        name,
        open as usize + 1..close,
        close + 2,
    ))
}

/// Whether a tag value's quote followed by `rest` closes the value: nothing but blanks until
/// `]` or the line's end.
fn closes_value(rest: &[u8]) -> bool {
    let blanks = rest.iter().take_while(|&&b| is_inline_blank(b)).count();
    matches!(rest.get(blanks), None | Some(b']' | b'\n' | b'\r'))
}

/// White space within a line: space, tab, vertical tab, form feed.
fn is_inline_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | 0x0b | 0x0c)
}

#[cfg(test)]
mod tests {
    use super::{TagError, simple_tag, tag};
    use crate::xorshift::XorShift;
    use std::ops::Range;

    type TagRead = Result<(Range<usize>, Range<usize>, usize), TagError>;

    /// The tag reading of one line alone, written with `str` searches (an independent
    /// reading: the line ends at its first line feed or carriage return; blanks within it are
    /// space, tab, vertical tab and form feed).
    fn tag_of_line(line: &str) -> TagRead {
        let line = &line[..line.find(['\n', '\r']).unwrap_or(line.len())];
        let inline_blanks: &[char] = &[' ', '\t', '\u{b}', '\u{c}'];
        let blanks = |from: usize, set: &[char]| {
            let rest = &line[from..];
            from + rest.len() - rest.trim_start_matches(set).len()
        };
        let name_start = blanks(1, &[' ', '\t']);
        let name_end = line[name_start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(line.len(), |n| name_start + n);
        if name_end == name_start {
            return Err(TagError::Malformed);
        }
        let quote = blanks(name_end, &[' ', '\t']);
        if !line[quote..].starts_with('"') {
            return Err(TagError::Malformed);
        }
        let mut at = quote + 1;
        let end = loop {
            let Some(found) = line[at..].find(['"', '\\']) else {
                return Err(TagError::Unterminated);
            };
            at += found;
            if line[at..].starts_with('\\') {
                at += if line[at + 1..].starts_with(['"', '\\']) {
                    2
                } else {
                    1
                };
                continue;
            }
            let after = line[at + 1..].trim_start_matches(inline_blanks);
            if after.is_empty() || after.starts_with(']') {
                break at;
            }
            at += 1;
        };
        let close = blanks(end + 1, inline_blanks);
        if !line[close..].starts_with(']') {
            return Err(TagError::Unterminated);
        }
        Ok((name_start..name_end, quote + 1..end, close + 1))
    }

    fn same(a: &TagRead, b: &TagRead) -> bool {
        match (a, b) {
            (Ok(a), Ok(b)) => a == b,
            (Err(TagError::Malformed), Err(TagError::Malformed))
            | (Err(TagError::Unterminated), Err(TagError::Unterminated)) => true,
            _ => false,
        }
    }

    /// Reading a tag from the whole text (stopping at the line's end itself) gives what
    /// reading the line alone gives, on random tag lines with quotes, escapes, brackets and
    /// white space of every kind before a next line.
    #[test]
    fn tags_read_from_the_text_as_from_their_line() {
        let pieces: [&str; 20] = [
            "Event", " ", "\t", "\"", "\\", "\\\"", "]", "[", "a b", "\r", "\u{3000}", "\u{a0}",
            "é", "_9", "x", "\u{b}", "\u{c}", "\"]", "]\"", "\"\"",
        ];
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let (mut read, mut simple_read, mut wide_read) = (0, 0, 0);
        for _ in 0..40_000 {
            let start = ["[", "[Event \"", "[ Site\t\""][rng.next() as usize % 3];
            let mut line = String::from(start);
            line.extend((0..6).map(|_| *rng.pick(&pieces)));
            let text = format!("{line}\n[Site \"x\"] e4\n");
            let (result, alone) = (tag(text.as_bytes()), tag_of_line(&line));
            let whole = result
                .as_ref()
                .map(|(whole, _)| whole.clone())
                .map_err(|e| match e {
                    TagError::Malformed => TagError::Malformed,
                    TagError::Unterminated => TagError::Unterminated,
                });
            assert!(same(&whole, &alone), "{line:?}");
            // A value with a backslash is never said to have no escape.
            if let Ok(((_, value, _), escapes)) = &result {
                assert!(*escapes || !text[value.clone()].contains('\\'), "{line:?}");
            }
            read += usize::from(whole.is_ok());
            // The two-search reading, where it answers, alone too; the one from masks
            // answers as it does.
            let simple = simple_tag(text.as_bytes());
            if let Some(simple) = &simple {
                assert!(same(&Ok(simple.clone()), &alone), "{line:?}");
                simple_read += 1;
            }
            #[cfg(target_arch = "x86_64")]
            if let Some(wide) = super::simple_tag_wide(text.as_bytes()) {
                assert_eq!(Some(wide), simple, "{line:?}");
                wide_read += 1;
            }
        }
        assert!(read > 5_000, "{read}");
        assert!(simple_read > 500, "{simple_read}");
        assert!(
            wide_read > 500 || !cfg!(target_arch = "x86_64"),
            "{wide_read}"
        );
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_tag_masks_flag_exactly_their_bytes_in_every_lane() {
        use crate::pgn::scan::{tests::mask_agrees_in_every_lane, wide::tag_bytes};
        let name = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        mask_agrees_in_every_lane(|c| u64::from(tag_bytes(c).quotes), |b| b == b'"', b'"');
        mask_agrees_in_every_lane(|c| u64::from(tag_bytes(c).closes), |b| b == b']', b']');
        let line_end = |b: u8| (b'\n'..=b'\r').contains(&b);
        mask_agrees_in_every_lane(|c| u64::from(tag_bytes(c).line_ends), line_end, b'\n');
        mask_agrees_in_every_lane(
            |c| u64::from(tag_bytes(c).backslashes),
            |b| b == b'\\',
            b'"',
        );
        mask_agrees_in_every_lane(|c| u64::from(tag_bytes(c).names), name, b'_');
    }
}
