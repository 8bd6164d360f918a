//! What an editor asks of a document: the move or tag under the cursor, the board there, the
//! legal moves there, where a move number's move is, the games as an outline, what folds,
//! and the whole text fixed or formatted. Each answer is in byte offsets of the text; a game
//! checked again for the question where it needs its moves (and a game not yet checked is
//! checked for it, not kept: [`Document::check`] keeps).

use std::borrow::Cow;
use std::ops::Range;

use super::{Document, Game};
use crate::pgn::syntax::{Token, TokenKind};
use crate::pgn::{
    Checker, Fixed, Fixer, GameRecord, GameReport, Options, TagRecord, Verdict, format_records,
    line_starts,
};
use crate::{Applicability, Color, Position};

/// What is under the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hover {
    /// A move (its SAN token).
    Move(MoveHover),
    /// A tag pair.
    Tag(TagHover),
}

/// A move: where it is, what it is, and the position after it where it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveHover {
    /// The move's bytes.
    pub span: Range<usize>,
    /// What the move is.
    pub played: MoveInfo,
    /// The position after it (`None`: it was not played, illegal or after one that was not).
    pub after: Option<Position>,
    /// It gives check.
    pub check: bool,
    /// It gives mate.
    pub mate: bool,
    /// Its NAGs, a glyph written on it first.
    pub nags: Vec<u8>,
}

/// A move's number, side, SAN as written, and UCI where it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// Its move number.
    pub number: u32,
    /// The side that moves.
    pub color: Color,
    /// The SAN as written.
    pub san: String,
    /// The UCI, where it was played.
    pub uci: Option<String>,
}

/// A tag pair (its spans in the text), what the tag means, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagHover {
    /// The tag pair, its name and value.
    pub tag: TagRecord,
    /// What the tag records, for the tags of the standard.
    pub meaning: Option<&'static str>,
    /// The messages of the diagnostics inside it (none: the value is valid).
    pub problems: Vec<String>,
}

/// The board at a place: the position, and the move it is after (`None`: the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The position shown.
    pub position: Position,
    /// The move it is after.
    pub last: Option<MoveInfo>,
}

/// A legal move offered where the cursor is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// In export SAN.
    pub san: String,
    /// In UCI.
    pub uci: String,
}

/// A game in the outline: `White - Black, Event, Date`, its plies, its bytes (trailing
/// blanks left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// `White - Black, Event, Date`, `?` for a tag it lacks.
    pub name: String,
    /// Mainline half-moves played.
    pub plies: usize,
    /// Its bytes, trailing blanks left out.
    pub span: Range<usize>,
}

/// See [`Fold`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    /// A whole game.
    Game,
    /// A variation, its parentheses included.
    Variation,
    /// A comment, its braces included.
    Comment,
}

/// What folds: a game, a variation or a comment that spans lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    /// The bytes that fold.
    pub span: Range<usize>,
    /// What they are.
    pub kind: FoldKind,
}

impl Document {
    /// The game whose bytes hold `at` (its end included: a cursor after the last move), or
    /// that a cursor on the blanks after it goes on while it has no result yet (where the
    /// next move is typed), checked again for its moves.
    pub fn game_at(&self, at: usize) -> Option<(&Game, GameRecord)> {
        let i = self.games.partition_point(|g| g.offset <= at);
        let game = self.games.get(i.checked_sub(1)?)?;
        let record = self.record_of(i - 1, game);
        let end = game.span().end;
        if at <= end {
            return Some((game, record));
        }
        let blanks = (self.text.get(end..at)).is_some_and(|gap| gap.trim().is_empty());
        let ended = match &game.checked {
            Some(checked) => checked.ended,
            None => (record.tokens().iter()).any(|t| matches!(t.kind, TokenKind::Result(_))),
        };
        (blanks && !ended).then_some((game, record))
    }

    /// Game `index` checked again, its moves kept.
    fn record_of(&self, index: usize, game: &Game) -> GameRecord {
        let mut raw = super::cut::empty_game();
        super::fill(&mut raw, &self.text, index, game);
        let mut checker = Checker::new(Options::default()).allowing(&self.lints);
        let mut record = checker.record(&raw);
        record.apply(&self.lints);
        record
    }

    /// Game `index`'s report: kept, or checked now.
    fn report_of<'d>(&'d self, index: usize, game: &'d Game) -> Cow<'d, GameReport> {
        match game.report() {
            Some(report) => Cow::Borrowed(report),
            None => Cow::Owned(self.record_of(index, game).report().clone()),
        }
    }

