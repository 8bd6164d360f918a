//! `jaque play [--fen FEN]`: an interactive board. Moves in SAN or UCI, several to a line if
//! you like; an illegal or ambiguous move is explained with the diagnostics of `check`, and
//! a move written otherwise than export SAN gets `check`'s warnings. Standard input may be a
//! pipe (one command a line), so scripts and tests can drive it. A session that ends as it
//! should exits 0, whatever was typed on the way: the diagnostics answered the typing.

use std::io::{self, BufRead, IsTerminal, Write};

use jaque::pgn::{Options, Splitter, format_game};
use jaque::san::{self, Lang, SanError, to_san};
use jaque::{Code, Color, Diagnostic, Game, Move, Position, Status, Uci};

use super::render::{Report, render};
use super::{Outcome, board, parse_lang, position_argument};

#[derive(clap::Args)]
pub struct PlayArgs {
    /// The position to start from (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// Chess960 castling rules.
    #[arg(long)]
    chess960: bool,
    /// The language of the piece letters: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
}

const HELP: &str = "\
Type moves in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3), one or several to a line.
Commands:
  undo    take back the last move
  board   show the board again
  fen     print the position as FEN
  pgn     print the game as PGN
  moves   list the legal moves in SAN
  flip    turn the board around
  new     start again from the first position
  help    this text
  quit    leave (so does end of input, Ctrl-D)
On a terminal, the arrow keys edit the line and recall earlier ones.";

struct Session {
    game: Game,
    /// The SAN of each move played, for `pgn`.
    sans: Vec<String>,
    flipped: bool,
    lang: Lang,
    color: bool,
    /// Lines read, for diagnostics.
    line: usize,
}

impl Session {
    fn new(start: Position, lang: Lang, color: bool) -> Session {
        Session {
            game: Game::new(start),
            sans: Vec::new(),
            flipped: false,
            lang,
            color,
            line: 0,
        }
    }

    fn show(&self, out: &mut impl Write) -> io::Result<()> {
        write!(
            out,
            "{}",
            board::draw_from(self.game.position(), self.flipped)
        )?;
        writeln!(
            out,
            "{}",
            status_line(self.game.position(), self.game.status())
        )
    }

    /// Plays the moves of one input line; stops at the first that is not legal.
    fn play_line(&mut self, source: &str, out: &mut impl Write) -> io::Result<()> {
        let mut played = Vec::new();
        for (offset, word) in words(source) {
            let word = strip_move_number(word);
            if word.is_empty() {
                continue;
            }
            let offset = offset + (source[offset..].len() - source[offset..].trim_start().len());
            let Some(mv) = self.legal_move(word, source, offset, out)? else {
                break;
            };
            played.push(self.play_move(mv));
        }
        if !played.is_empty() {
            writeln!(out, "{}", played.join("  "))?;
            self.show(out)?;
        }
        Ok(())
    }

    /// The legal move `word` names; `None` once the diagnostic saying why there is none
    /// (the game is over, or the word is no legal move) is written.
    fn legal_move(
        &mut self,
        word: &str,
        source: &str,
        offset: usize,
        out: &mut impl Write,
    ) -> io::Result<Option<Move>> {
        let before = *self.game.position();
        let status = self.game.status();
        if status.is_game_over() {
            self.report(&game_over(&before, status, word), source, offset, out)?;
            return Ok(None);
        }
        // UCI first (a legal UCI move is not sloppy SAN), then SAN with its diagnostics.
        let uci = word.parse::<Uci>().ok();
        if let Some(mv) = uci.and_then(|uci| before.resolve_uci(uci)) {
            return Ok(Some(mv));
        }
        // The move is echoed in export SAN; the warnings are those `check` gives the word.
        match san::resolve(&before, word, self.lang) {
            Ok(resolved) => {
                for d in resolved.diagnostics(word) {
                    self.report(&d, source, offset, out)?;
                }
                Ok(Some(resolved.mv))
            }
            Err(error) => {
                self.report(
                    &not_a_move(&error, &before, word, self.lang),
                    source,
                    offset,
                    out,
                )?;
                Ok(None)
            }
        }
    }

