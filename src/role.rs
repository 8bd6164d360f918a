//! Kinds of pieces, and pieces (a kind with a colour).

use std::fmt;

use crate::color::Color;

/// The kind of a piece, whatever its colour.
///
/// ```
/// use jaque::Role;
/// assert_eq!(Role::from_char('N'), Some(Role::Knight));
/// assert_eq!(Role::Queen.upper_char(), 'Q');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Moves forward, captures diagonally.
    Pawn,
    /// Jumps in an L.
    Knight,
    /// Slides along diagonals.
    Bishop,
    /// Slides along ranks and files.
    Rook,
    /// Slides in all eight directions.
    Queen,
    /// Steps one square; must never be left in check.
    King,
}

impl Role {
    /// All roles, pawn first (the order of per-role tables).
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The index into per-role tables, `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role of an English piece letter, either case (`n`, `N`).
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The lower-case English letter: `p n b r q k` (as in UCI promotions).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case English letter: `P N B R Q K` (as in SAN).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The name in English: `pawn`, `knight` ...
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role of a colour.
///
/// ```
/// use jaque::{Color, Piece, Role};
/// let piece = Piece::from_char('n').unwrap();
/// assert_eq!(piece, Piece { color: Color::Black, role: Role::Knight });
/// assert_eq!(piece.char(), 'n');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which kind.
    pub role: Role,
}

impl Piece {
    /// The piece of a FEN letter: upper case is white, lower case black.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: Color::from_white(c.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }

    /// The FEN letter: upper case for white.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The Unicode chess symbol (`♔` ... `♟`).
    pub const fn symbol(self) -> char {
        const WHITE: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
        const BLACK: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];
        match self.color {
            Color::White => WHITE[self.role as usize],
            Color::Black => BLACK[self.role as usize],
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
