//! Files, ranks and squares.

use std::fmt::{self, Write as _};
use std::str::FromStr;

macro_rules! coordinate {
    ($(#[$doc:meta])* $name:ident, $noun:literal, $first:literal,
     [$($variant:ident = $index:literal),*]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum $name {
            $(
                #[allow(missing_docs)]
                $variant = $index,
            )*
        }

        impl $name {
            #[doc = concat!("All eight ", $noun, "s in board order.")]
            pub const ALL: [$name; 8] = [$($name::$variant),*];

            #[doc = concat!("The ", $noun, " with index `0..8`, or `None`.")]
            #[inline]
            pub const fn new(index: u8) -> Option<$name> {
                if index < 8 { Some(Self::from_low_bits(index)) } else { None }
            }

            /// The coordinate of the low three bits of `bits`. A match whose arms are the
            /// discriminants, which the compiler turns into no instruction at all (a table
            /// lookup costs a load and a bounds check on every square's file and rank).
            #[inline]
            pub(crate) const fn from_low_bits(bits: u8) -> $name {
                match bits & 7 {
                    $($index => $name::$variant,)*
                    _ => $name::ALL[7],
                }
            }

            #[doc = concat!("The ", $noun, "'s index, `0..8`.")]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = concat!("The ", $noun, " as written in a square name (`", $first, "`...).")]
            pub const fn char(self) -> char {
                (($first as u32 + self as u32) as u8) as char
            }

            #[doc = concat!("The ", $noun, " of a square-name character.")]
            pub const fn from_char(c: char) -> Option<$name> {
                let first = $first as u32;
                let c = c as u32;
                if c >= first && c < first + 8 { Self::new((c - first) as u8) } else { None }
            }

            #[doc = concat!("The ", $noun, " `delta` steps on, or `None` off the board.")]
            #[inline]
            pub const fn offset(self, delta: i8) -> Option<$name> {
                let index = self as i8 + delta;
                if index >= 0 && index < 8 { Self::new(index as u8) } else { None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.char())
            }
        }
    };
}

coordinate!(
    /// A file, `a` to `h`.
    ///
    /// ```
    /// use jaque::File;
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::E.offset(4), None);
    /// ```
    File, "file", 'a', [A = 0, B = 1, C = 2, D = 3, E = 4, F = 5, G = 6, H = 7]
);

coordinate!(
    /// A rank, `1` to `8`.
    ///
    /// ```
    /// use jaque::Rank;
    /// assert_eq!(Rank::from_char('8'), Some(Rank::Eighth));
    /// assert_eq!(Rank::Second.char(), '2');
    /// ```
    Rank, "rank", '1',
    [First = 0, Second = 1, Third = 2, Fourth = 3, Fifth = 4, Sixth = 5, Seventh = 6, Eighth = 7]
);

impl Rank {
    /// The same rank seen from black's side: the first rank becomes the eighth.
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::from_low_bits(7 - self as u8)
    }
}

/// A square of the board.
///
/// Squares are numbered `a1 = 0, b1 = 1, ..., h8 = 63`; the index is private so that every
/// `Square` is on the board.
///
/// ```
/// use jaque::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!((e4.file(), e4.rank()), (File::E, Rank::Fourth));
/// assert_eq!(Square::new(File::H, Rank::Eighth).index(), 63);
/// assert_eq!(e4.offset(1, 2), Some(Square::F6));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

macro_rules! square_constants {
    ($($name:ident = $index:literal),* $(,)?) => {
        impl Square {
            $(
                #[allow(missing_docs)]
                pub const $name: Square = Square($index);
            )*
        }
    };
}

square_constants!(
    A1 = 0,
    B1 = 1,
    C1 = 2,
    D1 = 3,
    E1 = 4,
    F1 = 5,
    G1 = 6,
    H1 = 7,
    A2 = 8,
    B2 = 9,
    C2 = 10,
    D2 = 11,
    E2 = 12,
    F2 = 13,
    G2 = 14,
    H2 = 15,
    A3 = 16,
    B3 = 17,
    C3 = 18,
    D3 = 19,
    E3 = 20,
    F3 = 21,
    G3 = 22,
    H3 = 23,
    A4 = 24,
    B4 = 25,
    C4 = 26,
    D4 = 27,
    E4 = 28,
    F4 = 29,
    G4 = 30,
    H4 = 31,
    A5 = 32,
    B5 = 33,
    C5 = 34,
    D5 = 35,
    E5 = 36,
    F5 = 37,
    G5 = 38,
    H5 = 39,
    A6 = 40,
    B6 = 41,
    C6 = 42,
    D6 = 43,
    E6 = 44,
    F6 = 45,
    G6 = 46,
    H6 = 47,
    A7 = 48,
    B7 = 49,
    C7 = 50,
    D7 = 51,
    E7 = 52,
    F7 = 53,
    G7 = 54,
    H7 = 55,
    A8 = 56,
    B8 = 57,
    C8 = 58,
    D8 = 59,
    E8 = 60,
    F8 = 61,
    G8 = 62,
    H8 = 63,
);

impl Square {
    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square((rank as u8) << 3 | file as u8)
    }

    /// The square with index `0..64` (`a1 = 0`, `h8 = 63`), or `None`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: for indices that are in range by construction, such
    /// as a bit position of a non-empty bitboard.
    #[inline]
    pub(crate) const fn from_index_wrapping(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// Every square, `a1` to `h8`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..64).map(Square)
    }

    /// The index, `0..64`.
    #[inline]
    pub const fn index(self) -> usize {
        // Always below 64; the mask says so to the compiler, which then drops the bounds
        // checks of every per-square table lookup.
        (self.0 & 63) as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File::from_low_bits(self.0)
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_low_bits(self.0 >> 3)
    }

    /// The square `files` files and `ranks` ranks away, or `None` off the board.
    #[inline]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        match (self.file().offset(files), self.rank().offset(ranks)) {
            (Some(file), Some(rank)) => Some(Square::new(file, rank)),
            _ => None,
        }
    }

    /// The square mirrored vertically (`e2` becomes `e7`): the same square from black's side.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.file().char())?;
        f.write_char(self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_string().to_uppercase())
    }
}

/// A square name that is not `a1` ... `h8`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}: expected a file a-h and a rank 1-8, like e4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(file), Some(rank), None) => {
                match (File::from_char(file), Rank::from_char(rank)) {
                    (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                    _ => Err(ParseSquareError(text.to_string())),
                }
            }
            _ => Err(ParseSquareError(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        assert_eq!(Square::A1.to_string(), "a1");
        assert_eq!(Square::H8.to_string(), "h8");
        for bad in ["", "e", "e9", "i1", "e44", "E4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        assert_eq!(Square::H4.offset(1, 0), None);
        assert_eq!(Square::A1.offset(0, -1), None);
        assert_eq!(Square::B1.offset(-1, 2), Some(Square::A3));
        assert_eq!(Square::E2.flip_rank(), Square::E7);
        assert_eq!(Rank::Second.flip(), Rank::Seventh);
    }
}
