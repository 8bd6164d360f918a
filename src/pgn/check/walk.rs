//! Every move of every line of play, from its own branch position. Variations are walked
//! with an explicit stack, so no nesting a file contains can overflow the call stack.

use std::ops::Range;

use super::super::lexer::{Outcome, Token, TokenKind};
use super::report::Collector;
use super::{MAX_VARIATION_DEPTH, Options};
use crate::diagnostic::{Code, Diagnostic};
use crate::moves::Move;
use crate::position::{History, Position};
use crate::san::{self, Fast};

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
        }
    }
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

/// Plays the moves of `movetext` from `start` (`variations`: whether any `(` is in it).
pub(super) fn walk(
    text: &str,
    movetext: &[Token],
    variations: bool,
    start: Position,
    buffers: (Vec<Line>, Vec<Option<Move>>),
    options: &Options,
    out: &mut Collector,
) -> Walked {
    let (mut lines, moves) = buffers;
    lines.clear();
    lines.push(Line::new(start, 0, 0));
    let mut history = History::new(start, moves);
    let mut moves = 0;
    let mut mainline_error = false;
    let mut termination = None;
    // Variations opened beyond the depth limit, skipped whole.
    let mut too_deep = 0usize;

    for token in movetext {
        let span = token.span.clone();
        if too_deep > 0 {
            match token.kind {
                TokenKind::VariationStart => too_deep += 1,
                TokenKind::VariationEnd => too_deep -= 1,
                _ => {}
            }
            continue;
        }
        let depth = lines.len() - 1;
        let Some(line) = lines.last_mut() else {
            break;
        };
        match &token.kind {
            TokenKind::San => {
                if line.dead {
                    line.died_at_last_move = false;
                    continue;
                }
                // Where a variation on this move starts, kept only in games that have
                // variations (most have none) and in variations, whose moves no history
                // keeps (the fast path's wrong signs are handed back from this copy). Kept
                // whatever the outcome: after an error the line is dead, and a dead line's
                // variations start from `now`.
                let kept = depth > 0 || variations;
                if kept {
                    line.before = Some(line.now);
                }
                let ply = line.ply + 1;
                // The move played (`None` for a null move), or why not: the commonest moves
                // straight from their bytes, then the general path, from the position before
                // the move (handed back where the fast path played a move with a wrong sign).
                let fast = match text.as_bytes().get(span.clone()) {
                    Some(bytes) => san::play_common(&mut line.now, bytes, options.lang),
                    None => Fast::Untouched,
                };
                // Two matches, not one: with the hand-back inside the general arm the walk
                // measured 2% slower (A/B, the layout of this hot loop).
                let fast = match fast {
                    Fast::Played(mv) => Some(mv),
                    Fast::Untouched => None,
                    Fast::WrongSign => {
                        line.now = match line.before {
                            Some(before) if kept => before,
                            _ => history.last_position(),
                        };
                        None
                    }
                };
                let (outcome, written) = match fast {
                    Some(mv) => {
                        moves += 1;
                        (Ok(Some(mv)), "")
                    }
                    None => {
                        let written = text.get(span.clone()).unwrap_or_default();
                        let outcome = general(&mut line.now, written, &span, ply, options, out);
                        moves += usize::from(matches!(outcome, Ok(Some(_))));
                        (outcome, written)
                    }
                };
                match outcome {
                    Ok(mv) => {
                        line.ply = ply;
                        if depth == 0 {
                            history.record(&line.now, mv);
                        }
                    }
                    Err(d) => {
                        out.push(d, Some(ply), Some(written));
                        line.dead = true;
                        line.died_at_last_move = true;
                        mainline_error |= depth == 0;
                    }
                }
            }
            TokenKind::MoveNumber { number, dots: _ } => {
                if line.dead {
                    continue;
                }
                // After one wrong number, the line's own numbering is followed: a file that
                // counts from 1 after a FEN gets one warning, not one per move.
                let due = line.now.fullmove_number();
                let expected = due.wrapping_add_signed(line.numbering_offset);
                if *number != expected {
                    line.numbering_offset = number.wrapping_sub(due) as i32;
                    out.push(
                        Diagnostic::new(
                            Code::NonstandardNotation,
                            format!("move number {number}, but this is move {due}"),
                            format!("move {due}"),
                            span,
                        )
                        .with_help(format!("write {due}.")),
                        Some(line.ply + 1),
                        None,
                    );
                }
            }
            TokenKind::VariationStart => {
                if depth >= MAX_VARIATION_DEPTH {
                    out.push(
                        Diagnostic::new(
                            Code::Syntax,
                            format!(
                                "variations nested deeper than {MAX_VARIATION_DEPTH}: this one is not checked"
                            ),
                            "too deep",
                            span,
                        ),
                        None,
                        None,
                    );
                    too_deep = 1;
                    continue;
                }
                // A variation replaces the line's last move: it starts where that move did.
                let child = if line.dead && line.died_at_last_move {
                    Line::new(line.now, line.ply, span.start)
                } else if line.dead {
                    let mut child = Line::new(line.now, line.ply, span.start);
                    child.dead = true;
                    child
                } else if let Some(before) = line.before {
                    Line::new(before, line.ply - 1, span.start)
                } else {
                    out.push(
                        Diagnostic::new(
                            Code::Syntax,
                            "a variation must follow the move it replaces",
                            "no move before this variation",
                            span.start..span.start + 1,
                        ),
                        None,
                        None,
                    );
                    let mut child = Line::new(line.now, line.ply, span.start);
                    child.dead = true;
                    child
                };
                let mut child = child;
                child.numbering_offset = line.numbering_offset;
                lines.push(child);
            }
            TokenKind::VariationEnd => {
                if lines.len() > 1 {
                    lines.pop();
                } else {
                    out.push(
                        Diagnostic::new(
                            Code::Syntax,
                            "`)` without a `(` to close",
                            "unmatched",
                            span,
                        ),
                        None,
                        None,
                    );
                }
            }
            TokenKind::Result(outcome) => {
                // A marker inside a variation: the variations never closed.
                for open in lines.drain(1..) {
                    out.push(unclosed(open.opened), None, None);
                }
                termination = Some((*outcome, span));
            }
            TokenKind::Nag(_) | TokenKind::Glyph | TokenKind::Comment | TokenKind::Tag { .. } => {}
        }
    }
    for open in lines.iter().skip(1) {
        out.push(unclosed(open.opened), None, None);
    }
    let (plies, final_position) = lines
        .first()
        .map_or((0, start), |main| (main.ply, main.now));
    Walked {
        plies,
        moves,
        final_position,
        history,
        lines,
        mainline_error,
        termination,
    }
}

