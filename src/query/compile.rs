//! The checked query: each node typed (a set of squares, a number, a condition) and turned
//! into a [`Plan`] of tests on one position and the move that reached it, joined by steps
//! over the game's positions. `flipcolor` is compiled away here: its query, and the same
//! with colours exchanged and ranks mirrored.

use std::collections::HashMap;
use std::ops::Range;

use super::syntax::{Designator, Kind, Node, Op, Pieces, Repeat, Word};
use crate::bitboard::Bitboard;
use crate::diagnostic::FilterError;
use crate::role::Piece;
use crate::square::Square;

/// How many steps a plan may have (each `flipcolor` may double its query's).
pub const MAX_STEPS: usize = 4096;

/// A query compiled: tests on a position, and steps that join them, each referring only to
/// steps before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Plan {
    pub(super) steps: Vec<Step>,
    /// The step that is the whole query.
    pub(super) root: usize,
    /// The query holds a `line`: what holds at a position depends on the positions after it.
    pub(super) looks_ahead: bool,
    /// The query reads only how many of some pieces there are (`count(B) == 2 and
    /// count(n) == 2`): after a move that neither captured nor promoted, its answer is the
    /// last position's.
    pub(super) material: bool,
    /// Where the query looks ahead: the steps without a `line` that those with one read,
    /// asked of each position into a column; the others are joined at the game's end.
    pub(super) shown: Vec<usize>,
}

/// One step of a plan.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Step {
    /// A test of one position (and the move that reached it).
    Test(Test),
    Not(usize),
    All(Vec<usize>),
    Any(Vec<usize>),
    /// Consecutive positions from this one satisfy each step in turn, as often as it says.
    Line(Vec<(usize, Repeat)>),
}

/// A test of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Test {
    Word(Word),
    /// One of these words holds (`or`'s parts that are words, asked as one test).
    AnyWord(Words),
    /// The set is not empty.
    Occupied(Designator),
    Compare(Op, Number, Number),
    Attacks(Designator, Designator),
    Pinned(Designator),
    /// The last move left a square of `from` (read before it) for one of `to` (after it).
    Move {
        from: Option<Designator>,
        to: Option<Designator>,
    },
    /// The last move promoted, to one of these pieces (any, without).
    Promote(Option<Pieces>),
    /// Pieces on squares, each named (`Pd4 and Pe4 and pd5`): per colour and role, the
    /// squares that must hold that piece, asked at once.
    Placement([[Bitboard; 6]; 2]),
}

/// A set of [`Word`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Words(u8);

impl Words {
    /// The words, cheapest to ask first.
    const BY_COST: [Word; 6] = [
        Word::WhiteToMove,
        Word::BlackToMove,
        Word::Capture,
        Word::Check,
        Word::Mate,
        Word::Stalemate,
    ];

    fn bit(word: Word) -> u8 {
        1 << word as u8
    }

    /// The words of the set, cheapest to ask first.
    pub(super) fn iter(self) -> impl Iterator<Item = Word> {
        (Words::BY_COST.into_iter()).filter(move |&word| self.0 & Words::bit(word) != 0)
    }
}

impl FromIterator<Word> for Words {
    fn from_iter<I: IntoIterator<Item = Word>>(words: I) -> Words {
        Words(
            words
                .into_iter()
                .fold(0, |set, word| set | Words::bit(word)),
        )
    }
}

/// A number at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Number {
    Constant(u32),
    Ply,
    Count(Designator),
}

/// What a node is, checked.
enum Typed {
    Set(Designator),
    Number(Number),
    Condition(usize),
}

impl Typed {
    fn name(&self) -> &'static str {
        match self {
            Typed::Set(_) => "a set",
            Typed::Number(_) => "a number",
            Typed::Condition(_) => "a condition",
        }
    }
}

/// Checks a query's tree and compiles it.
pub(super) fn compile(text: &str, root: &Node) -> Result<Plan, FilterError> {
    let mut compiler = Compiler {
        text,
        steps: Vec::new(),
        known: HashMap::new(),
        compiled: HashMap::new(),
    };
    let root = compiler.condition(root, false)?;
    let (steps, root) = pruned(compiler.steps, root);
    let shown = shown(&steps, root);
    Ok(Plan {
        looks_ahead: !shown.is_empty() || matches!(steps.get(root), Some(Step::Line(_))),
        material: material(&steps, root),
        steps,
        root,
        shown,
    })
}

