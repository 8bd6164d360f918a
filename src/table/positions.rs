//! The `positions` table: a row a mainline ply, the position before it in the compact form
//! models train on: twelve bitboards (bit `n` is square `n`, a1 = 0, b1 = 1, … h8 = 63),
//! the side to move, the castling rooks as a bitboard, the en-passant square and the clocks;
//! then what a tree of positions counts, so that the table alone answers one: the position's
//! Zobrist hash (`key`), the game's identity, result and ratings.

use super::column::{NumberBuilder, TextBuilder};
use super::{Columns, PlyRows, append_uci};
use crate::index::code::Outcome;
use crate::index::games::rating;
use crate::index::hash::Hash128;
use crate::index::walk::identity_of;
use crate::pgn::{GameRecord, MoveRecord, Verdict};
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
    key: NumberBuilder<u64>,
    game_hash: NumberBuilder<u64>,
    result: TextBuilder,
    ratings: [NumberBuilder<u16>; 2],
    /// The game's, for each of its rows.
    game: Game,
}

/// What every row of a game repeats.
#[derive(Default)]
struct Game {
    hash: u64,
    outcome: Outcome,
    ratings: [Option<u16>; 2],
}

impl Game {
    /// `record`'s: its hash over the start position's Zobrist hash and the mainline moves
    /// (as `jaque index` tells games apart), the `Result` tag's outcome, the ratings.
    fn of(record: &GameRecord) -> Game {
        let mut hash = Hash128::default();
        let start = record.report().start_position;
        hash.write_u64(start.map_or(0, |s| s.zobrist_hash()));
        for (_, mv) in record.mainline() {
            let played = match mv.verdict {
                Verdict::Played(played) => Some(played),
                _ => None,
            };
            hash.write_u64(identity_of(played));
        }
        let tags = &record.report().tags;
        let rated = |name| Some(rating(tags, name)).filter(|&elo| elo > 0);
        Game {
            hash: hash.finish() as u64,
            outcome: Outcome::of_result(tags.last("Result")),
            ratings: [rated("WhiteElo"), rated("BlackElo")],
        }
    }
}

impl Positions {
    /// Appends the columns of `position` that come before `uci`.
    fn push_position(&mut self, before: &Position) {
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
    }

    /// Appends the columns after `uci`: the position's and the game's.
    fn push_game(&mut self, position: &Position) {
        self.key.append_value(position.zobrist_hash());
        self.game_hash.append_value(self.game.hash);
        self.result.append_value(self.game.outcome.result());
        for (column, rating) in self.ratings.iter_mut().zip(self.game.ratings) {
            column.append_option(rating);
        }
    }
}

impl PlyRows for Positions {
    fn start(&mut self, record: &GameRecord) {
        self.game = Game::of(record);
    }

    fn push(&mut self, _: &GameRecord, _: usize, mv: &MoveRecord, before: &Position) {
        self.push_position(before);
        append_uci(&mut self.uci, mv, before);
        self.push_game(before);
    }

    /// A game whose moves jaque cannot play (a variant) has no rows, as it has no
    /// positions in an index.
    fn push_end(&mut self, record: &GameRecord, end: &Position) -> bool {
        if record.report().unsupported_variant.is_some() {
            return false;
        }
        self.push_position(end);
        self.uci.append_option(None::<&str>);
        self.push_game(end);
        true
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
        columns.add("uci", true, self.uci);
        columns.add("key", false, self.key);
        columns.add("game_hash", false, self.game_hash);
        columns.add("result", false, self.result);
        let [white, black] = self.ratings;
        columns.add("white_elo", true, white);
        columns.add("black_elo", true, black);
    }
}
