//! `jaque query --sort NUMBER` through the real binary: the matching games come in the order
//! python-chess's oracle gives (`tests/data/query/sort.jsonl`, made by
//! `tools/gen/gen_query_sort.py`): descending by the greatest value of NUMBER at a matched
//! position, ties in input order; `--json` gives each game's value as `sort`; `--limit N`
//! keeps the N first of that order; a NUMBER that is not one exits 2, pointing into it.

use crate::common;

use jaque::pgn::Splitter;
use serde_json::Value;

/// One of the oracle's cases: query, number, file, and (game, value) in order.
type Case = (String, String, String, Vec<(u64, u64)>);

/// The oracle's cases.
fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(common::vendored("query/sort.jsonl")).expect("oracle");
    (text.lines().skip(1))
        .map(|line| {
            let case: Value = serde_json::from_str(line).expect("JSON");
            let order = (case["order"].as_array().expect("order").iter())
                .map(|p| (p[0].as_u64().expect("game"), p[1].as_u64().expect("value")))
                .collect();
            let text = |key: &str| case[key].as_str().expect(key).to_string();
            (text("query"), text("sort"), text("file"), order)
        })
        .collect()
}

fn run(args: &[&str]) -> Vec<u8> {
    let done = common::run_jaque(None, args, None);
    assert!(
        matches!(done.status.code(), Some(0 | 1)),
        "{args:?}: {done:?}"
    );
    done.stdout
}

/// `--json`'s games: (game, sort) in the order written.
fn ranked(stdout: &[u8]) -> Vec<(u64, u64)> {
    (String::from_utf8_lossy(stdout).lines())
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON Lines"))
        .filter(|object| object.get("game").is_some())
        .map(|g| {
            (
                g["game"].as_u64().expect("game"),
                g["sort"].as_u64().expect("sort"),
            )
        })
        .collect()
}

#[test]
fn games_come_in_the_oracles_order_with_their_values() {
    let cases = cases();
    assert_eq!(cases.len(), 21);
    for (query, sort, file, order) in cases {
        let path = common::vendored(&file);
        let path = path.to_str().expect("UTF-8");
        let got = ranked(&run(&["query", &query, path, "--sort", &sort, "--json"]));
        assert_eq!(got, order, "{query} --sort {sort} on {file}");
    }
}

#[test]
fn a_limit_keeps_the_first_of_the_order() {
    let (query, sort, file, order) = (cases().into_iter())
        .find(|(q, _, f, _)| q == "capture" && f == "pgn/select.pgn")
        .expect("the case");
    let path = common::vendored(&file);
    let path = path.to_str().expect("UTF-8");
    let got = run(&[
        "query", &query, path, "--sort", &sort, "--limit", "5", "--json",
    ]);
    assert_eq!(ranked(&got), order[..5]);
    // Counted, every matching game (a sort orders, it drops none).
    let counted = run(&["query", &query, path, "--sort", &sort, "--count"]);
    assert_eq!(
        String::from_utf8_lossy(&counted).trim(),
        order.len().to_string()
    );
}

#[test]
fn the_games_written_are_the_matching_games_reordered_byte_for_byte() {
    let (query, sort, file, order) = (cases().into_iter())
        .find(|(q, s, f, _)| q == "mate" && s == "count(a)" && f == "pgn/variations.pgn")
        .expect("the case");
    let path = common::vendored(&file);
    let path = path.to_str().expect("UTF-8");
    let games = |bytes: &[u8]| -> Vec<Vec<u8>> {
        (Splitter::new(bytes).map(|g| g.expect("a game").bytes)).collect()
    };
    let input = games(&std::fs::read(common::vendored(&file)).expect("vendored"));
    let sorted = games(&run(&["query", &query, path, "--sort", &sort]));
    let want: Vec<Vec<u8>> = (order.iter())
        .map(|&(game, _)| input[game as usize].clone())
        .collect();
    assert_eq!(sorted.len(), want.len());
    for (got, want) in sorted.iter().zip(&want) {
        assert_eq!(got.trim_ascii(), want.trim_ascii());
    }
}

#[test]
fn a_sort_that_is_not_a_number_exits_2_pointing_into_it() {
    let path = common::vendored("pgn/select.pgn");
    let done = common::run_jaque(
        None,
        &[
            "query",
            "check",
            path.to_str().expect("UTF-8"),
            "--sort",
            "count(Q) > 1",
        ],
        None,
    );
    assert_eq!(done.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(
        stderr.contains("error: a number is wanted here, not a condition")
            && stderr.contains(" --> --sort:1:1")
            && stderr.contains("^^^^^^^^^^^^"),
        "{stderr}"
    );
    assert!(done.stdout.is_empty());
}
