//! Every move of every line of play, from its own branch position. Variations are walked
//! with an explicit stack, so no nesting a file contains can overflow the call stack.

use std::ops::Range;

use super::super::syntax::{Outcome, Token, TokenKind};
use super::report::Collector;
use super::{MAX_VARIATION_DEPTH, Options};
use crate::diagnostic::{Applicability, Code, Diagnostic, Suggestion};
use crate::moves::Move;
use crate::position::{History, Position};
use crate::san;

/// One line of play being walked.
#[derive(Clone, Debug)]
pub(super) struct Line {
    /// The position now.
    now: Position,
    /// The position before this line's last move: where a variation on that move starts.
    /// Kept only where a variation may start (see the walk).
    before: Option<Position>,
    /// Half-moves from the game's start to `now`.
    ply: usize,
    /// An error ended this line: the rest of it is skipped.
    dead: bool,
    /// The line died at its last move token, whose position before is `now`: a variation
    /// replacing that move can still be checked.
    died_at_last_move: bool,
    /// Where the `(` that opened it is.
    opened: usize,
    /// How far the text's move numbers are from the true ones (after a warning about it).
    numbering_offset: i32,
    /// The diagnostic about the line's first wrong move number: the numbers after it that
    /// follow the same wrong count are mended with it.
    numbering: Option<usize>,
}

impl Line {
    fn new(now: Position, ply: usize, opened: usize) -> Line {
        Line {
            now,
            before: None,
            ply,
            dead: false,
            died_at_last_move: false,
            opened,
            numbering_offset: 0,
            numbering: None,
        }
    }
}

/// What became of a SAN token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move was played.
    Played(Move),
    /// A null move (`--`, `Z0`): the side to move passed.
    Null,
    /// The move could not be played: the line ends here.
    Failed,
    /// The line had ended before it: the move was not read.
    Skipped,
}

/// What reading a played move told besides the move, so that a listener need not work it
/// out again: whether it checks and mates, and whether the token as written is its export
/// SAN (most moves: those the SAN fast path reads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Signs {
    pub(super) check: bool,
    pub(super) mate: bool,
    pub(super) export: bool,
}

impl Signs {
    #[inline(always)]
    fn of(check: bool, mate: bool, export: bool) -> Signs {
        Signs {
            check,
            mate,
            export,
        }
    }
}

/// Who hears what the walk does, token by token: the game record is built from this. The
/// plain check listens with `()`, and the calls compile to nothing.
pub(super) trait Listener {
    /// Whether [`Listener::moved`] is given the position before each move (a copy a move).
    const BEFORE: bool;
    /// Whether [`Listener::moved`] hears the moves played (it always hears the skipped ones).
    const MOVES: bool = Self::BEFORE;
    /// Whether the walk asks [`Listener::stopped`] after each token.
    const STOPS: bool = false;
    /// The walk is to end here: nothing after is wanted.
    fn stopped(&self) -> bool {
        false
    }
    /// The game's text and its tokens: the tag section's, then the movetext's (whose
    /// indices the other calls give).
    fn read(&mut self, text: &str, tags: &[Token], movetext: &[Token]);
    /// The position the game starts from, before its first move.
    fn started(&mut self, _start: &Position) {}
    /// A SAN token of the movetext read, and what became of it.
    fn moved(&mut self, moved: Moved<'_>);
    /// A variation opened at token `token`.
    fn opened(&mut self, token: usize);
    /// The innermost open variation closed (`None`: every variation, at the marker).
    fn closed(&mut self, token: Option<usize>);
}

/// What [`Listener::moved`] hears.
pub(super) struct Moved<'a> {
    /// The token's index in the movetext.
    pub(super) token: usize,
    /// The token's bytes in the game's text.
    pub(super) span: &'a Range<usize>,
    /// Half-moves from the game's start to the position after the move.
    pub(super) ply: usize,
    pub(super) verdict: Verdict,
    /// The token as written.
    pub(super) written: &'a str,
    /// For a played move, its signs (else all false).
    pub(super) signs: Signs,
    /// The position before the move (when [`Listener::BEFORE`]; else the one after).
    pub(super) before: &'a Position,
    pub(super) after: &'a Position,
}

