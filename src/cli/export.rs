//! `jaque export [FILE...] -o OUT.parquet [--table games|moves|positions]`: the games as a
//! Parquet table, with the schemas of the Python package's Arrow tables, streamed batch by
//! batch: memory does not grow with the input. With `--partition-bits`, the positions table
//! as a directory of files partitioned by key ([`Dataset`]), with a row for each game's final
//! position: what a tree of positions counts, for DuckDB or Spark to count it.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use jaque::input::Settings;
use jaque::pgn::Options;
use jaque::san::Lang;
use jaque::table::parquet::{Dataset, PartitionBits, Writer};
use jaque::table::{Batch, Batches, Ends, Table, read_with_ends};

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
    /// The Parquet file to write (replaced once the export is complete), or with
    /// --partition-bits the directory.
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
    /// Rows a Parquet row group at least (default 1,048,576): each is closed after the batch
    /// of games that reaches it. With --partition-bits, the rows held for all the files
    /// together at most (default 131,072).
    #[arg(long, value_name = "ROWS")]
    row_group_size: Option<usize>,
    /// Threads checking games (default: all cores). Rows stay in input order.
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// Writes the positions table as a directory OUT of Parquet files partitioned by the
    /// top BITS bits (0 to 16) of each row's key, OUT/key_prefix=N/part-0.parquet, with a
    /// row more a game for its final position (its uci null). --row-group-size is then the
    /// rows held for all the files together at most.
    #[arg(long, value_name = "BITS", value_parser = parse_partition_bits)]
    partition_bits: Option<PartitionBits>,
}

fn parse_partition_bits(text: &str) -> Result<PartitionBits, String> {
    let most = PartitionBits::MAX;
    let bits = text.parse::<u8>().ok().and_then(PartitionBits::new);
    bits.ok_or_else(|| format!("not a number of bits from 0 to {most}"))
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
                 castling, en passant, clocks; the move, the position's key, the game's \
                 result and ratings"
            }
        };
        PossibleValue::new(table.as_str()).help(rows)
    });
    PossibleValuesParser::new(values).try_map(|name| name.parse::<Table>())
}

/// Rows a row group of a file at least, unless said (parquet-rs's default).
const ROW_GROUP_ROWS: usize = 1 << 20;
/// Rows held for the files of a dataset together, unless said: fewer than a file's row
/// group, since a row held costs its values with their dictionary indices and entries in
/// each of some twenty columns, and each file of a dataset keeps dictionaries of its own.
const DATASET_HELD_ROWS: usize = 1 << 17;

/// Games a batch of the games table at most.
const BATCH_ROWS: usize = 65536;

/// What was written.
#[derive(Default)]
struct Written {
    games: usize,
    rows: usize,
}

pub fn run(args: ExportArgs, flags: Flags) -> Outcome {
    if args.partition_bits.is_some() && args.table != Table::Positions {
        eprintln!("error: --partition-bits partitions the positions table: add --table positions");
        return Outcome::Failed;
    }
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

/// Where the rows go: a file, or a partitioned dataset.
enum Sink {
    File(Writer<BufWriter<File>>),
    Dataset(Dataset),
}

impl Sink {
    /// The output of `args`, staged.
    fn create(args: &ExportArgs, staging: &Staging) -> io::Result<Sink> {
        let (path, schema) = (&args.output, args.table.schema());
        if let Some(bits) = args.partition_bits {
            let dir = staging.create_dir(path)?;
            let held = args.row_group_size.unwrap_or(DATASET_HELD_ROWS);
            let dataset = Dataset::new(&dir, bits, &schema, held)?;
            return Ok(Sink::Dataset(dataset));
        }
        let writer = Writer::new(BufWriter::new(staging.create(path)?), &schema)?;
        let rows = args.row_group_size.unwrap_or(ROW_GROUP_ROWS);
        Ok(Sink::File(writer.row_group_rows(rows)))
    }

    fn write(&mut self, batch: &Batch) -> io::Result<()> {
        match self {
            Sink::File(writer) => writer.write(batch),
            Sink::Dataset(dataset) => dataset.write(batch),
        }
    }

    fn finish(self) -> io::Result<()> {
        match self {
            Sink::File(writer) => writer.finish().map(drop),
            Sink::Dataset(dataset) => dataset.finish().map(drop),
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
    let path: &Path = &args.output;
    let cannot_write = |e: io::Error| format!("cannot write {}: {e}", path.display());
    let mut sink = Sink::create(args, staging).map_err(cannot_write)?;
    let ends = match args.partition_bits {
        Some(_) => Ends::Included,
        None => Ends::Omitted,
    };
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
        let mut batches: Batches = read_with_ends(
            reader,
            (input.name(), written.games),
            (args.table, ends),
            &settings,
            BATCH_ROWS,
        )
        .map_err(cannot_read)?;
        for batch in batches.by_ref() {
            let batch = batch.map_err(|e| e.to_string())?;
            written.rows += batch.num_rows();
            sink.write(&batch).map_err(cannot_write)?;
        }
        if batches.games() == 0 {
            say_no_games(input);
        }
        written.games += batches.games();
    }
    sink.finish().map_err(cannot_write)?;
    Ok(written)
}
