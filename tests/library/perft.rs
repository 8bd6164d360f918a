//! Perft against vendored expectations computed by Stockfish (`go perft`) and cross-checked
//! with python-chess (see tests/data/README.md). Deeper counts run with `--ignored`.

use crate::common;

use common::{check_perft, read_epd, vendored};
use jaque::Position;
use jaque::perft::{divide, perft};

#[test]
fn random_positions_rich_in_special_moves() {
    let cases = read_epd(&vendored("perft_random.epd"));
    assert!(cases.len() >= 300);
    let (checked, nodes) = check_perft(&cases, false, 3_000_000);
    eprintln!("{checked} counts, {nodes} nodes");
}

#[test]
fn chess960_positions() {
    let cases = read_epd(&vendored("perft_960.epd"));
    assert!(cases.len() >= 100);
    check_perft(&cases, true, 3_000_000);
}

#[test]
#[ignore = "deep: about a minute optimised; run with cargo test -- --ignored"]
fn deep_positions() {
    // Standard and Chess960 lines mixed: a castling field with file letters is Chess960.
    let (chess960, standard): (Vec<_>, Vec<_>) = read_epd(&vendored("perft_deep.epd"))
        .into_iter()
        .partition(|case| {
            case.fen
                .split(' ')
                .nth(2)
                .is_some_and(|c| c.chars().any(|l| !"KQkq-".contains(l)))
        });
    assert!(!chess960.is_empty() && !standard.is_empty());
    check_perft(&standard, false, u64::MAX);
    check_perft(&chess960, true, u64::MAX);
}

#[test]
fn published_start_position_and_kiwipete_counts() {
    // Published counts (chessprogramming.org perft results).
    let start = Position::starting();
    assert_eq!(
        [1, 2, 3, 4, 5].map(|d| perft(&start, d)),
        [20, 400, 8_902, 197_281, 4_865_609]
    );
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    assert_eq!(
        [1, 2, 3, 4].map(|d| perft(&kiwipete, d)),
        [48, 2_039, 97_862, 4_085_603]
    );
}

#[test]
fn divide_sums_to_perft_and_names_moves_in_uci() {
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let split = divide(&kiwipete, 3);
    assert_eq!(split.len(), 48);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 97_862);
    let uci: Vec<String> = split
        .iter()
        .map(|(m, _)| m.uci(false).to_string())
        .collect();
    assert!(uci.contains(&"e1g1".to_string()) && uci.contains(&"e1c1".to_string()));
    assert!(!uci.contains(&"e1h1".to_string()));
}

/// The leaves below `position` found by listing its moves and playing each: the path of
/// `Position::legal_moves` and `Position::play`, which perft's own walk does not take.
fn listed_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    let count = position.count_legal_moves();
    assert_eq!(count, moves.len() as u64, "{position:?}");
    assert_eq!(position.has_legal_moves(), count > 0, "{position:?}");
    moves
        .iter()
        .map(|&mv| listed_perft(&position.play(mv), depth - 1))
        .sum()
}

/// Listing, counting and the any-move test agree with Stockfish's counts, on every position
/// of the vendored standard and Chess960 data up to 50,000 leaves a count.
#[test]
fn listed_moves_walk_to_the_published_counts() {
    let mut checked = 0;
    for (file, chess960) in [("perft_random.epd", false), ("perft_960.epd", true)] {
        for case in read_epd(&vendored(file)) {
            let position = Position::from_fen_with(&case.fen, chess960).unwrap();
            for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= 50_000) {
                let got = listed_perft(&position, depth);
                assert_eq!(got, expected, "line {}: {} D{depth}", case.line, case.fen);
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}
