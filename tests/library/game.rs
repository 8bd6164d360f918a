//! Game status and Zobrist hashing. Status expectations come from python-chess
//! (tests/data/status.tsv, see tests/data/ORACLE_DATA.md).

use crate::common;

use common::XorShift;
use jaque::{Game, Position, Status};

#[test]
fn incremental_hash_equals_full_hash_along_random_games() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    let mut plies = 0;
    for round in 0..400 {
        let start = Position::from_fen(starts[round % starts.len()]).unwrap();
        let mut game = Game::new(start);
        for _ in 0..80 {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]);
            plies += 1;
            assert_eq!(
                game.hash(),
                game.position().zobrist_hash(),
                "{:?}",
                game.position()
            );
        }
    }
    assert!(plies > 10_000);
}

#[test]
fn hash_ignores_clocks_and_sees_everything_else() {
    let a = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let b = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 17 40").unwrap();
    let no_castling = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").unwrap();
    let black = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
    assert_eq!(a.zobrist_hash(), b.zobrist_hash());
    assert_ne!(a.zobrist_hash(), no_castling.zobrist_hash());
    assert_ne!(a.zobrist_hash(), black.zobrist_hash());
}

#[test]
fn undo_returns_to_the_previous_position() {
    let mut game = Game::new(Position::starting());
    game.play_uci("e2e4").unwrap();
    let after_e4 = *game.position();
    game.play_uci("c7c5").unwrap();
    assert_eq!(
        game.undo().map(|m| m.uci(false).to_string()),
        Some("c7c5".to_string())
    );
    assert_eq!(*game.position(), after_e4);
    assert!(game.play_uci("e4e5").is_err(), "white cannot move twice");
    assert!(game.play_uci("e7e9").is_err());
}

fn parse_bool(text: &str) -> bool {
    match text {
        "true" => true,
        "false" => false,
        other => panic!("not a boolean: {other:?}"),
    }
}

#[test]
fn status_agrees_with_python_chess() {
    let path = common::vendored("status.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rows = 0;
    let mut seen = std::collections::HashSet::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 12, "line {}", index + 1);
        let where_ = format!("status.tsv line {}: {}", index + 1, cols[0]);
        let mut game =
            Game::new(Position::from_fen(cols[0]).unwrap_or_else(|e| panic!("{where_}: {e}")));
        for uci in cols[1].split_whitespace() {
            game.play_uci(uci)
                .unwrap_or_else(|e| panic!("{where_}: {e}"));
        }
        let p = *game.position();
        let expected: Vec<bool> = cols[2..10].iter().map(|c| parse_bool(c)).collect();
        let repetitions = game.repetitions();
        let clock = p.halfmove_clock();
        let has_moves = p.has_legal_moves();
        // python-chess's can_claim_fifty_moves: the clock has reached 100, or is at 99 and a move
        // that is neither a capture nor a pawn move would reach it.
        let resets = |m: &jaque::Move| {
            m.role() == jaque::Role::Pawn || p.by_color(!p.turn()).contains(m.to())
        };
        let can_claim_fifty = (clock >= 100 && has_moves)
            || (clock == 99 && p.legal_moves().iter().any(|m| !resets(m)));
        let got = vec![
            p.is_check(),
            p.is_checkmate(),
            p.is_stalemate(),
            p.is_insufficient_material(),
            can_claim_fifty,
            clock >= 150 && has_moves,
            repetitions >= 3,
            repetitions >= 5,
        ];
        assert_eq!(
            got, expected,
            "{where_} after {:?}: check, mate, stalemate, insufficient, fifty, seventy-five, threefold, fivefold",
            cols[1]
        );
        assert_eq!(
            p.count_legal_moves(),
            cols[10].parse::<u64>().unwrap(),
            "{where_}"
        );
        assert_eq!(p.fen(), cols[11], "{where_}");
        let status = game.status();
        seen.insert(status);
        // The status is the first rule that applies, in the order the rules rank them.
        let expected_status = if expected[1] {
            Status::Checkmate
        } else if expected[2] {
            Status::Stalemate
        } else if expected[3] {
            Status::InsufficientMaterial
        } else if expected[5] {
            Status::SeventyFiveMoves
        } else if expected[7] {
            Status::FivefoldRepetition
        } else if expected[4] && clock >= 100 {
            Status::FiftyMoves
        } else if expected[6] {
            Status::ThreefoldRepetition
        } else {
            Status::Ongoing
        };
        assert_eq!(status, expected_status, "{where_}");
        rows += 1;
    }
    assert!(rows >= 200, "{rows} rows");
    assert!(seen.len() >= 7, "statuses covered: {seen:?}");
}