impl Listener for () {
    const BEFORE: bool = false;
    #[inline(always)]
    fn read(&mut self, _: &str, _: &[Token], _: &[Token]) {}
    #[inline(always)]
    fn moved(&mut self, _: Moved<'_>) {}
    #[inline(always)]
    fn opened(&mut self, _: usize) {}
    #[inline(always)]
    fn closed(&mut self, _: Option<usize>) {}
}

pub(super) struct Walked {
    pub(super) plies: usize,
    pub(super) moves: usize,
    pub(super) final_position: Position,
    pub(super) history: History,
    /// The lines' vector, for the next game.
    pub(super) lines: Vec<Line>,
    pub(super) mainline_error: bool,
    pub(super) termination: Option<(Outcome, Range<usize>)>,
}

/// The walk's state between tokens.
struct Walker<'a, L> {
    text: &'a str,
    options: &'a Options,
    /// Whether the position before each move is kept: where a variation may start.
    keep_before: bool,
    lines: Vec<Line>,
    history: History,
    moves: usize,
    mainline_error: bool,
    termination: Option<(Outcome, Range<usize>)>,
    out: &'a mut Collector,
    listener: &'a mut L,
}

/// Plays the moves of `movetext`, tokens of `text`, from `start` (`variations`: whether any
/// `(` is in it), telling `listener` what it does. Never inlined: inlined into the checker
/// (its one caller), the loop compiled to more instructions per move.
#[inline(never)]
pub(super) fn walk<L: Listener>(
    (text, movetext, variations): (&str, &[Token], bool),
    start: Position,
    buffers: (Vec<Line>, Vec<Option<Move>>),
    options: &Options,
    out: &mut Collector,
    listener: &mut L,
) -> Walked {
    let (mut lines, moves) = buffers;
    lines.clear();
    lines.push(Line::new(start, 0, 0));
    let mut walker = Walker {
        text,
        options,
        // Most games have no variation: no copy of the position per move for them.
        keep_before: variations || L::BEFORE,
        lines,
        history: History::new(start, moves),
        moves: 0,
        mainline_error: false,
        termination: None,
        out,
        listener,
    };
    // Variations opened beyond the depth limit, skipped whole.
    let mut too_deep = 0usize;
    for (index, token) in movetext.iter().enumerate() {
        if too_deep > 0 {
            match token.kind {
                TokenKind::VariationStart => too_deep += 1,
                TokenKind::VariationEnd => too_deep -= 1,
                _ => {}
            }
            continue;
        }
        match &token.kind {
            TokenKind::San => walker.san(index, &token.span),
            TokenKind::MoveNumber { number, dots: _ } => walker.move_number(*number, &token.span),
            TokenKind::VariationStart => {
                if !walker.open(index, &token.span) {
                    too_deep = 1;
                }
            }
            TokenKind::VariationEnd => walker.close(index, &token.span),
            TokenKind::Result(outcome) => walker.marker(*outcome, &token.span, movetext, index),
            TokenKind::Nag(_) | TokenKind::Glyph | TokenKind::Comment | TokenKind::Tag { .. } => {}
        }
        if L::STOPS && walker.listener.stopped() {
            break;
        }
    }
    walker.finish(start)
}

