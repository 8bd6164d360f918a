//! The `jaque` command-line tool. Its interface is fixed by the project's CLI contract.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Checks chess games like a compiler checks code.
#[derive(Parser)]
#[command(name = "jaque", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate PGN files like a compiler: every move of every game.
    Check {
        /// PGN files (`-` for standard input); none: the built-in sample.
        files: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { files: _ } => {
            println!(
                "jaque check: the PGN checker is not built yet. This build's attack tables come \
                 from magic seed 0x{:016x} ({} slider table entries).",
                jaque::attacks::MAGIC_SEED,
                jaque::attacks::SLIDER_TABLE_ENTRIES
            );
            ExitCode::SUCCESS
        }
    }
}
