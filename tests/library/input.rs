//! `jaque::input`: games checked on several threads come back in input order, the same as
//! one checker gives them; a read error comes after the games read before it.

use std::io::Read;

use jaque::input::{Settings, records};
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