/// Checks the tree of a number alone (`jaque query --sort`): its value at a position.
pub(super) fn number(text: &str, root: &Node) -> Result<Number, FilterError> {
    let mut compiler = Compiler {
        text,
        steps: Vec::new(),
        known: HashMap::new(),
        compiled: HashMap::new(),
    };
    match compiler.typed(root, false)? {
        Typed::Number(number) => Ok(number),
        other => Err(FilterError::new(
            root.span.clone(),
            format!("a number is wanted here, not {}", other.name()),
        )
        .with_help("a count, `ply` or an integer: `count(A)`, `count([Qq])`")),
    }
}

/// The steps without a `line` that a step with one reads (see [`Plan::shown`]), ascending.
fn shown(steps: &[Step], root: usize) -> Vec<usize> {
    // Steps refer to earlier ones only: one pass forward tells which hold a line, one
    // backward from the root which are read.
    let mut lined = vec![false; steps.len()];
    for (index, step) in steps.iter().enumerate() {
        let parts = parts(step);
        let lines = parts
            .iter()
            .any(|&p| lined.get(p).copied().unwrap_or(false));
        lined[index] = matches!(step, Step::Line(_)) || lines;
    }
    let mut read = vec![false; steps.len()];
    let mut shown = Vec::new();
    if let Some(slot) = read.get_mut(root) {
        *slot = true;
    }
    for index in (0..steps.len()).rev() {
        if !read[index] || !lined[index] {
            continue;
        }
        for part in parts(&steps[index]) {
            if let Some(slot) = read.get_mut(part) {
                *slot = true;
            }
            if !lined.get(part).copied().unwrap_or(true) {
                shown.push(part);
            }
        }
    }
    shown.sort_unstable();
    shown.dedup();
    shown
}

/// The steps the root reads (those that `and` joined into a placement are not), numbered
/// again in the same order.
fn pruned(steps: Vec<Step>, root: usize) -> (Vec<Step>, usize) {
    let mut read = vec![false; steps.len()];
    if let Some(slot) = read.get_mut(root) {
        *slot = true;
    }
    for index in (0..steps.len()).rev() {
        if read[index] {
            for part in parts(&steps[index]) {
                if let Some(slot) = read.get_mut(part) {
                    *slot = true;
                }
            }
        }
    }
    let mut renumbered = vec![0; steps.len()];
    let mut kept = Vec::new();
    for (index, step) in steps.into_iter().enumerate() {
        if !read[index] {
            continue;
        }
        let to = |old: &usize| renumbered.get(*old).copied().unwrap_or(0);
        let step = match step {
            Step::Test(test) => Step::Test(test),
            Step::Not(inner) => Step::Not(to(&inner)),
            Step::All(parts) => Step::All(parts.iter().map(to).collect()),
            Step::Any(parts) => Step::Any(parts.iter().map(to).collect()),
            Step::Line(elements) => Step::Line(elements.iter().map(|(s, r)| (to(s), *r)).collect()),
        };
        renumbered[index] = kept.len();
        kept.push(step);
    }
    let root = renumbered.get(root).copied().unwrap_or(0);
    (kept, root)
}

/// Whether `step` reads only how many of some pieces stand on the board.
fn material(steps: &[Step], step: usize) -> bool {
    let counts = |n: &Number| match n {
        Number::Constant(_) => true,
        Number::Count(set) => {
            set.squares.is_none() && set.pieces.is_some_and(|p| !p.empty_square())
        }
        Number::Ply => false,
    };
    match steps.get(step) {
        Some(Step::Test(Test::Compare(_, a, b))) => counts(a) && counts(b),
        Some(Step::Not(inner)) => material(steps, *inner),
        Some(Step::All(parts) | Step::Any(parts)) => parts.iter().all(|&p| material(steps, p)),
        _ => false,
    }
}

/// The steps a step reads.
fn parts(step: &Step) -> Vec<usize> {
    match step {
        Step::Test(_) => Vec::new(),
        Step::Not(inner) => vec![*inner],
        Step::All(parts) | Step::Any(parts) => parts.clone(),
        Step::Line(elements) => elements.iter().map(|(step, _)| *step).collect(),
    }
}

struct Compiler<'t> {
    text: &'t str,
    steps: Vec<Step>,
    known: HashMap<Step, usize>,
    /// The step of each condition compiled, by the node's address and `flip`: nested
    /// `flipcolor`s compile each node twice, not once per path to it.
    compiled: HashMap<(usize, bool), usize>,
}

