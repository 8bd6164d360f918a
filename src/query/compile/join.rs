//! How `and`, `or` and the copies a transform makes join their parts: pieces each on one
//! square into one placement, placements moved of one another into one pattern, words into
//! one test; then the cheapest part first, by what asking each costs.

use std::ops::Range;

use super::super::pattern::{self, Placement};
use super::super::syntax::{Designator, Node, Pieces, Word};
use super::super::transform::Context;
use super::{Compiler, MAX_COPIES, Number, Step, Test, Words};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::diagnostic::FilterError;
use crate::role::{Piece, Role};
use crate::square::Square;

impl Compiler<'_> {
    /// The steps of `and`'s or `or`'s parts, the cheapest to ask first.
    pub(super) fn conditions(
        &mut self,
        parts: &[Node],
        context: Context,
    ) -> Result<Vec<usize>, FilterError> {
        let mut steps = Vec::with_capacity(parts.len());
        for part in parts {
            let step = self.condition(part, context)?;
            if !steps.contains(&step) {
                steps.push(step);
            }
        }
        Ok(steps)
    }

    /// `and`'s steps: those naming one piece on one square joined into one placement
    /// test, then the cheapest to ask first.
    pub(super) fn conjunction(
        &mut self,
        parts: &[Node],
        context: Context,
        span: &Range<usize>,
    ) -> Result<Step, FilterError> {
        let mut steps = self.conditions(parts, context)?;
        let placed = |step: &usize| match self.steps.get(*step) {
            Some(Step::Test(Test::Occupied(set))) => on_one_square(set),
            _ => None,
        };
        let named: Vec<(usize, (Piece, Square))> = steps
            .iter()
            .filter_map(|s| placed(s).map(|p| (*s, p)))
            .collect();
        if named.len() >= 2 {
            let mut required = [[Bitboard::EMPTY; 6]; 2];
            for (_, (piece, square)) in &named {
                required[piece.color.index()][piece.role.index()].insert(*square);
            }
            steps.retain(|s| !named.iter().any(|(n, _)| n == s));
            steps.push(self.add(Step::Test(Test::Placement(required)), span)?);
        }
        steps.sort_by_key(|&step| self.cost(step));
        Ok(Step::All(steps))
    }

    /// `or`'s steps: those that are words joined into one test, then the cheapest to ask
    /// first.
    pub(super) fn disjunction(
        &mut self,
        parts: &[Node],
        context: Context,
        span: &Range<usize>,
    ) -> Result<Step, FilterError> {
        let mut steps = self.conditions(parts, context)?;
        let word = |step: &usize| match self.steps.get(*step) {
            Some(Step::Test(Test::Word(word))) => Some(*word),
            _ => None,
        };
        let words: Words = steps.iter().filter_map(word).collect();
        if words.iter().count() >= 2 {
            steps.retain(|s| word(s).is_none());
            steps.push(self.add(Step::Test(Test::AnyWord(words)), span)?);
        }
        let mut steps = self.patterned(steps, span)?;
        steps.sort_by_key(|&step| self.cost(step));
        Ok(Step::Any(steps))
    }

    /// About what asking a step of one position costs, in units of a bitwise operation:
    /// for the order in which `and` and `or` ask their parts.
    pub(super) fn cost(&self, step: usize) -> u32 {
        self.costs.get(step).map_or(1000, |c| c.0)
    }

    /// A new step's cost, and how many steps asking it may ask at most (a step read by
    /// several is counted each time): both from its parts', already known.
    pub(super) fn step_cost(&self, step: &Step) -> (u32, u32) {
        let known = |part: &usize| self.costs.get(*part).copied().unwrap_or((1000, 1));
        let sum = |parts: &mut dyn Iterator<Item = (u32, u32)>| {
            parts.fold((0u32, 1u32), |(c, v), (pc, pv)| {
                (c.saturating_add(pc), v.saturating_add(pv))
            })
        };
        let test = match step {
            Step::Test(test) => test,
            Step::Not(inner) => return known(inner),
            Step::All(parts) | Step::Any(parts) => return sum(&mut parts.iter().map(known)),
            Step::Line(elements) => {
                let (_, visits) = sum(&mut elements.iter().map(|(s, _)| known(s)));
                return (1000, visits);
            }
        };
        (test_cost(test), 1)
    }

    /// A transform's query once in each of `contexts`, joined by `or`.
    pub(super) fn copies(
        &mut self,
        inner: &Node,
        contexts: &[Context],
        span: &Range<usize>,
    ) -> Result<usize, FilterError> {
        let mut steps = Vec::with_capacity(contexts.len());
        for &context in contexts {
            self.copies += 1;
            if self.copies > MAX_COPIES {
                return Err(FilterError::new(
                    span.clone(),
                    format!("the transforms make more than {MAX_COPIES} copies of the query"),
                )
                .with_help("each transform multiplies what it holds: nest fewer of them"));
            }
            let step = self.condition(inner, context)?;
            if !steps.contains(&step) {
                steps.push(step);
            }
        }
        let mut steps = self.patterned(steps, span)?;
        // In one order whatever the transforms around, so that nested ones share.
        steps.sort_by_key(|&step| (self.cost(step), step));
        match steps.as_slice() {
            [one] => Ok(*one),
            _ => self.add(Step::Any(steps), span),
        }
    }

    /// `steps` with the placements among them that are moves of one another joined into
    /// one pattern test each.
    fn patterned(
        &mut self,
        mut steps: Vec<usize>,
        span: &Range<usize>,
    ) -> Result<Vec<usize>, FilterError> {
        let placements: Vec<(usize, Placement)> = (steps.iter())
            .filter_map(|&step| Some((step, placement(self.steps.get(step)?)?)))
            .collect();
        for (pattern, members) in pattern::grouped(&placements) {
            steps.retain(|step| !members.contains(step));
            // One piece on any of its anchors is a set: `K[a1,h1,a8,h8]`.
            let test = match pattern.pieces[..] {
                [(piece, 0, 0)] => Test::Occupied(Designator {
                    pieces: Some(Pieces::of(piece)),
                    squares: Some(pattern.anchors),
                }),
                _ => Test::Pattern(pattern),
            };
            steps.push(self.add(Step::Test(test), span)?);
        }
        Ok(steps)
    }
}

