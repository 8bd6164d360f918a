//! A plan asked of a game's lines of play as the walk reaches each position. A plan without
//! `line` is asked at once, `and` and `or` stopping at the part that decides; one with lines
//! keeps, for each step its lines read, a column of bits (one per position), and at the line
//! of play's end joins them a column at a time, 64 positions a word, each `line` from the
//! last position back.

use std::ops::{ControlFlow, Range};

use super::Query;
use super::compile::{Plan, Step};
use super::program::{Here, LastMove, changes_material};
use super::syntax::Repeat;
use crate::pgn::{Reached, Visit};
use crate::position::Position;

/// Asks a [`Query`] of the positions of one game after another: shown a game's positions in
/// order (it is a [`Visit`]), it tells the mainline plies that match and, where the walk shows
/// variations, the moves inside them that reach a matching position.
///
/// A variation is a line of play of its own: its parent's positions up to where it branches,
/// then its moves; a `line` from a position inside it follows it to its end.
///
/// ```
/// use jaque::pgn::{Checker, Splitter};
/// use jaque::query::Query;
/// let query = Query::parse("capture and check")?;
/// let game = Splitter::new(&b"1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *"[..]).next().unwrap()?;
/// let mut matcher = query.matcher();
/// Checker::default().check_visiting(&game, &mut matcher);
/// assert_eq!(matcher.plies(), [5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Matcher<'q> {
    query: &'q Query,
    /// Whether positions inside variations are asked too.
    variations: bool,
    mainline: Sequence,
    /// The variations open, innermost last.
    open: Vec<Sequence>,
    /// Sequences of closed variations, kept for their buffers.
    spare: Vec<Sequence>,
    /// The SAN tokens, in the game's text, of the variation moves that reached a match.
    found: Vec<Range<usize>>,
    /// With a sort, the greatest value at a matched position of the variations closed.
    best: Option<u32>,
}

/// The positions of one line of play, from its first shown: per step of the plan, a column of
/// bits, one per position.
#[derive(Default)]
struct Sequence {
    columns: Vec<Vec<u64>>,
    /// Positions shown.
    len: usize,
    /// The ply of the first position.
    first: usize,
    /// Each position's move, as its token's bytes (variations only).
    spans: Vec<Range<usize>>,
    /// The columns of the joining steps are computed.
    joined: bool,
    /// For a plan that does not look ahead, the positions that matched (it keeps no
    /// columns).
    hits: Vec<usize>,
    /// For a plan on material alone, its answer at the last position shown.
    material: Option<bool>,
    /// With a sort, its number at each position.
    values: Vec<u32>,
    /// A pawn the query needs can no longer come (see [`reach`](super::reach)): no later
    /// position matches.
    lost: bool,
    scratch: Scratch,
}

impl<'q> Matcher<'q> {
    pub(super) fn new(query: &'q Query) -> Matcher<'q> {
        Matcher {
            query,
            variations: false,
            mainline: Sequence::default(),
            open: Vec::new(),
            spare: Vec::new(),
            found: Vec::new(),
            best: None,
        }
    }

    /// The matcher asking positions inside variations too (if the walk shows them).
    pub fn with_variations(mut self, variations: bool) -> Matcher<'q> {
        self.variations = variations;
        self
    }

    /// Forgets the game shown, for the next.
    pub fn clear(&mut self) {
        self.mainline.clear();
        while let Some(mut sequence) = self.open.pop() {
            sequence.clear();
            self.spare.push(sequence);
        }
        self.found.clear();
        self.best = None;
    }

    /// With a sort ([`Query::sorted_by`]), the greatest value of its number at a matched
    /// position, mainline and variations alike; `None` without a sort or a match.
    pub fn value(&mut self) -> Option<u32> {
        self.query.sort.as_ref()?;
        while !self.open.is_empty() {
            self.close_innermost();
        }
        let plan = &self.query.plan;
        self.mainline.join(plan);
        let mainline = (self.mainline.matching(plan))
            .filter_map(|at| self.mainline.values.get(at).copied())
            .max();
        mainline.max(self.best)
    }

    /// The mainline plies whose position matches, ascending (ply 0: the game's first
    /// position).
    pub fn plies(&mut self) -> Vec<u32> {
        let plan = &self.query.plan;
        self.mainline.join(plan);
        let first = self.mainline.first;
        (self.mainline.matching(plan))
            .map(|at| u32::try_from(first + at).unwrap_or(u32::MAX))
            .collect()
    }

