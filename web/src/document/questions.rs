//! What the page asks at its cursor: the move under it (hover), the position there (the
//! board) and the legal moves there (completion). Each question checks the one game the
//! cursor is in.

use jaque::json::{Array, Object};
use jaque::lint::Lints;
use jaque::pgn::{Checker, GameRecord, Options, Verdict};
use jaque::san::to_san;
use jaque::{Color, Position};

use super::Document;

impl Document {
    /// The game at byte `at`, checked, and its first byte: the last that starts at or before
    /// it (between games, the one before); `None` before the first game.
    fn game_at(&self, at: usize) -> Option<(usize, GameRecord)> {
        let place = self.place(at, |p| p.offset)?;
        let raw = place.raw(&self.text)?;
        let mut checker = Checker::new(Options::default()).allowing(&Lints::default());
        Some((place.offset, checker.record(&raw)))
    }

    /// The move under UTF-16 offset `units` as JSON: where it is (`from`, `to` in UTF-16),
    /// its number, side and SAN, whether it was played, and if so the position after it
    /// (`fen`), its UCI and whether it gives check or mate. `null` off a move.
    pub fn hover(&mut self, units: usize) -> Vec<u8> {
        self.settle();
        let at = self.byte_offset(units);
        let mut out = Vec::new();
        let found = self.game_at(at).and_then(|(offset, record)| {
            let moves = record.moves();
            let index = moves.iter().position(|m| m.span.contains(&(at - offset)))?;
            Some((offset, record, index))
        });
        let Some((offset, record, index)) = found else {
            out.extend_from_slice(b"null");
            return out;
        };
        let mut object = Object::open(&mut out);
        if let Some(m) = record.moves().get(index) {
            object.field("from", self.utf16_offset(offset + m.span.start));
            object.field("to", self.utf16_offset(offset + m.span.end));
        }
        let after = record.position_after(index);
        object.field("played", after.is_some());
        object.field("fen", after.map(|p| p.fen()).as_ref());
        write_move(&mut object, &record, index);
        object.field("check", record.moves().get(index).is_some_and(|m| m.check));
        object.field("mate", record.moves().get(index).is_some_and(|m| m.mate));
        object.close();
        out
    }

    /// The position at UTF-16 offset `units` for the board, as JSON `{"fen", "last"}`, `last`
    /// the move it is after (`number`, `color`, `san`, `uci`) or `null`. On a move or right
    /// after it, the position after it; elsewhere, where the next move would be typed. Where
    /// a move failed, the position before it, which shows why. The start position in an
    /// empty text; `null` in a tag pair or a comment.
    pub fn position(&mut self, units: usize) -> Vec<u8> {
        self.settle();
        let at = self.byte_offset(units);
        let mut out = Vec::new();
        let Some((position, last)) = self.board_at(at) else {
            out.extend_from_slice(b"null");
            return out;
        };
        let mut object = Object::open(&mut out);
        object.field("fen", position.fen());
        match last {
            Some((record, index)) => {
                let mut last = Object::open(object.key("last"));
                write_move(&mut last, &record, index);
                last.close();
            }
            None => object.field("last", None::<&str>),
        }
        object.close();
        out
    }

    /// The board's position at byte `at`, with the game and its move the position is after.
    fn board_at(&self, at: usize) -> Option<(Position, Option<(GameRecord, usize)>)> {
        let Some((offset, record)) = self.game_at(at) else {
            return Some((Position::default(), None));
        };
        let rel = at - offset;
        let moves = record.moves();
        let on = moves
            .iter()
            .rposition(|m| m.span.start < rel && rel <= m.span.end);
        let mut last = match on {
            Some(index) => Some(index),
            None => record.last_move_at(rel)?,
        };
        // Back to the last move played: where one failed, the board shows the position
        // before it.
        while let Some(index) = last {
            if let Some(position) = record.position_after(index) {
                return Some((position, Some((record, index))));
            }
            last = moves.get(index).and_then(|m| m.prev);
        }
        Some((record.start_position()?, None))
    }

    /// The legal moves at UTF-16 offset `units` as JSON, `[{"san": ..., "uci": ...}]`: from
    /// the start position in an empty text; none in a tag pair, a comment or after a move
    /// that failed.
    pub fn completion(&mut self, units: usize) -> Vec<u8> {
        self.settle();
        let at = self.byte_offset(units);
        let position = match self.game_at(at) {
            Some((offset, record)) => record.position_at(at - offset),
            None => Some(Position::default()),
        };
        let mut out = Vec::new();
        let mut moves = Array::open(&mut out);
        if let Some(position) = position {
            for &mv in position.legal_moves().iter() {
                let mut object = Object::open(moves.item());
                object.field("san", to_san(&position, mv));
                object.field("uci", mv.uci(position.is_chess960()).to_string());
                object.close();
            }
        }
        moves.close();
        out
    }
}

/// A move's number, side, SAN as written or played, and UCI where it was played.
fn write_move(object: &mut Object<'_>, record: &GameRecord, index: usize) {
    let Some(m) = record.moves().get(index) else {
        return;
    };
    object.field("number", m.number as usize);
    object.field(
        "color",
        if m.color == Color::White {
            "white"
        } else {
            "black"
        },
    );
    object.field("san", m.san.as_str());
    let uci = match (m.verdict, record.position_before(index)) {
        (Verdict::Played(mv), Some(before)) => Some(mv.uci(before.is_chess960()).to_string()),
        _ => None,
    };
    object.field("uci", uci.as_ref());
}
