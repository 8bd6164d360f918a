//! `jaque query QUERY DB` against `jaque query QUERY FILE` (issue 55): on made-up games
//! (`tests/common/corpus.rs`, many of them reaching endgames), the index must give the same
//! games, in the same order, with the same text and JSON objects (but `game`, which numbers
//! games in the index, and `file`, the path the index recorded) as reading the file, whose
//! answers `query_oracle` holds to python-chess. And it must have read fewer games where
//! the query names a position or material, as its summary says.

use crate::common;
use crate::common::corpus::Corpus;

use std::path::Path;

use serde_json::Value;

/// Games made up: enough for endgames of every kind, few enough for a debug build.
const GAMES: usize = 3000;

/// The games' text (seed 8) in `dir/games.pgn`, indexed into `dir/games.index`.
fn corpus(dir: &Path) -> (String, String) {
    let mut maker = Corpus::new(8);
    let mut text = String::new();
    for _ in 0..GAMES {
        maker.game(&mut text);
    }
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, text).expect("writable");
    let db = dir.join("games.index");
    let _ = std::fs::remove_file(&db);
    let (pgn, db) = (path(&pgn), path(&db));
    let done = common::run_jaque(None, &["index", &db, &pgn], None);
    assert_eq!(done.status.code(), Some(0), "{}", lossy(&done.stderr));
    (pgn, db)
}

fn path(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_string()
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `jaque query QUERY INPUT --json [MORE]`: the games' objects without `game` and `file`,
/// and the summary.
fn answer(query: &str, input: &str, more: &[&str]) -> (Vec<Value>, Value) {
    let mut args = vec!["query", query, input, "--json", "--no-progress"];
    args.extend(more);
    let done = common::run_jaque(None, &args, None);
    assert!(
        matches!(done.status.code(), Some(0 | 1)),
        "{query} {input}: {}",
        lossy(&done.stderr)
    );
    common::json_lines(&done.stdout, &["game", "file"])
}

/// `jaque query QUERY INPUT` (the games' text) and `--count`.
fn text(query: &str, input: &str) -> (String, String) {
    let run = |more: &[&str]| {
        let mut args = vec!["query", query, input, "--no-progress"];
        args.extend(more);
        lossy(&common::run_jaque(None, &args, None).stdout)
    };
    (run(&[]), run(&["--count"]))
}

/// The index's summary of a query: games held, read, and what skipped the others.
fn index_summary(summary: &Value) -> (u64, u64, Vec<String>) {
    let index = &summary["index"];
    let by = (index["skipped_by"].as_array().expect("skipped_by").iter())
        .map(|v| v.as_str().expect("a name").to_string())
        .collect();
    let number = |name: &str| index[name].as_u64().expect("a count");
    (number("games"), number("read"), by)
}

#[test]
fn query_index_gives_the_files_answers_and_reads_fewer_games() {
    let dir = common::scratch("query_index");
    let (pgn, db) = corpus(&dir);
    // A position several games reach (the Four Knights' start, after 1. e4 e5 2. Nf3 Nc6),
    // and one only a game's end reaches, taken from the file's own answer.
    let opening = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -";
    let (mates, _) = answer("mate", &pgn, &[]);
    let last = mates.last().expect("a mate among the games")["final_fen"].as_str();
    let end = last.expect("a final FEN").to_string();
    // The query, what skips games, whether it must skip some (every game has a white queen
    // at first: `Qd1` lets them all through).
    let cases: [(String, Option<&str>, bool); 7] = [
        ("material KRvK".into(), Some("material"), true),
        ("material KRPvKR and wtm".into(), Some("material"), true),
        (format!("fen \"{opening}\""), Some("position"), true),
        (format!("fen \"{end}\" and mate"), Some("position"), true),
        ("check and Qd1".into(), Some("material"), false),
        ("check and ply > 40".into(), None, false),
        (
            "material KQQQvK and count(N) == 3".into(),
            Some("material"),
            true,
        ),
    ];
    let mut matched = 0;
    for (query, skipped_by, fewer) in &cases {
        let (from_file, file_summary) = answer(query, &pgn, &[]);
        let (from_index, summary) = answer(query, &db, &[]);
        assert_eq!(from_index, from_file, "{query}: the games differ");
        let (held, read, by) = index_summary(&summary);
        assert_eq!(
            held,
            file_summary["games"].as_u64().expect("games"),
            "{query}"
        );
        assert_eq!(summary["selected"], file_summary["selected"], "{query}");
        let by_wanted: Vec<String> = skipped_by.iter().map(|s| s.to_string()).collect();
        assert_eq!(by, by_wanted, "{query}");
        match fewer {
            true => assert!(read < held / 2, "{query}: read {read} of {held}"),
            false => assert_eq!(read, held, "{query}"),
        }
        assert!(read >= from_index.len() as u64, "{query}");
        matched += usize::from(!from_file.is_empty());
    }
    assert_eq!(
        matched,
        cases.len() - 1,
        "every query but the last matches a game"
    );
    for query in ["material KRPvKR and wtm", "check and Qd1"] {
        assert_eq!(
            text(query, &db),
            text(query, &pgn),
            "{query}: the text differs"
        );
    }
}

#[test]
fn query_index_with_variations_does_not_skip_by_a_position_it_did_not_index() {
    let dir = common::scratch("query_index_variations");
    let pgn = dir.join("v.pgn");
    // 1. d4 is only in a variation: an index without variations does not list it.
    std::fs::write(&pgn, "1. e4 (1. d4 d5) e5 *\n\n1. c4 *\n").expect("writable");
    let db = dir.join("v.index");
    let _ = std::fs::remove_file(&db);
    let (pgn, db) = (path(&pgn), path(&db));
    let done = common::run_jaque(None, &["index", &db, &pgn], None);
    assert_eq!(done.status.code(), Some(0), "{}", lossy(&done.stderr));
    let d4 = "fen \"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\"";
    for more in [&[][..], &["--variations"][..]] {
        let (from_file, _) = answer(d4, &pgn, more);
        let (from_index, summary) = answer(d4, &db, more);
        assert_eq!(from_index, from_file, "{more:?}");
        let (_, _, by) = index_summary(&summary);
        assert_eq!(by.is_empty(), !more.is_empty(), "{more:?}: {by:?}");
    }
    assert_eq!(answer(d4, &db, &["--variations"]).0.len(), 1);
}

#[test]
fn query_index_refuses_a_changed_file_and_an_index_beside_files() {
    let dir = common::scratch("query_index_changed");
    let pgn = dir.join("c.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").expect("writable");
    let db = dir.join("c.index");
    let _ = std::fs::remove_file(&db);
    let (pgn_path, db_path) = (path(&pgn), path(&db));
    let done = common::run_jaque(None, &["index", &db_path, &pgn_path], None);
    assert_eq!(done.status.code(), Some(0), "{}", lossy(&done.stderr));
    let both = common::run_jaque(None, &["query", "mate", &db_path, &pgn_path], None);
    assert_eq!(both.status.code(), Some(2));
    assert!(lossy(&both.stderr).contains("is an index: give it alone"));
    let mated = common::run_jaque(None, &["query", "mate", &db_path, "--count"], None);
    assert_eq!(lossy(&mated.stdout).trim(), "1");
    std::fs::write(
        &pgn,
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. d4 *\n",
    )
    .expect("w");
    let changed = common::run_jaque(None, &["query", "mate", &db_path], None);
    assert_eq!(changed.status.code(), Some(2));
    let said = lossy(&changed.stderr);
    assert!(said.contains("changed since it was indexed"), "{said}");
}
