//! The `jaque` command-line tool. Its interface is fixed by the project's CLI contract.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use jaque::Position;

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
    /// Count the leaf nodes of the legal move tree (the last line is the count alone).
    Perft {
        /// The position (default: the starting position).
        #[arg(long)]
        fen: Option<String>,
        /// Chess960 castling rules.
        #[arg(long)]
        chess960: bool,
        /// Print `uci: count` for each root move first.
        #[arg(long)]
        divide: bool,
        /// Plies to search.
        depth: u32,
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
        Command::Perft {
            fen,
            chess960,
            divide,
            depth,
        } => perft(fen.as_deref(), chess960, divide, depth),
    }
}

fn perft(fen: Option<&str>, chess960: bool, divide: bool, depth: u32) -> ExitCode {
    let position = match fen {
        Some(fen) => match Position::from_fen_with(fen, chess960) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("error[bad_fen]: {error}\n  --> --fen {fen:?}");
                return ExitCode::from(2);
            }
        },
        None if chess960 => Position::from_fen_960(STANDARD_START).unwrap_or_default(),
        None => Position::starting(),
    };
    let total = if divide && depth > 0 {
        let split = jaque::perft::divide(&position, depth);
        for (mv, nodes) in &split {
            println!("{}: {nodes}", mv.uci(position.is_chess960()));
        }
        println!();
        split.iter().map(|(_, nodes)| nodes).sum()
    } else {
        jaque::perft::perft(&position, depth)
    };
    println!("{total}");
    ExitCode::SUCCESS
}

const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
