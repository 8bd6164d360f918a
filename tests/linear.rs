//! Every dimension of a game costs linear work, through each face: `jaque check --json` (the
//! library's checker), `jaque check`'s rustc-style text, `jaque fix`, `jaque fmt`, `jaque lsp`, and the editor core the page
//! runs (`jaque::ide::Document`: check, the diagnostics' JSON, fix, fmt, folds, outline).
//!
//! For each shape (many tags, a long tag value, many comments, NAGs, nested variations,
//! plies, diagnostics on one line, comment words that cannot start a line) one game is made
//! at two sizes, `n` and `4n`, and a game of none of it is the baseline. The work is counted
//! as instructions under valgrind (cachegrind without its cache simulation): an exact count
//! of what the process ran, the same on a loaded machine, where a time would not be. Linear
//! work grows 4 times from `n` to `4n` (the baseline, start-up and a game, taken off); a
//! quadratic path grows 16 times. The sizes are chosen so that each quadratic path found
//! here (a tag compared with every tag before it, a variation's text read again for each
//! variation around it, a column counted from its line's start for each diagnostic, a
//! comment's line searched back for each word) grows more than 5 times (give or take
//! [`NOISE`], what a run's start-up varies by) through a face it
//! was in (this test run on the code before they were fixed: 10 to 15 times for most, 5.2
//! for the columns of `check --json` and `fmt`); linear work grows 4 times, and `n log n`
//! sorting a little more, under the bound.
//!
//! A binary of its own without libtest's harness: it runs itself under valgrind for the
//! page's core (`JAQUE_LINEAR_WORK` names the file that run reads). Valgrind is needed: the
//! test fails, saying so, where it is missing (`.ci/run` installs it).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The most `(I(4n) - I(0)) / (I(n) - I(0))` may be.
const BOUND: f64 = 5.0;

/// Instructions a run may differ by whatever its game (its file's name, its environment):
/// a face that does little with a shape (`check` with a comment's words) is within it.
const NOISE: u64 = 100_000;

const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n";

/// A shape: its name, its game of size `n`, and `n`.
type Shape = (&'static str, fn(usize) -> String, usize);

const SHAPES: [Shape; 8] = [
    ("tags", tags, 500),
    ("tag length", tag_length, 5_000),
    ("comments", comments, 500),
    ("NAGs", nags, 500),
    ("nested variations", nested_variations, 200),
    ("plies", plies, 500),
    ("diagnostics on a line", diagnostics_on_a_line, 250),
    ("comment words", comment_words, 1_000),
];

/// `n` distinct tags, then the first again (a repeated name among many).
fn tags(n: usize) -> String {
    let mut text: String = (0..n).map(|i| format!("[T{i} \"v\"]\n")).collect();
    text.push_str("[T0 \"w\"]\n\n1. e4 *\n");
    text
}

fn tag_length(n: usize) -> String {
    format!(
        "{ROSTER}[Annotator \"{}\"]\n\n1. e4 *\n",
        "ab ".repeat(n / 3)
    )
}

fn comments(n: usize) -> String {
    format!("{ROSTER}\n1. e4 {}*\n", "{c} ".repeat(n))
}

fn nags(n: usize) -> String {
    format!("{ROSTER}\n1. e4 {}*\n", "$1 ".repeat(n))
}

/// Variations in variations, on one line.
fn nested_variations(n: usize) -> String {
    format!(
        "{ROSTER}\n1. e4 {}{} e5 *\n",
        "(1. d4 ".repeat(n),
        ")".repeat(n)
    )
}

/// Knights out and back: `n` plies, on one line.
fn plies(n: usize) -> String {
    moves(n, ["Nf3", "Nf6", "Ng1", "Ng8"])
}

/// `n` plies on one line, each with a warning and a fix (more disambiguation than needed).
fn diagnostics_on_a_line(n: usize) -> String {
    moves(n, ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"])
}

fn moves(n: usize, cycle: [&str; 4]) -> String {
    let mut text = format!("{ROSTER}\n");
    for ply in 0..n {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(cycle[ply % 4]);
        text.push(' ');
    }
    text.push_str("*\n");
    text
}

/// A comment of words that cannot start a line (`[`, `%`).
fn comment_words(n: usize) -> String {
    format!("{ROSTER}\n1. e4 {{{}}} *\n", "%x [y ".repeat(n / 2))
}

/// The game of none of it.
fn baseline() -> String {
    format!("{ROSTER}\n1. e4 *\n")
}

#[derive(Clone, Copy, Debug)]
enum Face {
    Check,
    CheckText,
    Fix,
    Fmt,
    Lsp,
    Page,
}

fn main() {
    if let Ok(file) = std::env::var("JAQUE_LINEAR_WORK") {
        page_core(Path::new(&file));
        return;
    }
    let valgrind = Command::new("valgrind").arg("--version").output();
    if !valgrind.is_ok_and(|out| out.status.success()) {
        eprintln!("error: this test counts instructions with valgrind, which is not installed");
        eprintln!("help: apt-get install valgrind (as .ci/run does)");
        std::process::exit(1);
    }
    let faces = [
        Face::Check,
        Face::CheckText,
        Face::Fix,
        Face::Fmt,
        Face::Lsp,
        Face::Page,
    ];
    let programs = &Programs::stripped();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = faces
            .iter()
            .map(|&face| scope.spawn(move || face_grows_linearly(programs, face)))
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().expect("a face's thread ends"))
            .collect()
    });
    if !failures.is_empty() {
        eprintln!(
            "work that grows faster than linearly:\n{}",
            failures.join("\n")
        );
        std::process::exit(1);
    }
    println!("test result: ok. every shape grows linearly through every face");
}

