//! PGN export format (standard, section 8): the seven-tag roster first and in its order,
//! the other tags in ASCII order (`[SetUp "1"]` added beside a FEN tag), canonical SAN, `N.`
//! before white moves and `N...` before a black move that starts a line of play or follows a
//! comment or a variation, NAGs for suffix glyphs, comments as `{ ... }`, lines of at most
//! [`MAX_LINE`] characters.
//!
//! Formatting never changes a move: a game is written from the moves the checker played,
//! and a game with an error is not formatted at all. Formatting twice gives what
//! formatting once gives.

use super::check::{Checker, GameRecord, GameReport, MoveRecord, Options};
use super::split::{RawGame, Splitter};
use super::syntax::{Outcome, TokenKind};
use super::tags::{SEVEN_TAG_ROSTER, Tags, roster_placeholder};
use crate::color::Color;
use crate::diagnostic::Severity;
use crate::san::Glyph;

/// The longest line written, in characters, unless one word (a long comment word) is longer.
pub const MAX_LINE: usize = 79;

/// Writes one game in export format, or gives back the checker's report when the game has
/// an error (its text cannot be rewritten without guessing).
///
/// ```
/// use jaque::pgn::{Options, Splitter, format_game};
/// let text = "[White \"Tal\"]\n1.e4 e5 2.Nf3 {a plan}Nc6 3.Bb5! a6 *";
/// let game = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
/// let formatted = format_game(&game, &Options::default()).unwrap();
/// assert_eq!(formatted, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///     [White \"Tal\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
///     1. e4 e5 2. Nf3 { a plan } 2... Nc6 3. Bb5 $1 a6 *\n");
/// ```
pub fn format_game(raw: &RawGame, options: &Options) -> Result<String, Box<GameReport>> {
    let record = Checker::new(*options).record(raw);
    format_record(&record).ok_or_else(|| Box::new(record.report().clone()))
}

/// Every game of `text` in export format, as `jaque fmt` writes a file: a game with an error
/// as it is written (trailing blanks aside), a blank line between games. Games are cut with
/// the splitter's limit: a longer game keeps its first part.
///
/// ```
/// use jaque::pgn::{Options, format_text};
/// let text = "1.e4 e5 *\n\n1. e4 Ke7+ *";
/// let formatted = format_text(text.as_bytes(), Options::default());
/// assert!(formatted.starts_with("[Event \"?\"]"));
/// assert!(formatted.ends_with("\n1. e4 e5 *\n\n1. e4 Ke7+ *\n"));
/// ```
pub fn format_text(text: &[u8], options: Options) -> String {
    // Lints allowed by default are not looked for: no warning changes what is written.
    let mut checker = Checker::new(options).allowing(&crate::lint::Lints::default());
    let records = Splitter::new(text)
        .map_while(Result::ok)
        .map(|game| checker.record(&game));
    format_records(records)
}

/// Checked games in export format, one after another as [`format_text`] writes them.
pub fn format_records<R: std::borrow::Borrow<GameRecord>>(
    records: impl IntoIterator<Item = R>,
) -> String {
    let mut out = String::new();
    for record in records {
        let record = record.borrow();
        if !out.is_empty() {
            out.push('\n');
        }
        let formatted = format_record(record);
        out.push_str(formatted.as_deref().unwrap_or(record.text()).trim_end());
        out.push('\n');
    }
    out
}

/// Writes a checked game in export format from its record: the moves as the checker played
/// them (no text is read or played again); `None` when the game has an error.
pub fn format_record(record: &GameRecord) -> Option<String> {
    let report = record.report();
    if report.start_position.is_none() || report.count(Severity::Error) > 0 {
        return None;
    }
    let text = record.text();
    let mut out = String::with_capacity(text.len() + 256);
    let marker = record.tokens().iter().find_map(|t| match t.kind {
        TokenKind::Result(outcome) => Some(outcome),
        _ => None,
    });
    write_tags(&mut out, &report.tags, marker);
    out.push('\n');

    let mut words = Words::new(&mut out);
    // Comments of the tag section (a file's header) come first in the movetext: export
    // format has no place for them among the tags, and none is lost.
    for comment in record.tag_comments() {
        words.comment(text.get(comment.span.clone()).unwrap_or_default());
    }
    write_movetext(&mut words, record)?;
    let result = marker
        .or_else(|| report.tag("Result").and_then(Outcome::parse))
        .unwrap_or(Outcome::Unknown);
    words.push(result.as_str());
    words.finish();
    Some(out)
}

/// The movetext of `record` but its marker: the moves as the checker played them, each with
/// its number where due, and the NAGs, glyphs, comments and variations around them; `None`
/// where the tokens and the moves do not agree.
fn write_movetext(words: &mut Words, record: &GameRecord) -> Option<()> {
    let text = record.text();
    // Per open line: whether a black move there needs its `N...` (at the start of a line,
    // after a comment or a variation).
    let mut number_due = vec![true];
    let mut moves = record.moves().iter();
    for token in record.tokens() {
        let written = text.get(token.span.clone()).unwrap_or_default();
        match &token.kind {
            TokenKind::Tag { .. } | TokenKind::MoveNumber { .. } | TokenKind::Result(_) => {}
            TokenKind::San => write_move(words, moves.next()?, number_due.last_mut()?),
            TokenKind::Nag(nag) => words.push(&format!("${nag}")),
            TokenKind::Glyph => match Glyph::parse(written) {
                Some(glyph) => words.push(&format!("${}", glyph.nag())),
                None => words.push(written),
            },
            TokenKind::Comment => {
                words.comment(written);
                *number_due.last_mut()? = true;
            }
            TokenKind::VariationStart => {
                words.open();
                number_due.push(true);
            }
            TokenKind::VariationEnd => {
                if number_due.len() > 1 {
                    number_due.pop();
                }
                words.push(")");
                *number_due.last_mut()? = true;
            }
        }
    }
    Some(())
}

