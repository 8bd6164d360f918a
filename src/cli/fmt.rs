//! `jaque fmt [FILE...]`: PGN rewritten in export format on standard output. A game with an
//! error is written unchanged, with a warning on standard error: nothing is dropped.

use std::io::{self, Write};

use jaque::Severity;
use jaque::pgn::{
    Checker, DEFAULT_GAME_LIMIT, GameReport, Options, RawGame, Splitter, format_record,
};
use jaque::san::Lang;

use super::input::Input;
use super::{Outcome, parse_lang};

#[derive(clap::Args)]
pub struct FmtArgs {
    /// PGN files, plain or compressed with zstd or gzip (told by their content); `-` or none
    /// for standard input.
    files: Vec<String>,
    /// Write nothing; list the games that formatting would change, and exit 1 if any.
    #[arg(long)]
    check: bool,
    /// The language of the piece letters in the input: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
}

/// Formatting needs a whole game: larger games than this are refused, not cut.
const GAME_LIMIT: usize = DEFAULT_GAME_LIMIT * 16;

#[derive(Default)]
struct Tally {
    games: usize,
    unchanged_with_errors: usize,
    would_change: usize,
    failed: bool,
}

pub fn run(args: FmtArgs) -> Outcome {
    let inputs: Vec<Input> = if args.files.is_empty() {
        vec![Input::Path("-".to_string())]
    } else {
        args.files.iter().cloned().map(Input::Path).collect()
    };
    // One checker for the run: its buffers serve game after game, file after file.
    let mut checker = Checker::new(Options { lang: args.lang });
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut tally = Tally::default();
    for input in &inputs {
        if let Err(error) = format_input(input, &args, &mut checker, &mut out, &mut tally) {
            eprintln!("error: cannot read {}: {error}", input.name());
            tally.failed = true;
        }
    }
    if out.flush().is_err() {
        return Outcome::Failed;
    }
    if args.check && tally.would_change > 0 {
        eprintln!(
            "{} of {} games would be reformatted",
            tally.would_change, tally.games
        );
    }
    if tally.failed {
        Outcome::Failed
    } else if tally.unchanged_with_errors > 0 || (args.check && tally.would_change > 0) {
        Outcome::Errors
    } else {
        Outcome::Clean
    }
}

/// Writes the games of one input in export format, or with `--check` lists the games that
/// formatting would change; a game over [`GAME_LIMIT`] ends the input.
fn format_input(
    input: &Input,
    args: &FmtArgs,
    checker: &mut Checker,
    out: &mut impl Write,
    tally: &mut Tally,
) -> io::Result<()> {
    let name = input.name();
    for game in Splitter::with_limit(input.open()?, GAME_LIMIT) {
        let game = game?;
        if game.skipped > 0 {
            eprintln!(
                "error: {} is over {GAME_LIMIT} bytes: not formatted",
                game_at(name, &game)
            );
            tally.failed = true;
            return Ok(());
        }
        let first = tally.games == 0;
        tally.games += 1;
        let formatted = format_one(checker, name, &game, args.check);
        if formatted.is_none() {
            tally.unchanged_with_errors += 1;
        }
        // What to write: the game formatted, or the bytes as read (whatever their encoding)
        // when it has an error.
        let original = game.bytes.trim_ascii_end();
        let text = formatted
            .as_deref()
            .map_or(original, |text| text.trim_end().as_bytes());
        if !args.check {
            write_game(out, text, first)?;
        } else if text != original {
            tally.would_change += 1;
            writeln!(out, "{} is not formatted", game_at(name, &game))?;
        }
    }
    Ok(())
}

/// The game in export format; `None` when it has an error, said in a warning (which with
/// `--check`, where nothing is written, says the game cannot be formatted).
fn format_one(checker: &mut Checker, name: &str, game: &RawGame, check: bool) -> Option<String> {
    let record = checker.record(game);
    let text = format_record(&record);
    if text.is_none() {
        let why = first_error(record.report());
        let fate = if check {
            "cannot be formatted"
        } else {
            "written unchanged"
        };
        eprintln!("warning: {} has an error{why}: {fate}", game_at(name, game));
    }
    text
}

/// ` (line:column: code: message)` for the report's first error; empty when it has none.
fn first_error(report: &GameReport) -> String {
    report
        .diagnostics
        .iter()
        .find(|d| d.diagnostic.severity == Severity::Error)
        .map_or_else(String::new, |d| {
            format!(
                " ({}:{}: {}: {})",
                d.line,
                d.column,
                d.diagnostic.code.as_str(),
                d.diagnostic.message
            )
        })
}

/// Where a game is, as the messages name it: `file:line: game N`.
fn game_at(name: &str, game: &RawGame) -> String {
    format!("{name}:{}: game {}", game.line, game.index + 1)
}

/// Writes one game and its line end; a blank line parts it from the game before.
fn write_game(out: &mut impl Write, text: &[u8], first: bool) -> io::Result<()> {
    if !first {
        out.write_all(b"\n")?;
    }
    out.write_all(text)?;
    out.write_all(b"\n")
}
