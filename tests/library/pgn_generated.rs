//! 300 games made with python-chess (`tools/gen/gen_pgn_cases.py`, seed 5150, CC0): valid games
//! with comments, NAGs and nested variations, FEN starts, and games with one planted problem
//! (illegal, ambiguous, wrong check mark, wrong result, garbage, an illegal move inside a
//! variation, an unterminated comment). The expectations were written by the generator and
//! re-verified against python-chess re-reading the file; jaque must find exactly those.

use crate::common;

use common::{checked_with_expectations, contract_status};
use pretty_assertions::assert_eq;

type Outcome = (
    usize,
    Option<String>,
    Option<String>,
    Vec<(String, Option<u64>, Option<String>)>,
);

#[test]
fn generated_games_give_exactly_the_planted_diagnostics() {
    let (reports, _, expected) = checked_with_expectations("generated");

    let mut categories = std::collections::BTreeMap::new();
    for (report, want) in reports.iter().zip(&expected) {
        let got: Outcome = (
            report.plies,
            report.final_position.map(|p| p.fen()),
            report.status.map(|s| contract_status(s).to_string()),
            report
                .diagnostics
                .iter()
                .map(|d| {
                    (
                        d.diagnostic.code.as_str().to_string(),
                        d.ply.map(|p| p as u64),
                        d.san.clone(),
                    )
                })
                .collect(),
        );
        let wanted: Outcome = (
            want["plies"].as_u64().unwrap_or(u64::MAX) as usize,
            want["final_fen"].as_str().map(str::to_string),
            want["status"].as_str().map(str::to_string),
            want["diagnostics"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|d| {
                    (
                        d["code"].as_str().unwrap_or_default().to_string(),
                        d["ply"].as_u64(),
                        d["san"].as_str().map(str::to_string),
                    )
                })
                .collect(),
        );
        assert_eq!(got, wanted, "game {} ({})", want["game"], want["category"]);
        let category = want["category"].as_str().unwrap_or_default();
        let kind = category.split(':').next().unwrap_or_default().to_string();
        *categories.entry(kind).or_insert(0) += 1;
    }
    // The file covers every class it was made for.
    for kind in [
        "valid",
        "illegal_move",
        "ambiguous_move",
        "check_annotation",
        "result_mismatch",
        "syntax",
        "variation_illegal",
        "unterminated",
    ] {
        assert!(
            categories.keys().any(|k| k.starts_with(kind)),
            "{kind}: {categories:?}"
        );
    }
}
