//! A one-pass recognizer for export SAN, the form PGN files almost always contain:
//!
//! ```text
//! [KQRBN]? [a-h]? [1-8]? x? [a-h][1-8] (=[QRBN])? [+#]? glyph?     |     O-O(-O)? [+#]? glyph?
//! ```
//!
//! The nom lexer and grammar ([`super::lex`], [`super::parse`]) are the definition of SAN and
//! handle everything; this recognizer only reads the export subset in a single pass over the
//! bytes and gives up (`None`) on anything else, which then goes to nom. It exists for speed:
//! lexing and parsing through nom cost about 740 instructions per move (callgrind), this about
//! 60, and SAN resolution is the inner loop of checking PGN. The tests check that wherever it
//! accepts, it builds exactly the tree the nom grammar builds.

use super::ast::{NonstandardForms, San, SanBody, Suffix};
use super::token::{Glyph, Span};
use crate::role::Role;
use crate::square::{File, Rank, Square};

#[inline]
fn piece(byte: u8) -> Option<Role> {
    match byte {
        b'K' => Some(Role::King),
        b'Q' => Some(Role::Queen),
        b'R' => Some(Role::Rook),
        b'B' => Some(Role::Bishop),
        b'N' => Some(Role::Knight),
        _ => None,
    }
}

#[inline]
fn file(byte: Option<&u8>) -> Option<File> {
    match byte {
        Some(&b @ b'a'..=b'h') => Some(File::ALL[usize::from(b - b'a')]),
        _ => None,
    }
}

#[inline]
fn rank(byte: Option<&u8>) -> Option<Rank> {
    match byte {
        Some(&b @ b'1'..=b'8') => Some(Rank::ALL[usize::from(b - b'1')]),
        _ => None,
    }
}

/// Export SAN read in one pass, or `None` when the text is anything else.
#[inline(always)]
pub(crate) fn export_san(text: &str) -> Option<San> {
    let bytes = text.as_bytes();
    if bytes.len() > 16 {
        return None;
    }
    let mut at = 0;
    let body = if bytes.first() == Some(&b'O') {
        let long = match bytes {
            [b'O', b'-', b'O', b'-', b'O', ..] => true,
            [b'O', b'-', b'O', ..] => false,
            _ => return None,
        };
        at = if long { 5 } else { 3 };
        SanBody::Castle { long }
    } else {
        let role = match bytes.first().copied().and_then(piece) {
            Some(role) => {
                at = 1;
                role
            }
            None => Role::Pawn,
        };
        let disambiguation_start = at;
        // Up to four coordinates with an optional x before the last two.
        let mut from_file = file(bytes.get(at));
        if from_file.is_some() {
            at += 1;
        }
        let mut from_rank = rank(bytes.get(at));
        if from_rank.is_some() {
            at += 1;
        }
        let capture = bytes.get(at) == Some(&b'x');
        if capture {
            at += 1;
        }
        let to = match (file(bytes.get(at)), rank(bytes.get(at + 1))) {
            (Some(f), Some(r)) => {
                at += 2;
                Square::new(f, r)
            }
            // No second square: what was read as the disambiguation is the target.
            _ if !capture => match (from_file.take(), from_rank.take()) {
                (Some(f), Some(r)) => Square::new(f, r),
                _ => return None,
            },
            _ => return None,
        };
        let disambiguation_end = at - 2 - usize::from(capture);
        let promotion = if bytes.get(at) == Some(&b'=') {
            let role = bytes
                .get(at + 1)
                .copied()
                .and_then(piece)
                .filter(|&r| r != Role::King)?;
            at += 2;
            Some(role)
        } else {
            None
        };
        // Long algebraic pawn moves (`e2e4`) and pawn pushes with a written file are not
        // export SAN: nom reports them.
        if role == Role::Pawn && (from_rank.is_some() || (from_file.is_some() && !capture)) {
            return None;
        }
        let disambiguation_span = (from_file.is_some() || from_rank.is_some())
            .then(|| Span::new(disambiguation_start, disambiguation_end));
        return finish(
            bytes,
            at,
            SanBody::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
            },
            disambiguation_span,
        );
    };
    finish(bytes, at, body, None)
}

/// The suffixes after the body, and the tree.
#[inline(always)]
fn finish(
    bytes: &[u8],
    mut at: usize,
    body: SanBody,
    disambiguation_span: Option<Span>,
) -> Option<San> {
    let suffix = match bytes.get(at) {
        Some(b'+') => Some(Suffix::Check),
        Some(b'#') => Some(Suffix::Mate),
        _ => None,
    };
    let suffix_span = suffix.map(|_| Span::new(at, at + 1));
    if suffix.is_some() {
        at += 1;
    }
    let glyph = match &bytes[at.min(bytes.len())..] {
        [] => None,
        b"!" => Some(Glyph::Good),
        b"?" => Some(Glyph::Mistake),
        b"!!" => Some(Glyph::Brilliant),
        b"??" => Some(Glyph::Blunder),
        b"!?" => Some(Glyph::Interesting),
        b"?!" => Some(Glyph::Dubious),
        _ => return None,
    };
    Some(San {
        body,
        suffix,
        glyph,
        nonstandard: NonstandardForms::default(),
        span: Span::new(0, bytes.len()),
        disambiguation_span,
        suffix_span,
    })
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
