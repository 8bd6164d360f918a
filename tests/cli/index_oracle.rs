//! `jaque index`, `jaque tree` and `jaque find` against python-chess (issue 55, "Done when"):
//! `tools/gen/gen_index_oracle.py` read the games with python-chess 1.11.2 and wrote, for
//! thousands of positions drawn at random (many of them the opening positions thousands of
//! games share), the games, results and moves `tree` must count and the first games `find`
//! must list, by CONTRACT.md's rules ("Index"); tests/data/index/README.md says how.
//!
//! - `oracle.jsonl`: 100,000 made-up games (`tests/common/corpus.rs`, seed 55) in
//!   `corpus.pgn`, and every 500th of them again in `again.pgn`, which must count once. The
//!   test makes the two files again and checks their sizes and FNV-1a hashes against the
//!   oracle's header before it asks jaque anything.
//! - `oracle_shared.jsonl`: the real files of `../shared/data/pgn/real` (sorted, but two
//!   python-chess cuts into other games than jaque), each indexed as a file of its own.
//!
//! Every position is asked through the real binary (`tree DB --fen EPD --json`, `find DB
//! --fen EPD --json --limit 20`), and every mismatch is collected: the failure names the
//! first few and how many there are.

use crate::common;
use crate::common::corpus::Corpus;

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// Every how many games of `corpus.pgn` one is written again to `again.pgn` (the
/// generator's AGAIN_EVERY).
const AGAIN_EVERY: usize = 500;
/// How many games `find` lists (the generator's FIRST).
const FIRST: usize = 20;
/// How many mismatches a failure shows.
const SHOWN: usize = 10;

#[test]
fn index_oracle_tree_and_find_agree_with_python_chess_on_the_made_up_corpus() {
    let (header, answers) = oracle("oracle.jsonl");
    let corpus = &header["corpus"];
    let dir = common::scratch("index_oracle");
    let seed = corpus["seed"].as_u64().expect("a seed");
    let games = corpus["games"].as_u64().expect("a number of games") as usize;
    let paths = make_corpus(&dir, seed, games);
    check_files(
        &paths,
        &corpus["files"],
        "tools/gen/corpus (tests/common/corpus.rs)",
    );
    let db = dir.join("db");
    // Small commits, so that the answers come from segments merged after the run.
    index(&db, &paths, &["--batch", "7000"]);
    let stats = run(&[
        "index",
        db.to_str().expect("a UTF-8 path"),
        "--stats",
        "--json",
    ]);
    let stats: Value = serde_json::from_str(&stats.expect("--stats")).expect("JSON");
    let segments = stats["segments"].as_u64().expect("segments");
    assert!(
        segments <= 3,
        "{segments} segments: the 15 commits were not merged"
    );
    report(check_all(&db, &answers), answers.len());
}

#[test]
fn index_oracle_shared_real_files_agree_with_python_chess() {
    let Some(shared) = common::shared_data() else {
        return;
    };
    let (header, answers) = oracle("oracle_shared.jsonl");
    let files = &header["shared"]["files"];
    let dir = shared.join(header["shared"]["dir"].as_str().expect("a directory"));
    let paths: Vec<PathBuf> = (files.as_array().expect("files").iter())
        .map(|file| dir.join(file["name"].as_str().expect("a name")))
        .collect();
    check_files(
        &paths,
        files,
        "../shared/data/pgn/real (the shared files changed)",
    );
    let db = common::scratch("index_oracle_shared").join("db");
    index(&db, &paths, &[]);
    report(check_all(&db, &answers), answers.len());
}

/// The oracle's file: its header and one answer a position.
fn oracle(name: &str) -> (Value, Vec<Value>) {
    let path = common::vendored("index").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = (text.lines()).map(|l| serde_json::from_str::<Value>(l).expect("JSON"));
    let header = lines.next().expect("a header");
    (header, lines.collect())
}

