//! What a query needs that a game, once it has lost it, never gets back: a pawn on a square.
//! Pawns only move forward, a file at most for each rank, and no move makes one; so a pawn
//! is wanted on a square only while a pawn of its colour stands where it could come from.
//! Past that, no later position of the line can match, and the walk may stop (Scid skips
//! games on the same rule with its "pawns that never return home").

use super::compile::{Step, Test};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// For each pawn the query at `root` needs wherever it holds, its colour and the squares a
/// pawn of that colour may reach its square from.
pub(super) fn needed_pawns(steps: &[Step], root: usize) -> Vec<(Color, Bitboard)> {
    let parts = match steps.get(root) {
        Some(Step::All(parts)) => parts.clone(),
        Some(Step::Test(_)) => vec![root],
        _ => Vec::new(),
    };
    let mut needed = Vec::new();
    for part in parts {
        let required = match steps.get(part) {
            Some(Step::Test(Test::Placement(required))) => *required,
            _ => continue,
        };
        for color in Color::ALL {
            let pawns = required[color.index()][Role::Pawn.index()];
            needed.extend(
                pawns
                    .into_iter()
                    .map(|square| (color, origins(color, square))),
            );
        }
    }
    needed
}

/// Whether `position` lacks a pawn that `needed` (see [`needed_pawns`]) asks for: no later
/// position of its line can have it.
pub(super) fn lost(needed: &[(Color, Bitboard)], position: &Position) -> bool {
    (needed.iter()).any(|&(color, from)| (position.pieces(color, Role::Pawn) & from).is_empty())
}

/// The squares from which a pawn of `color` can reach `square`: its own, and those behind it
/// no more files away than ranks.
fn origins(color: Color, square: Square) -> Bitboard {
    let (file, rank) = (square.file().index() as i8, square.rank().index() as i8);
    let behind = |r: i8| match color {
        Color::White => rank - r,
        Color::Black => r - rank,
    };
    Square::all()
        .filter(|s| {
            let (f, r) = (s.file().index() as i8, s.rank().index() as i8);
            behind(r) >= 0 && (f - file).abs() <= behind(r)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_comes_from_behind_a_file_at_most_a_rank() {
        let white: Vec<String> = origins(Color::White, Square::D4)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        let expected = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "b2", "c2", "d2", "e2", "f2",
        ];
        let mut expected: Vec<String> = (expected.iter().map(|s| s.to_string()))
            .chain(["c3", "d3", "e3", "d4"].map(String::from))
            .collect();
        expected.sort_by_key(|s| (s.chars().nth(1), s.chars().next()));
        assert_eq!(white, expected);
        let black = origins(Color::Black, Square::E5);
        assert!(black.contains(Square::E7) && black.contains(Square::C7));
        assert!(!black.contains(Square::B7) && !black.contains(Square::E4));
    }

    #[test]
    fn a_placement_is_lost_once_no_pawn_can_reach_it() {
        let query = super::super::Query::parse("Pd4 and Pe4 and pd5 and pe5").unwrap();
        let needed = needed_pawns(&query.plan.steps, query.plan.root);
        assert_eq!(needed.len(), 4);
        let fen = |f: &str| Position::from_fen(f).unwrap();
        assert!(!lost(&needed, &Position::starting()));
        // 1. d4 d5 2. c4 dxc4: black's d-pawn gone, its c- and e-pawns may still come.
        let later = fen("rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3");
        assert!(!lost(&needed, &later));
        // Black's pawns on a7, g7 and h7: none within as many files of d5 as ranks.
        let far = fen("4k3/p5pp/8/8/3PP3/8/8/4K3 w - - 0 40");
        assert!(lost(&needed, &far));
        // With one on c6, which takes on d5 (and g7 on e5 in two captures).
        let near = fen("4k3/p5pp/2p5/8/3PP3/8/8/4K3 w - - 0 40");
        assert!(!lost(&needed, &near));
    }
}
