//! Semantic analysis: a [`San`] tree against a position gives exactly one legal move, or an
//! error that says why not; a move that is identified but not written as export SAN gives
//! warnings.
//!
//! Only legal moves count when deciding ambiguity: a pinned knight does not make `Ne2`
//! ambiguous (PGN standard 8.2.3.4).

use super::ast::{San, SanBody, Suffix};
use super::candidates::{Target, from_filter, game_over};
use super::error::{SanError, SanWarning};
use super::explain::explain_normal;
use super::illegal::{CastlingReason, Illegal};
use super::lexer::Span;
use super::writer::{disambiguation, separating, to_san};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, Uci, castling_paths, castling_targets};
use crate::position::Position;
use crate::role::Role;
use crate::square::{Rank, Square};
use std::ops::Not;

/// A SAN move resolved to its one legal move, by [`super::resolve`].
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The move.
    pub mv: Move,
    /// The position after it.
    pub after: Position,
    /// Does the move give check?
    pub check: bool,
    /// Does it checkmate?
    pub mate: bool,
    /// How the text differs from export SAN (empty when it is export SAN).
    pub warnings: Vec<SanWarning>,
    pub(super) marks: Option<Box<Marks>>,
}

impl Resolved {
    pub(super) fn new(played: Played, after: Position) -> Resolved {
        let Played {
            mv,
            check,
            mate,
            warnings,
            marks,
        } = played;
        Resolved {
            mv,
            after,
            check,
            mate,
            warnings,
            marks,
        }
    }

    /// The move in canonical SAN.
    pub fn canonical(&self, before: &Position) -> String {
        to_san(before, self.mv)
    }
}

/// A SAN move played by [`super::play`]: what [`Resolved`] says, without a copy of the
/// position.
#[derive(Clone, Debug)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Does the move give check?
    pub check: bool,
    /// Does it checkmate?
    pub mate: bool,
    /// How the text differs from export SAN (empty when it is export SAN).
    pub warnings: Vec<SanWarning>,
    pub(super) marks: Option<Box<Marks>>,
}

/// Where a move's warnings are in its text, and the export SAN to write instead: kept only
/// for a move with warnings (boxed, so that a move without any stays small).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Marks {
    pub(super) suffix: Option<Span>,
    pub(super) disambiguation: Option<Span>,
    pub(super) canonical: String,
}

impl Played {
    /// A move without warnings.
    #[inline(always)]
    pub(super) fn clean(mv: Move, check: bool, mate: bool) -> Played {
        Played {
            mv,
            check,
            mate,
            warnings: Vec::new(),
            marks: None,
        }
    }

    /// This move, read as the tree `san` and played from `before`, with its warnings placed
    /// on the tree's spans.
    pub(super) fn placed(mut self, san: &San, before: &Position) -> Played {
        if !self.warnings.is_empty() {
            self.marks = Some(Box::new(Marks {
                suffix: san.suffix_span,
                disambiguation: san.disambiguation_span,
                canonical: to_san(before, self.mv),
            }));
        }
        self
    }
}

/// Resolves a parsed SAN move and plays it on `position` itself; on an error the position
/// is unchanged. No position is copied.
#[inline]
pub(super) fn play(position: &mut Position, san: &San) -> Result<Played, SanError> {
    // The common case in registers (a small `Option`), everything else in `find_move`.
    let (mv, rivals) = match quick_move(position, san) {
        Some((mv, rivals)) => (mv, Some(rivals)),
        None => (find_move(position, san.body)?, None),
    };
    let mut warnings = Vec::new();
    notation_warnings(&mut warnings, position, san, mv, rivals);
    position.play_in_place(mv);
    let (check, mate, correct) = marks(position);
    if san.suffix != correct {
        warnings.insert(
            0,
            SanWarning::CheckAnnotation {
                written: san.suffix,
                correct,
            },
        );
    }
    Ok(Played {
        mv,
        check,
        mate,
        warnings,
        marks: None,
    })
}

/// Whether the side to move is in check and mated, and the suffix that says so.
#[inline(always)]
pub(super) fn marks(position: &Position) -> (bool, bool, Option<Suffix>) {
    let check = position.is_check();
    let mate = check && !position.has_legal_moves();
    let suffix = if mate {
        Some(Suffix::Mate)
    } else if check {
        Some(Suffix::Check)
    } else {
        None
    };
    (check, mate, suffix)
}