/// FNV-1a, 64 bits, as the generator writes it: 16 hex digits.
fn fnv1a64(bytes: &[u8]) -> String {
    let hash = (bytes.iter()).fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// Writes `corpus.pgn` (`games` games from `seed`) and `again.pgn` (every AGAIN_EVERY-th of
/// them again) to `dir`, as the generator does; returns their paths.
fn make_corpus(dir: &Path, seed: u64, games: usize) -> Vec<PathBuf> {
    let (corpus_path, again_path) = (dir.join("corpus.pgn"), dir.join("again.pgn"));
    let mut corpus = Vec::new();
    let mut again = Vec::new();
    let mut maker = Corpus::new(seed);
    let mut text = String::new();
    for game in 0..games {
        text.clear();
        maker.game(&mut text);
        corpus.extend_from_slice(text.as_bytes());
        if game % AGAIN_EVERY == 0 {
            again.extend_from_slice(text.as_bytes());
        }
    }
    for (path, bytes) in [(&corpus_path, &corpus), (&again_path, &again)] {
        let mut file = std::fs::File::create(path).expect("writable");
        file.write_all(bytes).expect("written");
    }
    vec![corpus_path, again_path]
}

/// Fails, naming where the files come from, unless each is the one the oracle was computed
/// on (same name, size and FNV-1a hash).
fn check_files(paths: &[PathBuf], wanted: &Value, source: &str) {
    let wanted = wanted.as_array().expect("the oracle's files");
    assert_eq!(paths.len(), wanted.len(), "the oracle's files");
    for (path, want) in paths.iter().zip(wanted) {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let got = json!({"name": basename(&path.to_string_lossy()), "bytes": bytes.len(),
                         "fnv1a64": fnv1a64(&bytes)});
        let want = json!({"name": want["name"], "bytes": want["bytes"],
                          "fnv1a64": want["fnv1a64"]});
        assert_eq!(
            got,
            want,
            "{} is not the file the oracle was computed on: {source} makes other bytes than \
             when tools/gen/gen_index_oracle.py ran; run it again (tests/data/index/README.md)",
            path.display()
        );
    }
}

/// `jaque index DB FILE… MORE…`, which must succeed.
fn index(db: &Path, paths: &[PathBuf], more: &[&str]) {
    let mut args = vec!["index", db.to_str().expect("a UTF-8 path")];
    args.extend(paths.iter().map(|p| p.to_str().expect("a UTF-8 path")));
    args.extend(more);
    let done = common::run_jaque(None, &args, None);
    assert_eq!(
        done.status.code(),
        Some(0),
        "jaque index: {}",
        String::from_utf8_lossy(&done.stderr)
    );
}

/// Every position of the oracle asked of jaque, over a few threads: each mismatch, in the
/// oracle's order.
fn check_all(db: &Path, answers: &[Value]) -> Vec<String> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let mut found: Vec<(usize, String)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    (answers.iter().enumerate().skip(first).step_by(threads))
                        .flat_map(|(at, answer)| {
                            check_position(db, answer).into_iter().map(move |m| (at, m))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        (workers.into_iter())
            .flat_map(|worker| worker.join().expect("a worker ends"))
            .collect()
    });
    found.sort_by_key(|(at, _)| *at);
    found.into_iter().map(|(_, mismatch)| mismatch).collect()
}

/// Fails with the first mismatches and their number, if there are any.
fn report(mismatches: Vec<String>, positions: usize) {
    assert!(
        mismatches.is_empty(),
        "{} mismatches with python-chess over {positions} positions; the first:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(SHOWN)].join("\n")
    );
}

/// One position: `tree` and `find` asked of jaque and compared with the oracle's answer.
fn check_position(db: &Path, answer: &Value) -> Vec<String> {
    let fen = answer["fen"].as_str().expect("a position");
    let db = db.to_str().expect("a UTF-8 path");
    let limit = FIRST.to_string();
    let mut out = Vec::new();
    match run(&["tree", db, "--fen", fen, "--json"]) {
        Ok(stdout) => match serde_json::from_str::<Value>(stdout.trim()) {
            Ok(tree) => out.extend(tree_mismatches(&answer["tree"], &tree)),
            Err(e) => out.push(format!("tree: not one JSON object ({e}): {stdout}")),
        },
        Err(failed) => out.push(format!("tree: {failed}")),
    }
    match run(&["find", db, "--fen", fen, "--json", "--limit", &limit]) {
        Ok(stdout) => {
            let lines: Result<Vec<Value>, _> = stdout.lines().map(serde_json::from_str).collect();
            match lines {
                Ok(lines) => out.extend(find_mismatches(&answer["find"], &lines)),
                Err(e) => out.push(format!("find: not JSON Lines ({e}): {stdout}")),
            }
        }
        Err(failed) => out.push(format!("find: {failed}")),
    }
    (out.into_iter()).map(|m| format!("{fen}: {m}")).collect()
}

/// `jaque ARGS`'s standard output, or why it failed.
fn run(args: &[&str]) -> Result<String, String> {
    let done = common::run_jaque(None, args, None);
    match done.status.code() {
        Some(0) => Ok(String::from_utf8_lossy(&done.stdout).into_owned()),
        code => Err(format!(
            "exit {code:?}: {}",
            String::from_utf8_lossy(&done.stderr).trim()
        )),
    }
}

/// Where `tree`'s counts or moves differ from the oracle's (fields the contract does not
/// name are ignored).
fn tree_mismatches(want: &Value, got: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let (want_counts, got_counts) = (counts(want), counts(got));
    if want_counts != got_counts {
        out.push(format!(
            "tree games/white/draws/black: jaque {got_counts}, python-chess {want_counts}"
        ));
    }
    let (want_moves, got_moves) = (moves(want), moves(got));
    if want_moves != got_moves {
        out.push(format!(
            "tree moves: jaque {got_moves}, python-chess {want_moves}"
        ));
    }
    out
}

