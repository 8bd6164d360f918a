//! Property tests over hostile input, from a seeded generator (the same cases every run):
//! mutated real games through the PGN reader, checker and formatter; random text through
//! the SAN compiler; mutated FENs through the FEN reader and move generation. Nothing may
//! panic, every byte and every game must be accounted for, every span must be in bounds.
//! (`fuzz/` runs the same entry points under libFuzzer for longer.)

use crate::common;

use common::{SPECIAL, XorShift as Rng, mutate, read_epd, vendored, with_nul_runs};
use jaque::Code;
use jaque::Position;
use jaque::perft::perft;
use jaque::pgn::{GameReport, Options, Splitter, check_game, format_game};
use jaque::san::{Lang, play};

/// Splits, checks and formats `input`; asserts what must hold for any input at all.
fn assert_read_safely(input: &[u8], limit: usize) -> usize {
    let read: Result<Vec<_>, _> = Splitter::with_limit(input, limit).collect();
    let games = match read {
        Ok(games) => games,
        // Binary data is refused once, as a whole: that is no loss of games.
        Err(error) => {
            assert_eq!(error.kind(), std::io::ErrorKind::InvalidData, "{error}");
            assert_eq!(Splitter::new(input).count(), 1, "refused once");
            return 0;
        }
    };
    // Every byte: each game is the input's bytes at its offset (up to the limit), the
    // skipped ones are counted, and only blanks (and a BOM) lie between games.
    let mut at = 0usize;
    for game in &games {
        let offset = game.offset as usize;
        assert!(offset >= at, "games in order");
        assert!(
            input[at..offset]
                .iter()
                .all(|b| b.is_ascii_whitespace() || (at == 0 && b"\xEF\xBB\xBF".contains(b))),
            "only blanks between games"
        );
        let len = game.bytes.len();
        assert_eq!(&input[offset..offset + len], &game.bytes[..]);
        at = offset + len + game.skipped as usize;
    }
    // Past the last game, only blanks (or, in an input with no game at all, comments and
    // escape lines: no game to count).
    assert!(
        games.is_empty()
            || input[at.min(input.len())..]
                .iter()
                .all(u8::is_ascii_whitespace)
    );
    for (index, game) in games.iter().enumerate() {
        assert_eq!(game.index, index, "every game counted");
        let report = check_game(game, &Options::default());
        for d in &report.diagnostics {
            let span = &d.diagnostic.span;
            assert!(span.start <= span.end && span.end <= report.text.len().max(1));
            assert!(d.line >= game.line && d.column >= 1);
        }
        if let Ok(formatted) = format_game(game, &Options::default()) {
            let again: Vec<_> = Splitter::new(formatted.as_bytes())
                .collect::<Result<_, _>>()
                .expect("in memory");
            assert_eq!(again.len(), 1, "one game in, one out:\n{formatted}");
            let recheck = check_game(&again[0], &Options::default());
            assert_eq!((recheck.plies, recheck.moves), (report.plies, report.moves));
            assert_eq!(
                format_game(&again[0], &Options::default()).ok().as_deref(),
                Some(formatted.as_str()),
                "idempotent"
            );
        }
    }
    games.len()
}

#[test]
fn mutated_games_never_panic_and_every_byte_is_accounted_for() {
    let corpus = std::fs::read(vendored("pgn").join("generated.pgn")).expect("vendored");
    let mut rng = Rng(0x5eed_1858);
    let mut games = 0;
    for round in 0..1500 {
        // A window of a few games, mutated.
        let window = rng.window(&corpus, 500, 4000);
        let input = mutate(&mut rng, window);
        let limit = if round % 10 == 0 { 300 } else { 1 << 20 };
        games += assert_read_safely(&input, limit);
    }
    assert!(games > 4000, "{games}");
}

#[test]
fn random_bytes_never_panic_the_reader() {
    let mut rng = Rng(0xdead_beef);
    for _ in 0..200 {
        let len = rng.below(3000);
        let input: Vec<u8> = (0..len)
            .map(|_| {
                if rng.below(3) == 0 {
                    rng.next() as u8
                } else {
                    SPECIAL[rng.below(SPECIAL.len())]
                }
            })
            .collect();
        assert_read_safely(&input, 1 << 20);
    }
}

