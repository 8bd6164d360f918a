//! Games of a compressed file reached through the text the index keeps (issue 55: `find` on
//! `.pgn.zst` "from a seek table or the game's text kept in the index"). The same made-up
//! games are indexed once as plain text, whose answers `index_oracle` holds to python-chess,
//! and once as zstd; `find` and `query` must answer alike from both. The compressed file is
//! then deleted: the answers that still come can only come from the kept text.

use crate::common;
use crate::common::corpus::Corpus;

use std::path::Path;

use serde_json::Value;

/// Games: several jobs' worth (a quarter of a megabyte each), so that games come from
/// many blocks of kept text.
const GAMES: usize = 3000;

/// Positions (`--moves`) and how many games must reach each at least.
const POSITIONS: [(&str, usize); 4] = [("e4", 500), ("d4 d5", 100), ("e4 c5", 100), ("", 2900)];

fn path(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_string()
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Indexes `file` into a new index `db`.
fn index(db: &Path, file: &Path) {
    let _ = std::fs::remove_file(db);
    let done = common::run_jaque(
        None,
        &["index", &path(db), &path(file), "--jobs", "2"],
        None,
    );
    assert_eq!(done.status.code(), Some(0), "{}", lossy(&done.stderr));
}

/// `find DB [--moves M] --json --limit 100000`: the games without their file, and how many
/// the summary counts.
fn find(db: &Path, moves: &str) -> (Vec<Value>, Value) {
    let db = path(db);
    let mut args = vec!["find", &db, "--json", "--limit", "100000"];
    if !moves.is_empty() {
        args.extend(["--moves", moves]);
    }
    let done = common::run_jaque(None, &args, None);
    assert_eq!(
        done.status.code(),
        Some(0),
        "{moves}: {}",
        lossy(&done.stderr)
    );
    common::json_lines(&done.stdout, &["file"])
}

/// `query QUERY DB --json`: the games without `file`.
fn query(query: &str, db: &Path) -> Vec<Value> {
    let args = ["query", query, &path(db), "--json", "--no-progress"];
    let done = common::run_jaque(None, &args, None);
    assert_eq!(
        done.status.code(),
        Some(0),
        "{query}: {}",
        lossy(&done.stderr)
    );
    common::json_lines(&done.stdout, &["file"]).0
}

#[test]
fn index_kept_text_answers_find_and_query_on_a_zst_file_as_on_plain_text() {
    let dir = common::scratch("index_kept");
    let mut text = Vec::new();
    Corpus::new(55).write(GAMES, &mut text).expect("in memory");
    let (plain, packed) = (dir.join("games.pgn"), dir.join("games.pgn.zst"));
    std::fs::write(&plain, &text).expect("writable");
    let zstd = jaque::input::Format::Zstd
        .compress(&text)
        .expect("compressed");
    std::fs::write(&packed, zstd).expect("writable");
    let (plain_db, packed_db) = (dir.join("plain.index"), dir.join("packed.index"));
    index(&plain_db, &plain);
    index(&packed_db, &packed);
    // Sparse: read game by game, not the file through.
    let queries = ["material KRvK", "material KRPvKR and wtm"];
    let from_plain: Vec<_> = queries.iter().map(|q| query(q, &plain_db)).collect();
    assert!(from_plain.iter().all(|games| !games.is_empty()), "vacuous");
    std::fs::remove_file(&packed).expect("removable");
    for (query_text, want) in queries.iter().zip(&from_plain) {
        assert_eq!(&query(query_text, &packed_db), want, "{query_text}");
    }
    for (moves, least) in POSITIONS {
        let (want, want_summary) = find(&plain_db, moves);
        assert!(want.len() >= least, "{moves}: only {} games", want.len());
        let (got, summary) = find(&packed_db, moves);
        assert_eq!(summary, want_summary, "{moves}: the summaries differ");
        assert_eq!(got.len(), want.len(), "{moves}: how many games");
        for (got, want) in got.iter().zip(&want) {
            assert_eq!(got, want, "{moves}: a game differs");
        }
    }
}
