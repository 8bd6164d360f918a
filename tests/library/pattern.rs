//! FEN patterns against an oracle of their own: `tools/oracle/pattern.py` translates each
//! pattern into a Python regular expression and matches it against python-chess 1.11.2's
//! boards written out as text (`tests/data/pattern/`). Every game of the vendored PGN files is
//! played by jaque (`Checker::record`) and each pattern tested at each mainline position, ply 0
//! included; random patterns are tested on single positions, with the oracle's verdict on
//! which patterns are well formed.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::vendored;
use jaque::Position;
use jaque::pgn::{Checker, GameRecord, Options, Splitter, Verdict};
use jaque::select::pattern::Pattern;
use serde_json::Value;

/// The mainline positions of a checked game, ply 0 first, up to its first error.
pub fn mainline_positions(record: &GameRecord) -> Vec<Position> {
    let Some(mut position) = record.start_position() else {
        return Vec::new();
    };
    let mut positions = vec![position];
    for (_, played) in record.mainline() {
        match played.verdict {
            Verdict::Played(mv) => position.play_in_place(mv),
            Verdict::Null => match position.play_null() {
                Some(after) => position = after,
                None => break,
            },
            Verdict::Failed | Verdict::Skipped => break,
        }
        positions.push(position);
    }
    positions
}

/// Every game of a PGN file, as the positions of its mainline.
pub fn games_of(path: &Path) -> Vec<Vec<Position>> {
    let pgn = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut checker = Checker::new(Options::default());
    Splitter::new(&pgn[..])
        .map(|game| mainline_positions(&checker.record(&game.expect("in memory"))))
        .collect()
}

/// Per game, the first ply at which one of `patterns` matches, if one does.
fn first_matches(games: &[Vec<Position>], patterns: &[&Pattern]) -> Vec<Option<usize>> {
    let matches = |position: &Position| patterns.iter().any(|p| p.matches(position));
    games
        .iter()
        .map(|positions| positions.iter().position(matches))
        .collect()
}

/// The oracle's first matching ply per game: `0*3 12 -*40` (`-` none, `*N` N times).
fn wanted_firsts(value: &Value) -> Vec<Option<usize>> {
    let text = value.as_str().expect("first plies");
    let mut firsts = Vec::new();
    for word in text.split_whitespace() {
        let (first, times) = word.split_once('*').unwrap_or((word, "1"));
        let first = (first != "-").then(|| first.parse().expect("a ply"));
        firsts.extend(std::iter::repeat_n(first, times.parse().expect("a count")));
    }
    firsts
}

/// What jaque and the oracle compared: games, those whose mainlines both read to the same
/// length, and patterns; and the files left out, where the two cut the games otherwise.
pub struct Compared {
    pub games: usize,
    pub same_length: usize,
    pub patterns: usize,
    pub other_games: Vec<String>,
}

/// Compares jaque with the oracle's file (`games.jsonl`, `shared.jsonl`) over the PGN files
/// of `dir`, game by game: the first mainline ply at which each pattern matches, as written
/// and either colour. Where jaque and python-chess stop a mainline at different plies (they
/// differ on some errors; `tests/library/shared_pgn.rs` and `pgn_generated.rs` say where),
/// the plies both played are compared.
pub fn compare_with_oracle(oracle: &Path, dir: &Path) -> Compared {
    let text = std::fs::read_to_string(oracle).expect("oracle file");
    let mut lines = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"));
    let header = lines.next().expect("header");
    let (games, mut compared) = play_files(&header, dir);
    let mut failures = Vec::new();
    for want in lines {
        let text = want["pattern"].as_str().expect("pattern");
        let pattern = Pattern::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let swapped = pattern.colours_swapped();
        for (name, (played, common)) in &games {
            for (key, forms) in [
                ("games", vec![&pattern]),
                ("either", vec![&pattern, &swapped]),
            ] {
                let wanted = wanted_firsts(&want[key][name]);
                assert_eq!(wanted.len(), played.len(), "{text}: {name}'s games");
                let got = first_matches(played, &forms);
                for (index, ((got, wanted), &common)) in
                    got.iter().zip(&wanted).zip(common).enumerate()
                {
                    let within = |ply: &Option<usize>| ply.filter(|&p| p <= common);
                    if within(got) != within(wanted) {
                        failures.push(format!(
                            "{text} ({key}), {name} game {index}: first at \
                             ply {got:?}, oracle {wanted:?} (both read {common} plies)"
                        ));
                    }
                }
            }
        }
        compared.patterns += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    compared
}

/// The games of the oracle header's files, played by jaque: per file, each game's mainline
/// positions and the plies both jaque and python-chess played; files whose games the two
/// count differently are left out and named.
fn play_files(header: &Value, dir: &Path) -> (Played, Compared) {
    let mut games = BTreeMap::new();
    let mut compared = Compared {
        games: 0,
        same_length: 0,
        patterns: 0,
        other_games: Vec::new(),
    };
    for (name, want) in header["files"].as_object().expect("files") {
        let played = games_of(&dir.join(name));
        let wanted: Vec<usize> = serde_json::from_value(want["plies"].clone()).expect("plies");
        if played.len() != wanted.len() {
            compared.other_games.push(name.clone());
            continue;
        }
        let common: Vec<usize> = (played.iter().zip(&wanted))
            .map(|(positions, &plies)| plies.min(positions.len().saturating_sub(1)))
            .collect();
        compared.games += played.len();
        compared.same_length += (played.iter().zip(&wanted))
            .filter(|(positions, plies)| positions.len() == **plies + 1)
            .count();
        games.insert(name.clone(), (played, common));
    }
    (games, compared)
}

/// Per file, its games' mainline positions and the plies both readers played.
type Played = BTreeMap<String, (Vec<Vec<Position>>, Vec<usize>)>;

#[test]
fn patterns_select_the_games_python_chess_and_re_select() {
    let compared = compare_with_oracle(&vendored("pattern/games.jsonl"), &vendored("pgn"));
    let Compared {
        games,
        same_length,
        patterns,
        other_games,
    } = compared;
    eprintln!("{games} games ({same_length} read to the same length), {patterns} patterns");
    assert!(games > 1500 && same_length > 1400 && patterns > 30);
    assert!(other_games.is_empty(), "{other_games:?}");
}

#[test]
fn random_patterns_match_as_python_re_matches() {
    let text = std::fs::read_to_string(vendored("pattern/random.tsv")).expect("vendored");
    let mut failures = Vec::new();
    let mut counts = BTreeMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [pattern, fen, matches, either] = fields[..] else {
            panic!("a row of 4 fields: {line:?}");
        };
        let got = match Pattern::parse(pattern) {
            Err(_) => ["error", "error"],
            Ok(compiled) => {
                let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                let plain = compiled.matches(&position);
                let swapped = compiled.colours_swapped().matches(&position);
                [
                    if plain { "1" } else { "0" },
                    if plain || swapped { "1" } else { "0" },
                ]
            }
        };
        *counts.entry(matches).or_insert(0) += 1;
        if got != [matches, either] {
            failures.push(format!(
                "{pattern} on {fen}: {got:?}, oracle {matches} {either}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Each verdict is well represented.
    assert!(counts.values().all(|&n| n > 100), "{counts:?}");
}
