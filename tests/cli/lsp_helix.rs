//! `jaque lsp` in Helix, with `editors/helix/languages.toml` as its whole language
//! configuration: Helix opens a PGN with a game of `variations.pgn` and one with errors,
//! gets the diagnostics, shows a hover and applies a quick fix, which it sends as an edit.
//! Helix draws on a terminal: it runs under `script` (util-linux), which gives it one, and
//! the test types its keys. What Helix and the server said to each other comes from
//! Helix's log, what it showed from the terminal's output. The FEN expected in the hover
//! is python-chess's.
//!
//! Needs `hx` on `PATH` (Debian 13 packages Helix as `hx`; Debian 12, which CI runs, has
//! none): the test is ignored, with that reason, and fails rather than skips when run
//! (`cargo test --test cli helix -- --ignored`) without it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

use serde_json::Value;

/// How long one step may take before the test fails rather than hangs.
const TIMEOUT: Duration = Duration::from_secs(20);

const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";

/// Helix's version, or why it cannot run here.
fn helix_version() -> Result<String, String> {
    let output = Command::new("hx").arg("--version").output();
    let output = output.map_err(|e| format!("cannot start `hx` ({e})"))?;
    let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let script = Command::new("script").arg("--version").output();
    script.map_err(|e| format!("cannot start `script` from util-linux ({e})"))?;
    Ok(version)
}

/// Helix running on a terminal of `script`'s, and where it writes.
struct Helix {
    child: Child,
    keys: ChildStdin,
    log: PathBuf,
    screen: PathBuf,
}

impl Helix {
    fn start(dir: &Path, file: &Path) -> Helix {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let config = dir.join("config/helix");
        std::fs::create_dir_all(&config).unwrap();
        let languages = root.join("editors/helix/languages.toml");
        std::fs::copy(languages, config.join("languages.toml")).unwrap();
        let bin = Path::new(env!("CARGO_BIN_EXE_jaque")).parent().unwrap();
        let mut path = vec![bin.to_path_buf()];
        path.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        let (log, screen) = (dir.join("helix.log"), dir.join("screen"));
        let command = format!(
            "stty rows 40 cols 120; exec hx -v --log '{}' '{}'",
            log.display(),
            file.display()
        );
        let mut child = Command::new("script")
            .args(["-qfec", &command, "/dev/null"])
            .env("PATH", std::env::join_paths(path).unwrap())
            .env("HOME", dir)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("TERM", "xterm-256color")
            .env("SHELL", "/bin/sh")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(std::fs::File::create(&screen).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let keys = child.stdin.take().unwrap();
        Helix {
            child,
            keys,
            log,
            screen,
        }
    }

    fn type_keys(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).unwrap();
        self.keys.flush().unwrap();
    }

    /// Escape, alone: followed at once by a key, a terminal's escape is that key with Alt.
    fn escape(&mut self) {
        self.type_keys("\u{1b}");
        std::thread::sleep(Duration::from_millis(200));
    }

    /// Waits until `found` holds for the messages the server sent, as Helix logged them.
    fn wait_message(&self, what: &str, found: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let start = Instant::now();
        loop {
            let messages = received(&self.log);
            if found(&messages) {
                return messages;
            }
            self.give_up_after(start, what);
        }
    }

    /// Waits until the terminal shows `text` (escape sequences taken out).
    fn wait_screen(&self, text: &str) {
        let start = Instant::now();
        while !visible(&self.screen).contains(text) {
            self.give_up_after(start, &format!("{text:?} on the screen"));
        }
    }

