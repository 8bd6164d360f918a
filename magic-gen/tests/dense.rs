//! The dense magics: the committed file verifies, overlaps into fewer entries than the plain
//! layout, and the search that writes such files is reproducible and checked.

use magic_gen::dense::{self, DenseMagics, Stop};
use magic_gen::{GenerateError, Slider, Tables};

/// The plain layout: one slot per blocker subset of every square.
const PLAIN_ENTRIES: usize = 107_648;

fn committed() -> DenseMagics {
    DenseMagics::parse(dense::COMMITTED).expect("magic-gen/dense.magics parses")
}

#[test]
fn the_committed_magics_verify_and_need_fewer_entries_than_the_plain_layout() {
    let magics = committed();
    assert_eq!(magics.seed, magic_gen::DEFAULT_SEED);
    let tables = Tables::from_magics(magics.seed, magics.rook.clone(), magics.bishop.clone())
        .expect("no two squares claim a slot with different attacks");
    assert_eq!(tables.verify(), Ok(()));
    let entries = tables.table_entries();
    assert!(entries < PLAIN_ENTRIES, "{entries} entries");
    // The header states the size, and the default build uses exactly this table.
    assert!(dense::COMMITTED.contains(&format!("table_entries {entries}\n")));
    assert_eq!(Tables::generate(magic_gen::DEFAULT_SEED), Ok(tables));
}

#[test]
fn the_committed_file_is_in_the_form_the_search_prints() {
    let magics = committed();
    let tables = Tables::from_magics(magics.seed, magics.rook.clone(), magics.bishop.clone())
        .expect("the committed magics fill a table");
    assert_eq!(magics.to_text(tables.table_entries()), dense::COMMITTED);
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
    let stop = Stop::Exactly {
        rounds: 2,
        steps: 40,
        holes: 30,
    };
    let one = dense::search(3, stop, 1, 1_500, |_, _| {}).unwrap();
    let two = dense::search(3, stop, 2, 1_500, |_, _| {}).unwrap();
    assert_eq!(one, two);
    assert_eq!((one.rounds, one.steps), (2, 40));
    let tables = Tables::from_magics(3, one.rook.clone(), one.bishop.clone()).unwrap();
    assert_eq!(tables.verify(), Ok(()));
    let text = one.to_text(tables.table_entries());
    assert_eq!(DenseMagics::parse(&text), Ok(one));
}

#[test]
fn the_hole_search_continues_a_file_as_one_run_would_and_never_lengthens_the_table() {
    let stop = Stop::Exactly {
        rounds: 1,
        steps: 20,
        holes: 0,
    };
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
    let with_holes = Stop::Exactly {
        rounds: 1,
        steps: 20,
        holes: 8,
    };
    assert_eq!(
        dense::search(5, with_holes, 1, 1_500, |_, _| {}),
        Ok(at_once)
    );
}

#[test]
fn the_order_search_never_makes_the_table_longer() {
    let entries = |steps| {
        let stop = Stop::Exactly {
            rounds: 1,
            steps,
            holes: 0,
        };
        let magics = dense::search(4, stop, 2, 1_500, |_, _| {}).unwrap();
        let tables = Tables::from_magics(4, magics.rook, magics.bishop).unwrap();
        assert_eq!(tables.verify(), Ok(()));
        tables.table_entries()
    };
    assert!(entries(60) <= entries(0));
}

#[test]
fn magics_that_claim_one_slot_with_different_attacks_are_refused() {
    let mut magics = committed();
    // Put the bishop on h8 where the rook on a1 already is: a1's and h8's attacks differ.
    let a1 = magics.rook[0];
    let probe = magics.bishop[63];
    let a1_slot = a1.slot(0);
    let h8_index = probe.index(0);
    magics.bishop[63].offset = (a1_slot - h8_index.min(a1_slot)) as u32;
    let result = Tables::from_magics(1, magics.rook, magics.bishop);
    assert!(
        matches!(
            result,
            Err(GenerateError::Overlap {
                slider: Slider::Bishop,
                square: 63,
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
        (good.replacen("rook a1", "queen a1", 1), "line 5"),
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
