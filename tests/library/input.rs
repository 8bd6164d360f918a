//! `jaque::input`: games checked on several threads come back in input order, the same as
//! one checker gives them; a read error comes after the games read before it.

use std::io::Read;

use jaque::input::{GameBatches, Settings, records};
use jaque::pgn::{Checker, Options, Splitter};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");

fn vendored(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DATA}/{name}")).expect("vendored PGN")
}

/// (index, line, plies, final FEN, diagnostic codes) of each game.
type Summary = (usize, usize, usize, Option<String>, Vec<&'static str>);

fn summary(record: &jaque::pgn::GameRecord) -> Summary {
    let report = record.report();
    let codes = report
        .diagnostics
        .iter()
        .map(|d| d.diagnostic.code.as_str());
    let fen = report.final_position.map(|p| p.fen());
    (
        report.index,
        report.line,
        report.plies,
        fen,
        codes.collect(),
    )
}

#[test]
fn games_come_back_in_input_order_whatever_the_threads_and_batches() {
    // generated.pgn ends inside a comment that never closes: it comes last.
    let text = [vendored("variations.pgn"), vendored("generated.pgn")].concat();
    let mut checker = Checker::new(Options::default());
    let expected: Vec<Summary> = Splitter::new(&text[..])
        .map(|game| summary(&checker.record(&game.expect("in memory"))))
        .collect();
    assert_eq!(expected.len(), 450);
    for (jobs, batch_games) in [(1, 1024), (2, 7), (3, 1), (8, 64)] {
        let settings = Settings {
            jobs: Some(jobs),
            batch_games,
            ..Settings::default()
        };
        let reader = Box::new(std::io::Cursor::new(text.clone()));
        let got: Vec<Summary> = records(reader, settings)
            .expect("threads start")
            .map(|record| summary(&record.expect("in memory")))
            .collect();
        assert_eq!(got, expected, "jobs {jobs}, batches of {batch_games}");
    }
}

#[test]
fn a_truncated_stream_gives_its_whole_games_then_the_error() {
    let whole = vendored("first20.pgn.zst");
    let mut text = Vec::new();
    jaque::input::decompressed(std::io::Cursor::new(whole.clone()))
        .and_then(|mut reader| reader.read_to_end(&mut text))
        .expect("the whole file decodes");
    let all = Splitter::new(&text[..]).count();
    let cut = whole[..whole.len() / 2].to_vec();
    let reader = jaque::input::decompressed(std::io::Cursor::new(cut)).expect("zstd starts");
    let settings = Settings {
        batch_games: 3,
        ..Settings::default()
    };
    let results: Vec<_> = records(reader, settings).expect("threads start").collect();
    let read = results.iter().take_while(|result| result.is_ok()).count();
    assert!(
        0 < read && read < all,
        "{read} of {all} games before the error"
    );
    assert_eq!(results.len(), read + 1, "one error, last");
}

#[test]
fn binary_input_is_refused_from_its_first_buffer_not_its_first_bytes() {
    let mut bytes = b"abcd\0".to_vec();
    bytes.extend((0..4000u32).map(|i| (i.wrapping_mul(2654435761) >> 24) as u8));
    let reader = jaque::input::decompressed(std::io::Cursor::new(bytes)).expect("no magic");
    let first = records(reader, Settings::default())
        .expect("threads start")
        .next();
    let error = first.expect("an item").expect_err("binary is refused");
    assert!(error.to_string().contains("not text"), "{error}");
}

#[test]
fn batches_hold_each_game_once_in_order_then_the_read_error() {
    let whole = vendored("first20.pgn.zst");
    let cut = whole[..whole.len() / 2].to_vec();
    let open = || jaque::input::decompressed(std::io::Cursor::new(cut.clone())).expect("zstd");
    let games: Vec<_> = Splitter::new(open()).collect();
    let read: Vec<usize> = games
        .iter()
        .map_while(|g| g.as_ref().ok())
        .map(|g| g.index)
        .collect();
    assert!(
        games.last().is_some_and(Result::is_err),
        "the cut stream fails"
    );
    for (batch_games, batch_bytes) in [(3, 1 << 20), (1024, 1), (1024, 0), (0, 1 << 20)] {
        let settings = Settings {
            batch_games,
            batch_bytes,
            ..Settings::default()
        };
        let batches: Vec<_> = GameBatches::new(open(), &settings).collect();
        let (last, whole) = batches.split_last().expect("some batches");
        assert!(last.is_err(), "the error comes last");
        let whole: Vec<_> = whole.iter().map(|b| b.as_ref().expect("games")).collect();
        let largest = if batch_bytes <= 1 {
            1
        } else {
            batch_games.max(1)
        };
        assert!(whole.iter().all(|b| (1..=largest).contains(&b.len())));
        let indices: Vec<usize> = whole
            .iter()
            .flat_map(|b| b.iter().map(|g| g.index))
            .collect();
        assert_eq!(
            indices, read,
            "batches of {batch_games} games, {batch_bytes} bytes"
        );
    }
}
