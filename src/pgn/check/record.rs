//! The game record: everything the checker learned about one game, in source order, for the
//! tools that work on a game after it is checked (formatting, fixes, an editor).
//!
//! Like a compiler's syntax tree, the record keeps the text and every token with its span; like
//! its typed layer, it gives each SAN token what it resolved to. Lines of play are flat and
//! point to their parents (no recursion a file can blow), and every move points to the move
//! before it on its path from the start, so any position is the start position with that path
//! played: positions are not kept (a copy per move), they are replayed when asked for.

use std::ops::Range;

use super::super::split::RawGame;
use super::super::syntax::{Token, TokenKind, unescape};
use super::report::{GameDiagnostic, GameReport};
use super::walk::{Listener, Moved, Signs, Verdict};
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::san::{Glyph, SanText, san_marked};

/// One game as the checker understood it: its text and tokens, its tags, every move of every
/// line of play, and the report (status, result, diagnostics). The default is the record of
/// no game, what `std::mem::take` leaves.
///
/// ```
/// use jaque::pgn::{Checker, Options, Splitter, Verdict};
/// let text = "[White \"Tal\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 $1 {develops} Nc6 *\n";
/// let game = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
/// let record = Checker::new(Options::default()).record(&game);
/// assert_eq!(record.tags()[0].value, "Tal");
/// let sans: Vec<&str> = record.moves().iter().map(|m| m.san.as_str()).collect();
/// assert_eq!(sans, ["e4", "e5", "c5", "Nf3", "Nf3", "Nc6"]);
/// let c5 = &record.moves()[2];
/// assert_eq!((c5.line, c5.ply, c5.number, c5.color), (1, 2, 1, jaque::Color::Black));
/// assert_eq!(record.position_before(2).unwrap().fen(),
///            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(record.nags(4).collect::<Vec<_>>(), [1]);
/// assert!(matches!(record.moves()[5].verdict, Verdict::Played(_)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    report: GameReport,
    text: String,
    tags: Vec<TagRecord>,
    tag_comments: Vec<Token>,
    tokens: Vec<Token>,
    moves: Vec<MoveRecord>,
    lines: Vec<LineRecord>,
}

/// A tag pair and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagRecord {
    /// The tag's name.
    pub name: String,
    /// Its value, escapes undone.
    pub value: String,
    /// The whole `[Name "value"]`.
    pub span: Range<usize>,
    /// The name's bytes.
    pub name_span: Range<usize>,
    /// The value's bytes between the quotes, as written.
    pub value_span: Range<usize>,
}

/// One SAN token of the movetext and what it resolved to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Its index among [`GameRecord::tokens`].
    pub token: usize,
    /// Its bytes in [`GameRecord::text`].
    pub span: Range<usize>,
    /// The line of play it is in: an index into [`GameRecord::lines`] (0: the mainline).
    pub line: usize,
    /// Half-moves from the game's start to the position after it.
    pub ply: usize,
    /// The move number and the side that moves, as PGN writes them (`12.` white, `12...`).
    pub number: u32,
    /// The side that moves.
    pub color: Color,
    /// The move before it on its path from the start (in its line, or for a variation's
    /// first move, before the move the variation replaces); `None` from the start position.
    pub prev: Option<usize>,
    /// What became of it.
    pub verdict: Verdict,
    /// Does it give check (when played)?
    pub check: bool,
    /// Does it checkmate?
    pub mate: bool,
    /// Its export SAN when played (`--` for a null move), else the text as written.
    pub san: SanText,
    /// The move-quality glyph written on it (`!`, `?!` ...).
    pub glyph: Option<Glyph>,
}

/// A line of play: the mainline, or a variation with the move it replaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRecord {
    /// The line it branches from (`None` for the mainline).
    pub parent: Option<usize>,
    /// The move of the parent line this variation replaces, when there is one.
    pub replaces: Option<usize>,
    /// How deep: 0 for the mainline, 1 for its variations, ...
    pub depth: usize,
    /// The tokens of its `(` and `)` (`None` where there is none).
    pub open: Option<usize>,
    /// See [`LineRecord::open`].
    pub close: Option<usize>,
}

