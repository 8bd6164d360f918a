//! The side to move as a type: the walk is compiled once for white and once for black, so
//! that every colour test, pawn direction and rank mask in it is a constant.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Rank;

/// A side to move known at compile time.
pub(crate) trait Side: Copy {
    /// The colour, for the tables indexed by it.
    const COLOR: Color;
    /// Its index into per-colour arrays; the opponent's is `1 - US`.
    const US: usize = Self::COLOR as usize;
    const THEM: usize = 1 - Self::US;
    /// The other side, to move after this one.
    type Other: Side;
    /// The rank a pawn reaches with a single push from its first rank.
    const THIRD_RANK: Bitboard;
    /// The rank pawns promote on.
    const LAST_RANK: Bitboard;
    /// The rank the king and the castling rooks start on.
    const BACK_RANK: Bitboard;
    /// Square indices a pawn's push, capture towards the a-file and towards the h-file add.
    const UP: i8;
    const UP_WEST: i8;
    const UP_EAST: i8;

    /// `bb` shifted one rank forward.
    fn up(bb: Bitboard) -> Bitboard;
    /// The squares pawns on `bb` capture towards the a-file (never from the a-file).
    fn up_west(bb: Bitboard) -> Bitboard;
    /// The squares pawns on `bb` capture towards the h-file.
    fn up_east(bb: Bitboard) -> Bitboard;
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;

#[derive(Clone, Copy)]
pub(crate) struct White;

#[derive(Clone, Copy)]
pub(crate) struct Black;

impl Side for White {
    const COLOR: Color = Color::White;
    type Other = Black;
    const THIRD_RANK: Bitboard = Bitboard::rank(Rank::Third);
    const LAST_RANK: Bitboard = Bitboard::rank(Rank::Eighth);
    const BACK_RANK: Bitboard = Bitboard::rank(Rank::First);
    const UP: i8 = 8;
    const UP_WEST: i8 = 7;
    const UP_EAST: i8 = 9;

    #[inline(always)]
    fn up(bb: Bitboard) -> Bitboard {
        Bitboard(bb.0 << 8)
    }

    #[inline(always)]
    fn up_west(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & !FILE_A) << 7)
    }

    #[inline(always)]
    fn up_east(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & !FILE_H) << 9)
    }
}

impl Side for Black {
    const COLOR: Color = Color::Black;
    type Other = White;
    const THIRD_RANK: Bitboard = Bitboard::rank(Rank::Sixth);
    const LAST_RANK: Bitboard = Bitboard::rank(Rank::First);
    const BACK_RANK: Bitboard = Bitboard::rank(Rank::Eighth);
    const UP: i8 = -8;
    const UP_WEST: i8 = -9;
    const UP_EAST: i8 = -7;

    #[inline(always)]
    fn up(bb: Bitboard) -> Bitboard {
        Bitboard(bb.0 >> 8)
    }

    #[inline(always)]
    fn up_west(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & !FILE_A) >> 9)
    }

    #[inline(always)]
    fn up_east(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & !FILE_H) >> 7)
    }
}
