//! The `jaque` binary as users and scripts run it (the interface the contract fixes).

use std::process::{Command, Output};

fn jaque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(args)
        .output()
        .expect("jaque runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let output = jaque(&["perft", "4"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().last(), Some("197281"));
}

#[test]
fn perft_divide_prints_uci_and_count_per_root_move() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = jaque(&["perft", "--fen", kiwipete, "--divide", "2"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"2039"));
    let split: Vec<(&str, u64)> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, n)| (m, n.parse().unwrap()))
        .collect();
    assert_eq!(split.len(), 48);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 2039);
    // Standard chess writes castling as the king's two-square move.
    assert!(split.iter().any(|&(m, _)| m == "e1g1") && split.iter().any(|&(m, _)| m == "e1c1"));
}

#[test]
fn perft_chess960_writes_castling_as_king_takes_rook() {
    // King g1, rook h1: O-O leaves the king where it is. python-chess (chess960=True) lists
    // 12 moves, castling as g1h1.
    let fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
    let output = jaque(&["perft", "--chess960", "--fen", fen, "--divide", "1"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    assert_eq!(text.lines().last(), Some("12"));
    assert!(text.lines().any(|l| l == "g1h1: 1"), "{text}");
}

#[test]
fn perft_with_a_bad_fen_exits_2_naming_field_and_reason() {
    let output = jaque(&["perft", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1", "1"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("bad_fen") && stderr.contains("black has 0 kings"),
        "{stderr}"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn bad_arguments_exit_2() {
    assert_eq!(jaque(&["perft"]).status.code(), Some(2));
    assert_eq!(jaque(&["perft", "deep"]).status.code(), Some(2));
    assert_eq!(jaque(&["no-such-command"]).status.code(), Some(2));
}