/// The programs run under valgrind: the `jaque` binary and this test's own (the page's
/// core), each a copy without its symbol table where `strip` is there, the same code. Valgrind
/// reads a program's symbols at every start, and the test starts over a hundred runs.
struct Programs {
    jaque: PathBuf,
    page: PathBuf,
}

impl Programs {
    fn stripped() -> Programs {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("linear");
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let copy = |program: PathBuf, name: &str| {
            let stripped = dir.join(name);
            let done = Command::new("strip")
                .arg("-o")
                .arg(&stripped)
                .arg(&program)
                .output();
            if done.is_ok_and(|out| out.status.success()) {
                stripped
            } else {
                program
            }
        };
        let this = std::env::current_exe().expect("this test's binary");
        Programs {
            jaque: copy(PathBuf::from(env!("CARGO_BIN_EXE_jaque")), "jaque"),
            page: copy(this, "page"),
        }
    }
}

/// Each shape through `face`: the failures, one line each.
fn face_grows_linearly(programs: &Programs, face: Face) -> Vec<String> {
    let base = instructions(programs, face, "baseline", &baseline());
    let mut failures = Vec::new();
    for (name, game, n) in SHAPES {
        let small = instructions(programs, face, &format!("{name} {n}"), &game(n));
        let large = instructions(programs, face, &format!("{name} {}", 4 * n), &game(4 * n));
        let growth = large.saturating_sub(base) as f64 / small.saturating_sub(base).max(1) as f64;
        let line = format!(
            "{face:?}, {name}: {small} instructions at {n}, {large} at {}, baseline {base}: \
             grew {growth:.2} times",
            4 * n
        );
        println!("{line}");
        let bound = BOUND * small.saturating_sub(base) as f64 + NOISE as f64;
        // The shape must cost something: the larger game more than the smaller (against
        // the baseline, a small shape's work can be less than start-up's variation).
        if large.saturating_sub(base) as f64 > bound || large <= small {
            failures.push(line);
        }
    }
    failures
}

