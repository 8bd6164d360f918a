//! `jaque query` against an oracle of its own: `tools/gen/gen_query_oracle.py` reads each query
//! of `tests/data/query/queries.txt` with a parser written from CONTRACT.md ("Queries") and
//! evaluates it over python-chess 1.11.2's boards, never with jaque. Each query is run through
//! the real binary (`jaque query QUERY FILE… --json`) over the vendored games
//! (`tests/data/query/expect.jsonl`) and the real games of `../shared/data/pgn/real`
//! (`expect_shared.jsonl`, without five files, see the generator), and the games and plies
//! it matches must be the oracle's.
//!
//! Where jaque and python-chess end a mainline at different plies (`check --json`'s `plies`
//! against the oracle's; they differ on some errors, `tests/library/shared_pgn.rs` says where),
//! the plies both played are compared, except for `line` queries, which look ahead; games the
//! oracle does not evaluate (another variant, an unreadable start) are left out; a file whose
//! games the two readers count differently would be named (the oracle leaves out those it
//! knows).
//!
//! With `--variations` (`expect_variations.jsonl`, five vendored files with variations) the
//! `variation_matches` are compared too, as `{"line", "column"}` places in file order, for the
//! games both readers read alike (ORACLE_DATA.md, "Queries", "Variations").

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Per game of a file, the plies matched (empty for a game that matches nowhere).
type Matches = Vec<Vec<u64>>;

/// The oracle's file: its header and one line per (query, file).
fn oracle(name: &str) -> (Value, Vec<Value>) {
    let text = std::fs::read_to_string(common::vendored(name)).expect("vendored oracle");
    let mut lines = (text.lines()).map(|l| serde_json::from_str::<Value>(l).expect("JSON"));
    let header = lines.next().expect("a header");
    (header, lines.collect())
}

fn plies(value: &Value) -> Vec<u64> {
    (value.as_array().expect("plies").iter())
        .map(|p| p.as_u64().expect("a ply"))
        .collect()
}

/// A (query, file) line's matches, one entry per game of the file.
fn wanted(case: &Value) -> Matches {
    let games = case["games"].as_u64().expect("games") as usize;
    let mut out = vec![Vec::new(); games];
    for pair in case["matches"].as_array().expect("matches") {
        out[pair[0].as_u64().expect("a game") as usize] = plies(&pair[1]);
    }
    out
}

/// Per file, in the order given, jaque's `check --json` object for each of its games.
fn jaque_games(paths: &[PathBuf]) -> Vec<Vec<Value>> {
    let mut args = vec!["check", "--json"];
    args.extend(paths.iter().map(|p| p.to_str().expect("a UTF-8 path")));
    let done = common::run_jaque(None, &args, None);
    let mut per_file = vec![Vec::new(); paths.len()];
    for line in String::from_utf8_lossy(&done.stdout).lines() {
        let game: Value = serde_json::from_str(line).expect("JSON Lines");
        let Some(file) = game["file"].as_str() else {
            continue;
        };
        let at = (paths.iter().position(|p| p.to_str() == Some(file)))
            .unwrap_or_else(|| panic!("check names a file it was not given: {file}"));
        per_file[at].push(game);
    }
    per_file
}

/// `check --json`'s `plies` of each game, per file.
fn plies_of(games: &[Vec<Value>]) -> Vec<Vec<u64>> {
    (games.iter())
        .map(|file| {
            file.iter()
                .map(|g| g["plies"].as_u64().expect("plies"))
                .collect()
        })
        .collect()
}

