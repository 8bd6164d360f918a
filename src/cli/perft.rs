//! `jaque perft [--fen FEN] [--chess960] [--divide] DEPTH`

use super::{Outcome, position_argument};

#[derive(clap::Args)]
pub struct PerftArgs {
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
}

pub fn run(args: PerftArgs) -> Outcome {
    let position = match position_argument(args.fen.as_deref(), args.chess960) {
        Ok(position) => position,
        Err(outcome) => return outcome,
    };
    let total = if args.divide && args.depth > 0 {
        let split = jaque::perft::divide(&position, args.depth);
        for (mv, nodes) in &split {
            println!("{}: {nodes}", mv.uci(position.is_chess960()));
        }
        println!();
        split.iter().map(|(_, nodes)| nodes).sum()
    } else {
        jaque::perft::perft(&position, args.depth)
    };
    println!("{total}");
    Outcome::Clean
}
