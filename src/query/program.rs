//! A plan made into closures, the way a compiler makes a tree into code: each test's sets
//! resolved once (which pieces, which squares), `and`, `or` and `not` joined as calls. Asking a
//! position then costs a few calls and the bitboard operations themselves, not a walk of the
//! plan's steps that works out again, at every position, what each set means.

use std::fmt;
use std::sync::Arc;

use super::compile::{Number, Plan, Step, Test};
use super::syntax::{Designator, Word};
use crate::attacks::{between, bishop_attacks, pawn_attacks, piece_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;

/// A position asked about: after `ply` plies, reached by `last`.
#[derive(Clone, Copy)]
pub(super) struct Here<'a> {
    pub(super) ply: usize,
    pub(super) position: &'a Position,
    pub(super) last: Option<LastMove<'a>>,
}

/// The move that reached a position, and that position. All a plan asks of a move (the
/// piece that moved, whether it captured, the side that played it) is read from the
/// position it reached, so the walk keeps no copy of the position before each move.
#[derive(Clone, Copy)]
pub(super) struct LastMove<'a> {
    pub(super) after: &'a Position,
    pub(super) played: Move,
}

/// A condition compiled: whether it holds at a position.
type Condition = Box<dyn Fn(&Here<'_>) -> bool + Send + Sync>;

/// A number compiled: its value at a position.
type Value = Box<dyn Fn(&Here<'_>) -> u32 + Send + Sync>;

/// A plan's conditions as closures: the root, for a plan that does not look ahead, and each
/// step a `line` reads, for one that does. Cloned, it is shared.
#[derive(Clone)]
pub(super) struct Program(Arc<Compiled>);

struct Compiled {
    root: Condition,
    shown: Vec<Condition>,
    sort: Option<Value>,
}

impl fmt::Debug for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Program")
    }
}

impl Program {
    /// `plan` compiled, with `sort`'s number if there is one.
    pub(super) fn new(plan: &Plan, sort: Option<&Number>) -> Program {
        let root = match plan.looks_ahead {
            true => never(),
            false => condition(plan, plan.root),
        };
        Program(Arc::new(Compiled {
            root,
            shown: plan
                .shown
                .iter()
                .map(|&step| condition(plan, step))
                .collect(),
            sort: sort.map(value),
        }))
    }

    /// Whether the plan holds `here` (a plan that does not look ahead).
    #[inline]
    pub(super) fn holds(&self, here: &Here<'_>) -> bool {
        (self.0.root)(here)
    }

    /// The steps a `line` reads, in the order of the plan's `shown`.
    pub(super) fn shown(&self) -> &[Condition] {
        &self.0.shown
    }

    /// The sort's number `here`, if the query has one.
    pub(super) fn sort(&self, here: &Here<'_>) -> Option<u32> {
        self.0.sort.as_ref().map(|sort| sort(here))
    }
}

fn never() -> Condition {
    Box::new(|_| false)
}

/// Step `index` of `plan` as a closure. The depth of the recursion is the query's nesting,
/// which the parser bounds; `and` and `or` ask their parts cheapest first and stop at the
/// one that decides.
fn condition(plan: &Plan, index: usize) -> Condition {
    let parts = |parts: &[usize]| -> Vec<Condition> {
        parts.iter().map(|&part| condition(plan, part)).collect()
    };
    match plan.steps.get(index) {
        Some(Step::Test(test)) => self::test(test),
        Some(Step::Not(inner)) => {
            let inner = condition(plan, *inner);
            Box::new(move |here| !inner(here))
        }
        Some(Step::All(all)) => match <[Condition; 2]>::try_from(parts(all)) {
            Ok([a, b]) => Box::new(move |here| a(here) && b(here)),
            Err(all) => Box::new(move |here| all.iter().all(|part| part(here))),
        },
        Some(Step::Any(any)) => match <[Condition; 2]>::try_from(parts(any)) {
            Ok([a, b]) => Box::new(move |here| a(here) || b(here)),
            Err(any) => Box::new(move |here| any.iter().any(|part| part(here))),
        },
        Some(Step::Line(_)) | None => never(),
    }
}

