//! A long text checked a part at a time, so that the page's worker can tell how far it is:
//! each step checks the games of about `budget` more bytes and says how many bytes are read.
//! Only the games with a diagnostic are written whole: the others are counted. The page
//! shows diagnostics, and reading the JSON of thousands of clean games cost it more than
//! checking them.

use std::io::Cursor;

use jaque::Severity;
use jaque::json::{self, Escaped, Object};
use jaque::lint::Lints;
use jaque::pgn::{Checker, Options, Splitter};

/// A text being checked, game after game.
///
/// ```
/// let text = b"1. e4 *\n\n1. d4 d5 2. Ke3 *\n";
/// let mut session = jaque_web::session::Session::new(text.to_vec());
/// let step = String::from_utf8(session.step(1)).unwrap();
/// assert_eq!(step, "{\"progress\":{\"read\":9,\"total\":27,\"done\":false},\
///     \"summary\":{\"games\":1,\"moves\":1,\"errors\":0,\"warnings\":0}}\n");
/// let last = String::from_utf8(session.step(1 << 20)).unwrap();
/// assert!(last.starts_with(r#"{"game":1,"file":"<page>","line":3,"#));
/// assert!(last.ends_with("\"summary\":{\"games\":2,\"moves\":3,\"errors\":1,\"warnings\":0}}\n"));
/// ```
pub struct Session {
    games: Splitter<Cursor<Vec<u8>>>,
    total: usize,
    checker: Checker,
    lints: Lints,
    name: Escaped,
    index: usize,
    done: bool,
    summary: Summary,
}

/// The games read so far, their mainline moves and their diagnostics.
#[derive(Default)]
struct Summary {
    moves: usize,
    errors: usize,
    warnings: usize,
}

impl Session {
    /// A session over `text`, at the default lint levels.
    pub fn new(text: Vec<u8>) -> Session {
        let lints = Lints::default();
        Session {
            total: text.len(),
            games: Splitter::new(Cursor::new(text)),
            checker: Checker::new(Options::default()).allowing(&lints),
            lints,
            name: Escaped::new(super::NAME),
            index: 0,
            done: false,
            summary: Summary::default(),
        }
    }

    /// Checks the next games, until `budget` more bytes are read (one game at least) or the
    /// text ends: a JSON line for each game with a diagnostic, as `jaque check --json` writes
    /// it, then `{"progress": {"read", "total", "done"}, "summary": {"games", "moves",
    /// "errors", "warnings"}}`, the summary of the games so far (after `{"error": ...}` where
    /// the bytes are no text).
    pub fn step(&mut self, budget: usize) -> Vec<u8> {
        let mut out = Vec::new();
        let until = self.games.offset().saturating_add(budget as u64);
        while !self.done {
            match self.games.next() {
                Some(Ok(game)) => {
                    let mut report = self.checker.check(&game);
                    report.apply(&self.lints);
                    self.summary.moves += report.plies;
                    self.summary.errors += report.count(Severity::Error);
                    self.summary.warnings += report.count(Severity::Warning);
                    if !report.diagnostics.is_empty() {
                        json::game(&mut out, &self.name, self.index, &report);
                        out.push(b'\n');
                    }
                    self.index += 1;
                    self.games.recycle(game);
                }
                // Reading memory fails only where the splitter refuses the bytes (no text at
                // all, as a NUL byte at the start tells): said, and the end, as `jaque check`
                // ends a file it cannot read.
                Some(Err(error)) => {
                    let mut object = Object::open(&mut out);
                    object.field("error", format!("cannot read {}: {error}", super::NAME));
                    object.close();
                    out.push(b'\n');
                    self.done = true;
                }
                None => self.done = true,
            }
            if self.games.offset() >= until {
                break;
            }
        }
        let read = if self.done {
            self.total
        } else {
            self.games.offset() as usize
        };
        let mut object = Object::open(&mut out);
        let mut progress = Object::open(object.key("progress"));
        progress.field("read", read);
        progress.field("total", self.total);
        progress.field("done", self.done);
        progress.close();
        let mut summary = Object::open(object.key("summary"));
        summary.field("games", self.index);
        summary.field("moves", self.summary.moves);
        summary.field("errors", self.summary.errors);
        summary.field("warnings", self.summary.warnings);
        summary.close();
        object.close();
        out.push(b'\n');
        out
    }
}
