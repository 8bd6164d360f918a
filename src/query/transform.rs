//! Where the transforms (`flipcolor`, `flip`, `shift`, …) move the squares a query names.
//! A transform is compiled away: its query is compiled once per map of the board it tries,
//! each square set written inside carried by the maps of every transform around it, and the
//! copies joined by `or`. Pieces keep their colour but under `flipcolor`.

use super::syntax::{Designator, Pieces, Transform};
use crate::bitboard::Bitboard;
use crate::square::{File, Rank, Square};

/// A map of the board's squares, affine in (file, rank) counted from 0:
/// `file' = a·file + b·rank + c`, `rank' = d·file + e·rank + f`. Rotations, reflections and
/// translations, and any of them one after another, are such maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct SquareMap([[i32; 3]; 2]);

impl SquareMap {
    pub(super) const IDENTITY: SquareMap = SquareMap([[1, 0, 0], [0, 1, 0]]);
    /// Files a↔h.
    const MIRROR_FILES: SquareMap = SquareMap([[-1, 0, 7], [0, 1, 0]]);
    /// Ranks 1↔8.
    pub(super) const MIRROR_RANKS: SquareMap = SquareMap([[1, 0, 0], [0, -1, 7]]);
    /// The eight symmetries of the board: the identity, the two mirrors, the half turn,
    /// the reflections in the a1-h8 and a8-h1 diagonals, the quarter turns.
    const DIHEDRAL: [SquareMap; 8] = [
        SquareMap::IDENTITY,
        SquareMap::MIRROR_FILES,
        SquareMap::MIRROR_RANKS,
        SquareMap([[-1, 0, 7], [0, -1, 7]]),
        SquareMap([[0, 1, 0], [1, 0, 0]]),
        SquareMap([[0, -1, 7], [-1, 0, 7]]),
        SquareMap([[0, -1, 7], [1, 0, 0]]),
        SquareMap([[0, 1, 0], [-1, 0, 7]]),
    ];

    fn translation(files: i32, ranks: i32) -> SquareMap {
        SquareMap([[1, 0, files], [0, 1, ranks]])
    }

    /// This map applied after `first`.
    pub(super) fn after(self, first: SquareMap) -> SquareMap {
        let [[a, b, c], [d, e, f]] = self.0;
        let [[g, h, i], [j, k, l]] = first.0;
        SquareMap([
            [a * g + b * j, a * h + b * k, a * i + b * l + c],
            [d * g + e * j, d * h + e * k, d * i + e * l + f],
        ])
    }

    fn square(self, square: Square) -> Option<Square> {
        let [[a, b, c], [d, e, f]] = self.0;
        let (x, y) = (square.file().index() as i32, square.rank().index() as i32);
        let file = File::new(u8::try_from(a * x + b * y + c).ok()?)?;
        let rank = Rank::new(u8::try_from(d * x + e * y + f).ok()?)?;
        Some(Square::new(file, rank))
    }

    /// The squares mapped (a transform only tries maps that keep them on the board).
    pub(super) fn squares(self, squares: Bitboard) -> Bitboard {
        if self == SquareMap::IDENTITY {
            return squares;
        }
        squares.into_iter().filter_map(|s| self.square(s)).collect()
    }
}

/// What the transforms around a node do to it: where its squares go, and whether colours
/// are exchanged (`flipcolor`: also `wtm`↔`btm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Context {
    pub(super) map: SquareMap,
    pub(super) colours: bool,
}

impl Context {
    pub(super) const NONE: Context = Context {
        map: SquareMap::IDENTITY,
        colours: false,
    };

    /// Inside `flipcolor`'s second copy: colours exchanged, ranks mirrored.
    pub(super) fn colour_flipped(self) -> Context {
        Context {
            map: SquareMap::MIRROR_RANKS.after(self.map),
            colours: !self.colours,
        }
    }

    /// Inside a transform's copy made by `map`.
    pub(super) fn then(self, map: SquareMap) -> Context {
        Context {
            map: map.after(self.map),
            colours: self.colours,
        }
    }

    pub(super) fn designator(self, set: Designator) -> Designator {
        Designator {
            pieces: set.pieces.map(|p| self.pieces(p)),
            squares: set.squares.map(|s| self.map.squares(s)),
        }
    }

    pub(super) fn pieces(self, pieces: Pieces) -> Pieces {
        match self.colours {
            true => pieces.colours_swapped(),
            false => pieces,
        }
    }
}

impl Transform {
    /// The maps this transform tries, the identity first. `written`: the squares its query
    /// names, where the transforms around it put them; a shift moves them by any whole
    /// number of files and ranks that keeps every one of them on the board.
    pub(super) fn maps(self, written: Bitboard) -> Vec<SquareMap> {
        let dihedral = |indices: &[usize]| -> Vec<SquareMap> {
            (indices.iter())
                .filter_map(|&i| SquareMap::DIHEDRAL.get(i).copied())
                .collect()
        };
        let span = |coordinate: fn(Square) -> i32| {
            let values = written.into_iter().map(coordinate);
            let (low, high) = (values.clone().min(), values.max());
            match (low, high) {
                (Some(low), Some(high)) => -low..=7 - high,
                _ => 0..=0,
            }
        };
        let files = span(|s| s.file().index() as i32);
        let ranks = span(|s| s.rank().index() as i32);
        let shifts = |files: std::ops::RangeInclusive<i32>,
                      ranks: std::ops::RangeInclusive<i32>| {
            let mut maps = vec![SquareMap::IDENTITY];
            for dy in ranks {
                for dx in files.clone() {
                    if (dx, dy) != (0, 0) {
                        maps.push(SquareMap::translation(dx, dy));
                    }
                }
            }
            maps
        };
        match self {
            Transform::Flip => dihedral(&[0, 1, 2, 3, 4, 5, 6, 7]),
            Transform::FlipVertical => dihedral(&[0, 1]),
            Transform::FlipHorizontal => dihedral(&[0, 2]),
            Transform::Shift => shifts(files, ranks),
            Transform::ShiftHorizontal => shifts(files, 0..=0),
            Transform::ShiftVertical => shifts(0..=0, ranks),
        }
    }
}
