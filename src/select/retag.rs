//! Setting tags in a game's bytes as read (`--add-opening`): a tag already there gets its
//! new value where it stands, another is added after the last tag, on a line of its own
//! with the game's own line end; every other byte stays as it was. A game read as Latin-1
//! gets its values in Latin-1 where they can be written so.

use crate::pgn::TagSection;

/// `bytes`, a game's text, with each tag of `tags` (name, value) set.
///
/// ```
/// use jaque::select::with_tags;
/// let game = b"[Event \"x\"]\r\n[ECO \"A00\"]\r\n\r\n1. e4 e5 *\r\n";
/// let set = with_tags(game, &[("ECO", "C20"), ("Opening", "King's Pawn Game")]);
/// assert_eq!(set, b"[Event \"x\"]\r\n[ECO \"C20\"]\r\n[Opening \"King's Pawn Game\"]\r\n\r\n1. e4 e5 *\r\n");
/// ```
pub fn with_tags(bytes: &[u8], tags: &[(&str, &str)]) -> Vec<u8> {
    let latin1 = std::str::from_utf8(bytes).is_err();
    let section = TagSection::of(bytes);
    let line_end: &[u8] = match bytes.windows(2).any(|w| w == b"\r\n") {
        true => b"\r\n",
        false => b"\n",
    };
    // Each change: the bytes it replaces (an empty range: an insertion) and what goes there.
    let mut changes: Vec<(std::ops::Range<usize>, Vec<u8>)> = Vec::new();
    let mut added = Vec::new();
    for &(name, value) in tags {
        let written = escaped(value, latin1);
        let found = (section.pairs.iter().rev())
            .find(|(n, _)| bytes.get(n.clone()) == Some(name.as_bytes()));
        match found {
            Some((_, value)) => changes.push((value.clone(), written)),
            None => {
                added.extend_from_slice(b"[");
                added.extend_from_slice(name.as_bytes());
                added.extend_from_slice(b" \"");
                added.extend_from_slice(&written);
                added.extend_from_slice(b"\"]");
                added.extend_from_slice(line_end);
            }
        }
    }
    if !added.is_empty() {
        match section.ends.last() {
            // After the last pair's line: at its line end, else right after it.
            Some(&end) => {
                let rest = bytes.get(end..).unwrap_or_default();
                let blank = rest
                    .iter()
                    .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
                    .count();
                let at = match rest.get(blank) {
                    Some(b'\n') => end + blank + 1,
                    _ => end,
                };
                if at == end {
                    added.splice(0..0, line_end.iter().copied());
                    added.truncate(added.len() - line_end.len());
                }
                changes.push((at..at, added));
            }
            None => {
                added.extend_from_slice(line_end);
                changes.push((0..0, added));
            }
        }
    }
    changes.sort_by_key(|(range, _)| range.start);
    let mut out = Vec::with_capacity(bytes.len() + 128);
    let mut at = 0;
    for (range, replacement) in changes {
        out.extend_from_slice(bytes.get(at..range.start).unwrap_or_default());
        out.extend_from_slice(&replacement);
        at = range.end;
    }
    out.extend_from_slice(bytes.get(at..).unwrap_or_default());
    out
}

/// A tag value as written between quotes ([`crate::pgn::syntax::escape`]); in Latin-1 where
/// the game is and every character can be.
fn escaped(value: &str, latin1: bool) -> Vec<u8> {
    let out = crate::pgn::syntax::escape(value).into_owned();
    let as_latin1: Option<Vec<u8>> = out
        .chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect();
    match (latin1, as_latin1) {
        (true, Some(bytes)) => bytes,
        _ => out.into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_without_tags_gets_them_first() {
        let set = with_tags(b"1. d4 *\n", &[("ECO", "A40")]);
        assert_eq!(set, b"[ECO \"A40\"]\n\n1. d4 *\n");
    }

    #[test]
    fn a_last_tag_without_a_line_end_gets_the_new_one_on_a_line_of_its_own() {
        let set = with_tags(b"[Event \"x\"] 1. e4 *", &[("ECO", "B00")]);
        assert_eq!(set, b"[Event \"x\"]\n[ECO \"B00\"] 1. e4 *");
    }

    #[test]
    fn latin1_games_get_latin1_values_and_quotes_are_escaped() {
        let set = with_tags(
            b"[Event \"Caf\xe9\"]\n\n*\n",
            &[("Opening", "R\u{e9}ti \"Q\"")],
        );
        assert_eq!(
            set,
            b"[Event \"Caf\xe9\"]\n[Opening \"R\xe9ti \\\"Q\\\"\"]\n\n*\n"
        );
    }
}