/// `jaque query QUERY PATHS --json EXTRA…`: per file, per game, its object (None for a game
/// it did not print: one that does not match).
fn jaque_query(
    query: &str,
    paths: &[PathBuf],
    counts: &[usize],
    extra: &[&str],
) -> Result<Vec<Vec<Option<Value>>>, String> {
    let mut args = vec!["query", query];
    args.extend(paths.iter().map(|p| p.to_str().expect("a UTF-8 path")));
    args.push("--json");
    args.extend(extra);
    let done = common::run_jaque(None, &args, None);
    if !matches!(done.status.code(), Some(0 | 1)) {
        let stderr = String::from_utf8_lossy(&done.stderr);
        return Err(format!("exit {:?}: {stderr}", done.status.code()));
    }
    let starts: Vec<usize> = (0..counts.len())
        .map(|i| counts[..i].iter().sum())
        .collect();
    let mut out: Vec<Vec<Option<Value>>> = counts.iter().map(|&n| vec![None; n]).collect();
    let stdout = String::from_utf8_lossy(&done.stdout);
    let lines: Vec<Value> = (stdout.lines())
        .map(|l| serde_json::from_str(l).expect("JSON Lines"))
        .collect();
    if lines.last().map(|l| l.get("summary").is_some()) != Some(true) {
        return Err("no summary line last".to_string());
    }
    for game in lines.into_iter().filter(|l| l.get("game").is_some()) {
        let index = game["game"].as_u64().expect("a game index") as usize;
        let Some(file) = starts.iter().rposition(|&s| s <= index) else {
            return Err(format!("game {index} is in no file"));
        };
        let Some(slot) = out[file].get_mut(index - starts[file]) else {
            return Err(format!("game {index} is past the last game"));
        };
        *slot = Some(game);
    }
    Ok(out)
}

/// `jaque query QUERY PATHS --json`: per file, per game, the plies matched.
fn jaque_matches(query: &str, paths: &[PathBuf], counts: &[usize]) -> Result<Vec<Matches>, String> {
    let games = jaque_query(query, paths, counts, &[])?;
    Ok((games.iter())
        .map(|file| {
            (file.iter())
                .map(|g| g.as_ref().map(|g| plies(&g["matches"])).unwrap_or_default())
                .collect()
        })
        .collect())
}

/// What a comparison covered, and the files left out.
struct Compared {
    queries: usize,
    games: usize,
    other_length: usize,
    other_games: Vec<String>,
}

/// The oracle's mainline length per game of each file (None: not evaluated), and what the
/// comparison covers: games both readers count alike, those read to other lengths, files
/// whose games they count otherwise.
fn lengths(
    header: &Value,
    names: &[&String],
    jaque_plies: &[Vec<u64>],
) -> (Vec<Vec<Option<u64>>>, Compared) {
    let mut compared = Compared {
        queries: 0,
        games: 0,
        other_length: 0,
        other_games: Vec::new(),
    };
    let mut theirs = Vec::new();
    for (name, ours) in names.iter().zip(jaque_plies) {
        let want: Vec<Option<u64>> = (header["files"][name.as_str()]["plies"].as_array())
            .expect("plies")
            .iter()
            .map(Value::as_u64)
            .collect();
        if want.len() != ours.len() {
            compared.other_games.push((*name).clone());
        } else {
            compared.games += want.iter().filter(|p| p.is_some()).count();
            compared.other_length += (want.iter().zip(ours))
                .filter(|(w, o)| w.is_some_and(|w| w != **o))
                .count();
        }
        theirs.push(want);
    }
    (theirs, compared)
}

/// The oracle's (query, file) lines grouped by query.
fn by_query(cases: &[Value]) -> BTreeMap<&str, Vec<&Value>> {
    let mut out: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
    for case in cases {
        (out.entry(case["query"].as_str().expect("a query")))
            .or_default()
            .push(case);
    }
    out
}

/// Runs every query of the oracle's file over the files of `base` (its names are relative
/// to `base`) and compares each game's matches; panics with every difference.
fn compare(oracle_file: &str, base: &Path) -> Compared {
    let (header, cases) = oracle(oracle_file);
    let files = header["files"].as_object().expect("files");
    let names: Vec<&String> = files.keys().collect();
    let paths: Vec<PathBuf> = names.iter().map(|n| base.join(n)).collect();
    let jaque_plies = plies_of(&jaque_games(&paths));
    let counts: Vec<usize> = jaque_plies.iter().map(Vec::len).collect();
    let (theirs, mut compared) = lengths(&header, &names, &jaque_plies);
    let by_query = by_query(&cases);
    let mut failures = Vec::new();
    for (query, cases) in &by_query {
        let got = match jaque_matches(query, &paths, &counts) {
            Ok(got) => got,
            Err(e) => {
                failures.push(format!("{query}: {e}"));
                continue;
            }
        };
        for case in cases {
            let name = case["file"].as_str().expect("a file");
            let at = names
                .iter()
                .position(|n| *n == name)
                .expect("a file of the header");
            if compared.other_games.iter().any(|n| n == name) {
                continue;
            }
            let context = Context {
                query,
                name,
                ours: &jaque_plies[at],
                theirs: &theirs[at],
            };
            failures.extend(differences(&context, &got[at], &wanted(case)));
        }
        compared.queries += 1;
    }
    let shown: Vec<String> = failures.iter().take(60).cloned().collect();
    assert!(
        failures.is_empty(),
        "{} differences from the python-chess oracle (the first {}):\n{}",
        failures.len(),
        shown.len(),
        shown.join("\n")
    );
    compared
}