    /// Plays `mv` and keeps its SAN for `pgn`; gives the echo of it, `12. Nf3 (g1f3)`.
    fn play_move(&mut self, mv: Move) -> String {
        let before = *self.game.position();
        let san = to_san(&before, mv);
        let number = if before.turn() == Color::White {
            format!("{}.", before.fullmove_number())
        } else {
            format!("{}...", before.fullmove_number())
        };
        let echo = format!("{number} {san} ({})", mv.uci(before.is_chess960()));
        self.game.play(mv);
        self.sans.push(san);
        echo
    }

    fn report(
        &self,
        d: &Diagnostic,
        source: &str,
        offset: usize,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let report = Report {
            severity: d.severity,
            code: d.code,
            message: d.message.as_str().into(),
            origin: "<input>",
            source,
            line: self.line,
            span: offset + d.span.start..offset + d.span.end,
            label: &d.label,
            help: d.help.as_deref(),
            note: None,
        };
        writeln!(out, "{}", render(&report, self.color))
    }

    /// The game so far in PGN export format.
    fn pgn(&self) -> String {
        let start = self.game.start();
        let status = self.game.status();
        let result = match status {
            Status::Checkmate => match self.game.position().turn() {
                Color::White => "0-1",
                Color::Black => "1-0",
            },
            s if s.is_game_over() => "1/2-1/2",
            _ => "*",
        };
        let mut text = format!("[Event \"jaque play\"]\n[Result \"{result}\"]\n");
        if *start != Position::starting() {
            text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", start.fen()));
        }
        if start.is_chess960() {
            text.push_str("[Variant \"Chess960\"]\n");
        }
        text.push('\n');
        text.push_str(&self.sans.join(" "));
        text.push(' ');
        text.push_str(result);
        let formatted = Splitter::new(text.as_bytes())
            .next()
            .and_then(Result::ok)
            .and_then(|game| {
                format_game(
                    &game,
                    &Options {
                        lang: Lang::English,
                    },
                )
                .ok()
            });
        // The moves were played by the rules, so formatting cannot fail; if it did, the
        // plain text is still the game.
        formatted.unwrap_or(text)
    }

    /// One line of input; `false` to stop.
    fn command(&mut self, line: &str, start: &Position, out: &mut impl Write) -> io::Result<bool> {
        self.line += 1;
        let command = line.trim();
        match command.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "board" | "show" | "d" => self.show(out)?,
            "fen" => writeln!(out, "{}", self.game.position().fen())?,
            "pgn" => write!(out, "{}", self.pgn())?,
            "moves" | "legal" => {
                let position = self.game.position();
                let mut sans: Vec<String> = position
                    .legal_moves()
                    .into_iter()
                    .map(|mv| to_san(position, mv))
                    .collect();
                sans.sort();
                if sans.is_empty() {
                    writeln!(out, "no legal moves")?;
                } else {
                    writeln!(out, "{} legal moves: {}", sans.len(), sans.join(" "))?;
                }
            }
            "flip" => {
                self.flipped = !self.flipped;
                self.show(out)?;
            }
            "new" | "reset" | "restart" => {
                self.game = Game::new(*start);
                self.sans.clear();
                self.show(out)?;
            }
            "undo" | "back" | "takeback" => {
                if self.game.undo().is_some() {
                    self.sans.pop();
                    self.show(out)?;
                } else {
                    writeln!(out, "nothing to undo: this is the first position")?;
                }
            }
            _ => self.play_line(line, out)?,
        }
        Ok(true)
    }
}

