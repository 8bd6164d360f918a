//! Castling's geometry, found once at the root: a king that has moved has no rights left, so
//! while any right remains, king and rook stand where they started and every square the
//! move needs is known before the walk.

use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::moves::{castling_paths, castling_targets};
use crate::position::Position;
use crate::square::{File, Square};

use super::board::watch;

/// One castling move of one side.
#[derive(Clone, Copy)]
pub(crate) struct Castle {
    /// The castling rook's square; empty when the side never had this right.
    pub(crate) rook: Bitboard,
    /// The squares that must be empty (both pieces' paths but the two pieces).
    pub(crate) must_be_empty: Bitboard,
    /// The square of the king's path next to it, answered by the king's safe steps; empty
    /// where those cannot answer (a rook inside the back rank, which may shield a slider
    /// beyond it).
    pub(crate) stepped: Bitboard,
    /// The rest of the king's path, each square to be tested with the rook lifted.
    pub(crate) path: Bitboard,
    /// Where an enemy piece could attack `path` from on an empty board, by the board's
    /// slots (pawns, knights, diagonal and orthogonal sliders, king): none there, and the
    /// path is safe without a test a square.
    pub(crate) watch: [Bitboard; 5],
    /// The king's and the rook's squares.
    pub(crate) king: Square,
    pub(crate) rook_square: Square,
    /// The king's and the rook's squares before and after, XORed: what castling toggles.
    pub(crate) king_move: Bitboard,
    pub(crate) rook_move: Bitboard,
}

/// Both sides' castling moves, towards the a-file and towards the h-file.
pub(crate) struct Castles {
    pub(crate) by_color: [[Castle; 2]; 2],
}

impl Castle {
    /// No castling move: no rook to castle with.
    const NONE: Castle = Castle {
        rook: Bitboard::EMPTY,
        must_be_empty: Bitboard::EMPTY,
        stepped: Bitboard::EMPTY,
        path: Bitboard::EMPTY,
        watch: [Bitboard::EMPTY; 5],
        king: Square::A1,
        rook_square: Square::A1,
        king_move: Bitboard::EMPTY,
        rook_move: Bitboard::EMPTY,
    };
}

impl Castles {
    /// No castling move for either side.
    pub(crate) const NONE: Castles = Castles {
        by_color: [[Castle::NONE; 2]; 2],
    };

    pub(crate) fn new(position: &Position) -> Castles {
        let mut by_color = Castles::NONE.by_color;
        for rook in position.castling_rights() {
            let Some(piece) = position.piece_at(rook) else {
                continue;
            };
            let king = position.king(piece.color);
            let (king_path, must_be_empty) = castling_paths(king, rook);
            let stepped = if matches!(rook.file(), File::A | File::H) {
                king_attacks(king) & king_path
            } else {
                Bitboard::EMPTY
            };
            let path = king_path.minus(stepped);
            let (king_to, rook_to) = castling_targets(king, rook);
            let toggle = |a: Square, b: Square| Bitboard::from(a) ^ Bitboard::from(b);
            by_color[piece.color.index()][usize::from(rook > king)] = Castle {
                rook: Bitboard::from(rook),
                must_be_empty,
                stepped,
                path,
                watch: watch(piece.color, path),
                king,
                rook_square: rook,
                king_move: toggle(king, king_to),
                rook_move: toggle(rook, rook_to),
            };
        }
        Castles { by_color }
    }
}
