//! What the dense search's pools (`crate::dense`) and its hole search (`crate::holes`) both
//! draw on: a square's blocker subsets in the form a candidate is measured against, and
//! candidates in the shape of hand-found magics. A file of its own, so that the hole search
//! depends on these and not on the search that calls it.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use crate::geometry::{Slider, SquareIndex};
use crate::search::blocker_subsets;

/// One square's blocker subsets in the form the index multiplies (`occupied | !mask`), with
/// their attacks.
pub(crate) struct Subsets {
    pub slider: Slider,
    pub square: SquareIndex,
    pub mask: u64,
    pub black: Vec<u64>,
    pub attacks: Vec<u64>,
}

impl Subsets {
    pub fn new(slider: Slider, square: SquareIndex) -> Subsets {
        let mask = slider.mask(square);
        let (occupancies, attacks) = blocker_subsets(slider, square, mask);
        let black = occupancies.iter().map(|&o| o | !mask).collect();
        Subsets {
            slider,
            square,
            mask,
            black,
            attacks,
        }
    }

    /// The distinct indices a magic maps the subsets to.
    pub fn indices(&self, magic: u64, bits: u32) -> Vec<u32> {
        let mut indices: Vec<u32> = self
            .black
            .iter()
            .map(|&o| (o.wrapping_mul(magic) >> (64 - bits)) as u32)
            .collect();
        indices.sort_unstable();
        indices.dedup();
        indices
    }

    /// The index bits a candidate may use: one fewer than the mask up to one more (rooks at
    /// most 12, the largest mask).
    pub fn bits(&self) -> std::ops::RangeInclusive<u32> {
        let n = self.mask.count_ones();
        let most = match self.slider {
            Slider::Rook => 12,
            Slider::Bishop => n + 1,
        };
        n - 1..=most
    }
}

/// A candidate in the shape of hand-found magics: 2 to 6 runs of 1 to 3 set bits, or the
/// complement of that.
pub(crate) fn runs_candidate(rng: &mut ChaCha8Rng) -> u64 {
    let mut magic = 0u64;
    let runs = 2 + rng.next_u64() % 5;
    for _ in 0..runs {
        let at = rng.next_u64() % 63;
        let width = 1 + rng.next_u64() % 3;
        magic |= ((1u64 << width) - 1) << at;
    }
    if rng.next_u64() & 1 == 0 {
        magic
    } else {
        !magic
    }
}