impl GameRecord {
    /// The report: plies, status, final position, diagnostics, as [`super::check_game`]
    /// gives it.
    pub fn report(&self) -> &GameReport {
        &self.report
    }

    /// The diagnostics as `lints` would have them (see [`GameReport::apply`]).
    pub fn apply(&mut self, lints: &crate::lint::Lints) {
        self.report.apply(lints);
    }

    /// The game's text, decoded: what every span points into.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The game as the splitter cut it, made again from the record: its text (encoded back
    /// to Latin-1 if it was read so) and its place. Checking it again gives this record
    /// again, so a checked game can travel between processes as its text.
    ///
    /// ```
    /// use jaque::pgn::{Checker, Options, Splitter};
    /// let bytes = b"[Event \"Caf\xe9\"]\n\n1. e4 e5 2. Ke3 *\n";
    /// let raw = Splitter::new(&bytes[..]).next().unwrap().unwrap();
    /// let record = Checker::new(Options::default()).record(&raw);
    /// assert!(record.report().latin1);
    /// assert_eq!(record.raw_game().bytes, raw.bytes);
    /// ```
    pub fn raw_game(&self) -> RawGame {
        let bytes = match self.report.latin1 {
            // Every char of a Latin-1 reading is one byte's.
            true => (self.text.chars())
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                .collect(),
            false => self.text.as_bytes().to_vec(),
        };
        RawGame {
            index: self.report.index,
            offset: self.report.offset,
            line: self.report.line,
            bytes,
            skipped: self.report.skipped_bytes,
        }
    }

    /// The tag pairs, in order.
    pub fn tags(&self) -> &[TagRecord] {
        &self.tags
    }

    /// The comments before and between the tag pairs (a file's own header before its first
    /// game, say), in order.
    pub fn tag_comments(&self) -> &[Token] {
        &self.tag_comments
    }

    /// The movetext's tokens, in order (comments, NAGs, move numbers, variations ...).
    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// Every SAN token of the movetext, in source order.
    pub fn moves(&self) -> &[MoveRecord] {
        &self.moves
    }