/// About what asking `test` of one position costs (see [`Compiler::cost`]).
pub(super) fn test_cost(test: &Test) -> u32 {
    let set = |set: &Designator| if set.pieces.is_some() { 4 } else { 1 };
    let number = |n: &Number| match n {
        Number::Count(designator) => set(designator) + 1,
        Number::Constant(_) | Number::Ply => 1,
    };
    match test {
        Test::Word(Word::WhiteToMove | Word::BlackToMove) | Test::Promote(_) => 1,
        Test::Word(Word::Capture) => 2,
        Test::Word(Word::Check) => 8,
        Test::Word(Word::Mate) => 40,
        Test::Word(Word::Stalemate) => 80,
        Test::AnyWord(words) => words.iter().map(|w| test_cost(&Test::Word(w))).sum(),
        Test::Occupied(designator) => set(designator),
        Test::Compare(_, a, b) => number(a) + number(b),
        Test::Move { from, to } => 2 + from.as_ref().map_or(0, set) + to.as_ref().map_or(0, set),
        Test::Attacks(a, b) => set(a) + set(b) + 16,
        Test::Pinned(designator) => set(designator) + 24,
        Test::Placement(_) => 6,
        Test::Fen(_) => 4,
        Test::Pattern(pattern) => 2 + 4 * pattern.pieces.len() as u32,
    }
}

/// The piece and the square of a designator naming one piece on one square (`Pd4`).
pub(super) fn on_one_square(set: &Designator) -> Option<(Piece, Square)> {
    let piece = set.pieces?.single()?;
    let square = set.squares?.single()?;
    Some((piece, square))
}

/// A step naming pieces each on one square, as its pieces on squares in order (colour,
/// role, square).
fn placement(step: &Step) -> Option<Placement> {
    match step {
        Step::Test(Test::Occupied(set)) => on_one_square(set).map(|placed| vec![placed]),
        Step::Test(Test::Placement(required)) => {
            let mut placed = Vec::new();
            for (color, roles) in Color::ALL.into_iter().zip(required) {
                for (role, squares) in Role::ALL.into_iter().zip(roles) {
                    let piece = Piece { color, role };
                    placed.extend(squares.into_iter().map(|square| (piece, square)));
                }
            }
            Some(placed)
        }
        _ => None,
    }
}
