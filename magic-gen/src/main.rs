//! `magic-gen [--seed N] [--format table|rust|json]`: prints the tables `build.rs` would
//! generate for a seed, so that magics can be inspected and diffed across seeds.

use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "\
usage: magic-gen [--seed N] [--format table|rust|json]

Searches jaque's rook and bishop magics from a seed, verifies every blocker subset, and prints:
  table  one line per square and slider: square, slider, mask bits, shift, magic, offset (default)
  rust   exactly the file build.rs writes into OUT_DIR
  json   one document with every magic and table_entries

The seed is --seed N (decimal or 0x hex), else $JAQUE_MAGIC_SEED, else the default seed.";

enum Format {
    Table,
    Rust,
    Json,
}

fn parse_args() -> Result<(u64, Format), String> {
    let mut seed = None;
    let mut format = Format::Table;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) => (flag.to_string(), Some(value.to_string())),
            None => (arg.clone(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or(format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--seed" => seed = Some(magic_gen::parse_seed(&value()?)?),
            "--format" => {
                format = match value()?.as_str() {
                    "table" => Format::Table,
                    "rust" => Format::Rust,
                    "json" => Format::Json,
                    other => return Err(format!("unknown format {other:?}")),
                }
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            "-V" | "--version" => {
                println!("{}", magic_gen::GENERATOR);
                std::process::exit(0);
            }
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    let seed = match seed {
        Some(seed) => seed,
        None => magic_gen::seed_from_env()?,
    };
    Ok((seed, format))
}

fn main() -> ExitCode {
    let (seed, format) = match parse_args() {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("magic-gen: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let tables = match magic_gen::Tables::generate(seed) {
        Ok(tables) => tables,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    if let Err((slider, square, occupied)) = tables.verify() {
        eprintln!(
            "magic-gen: {} table wrong on {} for occupancy 0x{occupied:016x}",
            slider.name(),
            magic_gen::geometry::square_name(square)
        );
        return ExitCode::FAILURE;
    }
    let text = match format {
        Format::Table => magic_gen::emit::table(&tables),
        Format::Rust => magic_gen::emit::rust(&tables),
        Format::Json => magic_gen::emit::json(&tables),
    };
    // A closed pipe (`magic-gen | head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
