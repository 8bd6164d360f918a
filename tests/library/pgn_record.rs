//! The game record against python-chess: for every game of four vendored files that both read
//! without an error, every line of play (as the UCI moves from the game's start to the line's
//! end) and the position after every mainline move. The expectations were written by
//! python-chess 1.11.2 (`tools/gen/gen_record_oracle.py`, `tests/data/pgn/record.expect.jsonl`);
//! `variations.pgn` is self-made for it (nested variations, FEN and Chess960 starts).

use crate::common;

use std::collections::BTreeMap;

use common::{lines_of_play, vendored};
use jaque::pgn::{Checker, GameRecord, Mainline, Options, Splitter, Verdict};
use pretty_assertions::assert_eq;
use serde_json::Value;

fn records(file: &str) -> Vec<GameRecord> {
    let pgn = std::fs::read(vendored(&format!("pgn/{file}"))).expect("vendored PGN");
    let mut checker = Checker::new(Options::default());
    Splitter::new(&pgn[..])
        .map(|game| checker.record(&game.expect("in memory")))
        .collect()
}

#[test]
fn records_give_python_chess_lines_of_play_and_positions() {
    let text = std::fs::read_to_string(vendored("pgn/record.expect.jsonl")).expect("vendored");
    let mut expected = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"));
    let header = expected.next().expect("header");
    let mut by_file: BTreeMap<String, Vec<GameRecord>> = BTreeMap::new();
    let (mut games, mut variations, mut positions) = (0, 0, 0);
    for want in expected {
        let file = want["file"].as_str().expect("file").to_string();
        let records = by_file
            .entry(file.clone())
            .or_insert_with(|| records(&file));
        let index = want["game"].as_u64().expect("game") as usize;
        let record = &records[index];
        let at = format!("{file} game {index}");
        assert_eq!(record.report().count(jaque::Severity::Error), 0, "{at}");
        let wanted: Vec<Vec<String>> =
            serde_json::from_value(want["lines"].clone()).expect("lines");
        assert_eq!(lines_of_play(record), wanted, "{at}: lines of play");
        let fens: Vec<String> = record
            .moves()
            .iter()
            .enumerate()
            .filter(|(_, m)| m.line == 0)
            .map(|(i, _)| record.position_after(i).expect("played").fen())
            .collect();
        let wanted: Vec<String> = serde_json::from_value(want["fens"].clone()).expect("fens");
        assert_eq!(fens, wanted, "{at}: positions after the mainline moves");
        games += 1;
        variations += wanted_lines(&want) - 1;
        positions += fens.len();
    }
    // Every file and game the oracle wrote was compared, with many variations among them.
    let included: u64 = header["files"]
        .as_object()
        .expect("files")
        .values()
        .map(|f| f["included"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(games as u64, included);
    assert!(
        variations > 2_000 && positions > 30_000,
        "{variations} {positions}"
    );
}

fn wanted_lines(want: &Value) -> usize {
    want["lines"].as_array().map_or(0, Vec::len)
}

/// The position before each move is the one after the move it follows, and the record's
/// export SAN of each played move, read again from there, is the same move.
#[test]
fn record_positions_and_san_agree_with_each_other() {
    for record in records("variations.pgn") {
        for (i, m) in record.moves().iter().enumerate() {
            let Verdict::Played(mv) = m.verdict else {
                continue;
            };
            let before = record.position_before(i).expect("played from a position");
            assert_eq!(before.turn(), m.color);
            assert_eq!(before.fullmove_number(), m.number);
            let resolved = jaque::san::resolve(&before, &m.san, jaque::san::Lang::English)
                .expect("export SAN resolves");
            assert_eq!(resolved.mv, mv);
            assert!(resolved.warnings.is_empty(), "{}", m.san);
            assert_eq!((resolved.check, resolved.mate), (m.check, m.mate));
            assert_eq!(Some(resolved.after), record.position_after(i));
        }
    }
}

/// [`Checker::check_mainline`], the games table's cheap path, keeps what the record's
/// mainline has (export SAN, UCI, the result) and reports as the record does, on files with
/// errors, null moves, variations, Chess960 and FEN starts.
#[test]
fn the_mainline_alone_is_the_records_mainline() {
    let files = [
        "variations.pgn",
        "generated.pgn",
        "fix_input.pgn",
        "repetition.pgn",
    ];
    let (mut games, mut moves) = (0, 0);
    for file in files {
        let pgn = std::fs::read(vendored(&format!("pgn/{file}"))).expect("vendored PGN");
        let (mut checker, mut mainline) = (Checker::default(), Mainline::default());
        for (index, record) in records(file).iter().enumerate() {
            let game = Splitter::new(&pgn[..]).nth(index).expect("a game");
            let report = checker.check_mainline(&game.expect("in memory"), &mut mainline);
            let at = format!("{file} game {index}");
            assert_eq!(
                format!("{report:?}"),
                format!("{:?}", record.report()),
                "{at}"
            );
            let chess960 = report.start_position.is_some_and(|p| p.is_chess960());
            let wanted: Vec<(String, String)> = (record.mainline())
                .map(|(_, m)| match m.verdict {
                    Verdict::Played(mv) => (m.san.to_string(), mv.uci(chess960).to_string()),
                    _ => (m.san.to_string(), "0000".to_string()),
                })
                .collect();
            let got: Vec<(String, String)> = (mainline.moves())
                .map(|(san, uci)| (san.to_string(), uci.to_string()))
                .collect();
            assert_eq!(got, wanted, "{at}");
            assert_eq!(mainline.result(&report.tags), record.result(), "{at}");
            (games, moves) = (games + 1, moves + got.len());
        }
    }
    assert!(
        games > 500 && moves > 20_000,
        "{games} games, {moves} moves"
    );
}
