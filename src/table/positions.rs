//! The `positions` table: a row a mainline ply, the position before it in the compact form
//! models train on: twelve bitboards (bit `n` is square `n`, a1 = 0, b1 = 1, … h8 = 63),
//! the side to move, the castling rooks as a bitboard, the en-passant square and the clocks.

use super::column::{NumberBuilder, TextBuilder};
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
    boards: [NumberBuilder<u64>; 12],
    white_to_move: NumberBuilder<bool>,
    castling: NumberBuilder<u64>,
    en_passant: NumberBuilder<u8>,
    halfmove_clock: NumberBuilder<u16>,
    fullmove_number: NumberBuilder<u32>,
    uci: TextBuilder,
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

    fn finish(self, columns: &mut Columns) {
        for (column, (_, _, name)) in self.boards.into_iter().zip(BOARDS) {
            columns.add(name, false, column);
        }
        columns.add("white_to_move", false, self.white_to_move);
        columns.add("castling", false, self.castling);
        columns.add("en_passant", true, self.en_passant);
        columns.add("halfmove_clock", false, self.halfmove_clock);
        columns.add("fullmove_number", false, self.fullmove_number);
        columns.add("uci", false, self.uci);
    }
}
