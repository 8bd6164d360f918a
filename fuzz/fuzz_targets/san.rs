//! Any text as a SAN move, in every language, from positions with pins, checks, castling and
//! en passant: the compiler answers, and a move it accepts is legal and keeps the check flag
//! true.
#![no_main]

use jaque::Position;
use jaque::san::{Lang, parse, play};
use libfuzzer_sys::fuzz_target;

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 4",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let lang = [
        Lang::English,
        Lang::Spanish,
        Lang::German,
        Lang::French,
        Lang::Dutch,
    ][usize::from(selector) % 5];
    let _ = parse(text, lang);
    let Ok(mut position) = Position::from_fen(FENS[usize::from(selector / 5) % FENS.len()]) else {
        return;
    };
    let before = position;
    let diagnostics = match play(&mut position, text, lang) {
        Ok(played) => {
            assert!(before.legal_moves().into_iter().any(|mv| mv == played.mv));
            assert_eq!(played.check, position.is_check());
            played.diagnostics(text)
        }
        Err(error) => {
            assert_eq!(position, before, "unchanged on an error");
            vec![error.diagnostic(&before, text, lang)]
        }
    };
    for d in &diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len() + 1);
    }
});
