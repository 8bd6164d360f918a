//! Shared by the integration tests: EPD perft files, the shared data directory and the
//! index's made-up corpus.

#![allow(dead_code)]

pub mod corpus;

use std::path::PathBuf;

/// One EPD line: a FEN and the expected leaf counts by depth.
pub struct PerftCase {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
    pub line: usize,
}

/// Reads `FEN ;D1 20 ;D2 400 ...` lines (CRLF and `#` comments tolerated).
pub fn read_epd(path: &std::path::Path) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let counts = parts
            .map(|part| {
                let mut words = part.split_whitespace();
                let depth = words
                    .next()
                    .and_then(|d| d.strip_prefix('D'))
                    .and_then(|d| d.parse().ok());
                let count = words.next().and_then(|c| c.parse().ok());
                match (depth, count) {
                    (Some(d), Some(c)) => (d, c),
                    _ => panic!("{}:{}: bad count {part:?}", path.display(), index + 1),
                }
            })
            .collect();
        cases.push(PerftCase {
            fen,
            counts,
            line: index + 1,
        });
    }
    cases
}

/// Checks every (position, depth) whose expected count is at most `max_nodes`; returns how
/// many counts and nodes were checked. Panics with every mismatch listed.
pub fn check_perft(cases: &[PerftCase], chess960: bool, max_nodes: u64) -> (usize, u64) {
    let mut failures = Vec::new();
    let (mut checked, mut nodes) = (0, 0);
    for case in cases {
        let position = jaque::Position::from_fen_with(&case.fen, chess960)
            .unwrap_or_else(|e| panic!("line {}: {}: {e}", case.line, case.fen));
        for &(depth, expected) in &case.counts {
            if expected > max_nodes {
                continue;
            }
            let got = jaque::perft::perft(&position, depth);
            checked += 1;
            nodes += expected;
            if got != expected {
                failures.push(format!(
                    "line {}: {} D{depth}: expected {expected}, got {got}",
                    case.line, case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (checked, nodes)
}

/// `../shared/data` beside the repository, if it is there; where it is not, the caller (a
/// test whose name says it reads shared data) skips what reads it, and says so.
pub fn shared_data() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if path.is_dir() {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED: {} is absent: what this test reads of the project's shared data is not \
             read (CI always has it)",
            path.display()
        );
        None
    }
}

/// A directory of its own under the target directory for one test, emptied.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("writable");
    dir
}

/// A file of the vendored test data.
pub fn vendored(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The default lint levels but for the export-format lints of the tag section
/// (`missing_tag`, `tag_format`, `duplicate_tag`), for tests about moves whose games were
/// written with short tag sections on purpose (`tests/library/tags.rs` tests those lints).
pub fn without_tag_lints() -> jaque::lint::Lints {
    let mut lints = jaque::lint::Lints::default();
    for code in ["missing_tag", "tag_format", "duplicate_tag"] {
        lints.set(code, jaque::lint::Level::Allow).expect("a lint");
    }
    lints
}

/// A vendored PGN file checked game by game (without the tag lints), and its expectations: the `.expect.jsonl` file
/// of the same name (a header line, then one line per game), with the header's game count
/// checked against the lines and the number of games read.
pub fn checked_with_expectations(
    name: &str,
) -> (
    Vec<jaque::pgn::GameReport>,
    serde_json::Value,
    Vec<serde_json::Value>,
) {
    let pgn = std::fs::read(vendored(&format!("pgn/{name}.pgn"))).expect("vendored PGN");
    let expect = std::fs::read_to_string(vendored(&format!("pgn/{name}.expect.jsonl")))
        .expect("vendored expectations");
    let mut lines = expect
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"));
    let header = lines.next().expect("header");
    let expected: Vec<serde_json::Value> = lines.collect();
    assert_eq!(header["games"].as_u64(), Some(expected.len() as u64));
    let reports: Vec<_> = jaque::pgn::Splitter::new(&pgn[..])
        .map(|g| {
            let mut report = jaque::pgn::check_game(&g.expect("in memory"), &Default::default());
            report.apply(&without_tag_lints());
            report
        })
        .collect();
    assert_eq!(
        reports.len(),
        expected.len(),
        "every game is read, none merged or split"
    );
    (reports, header, expected)
}

/// xorshift64: a small deterministic generator, so that random tests draw the same cases
/// every run.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// A window of `bytes` from a random start: `least` bytes and up to `more` besides, as
    /// many as there are.
    pub fn window<'a>(&mut self, bytes: &'a [u8], least: usize, more: usize) -> &'a [u8] {
        let start = self.below(bytes.len());
        let end = (start + least + self.below(more)).min(bytes.len());
        &bytes[start..end]
    }

    /// One of `items`, by the next number's high bits (xorshift's low bits are its weakest).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() >> 40) as usize % items.len()]
    }
}