/// A move as the checker played it: its number before a white move, or before a black move
/// where `due` says so, and its glyph after it as a NAG.
fn write_move(words: &mut Words, m: &MoveRecord, due: &mut bool) {
    // The number goes with its move: never `15.` at a line's end and its move on the next.
    let unit = if m.color == Color::White {
        format!("{}. {}", m.number, m.san)
    } else if *due {
        format!("{}... {}", m.number, m.san)
    } else {
        m.san.to_string()
    };
    *due = false;
    words.push(&unit);
    if let Some(glyph) = m.glyph {
        words.push(&format!("${}", glyph.nag()));
    }
}

fn write_tags(out: &mut String, tags: &Tags, marker: Option<Outcome>) {
    let mut rest: Vec<(&str, &str)> = Vec::new();
    let mut roster: [Option<&str>; 7] = [None; 7];
    for pair in tags.iter() {
        match SEVEN_TAG_ROSTER.iter().position(|&name| name == pair.0) {
            Some(i) if roster[i].is_none() => roster[i] = Some(pair.1),
            _ => rest.push(pair),
        }
    }
    // A game from a set-up position announces it (standard, section 9.7.1).
    let named = |name: &str| rest.iter().any(|pair| pair.0 == name);
    if named("FEN") && !named("SetUp") {
        rest.push(("SetUp", "1"));
    }
    rest.sort_by(|a, b| a.0.cmp(b.0));
    for (i, name) in SEVEN_TAG_ROSTER.iter().enumerate() {
        let value = roster[i].unwrap_or(roster_placeholder(name, marker));
        write_tag(out, name, value);
    }
    for (name, value) in rest {
        write_tag(out, name, value);
    }
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    out.push_str(&super::syntax::escape(value));
    out.push_str("\"]\n");
}

/// Movetext filled into lines of at most [`MAX_LINE`] characters, a unit at a time: a unit
/// is words that stay on one line (a move and its number, a comment's first word and its
/// `{`, its last and its `}`). No space after `(` (glued to the unit after it) or before `)`.
/// No line starts with `[` or `%` (a reader would take it for a tag or an escape line): a
/// comment word that does is glued to the word before it. Each unit is written once, so
/// that the cost is the text's length, whatever its words.
struct Words<'a> {
    out: &'a mut String,
    /// Characters on the current line.
    column: usize,
    /// `(`s written before the next unit, glued to it.
    opens: usize,
}

/// A line starting with one of these would read as a tag or an escape line.
fn cannot_start_a_line(word: &str) -> bool {
    word.starts_with(['[', '%'])
}

impl<'a> Words<'a> {
    fn new(out: &'a mut String) -> Words<'a> {
        Words {
            out,
            column: 0,
            opens: 0,
        }
    }

    /// Opens a variation: its `(` goes with the unit after it.
    fn open(&mut self) {
        self.opens += 1;
    }

    /// Writes `unit` on the current line, or on the next where it would pass the limit.
    fn push(&mut self, unit: &str) {
        let opens = std::mem::take(&mut self.opens);
        let glued = opens == 0 && unit == ")";
        let len = opens + unit.chars().count();
        let gap = usize::from(self.column > 0 && !glued);
        if self.column > 0 && self.column + gap + len > MAX_LINE {
            self.out.push('\n');
            self.column = 0;
        } else if gap > 0 {
            self.out.push(' ');
            self.column += 1;
        }
        (0..opens).for_each(|_| self.out.push('('));
        self.out.push_str(unit);
        self.column += len;
    }

    /// A comment, `written` as `{ ... }` or `; ...`: its words refilled, or a `;` comment
    /// that holds a `}` kept as one.
    fn comment(&mut self, written: &str) {
        let inner = written
            .strip_prefix('{')
            .map(|c| c.strip_suffix('}').unwrap_or(c))
            .or_else(|| written.strip_prefix(';'))
            .unwrap_or(written);
        if inner.contains('}') {
            // Only a line comment can hold a `}`: it stays one.
            self.line_comment(inner.trim());
            return;
        }
        for unit in comment_units(inner) {
            self.push(&unit);
        }
    }

    /// A `;` comment: to the end of its line.
    fn line_comment(&mut self, text: &str) {
        let comment = format!(";{text}");
        self.push(&comment);
        self.out.push('\n');
        self.column = 0;
    }

    fn finish(mut self) {
        if self.opens > 0 {
            self.push("");
        }
        if self.column > 0 {
            self.out.push('\n');
        }
    }
}

/// The units of a brace comment of `inner` words: `{` with the first word, `}` with the
/// last (a brace alone never starts or ends a line), and a word that cannot start a line
/// with the word before it.
fn comment_units(inner: &str) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    for word in inner.split_whitespace() {
        match units.last_mut() {
            None => units.push(format!("{{ {word}")),
            Some(last) if cannot_start_a_line(word) => {
                last.push(' ');
                last.push_str(word);
            }
            Some(_) => units.push(word.to_string()),
        }
    }
    match units.last_mut() {
        Some(last) => last.push_str(" }"),
        None => units.push("{ }".to_string()),
    }
    units
}
