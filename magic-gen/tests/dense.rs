//! The dense magics: the committed file verifies and, with shared slots, needs fewer entries
//! than the smallest published table; the search that writes such files is reproducible and
//! checked.

use magic_gen::dense::{self, DenseMagics, Stop};
use magic_gen::{GenerateError, Slider, Tables};

/// The plain layout: one slot per blocker subset of every square.
const PLAIN_ENTRIES: usize = 107_648;

/// The smallest published table: overlapping black magics (Volker Annuss), as cozy-chess
/// embeds them.
const BEST_PUBLISHED_ENTRIES: usize = 87_988;

/// A search of `rounds` rounds, `steps` steps of the order search and `holes` of the hole
/// search.
fn exactly(rounds: u32, steps: u64, holes: u64) -> Stop {
    Stop::Exactly {
        rounds,
        steps,
        holes,
    }
}

fn committed() -> DenseMagics {
    DenseMagics::parse(dense::COMMITTED).expect("magic-gen/dense.magics parses")
}

#[test]
fn the_committed_magics_verify_and_need_fewer_entries_than_the_smallest_published_table() {
    let magics = committed();
    assert_eq!(magics.seed, magic_gen::DEFAULT_SEED);
    let tables = magics
        .tables()
        .expect("squares sharing a slot agree on their lines");
    assert_eq!(tables.verify(), Ok(()));
    let entries = tables.table_entries();
    assert!(entries < BEST_PUBLISHED_ENTRIES, "{entries} entries");
    // The header states the size, and the default build uses exactly this table.
    assert!(dense::COMMITTED.contains(&format!("table_entries {entries}\n")));
    assert_eq!(Tables::generate(magic_gen::DEFAULT_SEED), Ok(tables));
    // The same magics where the search placed them, no slot shared, verify too but need more.
    let placed = Tables::from_magics(magics.seed, magics.rook.clone(), magics.bishop.clone())
        .expect("the placed magics overlap only in free slots");
    assert_eq!(placed.verify(), Ok(()));
    assert!(entries < placed.table_entries());
    assert!(placed.table_entries() < PLAIN_ENTRIES);
}

#[test]
fn the_committed_file_is_in_the_form_the_search_prints() {
    let magics = committed();
    let tables = magics.tables().expect("the committed magics fill a table");
    assert_eq!(magics.to_text(tables.table_entries()), dense::COMMITTED);
    // The shared offsets are the packing of the magics, not numbers of their own.
    let repacked = DenseMagics::new(
        magics.seed,
        (magics.rounds, magics.steps, magics.holes),
        magics.rook.clone(),
        magics.bishop.clone(),
    );
    assert_eq!(repacked, magics);
}

#[test]
fn squares_share_slots_and_each_reads_back_only_its_own_lines() {
    let tables = committed().tables().unwrap();
    let mut users = vec![0u8; tables.table_entries()];
    for m in tables.rook.iter().chain(&tables.bishop) {
        let (occupancies, _) = magic_gen::search::blocker_subsets(m.slider, m.square, m.mask);
        let mut slots: Vec<usize> = occupancies.iter().map(|&o| m.slot(o)).collect();
        slots.sort_unstable();
        slots.dedup();
        for slot in slots {
            users[slot] = users[slot].saturating_add(1);
        }
    }
    let shared = users.iter().filter(|&&n| n > 1).count();
    assert!(shared > 10_000, "{shared} slots shared");
    // A shared slot holds more than one square's attacks: the lines keep them apart.
    let a1 = tables.rook[0];
    let unmasked = tables.slider_attacks[a1.slot(0)];
    assert_eq!(tables.lookup(Slider::Rook, 0, 0), unmasked & a1.lines());
    assert!(
        (0..tables.table_entries())
            .filter(|&slot| users[slot] > 1)
            .any(|slot| tables.slider_attacks[slot].count_ones() > 14)
    );
}

#[test]
fn the_committed_magics_overlap_and_use_fewer_bits_where_they_can() {
    let magics = committed();
    let all: Vec<_> = magics.rook.iter().chain(&magics.bishop).collect();
    // Variable shifts: some squares index with fewer or more bits than their mask has.
    assert!(
        all.iter()
            .any(|m| u32::from(m.shift) != 64 - m.mask.count_ones())
    );
    // Overlap: some square's index range reaches into another square's.
    let ranges: Vec<(usize, usize)> = all
        .iter()
        .map(|m| (m.offset as usize, m.offset as usize + m.len()))
        .collect();
    let overlapping = ranges
        .iter()
        .enumerate()
        .any(|(i, a)| ranges[i + 1..].iter().any(|b| a.0 < b.1 && b.0 < a.1));
    assert!(overlapping);
}

