//! The `positions` table: a row a mainline ply, the position before it in the compact form
//! models train on: twelve bitboards (bit `n` is square `n`, a1 = 0, b1 = 1, … h8 = 63),
//! the side to move, the castling rooks as a bitboard, the en-passant square and the clocks.

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, StringBuilder, UInt8Builder, UInt16Builder, UInt32Builder, UInt64Builder,
};

use super::{Columns, PlyRows, append_uci};
use crate::pgn::{GameRecord, MoveRecord};
use crate::{Color, Position, Role};

/// The bitboards' columns, White's pieces first, each colour's from pawns to king.
const BOARDS: [(Color, Role, &str); 12] = [
    (Color::White, Role::Pawn, "white_pawns"),
    (Color::White, Role::Knight, "white_knights"),
    (Color::White, Role::Bishop, "white_bishops"),
    (Color::White, Role::Rook, "white_rooks"),
    (Color::White, Role::Queen, "white_queens"),
    (Color::White, Role::King, "white_king"),
    (Color::Black, Role::Pawn, "black_pawns"),
    (Color::Black, Role::Knight, "black_knights"),
    (Color::Black, Role::Bishop, "black_bishops"),
    (Color::Black, Role::Rook, "black_rooks"),
    (Color::Black, Role::Queen, "black_queens"),
    (Color::Black, Role::King, "black_king"),
];

/// The columns after `game` and `ply`.
#[derive(Default)]
pub(super) struct Positions {
    boards: [UInt64Builder; 12],
    white_to_move: BooleanBuilder,
    castling: UInt64Builder,
    en_passant: UInt8Builder,
    halfmove_clock: UInt16Builder,
    fullmove_number: UInt32Builder,
    uci: StringBuilder,
}

impl PlyRows for Positions {
    fn push(&mut self, _: &GameRecord, _: usize, mv: &MoveRecord, before: &Position) {
        for (column, &(color, role, _)) in self.boards.iter_mut().zip(&BOARDS) {
            column.append_value(before.pieces(color, role).0);
        }
        self.white_to_move
            .append_value(before.turn() == Color::White);
        self.castling.append_value(before.castling_rights().0);
        let ep = before
            .ep_square()
            .and_then(|s| u8::try_from(s.index()).ok());
        self.en_passant.append_option(ep);
        let halfmove = u16::try_from(before.halfmove_clock()).unwrap_or(u16::MAX);
        self.halfmove_clock.append_value(halfmove);
        self.fullmove_number.append_value(before.fullmove_number());
        append_uci(&mut self.uci, mv, before);
    }

    fn finish(mut self, columns: &mut Columns) {
        for (mut column, (_, _, name)) in self.boards.into_iter().zip(BOARDS) {
            columns.add(name, false, Arc::new(column.finish()));
        }
        columns.add(
            "white_to_move",
            false,
            Arc::new(self.white_to_move.finish()),
        );
        columns.add("castling", false, Arc::new(self.castling.finish()));
        columns.add("en_passant", true, Arc::new(self.en_passant.finish()));
        columns.add(
            "halfmove_clock",
            false,
            Arc::new(self.halfmove_clock.finish()),
        );
        columns.add(
            "fullmove_number",
            false,
            Arc::new(self.fullmove_number.finish()),
        );
        columns.add("uci", false, Arc::new(self.uci.finish()));
    }
}
