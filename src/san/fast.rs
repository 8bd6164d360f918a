//! The fast path of playing SAN: the commonest moves of real games, read and played in one
//! step, straight from their bytes.
//!
//! Checking a PGN file plays every SAN move, and almost all of them are export SAN that names
//! its one legal move with no warning to give: `e4`, `exd5`, `Nf3`, `Qxe7+`. For those, going
//! through the syntax tree, the general resolution and the warnings costs about three times
//! what the move itself needs (callgrind). This path reads only them:
//!
//! ```text
//! [a-h][1-8] | [a-h]x[a-h][1-8] | [KQRBN][a-h1-8]?x?[a-h][1-8] | O-O | O-O-O    then [+#]?
//! ```
//!
//! and gives up (`None`) wherever the general path could say more
//! than "this move, no warning": a promotion, a glyph, a disambiguation or a capture sign
//! that export SAN would not write, no legal candidate or two, a wrong check sign. Layered
//! data flow (text, tree, move) is given up here on purpose; the tests check that wherever
//! this path answers, the general path gives the same move, position and marks, and no
//! warning.

use super::ast::Suffix;
use super::error::SanWarning;
use super::lang::EXPORT_PIECES;
use super::lexer::Span;
use super::resolve::{Marks, Played, marks, resolve_castle};
use super::writer::separating;
use crate::attacks::piece_attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;
use crate::square::{File, Rank, Square};

/// What the fast path made of a text: small, so that it stays in registers.
pub(super) enum Fast {
    /// One of its moves, played: what the general path would say of it, no warning.
    Played { mv: Move, check: bool, mate: bool },
    /// One of its moves, played, with a wrong check sign: the one warning the general path
    /// would give.
    WrongSign(WrongSign),
    /// Not one of its moves (or no legal one): the position is untouched.
    Untouched,
}

/// Plays `text` on `position` if it is one of the fast path's moves (see the module), with
/// what [`super::play`] would say of it.
#[inline(always)]
pub(super) fn play_export(position: &mut Position, text: &[u8]) -> Fast {
    match choose(position, text) {
        Some((mv, written)) => {
            position.play_in_place(mv);
            let (check, mate, correct) = marks(position);
            if written != correct {
                return Fast::WrongSign(WrongSign {
                    mv,
                    check,
                    mate,
                    written,
                    correct,
                });
            }
            Fast::Played { mv, check, mate }
        }
        None => Fast::Untouched,
    }
}

/// A move of the fast path played with a sign, `written`, that is not the `correct` one.
pub(super) struct WrongSign {
    mv: Move,
    check: bool,
    mate: bool,
    written: Option<Suffix>,
    correct: Option<Suffix>,
}

impl WrongSign {
    /// The move as [`super::play`] gives it, its text being `text`. The fast path reads only
    /// export SAN, so the text without its sign is the move's export SAN, and the right sign
    /// completes it.
    #[cold]
    #[inline(never)]
    pub(super) fn played(self, text: &[u8]) -> Played {
        let WrongSign {
            mv,
            check,
            mate,
            written,
            correct,
        } = self;
        let body = &text[..text.len() - usize::from(written.is_some())];
        let mut canonical = String::from_utf8_lossy(body).into_owned();
        canonical.push_str(correct.map_or("", Suffix::as_str));
        let mut played = Played::clean(mv, check, mate);
        played
            .warnings
            .push(SanWarning::CheckAnnotation { written, correct });
        played.marks = Some(Box::new(Marks {
            suffix: written.map(|_| Span::new(body.len(), text.len())),
            disambiguation: disambiguation(body),
            canonical,
        }));
        played
    }
}

/// Where the from-square's file or rank is written in `body`, one of the fast path's moves
/// without its sign: between the piece letter (if any) and the capture sign or destination,
/// as the grammar places it.
fn disambiguation(body: &[u8]) -> Option<Span> {
    if body.first() == Some(&b'O') {
        return None;
    }
    let start = usize::from(body.first().is_some_and(|&b| role(b).is_some()));
    let capture = body.len() >= 3 && body[body.len() - 3] == b'x';
    let end = body.len().saturating_sub(2 + usize::from(capture));
    (end > start).then(|| Span::new(start, end))
}

