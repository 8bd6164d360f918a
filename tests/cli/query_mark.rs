//! `jaque query --mark[=TEXT]` through the real binary: each matching game is written with
//! the comment `{TEXT}` after the move that reached each matched mainline position (after
//! its NAGs; before the first move for ply 0) at exactly the plies python-chess's oracle
//! matches (`tests/data/query/expect.jsonl`), and with the marks taken out every byte is
//! the game as `jaque query` writes it unmarked.

use crate::common;

use jaque::pgn::{Checker, Splitter};
use serde_json::Value;

/// A mark no vendored game holds.
const MARK: &str = "marked by the test";
/// Files both readers play every mainline of to the same ply; fmt_input.pgn has NAGs and
/// glyphs after many moves, variations.pgn variations and comments.
const FILES: [&str; 2] = ["pgn/fmt_input.pgn", "pgn/variations.pgn"];
const QUERIES: [&str; 5] = [
    "capture",
    "check",
    "ply == 0",
    "line --> capture{3,}",
    "move to [d4,e4,d5,e5]",
];

/// The oracle's matches of `query` on `file`: (game, plies), games ascending.
fn oracle(query: &str, file: &str) -> Vec<(usize, Vec<u32>)> {
    let text = std::fs::read_to_string(common::vendored("query/expect.jsonl")).expect("oracle");
    let case = (text.lines().skip(1))
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .find(|case| case["query"] == query && case["file"] == file)
        .unwrap_or_else(|| panic!("the oracle has {query:?} on {file}"));
    let plies = |p: &Value| {
        (p.as_array().expect("plies").iter())
            .map(|ply| ply.as_u64().expect("a ply") as u32)
            .collect()
    };
    (case["matches"].as_array().expect("matches").iter())
        .map(|pair| (pair[0].as_u64().expect("a game") as usize, plies(&pair[1])))
        .collect()
}

fn games(args: &[&str]) -> Vec<Vec<u8>> {
    let done = common::run_jaque(None, args, None);
    assert!(
        matches!(done.status.code(), Some(0 | 1)),
        "{args:?}: {done:?}"
    );
    (Splitter::new(&done.stdout[..]).map(|g| g.expect("a game").bytes)).collect()
}

/// `bytes` without every `text` in it.
fn without(bytes: &[u8], text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at..].starts_with(text) {
            at += text.len();
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    out
}

/// The mainline plies after whose move the record of `game` has the mark, and whether its
/// movetext starts with it.
fn marked_plies(game: &[u8]) -> (bool, Vec<u32>) {
    let raw = Splitter::new(game)
        .next()
        .expect("a game")
        .expect("readable");
    let record = Checker::default().record(&raw);
    let comment = format!("{{{MARK}}}");
    let plies = (record.mainline())
        .filter(|(index, _)| record.comments(*index).any(|c| c == comment))
        .map(|(_, m)| m.ply as u32)
        .collect();
    let text = String::from_utf8_lossy(game);
    let movetext = (text.lines()).find(|l| !l.is_empty() && !l.starts_with('['));
    (movetext.is_some_and(|l| l.starts_with(&comment)), plies)
}

#[test]
fn the_marks_are_at_the_oracles_plies_and_nothing_else_changes() {
    let mark = format!("--mark={MARK}");
    let after = format!(" {{{MARK}}}");
    let before = format!("{{{MARK}}} ");
    for file in FILES {
        let path = common::vendored(file);
        let path = path.to_str().expect("UTF-8");
        for query in QUERIES {
            let want = oracle(query, file);
            let plain = games(&["query", query, path]);
            let marked = games(&["query", query, path, &mark]);
            assert_eq!(
                (marked.len(), plain.len()),
                (want.len(), want.len()),
                "{query}"
            );
            for ((game, plies), (marked, plain)) in want.iter().zip(marked.iter().zip(&plain)) {
                let at = format!("{query} on {file}, game {game}");
                let unmarked = without(&without(marked, after.as_bytes()), before.as_bytes());
                assert_eq!(unmarked, *plain, "{at}");
                let (first, later) = marked_plies(marked);
                assert_eq!(first, plies.first() == Some(&0), "{at}");
                let later_wanted: Vec<u32> = plies.iter().copied().filter(|&p| p > 0).collect();
                assert_eq!(later, later_wanted, "{at}");
                // After a move's NAGs and glyphs, never between them and the move.
                let text = String::from_utf8_lossy(marked);
                for (i, _) in text.match_indices(&after) {
                    let rest = text[i + after.len()..].trim_start();
                    assert!(!rest.starts_with(['$', '!', '?']), "{at}: {rest:.20}");
                }
            }
        }
    }
}

#[test]
fn the_default_mark_and_a_game_by_hand() {
    // Matches worked out from the spec: 1. e4 reaches e4 (ply 1) and 4. Qxf7# mates (ply 7);
    // ply 0 is the start position, where `ply == 0` holds. Games are written as `select`
    // writes them, a blank line after each.
    let game = b"[White \"A\"]\n\n1. e4 $1 e5 2. Bc4 !? Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    let done = common::run_jaque(
        None,
        &["query", "--mark", "move to e4 or mate or ply == 0", "-"],
        Some(game),
    );
    assert_eq!(done.status.code(), Some(0), "{done:?}");
    assert_eq!(
        String::from_utf8_lossy(&done.stdout),
        "[White \"A\"]\n\n{jaque} 1. e4 $1 {jaque} e5 2. Bc4 !? Nc6 3. Qh5 Nf6 4. Qxf7# {jaque} 1-0\n\n"
    );
}

#[test]
fn a_mark_holding_a_closing_brace_exits_2() {
    let done = common::run_jaque(
        None,
        &["query", "--mark=a}b", "check", "-"],
        Some(b"1. e4 *"),
    );
    assert_eq!(done.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(
        stderr.contains("error: a comment cannot hold `}`"),
        "{stderr}"
    );
    assert!(done.stdout.is_empty());
}
