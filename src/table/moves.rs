//! The `moves` table: a row a mainline ply.

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_array::builder::{
    BooleanBuilder, Float64Builder, Int32Builder, ListBuilder, StringBuilder, UInt8Builder,
    UInt32Builder, UInt64Builder,
};
use arrow_schema::ArrowError;

use super::{Columns, NULL_MOVE, plies};
use crate::pgn::{Eval, GameRecord, Verdict, clock, eval};
use crate::{MoveKind, UciLetters};

/// The rows of `records`' mainline plies.
pub(super) fn batch(first_game: usize, records: &[GameRecord]) -> Result<RecordBatch, ArrowError> {
    let mut moves = Moves::default();
    for record in records {
        moves.push(first_game, record);
    }
    moves.finish()
}

#[derive(Default)]
struct Moves {
    game: UInt64Builder,
    ply: UInt32Builder,
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

impl Moves {
    fn push(&mut self, first_game: usize, record: &GameRecord) {
        let game = (first_game + record.report().index) as u64;
        for (ply, (index, mv, before)) in plies(record).enumerate() {
            self.game.append_value(game);
            self.ply
                .append_value(u32::try_from(ply + 1).unwrap_or(u32::MAX));
            self.san.append_value(&mv.san);
            let (uci, capture) = match mv.verdict {
                Verdict::Played(played) => (
                    Some(played.uci(before.is_chess960()).letters()),
                    played.kind() == MoveKind::EnPassant
                        || (!played.is_castle() && before.occupied().contains(played.to())),
                ),
                _ => (None, false),
            };
            self.uci
                .append_value(uci.as_ref().map_or(NULL_MOVE, UciLetters::as_str));
            self.fen.append_value(before.fen());
            let comment = record.comment(index);
            self.clock.append_option(clock(&comment));
            let evaluation = eval(&comment);
            self.eval_cp.append_option(match evaluation {
                Some(Eval::Centipawns(cp)) => Some(cp),
                _ => None,
            });
            self.eval_mate.append_option(match evaluation {
                Some(Eval::Mate(moves)) => Some(moves),
                _ => None,
            });
            self.check.append_value(mv.check);
            self.capture.append_value(capture);
            self.nags.values().extend(record.nags(index).map(Some));
            self.nags.append(true);
            self.comment
                .append_option(Some(comment).filter(|c| !c.is_empty()));
        }
    }

    fn finish(mut self) -> Result<RecordBatch, ArrowError> {
        let mut columns = Columns::default();
        columns.add("game", false, Arc::new(self.game.finish()));
        columns.add("ply", false, Arc::new(self.ply.finish()));
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
        columns.finish()
    }
}