/// The instructions `face` runs on a file of `text`.
fn instructions(programs: &Programs, face: Face, name: &str, text: &str) -> u64 {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("linear");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let stem = format!("{face:?}-{}", name.replace(' ', "-"));
    let file = dir.join(format!("{stem}.pgn"));
    let log = dir.join(format!("{stem}.valgrind"));
    std::fs::write(&file, text).expect("the game is written");
    let jaque = programs.jaque.clone();
    let (program, args): (PathBuf, Vec<&str>) = match face {
        Face::Check => (jaque, vec!["check", "--json", "--jobs", "1"]),
        Face::CheckText => (jaque, vec!["check", "--color", "never", "--jobs", "1"]),
        Face::Fix => (jaque, vec!["fix", "--stdout"]),
        Face::Fmt => (jaque, vec!["fmt", "--stdout"]),
        Face::Lsp => (jaque, vec!["lsp"]),
        Face::Page => (programs.page.clone(), vec![]),
    };
    let mut command = Command::new("valgrind");
    command
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(format!("--log-file={}", log.display()))
        .arg(program)
        .args(args)
        .env("RAYON_NUM_THREADS", "1")
        .env("JAQUE_LINEAR_WORK", &file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let status = match face {
        Face::Lsp => {
            let mut child = command
                .stdin(Stdio::piped())
                .spawn()
                .expect("valgrind runs");
            lsp_session(&mut child, text);
            child.wait()
        }
        Face::Check | Face::CheckText | Face::Fix | Face::Fmt => {
            command.arg(&file).stdin(Stdio::null());
            command.output().map(|out| out.status)
        }
        Face::Page => command.stdin(Stdio::null()).output().map(|out| out.status),
    };
    let status = status.expect("valgrind ends");
    let log = std::fs::read_to_string(&log).expect("valgrind's log");
    assert!(
        status.code().is_some_and(|c| c <= 1),
        "{face:?} {name}: {status}\n{log}"
    );
    // `==pid== I   refs:      1,234`
    let refs = log.lines().find_map(|line| {
        let rest = line.split("== ").nth(1)?.strip_prefix('I')?;
        rest.trim_start().strip_prefix("refs:")
    });
    let refs = refs.unwrap_or_else(|| panic!("{face:?} {name}: no count in\n{log}"));
    refs.trim().replace(',', "").parse().expect("a count")
}

/// What the page's worker does with a file (`web/src/lib.rs`): the document checked, its
/// diagnostics as JSON, and the questions asked of the whole text.
fn page_core(file: &Path) {
    let bytes = std::fs::read(file).expect("the game");
    let mut document = jaque::ide::Document::from_bytes(&bytes, Default::default());
    document.check_all();
    let mut json = Vec::new();
    jaque::json::diagnostic::page(&mut json, &document);
    let fixed = document.fixed().map_or(0, |f| f.output.len());
    let formatted = document.formatted().map_or(0, |f| f.len());
    let folds = document.folds().len();
    let symbols = document.symbols().len();
    assert!(json.len() + fixed + formatted + folds + symbols > 0);
}

/// An editor's session with `jaque lsp`: the document opened, its diagnostics waited for,
/// then the outline, folds, formatting and every code action of the whole text asked.
fn lsp_session(child: &mut Child, text: &str) {
    let mut stdin = child.stdin.take().expect("piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let uri = "file:///linear.pgn";
    let document = serde_json::json!({"uri": uri});
    let mut send = |message: serde_json::Value| {
        let body = message.to_string();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("the server reads");
        stdin.flush().expect("the server reads");
    };
    send(
        serde_json::json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"capabilities": {}}}),
    );
    send(serde_json::json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    send(
        serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params":
        {"textDocument": {"uri": uri, "languageId": "pgn", "version": 1, "text": text}}}),
    );
    while read_message(&mut stdout)["method"] != "textDocument/publishDiagnostics" {}
    let everything = serde_json::json!({"start": {"line": 0, "character": 0},
        "end": {"line": 1_000_000, "character": 0}});
    let requests = [
        (
            "textDocument/documentSymbol",
            serde_json::json!({"textDocument": document}),
        ),
        (
            "textDocument/foldingRange",
            serde_json::json!({"textDocument": document}),
        ),
        (
            "textDocument/formatting",
            serde_json::json!({"textDocument": document,
            "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
        (
            "textDocument/codeAction",
            serde_json::json!({"textDocument": document,
            "range": everything, "context": {"diagnostics": []}}),
        ),
        ("shutdown", serde_json::Value::Null),
    ];
    for (id, (method, params)) in (1..).zip(requests) {
        send(serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = read_message(&mut stdout);
            if message["id"] == id {
                assert!(message.get("error").is_none(), "{method}: {message}");
                break;
            }
        }
    }
    send(serde_json::json!({"jsonrpc": "2.0", "method": "exit"}));
}

/// The server's next message.
fn read_message(reader: &mut impl BufRead) -> serde_json::Value {
    let mut length = None;
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).expect("the server writes") > 0,
            "the server ended"
        );
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length:") {
            length = n.trim().parse().ok();
        }
    }
    let mut body = vec![0; length.expect("a length")];
    reader.read_exact(&mut body).expect("the message");
    serde_json::from_slice(&body).expect("JSON")
}
