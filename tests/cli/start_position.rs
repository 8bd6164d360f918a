//! Where a game starts, through the binary: a bad FEN is one error whose caret is on the
//! field that is wrong, in a `[FEN]` tag and in a `--fen` argument alike; a FEN tag without
//! `[SetUp "1"]` is flagged, and `fix` and `fmt` add the tag. The fields are the FEN
//! standard's six (PGN standard, section 16.1); python-chess 1.11.2 refuses each FEN below
//! for the same field (`Board.status()`: `STATUS_INVALID_EP_SQUARE` for the en passant
//! case, `STATUS_BAD_CASTLING_RIGHTS` for the castling one; a `ValueError` naming the
//! part for the others).

use crate::common;
use serde_json::Value;

/// Bad FENs, each with the text the caret must cover and which occurrence of it (counted
/// from 0) in the FEN.
const BAD: [(&str, &str, usize); 9] = [
    // The board: a character that is no piece, a rank of seven squares, no king at all.
    (
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "9",
        0,
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "RNBQKBN",
        0,
    ),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8", 0),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "x",
        0,
    ),
    // The black king has moved: no `k` right.
    (
        "rn1q1bnr/ppp1kB1p/3p2p1/4N3/4P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 1 7",
        "KQkq",
        0,
    ),
    // White to move: an en passant square is on rank 6.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
        "e4",
        0,
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - h 1",
        "h",
        0,
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
        "x",
        0,
    ),
    // Three fields: which one is missing cannot be told, so the whole FEN.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        0,
    ),
];

/// The byte range of the `nth` occurrence of `part` in `fen`.
fn occurrence(fen: &str, part: &str, nth: usize) -> std::ops::Range<usize> {
    let start = fen
        .match_indices(part)
        .nth(nth)
        .map(|(at, _)| at)
        .expect("the part is in the FEN");
    start..start + part.len()
}

fn json_lines(output: &std::process::Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect()
}

const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n";

/// A game from `fen`, its FEN tag on line 9.
fn game(fen: &str) -> String {
    format!("{ROSTER}[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. e4 e5 *\n")
}

#[test]
fn a_bad_fen_tag_is_one_error_on_the_field_that_is_wrong() {
    // `[FEN "` is six characters: the value starts at column 7 of line 9.
    for (fen, part, nth) in BAD {
        let output = common::run_jaque(None, &["check", "--json", "-"], Some(game(fen).as_bytes()));
        assert_eq!(output.status.code(), Some(1), "{fen}");
        let lines = json_lines(&output);
        let diagnostics = lines[0]["diagnostics"].as_array().expect("diagnostics");
        assert_eq!(diagnostics.len(), 1, "one error for {fen}: {diagnostics:?}");
        let d = &diagnostics[0];
        let field = occurrence(fen, part, nth);
        assert_eq!(
            (
                d["code"].as_str(),
                d["line"].as_u64(),
                d["end_line"].as_u64()
            ),
            (Some("bad_fen"), Some(9), Some(9)),
            "{fen}"
        );
        assert_eq!(
            (d["column"].as_u64(), d["end_column"].as_u64()),
            (Some(7 + field.start as u64), Some(7 + field.end as u64)),
            "{fen}: the caret on {part:?}"
        );
        assert_eq!(lines[1]["summary"]["errors"], 1, "{fen}");
    }
    // In the human form, the moves left unchecked are said in the error's help.
    let fen = BAD[3].0;
    let output = common::run_jaque(None, &["check", "-"], Some(game(fen).as_bytes()));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("= help: the game's 2 moves are not checked"),
        "{text}"
    );
    assert!(!text.contains("error[syntax]"), "{text}");
    let caret = format!("  | {}^ the side to move field is wrong\n", " ".repeat(50));
    assert!(text.contains(&caret), "{text}");
}

