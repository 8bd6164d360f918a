//! The export-SAN recognizer: reads the form PGN files almost always contain into the same
//! tree the grammar builds, in one pass:
//!
//! ```text
//! [KQRBN]? [a-h]? [1-8]? x? [a-h][1-8] (=[QRBN])? [+#]? glyph?     |     O-O(-O)? [+#]? glyph?
//! ```
//!
//! The nom lexer and grammar ([`super::lex`], [`super::parse`]) are the definition of SAN and
//! handle everything; this recognizer only reads the export subset, from both ends of the text
//! with slice patterns, and gives up (`None`) on anything else, which then goes to nom. It
//! exists for speed: lexing and parsing through nom costs an order of magnitude more
//! instructions per move than this, and SAN resolution is the inner loop of checking PGN. The
//! tests check that wherever it accepts, it builds exactly the tree the nom grammar builds.

use super::ast::{NonstandardForms, San, SanBody, Suffix};
use super::lang::EXPORT_PIECES;
use super::lexer::{Glyph, Span};
use crate::role::Role;
use crate::square::{File, Rank, Square};

#[inline]
fn piece(byte: u8) -> Option<Role> {
    EXPORT_PIECES.get(byte)
}

/// The square named by a file and a rank byte.
#[inline]
fn square(file_byte: u8, rank_byte: u8) -> Option<Square> {
    Some(Square::new(
        File::from_char(char::from(file_byte))?,
        Rank::from_char(char::from(rank_byte))?,
    ))
}

/// Export SAN, or `None` when the text is anything else. Read from both ends with slice
/// patterns: the glyph and suffix off the end, then the body by its shape.
#[inline(always)]
pub(crate) fn export_san(text: &str) -> Option<San> {
    let bytes = text.as_bytes();
    if bytes.len() > 16 {
        return None;
    }
    // One test for the common case of no glyph.
    let (rest, glyph) = match bytes {
        [.., b'!' | b'?'] => Glyph::split_end(bytes),
        _ => (bytes, None),
    };
    let (body, suffix) = match rest {
        [body @ .., b'+'] => (body, Some(Suffix::Check)),
        [body @ .., b'#'] => (body, Some(Suffix::Mate)),
        _ => (rest, None),
    };
    // No piece or pawn move starts with an `O`: one test for castling.
    let (body_tree, disambiguation_span) = match body {
        [b'O', ..] => match body {
            b"O-O" => (SanBody::Castle { long: false }, None),
            b"O-O-O" => (SanBody::Castle { long: true }, None),
            _ => return None,
        },
        _ => normal(body)?,
    };
    Some(San {
        body: body_tree,
        suffix,
        glyph,
        nonstandard: NonstandardForms::default(),
        span: Span::new(0, bytes.len()),
        disambiguation_span,
        suffix_span: suffix.map(|_| Span::new(body.len(), body.len() + 1)),
    })
}

/// A piece or pawn move: `[KQRBN]? [a-h]? [1-8]? x? [a-h][1-8] (=[QRBN])?`, read from the end.
#[inline(always)]
fn normal(body: &[u8]) -> Option<(SanBody, Option<Span>)> {
    let (role, rest, start) = match body.first().copied().and_then(piece) {
        Some(role) => (role, body.get(1..).unwrap_or_default(), 1),
        None => (Role::Pawn, body, 0),
    };
    let (rest, promotion) = match rest {
        [rest @ .., b'=', letter] => (rest, Some(piece(*letter).filter(|&r| r != Role::King)?)),
        _ => (rest, None),
    };
    let (rest, to) = match rest {
        [rest @ .., f, r] => (rest, square(*f, *r)?),
        _ => return None,
    };
    let (rest, capture) = match rest {
        [rest @ .., b'x'] => (rest, true),
        _ => (rest, false),
    };
    let (from_file, from_rank) = match *rest {
        [] => (None, None),
        [f, r] => (
            Some(File::from_char(char::from(f))?),
            Some(Rank::from_char(char::from(r))?),
        ),
        [one] => match (
            File::from_char(char::from(one)),
            Rank::from_char(char::from(one)),
        ) {
            (None, None) => return None,
            found => found,
        },
        _ => return None,
    };
    // Long algebraic pawn moves (`e2e4`) and pawn pushes with a written file are not export
    // SAN: nom reports them.
    if role == Role::Pawn && (from_rank.is_some() || (from_file.is_some() && !capture)) {
        return None;
    }
    let disambiguation_span = (!rest.is_empty()).then(|| Span::new(start, start + rest.len()));
    let body = SanBody::Normal {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    };
    Some((body, disambiguation_span))
}

#[cfg(test)]
mod tests {
    use super::export_san;
    use crate::san::Lang;
    use crate::san::parser::parse_with_grammar;

    /// Every SAN of the oracle file, and every text one edit away from one of them.
    fn texts() -> Vec<String> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/san_legal.tsv");
        let data = std::fs::read_to_string(path).unwrap_or_default();
        let mut sans: Vec<String> = data
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').nth(1).map(str::to_string))
            .collect();
        sans.sort();
        sans.dedup();
        assert!(sans.len() > 1_000, "oracle SAN data missing");
        let mut texts = Vec::new();
        for san in &sans {
            texts.push(san.clone());
            let chars: Vec<char> = san.chars().collect();
            for i in 0..=chars.len() {
                if i < chars.len() {
                    let mut deleted = chars.clone();
                    deleted.remove(i);
                    texts.push(deleted.into_iter().collect());
                }
                for c in [
                    'x', '+', '#', '=', '!', '?', '-', 'O', '0', 'P', 'K', 'e', '4', ' ', '♘',
                ] {
                    let mut inserted = chars.clone();
                    inserted.insert(i, c);
                    texts.push(inserted.into_iter().collect());
                }
            }
        }
        texts
    }

    #[test]
    fn accepts_only_what_the_grammar_parses_to_the_same_tree() {
        let mut accepted = 0;
        let texts = texts();
        for text in &texts {
            if let Some(fast) = export_san(text) {
                let grammar = parse_with_grammar(text, Lang::English)
                    .unwrap_or_else(|e| panic!("{text:?}: fast path accepted, grammar says {e}"));
                assert_eq!(fast, grammar, "{text:?}");
                assert!(fast.nonstandard.is_empty(), "{text:?}");
                accepted += 1;
            }
        }
        // It must carry the common case, or it is pointless.
        assert!(accepted > texts.len() / 20, "{accepted} of {}", texts.len());
    }
}