/// An object's games, white, draws and black, as `g/w/d/b` (`?` for one missing).
fn counts(value: &Value) -> String {
    (["games", "white", "draws", "black"].iter())
        .map(|key| {
            value[key]
                .as_u64()
                .map_or("?".to_string(), |n| n.to_string())
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A tree's moves in order, each as `SAN (UCI) g/w/d/b`.
fn moves(tree: &Value) -> String {
    let Some(moves) = tree["moves"].as_array() else {
        return "no moves list".to_string();
    };
    let each = moves.iter().map(|m| {
        let word = |key: &str| m[key].as_str().unwrap_or("?").to_string();
        format!("{} ({}) {}", word("san"), word("uci"), counts(m))
    });
    format!("[{}]", each.collect::<Vec<_>>().join(", "))
}

/// Where `find`'s games (file name, offset, line, ply, in order) or its summary's total
/// differ from the oracle's.
fn find_mismatches(want: &Value, lines: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    let place = |g: &Value| {
        let file = g["file"].as_str().map_or("?".to_string(), basename);
        format!("{file}@{}:{} ply {}", g["offset"], g["line"], g["ply"])
    };
    let (summaries, games): (Vec<&Value>, Vec<&Value>) =
        lines.iter().partition(|l| l.get("summary").is_some());
    let got: Vec<String> = games.into_iter().map(place).collect();
    let wanted: Vec<String> = (want["first"].as_array().into_iter().flatten())
        .map(place)
        .collect();
    if got != wanted {
        out.push(format!(
            "find games: jaque [{}], python-chess [{}]",
            got.join(", "),
            wanted.join(", ")
        ));
    }
    match summaries.as_slice() {
        [summary] if lines.last() == Some(summary) => {
            let total = &summary["summary"]["games"];
            if total != &want["games"] {
                out.push(format!(
                    "find summary games: jaque {total}, python-chess {}",
                    want["games"]
                ));
            }
        }
        _ => out.push(format!("find: {} summaries, not one last", summaries.len())),
    }
    out
}

/// A path's file name (the index may record the path it was given).
fn basename(path: &str) -> String {
    let name = Path::new(path).file_name().map(|n| n.to_string_lossy());
    name.map_or_else(|| path.to_string(), |n| n.into_owned())
}

/// The comparison itself: an answer as jaque would print it passes, each doctored one is
/// caught.
#[test]
fn index_oracle_comparison_catches_doctored_answers() {
    let (_, answers) = oracle("oracle.jsonl");
    let answer = (answers.iter())
        .find(|a| a["tree"]["moves"].as_array().is_some_and(|m| m.len() >= 2))
        .expect("a position with two moves");
    let mut tree = answer["tree"].clone();
    tree["fen"] = answer["fen"].clone();
    tree["moves"][0]["average_rating"] = json!(1500);
    assert_eq!(
        tree_mismatches(&answer["tree"], &tree),
        Vec::<String>::new()
    );
    let mut swapped = tree.clone();
    swapped["moves"].as_array_mut().expect("moves").swap(0, 1);
    assert_eq!(tree_mismatches(&answer["tree"], &swapped).len(), 1);
    let mut miscounted = tree.clone();
    miscounted["white"] = json!(tree["white"].as_u64().expect("white") + 1);
    miscounted["moves"][1]["draws"] = json!(7_000_000);
    assert_eq!(tree_mismatches(&answer["tree"], &miscounted).len(), 2);

    let find = &answer["find"];
    let mut lines: Vec<Value> = (find["first"].as_array().expect("first").iter())
        .map(|g| {
            let mut g = g.clone();
            g["file"] = json!(format!("/some/dir/{}", g["file"].as_str().expect("a file")));
            g["tags"] = json!({"Event": "x"});
            g
        })
        .collect();
    lines.push(json!({"summary": {"games": find["games"]}}));
    assert_eq!(find_mismatches(find, &lines), Vec::<String>::new());
    let mut moved = lines.clone();
    moved[0]["offset"] = json!(moved[0]["offset"].as_u64().expect("offset") + 1);
    assert_eq!(find_mismatches(find, &moved).len(), 1);
    let mut reordered = lines.clone();
    reordered.swap(0, 1);
    assert_eq!(find_mismatches(find, &reordered).len(), 1);
    let mut wrong_total = lines.clone();
    *wrong_total.last_mut().expect("a summary") = json!({"summary": {"games": 0}});
    assert_eq!(find_mismatches(find, &wrong_total).len(), 1);
    assert_eq!(find_mismatches(find, &lines[..lines.len() - 1]).len(), 1);
}
