//! `--fen` and `--moves`: a position a game must reach, compared as EPD (placement, side to
//! move, castling rights, en passant only where a capture is legal; clocks ignored), and the
//! exact reasons a game can no longer reach it, so that its walk stops there.

use super::FilterError;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::san::{self, Lang};
use crate::square::Rank;

/// A position to be reached.
///
/// ```
/// use jaque::select::Target;
/// use jaque::Position;
/// let sicilian = Target::moves("e4 c5 Nf3").unwrap();
/// let by_fen = Target::fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
/// assert!(sicilian.is(by_fen.position()));
/// assert_eq!(Target::moves("e4 c5 Ke3").unwrap_err().span, 6..9);
/// ```
#[derive(Clone, Debug)]
pub struct Target {
    position: Position,
    /// The pawns on their own second rank: none can come back once gone.
    home_pawns: Bitboard,
    /// How many pieces each side has: none can come back once captured.
    men: [u32; 2],
    pawns: [u32; 2],
}

impl Target {
    /// The position of a FEN (its clocks ignored).
    pub fn fen(text: &str) -> Result<Target, FilterError> {
        let fen = text.trim();
        let lead = text.len() - text.trim_start().len();
        match Position::from_fen(fen) {
            Ok(position) => Ok(Target::new(position)),
            Err(error) => {
                let field = error.span(fen);
                let span = lead + field.start..lead + field.end;
                Err(FilterError::new(span, error.to_string()))
            }
        }
    }

    /// The position after these moves (SAN, separated by spaces; move numbers allowed)
    /// from the standard start: reached in any order by a game.
    pub fn moves(text: &str) -> Result<Target, FilterError> {
        play_moves(Position::starting(), text).map(Target::new)
    }

    fn new(position: Position) -> Target {
        let count = |bitboard: Bitboard| bitboard.count();
        let pawns = |color| position.pieces(color, Role::Pawn);
        Target {
            home_pawns: home_pawns(&position),
            men: Color::ALL.map(|c| count(position.by_color(c))),
            pawns: Color::ALL.map(|c| count(pawns(c))),
            position,
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether `position` is this one, as EPD compares them.
    #[inline]
    pub fn is(&self, position: &Position) -> bool {
        self.position.same_epd(position)
    }

    /// Whether a game at `position` can still reach this one later on the same line: no
    /// captured man, pawn moved off its second rank or castling right lost comes back.
    #[inline]
    pub fn reachable_from(&self, position: &Position) -> bool {
        let count = |bitboard: Bitboard| bitboard.count();
        let men = Color::ALL.map(|c| count(position.by_color(c)));
        let pawns = Color::ALL.map(|c| count(position.pieces(c, Role::Pawn)));
        let rights = self.position.castling_rights();
        men.iter().zip(&self.men).all(|(now, wanted)| now >= wanted)
            && pawns
                .iter()
                .zip(&self.pawns)
                .all(|(now, wanted)| now >= wanted)
            && (self.home_pawns & !home_pawns(position)).is_empty()
            && (rights & !position.castling_rights()).is_empty()
    }
}

/// The position after the SAN moves of `text` (separated by spaces; move numbers allowed)
/// from `start`, or the first that is not legal, its span in `text` and why (as `select
/// --moves`, `tree --moves` and Python's `moves=` read them).
///
/// ```
/// use jaque::Position;
/// use jaque::select::play_moves;
/// let after = play_moves(Position::starting(), "1. e4 e5 2. Nf3").unwrap();
/// assert_eq!(after.epd(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -");
/// assert_eq!(play_moves(Position::starting(), "e4 e4").unwrap_err().span, 3..5);
/// ```
pub fn play_moves(start: Position, text: &str) -> Result<Position, FilterError> {
    let mut position = start;
    let mut at = 0;
    for word in text.split(' ') {
        let span = at..at + word.len();
        at += word.len() + 1;
        let san = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if san.is_empty() {
            continue;
        }
        if let Err(error) = san::play(&mut position, san, Lang::English) {
            let span = span.end - san.len()..span.end;
            return Err(FilterError::new(span, error.to_string()));
        }
    }
    Ok(position)
}

/// The pawns standing on their own second rank.
fn home_pawns(position: &Position) -> Bitboard {
    let white = position.pieces(Color::White, Role::Pawn) & Bitboard::rank(Rank::Second);
    let black = position.pieces(Color::Black, Role::Pawn) & Bitboard::rank(Rank::Seventh);
    white | black
}
