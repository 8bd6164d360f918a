//! `jaque select`'s openings against python-chess's lichess classification of the vendored
//! games (`tests/data/openings/games.tsv`, `tools/gen/gen_openings_oracle.py`): `--eco` and
//! `--opening` select the games it names so, `--json` gives each game's `opening`, and
//! `--add-opening` writes its ECO and Opening tags, every other byte as read.

use std::path::Path;

use serde_json::Value;

use crate::common;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const GAMES: &str = "tests/data/openings/games.pgn";

/// The oracle's opening of each game of `GAMES`, in order: (eco, name, ply) or None.
fn oracle() -> Vec<Option<(String, String, u64)>> {
    let path = Path::new(ROOT).join("tests/data/openings/games.tsv");
    let text = std::fs::read_to_string(path).expect("games.tsv");
    let rows = text.lines().filter(|l| !l.starts_with('#')).skip(1);
    let fields = rows.map(|row| row.split('\t').map(str::to_string).collect::<Vec<_>>());
    let ours = fields
        .filter(|f| f[0] == "openings/games.pgn")
        .collect::<Vec<_>>();
    (ours.iter().enumerate())
        .map(|(at, f)| {
            assert_eq!(f[1], at.to_string(), "games.tsv in game order");
            (!f[4].is_empty()).then(|| (f[4].clone(), f[5].clone(), f[3].parse().expect("ply")))
        })
        .collect()
}

fn select(args: &[&str]) -> std::process::Output {
    let mut all = vec!["select", "--no-progress"];
    all.extend_from_slice(args);
    all.push(GAMES);
    let out = common::run_jaque(Some(Path::new(ROOT)), &all, None);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {out:?}"
    );
    out
}

/// The `--json` objects of a run (the summary left out).
fn objects(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = select(&all);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let values = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"));
    values.filter(|v| v.get("summary").is_none()).collect()
}

#[test]
fn json_gives_each_games_opening_as_python_chess_names_it() {
    let wanted = oracle();
    let games = objects(&[]);
    assert_eq!(games.len(), wanted.len());
    for (game, wanted) in games.iter().zip(&wanted) {
        let opening = &game["opening"];
        let got = (!opening.is_null()).then(|| {
            let text = |k: &str| opening[k].as_str().expect("text").to_string();
            (
                text("eco"),
                text("name"),
                opening["ply"].as_u64().expect("ply"),
            )
        });
        assert_eq!(&got, wanted, "game {}", game["game"]);
    }
}

#[test]
fn eco_and_opening_select_the_games_so_named() {
    let wanted = oracle();
    let picked = |args: &[&str]| -> Vec<u64> {
        objects(args)
            .iter()
            .map(|g| g["game"].as_u64().expect("game"))
            .collect()
    };
    let named = |keep: &dyn Fn(&str, &str) -> bool| -> Vec<u64> {
        let kept = wanted
            .iter()
            .enumerate()
            .filter(|(_, w)| w.as_ref().is_some_and(|(e, n, _)| keep(e, n)));
        kept.map(|(at, _)| at as u64).collect()
    };
    assert_eq!(
        picked(&["--eco", "B20-B99"]),
        named(&|e, _| ("B20".."B9:").contains(&e))
    );
    assert_eq!(
        picked(&["--eco", "C4,E"]),
        named(&|e, _| e.starts_with("C4") || e.starts_with('E'))
    );
    assert_eq!(
        picked(&["--opening", "Gambit"]),
        named(&|_, n| n.contains("Gambit"))
    );
    let unnamed: Vec<u64> = (wanted.iter().enumerate())
        .filter(|(_, w)| w.is_none())
        .map(|(a, _)| a as u64)
        .collect();
    assert_eq!(picked(&["--eco", "A-E", "--invert"]), unnamed);
}

#[test]
fn add_opening_sets_the_two_tags_and_keeps_every_other_byte() {
    let wanted = oracle();
    let input = std::fs::read_to_string(Path::new(ROOT).join(GAMES)).expect("games.pgn");
    let out = String::from_utf8(select(&["--add-opening"]).stdout).expect("UTF-8");
    let tag = |line: &str, name: &str| {
        (line.strip_prefix(&format!("[{name} \"")))
            .and_then(|rest| rest.strip_suffix("\"]"))
            .map(str::to_string)
    };
    // Each game's ECO and Opening tags as written, in order (a game starts at its Event).
    let mut written: Vec<(Option<String>, Option<String>)> = Vec::new();
    for line in out.lines() {
        if line.starts_with("[Event ") {
            written.push((None, None));
        }
        if let Some(last) = written.last_mut() {
            last.0 = last.0.take().or_else(|| tag(line, "ECO"));
            last.1 = last.1.take().or_else(|| tag(line, "Opening"));
        }
    }
    assert_eq!(written.len(), wanted.len());
    for (at, (got, wanted)) in written.iter().zip(&wanted).enumerate() {
        let expected = wanted
            .as_ref()
            .map(|(e, n, _)| (Some(e.clone()), Some(n.clone())));
        match expected {
            Some(expected) => assert_eq!(got, &expected, "game {at}"),
            None => assert_eq!(
                got.0.is_some(),
                input
                    .split("[Event ")
                    .nth(at + 1)
                    .is_some_and(|g| g.contains("[ECO ")),
                "game {at}"
            ),
        }
    }
    // Nothing but tag lines was added or changed.
    let rest = |text: &str| -> Vec<String> {
        let kept = text
            .lines()
            .filter(|l| !l.starts_with("[ECO ") && !l.starts_with("[Opening "));
        kept.filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    assert_eq!(rest(&out), rest(&input));
}

#[test]
fn split_by_eco_writes_each_code_s_games_to_its_own_file_as_read() {
    let wanted = oracle();
    let input = std::fs::read_to_string(Path::new(ROOT).join(GAMES)).expect("games.pgn");
    let games: Vec<String> = (input.split("[Event ").skip(1))
        .map(|g| format!("[Event {}", g.trim_end()))
        .collect();
    assert_eq!(games.len(), wanted.len());
    let dir = common::scratch("split_by_eco");
    let base = dir.join("out.pgn");
    let base_text = base.to_str().expect("UTF-8 path");
    select(&["--split-by", "eco", "-o", base_text]);
    // What the oracle puts in each file: its code's games in order, unnamed ones in `none`.
    let mut expected = std::collections::BTreeMap::<String, Vec<String>>::new();
    for (game, opening) in games.iter().zip(&wanted) {
        let code = opening.as_ref().map_or("none", |(eco, _, _)| eco.as_str());
        expected
            .entry(format!("out-{code}.pgn"))
            .or_default()
            .push(game.clone());
    }
    let mut written = std::collections::BTreeMap::<String, Vec<String>>::new();
    for entry in std::fs::read_dir(&dir).expect("scratch dir") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        let text = std::fs::read_to_string(&path).expect("split file");
        let split = (text.split("[Event ").skip(1)).map(|g| format!("[Event {}", g.trim_end()));
        written.insert(name.to_string(), split.collect());
    }
    assert!(expected.len() > 5, "the vendored games name several codes");
    assert_eq!(written, expected);
}