/// The files of `dir` with extension `ext`, sorted.
pub fn files_with_extension(dir: &std::path::Path, ext: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    paths.sort();
    paths
}

/// A status in the CLI contract's words (`status` in `jaque check --json`; see
/// ../shared/CONTRACT.md): the seventy-five-move and fivefold rules are reported as the
/// fifty-move and threefold ones they imply.
pub fn contract_status(status: jaque::Status) -> &'static str {
    use jaque::Status;
    match status {
        Status::SeventyFiveMoves => Status::FiftyMoves.code(),
        Status::FivefoldRepetition => Status::ThreefoldRepetition.code(),
        other => other.code(),
    }
}

/// The UCI moves from the start to move `index` of `record`, following each move's `prev`.
pub fn path(record: &jaque::pgn::GameRecord, index: usize) -> Vec<String> {
    use jaque::pgn::Verdict;
    let chess960 = record.start_position().is_some_and(|p| p.is_chess960());
    let mut path = Vec::new();
    let mut at = Some(index);
    while let Some(i) = at {
        let m = &record.moves()[i];
        path.push(match m.verdict {
            Verdict::Played(mv) => mv.uci(chess960).to_string(),
            Verdict::Null => "0000".to_string(),
            other => panic!("move {i} on a path was not played: {other:?}"),
        });
        at = m.prev;
    }
    path.reverse();
    path
}

/// Every line of play of `record` with a move, and the mainline, as its path from the start
/// (python-chess's form in `record.expect.jsonl`), sorted.
pub fn lines_of_play(record: &jaque::pgn::GameRecord) -> Vec<Vec<String>> {
    use jaque::pgn::Verdict;
    let mut last = std::collections::BTreeMap::new();
    for (index, m) in record.moves().iter().enumerate() {
        if matches!(m.verdict, Verdict::Played(_) | Verdict::Null) {
            last.insert(m.line, index);
        }
    }
    let mut lines: Vec<Vec<String>> = last.values().map(|&i| path(record, i)).collect();
    // The mainline, even without a move.
    if !last.contains_key(&0) {
        lines.push(Vec::new());
    }
    lines.sort();
    lines
}

/// Bytes that mean something to a PGN or SAN reader, and a few that are not ASCII.
pub const SPECIAL: &[u8] =
    b"[]{}();%$\"\\\n\r\t .-/*+#=!?xO0123456789KQRBNPabcdefgh\xff\xc3\xa9\xe2\x99\x98";

/// `input` with a few runs of NUL bytes put in, at random places: what a fuzzer puts in a
/// comment or a tag value.
pub fn with_nul_runs(rng: &mut XorShift, input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(out.len() + 1);
        let run = 1 + rng.below(600);
        out.splice(at..at, std::iter::repeat_n(0, run));
    }
    out
}

/// A few random edits of `text`: flipped, deleted, inserted and duplicated bytes.
pub fn mutate(rng: &mut XorShift, text: &[u8]) -> Vec<u8> {
    let mut out = text.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(out.len() + 1);
        match rng.below(6) {
            0 if at < out.len() => out[at] = SPECIAL[rng.below(SPECIAL.len())],
            1 => {
                let end = (at + rng.below(40)).min(out.len());
                out.drain(at..end);
            }
            2 => {
                let byte = SPECIAL[rng.below(SPECIAL.len())];
                let most = if rng.below(10) == 0 { 300 } else { 3 };
                let times = 1 + rng.below(most);
                out.splice(at..at, std::iter::repeat_n(byte, times));
            }
            3 => {
                let end = (at + rng.below(200)).min(out.len());
                let copy = out[at..end].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, copy);
            }
            4 => out.truncate(at),
            _ => {
                if at < out.len() {
                    out[at] ^= 1 << rng.below(8);
                }
            }
        }
    }
    out
}

