//! The checked query: each node typed (a set of squares, a number, a condition) and turned
//! into a [`Plan`] of tests on one position and the move that reached it, joined by steps
//! over the game's positions. The transforms are compiled away here (`flipcolor`: its query,
//! and the same with colours exchanged and ranks mirrored; `flip`, `shift`, …: see
//! [`transform`](super::transform)), and names compiled where they are used.

use std::collections::HashMap;
use std::ops::Range;

use super::pattern::Pattern;
use super::syntax::{Definition, Designator, Kind, Node, Op, Pieces, Repeat, Tree, Word};
use super::transform::Context;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::diagnostic::FilterError;
use crate::role::{Piece, Role};

mod join;

/// How many steps a plan may have (each `flipcolor` may double its query's, a `shift`
/// multiply it by up to 225).
pub const MAX_STEPS: usize = 4096;

/// How many copies the transforms may make, those that compile to steps already made too:
/// nested transforms multiply.
const MAX_COPIES: usize = 1 << 16;

/// How many steps asking a plan's root of one position may ask at most: a step read by
/// several steps (a name used twice, a copy shared) counts once for each, so that nesting
/// cannot make a small plan ask exponentially many.
const MAX_VISITS: u32 = 1 << 16;

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
    /// The pawns the query needs wherever it holds (see [`reach`](super::reach)).
    pub(super) pawns: Vec<(Color, Bitboard)>,
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Test {
    Word(Word),
    /// One of these words holds (`or`'s parts that are words, asked as one test).
    AnyWord(Words),
    /// The set is not empty.
    Occupied(Designator),
    Compare(Op, Number, Number),
    Attacks(Designator, Designator),
    Pinned(Designator),
    /// The position is this one, compared as EPD (`fen "FEN"`).
    Fen(Box<crate::position::Position>),
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
    /// A placement anywhere one of its anchors puts it (a transform's copies of one).
    Pattern(Pattern),
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
pub(super) fn compile(text: &str, tree: &Tree) -> Result<Plan, FilterError> {
    let mut compiler = Compiler::new(text, tree);
    let root = compiler.condition(&tree.query, Context::NONE)?;
    let (steps, root) = pruned(compiler.steps, root);
    let shown = shown(&steps, root);
    Ok(Plan {
        looks_ahead: !shown.is_empty() || matches!(steps.get(root), Some(Step::Line(_))),
        material: material(&steps, root),
        pawns: super::reach::needed_pawns(&steps, root),
        steps,
        root,
        shown,
    })
}

/// Checks the tree of a number alone (`jaque query --sort`): its value at a position.
pub(super) fn number(text: &str, tree: &Tree) -> Result<Number, FilterError> {
    let root = &tree.query;
    match Compiler::new(text, tree).typed(root, Context::NONE)? {
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
    // Steps refer to earlier ones only: one pass forward.
    let mut only = Vec::with_capacity(steps.len());
    for step in steps {
        let part = |p: &usize| only.get(*p).copied().unwrap_or(false);
        let this = match step {
            Step::Test(Test::Compare(_, a, b)) => counts(a) && counts(b),
            Step::Not(inner) => part(inner),
            Step::All(parts) | Step::Any(parts) => parts.iter().all(part),
            _ => false,
        };
        only.push(this);
    }
    only.get(step).copied().unwrap_or(false)
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
    definitions: &'t [Definition],
    steps: Vec<Step>,
    known: HashMap<Step, usize>,
    /// Per step, its cost ([`Compiler::cost`]) and how many steps asking it may ask.
    costs: Vec<(u32, u32)>,
    /// The step of each condition compiled, by the node's address and the transforms
    /// around it: nested transforms compile each node once per map, not once per path to
    /// it, and a name once however often it is used.
    compiled: HashMap<(usize, Context), usize>,
    /// The squares written inside each node a transform holds, by its address.
    written: HashMap<usize, Bitboard>,
    /// The copies the transforms made.
    copies: usize,
}

impl<'t> Compiler<'t> {
    fn new(text: &'t str, tree: &'t Tree) -> Compiler<'t> {
        Compiler {
            text,
            definitions: &tree.definitions,
            steps: Vec::new(),
            known: HashMap::new(),
            costs: Vec::new(),
            compiled: HashMap::new(),
            written: HashMap::new(),
            copies: 0,
        }
    }

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
            .with_help("each transform (`flipcolor`, `flip`, `shift`, …) multiplies what it holds: nest fewer of them"));
        }
        let cost = self.step_cost(&step);
        if cost.1 > MAX_VISITS {
            return Err(FilterError::new(
                span.clone(),
                format!("the query asks more than {MAX_VISITS} tests of each position"),
            )
            .with_help(
                "a name or a transform inside another multiplies what it asks: nest fewer of them",
            ));
        }
        self.costs.push(cost);
        self.steps.push(step.clone());
        self.known.insert(step, self.steps.len() - 1);
        Ok(self.steps.len() - 1)
    }

    /// `node` as a condition (a set: not empty), under the transforms around it.
    fn condition(&mut self, node: &Node, context: Context) -> Result<usize, FilterError> {
        match self.typed(node, context)? {
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
    fn set(
        &mut self,
        node: &Node,
        context: Context,
        whose: &str,
    ) -> Result<Designator, FilterError> {
        match self.typed(node, context)? {
            Typed::Set(set) => Ok(set),
            other => Err(FilterError::new(
                node.span.clone(),
                format!("{whose} takes a set, not {}", other.name()),
            )
            .with_help("a set is pieces, squares, or pieces on squares: `Q`, `e4`, `[RQ]a-h7`")),
        }
    }

    fn typed(&mut self, node: &Node, context: Context) -> Result<Typed, FilterError> {
        let key = (std::ptr::from_ref(node) as usize, context);
        if let Some(&step) = self.compiled.get(&key) {
            return Ok(Typed::Condition(step));
        }
        let typed = self.typed_once(node, context)?;
        if let Typed::Condition(step) = typed {
            self.compiled.insert(key, step);
        }
        Ok(typed)
    }

    fn typed_once(&mut self, node: &Node, context: Context) -> Result<Typed, FilterError> {
        let span = &node.span;
        let test = |test| Step::Test(test);
        let step = match &node.kind {
            Kind::Set(set) => return Ok(Typed::Set(context.designator(*set))),
            Kind::Number(n) => return Ok(Typed::Number(Number::Constant(*n))),
            Kind::Ply => return Ok(Typed::Number(Number::Ply)),
            Kind::Count(inner) => {
                let set = self.set(inner, context, "`count`")?;
                return Ok(Typed::Number(Number::Count(set)));
            }
            Kind::Word(word) => test(Test::Word(flipped_word(*word, context.colours))),
            Kind::Compare(op, a, b) => test(self.compare(*op, a, b, context)?),
            Kind::Attacks(a, b) => {
                let (a, b) = (
                    self.set(a, context, "`attacks`")?,
                    self.set(b, context, "`attacks`")?,
                );
                test(Test::Attacks(a, b))
            }
            Kind::Pinned(inner) => test(Test::Pinned(self.set(inner, context, "`pinned`")?)),
            Kind::Move { from, to } => test(self.last_move(from, to, context)?),
            Kind::Promote(pieces) => test(Test::Promote(pieces.map(|p| context.pieces(p)))),
            Kind::Not(inner) => Step::Not(self.condition(inner, context)?),
            Kind::And(parts) => match self.conjunction(parts, context, span)? {
                Step::All(steps) if steps.len() == 1 => {
                    return Ok(Typed::Condition(steps.first().copied().unwrap_or(0)));
                }
                step => step,
            },
            Kind::Or(parts) => match self.disjunction(parts, context, span)? {
                Step::Any(steps) if steps.len() == 1 => {
                    return Ok(Typed::Condition(steps.first().copied().unwrap_or(0)));
                }
                step => step,
            },
            Kind::Flipcolor(inner) => {
                let both = [context, context.colour_flipped()];
                return self.copies(inner, &both, span).map(Typed::Condition);
            }
            Kind::Transform(transform, inner) => {
                let written = context.map.squares(self.written(inner));
                let maps = transform.maps(written);
                let contexts: Vec<Context> = maps.iter().map(|&m| context.then(m)).collect();
                return self.copies(inner, &contexts, span).map(Typed::Condition);
            }
            Kind::Name(index) => {
                let definitions = self.definitions;
                let node = definitions.get(*index).map(|d| &d.node);
                let node =
                    node.ok_or_else(|| FilterError::new(span.clone(), "a name not defined"))?;
                return self.typed(node, context);
            }
            Kind::Material(counts) => self.material(counts, context, span)?,
            Kind::Fen(position) if context == Context::NONE => test(Test::Fen(position.clone())),
            Kind::Fen(_) => {
                return Err(
                    FilterError::new(span.clone(), "`fen` inside a transform").with_help(
                        "`fen` names one position: move it out of `flipcolor`, `flip`, `shift`, …",
                    ),
                );
            }
            Kind::Line(elements) => {
                let steps: Result<Vec<_>, _> = (elements.iter())
                    .map(|(element, repeat)| Ok((self.condition(element, context)?, *repeat)))
                    .collect();
                Step::Line(steps?)
            }
        };
        self.add(step, span).map(Typed::Condition)
    }

    /// `move from A to B`'s test.
    fn last_move(
        &mut self,
        from: &Option<Box<Node>>,
        to: &Option<Box<Node>>,
        context: Context,
    ) -> Result<Test, FilterError> {
        let mut side = |part: &Option<Box<Node>>, whose| match part {
            Some(node) => self.set(node, context, whose).map(Some),
            None => Ok(None),
        };
        let from = side(from, "`from`")?;
        let to = side(to, "`to`")?;
        Ok(Test::Move { from, to })
    }

    /// `a OP b`: two numbers, or the error of what is not one.
    fn compare(
        &mut self,
        op: Op,
        a: &Node,
        b: &Node,
        context: Context,
    ) -> Result<Test, FilterError> {
        let (left, right) = (self.typed(a, context)?, self.typed(b, context)?);
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
                let set_left = matches!(self.typed(a, context)?, Typed::Set(_));
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

impl Compiler<'_> {
    /// The squares written inside `node` (names followed), which a shift keeps on the board.
    fn written(&mut self, node: &Node) -> Bitboard {
        let key = std::ptr::from_ref(node) as usize;
        if let Some(&squares) = self.written.get(&key) {
            return squares;
        }
        let parts: Vec<&Node> = match &node.kind {
            Kind::Count(inner) | Kind::Pinned(inner) | Kind::Not(inner) => vec![inner],
            Kind::Flipcolor(inner) | Kind::Transform(_, inner) => vec![inner],
            Kind::Compare(_, a, b) | Kind::Attacks(a, b) => vec![a, b],
            Kind::Move { from, to } => [from, to].into_iter().flatten().map(|n| &**n).collect(),
            Kind::And(parts) | Kind::Or(parts) => parts.iter().collect(),
            Kind::Line(elements) => elements.iter().map(|(n, _)| n).collect(),
            Kind::Name(index) => {
                let definitions = self.definitions;
                definitions
                    .get(*index)
                    .map(|d| &d.node)
                    .into_iter()
                    .collect()
            }
            Kind::Set(_) | Kind::Word(_) | Kind::Ply | Kind::Number(_) => Vec::new(),
            Kind::Promote(_) | Kind::Material(_) | Kind::Fen(_) => Vec::new(),
        };
        let mut squares = match &node.kind {
            Kind::Set(set) => set.squares.unwrap_or(Bitboard::EMPTY),
            _ => Bitboard::EMPTY,
        };
        for part in parts {
            squares |= self.written(part);
        }
        self.written.insert(key, squares);
        squares
    }

    /// `material …`: each count of a piece but the kings, equal to the signature's.
    fn material(
        &mut self,
        counts: &[[u32; 6]; 2],
        context: Context,
        span: &Range<usize>,
    ) -> Result<Step, FilterError> {
        let mut steps = Vec::new();
        for color in Color::ALL {
            for role in Role::ALL.into_iter().filter(|&r| r != Role::King) {
                let piece = Pieces::of(Piece { color, role });
                let set = Designator {
                    pieces: Some(context.pieces(piece)),
                    squares: None,
                };
                let wanted = counts[color.index()][role.index()];
                let test = Test::Compare(Op::Eq, Number::Count(set), Number::Constant(wanted));
                steps.push(self.add(Step::Test(test), span)?);
            }
        }
        Ok(Step::All(steps))
    }
}

fn not_a_number(node: &Node, op: Op) -> FilterError {
    FilterError::new(
        node.span.clone(),
        format!("`{}` compares numbers, not a condition", op.as_str()),
    )
    .with_help("a number is `ply`, `count(SET)` or an integer")
}

/// `wtm` and `btm` exchanged, if `colours` are.
fn flipped_word(word: Word, colours: bool) -> Word {
    match (word, colours) {
        (Word::WhiteToMove, true) => Word::BlackToMove,
        (Word::BlackToMove, true) => Word::WhiteToMove,
        (word, _) => word,
    }
}
