//! `jaque export [FILE...] -o OUT.parquet [--table games|moves|positions]`: the games as a
//! Parquet table, with the schemas of the Python package's Arrow tables, streamed batch by
//! batch: memory does not grow with the input.

use std::io::{self, BufWriter};
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use jaque::input::Settings;
use jaque::pgn::Options;
use jaque::san::Lang;
use jaque::table::parquet::Writer;
use jaque::table::{Batches, Table, read};

use super::input::{Input, Unnamed, expand, say_no_games};
use super::lints::{Flags, LintArgs};
use super::staged::Staging;
use super::{Outcome, parse_lang};

#[derive(clap::Args)]
pub struct ExportArgs {
    /// PGN files, plain or compressed with zstd or gzip (told by their content), or
    /// directories of them; `-` or none
    /// for standard input.
    files: Vec<PathBuf>,
    /// The Parquet file to write (replaced once the export is complete).
    #[arg(long, short = 'o')]
    output: PathBuf,
    /// What a row is: a game, a mainline move, or the position before a mainline move.
    #[arg(long, default_value = "games", value_parser = tables())]
    table: Table,
    #[command(flatten)]
    lints: LintArgs,
    /// The language of the piece letters: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
    /// Rows a Parquet row group at least: each is closed after the batch of games that
    /// reaches it.
    #[arg(long, default_value_t = 1 << 20, value_name = "ROWS")]
    row_group_size: usize,
    /// Threads checking games (default: all cores). Rows stay in input order.
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
}

/// The tables by name, each with what its rows hold, for `--help` to list.
fn tables() -> impl TypedValueParser<Value = Table> {
    let values = Table::ALL.map(|table| {
        let rows = match table {
            Table::Games => {
                "a row a game: tags, result, status, plies, SAN and UCI, final FEN, diagnostics"
            }
            Table::Moves => {
                "a row a mainline move: SAN, UCI, the FEN before it, clock, eval, NAGs, comment"
            }
            Table::Positions => {
                "a row a mainline move: the position before it as bitboards, side to move, \
                 castling, en passant, clocks"
            }
        };
        PossibleValue::new(table.as_str()).help(rows)
    });
    PossibleValuesParser::new(values).try_map(|name| name.parse::<Table>())
}

/// Games a batch of the games table at most.
const BATCH_ROWS: usize = 65536;

/// What was written.
#[derive(Default)]
struct Written {
    games: usize,
    rows: usize,
}

pub fn run(args: ExportArgs, flags: Flags) -> Outcome {
    let (inputs, _) = match expand(&args.files, Unnamed::Stdin("export")) {
        Ok((_, false)) => return Outcome::Failed,
        Ok(expanded) => expanded,
        Err(outcome) => return outcome,
    };
    // A failed or interrupted export leaves no file, and the file it would replace as it was.
    let staging = Staging::new();
    let cannot_write = |e: io::Error| format!("cannot write {}: {e}", args.output.display());
    let exported = export(&args, &flags, &inputs, &staging)
        .and_then(|written| staging.commit().map_err(cannot_write).map(|()| written));
    match exported {
        Ok(written) => {
            eprintln!(
                "exported {} games ({} rows of {}) from {} files to {}",
                written.games,
                written.rows,
                args.table.as_str(),
                inputs.len(),
                args.output.display()
            );
            Outcome::Clean
        }
        Err(message) => {
            eprintln!("error: {message}");
            Outcome::Failed
        }
    }
}

/// Writes every input's rows to the output, staged; the error says what failed.
fn export(
    args: &ExportArgs,
    flags: &Flags,
    inputs: &[Input],
    staging: &Staging,
) -> Result<Written, String> {
    let path = &args.output;
    let file = staging
        .create(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let cannot_write = |e: io::Error| format!("cannot write {}: {e}", path.display());
    let writer = Writer::new(BufWriter::new(file), &args.table.schema()).map_err(cannot_write)?;
    let mut writer = writer.row_group_rows(args.row_group_size);
    let mut written = Written::default();
    for input in inputs {
        let lints = flags.lints_for(input.path())?;
        let settings = Settings {
            options: Options { lang: args.lang },
            lints,
            jobs: args.jobs,
            ..Settings::default()
        };
        let cannot_read = |e: io::Error| format!("cannot read {}: {e}", input.name());
        let reader = input.open().map_err(cannot_read)?;
        let mut batches: Batches = read(
            reader,
            (input.name(), written.games),
            args.table,
            &settings,
            BATCH_ROWS,
        )
        .map_err(cannot_read)?;
        for batch in batches.by_ref() {
            let batch = batch.map_err(|e| e.to_string())?;
            written.rows += batch.num_rows();
            writer.write(&batch).map_err(cannot_write)?;
        }
        if batches.games() == 0 {
            say_no_games(input);
        }
        written.games += batches.games();
    }
    writer.finish().map_err(cannot_write)?;
    Ok(written)
}