impl<L: Listener> Walker<'_, L> {
    /// A SAN token: the move played on its line, or the error that ends the line.
    #[inline(always)]
    fn san(&mut self, index: usize, span: &Range<usize>) {
        let depth = self.lines.len() - 1;
        let Some(line) = self.lines.last_mut() else {
            return;
        };
        if line.dead {
            line.died_at_last_move = false;
            self.listener.moved(Moved {
                token: index,
                span,
                ply: line.ply + 1,
                verdict: Verdict::Skipped,
                written: token_text(self.text, span),
                signs: Signs::default(),
                before: &line.now,
                after: &line.now,
            });
            return;
        }
        // Where a variation on this move starts. Kept whatever the outcome: after an error
        // the line is dead, and a dead line's variations start from `now`.
        if self.keep_before {
            line.before = Some(line.now);
        }
        let ply = line.ply + 1;
        let token = SanToken {
            text: self.text,
            span,
            ply,
            lang: self.options.lang,
        };
        let (verdict, signs) = play(&mut line.now, token, self.options, self.out);
        match verdict {
            Verdict::Played(_) | Verdict::Null => {
                self.moves += usize::from(verdict != Verdict::Null);
                line.ply = ply;
                if depth == 0 {
                    let mv = match verdict {
                        Verdict::Played(mv) => Some(mv),
                        _ => None,
                    };
                    self.history.record(mv);
                }
            }
            _ => {
                line.dead = true;
                line.died_at_last_move = true;
                self.mainline_error |= depth == 0;
            }
        }
        if L::MOVES {
            let before = match (L::BEFORE, &line.before) {
                (true, Some(before)) => before,
                _ => &line.now,
            };
            self.listener.moved(Moved {
                token: index,
                span,
                ply,
                verdict,
                written: token_text(self.text, span),
                signs,
                before,
                after: &line.now,
            });
        }
    }

    /// A move number: checked against the line's position. After one wrong number, the
    /// line's own numbering is followed: a file that counts from 1 after a FEN gets one
    /// warning, not one per move.
    fn move_number(&mut self, number: u32, span: &Range<usize>) {
        let Some(line) = self.lines.last_mut() else {
            return;
        };
        if line.dead {
            return;
        }
        let due = line.now.fullmove_number();
        let expected = due.wrapping_add_signed(line.numbering_offset);
        // The number's digits (not its dots) rewritten: made only where a number is wrong.
        let renumber = || {
            let digits = self
                .text
                .get(span.clone())
                .map_or(0, |t| t.bytes().take_while(u8::is_ascii_digit).count());
            Suggestion {
                span: span.start..span.start + digits,
                replacement: due.to_string(),
                applicability: Applicability::MachineApplicable,
            }
        };
        if number == due {
            // Right again: the line counts as the game does from here.
            line.numbering_offset = 0;
            line.numbering = None;
        } else if number == expected && line.numbering.is_some() {
            if let Some(first) = line.numbering {
                self.out.suggest(first, renumber());
            }
        } else {
            line.numbering_offset = number.wrapping_sub(due) as i32;
            let mut d = Diagnostic::new(
                Code::NonstandardNotation,
                format!("move number {number}, but this is move {due}"),
                format!("move {due}"),
                span.clone(),
            )
            .with_help(format!("write {due}."));
            d.suggestions.push(renumber());
            line.numbering = self.out.push(d, Some(line.ply + 1), None);
        }
    }

    /// A `(`: a variation replaces the line's last move, so it starts where that move did.
    /// `false` when it is nested too deep to be read.
    fn open(&mut self, index: usize, span: &Range<usize>) -> bool {
        if self.lines.len() > MAX_VARIATION_DEPTH {
            self.out.game(Diagnostic::new(
                Code::Syntax,
                format!(
                    "variations nested deeper than {MAX_VARIATION_DEPTH} levels are beyond what \
                     jaque checks: this one is skipped"
                ),
                "too deep to check",
                span.clone(),
            ));
            return false;
        }
        let Some(line) = self.lines.last() else {
            return false;
        };
        let mut child = if line.dead {
            let mut child = Line::new(line.now, line.ply, span.start);
            child.dead = !line.died_at_last_move;
            child
        } else if let Some(before) = line.before {
            Line::new(before, line.ply - 1, span.start)
        } else {
            self.out.game(Diagnostic::new(
                Code::Syntax,
                "a variation must follow the move it replaces",
                "no move before this variation",
                span.start..span.start + 1,
            ));
            let mut child = Line::new(line.now, line.ply, span.start);
            child.dead = true;
            child
        };
        child.numbering_offset = line.numbering_offset;
        child.numbering = line.numbering;
        self.lines.push(child);
        self.listener.opened(index);
        true
    }

    /// A `)`: back to the line the variation branched from.
    fn close(&mut self, index: usize, span: &Range<usize>) {
        if self.lines.len() > 1 {
            self.lines.pop();
            self.listener.closed(Some(index));
        } else {
            self.out.game(Diagnostic::new(
                Code::Syntax,
                "`)` without a `(` to close",
                "unmatched",
                span.clone(),
            ));
        }
    }

    /// The termination marker: the game's at depth 0; inside a variation, an error (the game
    /// ends only where every variation is closed), and the marker is kept out of the way.
    fn marker(&mut self, outcome: Outcome, span: &Range<usize>, movetext: &[Token], at: usize) {
        let depth = self.lines.len() - 1;
        if depth == 0 {
            self.listener.closed(None);
            self.termination = Some((outcome, span.clone()));
            return;
        }
        let d = Diagnostic::new(
            Code::Syntax,
            "a termination marker inside a variation",
            "the game ends only outside its variations",
            span.clone(),
        );
        // Where the variations close after it, the marker is only in the way; where they
        // do not, they were to close before it.
        let mut open = depth;
        let closed = movetext.iter().skip(at + 1).any(|t| {
            match t.kind {
                TokenKind::VariationStart => open += 1,
                TokenKind::VariationEnd => open -= 1,
                _ => {}
            }
            open == 0
        });
        let fix = Applicability::MachineApplicable;
        let d = match closed {
            true => d.with_suggestion(self.with_blank_before(span), "", fix),
            false => {
                // The variations never close: the marker is taken for the game's.
                self.termination = Some((outcome, span.clone()));
                d.with_suggestion(span.start..span.start, ")".repeat(depth) + " ", fix)
            }
        };
        self.out.game(d.with_help(match closed {
            true => "remove it: the variation goes on after it",
            false => "close the variations before it",
        }));
    }

    /// `span` with the blanks before it on its line: what to remove to remove a token.
    fn with_blank_before(&self, span: &Range<usize>) -> Range<usize> {
        let before = self.text.get(..span.start).unwrap_or_default();
        let blanks = before.len() - before.trim_end_matches([' ', '\t']).len();
        span.start - blanks..span.end
    }

    fn finish(self, start: Position) -> Walked {
        for open in self.lines.iter().skip(1) {
            self.out.game(unclosed(open.opened));
        }
        let (plies, final_position) = self
            .lines
            .first()
            .map_or((0, start), |main| (main.ply, main.now));
        Walked {
            plies,
            moves: self.moves,
            final_position,
            history: self.history,
            lines: self.lines,
            mainline_error: self.mainline_error,
            termination: self.termination,
        }
    }
}

