//! `jaque select --pattern` (and `--either-colour`) against the pattern oracle, an
//! independent matcher over python-chess's boards (`tests/data/pattern/games.jsonl`,
//! `tools/oracle/pattern.py`): on files python-chess and jaque read alike, the games
//! selected are those with a mainline position (ply 0 included) the oracle matches.

use std::path::Path;

use serde_json::Value;

use crate::common;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Files whose every game both readers read to the same end.
const FILES: [&str; 2] = ["fmt_input.pgn", "repetition.pgn"];

/// The oracle's `"0*6 - 3 - 12*2"`: a first matching ply a game, `-` for none; as the
/// indices of the games that match.
fn matching(runs: &str) -> Vec<u64> {
    let mut games = Vec::new();
    for item in runs.split(' ').filter(|i| !i.is_empty()) {
        let (value, times) = item.split_once('*').unwrap_or((item, "1"));
        games.extend(std::iter::repeat_n(
            value != "-",
            times.parse().expect("a count"),
        ));
    }
    (games.iter().enumerate())
        .filter(|(_, m)| **m)
        .map(|(at, _)| at as u64)
        .collect()
}

fn selected(args: &[&str], file: &str) -> Vec<u64> {
    let path = format!("tests/data/pgn/{file}");
    let mut all = vec!["select", "--json", "--no-progress"];
    all.extend_from_slice(args);
    all.push(&path);
    let out = common::run_jaque(Some(Path::new(ROOT)), &all, None);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{all:?}: {out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let values = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"));
    values
        .filter_map(|v| v.get("game").and_then(Value::as_u64))
        .collect()
}

#[test]
fn pattern_selects_the_games_the_oracle_matches() {
    let oracle = std::fs::read_to_string(Path::new(ROOT).join("tests/data/pattern/games.jsonl"))
        .expect("games.jsonl");
    let mut compared = 0;
    for line in oracle.lines().skip(1) {
        let case: Value = serde_json::from_str(line).expect("JSON");
        let pattern = case["pattern"].as_str().expect("pattern");
        for file in FILES {
            for (key, extra) in [("games", None), ("either", Some("--either-colour"))] {
                let Some(runs) = case[key][file].as_str() else {
                    continue;
                };
                let mut args = vec!["--pattern", pattern];
                args.extend(extra);
                assert_eq!(selected(&args, file), matching(runs), "{args:?} {file}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 60, "{compared} comparisons");
}