/// The move that `text` names here and the check sign written, if it is one of the fast
/// path's moves; the position is only read.
#[inline(always)]
fn choose(position: &Position, text: &[u8]) -> Option<(Move, Option<Suffix>)> {
    let (body, suffix) = match text {
        [body @ .., b'+'] => (body, Some(Suffix::Check)),
        [body @ .., b'#'] => (body, Some(Suffix::Mate)),
        _ => (text, None),
    };
    let mv = match *body {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => pawn_push(position, square(file, rank))?,
        [
            from @ b'a'..=b'h',
            b'x',
            file @ b'a'..=b'h',
            rank @ b'1'..=b'8',
        ] => pawn_capture(position, from, square(file, rank))?,
        [letter, file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            piece_move(position, role(letter)?, None, square(file, rank), false)?
        }
        [letter, b'x', file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            piece_move(position, role(letter)?, None, square(file, rank), true)?
        }
        [letter, from, file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            let from = Some(origin(from)?);
            piece_move(position, role(letter)?, from, square(file, rank), false)?
        }
        [letter, from, b'x', file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            let from = Some(origin(from)?);
            piece_move(position, role(letter)?, from, square(file, rank), true)?
        }
        [b'O', b'-', b'O'] => resolve_castle(position, false).ok()?,
        [b'O', b'-', b'O', b'-', b'O'] => resolve_castle(position, true).ok()?,
        _ => return None,
    };
    Some((mv, suffix))
}

/// The square of a file byte `a..=h` and a rank byte `1..=8`.
#[inline(always)]
fn square(file: u8, rank: u8) -> Square {
    Square::new(
        File::from_low_bits(file.wrapping_sub(b'a')),
        Rank::from_low_bits(rank.wrapping_sub(b'1')),
    )
}

/// The role of a piece letter, read from a table: a match compiles to a jump on the letter,
/// which a game's moves make unpredictable.
#[inline(always)]
fn role(letter: u8) -> Option<Role> {
    EXPORT_PIECES.get(letter)
}

/// The square `ranks` behind `to` from the side to move's point of view.
#[inline(always)]
fn behind(us: Color, to: Square, ranks: i8) -> Option<Square> {
    to.offset(0, if us == Color::White { -ranks } else { ranks })
}

/// A pawn push to `to` (not to the last rank): the one pawn that can make it, if legal.
#[inline(always)]
fn pawn_push(position: &Position, to: Square) -> Option<Move> {
    let us = position.turn();
    let occupied = position.occupied();
    if occupied.contains(to) || to.rank() == Rank::Eighth.relative(us) {
        return None;
    }
    let pawns = position.pieces(us, Role::Pawn);
    let one = behind(us, to, 1)?;
    let (from, kind) = if pawns.contains(one) {
        (one, MoveKind::Normal)
    } else {
        let two = behind(us, to, 2)?;
        let double = to.rank() == Rank::Fourth.relative(us);
        if !double || occupied.contains(one) || !pawns.contains(two) {
            return None;
        }
        (two, MoveKind::DoublePawnPush)
    };
    position
        .is_safe_after(Role::Pawn, from, to, None)
        .then(|| Move::new(Role::Pawn, from, to, kind))
}

/// A pawn capture from the file byte `from_file` to `to` (not to the last rank), en passant
/// included, if legal.
#[inline(always)]
fn pawn_capture(position: &Position, from_file: u8, to: Square) -> Option<Move> {
    let us = position.turn();
    let file = File::from_low_bits(from_file.wrapping_sub(b'a'));
    let from = Square::new(file, behind(us, to, 1)?.rank());
    if file.index().abs_diff(to.file().index()) != 1
        || to.rank() == Rank::Eighth.relative(us)
        || !position.pieces(us, Role::Pawn).contains(from)
    {
        return None;
    }
    let (kind, captured) = if position.by_color(!us).contains(to) {
        (MoveKind::Normal, to)
    } else if position.ep_square() == Some(to) {
        (MoveKind::EnPassant, Square::new(to.file(), from.rank()))
    } else {
        return None;
    };
    position
        .is_safe_after(Role::Pawn, from, to, Some(captured))
        .then(|| Move::new(Role::Pawn, from, to, kind))
}

/// A disambiguation of one character: a file or a rank.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    File(File),
    Rank(Rank),
}

#[inline(always)]
fn origin(byte: u8) -> Option<Origin> {
    match byte {
        b'a'..=b'h' => Some(Origin::File(File::from_low_bits(byte - b'a'))),
        b'1'..=b'8' => Some(Origin::Rank(Rank::from_low_bits(byte - b'1'))),
        _ => None,
    }
}

