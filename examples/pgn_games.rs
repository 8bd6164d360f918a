//! The games of a PGN file as jaque cuts them: one JSON line per game that the
//! [`Splitter`](jaque::pgn::Splitter) cuts, with the game's text as
//! [`decode`](jaque::pgn::syntax::decode) reads it (UTF-8, else Latin-1).
//!
//! ```text
//! cargo run --release --example pgn_games -- FILE
//! {"index":0,"line":1,"offset":0,"bytes":312,"latin1":false,"skipped":0,"text":"[Event \"…\"]\n…"}
//! ```
//!
//! `tools/oracle/compare_python_chess.py` feeds each text to python-chess, game by game, and
//! compares what it reads with `jaque check --json`.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

use jaque::pgn::Splitter;
use jaque::pgn::syntax::decode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: pgn_games FILE");
        return ExitCode::from(2);
    };
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("pgn_games: {}: {error}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    match run(BufReader::new(file)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pgn_games: {}: {error}", path.to_string_lossy());
            ExitCode::from(2)
        }
    }
}

fn run(reader: BufReader<File>) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    for game in Splitter::new(reader) {
        let game = game?;
        let (text, latin1) = decode(&game.bytes);
        line.clear();
        line.push_str(&format!(
            "{{\"index\":{},\"line\":{},\"offset\":{},\"bytes\":{},\"latin1\":{},\"skipped\":{},\"text\":",
            game.index,
            game.line,
            game.offset,
            game.bytes.len(),
            latin1,
            game.skipped
        ));
        push_json_string(&mut line, &text);
        line.push_str("}\n");
        out.write_all(line.as_bytes())?;
    }
    out.flush()
}

/// `text` as a JSON string, quotes included (RFC 8259: `"`, `\` and control characters
/// escaped, everything else as it is).
fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
