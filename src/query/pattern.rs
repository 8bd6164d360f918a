//! Pieces on squares moved across the board: the copies that `shift`, `flip` or `or` make of
//! one placement (`shift (Pd4 and Pe5)` is dozens) are one pattern, asked of a position at
//! once by moving the position's pieces rather than the pattern: a shift and an `and` a
//! piece, whatever the number of copies.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::role::Piece;
use crate::square::Square;

/// A placement anywhere one of its anchors puts it: each piece at its offset (files,
/// ranks) from an anchor square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Pattern {
    pub(super) pieces: Vec<(Piece, i8, i8)>,
    pub(super) anchors: Bitboard,
}

/// A placement as its pieces on squares, in the order of [`Compiler`](super::compile)'s
/// placements: by colour, role, then square.
pub(super) type Placement = Vec<(Piece, Square)>;

impl Pattern {
    /// Whether some anchor puts every piece on a square that holds it.
    pub(super) fn matches(&self, position: &Position) -> bool {
        let mut anchors = self.anchors;
        for &(piece, files, ranks) in &self.pieces {
            anchors &= position
                .pieces(piece.color, piece.role)
                .shifted(-files, -ranks);
            if anchors.is_empty() {
                return false;
            }
        }
        anchors.any()
    }

    /// The placement at the anchor `square` (`None`: a piece would be off the board).
    pub(super) fn at(&self, square: Square) -> Option<Placement> {
        (self.pieces.iter())
            .map(|&(piece, files, ranks)| square.offset(files, ranks).map(|s| (piece, s)))
            .collect()
    }
}

/// The placements of `placements` (each with its step) that are moves of one another, in
/// groups of two or more: each one pattern, with the steps it stands for.
pub(super) fn grouped(placements: &[(usize, Placement)]) -> Vec<(Pattern, Vec<usize>)> {
    let mut groups: Vec<(&Placement, Bitboard, Vec<usize>)> = Vec::new();
    for (step, placement) in placements {
        let Some(&(_, first)) = placement.first() else {
            continue;
        };
        match (groups.iter_mut()).find(|(base, _, _)| moved(base, placement)) {
            Some((_, anchors, steps)) => {
                anchors.insert(first);
                steps.push(*step);
            }
            None => groups.push((placement, Bitboard::from(first), vec![*step])),
        }
    }
    (groups.into_iter())
        .filter(|(_, _, steps)| steps.len() >= 2)
        .filter_map(|(base, anchors, steps)| {
            let &(_, origin) = base.first()?;
            let offset = |square: Square| {
                let files = square.file().index() as i8 - origin.file().index() as i8;
                let ranks = square.rank().index() as i8 - origin.rank().index() as i8;
                (files, ranks)
            };
            let pieces = (base.iter())
                .map(|&(piece, square)| {
                    let (files, ranks) = offset(square);
                    (piece, files, ranks)
                })
                .collect();
            Some((Pattern { pieces, anchors }, steps))
        })
        .collect()
}

/// Whether `other` is `base` moved some files and ranks, every piece the same way.
fn moved(base: &Placement, other: &Placement) -> bool {
    let (Some(&(_, from)), Some(&(_, to))) = (base.first(), other.first()) else {
        return false;
    };
    let files = to.file().index() as i8 - from.file().index() as i8;
    let ranks = to.rank().index() as i8 - from.rank().index() as i8;
    base.len() == other.len()
        && (base.iter().zip(other)).all(|(&(piece, square), &(other_piece, other_square))| {
            piece == other_piece && square.offset(files, ranks) == Some(other_square)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::role::Role;

    fn pawn(color: Color, square: Square) -> (Piece, Square) {
        let role = Role::Pawn;
        (Piece { color, role }, square)
    }

    #[test]
    fn placements_moved_of_one_another_are_one_pattern() {
        let (w, b) = (Color::White, Color::Black);
        let at = |d: Square, e: Square| vec![pawn(w, d), pawn(b, e)];
        let placements = [
            (0, at(Square::D4, Square::E5)),
            (1, at(Square::A1, Square::B2)),
            // Not a move of the first: the black pawn is elsewhere relative to the white.
            (2, at(Square::A1, Square::C2)),
            (3, at(Square::G7, Square::H8)),
        ];
        let groups = grouped(&placements);
        assert_eq!(groups.len(), 1);
        let (pattern, steps) = &groups[0];
        assert_eq!(steps, &[0, 1, 3]);
        let anchors: Vec<Square> = pattern.anchors.into_iter().collect();
        assert_eq!(anchors, [Square::A1, Square::D4, Square::G7]);
        assert_eq!(pattern.at(Square::G7), Some(at(Square::G7, Square::H8)));
        assert_eq!(pattern.at(Square::H8), None);
    }

    #[test]
    fn a_pattern_matches_where_some_anchor_puts_every_piece() {
        let (w, b) = (Color::White, Color::Black);
        let pattern = Pattern {
            pieces: vec![(pawn(w, Square::A1).0, 0, 0), (pawn(b, Square::A1).0, 1, 1)],
            anchors: Bitboard::from(Square::D4) | Bitboard::from(Square::H4),
        };
        let fen = |f: &str| Position::from_fen(f).unwrap();
        // White d4, black e5: the anchor d4.
        assert!(pattern.matches(&fen("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1")));
        // White h4, black a6: one square on as bits, but round the board's edge.
        assert!(!pattern.matches(&fen("4k3/8/p7/8/7P/8/8/4K3 w - - 0 1")));
        // White e4, black f5: a move of the pattern, but e4 is not an anchor.
        assert!(!pattern.matches(&fen("4k3/8/8/5p2/4P3/8/8/4K3 w - - 0 1")));
    }
}