/// A SAN token where the walk reads it: the game's text, the token's bytes in it, and the
/// ply the move would reach.
#[derive(Clone, Copy)]
struct SanToken<'a> {
    text: &'a str,
    span: &'a Range<usize>,
    ply: usize,
    lang: san::Lang,
}

impl SanToken<'_> {
    fn written(&self) -> &str {
        token_text(self.text, self.span)
    }

    /// `d`, whose spans are inside the token, given to `out` with spans of the game.
    fn report(&self, mut d: Diagnostic, out: &mut Collector) {
        d.span = within(&d.span, self.span);
        for suggestion in &mut d.suggestions {
            suggestion.span = within(&suggestion.span, self.span);
        }
        out.push(d, Some(self.ply), Some(self.written()));
    }
}

/// The bytes `span` of `text` (empty where they are not a part of it).
#[inline(always)]
fn token_text<'a>(text: &'a str, span: &Range<usize>) -> &'a str {
    text.get(span.clone()).unwrap_or_default()
}

/// The move `token`, played on `position`: what became of it and its signs, with its
/// warnings or its error given to `out`. `position` is played on only where the move is.
#[inline(always)]
fn play(
    position: &mut Position,
    token: SanToken<'_>,
    options: &Options,
    out: &mut Collector,
) -> (Verdict, Signs) {
    let bytes = token
        .text
        .as_bytes()
        .get(token.span.clone())
        .unwrap_or_default();
    san::play_then(
        position,
        bytes,
        options.lang,
        // The fast path reads only export SAN, its sign checked.
        |mv, check, mate| (Verdict::Played(mv), Signs::of(check, mate, true)),
        |position, answer| match answer {
            Ok(played) => {
                let signs = Signs::of(played.check, played.mate, false);
                // Most moves have no warning.
                match played.warnings.is_empty() {
                    true => (Verdict::Played(played.mv), signs),
                    false => (warn(played, token, out), signs),
                }
            }
            Err(error) => (not_san(position, error, token, out), Signs::default()),
        },
    )
}

#[cold]
#[inline(never)]
fn warn(played: san::Played, token: SanToken<'_>, out: &mut Collector) -> Verdict {
    for d in played.diagnostics(token.written()) {
        token.report(d, out);
    }
    Verdict::Played(played.mv)
}

/// A token that is not a SAN move that can be played: a null move, or the error.
#[cold]
#[inline(never)]
fn not_san(
    position: &mut Position,
    error: san::SanError,
    token: SanToken<'_>,
    out: &mut Collector,
) -> Verdict {
    let written = token.written();
    if !matches!(written, "--" | "Z0") {
        token.report(error.diagnostic(position, written, token.lang), out);
        return Verdict::Failed;
    }
    // The null move's diagnostics span the whole token.
    let whole = 0..token.span.len();
    match null_move(position, whole) {
        Ok(warning) => {
            token.report(warning, out);
            Verdict::Null
        }
        Err(error) => {
            token.report(error, out);
            Verdict::Failed
        }
    }
}

/// A null move: not chess, but some tools write it for a skipped move. The warning that it
/// is not a move, or the error where it cannot be played.
fn null_move(position: &mut Position, span: Range<usize>) -> Result<Diagnostic, Diagnostic> {
    let Some(after) = position.play_null() else {
        return Err(Diagnostic::new(
            Code::IllegalMove,
            "a null move while in check: the king would stay in check",
            "the side to move is in check",
            span.clone(),
        ));
    };
    *position = after;
    Ok(Diagnostic::new(
        Code::NonstandardNotation,
        "a null move: not a chess move",
        "the side to move passes",
        span.clone(),
    ))
}

/// A span inside a token (a SAN error may point one past its end) as a span of the game.
fn within(inner: &Range<usize>, token: &Range<usize>) -> Range<usize> {
    let start = (token.start + inner.start).min(token.end);
    let end = (token.start + inner.end).clamp(start, token.end.max(start));
    start..end.max(start)
}

fn unclosed(at: usize) -> Diagnostic {
    Diagnostic::new(
        Code::Unterminated,
        "this variation never closes",
        "no `)` for this `(`",
        at..at + 1,
    )
}