    /// The mainline's moves as played, in order: those before its first error, null moves
    /// included ([`GameReport::plies`] of them).
    ///
    /// ```
    /// use jaque::pgn::{Checker, Splitter};
    /// let game = Splitter::new(&b"1. e4 (1. d4) e5 2. Ke3 Nc6 *"[..]).next().unwrap().unwrap();
    /// let record = Checker::default().record(&game);
    /// let sans: Vec<&str> = record.mainline().map(|(_, m)| m.san.as_str()).collect();
    /// assert_eq!(sans, ["e4", "e5"]);
    /// ```
    pub fn mainline(&self) -> impl Iterator<Item = (usize, &MoveRecord)> + '_ {
        (self.moves.iter().enumerate())
            .filter(|(_, m)| m.line == 0)
            .take_while(|(_, m)| matches!(m.verdict, Verdict::Played(_) | Verdict::Null))
            .take(self.report.plies)
    }

    /// The opening of the mainline, as lichess names it (see [`crate::opening`]).
    ///
    /// ```
    /// use jaque::pgn::{Checker, Splitter};
    /// let game = Splitter::new(&b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 *"[..]).next().unwrap().unwrap();
    /// let opening = Checker::default().record(&game).opening().unwrap();
    /// // c.tsv names 3... a6 (C70, "Ruy Lopez: Morphy Defense"), and no line ends at 4. Ba4.
    /// assert_eq!((opening.opening.eco, opening.ply), ("C70", 6));
    /// ```
    #[cfg(feature = "openings")]
    pub fn opening(&self) -> Option<crate::opening::Classified> {
        let mut classifier = crate::opening::Classifier::new();
        let mut position = self.start_position()?;
        for (ply, (_, mv)) in self.mainline().enumerate() {
            position = match mv.verdict {
                Verdict::Played(played) => position.play(played),
                _ => position.play_null()?,
            };
            if !classifier.visit(ply + 1, &position) {
                break;
            }
        }
        classifier.classified()
    }

    /// The game's result: its `Result` tag (the last, if it is repeated), or where that is
    /// missing or `*`, its termination marker (as python-chess reads a game).
    ///
    /// ```
    /// use jaque::pgn::{Checker, Splitter};
    /// let game = Splitter::new(&b"1. f3 e5 2. g4 Qh4# 0-1"[..]).next().unwrap().unwrap();
    /// assert_eq!(Checker::default().record(&game).result(), Some("0-1"));
    /// ```
    pub fn result(&self) -> Option<&str> {
        let marker = (self.tokens.iter().rev())
            .find(|t| matches!(t.kind, TokenKind::Result(_)))
            .and_then(|t| self.text.get(t.span.clone()));
        super::mainline::result_of(&self.report.tags, marker)
    }

    /// The text of the comments after move `index`, braces left out, each trimmed, joined by
    /// a space (as python-chess joins them); empty when there is none.
    ///
    /// ```
    /// use jaque::pgn::{Checker, Splitter};
    /// let game = Splitter::new(&b"1. e4 { [%clk 0:03:00] } {best} e5 *"[..]).next().unwrap().unwrap();
    /// assert_eq!(Checker::default().record(&game).comment(0), "[%clk 0:03:00] best");
    /// ```
    pub fn comment(&self, index: usize) -> String {
        let inner = |comment: &'_ str| -> String {
            let text = match comment.strip_prefix('{') {
                Some(braced) => braced.strip_suffix('}').unwrap_or(braced),
                None => comment.strip_prefix(';').unwrap_or(comment),
            };
            text.trim().to_string()
        };
        let texts: Vec<String> = self.comments(index).map(inner).collect();
        texts.join(" ")
    }

    /// The lines of play, the mainline first, then each variation where its `(` is.
    pub fn lines(&self) -> &[LineRecord] {
        &self.lines
    }

    /// The position the game starts from (`None` when its FEN or variant is bad).
    pub fn start_position(&self) -> Option<Position> {
        self.report.start_position
    }

    /// The position before move `index` (of [`GameRecord::moves`]), replayed from the start.
    pub fn position_before(&self, index: usize) -> Option<Position> {
        match self.moves.get(index)?.prev {
            Some(prev) => self.position_after(prev),
            None => self.start_position(),
        }
    }

    /// The position after move `index`, replayed from the start; `None` where it was not
    /// played.
    pub fn position_after(&self, index: usize) -> Option<Position> {
        let mut path = Vec::new();
        let mut at = Some(index);
        while let Some(i) = at {
            let record = self.moves.get(i)?;
            path.push(record.verdict);
            at = record.prev;
        }
        let mut position = self.start_position()?;
        for verdict in path.into_iter().rev() {
            match verdict {
                Verdict::Played(mv) => position.play_in_place(mv),
                Verdict::Null => position = position.play_null()?,
                Verdict::Failed | Verdict::Skipped => return None,
            }
        }
        Some(position)
    }

    /// The position at byte `offset` of the game's text, where an editor's cursor is: the
    /// moves before it played in their lines (a `(` goes back a move, a `)` returns); a move
    /// that ends at the cursor is the one being typed, so the position is before it. `None`
    /// in a tag pair or a comment, or where a move before it failed.
    ///
    /// ```
    /// use jaque::pgn::{Checker, Options, Splitter};
    /// let text = "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *";
    /// let game = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
    /// let record = Checker::new(Options::default()).record(&game);
    /// let in_variation = record.position_at(text.find("2. Nf3)").unwrap()).unwrap();
    /// assert_eq!(in_variation.fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    /// let typing = record.position_at(text.find("e5").unwrap() + 2).unwrap();
    /// assert_eq!(typing.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    pub fn position_at(&self, offset: usize) -> Option<Position> {
        match self.last_move_at(offset)? {
            Some(index) => self.position_after(index),
            None => self.start_position(),
        }
    }

    /// The move (of [`GameRecord::moves`]) whose position is [`GameRecord::position_at`]
    /// `offset`: `Some(None)` before the game's first move, `None` in a tag pair or a comment.
    pub fn last_move_at(&self, offset: usize) -> Option<Option<usize>> {
        let inside = |span: &Range<usize>| span.start < offset && offset < span.end;
        if self.tags.iter().any(|t| inside(&t.span)) {
            return None;
        }
        let by_token: std::collections::HashMap<usize, usize> = (self.moves.iter().enumerate())
            .map(|(i, m)| (m.token, i))
            .collect();
        let mut after: Option<usize> = None;
        let mut stack = Vec::new();
        for (t, token) in self.tokens.iter().enumerate() {
            // A move that ends at the cursor is the one being typed.
            let typing = token.span.end == offset && token.kind == TokenKind::San;
            if token.span.end > offset || typing {
                if inside(&token.span) && token.kind == TokenKind::Comment {
                    return None;
                }
                break;
            }
            match token.kind {
                TokenKind::San => after = by_token.get(&t).copied().or(after),
                TokenKind::VariationStart => {
                    stack.push(after);
                    after = after.and_then(|i| self.moves.get(i)).and_then(|m| m.prev);
                }
                TokenKind::VariationEnd => after = stack.pop().unwrap_or(after),
                _ => {}
            }
        }
        Some(after)
    }

    /// The NAGs after move `index` (a glyph written on the move, then `$n` tokens), in order.
    pub fn nags(&self, index: usize) -> impl Iterator<Item = u8> + '_ {
        let record = self.moves.get(index);
        let glyph = record.and_then(|m| m.glyph).map(Glyph::nag);
        let after = self
            .annotations(record)
            .filter_map(|token| match token.kind {
                TokenKind::Nag(nag) => Some(nag),
                TokenKind::Glyph => self
                    .text
                    .get(token.span.clone())
                    .and_then(Glyph::parse)
                    .map(Glyph::nag),
                _ => None,
            });
        glyph.into_iter().chain(after)
    }

    /// The comments after move `index`, as written (braces or `;` included).
    pub fn comments(&self, index: usize) -> impl Iterator<Item = &str> + '_ {
        let record = self.moves.get(index);
        self.annotations(record)
            .filter(|token| token.kind == TokenKind::Comment)
            .filter_map(|token| self.text.get(token.span.clone()))
    }

    /// The diagnostics about move `index`: those whose span lies in its token.
    pub fn diagnostics_of(&self, index: usize) -> impl Iterator<Item = &GameDiagnostic> + '_ {
        let span = self.moves.get(index).map_or(0..0, |m| m.span.clone());
        self.report.diagnostics.iter().filter(move |d| {
            !span.is_empty()
                && span.start <= d.diagnostic.span.start
                && d.diagnostic.span.end <= span.end
        })
    }

    /// The NAG, glyph and comment tokens right after a move's token.
    fn annotations(&self, record: Option<&MoveRecord>) -> impl Iterator<Item = &Token> + '_ {
        let from = record.map_or(self.tokens.len(), |m| m.token + 1);
        self.tokens
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(|t| {
                matches!(
                    t.kind,
                    TokenKind::Nag(_) | TokenKind::Glyph | TokenKind::Comment
                )
            })
    }
}

