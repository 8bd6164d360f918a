//! `jaque lsp` in a real editor: Neovim, headless, with `editors/neovim/jaque.lua` as its
//! whole configuration, opens a PGN with errors and a game of `variations.pgn`;
//! `tests/neovim/probe.lua` writes what Neovim got (its diagnostics, a hover) to a file that
//! this test reads. Needs `nvim` on `PATH` (Debian's `neovim`, 0.7 or newer; CI installs it)
//! and fails, rather than skips, without it. The FEN expected in the hover is python-chess's.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

use serde_json::Value;

/// Neovim is killed after this long: the probe's own waits are 10 s each.
const TIMEOUT: Duration = Duration::from_secs(30);

const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";

fn nvim_version() -> String {
    match Command::new("nvim").arg("--version").output() {
        Ok(output) => String::from_utf8_lossy(&output.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string(),
        Err(error) => panic!(
            "this test runs Neovim and could not start `nvim` ({error}): install Debian's \
             `neovim` package (`apt-get install neovim`; .ci/run installs it when absent)"
        ),
    }
}

/// Runs Neovim on `errors` with the probe, which waits for `least` diagnostics; returns the
/// probe's lines and Neovim's stderr.
fn run_neovim(
    dir: &Path,
    (errors, least): (&Path, usize),
    hover: (&Path, u32, u32),
) -> (Vec<Value>, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = Path::new(env!("CARGO_BIN_EXE_jaque")).parent().unwrap();
    let mut path = vec![bin.to_path_buf()];
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let out = dir.join("probe.jsonl");
    let stderr = std::fs::File::create(dir.join("nvim.stderr")).unwrap();
    let mut child = Command::new("nvim")
        .args(["--headless", "--clean", "-n", "-u"])
        .arg(root.join("editors/neovim/jaque.lua"))
        .arg("-c")
        .arg(format!(
            "luafile {}",
            root.join("tests/neovim/probe.lua").display()
        ))
        .arg(errors)
        .env("PATH", std::env::join_paths(path).unwrap())
        .env("JAQUE_PROBE_OUT", &out)
        .env("JAQUE_PROBE_DIAGNOSTICS", least.to_string())
        .env("JAQUE_HOVER_FILE", hover.0)
        .env("JAQUE_HOVER_LINE", hover.1.to_string())
        .env("JAQUE_HOVER_CHARACTER", hover.2.to_string())
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("Neovim still running after {TIMEOUT:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stderr = std::fs::read_to_string(dir.join("nvim.stderr")).unwrap_or_default();
    assert!(status.success(), "Neovim exited with {status}: {stderr}");
    let lines = std::fs::read_to_string(&out)
        .unwrap_or_else(|e| panic!("the probe wrote no {} ({e}): {stderr}", out.display()));
    let lines = lines
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (lines, stderr)
}

#[test]
fn neovim_shows_jaque_diagnostics_and_hover() {
    let version = nvim_version();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lsp_neovim");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let errors = dir.join("errors.pgn");
    std::fs::write(&errors, format!("{ROSTER}1. e4 e5 2. Ng1f3 Nc6 3. Ke3 *\n")).unwrap();
    let (game, fens) = common::first_variations_game();
    let fen = fens.first().cloned().unwrap_or_default();
    let variations = dir.join("variations.pgn");
    std::fs::write(&variations, &game).unwrap();
    // `1. d3` opens the movetext: hover on its `d`.
    let d3 = game.find("\n1. d3").unwrap() + 4;
    let line = game[..d3].matches('\n').count() as u32;
    let character = (d3 - game[..d3].rfind('\n').unwrap() - 1) as u32;

    let (lines, stderr) = run_neovim(&dir, (&errors, 2), (&variations, line, character));
    let context = format!("{version}; probe: {lines:#?}; stderr: {stderr}");
    assert!(
        lines.iter().all(|l| l["kind"] != "error"),
        "the probe timed out or failed: {context}"
    );

    // Neovim's positions are 0-based: line 8 is the movetext, after the roster and a blank.
    let diagnostics: Vec<(&str, u64, u64, u64)> = lines
        .iter()
        .filter(|l| l["kind"] == "diagnostic")
        .map(|l| {
            assert_eq!(l["source"], "jaque", "{context}");
            let code = l["code"].as_str().unwrap();
            let place = |key: &str| l[key].as_u64().unwrap();
            (code, place("lnum"), place("col"), place("severity"))
        })
        .collect();
    // `vim.diagnostic.severity`: 1 is ERROR, 2 is WARN.
    assert_eq!(
        diagnostics,
        [
            ("over_disambiguation", 8, 13, 2),
            ("illegal_move", 8, 25, 1)
        ],
        "{context}"
    );
    let illegal = lines.iter().find(|l| l["code"] == "illegal_move").unwrap();
    assert_eq!(illegal["end_col"], 28, "{context}");
    assert!(
        illegal["message"].as_str().unwrap().contains("king"),
        "{context}"
    );

    let hover = lines.iter().find(|l| l["kind"] == "hover");
    let hover = hover.and_then(|h| h["value"].as_str()).unwrap_or_default();
    assert!(hover.contains(&format!("FEN: `{fen}`")), "{context}");
    assert!(hover.contains("UCI: `d2d3`"), "{context}");
}

/// A query file (`.chq`) in the same configuration: its `bad_query` diagnostic where the
/// query compares a set with a number (line 1, from 0; `count(Q) > q` from character 2).
#[test]
fn neovim_shows_a_query_files_diagnostic() {
    let version = nvim_version();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lsp_neovim_query");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let query = dir.join("fork.chq");
    std::fs::write(&query, "mate and\n  count(Q) > q\n").unwrap();
    let game = dir.join("game.pgn");
    std::fs::write(&game, format!("{ROSTER}1. e4 *\n")).unwrap();
    let (lines, stderr) = run_neovim(&dir, (&query, 1), (&game, 8, 3));
    let context = format!("{version}; probe: {lines:#?}; stderr: {stderr}");
    assert!(lines.iter().all(|l| l["kind"] != "error"), "{context}");
    let diagnostics: Vec<_> = (lines.iter().filter(|l| l["kind"] == "diagnostic"))
        .map(|l| {
            (
                l["code"].clone(),
                l["lnum"].clone(),
                l["col"].clone(),
                l["end_col"].clone(),
            )
        })
        .collect();
    let want = [(Value::from("bad_query"), 1.into(), 2.into(), 14.into())];
    assert_eq!(diagnostics, want, "{context}");
}
