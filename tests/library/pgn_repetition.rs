//! 253 games made with python-chess (`tools/gen/gen_repetition_cases.py`, seed 1009, CC0) that end
//! in long runs of reversible moves: the start position three and five times, castling rights
//! lost and castling inside the run, an en-passant square at its start, Chess960 starts, and
//! random shuffles that undo the mover's last move more often than not. The checker counts
//! repetitions by taking the run's moves back from the last position; python-chess's status
//! of each final position is the oracle.

use crate::common;

use common::{checked_with_expectations, contract_status};
use jaque::Status;
use pretty_assertions::assert_eq;

#[test]
fn repetitions_are_counted_as_python_chess_counts_them() {
    let (reports, _, expected) = checked_with_expectations("repetition");
    let mut statuses = std::collections::BTreeMap::new();
    for (report, want) in reports.iter().zip(&expected) {
        let status = match report.status {
            Some(Status::FivefoldRepetition) => "fivefold",
            Some(status) => contract_status(status),
            None => "none",
        };
        let got = (
            report.plies as u64,
            report.final_position.map(|p| p.fen()),
            status.to_string(),
            report.diagnostics.len(),
        );
        let wanted = (
            want["plies"].as_u64().unwrap_or(u64::MAX),
            want["final_fen"].as_str().map(str::to_string),
            want["status"].as_str().unwrap_or_default().to_string(),
            0,
        );
        assert_eq!(got, wanted, "game {} ({})", want["game"], want["kind"]);
        *statuses.entry(status).or_insert(0) += 1;
    }
    // Both counts that matter are exercised, and positions that do not repeat too.
    for status in ["threefold", "fivefold", "ongoing"] {
        assert!(
            statuses.get(status).is_some_and(|&n| n >= 20),
            "{statuses:?}"
        );
    }
}
