//! The positions of a game as its walk reaches them, for the tools that ask a question of
//! every position (`jaque select`'s position filters, the opening classification) without
//! keeping a record of the game.

use std::ops::{ControlFlow, Range};

use super::super::syntax::Token;
use super::walk::{Listener, Moved, Verdict};
use crate::moves::Move;
use crate::position::Position;

/// Is shown the positions of a game's lines of play, as
/// [`Checker::check_visiting`](super::Checker::check_visiting) walks them: the start
/// position (ply 0), then the position after each move played, up to the first error of
/// each line. It may end the walk once it knows what it wanted.
///
/// ```
/// use std::ops::ControlFlow;
/// use jaque::pgn::{Checker, Splitter, Visit};
/// use jaque::Position;
///
/// /// The ply at which the side to move is first in check.
/// struct FirstCheck(Option<usize>);
/// impl Visit for FirstCheck {
///     fn position(&mut self, ply: usize, _depth: usize, position: &Position) -> ControlFlow<()> {
///         if position.is_check() {
///             self.0 = Some(ply);
///             return ControlFlow::Break(());
///         }
///         ControlFlow::Continue(())
///     }
/// }
/// let game = Splitter::new(&b"1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ *"[..]).next().unwrap().unwrap();
/// let mut first = FirstCheck(None);
/// let report = Checker::default().check_visiting(&game, &mut first);
/// assert_eq!((first.0, report.plies), (Some(5), 5)); // the walk stopped there
/// ```
pub trait Visit {
    /// Whether positions inside variations are shown too (with their `depth`).
    fn variations(&self) -> bool {
        false
    }

    /// The position after `ply` half-moves from the start of the game (0: the start
    /// position), on the mainline (`depth` 0) or in a variation `depth` deep. `Break`
    /// ends the walk.
    fn position(&mut self, ply: usize, depth: usize, position: &Position) -> ControlFlow<()>;

    /// The position a move reached (see [`Reached`]). By default, [`Visit::position`].
    fn moved(&mut self, reached: &Reached<'_>) -> ControlFlow<()> {
        self.position(reached.ply, reached.depth, reached.after)
    }

    /// A variation opened (only where [`Visit::variations`]): the moves shown next are its
    /// own, one level deeper.
    fn opened(&mut self) {}

    /// Variations closed: `depth` is how deep the walk is now (0: on the mainline).
    fn closed(&mut self, depth: usize) {
        let _ = depth;
    }
}

/// A move played and the position it reached, as [`Visit::moved`] is shown it.
#[derive(Debug)]
pub struct Reached<'a> {
    /// Half-moves from the game's start to `after`.
    pub ply: usize,
    /// 0 on the mainline, else how deep in variations.
    pub depth: usize,
    /// The move (`None`: a null move).
    pub played: Option<Move>,
    /// The position it reached.
    pub after: &'a Position,
    /// The move's SAN token in the game's text, as bytes.
    pub span: &'a Range<usize>,
}

/// Where a listener is in the movetext, as the walk tells it: how deep in variations, and
/// whether an error ended the mainline (its later moves are not played).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Nesting {
    /// 0: the mainline.
    depth: usize,
    ended: bool,
}

impl Nesting {
    /// Whether a move heard now is a mainline move that was played or may still be.
    pub(super) fn on_mainline(self) -> bool {
        self.depth == 0 && !self.ended
    }

    /// Hears a move's verdict: one that was not played ends the mainline there.
    pub(super) fn moved(&mut self, verdict: Verdict) {
        if matches!(verdict, Verdict::Failed | Verdict::Skipped) {
            self.ended |= self.depth == 0;
        }
    }

    /// A variation opened.
    pub(super) fn opened(&mut self) {
        self.depth += 1;
    }

    /// A variation closed (`token`: its `)`), or, without one, the movetext ended.
    pub(super) fn closed(&mut self, token: Option<usize>) {
        self.depth = match token {
            Some(_) => self.depth.saturating_sub(1),
            None => 0,
        };
    }
}

/// A [`Visit`] as the walk's listener: keeps the depth and whether each line still plays.
pub(super) struct Visiting<'v, V> {
    visitor: &'v mut V,
    variations: bool,
    nesting: Nesting,
    stopped: bool,
}

impl<'v, V: Visit> Visiting<'v, V> {
    pub(super) fn new(visitor: &'v mut V) -> Visiting<'v, V> {
        Visiting {
            variations: visitor.variations(),
            visitor,
            nesting: Nesting::default(),
            stopped: false,
        }
    }

    fn show(&mut self, ply: usize, position: &Position) {
        let depth = self.nesting.depth;
        if self.visitor.position(ply, depth, position).is_break() {
            self.stopped = true;
        }
    }
}

impl<V: Visit> Listener for Visiting<'_, V> {
    const BEFORE: bool = false;
    const MOVES: bool = true;
    const STOPS: bool = true;

    fn stopped(&self) -> bool {
        self.stopped
    }

    fn read(&mut self, _: &str, _: &[Token], _: &[Token]) {}

    fn started(&mut self, start: &Position) {
        self.show(0, start);
    }

    fn moved(&mut self, moved: Moved<'_>) {
        if self.stopped {
            return;
        }
        let shown = self.nesting.on_mainline() || (self.nesting.depth > 0 && self.variations);
        self.nesting.moved(moved.verdict);
        let played = match moved.verdict {
            Verdict::Played(played) => Some(played),
            Verdict::Null => None,
            Verdict::Failed | Verdict::Skipped => return,
        };
        if shown {
            let reached = Reached {
                ply: moved.ply,
                depth: self.nesting.depth,
                played,
                after: moved.after,
                span: moved.span,
            };
            if self.visitor.moved(&reached).is_break() {
                self.stopped = true;
            }
        }
    }

    fn opened(&mut self, _: usize) {
        self.nesting.opened();
        if self.variations {
            self.visitor.opened();
        }
    }

    fn closed(&mut self, token: Option<usize>) {
        self.nesting.closed(token);
        if self.variations {
            self.visitor.closed(self.nesting.depth);
        }
    }
}
