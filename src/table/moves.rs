//! The `moves` table: a row a mainline ply.

use super::column::{ListBuilder, NumberBuilder, TextBuilder};
use super::{Columns, PlyRows, append_uci};
use crate::pgn::{Eval, GameRecord, MoveRecord, Verdict, clock, eval};
use crate::{MoveKind, Position};

/// The columns after `game` and `ply`.
#[derive(Default)]
pub(super) struct Moves {
    san: TextBuilder,
    uci: TextBuilder,
    fen: TextBuilder,
    clock: NumberBuilder<f64>,
    eval_cp: NumberBuilder<i32>,
    eval_mate: NumberBuilder<i32>,
    check: NumberBuilder<bool>,
    capture: NumberBuilder<bool>,
    nags: ListBuilder<NumberBuilder<u8>>,
    comment: TextBuilder,
}

impl PlyRows for Moves {
    fn push(&mut self, record: &GameRecord, index: usize, mv: &MoveRecord, before: &Position) {
        self.san.append_value(&mv.san);
        append_uci(&mut self.uci, mv, before);
        self.fen.append_value(before.fen());
        let comment = record.comment(index);
        self.clock.append_option(clock(&comment));
        let evaluation = eval(&comment);
        self.eval_cp
            .append_option(evaluation.and_then(Eval::centipawns));
        self.eval_mate
            .append_option(evaluation.and_then(Eval::mate));
        self.check.append_value(mv.check);
        let capture = match mv.verdict {
            Verdict::Played(played) => {
                played.kind() == MoveKind::EnPassant
                    || (!played.is_castle() && before.occupied().contains(played.to()))
            }
            _ => false,
        };
        self.capture.append_value(capture);
        for nag in record.nags(index) {
            self.nags.values().append_value(nag);
        }
        self.nags.append();
        self.comment
            .append_option(Some(comment).filter(|c| !c.is_empty()));
    }

    fn finish(self, columns: &mut Columns) {
        columns.add("san", false, self.san);
        columns.add("uci", false, self.uci);
        columns.add("fen", false, self.fen);
        columns.add("clock", true, self.clock);
        columns.add("eval_cp", true, self.eval_cp);
        columns.add("eval_mate", true, self.eval_mate);
        columns.add("check", false, self.check);
        columns.add("capture", false, self.capture);
        columns.add("nags", false, self.nags);
        columns.add("comment", true, self.comment);
    }
}