/// One query on one file, and both readers' mainline lengths per game.
struct Context<'a> {
    query: &'a str,
    name: &'a str,
    ours: &'a [u64],
    theirs: &'a [Option<u64>],
}

/// Where jaque's matches differ from the oracle's, game by game.
fn differences(context: &Context, got: &Matches, want: &Matches) -> Vec<String> {
    let mut out = Vec::new();
    let looks_ahead = context.query.contains("line");
    for (index, (got, want)) in got.iter().zip(want).enumerate() {
        let Some(theirs) = context.theirs[index] else {
            continue;
        };
        let ours = context.ours[index];
        let common = ours.min(theirs);
        if ours != theirs && looks_ahead {
            continue;
        }
        let within = |plies: &Vec<u64>| -> Vec<u64> {
            plies.iter().copied().filter(|&p| p <= common).collect()
        };
        if within(got) != within(want) {
            out.push(format!(
                "{:?} on {} game {index}: jaque {got:?}, oracle {want:?} (plies: jaque {ours}, \
                 python-chess {theirs})",
                context.query, context.name
            ));
        }
    }
    out
}

#[test]
fn query_matches_the_positions_python_chess_matches() {
    let compared = compare("query/expect.jsonl", &common::vendored(""));
    eprintln!(
        "{} queries, {} games ({} read to other lengths)",
        compared.queries, compared.games, compared.other_length
    );
    assert!(compared.queries >= 90 && compared.games > 1700);
    assert!(
        compared.other_games.is_empty(),
        "{:?}",
        compared.other_games
    );
}

#[test]
fn shared_query_matches_the_positions_python_chess_matches() {
    let Some(shared) = common::shared_data() else {
        return;
    };
    let compared = compare("query/expect_shared.jsonl", &shared);
    eprintln!(
        "{} queries, {} games ({} read to other lengths)",
        compared.queries, compared.games, compared.other_length
    );
    assert!(compared.queries >= 90 && compared.games > 1500);
    assert!(
        compared.other_games.is_empty(),
        "{:?}",
        compared.other_games
    );
}

/// A game's matches with `--variations`: the mainline plies, and the (line, column) of each
/// move inside a variation that reached a matching position, in file order.
#[derive(Debug, Default, PartialEq)]
struct Matched {
    plies: Vec<u64>,
    places: Vec<(u64, u64)>,
}

/// `[[GAME, VALUE], ...]` of the oracle as a map from GAME.
fn by_game(value: &Value) -> BTreeMap<u64, &Value> {
    (value.as_array().expect("[[GAME, VALUE], ...]").iter())
        .map(|pair| (pair[0].as_u64().expect("a game"), &pair[1]))
        .collect()
}

/// A (query, file) line of expect_variations.jsonl, one entry per game of the file.
fn wanted_with_variations(case: &Value) -> Vec<Matched> {
    let games = case["games"].as_u64().expect("games") as usize;
    let mut out: Vec<Matched> = (0..games).map(|_| Matched::default()).collect();
    for (game, found) in by_game(&case["matches"]) {
        out[game as usize].plies = plies(found);
    }
    for (game, found) in by_game(&case["variation_matches"]) {
        out[game as usize].places = (found.as_array().expect("places").iter())
            .map(|p| {
                (
                    p[0].as_u64().expect("a line"),
                    p[1].as_u64().expect("a column"),
                )
            })
            .collect();
    }
    out
}

