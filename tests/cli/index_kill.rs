//! `jaque index` killed with SIGKILL at random points (issue 55, "Crash safety tested"): the
//! index left behind opens, holds every file it says is done completely, a partial file as
//! whole commits of `--batch` games, and no part of a game (a game's record without its
//! positions or the reverse); and `jaque index` run again completes it to the very index an
//! uninterrupted run builds.
//!
//! The kills are drawn from a fixed seed (printed) as fractions of the time the
//! uninterrupted run took, so that they land before the first commit, inside a file,
//! between files and after the end; the test counts the rounds killed before the run ended
//! and fails unless 8 of the 20 were, so that it cannot pass without killing anything.

#![cfg(unix)]

use crate::common;
use crate::common::XorShift;
use crate::common::corpus::Corpus;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The seed of the kills' delays.
const SEED: u64 = 0x0055_c0de_dead_beef;
/// Rounds, each a run killed and a run that completes it.
const ROUNDS: usize = 20;
/// Of those, the fewest that must be killed before their run ended.
const KILLED_AT_LEAST: usize = 8;
/// Games a commit (`--batch`).
const BATCH: u64 = 500;
/// The files: name, the corpus's seed, games.
const FILES: [(&str, u64, usize); 3] = [
    ("a.pgn", 71, 3000),
    ("b.pgn", 72, 2000),
    ("c.pgn", 73, 2000),
];
/// SIGKILL's number, the same on every Unix.
const SIGKILL: i32 = 9;
/// Positions deeper in the games (`--moves`), each reached by many of them.
const DEEPER: [&str; 3] = ["e4", "d4 d5", "e4 c5"];

/// What a check of the index finds after a kill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Landed {
    /// No index, or an empty file: nothing was committed.
    Nothing,
    /// A file is partly indexed.
    MidFile,
    /// Every file recorded is done, but not all of them.
    BetweenFiles,
    /// All three files are done (the kill came after the last commit, or none came).
    Finished,
}

#[test]
fn index_kill_leaves_whole_commits_and_a_rerun_completes_the_index() {
    let dir = common::scratch("index_kill");
    let files = make_files(&dir);
    let reference = dir.join("reference.db");
    let started = Instant::now();
    let built = run(&index_args(&reference, &files));
    let took = started.elapsed();
    assert!(built.0, "the uninterrupted run: {}", built.2);
    let want = Snapshot::of(&reference);
    want.check_not_vacuous();
    eprintln!("index_kill: seed {SEED:#x}, uninterrupted run {took:?}");
    let mut rng = XorShift(SEED);
    let mut killed = 0;
    let mut landed = BTreeMap::new();
    for round in 0..ROUNDS {
        // One round in four aims at the first moments (before the first commit).
        let permille = match round % 4 {
            0 => rng.below(40),
            _ => rng.below(1250),
        };
        let delay = took.mul_f64(permille as f64 / 1000.0);
        let db = dir.join(format!("round{round}.db"));
        let was_killed = kill_after(&index_args(&db, &files), delay);
        killed += usize::from(was_killed);
        let at = check_after_kill(&db, &want, round);
        eprintln!("index_kill: round {round}: {delay:?}, killed {was_killed}: {at:?}");
        *landed.entry(at).or_insert(0) += 1;
        let done = run(&index_args(&db, &files));
        assert!(done.0, "round {round}: the run again: {}", done.2);
        Snapshot::of(&db).check_same(&want, round);
        let _ = std::fs::remove_file(&db);
    }
    eprintln!("index_kill: {killed} of {ROUNDS} rounds killed mid-run; landed {landed:?}");
    assert!(
        killed >= KILLED_AT_LEAST,
        "only {killed} of {ROUNDS} rounds were killed before their run ended"
    );
    assert!(
        landed.contains_key(&Landed::MidFile),
        "no kill landed inside a file: {landed:?}"
    );
}

/// Writes the three files of made-up games; their paths.
fn make_files(dir: &Path) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for (name, seed, games) in FILES {
        let path = dir.join(name);
        let mut bytes = Vec::new();
        Corpus::new(seed)
            .write(games, &mut bytes)
            .expect("in memory");
        std::fs::write(&path, bytes).expect("writable");
        paths.push(path);
    }
    paths
}