/// The words of a line with their byte offsets.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(char::is_whitespace)
        .scan(0, |at, word| {
            let start = *at;
            *at += word.len() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

/// `12.` or `12...` before a move, as pasted from a game, is skipped.
fn strip_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

/// The diagnostic for a move typed after the game has ended.
fn game_over(position: &Position, status: Status, word: &str) -> Diagnostic {
    Diagnostic::new(
        Code::IllegalMove,
        format!("the game is over: {}", describe(position, status)),
        "no move can follow",
        0..word.len(),
    )
    .with_help("type `undo` to take back a move, or `new`")
}

/// The diagnostic for a word that is no legal move; a word that is not SAN at all may have
/// been meant as a command, so its help points to them too.
fn not_a_move(error: &SanError, before: &Position, word: &str, lang: Lang) -> Diagnostic {
    let mut d = error.diagnostic(before, word, lang);
    if d.code == Code::Syntax {
        d.help = Some(d.help.take().map_or_else(
            || "type `help` for the commands".to_string(),
            |h| format!("{h}; type `help` for the commands"),
        ));
    }
    d
}

/// "White" or "Black", as a sentence starts.
fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn describe(position: &Position, status: Status) -> String {
    match status {
        Status::Checkmate => format!("checkmate, {} wins", side(!position.turn())),
        Status::Stalemate => "stalemate, a draw".to_string(),
        Status::InsufficientMaterial => "a draw: neither side can mate".to_string(),
        Status::SeventyFiveMoves => "a draw: 75 moves without a capture or pawn move".to_string(),
        Status::FivefoldRepetition => "a draw: the same position five times".to_string(),
        Status::FiftyMoves | Status::ThreefoldRepetition | Status::Ongoing => String::new(),
    }
}

fn status_line(position: &Position, status: Status) -> String {
    if status.is_game_over() {
        return format!("Game over: {}", describe(position, status));
    }
    let mut line = format!("{} to move", side(position.turn()));
    if position.is_check() {
        line.push_str(", in check");
    }
    match status {
        Status::FiftyMoves => line.push_str(" (a draw may be claimed: fifty moves)"),
        Status::ThreefoldRepetition => {
            line.push_str(" (a draw may be claimed: threefold repetition)");
        }
        _ => {}
    }
    line
}

pub fn run(args: PlayArgs, color: super::color::ColorChoice) -> Outcome {
    let start = match position_argument(args.fen.as_deref(), args.chess960, color) {
        Ok(position) => position,
        Err(outcome) => return outcome,
    };
    let mut lines = Lines::new();
    let mut session = Session::new(start, args.lang, color.stdout());
    let mut out = io::stdout().lock();
    let result = (|| -> io::Result<()> {
        if lines.interactive() {
            writeln!(out, "jaque play: type a move, or `help`.")?;
        }
        session.show(&mut out)?;
        while let Some(text) = lines.next(&mut out)? {
            if !lines.interactive() {
                // A transcript shows what was typed.
                writeln!(out, "> {text}")?;
            }
            if !session.command(&text, &start, &mut out)? {
                break;
            }
        }
        out.flush()
    })();
    match result {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("error: {error}");
            Outcome::Failed
        }
        _ => Outcome::Clean,
    }
}

/// Where the lines come from: a terminal, with line editing and the session's history (the
/// arrow keys, Ctrl-R), or a pipe, a line at a time.
enum Lines {
    Editor(Box<rustyline::DefaultEditor>),
    Pipe(io::StdinLock<'static>),
}

impl Lines {
    fn new() -> Lines {
        let editor = io::stdin()
            .is_terminal()
            .then(|| rustyline::DefaultEditor::new().ok())
            .flatten();
        editor.map_or_else(
            || Lines::Pipe(io::stdin().lock()),
            |e| Lines::Editor(Box::new(e)),
        )
    }

    fn interactive(&self) -> bool {
        matches!(self, Lines::Editor(_))
    }

    /// The next line without its line end; `None` at the end of input (Ctrl-D). Ctrl-C drops
    /// the line being typed.
    fn next(&mut self, out: &mut impl Write) -> io::Result<Option<String>> {
        use rustyline::error::ReadlineError;
        match self {
            Lines::Editor(editor) => {
                out.flush()?;
                match editor.readline("> ") {
                    Ok(line) => {
                        let _ = editor.add_history_entry(line.as_str());
                        Ok(Some(line))
                    }
                    Err(ReadlineError::Interrupted) => Ok(Some(String::new())),
                    Err(ReadlineError::Eof) => Ok(None),
                    Err(ReadlineError::Io(error)) => Err(error),
                    Err(error) => Err(io::Error::other(error)),
                }
            }
            Lines::Pipe(input) => {
                let mut line = String::new();
                Ok((input.read_line(&mut line)? > 0)
                    .then(|| line.trim_end_matches(['\n', '\r']).to_string()))
            }
        }
    }
}