/// The one legal move of a piece or pawn move with one legal candidate and a promotion as
/// the rank calls for, with its rivals (the other pieces of its role that could legally go
/// to the same square, found on the way, so that checking the disambiguation needs no second
/// search); `None` for everything else (castling, long algebraic, errors).
#[inline]
fn quick_move(position: &Position, san: &San) -> Option<(Move, Bitboard)> {
    let SanBody::Normal {
        role,
        from_file,
        from_rank,
        to,
        promotion,
        capture: _,
    } = san.body
    else {
        return None;
    };
    if role == Role::Pawn && from_file.is_some() && from_rank.is_some() {
        return None;
    }
    let us = position.turn();
    let last_rank = to.rank() == Rank::Eighth.relative(us);
    let promotion_fits = match promotion {
        None => role != Role::Pawn || !last_rank,
        Some(promoted) => {
            role == Role::Pawn && last_rank && !matches!(promoted, Role::King | Role::Pawn)
        }
    };
    if !promotion_fits || position.by_color(us).contains(to) {
        return None;
    }
    let target = Target::new(position, role, to);
    // Every legal origin, not only those the text allows: the others are the rivals.
    let mut legal = Bitboard::EMPTY;
    for from in target.reach(position, Bitboard::FULL, from_file) {
        if position.is_safe_after(role, from, to, target.captured) {
            legal.insert(from);
        }
    }
    let from = (legal & from_filter(from_file, from_rank)).single()?;
    let mv = Move::new(role, from, to, target.kind(position, from, promotion));
    Some((mv, legal.without(from)))
}

/// The one legal move a move body names, or why there is none.
#[inline(never)]
fn find_move(position: &Position, body: SanBody) -> Result<Move, SanError> {
    match body {
        SanBody::Castle { long } => resolve_castle(position, long),
        SanBody::Normal {
            role: Role::Pawn,
            from_file: Some(file),
            from_rank: Some(rank),
            to,
            promotion,
            ..
        } if position
            .pieces(position.turn(), Role::Pawn)
            .contains(Square::new(file, rank))
            .not() =>
        {
            // Long algebraic without a piece letter (`e1g1`, `g1f3`): read it as UCI.
            let from = Square::new(file, rank);
            match position.resolve_uci(Uci {
                from,
                to,
                promotion,
            }) {
                Some(mv) => Ok(mv),
                None => explain_normal(
                    position,
                    Role::Pawn,
                    Some(file),
                    Some(rank),
                    to,
                    promotion,
                    false,
                ),
            }
        }
        SanBody::Normal {
            role,
            from_file,
            from_rank,
            to,
            promotion,
            capture,
        } => explain_normal(position, role, from_file, from_rank, to, promotion, capture),
    }
}

/// The warnings a move's text earns before it is played: capture sign, disambiguation,
/// nonstandard forms (the check suffix needs the position after). `rivals` as from
/// [`quick_move`], when known.
#[inline]
fn notation_warnings(
    warnings: &mut Vec<SanWarning>,
    position: &Position,
    san: &San,
    mv: Move,
    rivals: Option<Bitboard>,
) {
    if let SanBody::Normal {
        role,
        from_file,
        from_rank,
        capture,
        ..
    } = san.body
    {
        let captures = mv.kind() == MoveKind::EnPassant
            || position.by_color(!position.turn()).contains(mv.to());
        if capture != captures {
            warnings.push(SanWarning::CaptureAnnotation { written: capture });
        }
        let written = (from_file, from_rank);
        let needed = match rivals {
            Some(rivals) if role != Role::Pawn => separating(mv.from(), rivals),
            // With nothing written and a unique match, no rival exists: skip the search.
            None if written == (None, None) && role != Role::Pawn => (None, None),
            _ => disambiguation(position, mv),
        };
        // Both squares without a piece letter is long algebraic, reported as nonstandard.
        let long_pawn = role == Role::Pawn && from_file.is_some() && from_rank.is_some();
        if written != needed && !long_pawn {
            let covers = (needed.0.is_none() || from_file.is_some())
                && (needed.1.is_none() || from_rank.is_some());
            warnings.push(if covers {
                SanWarning::OverDisambiguation
            } else {
                SanWarning::DisambiguationOrder
            });
        }
    }
    if !san.nonstandard.is_empty() {
        warnings.extend(san.nonstandard.iter().map(SanWarning::Nonstandard));
    }
}

pub(super) fn resolve_castle(position: &Position, long: bool) -> Result<Move, SanError> {
    let us = position.turn();
    let king = position.king(us);
    let rights = position.castling_rights() & position.by_color(us);
    let rook = rights.into_iter().find(|&rook| (rook < king) == long);
    let illegal = |why| Err(SanError::Illegal(Illegal::Castling { long, why }));
    let Some(rook) = rook else {
        return game_over(position).map_or_else(|| illegal(CastlingReason::NoRight), Err);
    };
    if !position.is_check() && position.castling_path_is_clear(us, king, rook, position.occupied())
    {
        return Ok(Move::new(Role::King, king, rook, MoveKind::Castle));
    }
    if let Some(over) = game_over(position) {
        return Err(over);
    }
    if position.is_check() {
        return illegal(CastlingReason::OutOfCheck);
    }
    // The same conditions as move generation, checked one by one to say which failed.
    let (king_path, must_be_empty) = castling_paths(king, rook);
    if let Some(blocker) = (must_be_empty & position.occupied()).lsb() {
        return illegal(CastlingReason::Blocked(blocker));
    }
    let after = position.occupied() ^ Bitboard::from(rook);
    let attacked = king_path
        .into_iter()
        .find(|&sq| position.is_attacked(sq, !us, after));
    let king_to = castling_targets(king, rook).0;
    illegal(CastlingReason::ThroughCheck(attacked.unwrap_or(king_to)))
}