    fn give_up_after(&self, start: Instant, what: &str) {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let screen = visible(&self.screen);
        assert!(
            start.elapsed() < TIMEOUT,
            "no {what} after {TIMEOUT:?}; log: {log}\nscreen: {screen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

impl Drop for Helix {
    fn drop(&mut self) {
        // A failed test must not leave Helix running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The messages jaque sent, from Helix's log: `jaque <- {...}` lines.
fn received(log: &Path) -> Vec<Value> {
    let log = std::fs::read_to_string(log).unwrap_or_default();
    log.lines()
        .filter_map(|line| line.split_once(" jaque <- "))
        .filter_map(|(_, json)| serde_json::from_str(json).ok())
        .collect()
}

/// The terminal's output without its escape sequences (`ESC [ ... letter` and the like).
fn visible(screen: &Path) -> String {
    let bytes = std::fs::read(screen).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('[') => {
                for _ in chars
                    .by_ref()
                    .take_while(|c| !c.is_ascii_alphabetic() && *c != '~')
                {}
            }
            Some(']') => for _ in chars.by_ref().take_while(|&c| c != '\u{7}') {},
            _ => {}
        }
    }
    out
}

/// The diagnostics (code and 0-based line) of the last `publishDiagnostics` with `version`.
fn published(messages: &[Value], version: u64) -> Option<Vec<(String, u64)>> {
    let message = messages.iter().rev().find(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
    })?;
    let diagnostics = message["params"]["diagnostics"].as_array()?;
    let code_line = |d: &Value| {
        let code = d["code"].as_str().unwrap_or_default().to_string();
        (
            code,
            d["range"]["start"]["line"].as_u64().unwrap_or_default(),
        )
    };
    Some(diagnostics.iter().map(code_line).collect())
}

/// Keys that put the cursor on 0-based `line` and `column`: go to the line (1-based), to
/// its start, then right.
fn go_to(line: usize, column: usize) -> String {
    let right = if column > 0 {
        format!("{column}l")
    } else {
        String::new()
    };
    format!("{}gggh{right}", line + 1)
}

/// Where the test puts the cursor in the file it writes: the game with errors, its moves'
/// line and the columns of `Ng1f3` and `Ke3`; `1. d3` of the variations game and the FEN
/// after it.
struct Places {
    moves_line: usize,
    knight: usize,
    king: usize,
    d3: (usize, usize),
    fen: String,
}

fn write_games(file: &Path) -> Places {
    let (game, fens) = common::first_variations_game();
    let errors = format!("{ROSTER}1. e4 e5 2. Ng1f3 Nc6 3. Ke3 *\n");
    let text = format!("{}\n\n{errors}", game.trim_end());
    std::fs::write(file, &text).unwrap();
    let line_of = |offset: usize| text[..offset].matches('\n').count();
    let column_of = |offset: usize| offset - text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let moves = text.rfind("1. e4 e5").unwrap();
    let d3 = text.find("\n1. d3").unwrap() + 4;
    Places {
        moves_line: line_of(moves),
        knight: column_of(moves) + 12,
        king: column_of(moves) + 26,
        d3: (line_of(d3), column_of(d3)),
        fen: fens.first().cloned().unwrap_or_default(),
    }
}

#[test]
#[ignore = "needs Helix (`hx`), which Debian 12 does not package; .ci/run runs it where `hx` is"]
fn helix_shows_jaque_diagnostics_hover_and_quick_fix() {
    let version = helix_version().unwrap_or_else(|why| panic!("{why}: install Helix as `hx`"));
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lsp_helix");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let places = write_games(&file);
    let line = places.moves_line as u64;

    let mut helix = Helix::start(&dir, &file);
    let messages = helix.wait_message("diagnostics", |m| published(m, 0).is_some());
    let opened = published(&messages, 0).unwrap_or_default();
    let errors_game: Vec<(&str, u64)> = (opened.iter())
        .filter(|(_, at)| *at == line)
        .map(|(code, at)| (code.as_str(), *at))
        .collect();
    let expected = [("over_disambiguation", line), ("illegal_move", line)];
    assert_eq!(errors_game, expected, "{version}");

    // A hover on `1. d3`: Helix shows the position after it.
    helix.type_keys(&format!("{} k", go_to(places.d3.0, places.d3.1)));
    helix.wait_screen(&format!("FEN: {}", places.fen));
    // On `Ke3`, Helix shows the diagnostic under the cursor.
    helix.escape();
    helix.type_keys(&go_to(places.moves_line, places.king));
    helix.wait_screen("no white king can reach e3");
    // On `Ng1f3`, the quick fix: Helix edits the text and sends the change.
    helix.escape();
    helix.type_keys(&format!("{} a", go_to(places.moves_line, places.knight)));
    helix.wait_screen("Write `Nf3`");
    helix.type_keys("\r");
    let messages = helix.wait_message("diagnostics after the fix", |m| published(m, 1).is_some());
    let fixed = published(&messages, 1).unwrap_or_default();
    assert!(
        fixed.iter().any(|(code, _)| code == "illegal_move")
            && fixed.iter().all(|(code, _)| code != "over_disambiguation"),
        "{version}: {fixed:?}"
    );
    helix.escape();
    helix.type_keys(":q!\r");
    let start = Instant::now();
    while helix.child.try_wait().unwrap().is_none() {
        helix.give_up_after(start, "exit");
    }
}
