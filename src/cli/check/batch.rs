//! A batch of games checked, and mostly written out, on the checking threads: each game's
//! report is turned into the bytes it prints (human diagnostics or a JSON line) where it was
//! checked, so the thread that writes standard output only copies bytes, in order, and
//! output costs what a thread of the pool can spare instead of holding up the next batch.
//! The exception is JSON with a core left spare by the pool (`--jobs 1` on two cores): the
//! printing thread writes the lines there, and the reports go back to the pool to be freed
//! where they were allocated.

use std::borrow::Cow;
use std::io::Write;
use std::ops::Range;
use std::sync::Mutex;

use jaque::Severity;
use jaque::json::{self, Escaped};
use jaque::lint::Lints;
use jaque::pgn::{Checker, GameReport, Options, RawGame};
use rayon::prelude::*;

use super::Totals;
use crate::cli::render::{Report, render_into};

/// About the bytes of a game's JSON line without diagnostics (tags, final FEN).
const JSON_LINE_BYTES: usize = 512;

/// How the games of one input are checked and printed.
pub struct Style {
    pub json: bool,
    /// Colours, for a terminal.
    pub color: bool,
    pub options: Options,
    /// The lint levels of the input.
    pub lints: Lints,
    /// Its name, as diagnostics show it.
    pub name: String,
    /// The same as a JSON string.
    pub json_name: Escaped,
    /// Whether the checking threads write the games' output, or hand the reports to the
    /// printing thread: where the pool leaves a core spare, that thread has one to write on.
    pub written_in_pool: bool,
    /// Printed batches, back from the printing thread, which did not allocate them: a
    /// checking thread takes one for each batch it starts, reuses its output buffer and
    /// frees its reports (if the printing thread wrote them).
    pub printed: Mutex<Vec<Written>>,
}

/// A batch shared out is cut into about this many parts a thread, so that a thread done
/// with its parts can take over some of another's.
const PARTS_PER_THREAD: usize = 4;

/// The most printed batches kept waiting for a checking thread: no more are out at once.
const MAX_PRINTED: usize = super::IN_FLIGHT;

/// The largest output buffer kept for reuse: one grown by a game of many diagnostics is
/// freed rather than held on to.
const MAX_RECYCLED_BYTES: usize = 2 * super::BATCH_GAMES * JSON_LINE_BYTES;

/// A batch, checked: what it prints, and what it adds to the totals.
#[derive(Default)]
pub struct Written {
    pub bytes: Vec<u8>,
    /// Its games, moves and diagnostics (no files).
    pub totals: Totals,
    /// The bytes of input it covers, skipped ones included.
    pub read: u64,
    /// The reports the printing thread is to write (see [`Style::written_in_pool`]), with
    /// the number of their game in the run.
    pub reports: Vec<(usize, GameReport)>,
}

/// Checks `batch`, whose first game is game `first` of the whole run (counted from 0), on
/// the current pool; the games' output comes back in the batch's order.
pub fn check(style: &Style, first: usize, batch: &[RawGame]) -> Written {
    let step = |(mut checker, mut out): (Checker, Written), (at, raw): (usize, &RawGame)| {
        let report = checker.check(raw);
        out.read += raw.bytes.len() as u64 + raw.skipped;
        style.game(first + at, report, &mut out);
        (checker, out)
    };
    let threads = rayon::current_num_threads();
    if threads == 1 {
        // Nobody to share with: no split, no second checker, no copy of the output.
        let start = (style.checker(), style.written(batch.len()));
        return batch.iter().enumerate().fold(start, step).1;
    }
    // Parts of a known number of games, each with room for its own: parts of any length, as
    // a fold makes them, would each need room for many.
    let size = batch.len().div_ceil(threads * PARTS_PER_THREAD).max(1);
    let parts: Vec<Written> = batch
        .par_chunks(size)
        .enumerate()
        .map(|(part, games)| {
            let start = (style.checker(), style.written(games.len()));
            let numbered = games
                .iter()
                .enumerate()
                .map(|(at, raw)| (part * size + at, raw));
            numbered.fold(start, step).1
        })
        .collect();
    let mut whole = style.written(batch.len());
    for mut part in parts {
        whole.reports.append(&mut part.reports);
        whole.bytes.extend_from_slice(&part.bytes);
        whole.totals.add(&part.totals);
        whole.read += part.read;
    }
    whole
}

impl Style {
    fn checker(&self) -> Checker {
        Checker::new(self.options).allowing(&self.lints)
    }

