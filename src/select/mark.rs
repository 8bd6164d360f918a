//! Marking where a query matched (`jaque query --mark`, CQL's comments in its output): a
//! comment inserted after the move that reached each matched mainline position, after that
//! move's NAGs, and before the first move for the game's first position; every other byte
//! of the game stays as it was, so that the marks are all that a diff shows.

use std::ops::Range;

use crate::pgn::syntax::{TokenKind, decode, tokenize};

/// `bytes`, a game's text, with the comment `{text}` after the mainline move of each ply of
/// `plies` (ascending; 0: before the first move). `text` holds no `}` (it would end the
/// comment); a game read as Latin-1 gets it in Latin-1 where it can be written so.
///
/// ```
/// use jaque::select::with_comments;
/// let game = b"[White \"Tal\"]\n\n1. e4 $1 (1. d4 d5) e5 2. Nf3! *\n";
/// let marked = with_comments(game, &[0, 1, 3], "q");
/// assert_eq!(marked, b"[White \"Tal\"]\n\n{q} 1. e4 $1 {q} (1. d4 d5) e5 2. Nf3! {q} *\n");
/// ```
pub fn with_comments(bytes: &[u8], plies: &[u32], text: &str) -> Vec<u8> {
    let (decoded, latin1) = decode(bytes);
    let places = places(&decoded, plies);
    // Offsets in the decoded text: a Latin-1 game's are counted in characters, a byte each.
    let offset = |at: usize| match latin1 {
        true => decoded
            .get(..at)
            .map_or(at, |before| before.chars().count()),
        false => at,
    };
    let comment = encoded(text, latin1);
    let mut out = Vec::with_capacity(bytes.len() + places.len() * (comment.len() + 3));
    let mut copied = 0;
    for (at, first) in places {
        let at = offset(at).min(bytes.len()).max(copied);
        out.extend_from_slice(bytes.get(copied..at).unwrap_or_default());
        match first {
            true => {
                out.push(b'{');
                out.extend_from_slice(&comment);
                out.extend_from_slice(b"} ");
            }
            false => {
                out.extend_from_slice(b" {");
                out.extend_from_slice(&comment);
                out.push(b'}');
            }
        }
        copied = at;
    }
    out.extend_from_slice(bytes.get(copied..).unwrap_or_default());
    out
}

/// Where each comment goes in `text`, ascending, and whether it is the first position's
/// (written before the movetext, the others after their move).
fn places(text: &str, plies: &[u32]) -> Vec<(usize, bool)> {
    let (tokens, _) = tokenize(text);
    let mut places = Vec::with_capacity(plies.len());
    let mut wanted = plies.iter().copied().peekable();
    if wanted.next_if_eq(&0).is_some() {
        let movetext = (tokens.iter()).find(|t| !matches!(t.kind, TokenKind::Tag { .. }));
        places.push((movetext.map_or(text.len(), |t| t.span.start), true));
    }
    let (mut depth, mut ply) = (0usize, 0u32);
    let mut tokens = tokens.iter().peekable();
    while let Some(token) = tokens.next() {
        match token.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            TokenKind::San if depth == 0 => {
                ply += 1;
                if wanted.next_if_eq(&ply).is_none() {
                    continue;
                }
                let mut end: Range<usize> = token.span.clone();
                while let Some(nag) = tokens.next_if(|t| is_nag(&t.kind)) {
                    end = nag.span.clone();
                }
                places.push((end.end, false));
            }
            _ => {}
        }
    }
    places
}

/// A NAG (`$1`) or a glyph standing for one (`!?`).
fn is_nag(kind: &TokenKind) -> bool {
    matches!(kind, TokenKind::Nag(_) | TokenKind::Glyph)
}

/// The comment's bytes: Latin-1 in a Latin-1 game where every character can be.
fn encoded(text: &str, latin1: bool) -> Vec<u8> {
    let as_latin1: Option<Vec<u8>> = (text.chars())
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect();
    match (latin1, as_latin1) {
        (true, Some(bytes)) => bytes,
        _ => text.as_bytes().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latin1_game_keeps_its_bytes_and_gets_the_mark_after_its_move() {
        let game = b"[White \"Andr\xe9\"]\n\n1. e4 e5 *\n";
        let marked = with_comments(game, &[1], "\u{e9}");
        assert_eq!(marked, b"[White \"Andr\xe9\"]\n\n1. e4 {\xe9} e5 *\n");
    }

    #[test]
    fn a_game_without_moves_is_marked_before_its_result() {
        assert_eq!(
            with_comments(b"[A \"b\"]\n\n*\n", &[0], "q"),
            b"[A \"b\"]\n\n{q} *\n"
        );
        assert_eq!(
            with_comments(b"1. e4 ( 1. d4 ) e5 *", &[2], "q"),
            b"1. e4 ( 1. d4 ) e5 {q} *"
        );
    }
}
