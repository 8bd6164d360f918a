//! `jaque fix` (the library's `pgn::Fixer`): a generated corpus of games with one deviation
//! each is fixed back to the export SAN python-chess writes (`tools/gen/gen_fix_cases.py`), and
//! fixing real files keeps every move, every byte outside the suggestions, and is done at
//! once (fixing again changes nothing).

use crate::common;

use std::ops::Range;
use std::path::Path;

use common::{
    XorShift, lines_of_play, mutate, mutate_as_written, shared_data, vendored, with_nul_runs,
};
use jaque::Applicability;
use jaque::lint::Lints;
use jaque::pgn::{Change, Checker, Fixer, GameFix, GameRecord, Options, Splitter, Verdict};
use jaque::san::Lang;

fn fixed(input: &[u8], lang: Lang, maybe_incorrect: bool) -> Vec<u8> {
    Fixer::new(Options { lang }, Lints::default(), maybe_incorrect)
        .fix(input)
        .expect("text")
        .output
}

fn read(name: &str) -> Vec<u8> {
    std::fs::read(vendored(&format!("pgn/{name}"))).expect("vendored")
}

/// The lines that differ, for a readable failure.
fn differences(got: &[u8], want: &[u8]) -> String {
    let (got, want) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    got.lines()
        .zip(want.lines())
        .enumerate()
        .filter(|(_, (g, w))| g != w)
        .take(12)
        .map(|(i, (g, w))| format!("line {}:\n  got  {g}\n  want {w}", i + 1))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_deviation_is_fixed_back_to_python_chess_export_san() {
    let input = read("fix_input.pgn");
    for (maybe, expected) in [
        (false, "fix_expected.pgn"),
        (true, "fix_expected_maybe.pgn"),
    ] {
        let got = fixed(&input, Lang::English, maybe);
        let want = read(expected);
        assert!(got == want, "{expected}:\n{}", differences(&got, &want));
    }
    for (lang, code) in [(Lang::Spanish, "es"), (Lang::German, "de")] {
        let got = fixed(&read(&format!("fix_input.{code}.pgn")), lang, false);
        let want = read(&format!("fix_expected.{code}.pgn"));
        assert!(got == want, "{code}:\n{}", differences(&got, &want));
    }
}

/// Every line of play of a game as UCI from the start, and the moves of its mainline.
fn lines(record: &GameRecord) -> Vec<Vec<String>> {
    let chess960 = record.start_position().is_some_and(|p| p.is_chess960());
    let mut lines: Vec<Vec<String>> = vec![Vec::new(); record.lines().len()];
    for m in record.moves() {
        match m.verdict {
            Verdict::Played(mv) => lines[m.line].push(mv.uci(chess960).to_string()),
            Verdict::Null => lines[m.line].push("0000".to_string()),
            Verdict::Failed | Verdict::Skipped => {}
        }
    }
    lines
}

/// The games of `bytes`, recorded (none where it is refused as no text).
fn records(bytes: &[u8]) -> Vec<GameRecord> {
    let mut checker = Checker::new(Options::default());
    Splitter::new(bytes)
        .map_while(Result::ok)
        .map(|game| checker.record(&game))
        .collect()
}

/// The machine-applicable suggestions of `input`'s games, placed in the file (a game read
/// as Latin-1 has a byte a character): what a fix may change.
fn suggestions(input: &[u8]) -> Vec<(Range<usize>, Vec<u8>)> {
    let mut checker = Checker::new(Options::default());
    let mut found = Vec::new();
    for game in Splitter::new(input).map_while(Result::ok) {
        let latin1 = std::str::from_utf8(&game.bytes).is_err();
        let record = checker.record(&game);
        let text = record.text();
        let at = |offset: usize| {
            let local = if latin1 {
                text[..offset].chars().count()
            } else {
                offset
            };
            game.offset as usize + local
        };
        for d in &record.report().diagnostics {
            for s in &d.diagnostic.suggestions {
                if s.applicability == Applicability::MachineApplicable {
                    let bytes = match latin1 {
                        true => s.replacement.chars().map(|c| c as u8).collect(),
                        false => s.replacement.clone().into_bytes(),
                    };
                    found.push((at(s.span.start)..at(s.span.end), bytes));
                }
            }
        }
    }
    found
}

/// `input` with `changes` (in order, none overlapping) made.
fn apply(input: &[u8], changes: &[&Change]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut at = 0;
    for change in changes {
        out.extend_from_slice(&input[at..change.span.start]);
        out.extend_from_slice(&change.replacement);
        at = change.span.end;
    }
    out.extend_from_slice(&input[at..]);
    out
}

/// Fixes `input` and checks what the fix promises: the same games and moves, no byte changed
/// outside a suggestion, nothing left to fix in a fixed game, and a second fix a no-op.
fn check_fix_keeps_its_promises(name: &str, input: &[u8]) -> (usize, usize) {
    let Ok(fix) = Fixer::default().fix(input) else {
        // Refused as the reader refuses it: no game read, none lost.
        let first = Splitter::new(input).next();
        assert!(
            matches!(first, Some(Err(_))),
            "{name}: refused by the fixer alone"
        );
        return (0, 0);
    };
    let output = &fix.output;
    let (before, after) = (records(input), records(output));
    assert_eq!(before.len(), after.len(), "{name}: games");
    let mut fixed = 0;
    for ((b, a), game) in before.iter().zip(&after).zip(&fix.games) {
        let at = format!("{name} game {}", game.index + 1);
        // A fix adds tags (the roster's) and mends values, but never takes a tag from its
        // game.
        let names_after: Vec<&str> = a.tags().iter().map(|t| t.name.as_str()).collect();
        for tag in b.tags() {
            assert!(
                names_after.contains(&tag.name.as_str()),
                "{at}: {} left its game",
                tag.name
            );
        }
        let (old, new) = (lines(b), lines(a));
        match &game.fix {
            GameFix::Left(_) => assert_eq!(b.text(), a.text(), "{at}: left byte for byte"),
            _ => assert_eq!(old, new, "{at}: the moves played"),
        }
        if matches!(game.fix, GameFix::Fixed { .. }) {
            fixed += 1;
            let left: Vec<_> = a
                .report()
                .diagnostics
                .iter()
                .filter(|d| {
                    d.diagnostic
                        .suggestions
                        .iter()
                        .any(|s| s.applicability == Applicability::MachineApplicable)
                })
                .map(|d| d.diagnostic.message.clone())
                .collect();
            assert!(left.is_empty(), "{at}: still to fix: {left:?}");
        }
    }
    // Every byte outside the changes the fixer made is the input's, and every change is one
    // of the input's suggestions (none of these files needs a second round of fixes).
    let changes: Vec<&Change> = fix.games.iter().flat_map(|g| &g.changes).collect();
    assert!(
        apply(input, &changes) == *output,
        "{name}: the changes are the whole difference"
    );
    // A game fixed over several rounds (a fix that made another possible) is one change, the
    // whole game: its moves and its clean re-check are checked above.
    let suggested = suggestions(input);
    let games: Vec<Range<usize>> = Splitter::new(input)
        .flatten()
        .map(|g| g.offset as usize..g.offset as usize + g.bytes.len())
        .collect();
    let mut rounds = 0;
    for change in changes {
        let suggestion = (change.span.clone(), change.replacement.clone());
        if !suggested.contains(&suggestion) && games.contains(&change.span) {
            rounds += 1;
            continue;
        }
        assert!(
            suggested.contains(&suggestion),
            "{name}: bytes {:?} changed by no suggestion",
            change.span
        );
    }
    let again = Fixer::default()
        .fix(output)
        .expect("the fixed text is text");
    assert!(
        again.output == *output,
        "{name}: a second fix changed the text"
    );
    (fixed, rounds)
}

/// The `.pgn` files under `dir`, its subdirectories included, sorted.
fn pgn_files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("listed") {
            let path = entry.expect("listed").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Fixes the file at `path` (named `name` in failures) and checks the fix's promises, with
/// every change one of the input's suggestions; the games fixed.
fn fix_file(name: &str, path: &Path) -> usize {
    let (games, rounds) = check_fix_keeps_its_promises(name, &std::fs::read(path).expect("read"));
    assert_eq!(
        rounds, 0,
        "{name}: every fix is one of the input's suggestions"
    );
    games
}

#[test]
fn fixing_the_vendored_files_keeps_moves_and_every_byte_outside_the_fixes() {
    let dir = vendored("pgn");
    let fixed: usize = pgn_files_under(&dir)
        .iter()
        .map(|path| {
            fix_file(
                &path
                    .strip_prefix(&dir)
                    .unwrap_or(path)
                    .display()
                    .to_string(),
                path,
            )
        })
        .sum();
    assert!(fixed > 200, "{fixed} games fixed");
}

#[test]
fn fixing_the_shared_files_keeps_moves_and_every_byte_outside_the_fixes() {
    let Some(shared) = shared_data() else {
        return;
    };
    let files = pgn_files_under(&shared.join("pgn"));
    for path in &files {
        fix_file(
            &path
                .strip_prefix(&shared)
                .unwrap_or(path)
                .display()
                .to_string(),
            path,
        );
    }
    assert!(files.len() > 100, "{} files", files.len());
}

/// The moves the fixed vendored games play are python-chess's: the lines of play of
/// `record.expect.jsonl`, for the games it holds.
#[test]
fn fixed_games_play_python_chess_lines() {
    let text = std::fs::read_to_string(vendored("pgn/record.expect.jsonl")).expect("vendored");
    let mut compared = 0;
    let mut cache: std::collections::HashMap<String, Vec<GameRecord>> = Default::default();
    for line in text.lines().skip(1) {
        let want: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let file = want["file"].as_str().expect("file").to_string();
        let games = cache
            .entry(file.clone())
            .or_insert_with(|| records(&Fixer::default().fix(&read(&file)).expect("text").output));
        let record = &games[want["game"].as_u64().expect("game") as usize];
        let got = lines_of_play(record);
        let wanted: Vec<Vec<String>> =
            serde_json::from_value(want["lines"].clone()).expect("lines");
        assert_eq!(got, wanted, "{file} game {}", want["game"]);
        compared += 1;
    }
    assert!(compared > 700, "{compared}");
}

/// Random edits of vendored games (flipped, deleted, inserted and copied bytes): fixing never
/// panics, never changes a move played, changes only the bytes of suggestions, and is done
/// at once.
#[test]
fn fixing_mutated_games_keeps_its_promises() {
    let corpus = [
        read("variations.pgn"),
        read("fmt_input.pgn"),
        read("generated.pgn"),
    ]
    .concat();
    let mut rng = XorShift(0xf1c5_2024);
    let (mut fixed, mut several_rounds) = (0, 0);
    for round in 0..2000 {
        let window = rng.window(&corpus, 200, 3000);
        let input = mutate(&mut rng, window);
        let (games, rounds) = check_fix_keeps_its_promises(&format!("mutation {round}"), &input);
        fixed += games;
        several_rounds += rounds;
    }
    assert!(fixed > 30, "{fixed} mutated games fixed");
    assert!(
        several_rounds * 20 <= fixed,
        "{several_rounds} of {fixed} took several rounds"
    );
}

/// Vendored games with runs of NUL bytes put in (a game holding one is not text: an error,
/// left as it came; an input whose start is binary data is refused): fixing keeps its
/// promises, or refuses what the reader refuses.
#[test]
fn fixing_games_holding_nul_bytes_keeps_its_promises() {
    let corpus = read("fix_input.pgn");
    let mut rng = XorShift(0x0bad_f1c5);
    let (mut fixed, mut refused) = (0, 0);
    for round in 0..300 {
        let window = rng.window(&corpus, 2000, 12_000);
        let input = with_nul_runs(&mut rng, window);
        let name = format!("NUL runs {round}");
        refused += usize::from(Fixer::default().fix(&input).is_err());
        fixed += check_fix_keeps_its_promises(&name, &input).0;
    }
    assert!(
        fixed > 30 && refused > 10,
        "{fixed} fixed, {refused} refused"
    );
}

/// Files of games of tags alone, drawn at random (names, values, blank lines between
/// sections): fixing them keeps every game and every tag in its game, and is done at once.
#[test]
fn fixing_random_files_of_tags_alone_is_done_at_once() {
    let names = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "WhiteElo",
    ];
    let values = ["x", "?", "2024.01.01", "1-0", "*"];
    let mut rng = XorShift(0x7a95);
    for round in 0..500 {
        let mut text = String::new();
        for _ in 0..1 + rng.below(4) {
            for _ in 0..1 + rng.below(4) {
                let (name, value) = (names[rng.below(names.len())], values[rng.below(5)]);
                text.push_str(&format!("[{name} \"{value}\"]\n"));
            }
            text.push_str(&"\n".repeat(1 + rng.below(2)));
        }
        check_fix_keeps_its_promises(&format!("tags alone {round}"), text.as_bytes());
    }
}

/// Games as real files write them (markers glued or `1/2`, tags on one line or after a
/// marker, comments with tag-like lines or never closed, other line ends): fixing keeps
/// every move and every tag in its game, changes only the bytes of suggestions, and is done
/// at once.
#[test]
fn fixing_games_as_the_world_writes_them_keeps_its_promises() {
    let corpus = [read("variations.pgn"), read("generated.pgn")].concat();
    let mut rng = XorShift(0x31_2026);
    let mut fixed = 0;
    for round in 0..2000 {
        let window = rng.window(&corpus, 200, 3000);
        let input = mutate_as_written(&mut rng, window);
        fixed += check_fix_keeps_its_promises(&format!("as written {round}"), &input).0;
    }
    assert!(fixed > 300, "{fixed} games fixed");
}

/// What the reader refuses as no text, the fixer refuses too, rather than answer with no
/// game (the `fix` fuzz target met the vendored gzip file): binary data, compressed data.
#[test]
fn the_fixer_refuses_what_the_reader_refuses() {
    let gzip = std::fs::read(vendored("pgn").join("first20.pgn.gz")).expect("vendored");
    let zstd = std::fs::read(vendored("pgn").join("first20.pgn.zst")).expect("vendored");
    let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0".to_vec();
    for input in [gzip, zstd, elf] {
        let why = Fixer::default().fix(&input).expect_err("refused");
        let read = Splitter::new(&input[..]).next().expect("an answer");
        assert_eq!(read.expect_err("refused").to_string(), why.to_string());
    }
}

/// UTF-16 that is not valid (an odd last byte, a lone surrogate) would be written back with
/// U+FFFD where those bytes were, a change no suggestion made: the file is left as it came,
/// and the game that was to be fixed says why (the `fix` fuzz target's find). Valid UTF-16
/// is fixed as its UTF-8 is.
#[test]
fn invalid_utf16_is_left_as_it_came() {
    let utf16 = |text: &str| -> Vec<u8> {
        let units = text.encode_utf16().flat_map(u16::to_le_bytes);
        [0xFF, 0xFE].into_iter().chain(units).collect()
    };
    let game = "1. e4 e5 2. Ng1f3 *\n";
    let fixed = Fixer::default().fix(&utf16(game)).expect("text");
    let as_utf8 = Fixer::default().fix(game.as_bytes()).expect("text").output;
    let as_utf8 = String::from_utf8(as_utf8).expect("UTF-8");
    assert!(as_utf8.ends_with("2. Nf3 *\n"), "{as_utf8}");
    assert_eq!(fixed.output, utf16(&as_utf8));
    for broken in [
        [&utf16(game)[..], b"\n"].concat(),
        [&utf16(game)[..], &[0x00, 0xD8]].concat(),
    ] {
        let fixed = Fixer::default().fix(&broken).expect("text");
        assert_eq!(fixed.output, broken);
        assert!(
            matches!(&fixed.games[0].fix, GameFix::Left(why) if why.contains("not valid UTF-16")),
            "{:?}",
            fixed.games[0].fix
        );
        assert!(fixed.games[0].changes.is_empty());
    }
}
