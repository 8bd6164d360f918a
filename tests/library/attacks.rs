//! The generated attack tables against an independent reference written here: rays walked by
//! file and rank coordinates (not magic-gen's code), for every square, every blocker subset of
//! both sliders, and random full boards.

use crate::common;

use common::XorShift;

use jaque::attacks::{
    self, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use jaque::{Bitboard, Color, Square};

const ROOK: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares attacked along `directions` from `square`, each ray ending at the first occupied
/// square (included) or at the edge.
fn walk(square: Square, occupied: Bitboard, directions: &[(i8, i8)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let mut current = square;
        while let Some(next) = current.offset(df, dr) {
            attacks.insert(next);
            if occupied.contains(next) {
                break;
            }
            current = next;
        }
    }
    attacks
}

/// The squares whose occupancy matters: each ray without its last square.
fn relevant(square: Square, directions: &[(i8, i8)]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let mut current = square;
        while let Some(next) = current.offset(df, dr) {
            if next.offset(df, dr).is_some() {
                mask.insert(next);
            }
            current = next;
        }
    }
    mask
}

/// Every subset of `mask`, by counting through the mask's bits.
fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let squares: Vec<Square> = mask.into_iter().collect();
    (0u32..1 << squares.len()).map(move |n| {
        squares
            .iter()
            .enumerate()
            .filter(|(i, _)| n >> i & 1 == 1)
            .map(|(_, &sq)| sq)
            .collect()
    })
}

#[test]
fn every_blocker_subset_of_every_square_matches_the_ray_walk() {
    let mut checked = 0usize;
    for square in Square::all() {
        for (directions, lookup) in [
            (&ROOK, rook_attacks as fn(Square, Bitboard) -> Bitboard),
            (&BISHOP, bishop_attacks),
        ] {
            for occupied in subsets(relevant(square, directions)) {
                assert_eq!(
                    lookup(square, occupied),
                    walk(square, occupied, directions),
                    "{square} with blockers {occupied:?}"
                );
                checked += 1;
            }
        }
    }
    // 102,400 rook and 5,248 bishop subsets: the published sizes of plain magic tables.
    assert_eq!(checked, 107_648);
}

#[test]
fn random_full_boards_match_the_ray_walk() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for round in 0..20_000 {
        // Sparse, medium and dense boards.
        let occupied = Bitboard(match round % 3 {
            0 => rng.next() & rng.next() & rng.next(),
            1 => rng.next() & rng.next(),
            _ => rng.next() | rng.next(),
        });
        let square = Square::from_index((rng.next() % 64) as u8).unwrap();
        let rook = walk(square, occupied, &ROOK);
        let bishop = walk(square, occupied, &BISHOP);
        assert_eq!(
            rook_attacks(square, occupied),
            rook,
            "{square} {occupied:?}"
        );
        assert_eq!(
            bishop_attacks(square, occupied),
            bishop,
            "{square} {occupied:?}"
        );
        assert_eq!(queen_attacks(square, occupied), rook | bishop);
    }
}

#[test]
fn leaper_tables_match_their_steps() {
    // The steps by their definition, not listed: a knight's make a product of ±2, a king's
    // go one square at most either way.
    let steps_where = |keep: fn(i8, i8) -> bool| -> Vec<(i8, i8)> {
        (-2..=2)
            .flat_map(|df| (-2..=2).map(move |dr| (df, dr)))
            .filter(|&(df, dr)| keep(df, dr))
            .collect()
    };
    let knight = steps_where(|df, dr| (df * dr).abs() == 2);
    let king = steps_where(|df, dr| (df, dr) != (0, 0) && df.abs() <= 1 && dr.abs() <= 1);
    assert_eq!((knight.len(), king.len()), (8, 8));
    let steps = |square: Square, steps: &[(i8, i8)]| -> Bitboard {
        steps
            .iter()
            .filter_map(|&(df, dr)| square.offset(df, dr))
            .collect()
    };
    for square in Square::all() {
        assert_eq!(
            knight_attacks(square),
            steps(square, &knight),
            "knight {square}"
        );
        assert_eq!(king_attacks(square), steps(square, &king), "king {square}");
        assert_eq!(
            pawn_attacks(Color::White, square),
            steps(square, &[(-1, 1), (1, 1)])
        );
        assert_eq!(
            pawn_attacks(Color::Black, square),
            steps(square, &[(-1, -1), (1, -1)])
        );
    }
    // Published counts: 336 knight moves and 420 king moves on an empty board.
    let total = |f: fn(Square) -> Bitboard| Square::all().map(|s| f(s).count()).sum::<u32>();
    assert_eq!(total(knight_attacks), 336);
    assert_eq!(total(king_attacks), 420);
}

#[test]
fn between_and_line_agree_with_empty_board_rays() {
    for a in Square::all() {
        for b in Square::all() {
            let directions: Vec<(i8, i8)> = ROOK
                .iter()
                .chain(&BISHOP)
                .copied()
                .filter(|&(df, dr)| {
                    let mut s = a;
                    while let Some(next) = s.offset(df, dr) {
                        if next == b {
                            return true;
                        }
                        s = next;
                    }
                    false
                })
                .collect();
            match directions.as_slice() {
                [] => {
                    assert!(between(a, b).is_empty(), "{a} {b}");
                    assert!(line(a, b).is_empty(), "{a} {b}");
                }
                [(df, dr)] => {
                    let from_a = walk(a, Bitboard::from(b), &[(*df, *dr)]);
                    let from_b = walk(b, Bitboard::from(a), &[(-df, -dr)]);
                    assert_eq!(between(a, b), from_a & from_b, "between {a} {b}");
                    let full = walk(a, Bitboard::EMPTY, &[(*df, *dr), (-df, -dr)]).with(a);
                    assert_eq!(line(a, b), full, "line {a} {b}");
                    assert!(line(a, b).contains(b));
                }
                more => panic!("{a} {b} aligned in {} directions", more.len()),
            }
        }
    }
}

#[test]
fn the_included_file_is_what_magic_gen_prints_for_the_build_seed() {
    let included = include_str!(concat!(env!("OUT_DIR"), "/tables.rs"));
    let tables = magic_gen::Tables::generate(attacks::MAGIC_SEED).expect("the build seed works");
    // A failing equality of 2.4 MB of text is unreadable: compare line counts and first
    // differing line.
    let printed = magic_gen::emit::rust(&tables);
    let first_difference = included
        .lines()
        .zip(printed.lines())
        .position(|(a, b)| a != b);
    assert_eq!(first_difference, None);
    assert_eq!(included, printed);
    assert_eq!(attacks::SLIDER_TABLE_ENTRIES, tables.table_entries());
}
