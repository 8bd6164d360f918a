//! The walk's board: the pieces, the castling rights and the en-passant square, and nothing
//! the walk does not read (no clocks, no side to move: the side is a type). Each kind of move
//! has its own update, called where the generator knows the kind, so no move is ever encoded
//! and decoded again.

use crate::attacks::{
    bishop_attacks, bishop_lines, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
    rook_lines, setwise,
};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

use super::castles::Castle;
use super::side::Side;

const PAWN: usize = Role::Pawn.index();
const KING: usize = Role::King.index();

/// The square `by` indices from `square` (the caller knows it is on the board).
#[inline(always)]
pub(crate) fn offset(square: Square, by: i8) -> Square {
    Square::from_index_wrapping((square.index() as i32 + i32::from(by)) as u32)
}

/// Where the pieces stand, what may castle and where en passant may capture.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// The squares of each role, both colours.
    pub(crate) role: [Bitboard; 6],
    /// The squares of each colour.
    pub(crate) color: [Bitboard; 2],
    /// The rooks that may still castle, both colours (on the back ranks), and the square a
    /// pawn has just passed with a double push if an enemy pawn stands beside it (on the
    /// third or sixth rank; whether capturing there is legal is left to the generator): two
    /// sets that never meet, in one bitboard, so that a board is a word smaller to copy.
    special: Bitboard,
}

/// Where castling rights live: the rooks' first and last ranks.
const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

impl Board {
    pub(crate) fn new(position: &Position) -> Board {
        Board {
            role: Role::ALL.map(|role| position.by_role(role)),
            color: crate::color::Color::ALL.map(|color| position.by_color(color)),
            special: position.castling_rights()
                | position.ep_square().map_or(Bitboard::EMPTY, Bitboard::from),
        }
    }

    /// The rooks that may still castle, both colours.
    #[inline(always)]
    pub(crate) fn castling(&self) -> Bitboard {
        self.special & BACK_RANKS
    }

    /// The square en passant may capture on, if an enemy pawn stands beside it; else empty.
    #[inline(always)]
    pub(crate) fn ep(&self) -> Bitboard {
        self.special.minus(BACK_RANKS)
    }

    /// The pieces of `S`'s opponent of `role`.
    #[inline(always)]
    pub(crate) fn theirs<S: Side>(&self, role: Role) -> Bitboard {
        self.role[role.index()] & self.color[S::THEM]
    }

    /// The pieces of `S` of `role`.
    #[inline(always)]
    pub(crate) fn ours<S: Side>(&self, role: Role) -> Bitboard {
        self.role[role.index()] & self.color[S::US]
    }

    /// The opponent's bishops and queens, and their rooks and queens.
    #[inline(always)]
    pub(crate) fn their_sliders<S: Side>(&self) -> (Bitboard, Bitboard) {
        let queens = self.role[Role::Queen.index()];
        let theirs = self.color[S::THEM];
        (
            (self.role[Role::Bishop.index()] | queens) & theirs,
            (self.role[Role::Rook.index()] | queens) & theirs,
        )
    }

    /// Does `S`'s opponent attack `square`, with `occupied` blocking its sliders? Leapers
    /// first, and a slider lookup only where one stands on the square's lines.
    #[inline(always)]
    pub(crate) fn is_attacked<S: Side>(&self, square: Square, occupied: Bitboard) -> bool {
        (pawn_attacks(S::COLOR, square) & self.theirs::<S>(Role::Pawn)).any()
            || (king_attacks(square) & self.theirs::<S>(Role::King)).any()
            || self.is_attacked_by_pieces::<S>(square, occupied)
    }

    /// Does one of the opponent's knights, bishops, rooks or queens attack `square`?
    #[inline(always)]
    pub(crate) fn is_attacked_by_pieces<S: Side>(
        &self,
        square: Square,
        occupied: Bitboard,
    ) -> bool {
        let (diagonal, orthogonal) = self.their_sliders::<S>();
        (knight_attacks(square) & self.theirs::<S>(Role::Knight)).any()
            || ((bishop_lines(square) & diagonal).any()
                && (bishop_attacks(square, occupied) & diagonal).any())
            || ((rook_lines(square) & orthogonal).any()
                && (rook_attacks(square, occupied) & orthogonal).any())
    }

    /// Every square the opponent's pawns and king attack, set-wise.
    #[inline(always)]
    pub(crate) fn pawn_and_king_attacks<S: Side>(&self) -> Bitboard {
        setwise::pawn_attacks(S::Other::COLOR, self.theirs::<S>(Role::Pawn))
            | king_attacks(Square::from_index_wrapping(
                self.theirs::<S>(Role::King).0.trailing_zeros(),
            ))
    }

    /// Every square the opponent's pawns, knights and king attack, set-wise.
    #[inline(always)]
    pub(crate) fn leaper_attacks<S: Side>(&self) -> Bitboard {
        let knights = self.theirs::<S>(Role::Knight);
        // Endgames, where the king has the most steps, often have no knight left.
        let knights = if knights.any() {
            setwise::knight_attacks(knights)
        } else {
            Bitboard::EMPTY
        };
        self.pawn_and_king_attacks::<S>() | knights
    }