/// Builds a [`GameRecord`] from what the walk tells it.
#[derive(Default)]
pub(super) struct Recorder {
    /// Everything but the report, which comes once the walk is done.
    record: GameRecord,
    /// The open lines, innermost last: each with its last move and the move its first move
    /// follows.
    open: Vec<OpenLine>,
}

#[derive(Clone, Copy)]
struct OpenLine {
    line: usize,
    last: Option<usize>,
    first_follows: Option<usize>,
}

impl Recorder {
    /// The record, once the game is checked.
    pub(super) fn finish(self, report: GameReport) -> GameRecord {
        GameRecord {
            report,
            ..self.record
        }
    }

    fn tag(text: &str, token: &Token) -> Option<TagRecord> {
        let TokenKind::Tag { name, value } = &token.kind else {
            return None;
        };
        Some(TagRecord {
            name: text.get(name.clone())?.to_string(),
            value: unescape(text.get(value.clone())?).into_owned(),
            span: token.span.clone(),
            name_span: name.clone(),
            value_span: value.clone(),
        })
    }
}

impl Listener for Recorder {
    const BEFORE: bool = true;

    fn read(&mut self, text: &str, tags: &[Token], movetext: &[Token]) {
        self.record.text = text.to_string();
        self.record.tags = tags.iter().filter_map(|t| Recorder::tag(text, t)).collect();
        self.record.tag_comments = (tags.iter())
            .filter(|t| t.kind == TokenKind::Comment)
            .cloned()
            .collect();
        self.record.tokens = movetext.to_vec();
        self.record.lines = vec![LineRecord {
            parent: None,
            replaces: None,
            depth: 0,
            open: None,
            close: None,
        }];
        self.open = vec![OpenLine {
            line: 0,
            last: None,
            first_follows: None,
        }];
    }

