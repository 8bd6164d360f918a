//! `pgn::format_game` (and so `jaque fmt`): export format as python-chess writes it, never a
//! changed move, idempotent, lines under 80 characters, games with errors left alone.
//!
//! Oracle: `tools/gen/gen_fmt_cases.py` (python-chess 1.11.2, CC0) writes 120 random games
//! sloppily (`tests/data/pgn/fmt_input.pgn`) and as python-chess exports them
//! (`tests/data/pgn/fmt_expected.pgn`).

use crate::common;

use common::{files_with_extension, shared_data, vendored};
use jaque::Severity;
use jaque::pgn::{
    GameReport, MAX_LINE, Options, RawGame, SEVEN_TAG_ROSTER, Splitter, check_game, format_game,
};
use pretty_assertions::assert_eq;

fn games(text: impl AsRef<[u8]>) -> Vec<RawGame> {
    Splitter::new(text.as_ref())
        .collect::<Result<_, _>>()
        .expect("in memory")
}

fn read(name: &str) -> String {
    let path = vendored("pgn").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn format(game: &RawGame) -> Result<String, Box<GameReport>> {
    format_game(game, &Options::default())
}

/// The movetext as words, parentheses apart (python-chess writes `( 1... e5 )`, jaque
/// `(1... e5)`; line breaks are each writer's own).
fn movetext_words(game: &str) -> Vec<String> {
    game.lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
        .replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn tag_lines(game: &str) -> Vec<&str> {
    game.lines().filter(|l| l.starts_with('[')).collect()
}

#[test]
fn sloppy_games_are_written_as_python_chess_exports_them() {
    let input = games(read("fmt_input.pgn"));
    let expected = games(read("fmt_expected.pgn"));
    assert_eq!(input.len(), 120);
    assert_eq!(expected.len(), input.len());
    for (game, want) in input.iter().zip(&expected) {
        let got = format(game).unwrap_or_else(|r| panic!("game {}: {:?}", r.index, r.diagnostics));
        let want = String::from_utf8_lossy(&want.bytes);
        assert_eq!(
            movetext_words(&got),
            movetext_words(&want),
            "game {}",
            game.index
        );
        let mut got_tags = tag_lines(&got);
        let mut want_tags = tag_lines(&want);
        // The roster first, in its order; the other tags in ASCII order.
        let names: Vec<&str> = got_tags
            .iter()
            .map(|l| l[1..].split(' ').next().unwrap_or_default())
            .collect();
        assert_eq!(names[..7], SEVEN_TAG_ROSTER, "game {}", game.index);
        assert!(names[7..].is_sorted(), "game {}: {names:?}", game.index);
        got_tags.sort_unstable();
        want_tags.sort_unstable();
        assert_eq!(got_tags, want_tags, "game {}", game.index);
    }
}

/// Every corpus the tests vendor: formatting keeps every move, says it cleanly, and is
/// stable.
fn assert_formats_faithfully(text: &[u8]) -> (usize, usize) {
    let (mut formatted, mut left_alone) = (0, 0);
    for game in games(text) {
        let before = check_game(&game, &Options::default());
        let Ok(once) = format(&game) else {
            assert!(before.count(Severity::Error) > 0, "game {}", game.index);
            left_alone += 1;
            continue;
        };
        formatted += 1;
        let again = games(&once);
        assert_eq!(again.len(), 1, "game {}: one game in, one out", game.index);
        let after = check_game(&again[0], &Options::default());
        // The same moves: the same plies, variations and final position.
        assert_eq!(after.plies, before.plies, "game {}", game.index);
        assert_eq!(after.moves, before.moves, "game {}", game.index);
        assert_eq!(
            after.final_position.map(|p| p.fen()),
            before.final_position.map(|p| p.fen()),
            "game {}",
            game.index
        );
        // Export SAN and the roster in order: nothing left to warn about but a result that
        // does not fit, tag values fmt does not rewrite, and null moves (kept: they are what
        // the file says).
        let codes: Vec<_> = after
            .diagnostics
            .iter()
            .filter(|d| d.san.as_deref() != Some("--"))
            .map(|d| d.diagnostic.code.as_str())
            .filter(|&c| !matches!(c, "result_mismatch" | "tag_format" | "duplicate_tag"))
            .collect();
        assert_eq!(codes, Vec::<&str>::new(), "game {}:\n{once}", game.index);
        // Idempotent.
        assert_eq!(format(&again[0]).ok().as_deref(), Some(once.as_str()));
        // Movetext lines (a tag pair is one line however long its value): a longer one is
        // a word longer than the limit, alone but for its comment's braces (a brace is never
        // alone on a line).
        for line in once.lines().filter(|l| !l.starts_with('[')) {
            let words = line.split_whitespace().filter(|w| !matches!(*w, "{" | "}"));
            assert!(
                line.chars().count() <= MAX_LINE || words.count() == 1,
                "game {}: a line of {} characters: {line}",
                game.index,
                line.chars().count()
            );
        }
    }
    (formatted, left_alone)
}

#[test]
fn formatting_keeps_every_move_and_formatting_twice_changes_nothing() {
    let (formatted, left_alone) = assert_formats_faithfully(read("fmt_input.pgn").as_bytes());
    assert_eq!((formatted, left_alone), (120, 0));
    // The checker's corpus: valid games, and games with planted errors that must be left
    // alone. Which are which, the oracle's expectations say (warnings: check marks and
    // results).
    let expectations = read("generated.expect.jsonl");
    let with_errors = expectations
        .lines()
        .skip(1)
        .filter(|line| {
            let expect: serde_json::Value = serde_json::from_str(line).expect("JSON");
            expect["diagnostics"].as_array().is_some_and(|ds| {
                ds.iter().any(|d| {
                    !matches!(
                        d["code"].as_str(),
                        Some("check_annotation" | "result_mismatch")
                    )
                })
            })
        })
        .count();
    let (formatted, left_alone) = assert_formats_faithfully(read("generated.pgn").as_bytes());
    assert_eq!((formatted, left_alone), (300 - with_errors, with_errors));
}

#[test]
fn a_game_with_an_error_is_not_formatted() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
    let report = format(&games(text)[0]).expect_err("Ke3 is illegal");
    let error = report
        .diagnostics
        .iter()
        .find(|d| d.diagnostic.severity == jaque::Severity::Error);
    assert_eq!(error.and_then(|d| d.san.as_deref()), Some("Ke3"));
}

#[test]
fn comments_nags_glyphs_and_variations_are_kept_in_place() {
    let text = "[Event \"x\"]\n[Annotator \"a \\\"b\\\"\"]\n\n{start} e4 ! {a   two\nline comment} \
                e5 $14 (c5 ?! ; to the end: a } stays\n(d5)) Nf3 ; line comment\n*";
    let got = format(&games(text)[0]).expect("no error");
    assert_eq!(
        got,
        "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[Annotator \"a \\\"b\\\"\"]\n\n\
         { start } 1. e4 $1 { a two line comment } 1... e5 $14 (1... c5 $6\n\
         ;to the end: a } stays\n(1... d5)) 2. Nf3 { line comment } *\n"
    );
}

#[test]
fn black_to_move_from_a_fen_starts_with_its_number() {
    let text = "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n\n\
                c5 Nf3 1/2-1/2";
    let got = format(&games(text)[0]).expect("no error");
    assert!(got.ends_with("\n\n1... c5 2. Nf3 1/2-1/2\n"), "{got}");
    assert!(got.contains("[Result \"1/2-1/2\"]\n[FEN"), "{got}");
}

#[test]
fn shared_pgn_files_format_faithfully() {
    let Some(shared) = shared_data() else { return };
    let mut totals = (0, 0);
    for dir in ["real", "tricky", "invalid"] {
        for path in files_with_extension(&shared.join("pgn").join(dir), "pgn") {
            let bytes = std::fs::read(&path).expect("readable");
            let (formatted, left_alone) = assert_formats_faithfully(&bytes);
            totals = (totals.0 + formatted, totals.1 + left_alone);
        }
    }
    println!(
        "formatted {} games, left {} with errors alone",
        totals.0, totals.1
    );
    assert!(totals.0 > 9000, "{totals:?}");
}

#[test]
fn no_line_of_a_comment_starts_like_a_tag_or_an_escape() {
    // Found by the `pgn` fuzz target: a comment word `[E...` wrapped to the start of a line
    // read back as a tag, and the game split in two.
    for pad in 0..90 {
        for glue in ["", "("] {
            let text = format!(
                "1. e4 e5 2. Nf3 {glue}{{ {} [Event x] %y {} [Site z] }}{} Nc6 *",
                "w".repeat(pad),
                "v ".repeat(pad % 7),
                if glue.is_empty() { "" } else { ")" }
            );
            let text = text.replace("{glue}", "");
            let Ok(once) = format(&games(&text)[0]) else {
                continue;
            };
            let movetext = once.split("\n\n").nth(1).unwrap_or_default();
            assert!(
                movetext.lines().all(|l| !l.starts_with(['[', '%'])),
                "{once}"
            );
            let again = games(&once);
            assert_eq!(again.len(), 1, "{once}");
            assert_eq!(check_game(&again[0], &Options::default()).plies, 4);
        }
    }
}

/// Comments outside the movetext are kept: a file's header before the first tag section,
/// one between tags, one after the termination marker (all the game's since issue 31).
#[test]
fn formatting_keeps_the_comments_around_the_tags_and_after_the_marker() {
    let text = "{ a collection of short games }\n\n[Event \"a\"]\n; kept too\n[Site \"b\"]\n\n\
                1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 { the scholar's mate }\n";
    let raw = games(text);
    assert_eq!(raw.len(), 1);
    let formatted = format(&raw[0]).expect("no error");
    for comment in [
        "{ a collection of short games }",
        "{ kept too }",
        "{ the scholar's mate }",
    ] {
        assert!(formatted.contains(comment), "{comment}:\n{formatted}");
    }
    assert_eq!(format(&games(&formatted)[0]).ok(), Some(formatted));
}
