//! `jaque export [FILE...] -o OUT.parquet [--table games|moves|positions]`: the games as a
//! Parquet table, with the schemas of the Python package's Arrow tables, streamed batch by
//! batch: memory does not grow with the input.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use jaque::input::Settings;
use jaque::pgn::Options;
use jaque::san::Lang;
use jaque::table::{Batches, Table, read};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use super::input::{Input, expand};
use super::lints::{Flags, LintArgs};
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
    #[arg(long, default_value = "games", value_parser = parse_table)]
    table: Table,
    #[command(flatten)]
    lints: LintArgs,
    /// The language of the piece letters: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
    /// Threads checking games (default: all cores). Rows stay in input order.
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
}

fn parse_table(text: &str) -> Result<Table, String> {
    text.parse()
        .map_err(|e: jaque::table::UnknownTable| e.to_string())
}

/// Rows a record batch, and so a Parquet row group's unit.
const BATCH_ROWS: usize = 65536;

/// What was written.
#[derive(Default)]
struct Written {
    games: usize,
    rows: usize,
}

pub fn run(args: ExportArgs, flags: Flags) -> Outcome {
    let (inputs, walked) = expand(&args.files, || Input::Stdin);
    if !walked {
        return Outcome::Failed;
    }
    // Written beside the output, then renamed: a failed export leaves no half file.
    let partial = partial_path(&args.output);
    match export(&args, &flags, &inputs, &partial) {
        Ok(written) => match std::fs::rename(&partial, &args.output) {
            Ok(()) => {
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
            Err(error) => fail(
                &partial,
                &format!("cannot write {}: {error}", args.output.display()),
            ),
        },
        Err(message) => fail(&partial, &message),
    }
}

fn fail(partial: &Path, message: &str) -> Outcome {
    let _ = std::fs::remove_file(partial);
    eprintln!("error: {message}");
    Outcome::Failed
}

fn partial_path(output: &Path) -> PathBuf {
    let mut name = output.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    output.with_file_name(name)
}

/// Writes every input's rows to `path`; the error says what failed.
fn export(
    args: &ExportArgs,
    flags: &Flags,
    inputs: &[Input],
    path: &Path,
) -> Result<Written, String> {
    let file = File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .build();
    let mut writer = ArrowWriter::try_new(file, args.table.schema(), Some(properties))
        .map_err(|e| e.to_string())?;
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
            let batch = batch.map_err(|e| format!("cannot read {}: {e}", input.name()))?;
            written.rows += batch.num_rows();
            writer.write(&batch).map_err(|e| e.to_string())?;
        }
        written.games += batches.games();
    }
    writer.close().map_err(|e| e.to_string())?;
    Ok(written)
}
