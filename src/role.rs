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

    /// The upper-case English letters, indexed by [`Role::index`]: FEN, UCI and export SAN
    /// spell the roles this way, and every reader and writer of piece letters derives from it
    /// (the SAN languages in `san::lang` start from it).
    pub(crate) const LETTERS: [u8; 6] = *b"PNBRQK";

    /// The role of an English piece letter, either case (`n`, `N`).
    pub const fn from_char(c: char) -> Option<Role> {
        const ROLES: LetterRoles = LetterRoles::new(Role::LETTERS).either_case();
        if c.is_ascii() {
            ROLES.get(c as u8)
        } else {
            None
        }
    }

    /// The lower-case English letter: `p n b r q k` (as in UCI promotions).
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The upper-case English letter: `P N B R Q K` (as in SAN).
    pub const fn upper_char(self) -> char {
        Role::LETTERS[self.index()] as char
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

    /// The Unicode chess symbols, indexed by [`Color::index`] then [`Role::index`]: what
    /// [`Piece::symbol`] writes and SAN reads as figurines.
    const SYMBOLS: [[char; 6]; 2] = [
        ['♙', '♘', '♗', '♖', '♕', '♔'],
        ['♟', '♞', '♝', '♜', '♛', '♚'],
    ];

    /// The Unicode chess symbol (`♔` ... `♟`).
    pub const fn symbol(self) -> char {
        Piece::SYMBOLS[self.color.index()][self.role.index()]
    }

    /// The piece of a Unicode chess symbol, the inverse of [`Piece::symbol`].
    pub(crate) fn from_symbol(c: char) -> Option<Piece> {
        Color::ALL.into_iter().find_map(|color| {
            let symbols = Piece::SYMBOLS[color.index()];
            let role = Role::ALL
                .into_iter()
                .find(|role| symbols[role.index()] == c)?;
            Some(Piece { color, role })
        })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

/// The role of every byte under one row of piece letters, built at compile time: readers on
/// hot paths look a letter up rather than `match` on it, which compiles to a jump on the
/// letter that a game's moves make unpredictable.
#[derive(Clone, Copy)]
pub(crate) struct LetterRoles([Option<Role>; 256]);

impl LetterRoles {
    /// The roles of `letters`, indexed by [`Role::index`] (`0` where a role has no letter).
    pub(crate) const fn new(letters: [u8; 6]) -> LetterRoles {
        let mut roles = [None; 256];
        let mut index = 0;
        while index < letters.len() {
            let letter = letters[index] as usize;
            if letter != 0 {
                assert!(roles[letter].is_none(), "two roles share a letter");
                roles[letter] = Some(Role::ALL[index]);
            }
            index += 1;
        }
        LetterRoles(roles)
    }

    /// The same letters, read in lower case too.
    pub(crate) const fn either_case(self) -> LetterRoles {
        let LetterRoles(mut roles) = self;
        let mut byte = 0;
        while byte < roles.len() {
            let lower = (byte as u8).to_ascii_lowercase() as usize;
            if lower != byte && roles[byte].is_some() {
                assert!(roles[lower].is_none(), "two roles share a letter");
                roles[lower] = roles[byte];
            }
            byte += 1;
        }
        LetterRoles(roles)
    }

    /// The same letters but the one of `role`.
    pub(crate) const fn without(self, role: Role) -> LetterRoles {
        let LetterRoles(mut roles) = self;
        let mut byte = 0;
        while byte < roles.len() {
            if let Some(found) = roles[byte]
                && found.index() == role.index()
            {
                roles[byte] = None;
            }
            byte += 1;
        }
        LetterRoles(roles)
    }

    /// The role of the letter `byte`, if it is one.
    #[inline(always)]
    pub(crate) const fn get(&self, byte: u8) -> Option<Role> {
        self.0[byte as usize]
    }
}
