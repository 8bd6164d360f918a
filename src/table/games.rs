//! The `games` table: a row a game.

use std::sync::Arc;

use arrow_array::builder::{ListBuilder, MapBuilder, StringBuilder, UInt32Builder, UInt64Builder};
use arrow_array::{ArrayRef, ListArray, RecordBatch, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, Field};

use super::{Columns, count};
use crate::Severity;
use crate::lint::Lints;
use crate::opening::Classified;
use crate::pgn::fields::{DIAGNOSTIC_FIELDS, DiagnosticField, Kind, Value};
use crate::pgn::{Checker, GameRecord, GameReport, Mainline, RawGame, SEVEN_TAG_ROSTER, Verdict};

/// The rows of `records`, games of the input named `file`.
pub(super) fn batch(
    file: &str,
    first_game: usize,
    records: &[GameRecord],
) -> Result<RecordBatch, ArrowError> {
    let mut games = Games::default();
    for record in records {
        let chess960 = (record.report().start_position).is_some_and(|p| p.is_chess960());
        let moves = record.mainline().map(|(_, mv)| match mv.verdict {
            Verdict::Played(played) => (mv.san.clone(), played.uci(chess960).to_string()),
            _ => (mv.san.clone(), super::NULL_MOVE.to_string()),
        });
        let row = Row {
            report: record.report(),
            result: record.result(),
            opening: record.opening(),
        };
        games.push((file, first_game), row, moves);
    }
    games.finish()
}

/// The rows of `games` checked by `checker` with `lints` applied: what [`batch`] makes of
/// their records, without making records (each game's text, tokens and moves copied).
pub(super) fn check(
    (file, first_game): (&str, usize),
    games: &[RawGame],
    checker: &mut Checker,
    lints: &Lints,
) -> Result<RecordBatch, ArrowError> {
    let mut rows = Games::default();
    let mut mainline = Mainline::default();
    for game in games {
        let mut report = checker.check_mainline(game, &mut mainline);
        report.apply(lints);
        let row = Row {
            report: &report,
            result: mainline.result(&report.tags),
            opening: mainline.opening(),
        };
        rows.push((file, first_game), row, mainline.moves());
    }
    rows.finish()
}

/// What a row is made of besides the moves.
struct Row<'a> {
    report: &'a GameReport,
    result: Option<&'a str>,
    /// The mainline's opening, as lichess names it.
    opening: Option<Classified>,
}

/// The roster's tags that are columns of their own, named in lower case; the seventh,
/// `Result`, is the `result` column, the marker where the tag is missing.
const ROSTER_COLUMNS: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

#[derive(Default)]
struct Games {
    file: StringBuilder,
    index: UInt64Builder,
    line: UInt64Builder,
    roster: [StringBuilder; 6],
    tags: OtherTags,
    result: StringBuilder,
    status: StringBuilder,
    eco: StringBuilder,
    opening: StringBuilder,
    plies: UInt32Builder,
    san: ListBuilder<StringBuilder>,
    uci: ListBuilder<StringBuilder>,
    final_fen: StringBuilder,
    errors: UInt32Builder,
    warnings: UInt32Builder,
    diagnostics: Diagnostics,
}

impl Games {
    /// A row: `moves` are the mainline's SAN and UCI.
    fn push<S: AsRef<str>, U: AsRef<str>>(
        &mut self,
        (file, first_game): (&str, usize),
        Row {
            report,
            result,
            opening,
        }: Row<'_>,
        moves: impl Iterator<Item = (S, U)>,
    ) {
        self.file.append_value(file);
        self.index.append_value((first_game + report.index) as u64);
        self.line.append_value(report.line as u64);
        // One pass over the tags; a repeated tag takes its last value, as in the JSON and the
        // Python dict.
        let mut roster = [None; ROSTER_COLUMNS.len()];
        for (name, value) in report.tags.iter() {
            match ROSTER_COLUMNS.iter().position(|&column| column == name) {
                Some(column) => {
                    if let Some(slot) = roster.get_mut(column) {
                        *slot = Some(value);
                    }
                }
                None if !SEVEN_TAG_ROSTER.contains(&name) => {
                    self.tags.0.keys().append_value(name);
                    self.tags.0.values().append_value(value);
                }
                None => {}
            }
        }
        for (column, value) in self.roster.iter_mut().zip(roster) {
            column.append_option(value);
        }
        // A map's entries are never null, so this cannot fail.
        let _ = self.tags.0.append(true);
        self.result.append_option(result);
        self.status.append_option(report.status_code());
        self.eco.append_option(opening.map(|c| c.opening.eco));
        self.opening.append_option(opening.map(|c| c.opening.name));
        self.plies.append_value(count(report.plies));
        for (san, uci) in moves {
            self.san.values().append_value(san);
            self.uci.values().append_value(uci);
        }
        self.san.append(true);
        self.uci.append(true);
        self.final_fen
            .append_option(report.final_position.map(|p| p.fen()));
        self.errors
            .append_value(count(report.count(Severity::Error)));
        self.warnings
            .append_value(count(report.count(Severity::Warning)));
        self.diagnostics.push(report);
    }

