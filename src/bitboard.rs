//! Sets of squares as 64-bit words.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::square::{File, Rank, Square};

/// A set of squares, one bit per square (`a1` is bit 0, `h8` bit 63).
///
/// Iterating pops the least significant bit, so squares come out from `a1` towards `h8`.
///
/// ```
/// use jaque::{Bitboard, Square};
/// let bb = Bitboard::from(Square::E4) | Square::D5.into() | Square::A1.into();
/// assert_eq!(bb.count(), 3);
/// assert!(bb.contains(Square::D5));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::A1, Square::E4, Square::D5]);
/// assert_eq!(bb.lsb(), Some(Square::A1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares (`h1` is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares (`a1` is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// The single square `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// Every square of `file`.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file.index())
    }

    /// Every square of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank.index()))
    }

    /// Is `square` in the set?
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// The set with `square` added.
    #[inline]
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.index())
    }

    /// The set with `square` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.index()))
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.index();
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.index());
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    #[must_use]
    pub const fn minus(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// Is the set empty?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Does the set hold at least one square?
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Does the set hold two squares or more?
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// How many squares the set holds.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square (nearest `a1`), if any.
    #[inline]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.trailing_zeros()))
        }
    }

    /// The highest square (nearest `h8`), if any.
    #[inline]
    pub const fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(63 - self.0.leading_zeros()))
        }
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_lsb(&mut self) -> Option<Square> {
        let square = self.lsb()?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    /// The only square of a one-square set; `None` when empty or when there are several.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.lsb()
        }
    }

    /// The set with every square moved `files` files right (towards h) and `ranks` ranks
    /// up; squares moved off the board are dropped, none wraps to another file.
    ///
    /// ```
    /// use jaque::{Bitboard, Square};
    /// let set = Bitboard::from(Square::A1) | Bitboard::from(Square::H2);
    /// assert_eq!(set.shifted(1, 2), Bitboard::from(Square::B3));
    /// assert_eq!(set.shifted(-7, -1), Bitboard::from(Square::A1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn shifted(self, files: i8, ranks: i8) -> Bitboard {
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        if files <= -8 || files >= 8 || ranks <= -8 || ranks >= 8 {
            return Bitboard::EMPTY;
        }
        let bits = match files {
            0.. => {
                let kept = ((1u64 << (8 - files)) - 1) * FILE_A;
                (self.0 & kept) << files
            }
            _ => {
                let kept = ((0xFFu64 << -files) & 0xFF) * FILE_A;
                (self.0 & kept) >> -files
            }
        };
        Bitboard(match ranks {
            0.. => bits << (8 * ranks),
            _ => bits >> (8 * -ranks),
        })
    }

    /// The set seen from black's side: ranks mirrored, `a1` becomes `a8`.
    #[inline]
    #[must_use]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }

        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign(&mut self, other: Bitboard) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// The squares of a [`Bitboard`], lowest first (each step pops the least significant bit).
#[derive(Clone, Copy, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_lsb()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count() as usize;
        (len, Some(len))
    }
}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let square = self.0.msb()?;
        self.0.remove(square);
        Some(square)
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard(0x{:016x})", self.0)
    }
}

/// The board as eight lines, rank 8 first: `X` for a square in the set, `.` otherwise.
///
/// ```
/// use jaque::{Bitboard, Square};
/// let text = Bitboard::from(Square::A8).to_string();
/// assert!(text.starts_with("8 X . . . . . . .\n"));
/// assert!(text.ends_with("  a b c d e f g h\n"));
/// ```
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{}", rank)?;
            for file in File::ALL {
                let mark = if self.contains(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Bitboard::file(File::A);
        let first = Bitboard::rank(Rank::First);
        assert_eq!((a & first).single(), Some(Square::A1));
        assert_eq!((a | first).count(), 15);
        assert_eq!((a ^ first).count(), 14);
        assert_eq!((!a).count(), 56);
        assert_eq!(a.minus(first).count(), 7);
        assert!(!(a & first).more_than_one());
        assert!(a.more_than_one());
        assert_eq!(Bitboard::EMPTY.single(), None);
        assert_eq!(a.msb(), Some(Square::A8));
        assert_eq!(
            Bitboard::from(Square::E2).flip_ranks(),
            Bitboard::from(Square::E7)
        );
        assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
        assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
        assert_eq!(
            (Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES),
            Bitboard::FULL
        );
    }

    #[test]
    fn iterates_both_ways() {
        let bb: Bitboard = [Square::H8, Square::C3, Square::A1].into_iter().collect();
        let forward: Vec<_> = bb.into_iter().collect();
        let backward: Vec<_> = bb.into_iter().rev().collect();
        assert_eq!(forward, [Square::A1, Square::C3, Square::H8]);
        assert_eq!(backward, [Square::H8, Square::C3, Square::A1]);
        assert_eq!(bb.into_iter().len(), 3);
    }
}
