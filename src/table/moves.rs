//! The `moves` table: a row a mainline ply.

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Float64Builder, Int32Builder, ListBuilder, StringBuilder, UInt8Builder,
};

use super::{Columns, PlyRows, append_uci};
use crate::pgn::{Eval, GameRecord, MoveRecord, Verdict, clock, eval};
use crate::{MoveKind, Position};

/// The columns after `game` and `ply`.
#[derive(Default)]
pub(super) struct Moves {
    san: StringBuilder,
    uci: StringBuilder,
    fen: StringBuilder,
    clock: Float64Builder,
    eval_cp: Int32Builder,
    eval_mate: Int32Builder,
    check: BooleanBuilder,
    capture: BooleanBuilder,
    nags: ListBuilder<UInt8Builder>,
    comment: StringBuilder,
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
        self.nags.values().extend(record.nags(index).map(Some));
        self.nags.append(true);
        self.comment
            .append_option(Some(comment).filter(|c| !c.is_empty()));
    }

    fn finish(mut self, columns: &mut Columns) {
        columns.add("san", false, Arc::new(self.san.finish()));
        columns.add("uci", false, Arc::new(self.uci.finish()));
        columns.add("fen", false, Arc::new(self.fen.finish()));
        columns.add("clock", true, Arc::new(self.clock.finish()));
        columns.add("eval_cp", true, Arc::new(self.eval_cp.finish()));
        columns.add("eval_mate", true, Arc::new(self.eval_mate.finish()));
        columns.add("check", false, Arc::new(self.check.finish()));
        columns.add("capture", false, Arc::new(self.capture.finish()));
        columns.add("nags", false, Arc::new(self.nags.finish()));
        columns.add("comment", true, Arc::new(self.comment.finish()));
    }
}