    /// Every square the opponent's sliders attack with `occupied` on the board.
    #[inline(always)]
    pub(crate) fn slider_attacks<S: Side>(&self, occupied: Bitboard) -> Bitboard {
        let (diagonal, orthogonal) = self.their_sliders::<S>();
        let mut attacked = Bitboard::EMPTY;
        for from in diagonal {
            attacked |= bishop_attacks(from, occupied);
        }
        for from in orthogonal {
            attacked |= rook_attacks(from, occupied);
        }
        attacked
    }

    /// The opponent's pieces that would attack our king on `king` with `occupied` on the
    /// board and the opponent's pieces `theirs`: the test of the rare moves (en passant)
    /// that the masks do not answer.
    #[inline(always)]
    pub(crate) fn attackers<S: Side>(
        &self,
        king: Square,
        occupied: Bitboard,
        theirs: Bitboard,
    ) -> Bitboard {
        let queens = self.role[Role::Queen.index()];
        theirs
            & ((pawn_attacks(S::COLOR, king) & self.role[PAWN])
                | (knight_attacks(king) & self.role[Role::Knight.index()])
                | (bishop_attacks(king, occupied) & (self.role[Role::Bishop.index()] | queens))
                | (rook_attacks(king, occupied) & (self.role[Role::Rook.index()] | queens)))
    }

    /// The board after `S`'s piece of `role` (not a pawn) goes from `from` to the empty `to`.
    #[inline(always)]
    pub(crate) fn quiet<S: Side>(&self, role: Role, from: Square, to: Square) -> Board {
        let mut next = *self;
        next.move_piece::<S>(role.index(), Bitboard::from(from) | Bitboard::from(to));
        next.special = self.castling();
        if role == Role::King {
            next.special = next.special.minus(S::BACK_RANK);
        } else if role == Role::Rook {
            next.special = next.special.without(from);
        }
        next
    }

    /// The board after `S`'s piece of `role` (not a pawn) takes on `to`.
    #[inline(always)]
    pub(crate) fn capture<S: Side>(&self, role: Role, from: Square, to: Square) -> Board {
        let mut next = *self;
        next.remove_theirs::<S>(to);
        next.quiet::<S>(role, from, to)
    }

    /// The board after a pawn's single push, or its capture when `to` holds a piece.
    #[inline(always)]
    pub(crate) fn pawn_step<S: Side>(&self, from: Square, to: Square, capture: bool) -> Board {
        let mut next = *self;
        if capture {
            next.remove_theirs::<S>(to);
        }
        next.move_piece::<S>(PAWN, Bitboard::from(from) | Bitboard::from(to));
        next.special = next.castling();
        next
    }

    /// The board after a pawn's double push to `to`: en passant is kept possible when an
    /// enemy pawn stands beside `to`.
    #[inline(always)]
    pub(crate) fn double_push<S: Side>(&self, from: Square, to: Square) -> Board {
        let mut next = *self;
        next.move_piece::<S>(PAWN, Bitboard::from(from) | Bitboard::from(to));
        let passed = offset(from, S::UP);
        next.special = self.castling();
        if (pawn_attacks(S::COLOR, passed) & self.theirs::<S>(Role::Pawn)).any() {
            next.special |= Bitboard::from(passed);
        }
        next
    }

    /// The board after a pawn goes from `from` to the last rank's `to` and becomes `role`.
    #[inline(always)]
    pub(crate) fn promotion<S: Side>(&self, from: Square, to: Square, role: Role) -> Board {
        let mut next = *self;
        next.remove_theirs::<S>(to);
        let to = Bitboard::from(to);
        next.role[PAWN] ^= Bitboard::from(from);
        next.role[role.index()] |= to;
        next.color[S::US] ^= Bitboard::from(from) | to;
        next.special = next.castling();
        next
    }

    /// The board after a pawn on `from` takes en passant on `to`.
    #[inline(always)]
    pub(crate) fn en_passant<S: Side>(&self, from: Square, to: Square) -> Board {
        let mut next = *self;
        let captured = Bitboard::from(offset(to, -S::UP));
        next.move_piece::<S>(PAWN, Bitboard::from(from) | Bitboard::from(to));
        next.role[PAWN] ^= captured;
        next.color[S::THEM] ^= captured;
        next.special = next.castling();
        next
    }

    /// The board after castling.
    #[inline(always)]
    pub(crate) fn castle<S: Side>(&self, castle: &Castle) -> Board {
        let mut next = *self;
        next.role[KING] ^= castle.king_move;
        next.role[Role::Rook.index()] ^= castle.rook_move;
        next.color[S::US] ^= castle.king_move ^ castle.rook_move;
        next.special = self.castling().minus(S::BACK_RANK);
        next
    }

    #[inline(always)]
    fn move_piece<S: Side>(&mut self, role: usize, from_to: Bitboard) {
        self.role[role] ^= from_to;
        self.color[S::US] ^= from_to;
    }

    /// Takes the opponent's piece off `square` (never a king), whatever its role, and with
    /// it any castling right of that square.
    #[inline(always)]
    fn remove_theirs<S: Side>(&mut self, square: Square) {
        let keep = !Bitboard::from(square);
        for bb in &mut self.role[..KING] {
            *bb &= keep;
        }
        self.color[S::THEM] &= keep;
        self.special &= keep;
    }
}