/// Whether `report` has the error of a game that is not text.
fn is_not_text(report: &GameReport) -> bool {
    (report.diagnostics.iter())
        .any(|d| d.diagnostic.code == Code::Syntax && d.diagnostic.message.contains("is not text"))
}

/// A game holding NUL bytes is not text wherever it stands (the `pgn` fuzz target found one
/// read inside its file and refused once formatted and read alone): the same properties
/// hold for vendored games with runs of NULs put in, at the splitter's two limits.
#[test]
fn games_holding_nul_bytes_are_not_text_wherever_they_stand() {
    let corpus = std::fs::read(vendored("pgn").join("variations.pgn")).expect("vendored");
    let mut rng = Rng(0x0bad_0000);
    let mut not_text = 0;
    for round in 0..600 {
        let window = rng.window(&corpus, 2000, 20_000);
        let input = with_nul_runs(&mut rng, window);
        assert_read_safely(&input, if round % 2 == 0 { 4096 } else { 1 << 20 });
        for game in Splitter::new(&input[..]).map_while(Result::ok) {
            let report = check_game(&game, &Options::default());
            let held = game.bytes.contains(&0);
            let said = is_not_text(&report);
            assert_eq!(held, said, "round {round}, game {}", game.index);
            not_text += usize::from(said);
            // Alone, the game is judged the same: refused whole, or that one error.
            let alone = match Splitter::new(&game.bytes[..]).next().expect("a game") {
                Ok(alone) => is_not_text(&check_game(&alone, &Options::default())),
                Err(_) => true,
            };
            assert_eq!(alone, held, "round {round}, game {} alone", game.index);
        }
    }
    assert!(not_text > 300, "{not_text}");
}

#[test]
fn random_text_never_panics_the_san_compiler() {
    let alphabet: Vec<char> = "KQRBNPkqrbnpabcdefgh12345678xX:×-=+#!?O0 e.p♔♕♖♗♘♙é\u{0}\u{301}"
        .chars()
        .collect();
    let positions = [
        Position::starting(),
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("Kiwipete"),
        Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").expect("position 3"),
    ];
    let mut rng = Rng(0x5a11);
    for i in 0..50_000 {
        let len = rng.below(9);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let lang = [Lang::English, Lang::Spanish, Lang::German][i % 3];
        let mut position = positions[i % positions.len()];
        if let Ok(played) = play(&mut position, &text, lang) {
            assert!(position.is_check() == played.check);
        }
    }
}

#[test]
fn mutated_fens_are_refused_or_read_into_positions_that_work() {
    let cases = read_epd(&vendored("perft_random.epd"));
    let mut rng = Rng(0xfe4);
    let mut accepted = 0;
    for i in 0..20_000 {
        let fen = &cases[i % cases.len()].fen;
        let mutated = String::from_utf8_lossy(&mutate(&mut rng, fen.as_bytes())).into_owned();
        let Ok(position) = Position::from_fen(&mutated) else {
            continue;
        };
        accepted += 1;
        // What is accepted is a position the engine can work with, and it round-trips.
        assert_eq!(
            Position::from_fen(&position.fen()),
            Ok(position),
            "{mutated}"
        );
        let _ = perft(&position, 2);
    }
    assert!(accepted > 100, "{accepted}");
}

/// Tag sections apart (a blank line and an `Event` tag between them, no movetext) are games
/// apart, however many: the splitter keeps nothing of a section to decide, and loses no tag.
#[test]
fn tag_sections_apart_are_games_apart_and_no_tag_is_lost() {
    let sections = 5_000;
    let mut text = String::new();
    for i in 0..sections {
        text.push_str(&format!("[Event \"{i}\"]\n\n[Tag{i} \"v\"]\n\n"));
    }
    text.push_str("1. e4 *\n");
    let games: Vec<_> = Splitter::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .expect("in-memory input cannot fail");
    // Each section of tags alone ends where the next `Event` tag follows a blank line; the
    // last one has the moves.
    assert_eq!(games.len(), sections);
    let count = |bytes: &[u8]| bytes.iter().filter(|&&b| b == b'[').count();
    assert!(games.iter().all(|game| count(&game.bytes) == 2));
    assert!(games[sections - 1].bytes.ends_with(b"1. e4 *"));
}