/// A piece move to `to` with the disambiguation `written` and the capture sign `capture`:
/// the one legal move of a piece of `role` there that the text names, if the text is what
/// export SAN writes for it (the sign right, the disambiguation exactly the one needed).
#[inline(always)]
fn piece_move(
    position: &Position,
    role: Role,
    written: Option<Origin>,
    to: Square,
    capture: bool,
) -> Option<Move> {
    let us = position.turn();
    let captures = position.by_color(!us).contains(to);
    if captures != capture || position.by_color(us).contains(to) {
        return None;
    }
    let captured = captures.then_some(to);
    let candidates = piece_attacks(role, to, position.occupied()) & position.pieces(us, role);
    let from = if candidates.more_than_one() {
        // Two candidates or more: the legal ones are what the disambiguation must tell apart.
        let mut legal = Bitboard::EMPTY;
        for from in candidates {
            if position.is_safe_after(role, from, to, captured) {
                legal.insert(from);
            }
        }
        let allowed = match written {
            None => Bitboard::FULL,
            Some(Origin::File(file)) => Bitboard::file(file),
            Some(Origin::Rank(rank)) => Bitboard::rank(rank),
        };
        let from = (legal & allowed).single()?;
        let needed = match separating(from, legal.without(from)) {
            (None, None) => None,
            (Some(file), None) => Some(Origin::File(file)),
            (None, Some(rank)) => Some(Origin::Rank(rank)),
            (Some(_), Some(_)) => return None,
        };
        if needed != written {
            return None;
        }
        from
    } else {
        // One candidate: no disambiguation is export SAN.
        let from = candidates.lsb()?;
        if written.is_some() || !position.is_safe_after(role, from, to, captured) {
            return None;
        }
        from
    };
    Some(Move::new(role, from, to, MoveKind::Normal))
}

#[cfg(test)]
mod tests {
    use super::super::resolve::{Played, play};
    use super::{Fast, play_export};
    use crate::position::Position;
    use crate::san::{Lang, parse};

    /// Every position and SAN of the oracle file (`true`), and every text one edit away from
    /// each SAN (`false`).
    fn cases() -> Vec<(Position, String, bool)> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/san_legal.tsv");
        let data = std::fs::read_to_string(path).unwrap_or_default();
        let mut cases = Vec::new();
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let mut fields = line.split('\t');
            let (Some(fen), Some(san)) = (fields.next(), fields.next()) else {
                continue;
            };
            let Ok(position) = Position::from_fen(fen) else {
                continue;
            };
            let chars: Vec<char> = san.chars().collect();
            cases.push((position, san.to_string(), true));
            for i in 0..=chars.len() {
                if i < chars.len() {
                    let mut deleted = chars.clone();
                    deleted.remove(i);
                    cases.push((position, deleted.into_iter().collect(), false));
                }
                for c in [
                    'x', '+', '#', '=', '!', 'Q', 'K', 'N', 'e', 'd', '4', '5', '1',
                ] {
                    let mut inserted = chars.clone();
                    inserted.insert(i, c);
                    cases.push((position, inserted.into_iter().collect(), false));
                }
            }
        }
        cases
    }

    #[test]
    fn where_the_fast_path_answers_the_general_path_agrees_and_warns_of_nothing() {
        let cases = cases();
        assert!(cases.len() > 10_000, "oracle SAN data missing");
        let (mut answered, mut oracle) = (0, 0);
        for (position, text, original) in &cases {
            oracle += usize::from(*original);
            let mut fast = *position;
            let (played, wrong_sign) = match play_export(&mut fast, text.as_bytes()) {
                Fast::Played { mv, check, mate } => (Played::clean(mv, check, mate), false),
                Fast::WrongSign(wrong) => (wrong.played(text.as_bytes()), true),
                Fast::Untouched => {
                    assert_eq!(fast, *position, "{text:?}: touched");
                    continue;
                }
            };
            answered += usize::from(*original && !wrong_sign);
            let mut general = *position;
            let expected = parse(text, Lang::English)
                .map_err(|e| e.to_string())
                .and_then(|san| {
                    play(&mut general, &san)
                        .map(|played| played.placed(&san, position))
                        .map_err(|e| e.to_string())
                })
                .unwrap_or_else(|e| {
                    panic!("{text:?} in {position}: fast path played, general says {e}")
                });
            if wrong_sign {
                // The one warning, placed where the general path places it.
                assert_eq!(played.warnings, expected.warnings, "{text:?}");
                assert_eq!(played.marks, expected.marks, "{text:?}");
            } else {
                assert!(
                    expected.warnings.is_empty(),
                    "{text:?}: {:?}",
                    expected.warnings
                );
            }
            assert_eq!(played.mv, expected.mv, "{text:?} in {position}");
            assert_eq!(
                (played.check, played.mate),
                (expected.check, expected.mate),
                "{text:?}"
            );
            assert_eq!(fast, general, "{text:?} in {position}");
        }
        // It must carry the common case, or it is pointless (the oracle's moves are from random
        // positions: more castling, promotions and disambiguations than real games have).
        assert!(answered > oracle * 3 / 4, "{answered} of {oracle}");
    }
}
