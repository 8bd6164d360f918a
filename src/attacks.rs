//! Attack lookups: magic bitboards for sliders (and, for perft on processors with a fast
//! `pext`, the PEXT lookup: `Slide`), tables for leapers.
//!
//! Every table is generated at build time by `magic-gen` (see `build.rs`) and included here as
//! `static` data: nothing is computed or initialised at run time.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::Role;
use crate::square::Square;

/// One square's magic: `offset + ((occupied | not_mask) * magic) >> shift` is the slot in the
/// shared slider table that holds the square's attacks for that occupancy, on the square's
/// `lines` (other squares may share the slot and add attacks elsewhere: one AND keeps ours).
/// Setting the squares outside the relevant mask (rather than clearing them) is the "black
/// magic" form: it costs the same and lets magic-gen's dense magics overlap their tables (see
/// `magic-gen/src/dense/` and `magic-gen/src/share.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Magic {
    not_mask: u64,
    magic: u64,
    shift: u8,
    offset: u32,
    lines: u64,
}

/// Every attack table, the fields of one static (`generated::ATTACKS`): the move generator
/// then addresses all of them from one base, where a static a table costs, in a
/// position-independent build, a load of each table's address and a register to keep it.
pub(crate) struct Attacks {
    rook_magics: [Magic; 64],
    bishop_magics: [Magic; 64],
    slider_attacks: [u64; SLIDER_SLOTS],
    /// The magic rows' `lines` again, rook then bishop, as arrays: read as filters on their
    /// own, they need no square multiplied to a row's size.
    lines: [[u64; 64]; 2],
    knight_attacks: [u64; 64],
    king_attacks: [u64; 64],
    pawn_attacks: [[u64; 64]; 2],
    between: [[u64; 64]; 64],
    line: [[u64; 64]; 64],
    /// The PEXT lookup ([`Pext`]), rook then bishop: a square's attacks are at its offset
    /// plus `pext(occupied, mask)` in `pext_attacks`, one slot per blocker subset. Masks and
    /// offsets are arrays of their own, indexed by the processor's scaled addressing.
    #[cfg(target_arch = "x86_64")]
    pext_masks: [[u64; 64]; 2],
    #[cfg(target_arch = "x86_64")]
    pext_offsets: [[u32; 64]; 2],
    #[cfg(target_arch = "x86_64")]
    pext_attacks: [u64; PEXT_SLOTS],
}

/// The PEXT table's length, padded to a power of two as [`SLIDER_SLOTS`] is.
#[cfg(target_arch = "x86_64")]
const PEXT_SLOTS: usize = generated::PEXT_TABLE_ENTRIES.next_power_of_two();

/// The slider table's length: its entries padded to a power of two, so that a slot masked
/// to it needs no bounds check (a valid slot is always below the entries; magic-gen verifies
/// every one).
const SLIDER_SLOTS: usize = generated::SLIDER_TABLE_ENTRIES.next_power_of_two();

/// A generated table followed by zeros up to `M` entries (a power of two), at compile time.
const fn pad<const N: usize, const M: usize>(entries: [u64; N]) -> [u64; M] {
    let mut slots = [0; M];
    let mut i = 0;
    while i < N {
        slots[i] = entries[i];
        i += 1;
    }
    slots
}

pub(crate) mod generated {
    use super::{Attacks, Magic, pad};
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

use generated::ATTACKS;

/// The seed the magics of this build were searched from (`JAQUE_MAGIC_SEED` at build time).
pub const MAGIC_SEED: u64 = generated::MAGIC_SEED;

/// Entries of the shared rook and bishop attack table of this build.
pub const SLIDER_TABLE_ENTRIES: usize = generated::SLIDER_TABLE_ENTRIES;

#[inline]
fn slider_attacks(magics: &[Magic; 64], square: Square, occupied: Bitboard) -> Bitboard {
    let m = &magics[square.index()];
    let index = ((occupied.0 | m.not_mask).wrapping_mul(m.magic) >> m.shift) as usize;
    let slot = (m.offset as usize + index) & (SLIDER_SLOTS - 1);
    Bitboard(ATTACKS.slider_attacks[slot] & m.lines)
}

/// The attacks of a rook (`orthogonal`) or a bishop on `square`, chosen without a branch:
/// the pin and discovered-check tests ask along whichever line joins two squares, and which
/// one that is varies from move to move beyond what a branch predictor can learn.
#[inline]
pub(crate) fn slider_attacks_along(
    square: Square,
    orthogonal: bool,
    occupied: Bitboard,
) -> Bitboard {
    let magics =
        std::hint::select_unpredictable(orthogonal, &ATTACKS.rook_magics, &ATTACKS.bishop_magics);
    slider_attacks(magics, square, occupied)
}

/// How the move generator looks up slider attacks: by [`Magics`] on any processor, or by
/// [`Pext`] where the processor has a fast `pext` instruction (fewer instructions a lookup:
/// no multiply, shift or lines mask). Perft's walk chooses at its root; the rest of the
/// library uses the magics.
pub(crate) trait Slide: Copy {
    /// The attacks of a bishop on `square`.
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard;
    /// The attacks of a rook on `square`.
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard;
}

/// The magic lookups of [`bishop_attacks`] and [`rook_attacks`].
#[derive(Clone, Copy)]
pub(crate) struct Magics;

impl Slide for Magics {
    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        bishop_attacks(square, occupied)
    }

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks(square, occupied)
    }
}