    /// The move or the tag pair at byte `at`.
    ///
    /// ```
    /// use jaque::ide::{Document, Hover};
    /// let document = Document::new("[White \"Tal\"]\n\n1. e4 e5 *".into(), Default::default());
    /// let Some(Hover::Move(e5)) = document.hover(document.text().find("e5").unwrap()) else {
    ///     panic!("a move");
    /// };
    /// assert_eq!((e5.played.san.as_str(), e5.played.uci.as_deref()), ("e5", Some("e7e5")));
    /// let Some(Hover::Tag(white)) = document.hover(3) else { panic!("a tag") };
    /// assert_eq!((white.tag.name.as_str(), white.tag.value.as_str()), ("White", "Tal"));
    /// ```
    pub fn hover(&self, at: usize) -> Option<Hover> {
        let (game, record) = self.game_at(at)?;
        let rel = at - game.offset;
        let shift = |span: &Range<usize>| game.offset + span.start..game.offset + span.end;
        if let Some(i) = record.moves().iter().position(|m| m.span.contains(&rel)) {
            let m = record.moves().get(i)?;
            return Some(Hover::Move(MoveHover {
                span: shift(&m.span),
                played: move_info(&record, i)?,
                after: record.position_after(i),
                check: m.check,
                mate: m.mate,
                nags: record.nags(i).collect(),
            }));
        }
        let tag = record.tags().iter().find(|t| t.span.contains(&rel))?;
        let inside = |span: &Range<usize>| tag.span.start <= span.start && span.end <= tag.span.end;
        let problems = (record.report().diagnostics.iter())
            .filter(|d| inside(&d.diagnostic.span))
            .map(|d| d.diagnostic.message.clone())
            .collect();
        let in_text = TagRecord {
            span: shift(&tag.span),
            name_span: shift(&tag.name_span),
            value_span: shift(&tag.value_span),
            ..tag.clone()
        };
        Some(Hover::Tag(TagHover {
            meaning: super::tags::meaning(&tag.name),
            tag: in_text,
            problems,
        }))
    }

    /// The board at byte `at`: on a move or right after it, the position after it; elsewhere
    /// where the next move would be typed; on a move that failed, the position before it,
    /// which shows why. The start position outside any game; `None` in a tag pair or a
    /// comment.
    pub fn board(&self, at: usize) -> Option<Board> {
        let Some((game, record)) = self.game_at(at) else {
            return Some(Board {
                position: Position::default(),
                last: None,
            });
        };
        let rel = at - game.offset;
        let moves = record.moves();
        let on = moves
            .iter()
            .rposition(|m| m.span.start < rel && rel <= m.span.end);
        let mut last = match on {
            Some(index) => Some(index),
            None => record.last_move_at(rel)?,
        };
        // Back to the last move played: where one failed, the board shows the position
        // before it.
        while let Some(index) = last {
            if let Some(position) = record.position_after(index) {
                let last = move_info(&record, index);
                return Some(Board { position, last });
            }
            last = moves.get(index).and_then(|m| m.prev);
        }
        let position = record.start_position()?;
        Some(Board {
            position,
            last: None,
        })
    }

    /// The legal moves (export SAN) where the cursor is: after the move before it in its
    /// line of play (a word under the cursor is the move being typed); from the start
    /// position outside any game; none in a tag pair, a comment or after a move that failed.
    pub fn completion(&self, at: usize) -> Vec<Completion> {
        let position = match self.game_at(at) {
            Some((game, record)) => record.position_at(at - game.offset),
            None => Some(Position::default()),
        };
        let Some(position) = position else {
            return Vec::new();
        };
        (position.legal_moves().iter())
            .map(|&mv| Completion {
                san: crate::san::to_san(&position, mv),
                uci: mv.uci(position.is_chess960()).to_string(),
            })
            .collect()
    }

    /// On a move number, the move it numbers: the SAN token after it (comments between
    /// skipped; for `12...` Black's move), so that "go to definition" lands on the move.
    pub fn definition(&self, at: usize) -> Option<Range<usize>> {
        let (game, record) = self.game_at(at)?;
        let rel = at - game.offset;
        let tokens = record.tokens();
        let is_number = |kind: &TokenKind| matches!(kind, TokenKind::MoveNumber { .. });
        // The cursor may sit just after the dots: `12.|e4`, `12...|`.
        let number = (tokens.iter())
            .position(|t| is_number(&t.kind) && t.span.start <= rel && rel <= t.span.end)?;
        let san = (tokens.get(number + 1..)?.iter())
            .find(|t| t.kind != TokenKind::Comment)
            .filter(|t| t.kind == TokenKind::San)?;
        Some(game.offset + san.span.start..game.offset + san.span.end)
    }

    /// One symbol a game, for an outline.
    pub fn symbols(&self) -> Vec<Symbol> {
        let games = self.games.iter().enumerate();
        games
            .map(|(index, game)| {
                let report = self.report_of(index, game);
                let name = game_name(&report);
                let text = self.text.get(game.span()).unwrap_or_default();
                Symbol {
                    name,
                    plies: report.plies,
                    span: game.offset..game.offset + text.trim_end().len(),
                }
            })
            .collect()
    }