/// What real files hold that export PGN does not (issue 31): markers glued to moves or
/// written `1/2`, tags on one line or after a marker, comments with tag-like lines or
/// never closed, move numbers without periods, glyphs, `e.p.` apart, runs of stray braces,
/// variants, tags alone.
pub const AS_WRITTEN: &[&str] = &[
    "*",
    "1-0[Event \"B\"]",
    " 1/2 ",
    " ½-½\n",
    "[Event \"x\"] [Site \"y\"]",
    "\n; c\n",
    "{\n[C54]\nintro\n}",
    "{ [Event \"q\"]\n1. e4 * }",
    "{",
    "}}}}",
    " 12 ",
    " e.p. ",
    "‼",
    " ± ",
    "2…",
    "\n\n[Event \"t\"]\n\n",
    "[Variant \"Crazyhouse\"]\n",
    "(",
    ")",
    " 1-0) ",
    "\n%escape\n",
    "\u{1}",
    "\"",
];

/// A few edits of `text` as real files are written: pieces of [`AS_WRITTEN`] inserted, and
/// its line ends turned into carriage returns, carriage returns and line feeds, or a mix.
pub fn mutate_as_written(rng: &mut XorShift, text: &[u8]) -> Vec<u8> {
    let mut out = text.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        let piece = AS_WRITTEN[rng.below(AS_WRITTEN.len())].as_bytes();
        out.splice(at..at, piece.iter().copied());
    }
    let line_end: &[u8] = match rng.below(4) {
        0 => b"\r",
        1 => b"\r\n",
        _ => return out,
    };
    let mixed = rng.below(2) == 0;
    let mut ended = Vec::with_capacity(out.len() * 2);
    for &byte in &out {
        match byte {
            b'\n' if !mixed || rng.below(2) == 0 => ended.extend_from_slice(line_end),
            _ => ended.push(byte),
        }
    }
    ended
}

/// The first game of `tests/data/pgn/variations.pgn` (to the newline after it) and
/// python-chess's FENs after each of its mainline moves (`record.expect.jsonl`).
pub fn first_variations_game() -> (String, Vec<String>) {
    let pgn = std::fs::read_to_string(vendored("pgn/variations.pgn")).expect("vendored");
    let end = pgn[1..].find("\n[Event").map_or(pgn.len(), |i| i + 2);
    let oracle = std::fs::read_to_string(vendored("pgn/record.expect.jsonl")).expect("vendored");
    let record: serde_json::Value = oracle
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find(|v| v["file"] == "variations.pgn" && v["game"] == 0)
        .expect("the first game's record");
    let fens = record["fens"]
        .as_array()
        .expect("fens")
        .iter()
        .map(|f| f.as_str().unwrap_or_default().to_string())
        .collect();
    (pgn[..end].to_string(), fens)
}

/// Runs the built `jaque ARGS` in `dir` (or here) with `input` on standard input (or none)
/// and waits for it. The input is written on its own thread, so a large input cannot
/// deadlock against a full output pipe, and jaque may stop reading early (a refused input)
/// without failing the test here: its exit code and output say what it did.
pub fn run_jaque(
    dir: Option<&std::path::Path>,
    args: &[&str],
    input: Option<&[u8]>,
) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut command = Command::new(env!("CARGO_BIN_EXE_jaque"));
    command
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("jaque runs");
    let writer = match (child.stdin.take(), input) {
        (Some(mut stdin), Some(input)) => {
            let input = input.to_vec();
            Some(std::thread::spawn(move || {
                let _ = stdin.write_all(&input);
            }))
        }
        _ => None,
    };
    let output = child.wait_with_output().expect("jaque ends");
    if let Some(writer) = writer {
        writer.join().expect("the input writer ends");
    }
    output
}

/// A command's JSON Lines output: each game's object without the fields `drop` names, and
/// the summary (the object under `"summary"`; null when there is none).
pub fn json_lines(stdout: &[u8], drop: &[&str]) -> (Vec<serde_json::Value>, serde_json::Value) {
    let mut games = Vec::new();
    let mut summary = serde_json::Value::Null;
    for line in String::from_utf8_lossy(stdout).lines() {
        let mut value: serde_json::Value = serde_json::from_str(line).expect("JSON lines");
        match value.get("summary") {
            Some(found) => summary = found.clone(),
            None => {
                let object = value.as_object_mut().expect("an object");
                for field in drop {
                    object.remove(*field);
                }
                games.push(value);
            }
        }
    }
    (games, summary)
}
