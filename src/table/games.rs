//! The `games` table: a row a game.

use super::column::{
    Build, Column, ListBuilder, MapBuilder, NumberBuilder, TextBuilder, Values, nullable, required,
};
use super::{Batch, Columns, count};
use crate::Severity;
use crate::lint::Lints;
use crate::opening::Classified;
use crate::pgn::fields::{DIAGNOSTIC_FIELDS, DiagnosticField, Kind, Value};
use crate::pgn::{Checker, GameRecord, GameReport, Mainline, RawGame, SEVEN_TAG_ROSTER, Verdict};

/// The rows of `records`, games of the input named `file`.
pub(super) fn batch(file: &str, first_game: usize, records: &[GameRecord]) -> Batch {
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
        games.push((file, first_game), row);
        for (san, uci) in moves {
            games.san.values().append_value(san);
            games.uci.values().append_value(uci);
        }
        games.san.append();
        games.uci.append();
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
) -> Batch {
    let mut rows = Games::default();
    // Real PGN has about a ply every ten bytes, and a move four letters of SAN or UCI.
    let plies = games.iter().map(|game| game.bytes.len()).sum::<usize>() / 10;
    for moves in [&mut rows.san, &mut rows.uci] {
        moves.values().reserve(plies, 4 * plies);
    }
    let mut mainline = Mainline::default();
    for game in games {
        let mut report = checker.check_mainline(game, &mut mainline);
        report.apply(lints);
        let row = Row {
            report: &report,
            result: mainline.result(&report.tags),
            opening: mainline.opening(),
        };
        rows.push((file, first_game), row);
        let [san, uci] = mainline.joined();
        rows.san.values().append_pieces(san);
        rows.uci.values().append_pieces(uci);
        rows.san.append();
        rows.uci.append();
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
    file: TextBuilder,
    index: NumberBuilder<u64>,
    line: NumberBuilder<u64>,
    roster: [TextBuilder; 6],
    tags: MapBuilder,
    result: TextBuilder,
    status: TextBuilder,
    eco: TextBuilder,
    opening: TextBuilder,
    plies: NumberBuilder<u32>,
    san: ListBuilder<TextBuilder>,
    uci: ListBuilder<TextBuilder>,
    final_fen: TextBuilder,
    errors: NumberBuilder<u32>,
    warnings: NumberBuilder<u32>,
    diagnostics: Diagnostics,
}

impl Games {
    /// A row, but for its moves (`san` and `uci`, which the caller adds).
    fn push(
        &mut self,
        (file, first_game): (&str, usize),
        Row {
            report,
            result,
            opening,
        }: Row<'_>,
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
                    self.tags.keys().append_value(name);
                    self.tags.values().append_value(value);
                }
                None => {}
            }
        }
        for (column, value) in self.roster.iter_mut().zip(roster) {
            column.append_option(value);
        }
        self.tags.append();
        self.result.append_option(result);
        self.status.append_option(report.status_code());
        self.eco.append_option(opening.map(|c| c.opening.eco));
        self.opening.append_option(opening.map(|c| c.opening.name));
        self.plies.append_value(count(report.plies));
        match report.final_position {
            // Written to a vector, which cannot fail.
            Some(p) => (self.final_fen).append_with(|bytes| p.write_fen(bytes).unwrap_or(())),
            None => self.final_fen.append_null(),
        }
        self.errors
            .append_value(count(report.count(Severity::Error)));
        self.warnings
            .append_value(count(report.count(Severity::Warning)));
        self.diagnostics.push(report);
    }

    fn finish(self) -> Batch {
        let mut columns = Columns::default();
        columns.add("file", false, self.file);
        columns.add("index", false, self.index);
        columns.add("line", false, self.line);
        for (column, name) in self.roster.into_iter().zip(ROSTER_COLUMNS) {
            columns.add(&name.to_lowercase(), true, column);
        }
        columns.add("tags", false, self.tags);
        columns.add("result", true, self.result);
        columns.add("status", true, self.status);
        columns.add("eco", true, self.eco);
        columns.add("opening", true, self.opening);
        columns.add("plies", false, self.plies);
        columns.add("san", false, self.san);
        columns.add("uci", false, self.uci);
        columns.add("final_fen", true, self.final_fen);
        columns.add("errors", false, self.errors);
        columns.add("warnings", false, self.warnings);
        columns.add("diagnostics", false, self.diagnostics);
        columns.finish()
    }
}

/// The `diagnostics` column: a list of structs a game, a field of the struct for each of
/// [`DIAGNOSTIC_FIELDS`] (text as strings, counts as `u32`).
struct Diagnostics {
    /// Where each game's diagnostics begin, and where the last's end.
    offsets: Vec<usize>,
    fields: Vec<Builder>,
}

/// The builder of one field of the diagnostics' structs.
enum Builder {
    Text(TextBuilder),
    Count(NumberBuilder<u32>),
}

impl Default for Diagnostics {
    fn default() -> Diagnostics {
        let builder = |field: &DiagnosticField| match field.kind {
            Kind::Text | Kind::Word(_) => Builder::Text(TextBuilder::default()),
            Kind::Count => Builder::Count(NumberBuilder::default()),
        };
        Diagnostics {
            offsets: vec![0],
            fields: DIAGNOSTIC_FIELDS.iter().map(builder).collect(),
        }
    }
}

impl Diagnostics {
    fn push(&mut self, report: &GameReport) {
        let diagnostics = &report.diagnostics;
        let end = self.offsets.last().copied().unwrap_or(0) + diagnostics.len();
        self.offsets.push(end);
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
}

impl Build for Diagnostics {
    /// A list of structs a game; each struct's fields may be missing as [`DIAGNOSTIC_FIELDS`]
    /// say, the structs themselves never are.
    fn finish(self) -> (Values, Vec<bool>) {
        let len = self.offsets.last().copied().unwrap_or(0);
        let rows = self.offsets.len().saturating_sub(1);
        let fields = (DIAGNOSTIC_FIELDS.iter().zip(self.fields))
            .map(|(field, builder)| {
                let built = match builder {
                    Builder::Text(b) => b.finish(),
                    Builder::Count(b) => b.finish(),
                };
                let built = match field.optional {
                    true => nullable(built),
                    false => required(built),
                };
                Column::new(field.name, built)
            })
            .collect();
        let item = Column::new("item", (Values::Struct { len, fields }, None));
        let values = Values::List {
            offsets: self.offsets,
            item: Box::new(item),
        };
        (values, vec![true; rows])
    }
}