    /// Whether a mainline position shown so far is known to match (a query that looks ahead
    /// is known only at the game's end): a walk that needs no more than that may stop.
    pub fn found_one(&self) -> bool {
        let plan = &self.query.plan;
        !plan.looks_ahead && !self.mainline.hits.is_empty()
    }

    /// Whether no mainline position after those shown can match: the query needs a pawn on
    /// a square that no pawn of its colour can reach any more. A walk of the mainline alone
    /// may stop.
    pub fn lost(&self) -> bool {
        self.mainline.lost
    }

    /// The moves inside variations that reached a matching position: their SAN tokens'
    /// bytes in the game's text, in the text's order.
    pub fn variation_moves(&mut self) -> Vec<Range<usize>> {
        while !self.open.is_empty() {
            self.close_innermost();
        }
        let mut found = self.found.clone();
        found.sort_by_key(|span| span.start);
        found
    }

    fn close_innermost(&mut self) {
        let Some(mut sequence) = self.open.pop() else {
            return;
        };
        let plan = &self.query.plan;
        sequence.join(plan);
        let matching: Vec<usize> = sequence.matching(plan).collect();
        let best = (matching.iter())
            .filter_map(|&at| sequence.values.get(at).copied())
            .max();
        self.best = self.best.max(best);
        (self.found).extend(
            matching
                .iter()
                .filter_map(|&at| sequence.spans.get(at).cloned()),
        );
        sequence.clear();
        self.spare.push(sequence);
    }
}

impl Sequence {
    fn clear(&mut self) {
        self.columns.iter_mut().for_each(Vec::clear);
        self.spans.clear();
        self.values.clear();
        self.hits.clear();
        self.material = None;
        (self.len, self.first, self.joined, self.lost) = (0, 0, false, false);
    }

    /// Shows the position after `ply` plies, reached by `last`. A plan that looks ahead
    /// (`line`) has each test asked and kept in its column, for [`Sequence::join`]; any
    /// other is asked at once, its tests only as far as `and` and `or` need them.
    fn show(&mut self, query: &Query, here: &Here<'_>) {
        let (plan, program) = (&query.plan, &query.program);
        if self.len == 0 {
            self.first = here.ply;
            self.joined = !plan.looks_ahead;
            if plan.looks_ahead {
                self.columns.resize_with(plan.steps.len(), Vec::new);
            }
        }
        if !plan.pawns.is_empty() {
            self.lost = super::reach::lost(&plan.pawns, here.position);
        }
        if let Some(value) = program.sort(here) {
            self.values.push(value);
        }
        let at = self.len;
        self.len += 1;
        if !plan.looks_ahead {
            let same = plan.material && here.last.is_some_and(|last| !changes_material(last));
            let holds = match self.material.filter(|_| same) {
                Some(holds) => holds,
                None => program.holds(here),
            };
            if plan.material {
                self.material = Some(holds);
            }
            if holds {
                self.hits.push(at);
            }
            return;
        }
        let (word, bit) = (at / 64, at % 64);
        for (&step, condition) in plan.shown.iter().zip(program.shown()) {
            let Some(column) = self.columns.get_mut(step) else {
                continue;
            };
            if bit == 0 {
                column.push(0);
            }
            if condition(here)
                && let Some(w) = column.get_mut(word)
            {
                *w |= 1 << bit;
            }
        }
    }

    /// The indices of the positions where `plan` holds, ascending.
    fn matching(&self, plan: &Plan) -> Box<dyn Iterator<Item = usize> + '_> {
        if !plan.looks_ahead {
            return Box::new(self.hits.iter().copied());
        }
        let len = self.len;
        let words = self
            .columns
            .get(plan.root)
            .into_iter()
            .flatten()
            .enumerate();
        Box::new(words.flat_map(move |(i, &word)| {
            (0..64)
                .filter(move |bit| word >> bit & 1 == 1)
                .map(move |bit| i * 64 + bit)
                .filter(move |&at| at < len)
        }))
    }

    /// Computes the columns of the steps that join others.
    fn join(&mut self, plan: &Plan) {
        if self.joined {
            return;
        }
        self.joined = true;
        self.columns.resize_with(plan.steps.len(), Vec::new);
        let words = self.len.div_ceil(64);
        for (index, step) in plan.steps.iter().enumerate() {
            let (before, rest) = self.columns.split_at_mut(index);
            let Some(column) = rest.first_mut() else {
                return;
            };
            let word = |step: usize, w: usize| before.get(step).and_then(|c| c.get(w).copied());
            let fold = |parts: &[usize], w: usize, and: bool| {
                let start = if and { !0 } else { 0 };
                (parts.iter()).fold(start, |acc, &p| {
                    let bits = word(p, w).unwrap_or(0);
                    if and { acc & bits } else { acc | bits }
                })
            };
            if plan.shown.binary_search(&index).is_ok() {
                continue;
            }
            match step {
                Step::Test(_) => continue,
                Step::Not(inner) => {
                    column.extend((0..words).map(|w| !word(*inner, w).unwrap_or(0)))
                }
                Step::All(parts) => column.extend((0..words).map(|w| fold(parts, w, true))),
                Step::Any(parts) => column.extend((0..words).map(|w| fold(parts, w, false))),
                Step::Line(elements) => line(before, elements, self.len, &mut self.scratch, column),
            }
        }
    }
}