impl Compiler<'_> {
    fn text(&self, span: &Range<usize>) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }

    /// The step's index: an equal step is compiled once.
    fn add(&mut self, step: Step, span: &Range<usize>) -> Result<usize, FilterError> {
        if let Some(&index) = self.known.get(&step) {
            return Ok(index);
        }
        if self.steps.len() >= MAX_STEPS {
            return Err(FilterError::new(
                span.clone(),
                format!("the query compiles to more than {MAX_STEPS} steps"),
            )
            .with_help("each `flipcolor` doubles what it holds: nest fewer of them"));
        }
        self.steps.push(step.clone());
        self.known.insert(step, self.steps.len() - 1);
        Ok(self.steps.len() - 1)
    }

    /// `node` as a condition (a set: not empty); `flip`: colours exchanged, ranks mirrored.
    fn condition(&mut self, node: &Node, flip: bool) -> Result<usize, FilterError> {
        match self.typed(node, flip)? {
            Typed::Condition(step) => Ok(step),
            Typed::Set(set) => self.add(Step::Test(Test::Occupied(set)), &node.span),
            Typed::Number(_) => {
                let text = self.text(&node.span);
                Err(
                    FilterError::new(node.span.clone(), "a number is not a condition")
                        .with_help(format!("compare it: `{text} > 0`")),
                )
            }
        }
    }

    /// `node` as a set.
    fn set(&mut self, node: &Node, flip: bool, whose: &str) -> Result<Designator, FilterError> {
        match self.typed(node, flip)? {
            Typed::Set(set) => Ok(set),
            other => Err(FilterError::new(
                node.span.clone(),
                format!("{whose} takes a set, not {}", other.name()),
            )
            .with_help("a set is pieces, squares, or pieces on squares: `Q`, `e4`, `[RQ]a-h7`")),
        }
    }

    fn typed(&mut self, node: &Node, flip: bool) -> Result<Typed, FilterError> {
        let key = (std::ptr::from_ref(node) as usize, flip);
        if let Some(&step) = self.compiled.get(&key) {
            return Ok(Typed::Condition(step));
        }
        let typed = self.typed_once(node, flip)?;
        if let Typed::Condition(step) = typed {
            self.compiled.insert(key, step);
        }
        Ok(typed)
    }

    fn typed_once(&mut self, node: &Node, flip: bool) -> Result<Typed, FilterError> {
        let span = &node.span;
        let test = |test| Step::Test(test);
        let step = match &node.kind {
            Kind::Set(set) => return Ok(Typed::Set(flipped(*set, flip))),
            Kind::Number(n) => return Ok(Typed::Number(Number::Constant(*n))),
            Kind::Ply => return Ok(Typed::Number(Number::Ply)),
            Kind::Count(inner) => {
                let set = self.set(inner, flip, "`count`")?;
                return Ok(Typed::Number(Number::Count(set)));
            }
            Kind::Word(word) => test(Test::Word(flipped_word(*word, flip))),
            Kind::Compare(op, a, b) => test(self.compare(*op, a, b, flip)?),
            Kind::Attacks(a, b) => {
                let (a, b) = (
                    self.set(a, flip, "`attacks`")?,
                    self.set(b, flip, "`attacks`")?,
                );
                test(Test::Attacks(a, b))
            }
            Kind::Pinned(inner) => test(Test::Pinned(self.set(inner, flip, "`pinned`")?)),
            Kind::Move { from, to } => {
                let mut side = |part: &Option<Box<Node>>, whose| match part {
                    Some(node) => self.set(node, flip, whose).map(Some),
                    None => Ok(None),
                };
                let from = side(from, "`from`")?;
                let to = side(to, "`to`")?;
                test(Test::Move { from, to })
            }
            Kind::Promote(pieces) => test(Test::Promote(
                pieces.map(|p| if flip { p.colours_swapped() } else { p }),
            )),
            Kind::Not(inner) => Step::Not(self.condition(inner, flip)?),
            Kind::And(parts) => self.conjunction(parts, flip, span)?,
            Kind::Or(parts) => self.disjunction(parts, flip, span)?,
            Kind::Flipcolor(inner) => {
                let both = vec![self.condition(inner, flip)?, self.condition(inner, !flip)?];
                Step::Any(both)
            }
            Kind::Line(elements) => {
                let mut steps = Vec::with_capacity(elements.len());
                for (element, repeat) in elements {
                    steps.push((self.condition(element, flip)?, *repeat));
                }
                Step::Line(steps)
            }
        };
        self.add(step, span).map(Typed::Condition)
    }

    /// The steps of `and`'s or `or`'s parts, the cheapest to ask first.
    fn conditions(&mut self, parts: &[Node], flip: bool) -> Result<Vec<usize>, FilterError> {
        let mut steps = Vec::with_capacity(parts.len());
        for part in parts {
            let step = self.condition(part, flip)?;
            if !steps.contains(&step) {
                steps.push(step);
            }
        }
        Ok(steps)
    }

    /// `and`'s steps: those naming one piece on one square joined into one placement
    /// test, then the cheapest to ask first.
    fn conjunction(
        &mut self,
        parts: &[Node],
        flip: bool,
        span: &Range<usize>,
    ) -> Result<Step, FilterError> {
        let mut steps = self.conditions(parts, flip)?;
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
    fn disjunction(
        &mut self,
        parts: &[Node],
        flip: bool,
        span: &Range<usize>,
    ) -> Result<Step, FilterError> {
        let mut steps = self.conditions(parts, flip)?;
        let word = |step: &usize| match self.steps.get(*step) {
            Some(Step::Test(Test::Word(word))) => Some(*word),
            _ => None,
        };
        let words: Words = steps.iter().filter_map(word).collect();
        if words.iter().count() >= 2 {
            steps.retain(|s| word(s).is_none());
            steps.push(self.add(Step::Test(Test::AnyWord(words)), span)?);
        }
        if let [only] = steps[..] {
            return Ok(self.steps.get(only).cloned().unwrap_or(Step::Any(steps)));
        }
        steps.sort_by_key(|&step| self.cost(step));
        Ok(Step::Any(steps))
    }

    /// About what asking a step of one position costs, in units of a bitwise operation:
    /// for the order in which `and` and `or` ask their parts.
    fn cost(&self, step: usize) -> u32 {
        match self.steps.get(step) {
            Some(Step::Test(test)) => test_cost(test),
            Some(Step::Not(inner)) => self.cost(*inner),
            Some(Step::All(parts) | Step::Any(parts)) => parts.iter().map(|&p| self.cost(p)).sum(),
            Some(Step::Line(_)) | None => 1000,
        }
    }

    /// `a OP b`: two numbers, or the error of what is not one.
    fn compare(&mut self, op: Op, a: &Node, b: &Node, flip: bool) -> Result<Test, FilterError> {
        let (left, right) = (self.typed(a, flip)?, self.typed(b, flip)?);
        match (left, right) {
            (Typed::Number(x), Typed::Number(y)) => Ok(Test::Compare(op, x, y)),
            (Typed::Set(_), Typed::Set(_)) => {
                let (x, y) = (self.text(&a.span), self.text(&b.span));
                let op = op.as_str();
                Err(
                    FilterError::new(a.span.start..b.span.end, "two sets compared")
                        .with_help(format!("compare their sizes: `count({x}) {op} count({y})`")),
                )
            }
            (Typed::Set(_), Typed::Number(_)) | (Typed::Number(_), Typed::Set(_)) => {
                let set_left = matches!(self.typed(a, flip)?, Typed::Set(_));
                let (x, y) = (self.text(&a.span), self.text(&b.span));
                let op = op.as_str();
                let fixed = match set_left {
                    true => format!("count({x}) {op} {y}"),
                    false => format!("{x} {op} count({y})"),
                };
                Err(
                    FilterError::new(a.span.start..b.span.end, "a set compared with a number")
                        .with_help(format!("compare the number of its squares: `{fixed}`")),
                )
            }
            (Typed::Condition(_), _) => Err(not_a_number(a, op)),
            (_, Typed::Condition(_)) => Err(not_a_number(b, op)),
        }
    }
}

fn not_a_number(node: &Node, op: Op) -> FilterError {
    FilterError::new(
        node.span.clone(),
        format!("`{}` compares numbers, not a condition", op.as_str()),
    )
    .with_help("a number is `ply`, `count(SET)` or an integer")
}

/// About what asking `test` of one position costs (see [`Compiler::cost`]).
fn test_cost(test: &Test) -> u32 {
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
    }
}

/// The piece and the square of a designator naming one piece on one square (`Pd4`).
fn on_one_square(set: &Designator) -> Option<(Piece, Square)> {
    let piece = set.pieces?.single()?;
    let square = set.squares?.single()?;
    Some((piece, square))
}

/// The designator with colours exchanged and ranks mirrored, if `flip`.
fn flipped(set: Designator, flip: bool) -> Designator {
    match flip {
        false => set,
        true => Designator {
            pieces: set.pieces.map(Pieces::colours_swapped),
            squares: set.squares.map(|s| s.flip_ranks()),
        },
    }
}

fn flipped_word(word: Word, flip: bool) -> Word {
    match (word, flip) {
        (Word::WhiteToMove, true) => Word::BlackToMove,
        (Word::BlackToMove, true) => Word::WhiteToMove,
        (word, _) => word,
    }
}