    /// Room for the output of `games` games: a JSON line is some hundreds of bytes, and
    /// growing the buffer as it fills would copy it again and again.
    fn written(&self, games: usize) -> Written {
        let room = if self.json {
            games * JSON_LINE_BYTES
        } else {
            0
        };
        // A printed batch's reports are freed here, on a checking thread.
        let printed = self
            .printed
            .lock()
            .ok()
            .and_then(|mut printed| printed.pop());
        let mut bytes = printed.map(|printed| printed.bytes).unwrap_or_default();
        bytes.clear();
        bytes.reserve(room);
        Written {
            bytes,
            ..Written::default()
        }
    }

    /// Takes back a printed batch, for a checking thread (see [`Style::printed`]).
    pub fn recycle(&self, mut written: Written) {
        if written.bytes.capacity() > MAX_RECYCLED_BYTES {
            written.bytes = Vec::new();
        }
        if let Ok(mut printed) = self.printed.lock()
            && printed.len() < MAX_PRINTED
        {
            printed.push(written);
        }
    }

    /// Counts game `global`'s report and writes what it prints.
    fn game(&self, global: usize, mut report: GameReport, out: &mut Written) {
        report.apply(&self.lints);
        let totals = &mut out.totals;
        totals.games += 1;
        totals.plies += report.plies;
        totals.moves += report.moves;
        totals.unread_bytes += report.skipped_bytes;
        totals.errors += report.count(Severity::Error);
        totals.warnings += report.count(Severity::Warning);
        if self.written_in_pool {
            self.write(global, &report, &mut out.bytes);
        } else {
            out.reports.push((global, report));
        }
    }

    /// Writes game `global`'s output.
    pub fn write(&self, global: usize, report: &GameReport, out: &mut Vec<u8>) {
        if self.json {
            json::game(out, &self.json_name, global, report);
            out.push(b'\n');
        } else {
            self.human(report, out);
        }
    }

    /// A report's diagnostics as rustc shows its own, each followed by a blank line.
    fn human(&self, report: &GameReport, out: &mut Vec<u8>) {
        if report.diagnostics.is_empty() && report.more_diagnostics == 0 {
            return;
        }
        let name = self.name.as_str();
        // The note every diagnostic of the game shares, made once.
        let note = match (report.tag("White"), report.tag("Black")) {
            (Some(w), Some(b)) if w != "?" || b != "?" => {
                format!("in game {}: {w} - {b}", report.index + 1)
            }
            _ => format!("in game {}", report.index + 1),
        };
        for d in &report.diagnostics {
            let (source, span) = line_of(&report.text, &d.diagnostic.span);
            let message = match (d.ply, &d.san) {
                (Some(ply), Some(san)) => {
                    let label = report.move_label(ply).unwrap_or_default();
                    let parts = [label.as_str(), " ", san, ": ", &d.diagnostic.message];
                    Cow::Owned(parts.concat())
                }
                _ => Cow::Borrowed(d.diagnostic.message.as_str()),
            };
            let report_line = Report {
                severity: d.diagnostic.severity,
                code: d.diagnostic.code,
                message,
                origin: name,
                source,
                line: d.line,
                span,
                label: &d.diagnostic.label,
                help: d.diagnostic.help.as_deref(),
                note: Some(&note),
            };
            render_into(&report_line, self.color, out);
            out.extend_from_slice(b"\n\n");
        }
        if report.more_diagnostics > 0 {
            let (errors, warnings) = (
                report.hidden(Severity::Error),
                report.hidden(Severity::Warning),
            );
            let level = if errors > 0 { "error" } else { "warning" };
            let _ = writeln!(
                out,
                "{level}: {} more problems in game {} of {name} not shown ({errors} errors, \
                 {warnings} warnings)\n",
                report.more_diagnostics,
                report.index + 1
            );
        }
    }
}

/// The line of `text` where `span` starts, and `span` counted from that line's start and
/// cut at its end: an underline stays on the one line shown.
pub(super) fn line_of<'t>(text: &'t str, span: &Range<usize>) -> (&'t str, Range<usize>) {
    let start = span.start.min(text.len());
    // Two searches for one byte each (`memchr`), not one for either (a byte at a time).
    let before = &text[..start];
    let line_start = before
        .rfind('\n')
        .max(before.rfind('\r'))
        .map_or(0, |i| i + 1);
    let after = &text[start..];
    let line_end = match (after.find('\n'), after.find('\r')) {
        (Some(lf), Some(cr)) => start + lf.min(cr),
        (Some(end), None) | (None, Some(end)) => start + end,
        (None, None) => text.len(),
    };
    let source = &text[line_start..line_end];
    let end = span.end.clamp(start, line_start + source.len());
    (source, start - line_start..end - line_start)
}