/// The buffers of [`line`], kept from one game to the next.
#[derive(Default)]
struct Scratch {
    ahead: Vec<bool>,
    next: Vec<usize>,
}

/// `line --> …`'s column, into `out`: at each ply, whether its elements match consecutive
/// positions from there. From the last element back: `ahead[p]`, the elements after this one
/// match from ply `p` (`p == len`: past the last position); `next[p]`, the first ply from
/// `p` where `ahead` holds; the run, how many positions from `p` on satisfy this element.
fn line(
    columns: &[Vec<u64>],
    elements: &[(usize, Repeat)],
    len: usize,
    scratch: &mut Scratch,
    out: &mut Vec<u64>,
) {
    out.clear();
    out.resize(len.div_ceil(64), 0);
    // An element that must hold somewhere and holds nowhere: the line matches nowhere (the
    // commonest case, with a rare last element such as `mate`).
    let never = |(element, repeat): &(usize, Repeat)| {
        repeat.least > 0
            && columns
                .get(*element)
                .is_none_or(|c| c.iter().all(|&w| w == 0))
    };
    if elements.iter().any(never) {
        return;
    }
    let Scratch { ahead, next } = scratch;
    ahead.clear();
    ahead.resize(len + 1, true);
    next.clear();
    next.resize(len + 1, usize::MAX);
    // One pass back per element: `next` is read from positions already passed, before
    // `ahead` is overwritten there.
    for &(element, repeat) in elements.iter().rev() {
        let words = columns.get(element).map_or(&[][..], Vec::as_slice);
        let (mut run_after, mut next_after) = (0, usize::MAX);
        for p in (0..=len).rev() {
            let holds = p < len && words.get(p / 64).is_some_and(|w| w >> (p % 64) & 1 == 1);
            let run_here = if holds { run_after + 1 } else { 0 };
            let ahead_here = ahead.get(p).copied().unwrap_or(false);
            next[p] = if ahead_here { p } else { next_after };
            let least = p.saturating_add(repeat.least as usize);
            let top = p + repeat.most.map_or(run_here, |m| run_here.min(m as usize));
            ahead[p] = least <= top && next.get(least).is_some_and(|&t| t <= top);
            (run_after, next_after) = (run_here, next[p]);
        }
    }
    for (p, _) in ahead.iter().take(len).enumerate().filter(|(_, a)| **a) {
        if let Some(word) = out.get_mut(p / 64) {
            *word |= 1 << (p % 64);
        }
    }
}

impl Visit for Matcher<'_> {
    fn variations(&self) -> bool {
        self.variations
    }

    fn position(&mut self, ply: usize, depth: usize, position: &Position) -> ControlFlow<()> {
        if depth == 0 && self.mainline.len == 0 {
            let here = Here {
                ply,
                position,
                last: None,
            };
            self.mainline.show(self.query, &here);
        }
        ControlFlow::Continue(())
    }

    fn moved(&mut self, reached: &Reached<'_>) -> ControlFlow<()> {
        let here = Here {
            ply: reached.ply,
            position: reached.after,
            last: (reached.played).map(|played| LastMove {
                after: reached.after,
                played,
            }),
        };
        let sequence = match reached.depth {
            0 => &mut self.mainline,
            depth => match self.open.get_mut(depth - 1) {
                Some(sequence) => {
                    sequence.spans.push(reached.span.clone());
                    sequence
                }
                None => return ControlFlow::Continue(()),
            },
        };
        sequence.show(self.query, &here);
        ControlFlow::Continue(())
    }

    fn opened(&mut self) {
        let sequence = self.spare.pop().unwrap_or_default();
        self.open.push(sequence);
    }

    fn closed(&mut self, depth: usize) {
        while self.open.len() > depth {
            self.close_innermost();
        }
    }
}