/// The PEXT lookups, the instruction given as the function `pext(value, mask)`: a closure
/// written inside a function compiled for BMI2 calls it without an `unsafe` of its own
/// (it inherits the features, and exists only once such a function has run).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct Pext<F>(pub(crate) F);

#[cfg(target_arch = "x86_64")]
impl<F: Fn(u64, u64) -> u64 + Copy> Slide for Pext<F> {
    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        pext_attacks(1, square, occupied, self.0)
    }

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        pext_attacks(0, square, occupied, self.0)
    }
}

/// The attacks of the slider `slider` (0 rook, 1 bishop) on `square`: the slot masked to the
/// padded table, with no bounds check.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pext_attacks(
    slider: usize,
    square: Square,
    occupied: Bitboard,
    pext: impl Fn(u64, u64) -> u64,
) -> Bitboard {
    let (masks, offsets) = (&ATTACKS.pext_masks[slider], &ATTACKS.pext_offsets[slider]);
    let index = pext(occupied.0, masks[square.index()]) as usize;
    let slot = (offsets[square.index()] as usize + index) & (PEXT_SLOTS - 1);
    Bitboard(ATTACKS.pext_attacks[slot])
}

/// Squares a rook on `square` attacks when `occupied` holds the pieces on the board. The first
/// piece on each ray is attacked (whichever its colour); squares behind it are not.
///
/// ```
/// use jaque::{Bitboard, Square, attacks::rook_attacks};
/// let blockers = Bitboard::from(Square::A4) | Square::C1.into();
/// let attacks = rook_attacks(Square::A1, blockers);
/// assert_eq!(attacks.count(), 5); // a2 a3 a4, b1 c1
/// assert!(attacks.contains(Square::A4) && !attacks.contains(Square::A5));
/// ```
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    slider_attacks(&ATTACKS.rook_magics, square, occupied)
}

/// Squares a bishop on `square` attacks given the occupied squares.
///
/// ```
/// use jaque::{Bitboard, Square, attacks::bishop_attacks};
/// assert_eq!(bishop_attacks(Square::D4, Bitboard::EMPTY).count(), 13);
/// ```
#[inline]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    slider_attacks(&ATTACKS.bishop_magics, square, occupied)
}

/// The squares a rook on `square` attacks on an empty board: where a rook must stand to
/// attack `square` at all (a cheap test before the lookup).
#[inline]
pub(crate) fn rook_lines(square: Square) -> Bitboard {
    Bitboard(ATTACKS.lines[0][square.index()])
}

/// The squares a bishop on `square` attacks on an empty board.
#[inline]
pub(crate) fn bishop_lines(square: Square) -> Bitboard {
    Bitboard(ATTACKS.lines[1][square.index()])
}

/// Squares a queen on `square` attacks given the occupied squares.
///
/// ```
/// use jaque::{Bitboard, Square, attacks::queen_attacks};
/// assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
/// ```
#[inline]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

/// Squares a piece of `role` on `square` attacks, with `occupied` blocking the sliders; for a
/// piece (not a pawn), also the squares from which one of its role reaches `square`, which is
/// what resolving a move asks. A pawn, whose attacks depend on its colour, is not a piece
/// here: it gets the king's squares, a superset of where its captures come from.
///
/// ```
/// use jaque::{Bitboard, Role, Square, attacks::{piece_attacks, queen_attacks}};
/// assert_eq!(piece_attacks(Role::Queen, Square::D4, Bitboard::EMPTY),
///            queen_attacks(Square::D4, Bitboard::EMPTY));
/// ```
#[inline(always)]
pub fn piece_attacks(role: Role, square: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(square),
        Role::Bishop => bishop_attacks(square, occupied),
        Role::Rook => rook_attacks(square, occupied),
        Role::Queen => bishop_attacks(square, occupied) | rook_attacks(square, occupied),
        Role::King | Role::Pawn => king_attacks(square),
    }
}