    fn moved(&mut self, moved: Moved<'_>) {
        let Moved {
            token,
            ply,
            verdict,
            written,
            signs,
            before,
            ..
        } = moved;
        let Some(open) = self.open.last_mut() else {
            return;
        };
        let record = &mut self.record;
        let span = record.tokens.get(token).map_or(0..0, |t| t.span.clone());
        let (check, mate, san) = match verdict {
            Verdict::Played(mv) => played(before, mv, written, signs),
            Verdict::Null => (false, false, SanText::from("--")),
            Verdict::Failed | Verdict::Skipped => (false, false, SanText::from(written)),
        };
        let index = record.moves.len();
        record.moves.push(MoveRecord {
            token,
            span,
            line: open.line,
            ply,
            number: before.fullmove_number(),
            color: before.turn(),
            prev: open.last.or(open.first_follows),
            verdict,
            check,
            mate,
            san,
            glyph: glyph_of(written),
        });
        open.last = Some(index);
    }

    fn opened(&mut self, token: usize) {
        let Some(&parent) = self.open.last() else {
            return;
        };
        let line = self.record.lines.len();
        self.record.lines.push(LineRecord {
            parent: Some(parent.line),
            replaces: parent.last,
            depth: self.open.len(),
            open: Some(token),
            close: None,
        });
        let first_follows = parent
            .last
            .and_then(|m| self.record.moves.get(m))
            .and_then(|m| m.prev);
        self.open.push(OpenLine {
            line,
            last: None,
            first_follows,
        });
    }

    fn closed(&mut self, token: Option<usize>) {
        let keep = if token.is_some() {
            self.open.len().saturating_sub(1)
        } else {
            1
        };
        for open in self.open.drain(keep.max(1)..) {
            if let Some(line) = self.record.lines.get_mut(open.line) {
                line.close = token;
            }
        }
    }
}

/// Check, mate and export SAN of `mv`, played from `before` and written `written`.
fn played(before: &Position, mv: Move, written: &str, signs: Signs) -> (bool, bool, SanText) {
    let Signs {
        check,
        mate,
        export,
    } = signs;
    let san = match export {
        true => SanText::from(written),
        false => san_marked(before, mv, check, mate),
    };
    (check, mate, san)
}

/// The glyph at the end of a SAN token, if it has one.
fn glyph_of(written: &str) -> Option<Glyph> {
    let glyph_len = written
        .bytes()
        .rev()
        .take_while(|b| matches!(b, b'!' | b'?'))
        .count();
    written
        .get(written.len() - glyph_len..)
        .and_then(Glyph::parse)
}