    /// What folds: each game, variation and comment that spans lines.
    pub fn folds(&self) -> Vec<Fold> {
        let mut all = Vec::new();
        for game in &self.games {
            let shift = |fold: &Fold| Fold {
                span: game.offset + fold.span.start..game.offset + fold.span.end,
                kind: fold.kind,
            };
            match &game.checked {
                Some(checked) => all.extend(checked.folds.iter().map(shift)),
                None => {
                    let text = self.text.get(game.span()).unwrap_or_default();
                    let (tokens, _) = crate::pgn::syntax::tokenize(text);
                    all.extend(folds(text, &tokens).iter().map(shift));
                }
            }
        }
        all
    }

    /// The text as `jaque fix` writes it at the document's lint levels, with each change;
    /// `None` where no diagnostic of a game checked has a machine-applicable suggestion
    /// (fixing reads the whole text again: not worth it then), or the text is no text.
    pub fn fixed(&self) -> Option<Fixed> {
        let reports = self.games.iter().filter_map(Game::report);
        let suggestions =
            (reports.flat_map(|r| &r.diagnostics)).flat_map(|d| &d.diagnostic.suggestions);
        let fixable = suggestions
            .into_iter()
            .any(|s| s.applicability == Applicability::MachineApplicable);
        let unchecked = self.games.iter().any(|g| g.checked.is_none());
        let fix = || Fixer::new(Options::default(), self.lints, false).fix(self.text.as_bytes());
        (fixable || unchecked).then(fix).and_then(Result::ok)
    }

    /// The whole text as `jaque fmt` writes it (games with errors as they are); `None` when
    /// it is so already or has no game.
    pub fn formatted(&self) -> Option<String> {
        let records = (self.games.iter().enumerate()).map(|(i, g)| self.record_of(i, g));
        let out = format_records(records);
        (!out.is_empty() && out != self.text).then_some(out)
    }
}

/// What folds in a game's `text` of `tokens`: the game, and each comment and variation that
/// spans lines, relative to the game's start.
pub(super) fn folds(text: &str, tokens: &[Token]) -> Vec<Fold> {
    let spans_lines = |span: &Range<usize>| {
        text.get(span.clone())
            .is_some_and(|t| t.contains(['\n', '\r']))
    };
    let mut folds = Vec::new();
    let mut fold = |span: Range<usize>, kind| {
        if spans_lines(&span) {
            folds.push(Fold { span, kind });
        }
    };
    fold(0..text.trim_end().len(), FoldKind::Game);
    for comment in tokens.iter().filter(|t| t.kind == TokenKind::Comment) {
        fold(comment.span.clone(), FoldKind::Comment);
    }
    if tokens.iter().any(|t| t.kind == TokenKind::VariationEnd) {
        variation_folds(text, tokens, &mut folds);
    }
    folds
}

/// The variations of `tokens` that span lines, as folds. Nested variations hold each
/// other's text: whether one spans lines is asked of the lines' starts, read once, not of
/// its text (read again for each variation around it).
fn variation_folds(text: &str, tokens: &[Token], folds: &mut Vec<Fold>) {
    let starts: Vec<usize> = line_starts(text.as_bytes()).collect();
    // A line starts just after a line end: inside a span, or right at its end.
    let spans_lines = |span: &Range<usize>| {
        let next = starts.partition_point(|&start| start <= span.start);
        starts.get(next).is_some_and(|&start| start <= span.end)
    };
    let mut open = Vec::new();
    for token in tokens {
        match token.kind {
            TokenKind::VariationStart => open.push(token.span.start),
            TokenKind::VariationEnd => {
                if let Some(start) = open.pop() {
                    let span = start..token.span.end;
                    if spans_lines(&span) {
                        folds.push(Fold {
                            span,
                            kind: FoldKind::Variation,
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

/// Move `index`'s number, side, SAN as written, and UCI where it was played.
fn move_info(record: &GameRecord, index: usize) -> Option<MoveInfo> {
    let m = record.moves().get(index)?;
    let uci = match (m.verdict, record.position_before(index)) {
        (Verdict::Played(mv), Some(before)) => Some(mv.uci(before.is_chess960()).to_string()),
        _ => None,
    };
    Some(MoveInfo {
        number: m.number,
        color: m.color,
        san: m.san.as_str().to_string(),
        uci,
    })
}

/// A game as an outline names it: `White - Black, Event, Date` (`?` for a tag it lacks).
pub(super) fn game_name(report: &GameReport) -> String {
    let tag = |name| report.tag(name).unwrap_or("?");
    format!(
        "{} - {}, {}, {}",
        tag("White"),
        tag("Black"),
        tag("Event"),
        tag("Date")
    )
}
