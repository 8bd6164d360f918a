//! The tables of the PEXT lookup (x86-64 BMI2): a slider's attacks on a square are at
//! `offset + pext(occupied, mask)`, the occupied squares of its relevant mask packed into an
//! index by one instruction. No multiply, no shift, no lines mask: fewer instructions a
//! lookup than the magics, for twice the table (one slot per blocker subset, the squares side
//! by side). jaque uses them where the processor has a fast PEXT, and the magics elsewhere.

use crate::geometry::{Slider, SquareIndex};
use crate::search::blocker_subsets;

/// One square's row: its relevant-occupancy mask and the start of its slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextSquare {
    /// The squares whose occupancy changes the attacks (board edges left out).
    pub mask: u64,
    /// Where the square's `2^popcount(mask)` slots start in [`PextTables::attacks`].
    pub offset: u32,
}

/// Both sliders' rows and the one table they index: every rook square's slots, then every
/// bishop square's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PextTables {
    /// Rook rows by square.
    pub rook: Vec<PextSquare>,
    /// Bishop rows by square.
    pub bishop: Vec<PextSquare>,
    /// The attacks, slot by slot.
    pub attacks: Vec<u64>,
}

/// The bits of `value` under `mask`, packed to the low end in the mask's order: what the
/// `pext` instruction does, in software for the build script.
///
/// ```
/// assert_eq!(magic_gen::pext::pext(0b1010_1100, 0b1111_0000), 0b1010);
/// assert_eq!(magic_gen::pext::pext(u64::MAX, 0x8000_0000_0000_0001), 0b11);
/// ```
pub fn pext(value: u64, mask: u64) -> u64 {
    let mut packed = 0;
    let mut bit = 0;
    let mut rest = mask;
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if value & lowest != 0 {
            packed |= 1 << bit;
        }
        bit += 1;
        rest ^= lowest;
    }
    packed
}

impl PextTables {
    /// The rows and slots of both sliders, from the ray walk.
    ///
    /// ```
    /// let tables = magic_gen::pext::PextTables::generate();
    /// assert_eq!(tables.attacks.len(), 102_400 + 5_248);
    /// ```
    pub fn generate() -> PextTables {
        let mut attacks = Vec::new();
        let [rook, bishop] = Slider::ALL.map(|slider| {
            (0..64)
                .map(|square| {
                    let mask = slider.mask(square);
                    let offset = attacks.len() as u32;
                    attacks.resize(attacks.len() + (1 << mask.count_ones()), 0);
                    let (occupancies, sets) = blocker_subsets(slider, square, mask);
                    for (occupied, set) in occupancies.into_iter().zip(sets) {
                        attacks[offset as usize + pext(occupied, mask) as usize] = set;
                    }
                    PextSquare { mask, offset }
                })
                .collect()
        });
        PextTables {
            rook,
            bishop,
            attacks,
        }
    }

    /// The rows of one slider.
    pub fn squares(&self, slider: Slider) -> &[PextSquare] {
        match slider {
            Slider::Rook => &self.rook,
            Slider::Bishop => &self.bishop,
        }
    }

    /// Attacks of `slider` on `square` looked up as the engine does it (0 for a slot past the
    /// table, which a verified table never gives).
    pub fn lookup(&self, slider: Slider, square: SquareIndex, occupied: u64) -> u64 {
        let row = self.squares(slider)[square as usize];
        let slot = row.offset as usize + pext(occupied, row.mask) as usize;
        self.attacks.get(slot).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::{PextTables, pext};
    use crate::geometry::Slider;

    #[test]
    fn every_slot_is_some_subsets_and_the_rows_tile_the_table() {
        let tables = PextTables::generate();
        let mut next = 0;
        for slider in Slider::ALL {
            for (square, row) in tables.squares(slider).iter().enumerate() {
                assert_eq!(row.offset, next, "{} {square}", slider.name());
                assert_eq!(row.mask, slider.mask(square as u8));
                next += 1 << row.mask.count_ones();
            }
        }
        assert_eq!(next as usize, tables.attacks.len());
    }

    #[test]
    fn software_pext_packs_in_mask_order() {
        let mask = 0x0000_0000_0001_0110u64;
        for (value, packed) in [(0, 0), (0x10, 0b001), (0x1_0100, 0b110), (u64::MAX, 0b111)] {
            assert_eq!(pext(value, mask), packed);
        }
    }
}