    fn finish(mut self) -> Result<RecordBatch, ArrowError> {
        let mut columns = Columns::default();
        columns.add("file", false, Arc::new(self.file.finish()));
        columns.add("index", false, Arc::new(self.index.finish()));
        columns.add("line", false, Arc::new(self.line.finish()));
        for (mut column, name) in self.roster.into_iter().zip(ROSTER_COLUMNS) {
            columns.add(&name.to_lowercase(), true, Arc::new(column.finish()));
        }
        columns.add("tags", false, Arc::new(self.tags.0.finish()));
        columns.add("result", true, Arc::new(self.result.finish()));
        columns.add("status", true, Arc::new(self.status.finish()));
        columns.add("eco", true, Arc::new(self.eco.finish()));
        columns.add("opening", true, Arc::new(self.opening.finish()));
        columns.add("plies", false, Arc::new(self.plies.finish()));
        columns.add("san", false, Arc::new(self.san.finish()));
        columns.add("uci", false, Arc::new(self.uci.finish()));
        columns.add("final_fen", true, Arc::new(self.final_fen.finish()));
        columns.add("errors", false, Arc::new(self.errors.finish()));
        columns.add("warnings", false, Arc::new(self.warnings.finish()));
        columns.add("diagnostics", false, self.diagnostics.finish()?);
        columns.finish()
    }
}

/// The tags beyond the roster: a map of strings.
struct OtherTags(MapBuilder<StringBuilder, StringBuilder>);

impl Default for OtherTags {
    fn default() -> OtherTags {
        OtherTags(MapBuilder::new(
            None,
            StringBuilder::new(),
            StringBuilder::new(),
        ))
    }
}

/// The `diagnostics` column: a list of structs a game, a field of the struct for each of
/// [`DIAGNOSTIC_FIELDS`] (text as strings, counts as `u32`).
struct Diagnostics {
    lengths: Vec<usize>,
    fields: Vec<Builder>,
}

/// The builder of one field of the diagnostics' structs.
enum Builder {
    Text(StringBuilder),
    Count(UInt32Builder),
}

impl Default for Diagnostics {
    fn default() -> Diagnostics {
        let builder = |field: &DiagnosticField| match field.kind {
            Kind::Text | Kind::Word(_) => Builder::Text(StringBuilder::new()),
            Kind::Count => Builder::Count(UInt32Builder::new()),
        };
        Diagnostics {
            lengths: Vec::new(),
            fields: DIAGNOSTIC_FIELDS.iter().map(builder).collect(),
        }
    }
}

impl Diagnostics {
    fn push(&mut self, report: &GameReport) {
        let diagnostics = &report.diagnostics;
        self.lengths.push(diagnostics.len());
        for d in diagnostics {
            for (field, builder) in DIAGNOSTIC_FIELDS.iter().zip(&mut self.fields) {
                match (builder, field.value(d)) {
                    (Builder::Text(b), Value::Text(text)) => b.append_value(text),
                    (Builder::Count(b), Value::Count(n)) => b.append_value(count(n)),
                    (Builder::Text(b), _) => b.append_null(),
                    (Builder::Count(b), _) => b.append_null(),
                }
            }
        }
    }

    fn finish(self) -> Result<ArrayRef, ArrowError> {
        let mut fields = Columns::default();
        for (field, builder) in DIAGNOSTIC_FIELDS.iter().zip(self.fields) {
            let array: ArrayRef = match builder {
                Builder::Text(mut b) => Arc::new(b.finish()),
                Builder::Count(mut b) => Arc::new(b.finish()),
            };
            fields.add(field.name, field.optional, array);
        }
        let (fields, arrays): (Vec<Field>, Vec<ArrayRef>) = fields.0.into_iter().unzip();
        let structs = StructArray::try_new(fields.into(), arrays, None)?;
        let item = Field::new("item", DataType::Struct(structs.fields().clone()), false);
        let offsets = OffsetBuffer::<i32>::from_lengths(self.lengths);
        let list = ListArray::try_new(Arc::new(item), offsets, Arc::new(structs), None)?;
        Ok(Arc::new(list))
    }
}