/// A move that the fast path did not play, `written` at `span`, by the general path from
/// `position`, the position before it: the move (`None` for a null move) with its warnings
/// given to `out`, or the error. `position` is played on only where the move is.
#[inline(never)]
fn general(
    position: &mut Position,
    written: &str,
    span: &Range<usize>,
    ply: usize,
    options: &Options,
    out: &mut Collector,
) -> Result<Option<Move>, Diagnostic> {
    let before = *position;
    if matches!(written, "--" | "Z0") {
        // A null move: not chess, but some tools write it for a skipped move.
        let Some(after) = before.play_null() else {
            return Err(Diagnostic::new(
                Code::IllegalMove,
                "a null move while in check: the king would stay in check",
                "the side to move is in check",
                span.clone(),
            ));
        };
        *position = after;
        out.push(
            Diagnostic::new(
                Code::NonstandardNotation,
                "a null move: not a chess move",
                "the side to move passes",
                span.clone(),
            ),
            Some(ply),
            Some(written),
        );
        return Ok(None);
    }
    match san::play_text(position, written, options.lang) {
        Ok(played) => {
            // Most moves have none: no vector to build and drop.
            if !played.warnings.is_empty() {
                for mut d in san::warnings_of_text(&before, written, options.lang, &played) {
                    d.span = within(&d.span, span);
                    out.push(d, Some(ply), Some(written));
                }
            }
            Ok(Some(played.mv))
        }
        Err(error) => {
            let mut d = san::error_diagnostic(written, &error);
            d.span = within(&d.span, span);
            Err(d)
        }
    }
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
