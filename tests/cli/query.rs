//! `jaque query` and `jaque select --query` through the real binary: the games counted,
//! selected and written are those python-chess's oracle matches (`tests/data/query/
//! expect.jsonl`, made by `tools/gen/gen_query_oracle.py`); a query's errors exit 2 with a
//! diagnostic pointing into it; `--explain` prints the plan without reading input.

use crate::common;

use serde_json::Value;

/// A file whose every game python-chess and jaque read to the same length.
pub(crate) const FILE: &str = "pgn/select.pgn";

/// The games of FILE the oracle matches with `query`, ascending.
pub(crate) fn oracle_games(query: &str) -> Vec<u64> {
    let text = std::fs::read_to_string(common::vendored("query/expect.jsonl")).expect("oracle");
    let case = (text.lines().skip(1))
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .find(|case| case["query"] == query && case["file"] == FILE)
        .unwrap_or_else(|| panic!("the oracle has {query:?} on {FILE}"));
    (case["matches"].as_array().expect("matches").iter())
        .map(|pair| pair[0].as_u64().expect("a game"))
        .collect()
}

fn stdout(args: &[&str]) -> String {
    let done = common::run_jaque(None, args, None);
    assert!(
        matches!(done.status.code(), Some(0 | 1)),
        "{args:?}: {done:?}"
    );
    String::from_utf8(done.stdout).expect("UTF-8")
}

const QUERIES: [&str; 4] = [
    "mate",
    "promote [Nn]",
    "line --> capture{3,}",
    "flipcolor (move from K to g1)",
];

#[test]
fn query_counts_and_writes_the_games_the_oracle_matches() {
    let path = common::vendored(FILE);
    let path = path.to_str().expect("a UTF-8 path");
    for query in QUERIES {
        let want = oracle_games(query);
        assert!(!want.is_empty(), "{query} matches a game of {FILE}");
        let count = stdout(&["query", "--count", query, path]);
        assert_eq!(count.trim(), want.len().to_string(), "{query}");
        // The games written, read back: as many, and each one's tags those of a game the
        // oracle matched.
        let written = stdout(&["query", query, path]);
        let done = common::run_jaque(None, &["check", "--json", "-"], Some(written.as_bytes()));
        let reread: Vec<Value> = (String::from_utf8_lossy(&done.stdout).lines())
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .filter(|v: &Value| v.get("game").is_some())
            .collect();
        assert_eq!(reread.len(), want.len(), "{query}");
        let all = stdout(&["check", "--json", path]);
        let originals: Vec<Value> = (all.lines().map(|l| serde_json::from_str(l).expect("JSON")))
            .filter(|v: &Value| v.get("game").is_some())
            .collect();
        for (game, index) in reread.iter().zip(&want) {
            assert_eq!(game["tags"], originals[*index as usize]["tags"], "{query}");
        }
    }
}

#[test]
fn select_query_selects_the_games_the_oracle_matches() {
    let path = common::vendored(FILE);
    let path = path.to_str().expect("a UTF-8 path");
    for query in QUERIES {
        let json = stdout(&["select", "--query", query, "--json", path]);
        let games: Vec<u64> = (json.lines())
            .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
            .filter_map(|v| v["game"].as_u64())
            .collect();
        assert_eq!(games, oracle_games(query), "{query}");
    }
}

#[test]
fn a_bad_query_exits_2_pointing_into_it() {
    let path = common::vendored(FILE);
    let done = common::run_jaque(None, &["query", "check mate", path.to_str().unwrap()], None);
    assert_eq!(done.status.code(), Some(2));
    assert!(done.stdout.is_empty());
    let want = "\
error: two conditions side by side
 --> QUERY:1:7
  |
1 | check mate
  |       ^^^^
  |
  = help: join them with `and` (or `or`): `check and mate`
";
    assert_eq!(String::from_utf8_lossy(&done.stderr), want);
    let done = common::run_jaque(None, &["select", "--query", "Q > 3", "-"], Some(b""));
    assert_eq!(done.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(
        stderr.starts_with("error: a set compared with a number\n --> --query:1:1\n"),
        "{stderr}"
    );
}

#[test]
fn explain_prints_the_plan_and_reads_no_input() {
    let done = common::run_jaque(
        None,
        &["query", "--explain", "flipcolor wtm", "no/such/file.pgn"],
        None,
    );
    assert_eq!(done.status.code(), Some(0));
    let plan = "1  test: white to move\n2  test: black to move\n3  any of 1 2\n";
    assert_eq!(String::from_utf8_lossy(&done.stdout), plan);
}

#[test]
fn a_query_of_several_lines_with_names_and_comments_points_at_the_line() {
    let path = common::vendored(FILE);
    let query = "let minors = [BN] // the white minor pieces\ncount(minor) == 2";
    let done = common::run_jaque(None, &["query", query, path.to_str().unwrap()], None);
    assert_eq!(done.status.code(), Some(2));
    let want = "\
error: `minor` is not defined
 --> QUERY:2:7
  |
2 | count(minor) == 2
  |       ^^^^^
  |
  = help: did you mean `minors`?
";
    assert_eq!(String::from_utf8_lossy(&done.stderr), want);
    let unused = "let minors = [BN]\nlet majors = [RQ]\ncount(minors) == 2";
    let done = common::run_jaque(None, &["query", unused, path.to_str().unwrap()], None);
    assert_eq!(done.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(
        stderr.starts_with("error: `majors` is defined but never used\n --> QUERY:2:5\n"),
        "{stderr}"
    );
}

/// A game whose pawns can no longer make a placement the query needs is left there (see
/// `src/query/reach.rs`): the games counted are still all those the oracle matches.
#[test]
fn a_game_left_where_its_pawns_cannot_come_is_counted_as_the_oracle_counts() {
    let query = "Pd4 and Pe4 and pd5 and pe5";
    let text = std::fs::read_to_string(common::vendored("query/expect.jsonl")).expect("oracle");
    let cases: Vec<Value> = (text.lines().skip(1))
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .filter(|case| case["query"] == query)
        .collect();
    let mut matched = 0;
    for case in &cases {
        let file = case["file"].as_str().expect("a file");
        let mut games: Vec<u64> = (case["matches"].as_array().expect("matches").iter())
            .map(|pair| pair[0].as_u64().expect("a game"))
            .collect();
        games.dedup();
        let path = common::vendored(file);
        let count = stdout(&["query", "--count", query, path.to_str().expect("UTF-8")]);
        assert_eq!(count.trim(), games.len().to_string(), "{file}");
        matched += games.len();
    }
    assert!(
        cases.len() >= 5 && matched >= 5,
        "{} files, {matched} games",
        cases.len()
    );
}
