//! Moves, and their UCI text (`e2e4`, `e7e8q`).

use std::fmt;
use std::str::FromStr;

use crate::attacks::between;
use crate::bitboard::Bitboard;
use crate::role::Role;
use crate::square::{File, Square};

/// What a move does beyond moving a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves, capturing whatever stands on the target square.
    Normal,
    /// A pawn advances two squares from its starting rank.
    DoublePawnPush,
    /// A pawn captures a pawn that has just advanced two squares past it.
    EnPassant,
    /// The king castles; the move's target is the square of the castling rook.
    Castle,
    /// A pawn reaches the last rank and becomes this role.
    Promotion(Role),
}

/// Where king and rook end when the king on `king` castles with the rook on `rook` (same
/// rank): the g- and f-files towards the h-side rook, the c- and d-files towards the a-side.
#[inline]
pub(crate) fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook > king {
        (Square::new(File::G, rank), Square::new(File::F, rank))
    } else {
        (Square::new(File::C, rank), Square::new(File::D, rank))
    }
}

/// The squares castling involves: those the king crosses or lands on (which must not be
/// attacked), and those that must be empty (both pieces' paths, except the two pieces).
#[inline]
pub(crate) fn castling_paths(king: Square, rook: Square) -> (Bitboard, Bitboard) {
    let (king_to, rook_to) = castling_targets(king, rook);
    let king_path = between(king, king_to) | Bitboard::from(king_to);
    let rook_path = between(rook, rook_to) | Bitboard::from(rook_to);
    let pieces = Bitboard::from(king) | Bitboard::from(rook);
    (king_path, (king_path | rook_path).minus(pieces))
}

/// A move of a position: from, to, the moving role and the kind.
///
/// Castling is encoded as *king takes own rook* (`to` is the rook's square), which works the
/// same in standard chess and Chess960; [`Move::uci`] writes `e1g1` in standard chess.
///
/// ```
/// use jaque::{Move, Position, Square};
/// let position = Position::starting();
/// let mv = position.legal_moves().into_iter().find(|m| m.to() == Square::F3).unwrap();
/// assert_eq!((mv.from(), mv.uci(false).to_string()), (Square::G1, "g1f3".to_string()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    role: Role,
    kind: MoveKind,
}

impl Move {
    /// A move; the caller vouches that it is legal where it is played (use
    /// [`Position::legal_moves`](crate::Position::legal_moves) to get legal ones).
    #[inline]
    pub const fn new(role: Role, from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            role,
            kind,
        }
    }

    /// The square the piece leaves (the king's square when castling).
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The target square (the castling rook's square when castling).
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The role of the moving piece (a pawn for promotions, the king for castling).
    #[inline]
    pub const fn role(self) -> Role {
        self.role
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The promotion role, if the move promotes.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// Is the move castling?
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    /// For castling, the squares the king and the rook end on: `(king, rook)`.
    pub fn castling_destinations(self) -> Option<(Square, Square)> {
        if !self.is_castle() {
            return None;
        }
        Some(castling_targets(self.from, self.to))
    }

    /// The move in UCI notation. Standard chess writes castling as the king's two-square move
    /// (`e1g1`); Chess960 (`chess960 = true`) as king takes rook (`e1h1`).
    pub fn uci(self, chess960: bool) -> Uci {
        let to = match self.castling_destinations() {
            Some((king, _)) if !chess960 => king,
            _ => self.to,
        };
        Uci {
            from: self.from,
            to,
            promotion: self.promotion(),
        }
    }
}

/// A move in UCI notation, not yet checked against a position: `e2e4`, `e7e8q`.
///
/// ```
/// use jaque::{Role, Square, Uci};
/// let uci: Uci = "e7e8q".parse().unwrap();
/// assert_eq!((uci.from, uci.to, uci.promotion), (Square::E7, Square::E8, Some(Role::Queen)));
/// assert_eq!(uci.to_string(), "e7e8q");
/// assert!("e7e9".parse::<Uci>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Uci {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it reaches (for castling: the king's target, or the rook in Chess960).
    pub to: Square,
    /// The promotion role.
    pub promotion: Option<Role>,
}

/// Text that is not a UCI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid UCI move {0:?}: expected from and to squares and an optional promotion, like e2e4 or e7e8q"
)]
pub struct ParseUciError(pub String);

impl FromStr for Uci {
    type Err = ParseUciError;

    fn from_str(text: &str) -> Result<Uci, ParseUciError> {
        let error = || ParseUciError(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(error());
        }
        let from = text[0..2].parse().map_err(|_| error())?;
        let to = text[2..4].parse().map_err(|_| error())?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => match Role::from_char(c) {
                Some(role)
                    if c.is_ascii_lowercase() && role != Role::Pawn && role != Role::King =>
                {
                    Some(role)
                }
                _ => return Err(error()),
            },
        };
        Ok(Uci {
            from,
            to,
            promotion,
        })
    }
}

impl Uci {
    /// The move's letters (`e2e4`, `e7e8q`) on the stack: for writing millions of moves
    /// (a table's column) without a string or the formatting machinery for each.
    ///
    /// ```
    /// let uci: jaque::Uci = "e7e8q".parse().unwrap();
    /// assert_eq!(uci.letters().as_str(), "e7e8q");
    /// ```
    pub fn letters(self) -> UciLetters {
        let [a, b] = square_letters(self.from);
        let [c, d] = square_letters(self.to);
        let (e, len) = match self.promotion {
            Some(role) => (role.char() as u8, 5),
            None => (0, 4),
        };
        UciLetters {
            bytes: [a, b, c, d, e],
            len,
        }
    }

    /// The letters appended to `out` (see [`Uci::letters`]), for a caller that keeps many
    /// moves in one buffer: four bytes stored at once, then the promotion's letter.
    #[inline]
    pub(crate) fn push_letters(self, out: &mut Vec<u8>) {
        let [a, b] = square_letters(self.from);
        let [c, d] = square_letters(self.to);
        out.extend_from_slice(&[a, b, c, d]);
        if let Some(role) = self.promotion {
            out.push(role.char() as u8);
        }
    }
}

/// A square's two letters, `e4`: from its index (rank times eight plus file) by arithmetic,
/// which a table's column of millions of moves notices.
#[inline(always)]
fn square_letters(square: Square) -> [u8; 2] {
    let index = square.index() as u8;
    [b'a' + (index & 7), b'1' + (index >> 3 & 7)]
}

/// The letters of a [`Uci`] move (see [`Uci::letters`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciLetters {
    bytes: [u8; 5],
    len: usize,
}

impl UciLetters {
    /// The letters as text.
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..self.len).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letters().as_str())
    }
}
