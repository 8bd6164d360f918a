//! Shared slots: squares whose tables overlap where their attacks agree on the squares each one
//! can attack.
//!
//! A lookup keeps only the squares on its own lines (`slider_attacks[slot] & lines`, one AND),
//! so a slot may hold the union of the attacks of several squares as long as each of them reads
//! back its own: what one square puts there must not fall on another's lines where that one's
//! attacks stop (`attack & forbidden` empty, `forbidden = lines & !attack` of the others), and
//! the other way round. A rook on a1 and a bishop on h1 share any slot; a rook on a1 and a rook
//! on b2 share a slot when they agree on a2 and b1; a light and a dark bishop always agree.
//! Squares whose attacks never meet share the most, which plain overlap (a slot used by one
//! square only) cannot use at all.
//!
//! The packing is first fit: the squares largest first, each at the lowest start where every
//! slot it uses agrees with what is there. It needs no search and is deterministic in the
//! magics alone.
//!
//! ```
//! let dense = magic_gen::dense::DenseMagics::parse(magic_gen::dense::COMMITTED).unwrap();
//! let (mut rook, mut bishop) = (dense.rook, dense.bishop);
//! let entries = magic_gen::share::pack(&mut rook, &mut bishop);
//! let tables = magic_gen::Tables::from_magics(dense.seed, rook, bishop).unwrap();
//! assert_eq!(tables.table_entries(), entries);
//! assert!(tables.verify().is_ok());
//! ```

use crate::search::{Magic, blocker_subsets};

/// One used slot of a square, relative to its lowest.
#[derive(Clone, Copy)]
struct Slot {
    at: usize,
    attack: u64,
    /// The squares on the square's lines that this slot's attacks do not reach.
    forbidden: u64,
}

/// The slots a magic's square uses, lowest first, and the lowest index.
fn slots(magic: &Magic) -> (usize, Vec<Slot>) {
    let lines = magic.slider.attacks(magic.square, 0);
    let (occupancies, attacks) = blocker_subsets(magic.slider, magic.square, magic.mask);
    let mut used: Vec<(usize, u64)> = occupancies
        .iter()
        .zip(&attacks)
        .map(|(&occupied, &attack)| (magic.index(occupied), attack))
        .collect();
    used.sort_unstable();
    used.dedup_by_key(|&mut (index, _)| index);
    let low = used.first().map_or(0, |&(index, _)| index);
    let slots = used
        .into_iter()
        .map(|(index, attack)| Slot {
            at: index - low,
            attack,
            forbidden: lines & !attack,
        })
        .collect();
    (low, slots)
}

/// The table being packed: per slot, the union of the attacks put there and of the squares
/// they must not reach.
struct Table {
    attacks: Vec<u64>,
    forbidden: Vec<u64>,
}

impl Table {
    fn agrees(&self, start: usize, slot: &Slot) -> bool {
        let i = start + slot.at;
        match (self.attacks.get(i), self.forbidden.get(i)) {
            (Some(&attacks), Some(&forbidden)) => {
                attacks & slot.forbidden == 0 && slot.attack & forbidden == 0
            }
            // Beyond the end: free.
            _ => true,
        }
    }

    fn put(&mut self, start: usize, slots: &[Slot]) {
        let end = start + slots.last().map_or(0, |s| s.at + 1);
        if self.attacks.len() < end {
            self.attacks.resize(end, 0);
            self.forbidden.resize(end, 0);
        }
        for slot in slots {
            self.attacks[start + slot.at] |= slot.attack;
            self.forbidden[start + slot.at] |= slot.forbidden;
        }
    }
}

/// Sets the offsets of all the magics (rooks and bishops, by square) to a packing with shared
/// slots, and returns the table's entries. Only magic and shift matter; the offsets given are
/// replaced.
pub fn pack(rook: &mut [Magic], bishop: &mut [Magic]) -> usize {
    let mut squares: Vec<(&mut Magic, usize, Vec<Slot>)> = rook
        .iter_mut()
        .chain(bishop.iter_mut())
        .map(|magic| {
            let (low, slots) = slots(magic);
            (magic, low, slots)
        })
        .collect();
    // Largest span first; the sort is stable, so ties keep rooks then bishops by square.
    squares.sort_by_key(|(_, _, slots)| std::cmp::Reverse(slots.last().map_or(0, |s| s.at)));
    let mut table = Table {
        attacks: Vec::new(),
        forbidden: Vec::new(),
    };
    for (magic, low, slots) in &mut squares {
        // The offset is `start - low`: it may not be negative.
        let mut start = *low;
        // Probe the slots spread out first (a start that does not fit fails early), in a
        // fixed order: every 16th slot, then the rest.
        let probes: Vec<Slot> = slots
            .iter()
            .step_by(16)
            .chain(
                slots
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i % 16 != 0)
                    .map(|(_, s)| s),
            )
            .copied()
            .collect();
        while !probes.iter().all(|slot| table.agrees(start, slot)) {
            start += 1;
        }
        table.put(start, slots);
        magic.offset = u32::try_from(start - *low).unwrap_or(u32::MAX);
    }
    table.attacks.len()
}