/// Squares a knight on `square` attacks.
///
/// ```
/// use jaque::{Square, attacks::knight_attacks};
/// assert_eq!(knight_attacks(Square::G1).into_iter().collect::<Vec<_>>(),
///            [Square::E2, Square::F3, Square::H3]);
/// ```
#[inline]
pub fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(ATTACKS.knight_attacks[square.index()])
}

/// Squares a king on `square` attacks.
///
/// ```
/// use jaque::{Square, attacks::king_attacks};
/// assert_eq!(king_attacks(Square::A1).count(), 3);
/// ```
#[inline]
pub fn king_attacks(square: Square) -> Bitboard {
    Bitboard(ATTACKS.king_attacks[square.index()])
}

/// Squares a pawn of `color` on `square` attacks (its diagonal captures).
///
/// ```
/// use jaque::{Color, Square, attacks::pawn_attacks};
/// assert_eq!(pawn_attacks(Color::White, Square::E4).count(), 2);
/// assert!(pawn_attacks(Color::Black, Square::E4).contains(Square::D3));
/// ```
#[inline]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    Bitboard(ATTACKS.pawn_attacks[color.index()][square.index()])
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; empty
/// otherwise. The squares a piece must cross, the squares that block a check.
///
/// ```
/// use jaque::{Square, attacks::between};
/// assert_eq!(between(Square::A1, Square::D4).count(), 2); // b2 c3
/// assert!(between(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(ATTACKS.between[a.index()][b.index()])
}

/// The whole line, edge to edge, through `a` and `b` (both included) when they are aligned;
/// empty otherwise. A pinned piece may only move along the line through its king and pinner.
///
/// ```
/// use jaque::{Square, attacks::line};
/// assert_eq!(line(Square::B2, Square::C3).count(), 8); // the a1-h8 diagonal
/// assert!(line(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(ATTACKS.line[a.index()][b.index()])
}

/// Every square attacked by a set of pieces at once, by shifting and filling bitboards
/// (Kogge-Stone fills): no table lookup and no branch, so the cost is the same few dozen
/// instructions whatever the position. What the king of a side in check asks: is any of the
/// squares around me attacked by anything?
pub(crate) mod setwise {
    use crate::bitboard::Bitboard;
    use crate::color::Color;

    /// Every square but the a-file: where a step east can land.
    pub(crate) const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
    const NOT_FILE_B: u64 = !0x0202_0202_0202_0202;
    const NOT_FILE_G: u64 = !0x4040_4040_4040_4040;
    /// Every square but the h-file: where a step west can land.
    pub(crate) const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

    /// One direction: the shift towards it (positive: left) and the squares a step in it can
    /// land on (a step east never lands on the a-file).
    #[derive(Clone, Copy)]
    struct Direction {
        shift: i32,
        lands: u64,
    }

    #[inline]
    fn step(bb: u64, shift: i32) -> u64 {
        if shift > 0 { bb << shift } else { bb >> -shift }
    }

    /// The squares that `sliders` attack in `direction`, rays stopping at the first piece
    /// (`empty` is every empty square).
    #[inline]
    fn ray_attacks(sliders: u64, empty: u64, direction: Direction) -> u64 {
        let Direction { shift, lands } = direction;
        let mut reach = sliders;
        let mut open = empty & lands;
        reach |= open & step(reach, shift);
        open &= step(open, shift);
        reach |= open & step(reach, 2 * shift);
        open &= step(open, 2 * shift);
        reach |= open & step(reach, 4 * shift);
        step(reach, shift) & lands
    }

    const ORTHOGONAL: [Direction; 4] = [
        Direction {
            shift: 8,
            lands: !0,
        },
        Direction {
            shift: -8,
            lands: !0,
        },
        Direction {
            shift: 1,
            lands: NOT_FILE_A,
        },
        Direction {
            shift: -1,
            lands: NOT_FILE_H,
        },
    ];

    const DIAGONAL: [Direction; 4] = [
        Direction {
            shift: 9,
            lands: NOT_FILE_A,
        },
        Direction {
            shift: 7,
            lands: NOT_FILE_H,
        },
        Direction {
            shift: -7,
            lands: NOT_FILE_A,
        },
        Direction {
            shift: -9,
            lands: NOT_FILE_H,
        },
    ];