#[test]
fn a_bad_fen_argument_points_at_the_field_that_is_wrong() {
    for (fen, part, nth) in BAD {
        let field = occurrence(fen, part, nth);
        let location = format!(" --> --fen:1:{}\n", field.start + 1);
        let caret = format!(
            "1 | {fen}\n  | {}{}",
            " ".repeat(field.start),
            "^".repeat(field.len())
        );
        for args in [
            vec!["san", "--fen", fen, "e4"],
            vec!["perft", "--fen", fen, "1"],
            vec!["play", "--fen", fen],
            vec!["select", "--fen", fen],
        ] {
            let output = common::run_jaque(None, &args, Some(b""));
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let text = String::from_utf8_lossy(&output.stderr);
            assert!(text.contains(&location), "{args:?}: {text}");
            assert!(text.contains(&caret), "{args:?}: {text}");
            if args[0] != "select" {
                assert!(text.starts_with("error[bad_fen]: bad FEN: "), "{text}");
            }
        }
    }
    // A case of `san --batch`: the column of the field on its line.
    let cases: String = BAD
        .iter()
        .map(|(fen, _, _)| format!("{fen}\te4\n"))
        .collect();
    let output = common::run_jaque(
        None,
        &["san", "--json", "--batch", "-"],
        Some(cases.as_bytes()),
    );
    for (line, (fen, part, nth)) in json_lines(&output).iter().zip(BAD) {
        let d = &line["diagnostics"][0];
        assert_eq!(d["code"], "bad_fen", "{fen}");
        let column = occurrence(fen, part, nth).start as u64 + 1;
        assert_eq!(d["column"].as_u64(), Some(column), "{fen}");
    }
}

const WITHOUT_SETUP: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\
    [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n";

/// `WITHOUT_SETUP` as the standard has it (section 9.7.1), the tag where python-chess's
/// `Game.setup` writes it: after the FEN tag.
const WITH_SETUP: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\
    [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O *\n";

#[test]
fn a_fen_tag_without_setup_is_flagged_and_fixed() {
    let output = common::run_jaque(
        None,
        &["check", "--json", "-"],
        Some(WITHOUT_SETUP.as_bytes()),
    );
    assert_eq!(output.status.code(), Some(0), "a warning");
    let lines = json_lines(&output);
    let diagnostics = lines[0]["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    assert_eq!(
        (
            d["code"].as_str(),
            d["severity"].as_str(),
            d["line"].as_u64()
        ),
        (Some("missing_tag"), Some("warning"), Some(8))
    );
    let suggestion = &d["suggestions"][0];
    assert_eq!(suggestion["applicability"], "machine_applicable");
    assert_eq!(suggestion["replacement"], "\n[SetUp \"1\"]");

    // `fix` inserts it; the file is then clean.
    let dir = common::scratch("setup_fix");
    let path = dir.join("game.pgn");
    std::fs::write(&path, WITHOUT_SETUP).expect("writable");
    let fixed = common::run_jaque(Some(&dir), &["fix", "game.pgn"], None);
    assert_eq!(fixed.status.code(), Some(0), "{fixed:?}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), WITH_SETUP);
    let clean = common::run_jaque(Some(&dir), &["check", "--json", "game.pgn"], None);
    assert_eq!(json_lines(&clean)[0]["diagnostics"], serde_json::json!([]));

    // `fmt` writes it too (tags after the roster in ASCII order: FEN, then SetUp).
    let formatted = common::run_jaque(None, &["fmt", "-"], Some(WITHOUT_SETUP.as_bytes()));
    assert_eq!(String::from_utf8_lossy(&formatted.stdout), WITH_SETUP);

    // Another value than 1 is set to 1.
    let zero = WITH_SETUP.replace("[SetUp \"1\"]", "[SetUp \"0\"]");
    let output = common::run_jaque(None, &["fix", "-"], Some(zero.as_bytes()));
    assert_eq!(String::from_utf8_lossy(&output.stdout), WITH_SETUP);
    // A FEN tag sharing its line: the tag goes after it on that line.
    let shared = WITHOUT_SETUP.replace("\n[FEN", " [FEN");
    let output = common::run_jaque(None, &["fix", "-"], Some(shared.as_bytes()));
    let expected = shared.replace("0 1\"]", "0 1\"] [SetUp \"1\"]");
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    // A game from the standard position, without a FEN tag, needs no SetUp tag.
    let plain = format!("{ROSTER}\n1. e4 *\n");
    let output = common::run_jaque(None, &["check", "--json", "-"], Some(plain.as_bytes()));
    assert_eq!(json_lines(&output)[0]["diagnostics"], serde_json::json!([]));
}