/// jaque's object for one game (None: not printed, it matched nowhere), or what is wrong
/// with it.
fn got_with_variations(game: Option<&Value>) -> Result<Matched, String> {
    let Some(game) = game else {
        return Ok(Matched::default());
    };
    let Some(found) = game["variation_matches"].as_array() else {
        return Err("no \"variation_matches\" list".to_string());
    };
    if !game["matches"].is_array() {
        return Err("no \"matches\" list".to_string());
    }
    let mut places = Vec::new();
    for place in found {
        match (place["line"].as_u64(), place["column"].as_u64()) {
            (Some(line), Some(column)) => places.push((line, column)),
            _ => return Err(format!("{place} is not a {{\"line\", \"column\"}}")),
        }
    }
    Ok(Matched {
        plies: plies(&game["matches"]),
        places,
    })
}

/// Per game of a file, whether both readers read it alike, so that its matches can be
/// compared: the same mainline length, no doubt about the oracle's reading, and every
/// error of jaque inside a word where python-chess stopped a line, each such word holding
/// one (the header's `stops`: line, column, end column).
fn alike(about: &Value, games: &[Value]) -> Vec<bool> {
    let stops = by_game(&about["stops"]);
    let doubts = by_game(&about["doubts"]);
    let within = |(line, column): (u64, u64), stop: &Value| {
        let at = |i: usize| stop[i].as_u64().expect("a stop's number");
        line == at(0) && (at(1)..at(2)).contains(&column)
    };
    (games.iter().enumerate())
        .map(|(index, game)| {
            let index = index as u64;
            let errors: Vec<(u64, u64)> = (game["diagnostics"].as_array().expect("diagnostics"))
                .iter()
                .filter(|d| d["severity"] == "error")
                .map(|d| {
                    (
                        d["line"].as_u64().unwrap_or(0),
                        d["column"].as_u64().unwrap_or(0),
                    )
                })
                .collect();
            let stops: &[Value] = stops
                .get(&index)
                .and_then(|s| s.as_array())
                .map_or(&[], |s| s);
            about["plies"][index as usize].as_u64() == game["plies"].as_u64()
                && !doubts.contains_key(&index)
                && errors.iter().all(|e| stops.iter().any(|s| within(*e, s)))
                && stops.iter().all(|s| errors.iter().any(|e| within(*e, s)))
        })
        .collect()
}

#[test]
fn query_variations_match_the_positions_python_chess_matches() {
    let (header, cases) = oracle("query/expect_variations.jsonl");
    let files = header["files"].as_object().expect("files");
    let names: Vec<&String> = files.keys().collect();
    let paths: Vec<PathBuf> = names.iter().map(|n| common::vendored(n)).collect();
    let checked = jaque_games(&paths);
    let counts: Vec<usize> = checked.iter().map(Vec::len).collect();
    for (name, count) in names.iter().zip(&counts) {
        assert_eq!(
            files[name.as_str()]["games"],
            *count,
            "{name}: games counted otherwise"
        );
    }
    let alike: Vec<Vec<bool>> = (names.iter().zip(&checked))
        .map(|(name, games)| alike(&files[name.as_str()], games))
        .collect();
    let by_query = by_query(&cases);
    let mut failures = Vec::new();
    for (query, cases) in &by_query {
        let got = match jaque_query(query, &paths, &counts, &["--variations"]) {
            Ok(got) => got,
            Err(e) => {
                failures.push(format!("{query}: {e}"));
                continue;
            }
        };
        for case in cases {
            let name = case["file"].as_str().expect("a file");
            let at = names.iter().position(|n| *n == name).expect("a file");
            let want = wanted_with_variations(case);
            for (index, want) in want.iter().enumerate().filter(|(i, _)| alike[at][*i]) {
                match got_with_variations(got[at][index].as_ref()) {
                    Ok(got) if got == *want => {}
                    Ok(got) => failures.push(format!(
                        "{query:?} on {name} game {index}: jaque {got:?}, oracle {want:?}"
                    )),
                    Err(e) => failures.push(format!("{query:?} on {name} game {index}: {e}")),
                }
            }
        }
    }
    let shown: Vec<String> = failures.iter().take(60).cloned().collect();
    assert!(
        failures.is_empty(),
        "{} differences from the python-chess oracle (the first {}):\n{}",
        failures.len(),
        shown.len(),
        shown.join("\n")
    );
    let compared = alike.iter().flatten().filter(|a| **a).count();
    eprintln!("{} queries, {compared} games read alike", by_query.len());
    assert!(by_query.len() >= 90 && compared > 950);
}
