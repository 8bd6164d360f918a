//! What a game must hold for a query to match it, read from the plan: a necessary condition
//! an index can decide without reading the game. Only the conditions every match needs are
//! taken (the root, and the parts of an `and` at the root); the rest of the query is left
//! to the matcher, which reads the games the condition lets through.

use super::compile::{Number, Plan, Step, Test};
use super::syntax::{Designator, Op};
use crate::color::Color;
use crate::position::Position;
use crate::role::{Piece, Role};

/// What every position a query matches has (`Default`: nothing known).
///
/// ```
/// use jaque::query::Query;
/// use jaque::{Color, Piece, Role};
/// let needs = Query::parse("material KRvK and wtm")?.necessary();
/// let rook = Piece { color: Color::White, role: Role::Rook };
/// assert_eq!(needs.material.map(|m| m.of(rook)), Some((1, 1)));
/// assert!(needs.position.is_none());
/// assert_eq!(Query::parse("check or mate")?.necessary(), Default::default());
/// # Ok::<(), jaque::FilterError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Necessary {
    /// The position itself (`fen "…"`), compared as EPD.
    pub position: Option<Position>,
    /// How many of each piece but the kings it may have.
    pub material: Option<MaterialBounds>,
}

/// For each colour and role but the king, the fewest and the most of it a position may
/// have (inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaterialBounds {
    bounds: [[(u32, u32); 6]; 2],
}

impl Default for MaterialBounds {
    fn default() -> MaterialBounds {
        MaterialBounds {
            bounds: [[(0, u32::MAX); 6]; 2],
        }
    }
}

impl MaterialBounds {
    /// The fewest and the most of `piece` (a king's: any number).
    pub fn of(&self, piece: Piece) -> (u32, u32) {
        match piece.role {
            Role::King => (0, u32::MAX),
            role => self.bounds[piece.color.index()][role.index()],
        }
    }

    /// Whether no count can hold (a bound contradicts another).
    pub fn impossible(&self) -> bool {
        self.bounds.iter().flatten().any(|&(low, high)| low > high)
    }

    /// `count(piece) OP n` added.
    fn narrow(&mut self, piece: Piece, op: Op, n: u32) {
        if piece.role == Role::King {
            return;
        }
        let (low, high) = &mut self.bounds[piece.color.index()][piece.role.index()];
        match op {
            Op::Eq => (*low, *high) = ((*low).max(n), (*high).min(n)),
            Op::Lt if n == 0 => (*low, *high) = (1, 0),
            Op::Lt => *high = (*high).min(n - 1),
            Op::Le => *high = (*high).min(n),
            Op::Gt => *low = (*low).max(n.saturating_add(1)),
            Op::Ge => *low = (*low).max(n),
            Op::Ne => {}
        }
    }
}

/// What the plan's root needs.
pub(super) fn necessary(plan: &Plan) -> Necessary {
    let mut found = Found::default();
    gather(plan, plan.root, &mut found, 0);
    Necessary {
        position: found.position,
        material: found.narrowed.then_some(found.material),
    }
}

#[derive(Default)]
struct Found {
    position: Option<Position>,
    material: MaterialBounds,
    narrowed: bool,
}

/// Adds what step `index` needs; `depth` bounds the walk (a plan refers only to earlier
/// steps, so it ends anyway).
fn gather(plan: &Plan, index: usize, found: &mut Found, depth: usize) {
    if depth > super::MAX_DEPTH {
        return;
    }
    match plan.steps.get(index) {
        Some(Step::All(parts)) => {
            for &part in parts {
                gather(plan, part, found, depth + 1);
            }
        }
        Some(Step::Test(test)) => test_needs(test, found),
        _ => {}
    }
}

fn test_needs(test: &Test, found: &mut Found) {
    match test {
        Test::Fen(position) => found.position = found.position.or(Some(**position)),
        Test::Compare(op, a, b) => {
            let compared = match (a, b) {
                (Number::Count(set), Number::Constant(n)) => Some((set, *op, *n)),
                (Number::Constant(n), Number::Count(set)) => Some((set, reversed(*op), *n)),
                _ => None,
            };
            if let Some((set, op, n)) = compared
                && let Some(piece) = one_piece(set)
            {
                found.material.narrow(piece, op, n);
                found.narrowed = true;
            }
        }
        Test::Occupied(set) => {
            // On some squares or anywhere: at least one on the board.
            if let Some(piece) = set.pieces.and_then(|p| p.single()) {
                found.material.narrow(piece, Op::Ge, 1);
                found.narrowed = true;
            }
        }
        Test::Placement(required) => {
            for color in Color::ALL {
                for role in Role::ALL {
                    let squares = required[color.index()][role.index()].count();
                    if squares > 0 {
                        found
                            .material
                            .narrow(Piece { color, role }, Op::Ge, squares);
                        found.narrowed = true;
                    }
                }
            }
        }
        _ => {}
    }
}

/// The one piece a designator counts on the whole board.
fn one_piece(set: &Designator) -> Option<Piece> {
    match set.squares {
        None => set.pieces.and_then(|p| p.single()),
        Some(_) => None,
    }
}

/// `n OP count` as `count OP' n`.
fn reversed(op: Op) -> Op {
    match op {
        Op::Lt => Op::Gt,
        Op::Le => Op::Ge,
        Op::Gt => Op::Lt,
        Op::Ge => Op::Le,
        other => other,
    }
}