/// A test of one position as a closure.
fn test(test: &Test) -> Condition {
    match test {
        Test::Word(word) => word_condition(*word),
        Test::AnyWord(words) => {
            let words: Vec<Condition> = words.iter().map(word_condition).collect();
            Box::new(move |here| words.iter().any(|word| word(here)))
        }
        Test::Occupied(set) => {
            let set = Set::of(set);
            Box::new(move |here| set.on(here.position).any())
        }
        Test::Compare(op, a, b) => {
            let (op, a, b) = (*op, value(a), value(b));
            Box::new(move |here| op.holds(a(here), b(here)))
        }
        Test::Attacks(from, to) => attacks(Set::of(from), Set::of(to)),
        Test::Pinned(set) => {
            let set = Set::of(set);
            Box::new(move |here| (set.on(here.position) & pinned(here.position)).any())
        }
        Test::Pattern(pattern) => {
            let pattern = pattern.clone();
            Box::new(move |here| pattern.matches(here.position))
        }
        Test::Placement(required) => placement(required),
        Test::Fen(position) => {
            let position = **position;
            Box::new(move |here| here.position.same_epd(&position))
        }
        Test::Move { from, to } => last_move(*from, to.map(|to| Set::of(&to))),
        Test::Promote(pieces) => {
            let pieces = *pieces;
            Box::new(move |here| {
                here.last.is_some_and(|last| match last.played.kind() {
                    MoveKind::Promotion(role) => {
                        let color = !last.after.turn();
                        pieces.is_none_or(|p| p.contains(Piece { color, role }))
                    }
                    _ => false,
                })
            })
        }
    }
}

/// A word as a closure of its own, so that `check` costs a call and the check test.
fn word_condition(word: Word) -> Condition {
    match word {
        Word::Check => Box::new(|here| here.position.is_check()),
        Word::Mate => Box::new(|here| here.position.is_checkmate()),
        Word::Stalemate => Box::new(|here| here.position.is_stalemate()),
        Word::WhiteToMove => Box::new(|here| here.position.turn() == Color::White),
        Word::BlackToMove => Box::new(|here| here.position.turn() == Color::Black),
        Word::Capture => Box::new(|here| here.last.is_some_and(captured)),
    }
}

/// Pieces on squares, only the pieces named asked.
fn placement(required: &[[Bitboard; 6]; 2]) -> Condition {
    let wanted: Vec<(Color, Role, Bitboard)> = (Color::ALL.into_iter().zip(required))
        .flat_map(|(color, roles)| {
            (Role::ALL.into_iter().zip(roles))
                .filter(|(_, squares)| squares.any())
                .map(move |(role, &squares)| (color, role, squares))
        })
        .collect();
    Box::new(move |here| {
        (wanted.iter())
            .all(|&(color, role, squares)| here.position.pieces(color, role) & squares == squares)
    })
}

/// `move from … to …`: the move left a square of `from` (read before it: the square among
/// its squares and the piece that moved among its pieces) for one of `to` (after it).
fn last_move(from: Option<Designator>, to: Option<Set>) -> Condition {
    Box::new(move |here| {
        here.last.is_some_and(|last| {
            let played = last.played;
            let color = !last.after.turn();
            let target = (played.castling_destinations()).map_or(played.to(), |(king, _)| king);
            from.is_none_or(|set| {
                (set.squares).is_none_or(|squares| squares.contains(played.from()))
                    && (set.pieces).is_none_or(|pieces| pieces.has(color, played.role()))
            }) && to.is_none_or(|set| set.on(here.position).contains(target))
        })
    })
}

/// A number as a closure.
fn value(number: &Number) -> Value {
    match number {
        Number::Constant(n) => {
            let n = *n;
            Box::new(move |_| n)
        }
        Number::Ply => Box::new(|here| u32::try_from(here.ply).unwrap_or(u32::MAX)),
        Number::Count(set) => {
            let set = Set::of(set);
            Box::new(move |here| set.on(here.position).count())
        }
    }
}

/// `A attacks B`: a piece on a square of `from` attacks a square of `to` (pins ignored).
/// Where `from` is one kind of piece, its attacks are known without asking each square
/// what stands there.
fn attacks(from: Set, to: Set) -> Condition {
    match from {
        Set::Piece(piece, within) => Box::new(move |here| {
            let position = here.position;
            let from = position.pieces(piece.color, piece.role) & within;
            from.any() && attacked(piece, from, to.on(position), position.occupied())
        }),
        _ => Box::new(move |here| {
            let position = here.position;
            let targets = to.on(position);
            if targets.is_empty() {
                return false;
            }
            let occupied = position.occupied();
            (from.on(position) & occupied).into_iter().any(|square| {
                (position.piece_at(square))
                    .is_some_and(|piece| (attacks_of(piece, square, occupied) & targets).any())
            })
        }),
    }
}

