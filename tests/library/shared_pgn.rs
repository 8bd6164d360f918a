//! Every game of `../shared/data/pgn/real` and `tricky` replayed and compared with
//! python-chess: the same games, the same number of mainline plies, the same final position
//! and status. The expectations were written by python-chess 1.11.2
//! (`tools/gen/gen_pgn_oracle.py`, `tests/data/pgn_oracle/`); the PGN files themselves stay in
//! `../shared` (their licences do not all allow vendoring).

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{contract_status, files_with_extension, shared_data, vendored};
use jaque::pgn::{GameReport, Options, Splitter, check_game};
use serde_json::Value;

fn check_file(path: &Path) -> Vec<GameReport> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Splitter::new(std::io::BufReader::new(file))
        .map(|game| check_game(&game.expect("readable"), &Options::default()))
        .collect()
}

/// Where jaque and python-chess read a file differently, and why jaque is right.
fn explained(file: &str) -> Option<&'static str> {
    match file {
        "pgnextract__nested-comment.jsonl" => Some(
            "comments do not nest in PGN: after the first `}` the words of the comment are \
             movetext; jaque reports them as syntax errors, python-chess skips words it cannot \
             read and plays the `--` of `--nestedcomment` as a null move",
        ),
        "pgnextract__test-checkmate.jsonl"
        | "pgnextract__test-nochecks.jsonl"
        | "pgnextract__test-stalemate.jsonl" => Some(
            "a game whose movetext starts with a comment after a blank line is one game; \
             python-chess makes a game of its tags alone and another of its moves",
        ),
        "pgnextract__eco.jsonl" => Some(
            "a comment before the first tag section (the file's own header) belongs to the \
             game after it, and is no game of its own; python-chess makes an empty game of it",
        ),
        "scalachess__uzchesscup.jsonl" => Some(
            "45 tag sections without movetext, each starting with a tag already seen: 45 \
             games; python-chess reads them as one",
        ),
        _ => None,
    }
}

#[test]
fn shared_pgn_games_replay_as_python_chess_reads_them() {
    let Some(shared) = shared_data() else { return };
    let oracle_dir = vendored("pgn_oracle");
    let mut files = 0;
    let mut games = 0;
    let mut plies = 0;
    let mut failures = Vec::new();
    let mut differences = BTreeMap::new();
    for oracle in files_with_extension(&oracle_dir, "jsonl") {
        let name = oracle
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(&oracle).expect("oracle file");
        let mut lines = text
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("JSON"));
        let header = lines.next().expect("header line");
        let expected: Vec<Value> = lines.collect();
        let source = shared
            .join("pgn")
            .join(header["source"].as_str().expect("source"));
        let reports = check_file(&source);
        files += 1;
        let mut problems = Vec::new();
        if reports.len() != expected.len() {
            problems.push(format!(
                "{} games, python-chess {}",
                reports.len(),
                expected.len()
            ));
        }
        for (report, want) in reports.iter().zip(&expected) {
            games += 1;
            plies += report.plies;
            let fen = report.final_position.map(|p| p.fen());
            let got = (
                report.plies as u64,
                fen.as_deref(),
                report.status.map(contract_status),
            );
            let wanted = (
                want["mainline_plies"].as_u64().unwrap_or(u64::MAX),
                want["final_fen"].as_str(),
                want["status"].as_str(),
            );
            if got != wanted {
                problems.push(format!(
                    "game {}: jaque {got:?}, python-chess {wanted:?}",
                    want["game"]
                ));
            }
        }
        if problems.is_empty() {
            continue;
        }
        match explained(&name) {
            Some(why) => {
                differences.insert(name, why);
            }
            None => failures.push(format!("{name}:\n  {}", problems.join("\n  "))),
        }
    }
    assert!(
        failures.is_empty(),
        "disagreements with python-chess:\n{}",
        failures.join("\n")
    );
    // Every explained difference must still occur: an explanation without a difference is
    // stale.
    for file in [
        "pgnextract__eco.jsonl",
        "pgnextract__nested-comment.jsonl",
        "pgnextract__test-checkmate.jsonl",
        "scalachess__uzchesscup.jsonl",
    ] {
        assert!(
            differences.contains_key(file),
            "{file} no longer differs: update explained()"
        );
    }
    assert!(
        files >= 50 && games >= 9800 && plies >= 650_000,
        "{files} {games} {plies}"
    );
}
