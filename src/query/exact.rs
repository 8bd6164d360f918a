//! Exact positions: `fen "FEN"` holds where the position is FEN's, compared as EPD (pieces,
//! side to move, castling rights, en passant where a capture is legal; the clocks not), as
//! `jaque select --fen` compares them. The FEN may leave out its clocks. It names one
//! position, so no transform (`flipcolor`, `flip`, `shift`, …) may hold it.

use super::parse::{Parsed, Parser};
use super::syntax::{Kind, Node};
use crate::diagnostic::FilterError;
use crate::position::Position;

const HELP: &str = "write the FEN between double quotes: `fen \"8/8/8/8/8/8/8/K6k w - - 0 1\"`";

impl Parser<'_> {
    /// `fen "FEN"`, at `fen`.
    pub(super) fn fen(&mut self, start: usize) -> Parsed<Node> {
        self.at += "fen".len();
        self.skip();
        if !self.rest().starts_with('"') {
            return Err(self
                .expected("a FEN between double quotes after `fen`")
                .with_help(HELP));
        }
        let open = self.at;
        let inner = open + 1;
        let Some(length) = self.rest().get(1..).and_then(|rest| rest.find('"')) else {
            let span = open..self.text.len();
            return Err(FilterError::new(span, "a FEN without its closing `\"`").with_help(HELP));
        };
        let fen = self.rest().get(1..1 + length).unwrap_or_default();
        let position = read(fen, inner)?;
        self.at = inner + length + 1;
        Ok(self.node(start, Kind::Fen(Box::new(position))))
    }
}

/// The position of `fen` (at byte `at` of the query), or the error pointing at its wrong
/// field.
fn read(fen: &str, at: usize) -> Parsed<Position> {
    let trimmed = fen.trim();
    let lead = fen.len() - fen.trim_start().len();
    Position::from_fen(trimmed).map_err(|error| {
        let field = error.span(trimmed);
        let span = at + lead + field.start..at + lead + field.end.max(field.start + 1);
        FilterError::new(span, format!("bad FEN: {error}"))
    })
}