#[test]
fn dense_search_is_reproducible_whatever_the_threads_and_its_tables_verify() {
    let stop = exactly(2, 20, 12);
    let one = dense::search(3, stop, 1, 600, |_, _| {}).unwrap();
    let two = dense::search(3, stop, 2, 600, |_, _| {}).unwrap();
    assert_eq!(one, two);
    assert_eq!(
        (one.rounds, one.candidates, one.steps, one.holes),
        (2, 600, 20, 12)
    );
    let tables = Tables::from_magics(3, one.rook.clone(), one.bishop.clone()).unwrap();
    assert_eq!(tables.verify(), Ok(()));
    let text = one.to_text(tables.table_entries());
    assert_eq!(DenseMagics::parse(&text), Ok(one));
}

#[test]
fn the_hole_search_continues_a_file_as_one_run_would_and_never_lengthens_the_table() {
    let stop = exactly(1, 20, 0);
    let packed = dense::search(5, stop, 2, 1_500, |_, _| {}).unwrap();
    let entries = |m: &DenseMagics| {
        let tables = Tables::from_magics(m.seed, m.rook.clone(), m.bishop.clone())
            .expect("no two squares claim a slot with different attacks");
        assert_eq!(tables.verify(), Ok(()));
        tables.table_entries()
    };
    let at_once = dense::holes(packed.clone(), |done| done < 8, 1, |_, _| {}).unwrap();
    let halfway = dense::holes(packed.clone(), |done| done < 3, 1, |_, _| {}).unwrap();
    let text = halfway.to_text(entries(&halfway));
    assert!(text.contains("--holes 3\n"), "{text}");
    let reread = DenseMagics::parse(&text).unwrap();
    assert_eq!(reread, halfway);
    let continued = dense::holes(reread, |done| done < 8, 2, |_, _| {}).unwrap();
    assert_eq!(continued, at_once);
    assert_eq!(at_once.holes, 8);
    assert!(entries(&at_once) <= entries(&halfway));
    assert!(entries(&halfway) <= entries(&packed));
    let with_holes = exactly(1, 20, 8);
    assert_eq!(
        dense::search(5, with_holes, 1, 1_500, |_, _| {}),
        Ok(at_once)
    );
}

#[test]
fn the_order_search_never_makes_the_table_longer() {
    let entries = |steps| {
        let stop = exactly(1, steps, 0);
        let magics = dense::search(4, stop, 2, 1_500, |_, _| {}).unwrap();
        let tables = Tables::from_magics(4, magics.rook, magics.bishop).unwrap();
        assert_eq!(tables.verify(), Ok(()));
        tables.table_entries()
    };
    assert!(entries(60) <= entries(0));
}

#[test]
fn magics_that_claim_one_slot_with_attacks_that_disagree_are_refused() {
    let (mut rook, bishop) = committed().shared_magics();
    // Put the rook on b1 where the rook on a1 already is: along the first rank one stops
    // where the other goes on.
    let shift = rook[0].slot(0) as i64 - rook[1].slot(0) as i64;
    rook[1].offset = (i64::from(rook[1].offset) + shift) as u32;
    let result = Tables::from_magics(1, rook, bishop);
    assert!(
        matches!(
            result,
            Err(GenerateError::Overlap {
                slider: Slider::Rook,
                square: 1,
                ..
            })
        ),
        "{result:?}"
    );
}

#[test]
fn malformed_magics_files_are_errors_with_the_line() {
    let good = dense::COMMITTED;
    let cases = [
        (good.replacen("rook a1", "queen a1", 1), "line 7"),
        (
            good.replacen(" 52 0x0038001c01880006 ", " 52 0x0038001c01880006", 1),
            "offset placed",
        ),
        (good.replacen("rook a1", "rook i9", 1), "bad square"),
        (good.replacen(" 52 0x", " 40 0x", 1), "shift"),
        (good.replacen("rook b1", "rook a1", 1), "given twice"),
        (good.replacen("# seed", "# sed", 1), "header"),
        (
            good.lines()
                .filter(|l| !l.starts_with("bishop h8"))
                .collect::<Vec<_>>()
                .join("\n"),
            "every square",
        ),
    ];
    for (text, expected) in cases {
        let error = DenseMagics::parse(&text).unwrap_err();
        assert!(error.contains(expected), "{error} (expected {expected})");
    }
}