/// Whether a `piece` on a square of `from` attacks a square of `targets`. A piece attacks a
/// square exactly when the same piece there (a pawn: one of the other colour) attacks it
/// back, so a single target is walked from: `n attacks K` is one look from the king.
#[inline]
fn attacked(piece: Piece, from: Bitboard, targets: Bitboard, occupied: Bitboard) -> bool {
    if !targets.more_than_one() {
        let back = match piece.role {
            Role::Pawn => Piece {
                color: !piece.color,
                role: Role::Pawn,
            },
            _ => piece,
        };
        (targets.into_iter()).any(|square| (attacks_of(back, square, occupied) & from).any())
    } else {
        (from.into_iter()).any(|square| (attacks_of(piece, square, occupied) & targets).any())
    }
}

#[inline]
fn attacks_of(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, square),
        role => piece_attacks(role, square, occupied),
    }
}

/// A designator resolved: what to read of a board to find its squares.
#[derive(Clone, Copy)]
enum Set {
    /// Squares, whatever stands there.
    Squares(Bitboard),
    /// One kind of piece, on these squares (the commonest: `Pd4`, `n`).
    Piece(Piece, Bitboard),
    /// Kinds of pieces: per role, which colours (bit 0 white, bit 1 black); and whether an
    /// empty square counts; on these squares.
    Pieces {
        sides: [u8; 6],
        empty: bool,
        within: Bitboard,
    },
}

impl Set {
    fn of(set: &Designator) -> Set {
        let within = set.squares.unwrap_or(Bitboard::FULL);
        let Some(pieces) = set.pieces else {
            return Set::Squares(within);
        };
        if let Some(piece) = pieces.single() {
            return Set::Piece(piece, within);
        }
        let side = |role| {
            u8::from(pieces.has(Color::White, role)) | u8::from(pieces.has(Color::Black, role)) << 1
        };
        Set::Pieces {
            sides: Role::ALL.map(side),
            empty: pieces.empty_square(),
            within,
        }
    }

    /// The squares of the set on a board: those of its squares holding one of its pieces.
    #[inline]
    fn on(&self, position: &Position) -> Bitboard {
        match *self {
            Set::Squares(within) => within,
            Set::Piece(piece, within) => position.pieces(piece.color, piece.role) & within,
            Set::Pieces {
                sides,
                empty,
                within,
            } => held(position, sides, empty) & within,
        }
    }
}

/// The squares holding, per role, a piece of the colours `sides` names (bit 0 white, bit 1
/// black), and the empty squares if `empty`.
fn held(position: &Position, sides: [u8; 6], empty: bool) -> Bitboard {
    let mut held = match empty {
        true => !position.occupied(),
        false => Bitboard::EMPTY,
    };
    let colours = [
        Bitboard::EMPTY,
        position.by_color(Color::White),
        position.by_color(Color::Black),
        position.occupied(),
    ];
    for (role, side) in Role::ALL.into_iter().zip(sides) {
        if let Some(&colour) = colours.get(usize::from(side)) {
            held |= position.by_role(role) & colour;
        }
    }
    held
}

/// Whether the move captured (en passant too): a pawn that changed file did; any other
/// piece did when the halfmove clock started again (a capture's or a pawn move's reset).
#[inline]
pub(super) fn captured(last: LastMove<'_>) -> bool {
    let played = last.played;
    match played.kind() {
        MoveKind::EnPassant => true,
        MoveKind::Castle | MoveKind::DoublePawnPush => false,
        MoveKind::Promotion(_) => played.from().file() != played.to().file(),
        MoveKind::Normal if played.role() == Role::Pawn => {
            played.from().file() != played.to().file()
        }
        MoveKind::Normal => last.after.halfmove_clock() == 0,
    }
}

/// Whether the move changed the pieces on the board's count: a capture or a promotion.
pub(super) fn changes_material(last: LastMove<'_>) -> bool {
    captured(last) || matches!(last.played.kind(), MoveKind::Promotion(_))
}

/// The pieces of either side pinned to their own king.
fn pinned(position: &Position) -> Bitboard {
    let occupied = position.occupied();
    let mut pinned = Bitboard::EMPTY;
    for color in Color::ALL {
        let Some(king) = position.pieces(color, Role::King).single() else {
            continue;
        };
        let enemy = |role| position.pieces(!color, role) | position.pieces(!color, Role::Queen);
        let snipers = (rook_attacks(king, Bitboard::EMPTY) & enemy(Role::Rook))
            | (bishop_attacks(king, Bitboard::EMPTY) & enemy(Role::Bishop));
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if let Some(square) = blockers.single()
                && position.by_color(color).contains(square)
            {
                pinned.insert(square);
            }
        }
    }
    pinned
}
