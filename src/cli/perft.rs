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
    /// One JSON object: `{"fen", "depth", "nodes"}`, with `"divide": {uci: count}`.
    #[arg(long)]
    json: bool,
    /// Plies to search.
    depth: u32,
}

pub fn run(args: PerftArgs, color: super::color::ColorChoice) -> Outcome {
    let position = match position_argument(args.fen.as_deref(), args.chess960, color) {
        Ok(position) => position,
        Err(outcome) => return outcome,
    };
    let chess960 = position.is_chess960();
    if !(args.divide && args.depth > 0) {
        let total = jaque::perft::perft(&position, args.depth);
        match args.json {
            true => println!("{}", json(&position, args.depth, total, None)),
            false => println!("{total}"),
        }
        return Outcome::Clean;
    }
    let split: Vec<(String, u64)> = (jaque::perft::divide(&position, args.depth).into_iter())
        .map(|(mv, nodes)| (mv.uci(chess960).to_string(), nodes))
        .collect();
    let total = split.iter().map(|(_, nodes)| nodes).sum();
    if args.json {
        println!("{}", json(&position, args.depth, total, Some(&split)));
        return Outcome::Clean;
    }
    for (uci, nodes) in &split {
        println!("{uci}: {nodes}");
    }
    println!("\n{total}");
    Outcome::Clean
}

/// The `--json` object.
fn json(
    position: &jaque::Position,
    depth: u32,
    nodes: u64,
    divide: Option<&[(String, u64)]>,
) -> serde_json::Value {
    let mut object = serde_json::json!({"fen": position.fen(), "depth": depth, "nodes": nodes});
    if let Some(split) = divide {
        let split = split.iter().map(|(uci, n)| (uci.clone(), (*n).into()));
        object["divide"] = serde_json::Value::Object(split.collect());
    }
    object
}