fn utf8(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// `index DB FILE… --batch 500 --jobs 2`.
fn index_args(db: &Path, files: &[PathBuf]) -> Vec<String> {
    let mut args = vec!["index".to_owned(), utf8(db)];
    args.extend(files.iter().map(|f| utf8(f)));
    args.extend(["--batch", &BATCH.to_string(), "--jobs", "2", "--quiet"].map(str::to_owned));
    args
}

/// Runs jaque to its end: whether it exited 0, its standard output and error.
fn run(args: &[String]) -> (bool, String, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::run_jaque(None, &args, None);
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

/// Starts jaque and sends it SIGKILL after `delay` unless it ended first: whether the
/// signal ended it (a run that ended first must have succeeded).
fn kill_after(args: &[String], delay: Duration) -> bool {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("jaque runs");
    std::thread::sleep(delay);
    if child.try_wait().expect("waitable").is_none() {
        // `Child::kill` sends SIGKILL on Unix (it may find the run just ended).
        child.kill().expect("killable");
    }
    let status = child.wait().expect("jaque ends");
    let killed = status.signal() == Some(SIGKILL);
    assert!(killed || status.success(), "jaque ended with {status}");
    killed
}

/// What the index says after a kill, checked against the uninterrupted run's.
fn check_after_kill(db: &Path, want: &Snapshot, round: usize) -> Landed {
    // A kill before the first commit may leave no file (a new index is renamed into place
    // whole), or, from another writer, an empty one: nothing was indexed, and the run
    // again starts anew.
    if std::fs::metadata(db).map_or(true, |m| m.len() == 0) {
        return Landed::Nothing;
    }
    let stats = stats(db).unwrap_or_else(|e| panic!("round {round}: the index after a kill: {e}"));
    let records = stats["files"].as_array().expect("files");
    let (indexed, partial) = check_records(records, want, round);
    assert_eq!(
        stats["games"].as_u64(),
        Some(indexed),
        "round {round}: the games counted are not the files' indexed games: {stats}"
    );
    let start = tree(db, None);
    assert_eq!(
        start["games"].as_u64(),
        Some(indexed),
        "round {round}: the start position's games are not the files' indexed games"
    );
    for (moves, whole) in DEEPER.iter().zip(&want.deeper) {
        let got = tree(db, Some(moves));
        check_at_most(&got, whole, &format!("round {round}: after {moves}"));
    }
    match (partial, records.len()) {
        (true, _) => Landed::MidFile,
        (false, 0) => Landed::Nothing,
        (false, n) if n < FILES.len() => Landed::BetweenFiles,
        (false, _) => Landed::Finished,
    }
}

/// Checks the files' records after a kill: in order, each done one as the whole run has it,
/// at most one partial, the last, of whole batches. Their indexed games, and whether one is
/// partial.
fn check_records(records: &[Value], want: &Snapshot, round: usize) -> (u64, bool) {
    let count = |r: &Value, field: &str| r[field].as_u64().expect("a count");
    let (mut indexed, mut partial) = (0, false);
    for (i, record) in records.iter().enumerate() {
        let name = basename(&record["path"]);
        let expected = FILES.get(i).map(|f| f.0);
        assert_eq!(
            Some(name.as_str()),
            expected,
            "round {round}: files in order"
        );
        let whole = &want.stats["files"][i];
        if record["done"] == Value::Bool(true) {
            assert_eq!(
                record, whole,
                "round {round}: {name} done, not as a whole run"
            );
        } else {
            assert_eq!(
                i + 1,
                records.len(),
                "round {round}: {name} partial, not last"
            );
            partial = true;
            let (games, new) = (count(record, "games"), count(record, "indexed"));
            // All its games may be in: the commit that marks it done comes after the last
            // full batch's, and a kill may land between them.
            assert!(games <= count(whole, "games"), "round {round}: {record}");
            assert!(
                new > 0 && new % BATCH == 0,
                "round {round}: {name}: not whole batches: {record}"
            );
            let read = new + count(record, "duplicates") + count(record, "unplayable");
            assert_eq!(read, games, "round {round}: {name}: {record}");
        }
        indexed += count(record, "indexed");
    }
    (indexed, partial)
}

/// Every count of a partial index's tree at most the whole one's, move by move.
fn check_at_most(got: &Value, whole: &Value, what: &str) {
    let n = |v: &Value, field: &str| v[field].as_u64().unwrap_or(u64::MAX);
    for field in ["games", "white", "draws", "black"] {
        assert!(
            n(got, field) <= n(whole, field),
            "{what}: {field}: {got} > {whole}"
        );
    }
    let wanted = whole["moves"].as_array().expect("moves");
    for mv in got["moves"].as_array().expect("moves") {
        let other = wanted.iter().find(|w| w["uci"] == mv["uci"]);
        let other = other.unwrap_or_else(|| panic!("{what}: {mv} not in {whole}"));
        assert!(
            n(mv, "games") <= n(other, "games"),
            "{what}: {mv} > {other}"
        );
    }
}

/// What is compared between a completed index and the uninterrupted run's.
#[derive(Debug)]
struct Snapshot {
    /// `--stats --json`, without the file's size in bytes (compaction may leave another).
    stats: Value,
    start: Value,
    deeper: Vec<Value>,
    /// `find --json --limit 5` after the first of [`DEEPER`]: file names, offsets, lines,
    /// plies, and the summary.
    found: Vec<Value>,
}

impl Snapshot {
    fn of(db: &Path) -> Snapshot {
        let mut stats = stats(db).expect("a completed index opens");
        stats.as_object_mut().expect("an object").remove("bytes");
        Snapshot {
            stats,
            start: tree(db, None),
            deeper: DEEPER.iter().map(|m| tree(db, Some(m))).collect(),
            found: find(db, DEEPER[0]),
        }
    }

    /// Fails, naming the first thing that differs, unless `self` is `want`.
    fn check_same(&self, want: &Snapshot, round: usize) {
        let what = format!("round {round}: completed, the index differs from a whole run's");
        assert_eq!(self.stats, want.stats, "{what}: --stats");
        assert_eq!(self.start, want.start, "{what}: the start position's tree");
        for ((moves, got), whole) in DEEPER.iter().zip(&self.deeper).zip(&want.deeper) {
            assert_eq!(got, whole, "{what}: the tree after {moves}");
        }
        assert_eq!(self.found, want.found, "{what}: find after {}", DEEPER[0]);
    }

    /// Fails unless the reference holds all the files and the positions checked are
    /// reached by many games, so that the checks above compare something.
    fn check_not_vacuous(&self) {
        let files = self.stats["files"].as_array().expect("files");
        assert_eq!(files.len(), FILES.len(), "{}", self.stats);
        for (record, (name, _, games)) in files.iter().zip(FILES) {
            assert_eq!(basename(&record["path"]), name);
            assert_eq!(record["games"].as_u64(), Some(games as u64), "{record}");
            assert_eq!(record["done"], Value::Bool(true), "{record}");
        }
        for (moves, tree) in DEEPER.iter().zip(&self.deeper) {
            let games = tree["games"].as_u64().unwrap_or(0);
            assert!(games >= 100, "after {moves}: only {games} games");
        }
        assert_eq!(
            self.found.len(),
            6,
            "five games and the summary: {:?}",
            self.found
        );
    }
}

/// `index DB --stats --json`, or what went wrong.
fn stats(db: &Path) -> Result<Value, String> {
    let (ok, out, err) = run(&["index".into(), utf8(db), "--stats".into(), "--json".into()]);
    if !ok {
        return Err(format!("--stats failed: {err}"));
    }
    serde_json::from_str(out.trim()).map_err(|e| format!("--stats: {e}: {out}"))
}

/// `tree DB [--moves SAN] --json`.
fn tree(db: &Path, moves: Option<&str>) -> Value {
    let mut args = vec!["tree".to_owned(), utf8(db), "--json".to_owned()];
    if let Some(moves) = moves {
        args.extend(["--moves".to_owned(), moves.to_owned()]);
    }
    let (ok, out, err) = run(&args);
    assert!(ok, "tree {moves:?}: {err}");
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("tree {moves:?}: {e}: {out}"))
}

/// `find DB --moves SAN --json --limit 5`: each game's file name, offset, line and ply,
/// then the summary.
fn find(db: &Path, moves: &str) -> Vec<Value> {
    let args = [
        "find",
        &utf8(db),
        "--moves",
        moves,
        "--json",
        "--limit",
        "5",
    ]
    .map(str::to_owned);
    let (ok, out, err) = run(&args);
    assert!(ok, "find {moves}: {err}");
    let line = |l: &str| -> Value {
        let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("find: {e}: {l}"));
        match v.get("summary") {
            Some(_) => v,
            None => serde_json::json!({"file": basename(&v["file"]), "offset": v["offset"],
                                       "line": v["line"], "ply": v["ply"]}),
        }
    };
    out.lines().map(line).collect()
}

/// The last component of a JSON string path.
fn basename(path: &Value) -> String {
    let path = path.as_str().expect("a path");
    Path::new(path)
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}