    /// Squares attacked by rook-movers `orthogonal` and bishop-movers `diagonal`, given the
    /// `occupied` squares.
    #[inline]
    pub(crate) fn slider_attacks(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        let empty = !occupied.0;
        let mut attacks = 0;
        for direction in ORTHOGONAL {
            attacks |= ray_attacks(orthogonal.0, empty, direction);
        }
        for direction in DIAGONAL {
            attacks |= ray_attacks(diagonal.0, empty, direction);
        }
        Bitboard(attacks)
    }

    /// Squares attacked by the `knights`.
    #[inline]
    pub(crate) fn knight_attacks(knights: Bitboard) -> Bitboard {
        let b = knights.0;
        let one = ((b << 1) & NOT_FILE_A) | ((b >> 1) & NOT_FILE_H);
        let two = ((b << 2) & NOT_FILE_A & NOT_FILE_B) | ((b >> 2) & NOT_FILE_G & NOT_FILE_H);
        Bitboard((one << 16) | (one >> 16) | (two << 8) | (two >> 8))
    }

    /// Squares attacked by the `pawns` of `color`.
    #[inline]
    pub(crate) fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
        let b = pawns.0;
        Bitboard(match color {
            Color::White => ((b << 7) & NOT_FILE_H) | ((b << 9) & NOT_FILE_A),
            Color::Black => ((b >> 9) & NOT_FILE_H) | ((b >> 7) & NOT_FILE_A),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PEXT lookups, given `pext` in software (so that any machine tests the tables), and
    /// the lines arrays agree with the magics on every square, for random occupancies.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pext_lookups_and_lines_agree_with_the_magics() {
        let software = |value: u64, mask: u64| {
            let (mut packed, mut bit, mut rest) = (0, 0, mask);
            while rest != 0 {
                let lowest = rest & rest.wrapping_neg();
                packed |= u64::from(value & lowest != 0) << bit;
                bit += 1;
                rest ^= lowest;
            }
            packed
        };
        let pext = Pext(software);
        let mut rng = crate::xorshift::XorShift(0x2545_f491_4f6c_dd1d);
        for square in (0..64).map(Square::from_index_wrapping) {
            assert_eq!(rook_lines(square), rook_attacks(square, Bitboard::EMPTY));
            assert_eq!(
                bishop_lines(square),
                bishop_attacks(square, Bitboard::EMPTY)
            );
            for _ in 0..500 {
                let random = rng.next();
                let occupied = Bitboard(random & random.rotate_left(23));
                assert_eq!(pext.rook(square, occupied), rook_attacks(square, occupied));
                assert_eq!(
                    pext.bishop(square, occupied),
                    bishop_attacks(square, occupied)
                );
            }
        }
    }

    /// The set-wise attacks are the union of the per-square table lookups (themselves checked
    /// against a ray walk in `tests/attacks.rs`), on random boards with random attackers,
    /// edges and corners included.
    #[test]
    fn setwise_attacks_are_the_union_of_the_per_square_lookups() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = || {
            // xorshift64*: a fixed sequence, no dependency.
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        for round in 0..4_000 {
            // Sparse and dense boards alike.
            let occupied = Bitboard(match round % 3 {
                0 => random() & random(),
                1 => random(),
                _ => random() | random(),
            });
            let orthogonal = Bitboard(random() & random() & random());
            let diagonal = Bitboard(random() & random() & random());
            let (knights, pawns) = (Bitboard(random() & random()), Bitboard(random()));
            let mut expected = Bitboard::EMPTY;
            for square in orthogonal {
                expected |= rook_attacks(square, occupied);
            }
            for square in diagonal {
                expected |= bishop_attacks(square, occupied);
            }
            assert_eq!(
                setwise::slider_attacks(orthogonal, diagonal, occupied),
                expected,
                "occupied {occupied:?}"
            );
            let expected = knights
                .into_iter()
                .fold(Bitboard::EMPTY, |a, s| a | knight_attacks(s));
            assert_eq!(setwise::knight_attacks(knights), expected);
            for color in [Color::White, Color::Black] {
                let expected = pawns
                    .into_iter()
                    .fold(Bitboard::EMPTY, |a, s| a | pawn_attacks(color, s));
                assert_eq!(setwise::pawn_attacks(color, pawns), expected, "{color:?}");
            }
        }
    }
}
