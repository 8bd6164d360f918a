//! A query as written: a tree of nodes, each with the bytes of the query it was read from.
//! The parser builds it knowing no chess rules; [`compile`](super::compile) gives it types
//! and meaning.

use std::ops::Range;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::{Piece, Role};

/// A node of the query and the bytes it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) kind: Kind,
    pub(super) span: Range<usize>,
}

/// What a node is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A word that is a condition alone: `check`, `mate`, …
    Word(Word),
    /// `ply`: the number of half-moves from the game's first position.
    Ply,
    /// An integer.
    Number(u32),
    /// `count(…)`.
    Count(Box<Node>),
    /// Pieces, squares, or pieces on squares.
    Set(Designator),
    /// `A OP B`.
    Compare(Op, Box<Node>, Box<Node>),
    /// `A attacks B`.
    Attacks(Box<Node>, Box<Node>),
    /// `pinned A`.
    Pinned(Box<Node>),
    /// `move [from A] [to B]`.
    Move {
        from: Option<Box<Node>>,
        to: Option<Box<Node>>,
    },
    /// `promote [PIECES]`.
    Promote(Option<Pieces>),
    Not(Box<Node>),
    And(Vec<Node>),
    Or(Vec<Node>),
    /// `flipcolor A`.
    Flipcolor(Box<Node>),
    /// `flip A`, `shift A`, …: A under the maps of the board the transform tries.
    Transform(Transform, Box<Node>),
    /// A name defined by `let`: the index of its definition.
    Name(usize),
    /// `material KRPvKR`: per colour and role, how many (kings not counted).
    Material([[u32; 6]; 2]),
    /// `fen "FEN"`: the position, compared as EPD.
    Fen(Box<crate::position::Position>),
    /// `line --> A --> B …`, each element with how often it repeats.
    Line(Vec<(Node, Repeat)>),
}

/// A query's definitions (`let NAME = …`), then the query that may use them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Tree {
    pub(super) definitions: Vec<Definition>,
    pub(super) query: Node,
}

/// `let NAME = NODE`: the name's span, and its node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Definition {
    pub(super) name: String,
    pub(super) span: Range<usize>,
    pub(super) node: Node,
}

/// The transforms of the board (`flipcolor` aside, which also exchanges colours), as CQL
/// names them: a vertical flip mirrors the files (about the vertical bisector), a horizontal
/// one the ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Transform {
    Flip,
    FlipVertical,
    FlipHorizontal,
    Shift,
    ShiftHorizontal,
    ShiftVertical,
}

impl Transform {
    pub(super) const ALL: [(&'static str, Transform); 6] = [
        ("flip", Transform::Flip),
        ("flipvertical", Transform::FlipVertical),
        ("fliphorizontal", Transform::FlipHorizontal),
        ("shift", Transform::Shift),
        ("shifthorizontal", Transform::ShiftHorizontal),
        ("shiftvertical", Transform::ShiftVertical),
    ];
}

/// The words that are conditions alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Word {
    Check,
    Mate,
    Stalemate,
    WhiteToMove,
    BlackToMove,
    Capture,
}

impl Word {
    pub(super) const ALL: [(&'static str, Word); 6] = [
        ("check", Word::Check),
        ("mate", Word::Mate),
        ("stalemate", Word::Stalemate),
        ("wtm", Word::WhiteToMove),
        ("btm", Word::BlackToMove),
        ("capture", Word::Capture),
    ];
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    /// The operators, longest first (so that `<=` is not read as `<`).
    pub(super) const ALL: [(&'static str, Op); 6] = [
        ("==", Op::Eq),
        ("!=", Op::Ne),
        ("<=", Op::Le),
        (">=", Op::Ge),
        ("<", Op::Lt),
        (">", Op::Gt),
    ];

    pub(super) fn as_str(self) -> &'static str {
        (Op::ALL.iter())
            .find(|(_, op)| *op == self)
            .map_or("?", |(text, _)| text)
    }

    pub(super) fn holds(self, a: u32, b: u32) -> bool {
        match self {
            Op::Eq => a == b,
            Op::Ne => a != b,
            Op::Lt => a < b,
            Op::Le => a <= b,
            Op::Gt => a > b,
            Op::Ge => a >= b,
        }
    }
}

/// A piece designator: which pieces (and whether an empty square), on which squares. Either
/// part may be missing, not both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Designator {
    pub(super) pieces: Option<Pieces>,
    pub(super) squares: Option<Bitboard>,
}

/// A set of piece kinds, and perhaps the empty square: one bit per colour and role, and one
/// for `_`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Pieces(u16);

impl Pieces {
    const EMPTY_SQUARE: u16 = 1 << 12;

    /// The pieces a letter names: `KQRBNP`, `kqrbnp`, `A` (every white piece), `a` (every
    /// black piece), `_` (an empty square).
    pub(super) fn of_letter(letter: char) -> Option<Pieces> {
        let side = |color: Color| Pieces(0x3f << (6 * color.index()));
        match letter {
            'A' => Some(side(Color::White)),
            'a' => Some(side(Color::Black)),
            '_' => Some(Pieces(Pieces::EMPTY_SQUARE)),
            _ => Piece::from_char(letter).map(Pieces::of),
        }
    }

    /// The one piece.
    pub(super) fn of(piece: Piece) -> Pieces {
        Pieces(1 << (6 * piece.color.index() + piece.role.index()))
    }

    pub(super) fn union(self, other: Pieces) -> Pieces {
        Pieces(self.0 | other.0)
    }

    pub(super) fn contains(self, piece: Piece) -> bool {
        self.0 & Pieces::of(piece).0 != 0
    }

    /// Whether `color`'s `role` is one of them.
    pub(super) fn has(self, color: Color, role: Role) -> bool {
        self.0 >> (6 * color.index() + role.index()) & 1 == 1
    }

    /// The one piece, if they are one piece (the commonest designator: `Pd4`).
    pub(super) fn single(self) -> Option<Piece> {
        if self.0.count_ones() != 1 || self.empty_square() {
            return None;
        }
        let at = self.0.trailing_zeros() as usize;
        let color = if at < 6 { Color::White } else { Color::Black };
        Role::ALL.get(at % 6).map(|&role| Piece { color, role })
    }

    /// Whether an empty square is one of them.
    pub(super) fn empty_square(self) -> bool {
        self.0 & Pieces::EMPTY_SQUARE != 0
    }

    /// The roles of `color` among them.
    pub(super) fn roles(self, color: Color) -> impl Iterator<Item = Role> {
        let bits = self.0 >> (6 * color.index());
        (Role::ALL.into_iter()).filter(move |role| bits >> role.index() & 1 == 1)
    }

    /// The same kinds of the other colour.
    pub(super) fn colours_swapped(self) -> Pieces {
        let (white, black) = (self.0 & 0x3f, self.0 >> 6 & 0x3f);
        Pieces(black | white << 6 | self.0 & Pieces::EMPTY_SQUARE)
    }

    /// The letters, as written in a union (`[RQ]`).
    pub(super) fn letters(self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for role in self.roles(color) {
                out.push(Piece { color, role }.char());
            }
        }
        if self.empty_square() {
            out.push('_');
        }
        out
    }
}

/// How many consecutive positions a `line` element covers: `least` to `most` (no bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Repeat {
    pub(super) least: u32,
    pub(super) most: Option<u32>,
}

impl Repeat {
    pub(super) const ONCE: Repeat = Repeat {
        least: 1,
        most: Some(1),
    };
}
