//! The walk's board: the pieces, the castling rights and the en-passant square, and nothing
//! the walk does not read (no clocks, no side to move: the side is a type). Each kind of move
//! has its own update, called where the generator knows the kind, so no move is ever encoded
//! and decoded again.

use crate::attacks::{
    Slide, bishop_lines, king_attacks, knight_attacks, pawn_attacks, rook_lines, setwise,
};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

use super::castles::Castle;
use super::side::Side;

// The slots of `Board::pieces`: queens stand in both slider slots.
const PAWN: usize = 0;
const KNIGHT: usize = 1;
const DIAGONAL: usize = 2;
const ORTHOGONAL: usize = 3;
const KING: usize = 4;

/// The square `by` indices from `square` (the caller knows it is on the board).
#[inline(always)]
pub(crate) fn offset(square: Square, by: i8) -> Square {
    Square::from_index_wrapping((square.index() as i32 + i32::from(by)) as u32)
}

/// Where an enemy of `color` could stand to attack one of `squares` on an empty board, by
/// the slots of [`Board`]: what [`Board::watched`] looks at.
pub(crate) fn watch(color: Color, squares: Bitboard) -> [Bitboard; 5] {
    let mut watch = [Bitboard::EMPTY; 5];
    for square in squares {
        watch[PAWN] |= pawn_attacks(color, square);
        watch[KNIGHT] |= knight_attacks(square);
        watch[DIAGONAL] |= bishop_lines(square);
        watch[ORTHOGONAL] |= rook_lines(square);
        watch[KING] |= king_attacks(square);
    }
    watch
}

/// Where the pieces stand, what may castle and where en passant may capture.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// Both colours' pawns, knights, diagonal sliders (bishops and queens), orthogonal
    /// sliders (rooks and queens) and kings: with the colours and `special`, a board is eight
    /// words (64 bytes) to copy a move.
    pieces: [Bitboard; 5],
    /// The squares of each colour.
    pub(crate) color: [Bitboard; 2],
    /// The rooks that may still castle, both colours (on the back ranks), and the square a
    /// pawn has just passed with a double push if an enemy pawn stands beside it (on the
    /// third or sixth rank; whether capturing there is legal is left to the generator): two
    /// sets that never meet, in one bitboard.
    special: Bitboard,
}

/// Where castling rights live: the rooks' first and last ranks.
const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

impl Board {
    pub(crate) fn new(position: &Position) -> Board {
        Board {
            pieces: {
                let queens = position.by_role(Role::Queen);
                [
                    position.by_role(Role::Pawn),
                    position.by_role(Role::Knight),
                    position.by_role(Role::Bishop) | queens,
                    position.by_role(Role::Rook) | queens,
                    position.by_role(Role::King),
                ]
            },
            color: Color::ALL.map(|color| position.by_color(color)),
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

    /// The pieces of `role`, both colours.
    #[inline(always)]
    fn of(&self, role: Role) -> Bitboard {
        let [pawns, knights, diagonal, orthogonal, kings] = self.pieces;
        match role {
            Role::Pawn => pawns,
            Role::Knight => knights,
            Role::Bishop => diagonal.minus(orthogonal),
            Role::Rook => orthogonal.minus(diagonal),
            Role::Queen => diagonal & orthogonal,
            Role::King => kings,
        }
    }

    /// The pieces of `S`'s opponent of `role`.
    #[inline(always)]
    pub(crate) fn theirs<S: Side>(&self, role: Role) -> Bitboard {
        self.of(role) & self.color[S::THEM]
    }

    /// The pieces of `S` of `role`.
    #[inline(always)]
    pub(crate) fn ours<S: Side>(&self, role: Role) -> Bitboard {
        self.of(role) & self.color[S::US]
    }

    /// The opponent's bishops and queens, and their rooks and queens.
    #[inline(always)]
    pub(crate) fn their_sliders<S: Side>(&self) -> (Bitboard, Bitboard) {
        let theirs = self.color[S::THEM];
        (
            self.pieces[DIAGONAL] & theirs,
            self.pieces[ORTHOGONAL] & theirs,
        )
    }

    /// Does `S`'s opponent attack `square`, with `occupied` blocking its sliders? Leapers
    /// first, and a slider lookup only where one stands on the square's lines.
    #[inline(always)]
    pub(crate) fn is_attacked<S: Side, L: Slide>(
        &self,
        slide: L,
        square: Square,
        occupied: Bitboard,
    ) -> bool {
        (pawn_attacks(S::COLOR, square) & self.theirs::<S>(Role::Pawn)).any()
            || (king_attacks(square) & self.theirs::<S>(Role::King)).any()
            || self.is_attacked_by_pieces::<S, L>(slide, square, occupied)
    }

    /// Does an opponent's piece stand where `watch` (made by [`watch`] for `S`) says it could
    /// attack one of its squares?
    #[inline(always)]
    pub(crate) fn watched<S: Side>(&self, watch: &[Bitboard; 5]) -> bool {
        let [pawns, knights, diagonal, orthogonal, kings] = self.pieces;
        (((pawns & watch[PAWN])
            | (knights & watch[KNIGHT])
            | (diagonal & watch[DIAGONAL])
            | (orthogonal & watch[ORTHOGONAL])
            | (kings & watch[KING]))
            & self.color[S::THEM])
            .any()
    }

    /// Does one of the opponent's knights, bishops, rooks or queens attack `square`?
    #[inline(always)]
    pub(crate) fn is_attacked_by_pieces<S: Side, L: Slide>(
        &self,
        slide: L,
        square: Square,
        occupied: Bitboard,
    ) -> bool {
        let (diagonal, orthogonal) = self.their_sliders::<S>();
        (knight_attacks(square) & self.theirs::<S>(Role::Knight)).any()
            || ((bishop_lines(square) & diagonal).any()
                && (slide.bishop(square, occupied) & diagonal).any())
            || ((rook_lines(square) & orthogonal).any()
                && (slide.rook(square, occupied) & orthogonal).any())
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
    pub(crate) fn slider_attacks<S: Side, L: Slide>(
        &self,
        slide: L,
        occupied: Bitboard,
    ) -> Bitboard {
        let (diagonal, orthogonal) = self.their_sliders::<S>();
        let mut attacked = Bitboard::EMPTY;
        for from in diagonal {
            attacked |= slide.bishop(from, occupied);
        }
        for from in orthogonal {
            attacked |= slide.rook(from, occupied);
        }
        attacked
    }

    /// The opponent's pieces that would attack our king on `king` with `occupied` on the
    /// board and the opponent's pieces `theirs`: the test of the rare moves (en passant)
    /// that the masks do not answer.
    #[inline(always)]
    pub(crate) fn attackers<S: Side, L: Slide>(
        &self,
        slide: L,
        king: Square,
        occupied: Bitboard,
        theirs: Bitboard,
    ) -> Bitboard {
        theirs
            & ((pawn_attacks(S::COLOR, king) & self.pieces[PAWN])
                | (knight_attacks(king) & self.pieces[KNIGHT])
                | (slide.bishop(king, occupied) & self.pieces[DIAGONAL])
                | (slide.rook(king, occupied) & self.pieces[ORTHOGONAL]))
    }

    /// The board after `S`'s piece of `role` (not a pawn) goes from `from` to the empty `to`.
    #[inline(always)]
    pub(crate) fn quiet<S: Side>(&self, role: Role, from: Square, to: Square) -> Board {
        let mut next = *self;
        next.move_piece::<S>(role, Bitboard::from(from) | Bitboard::from(to));
        next.drop_ep();
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
        next.move_piece::<S>(Role::Pawn, Bitboard::from(from) | Bitboard::from(to));
        next.drop_ep();
        next
    }

    /// The board after a pawn's double push to `to`: en passant is kept possible when an
    /// enemy pawn stands beside `to`.
    #[inline(always)]
    pub(crate) fn double_push<S: Side>(&self, from: Square, to: Square) -> Board {
        let mut next = *self;
        next.move_piece::<S>(Role::Pawn, Bitboard::from(from) | Bitboard::from(to));
        let passed = offset(from, S::UP);
        next.drop_ep();
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
        next.pieces[PAWN] ^= Bitboard::from(from);
        next.toggle(role, to);
        next.color[S::US] ^= Bitboard::from(from) | to;
        next.drop_ep();
        next
    }

    /// The board after a pawn on `from` takes en passant on `to`.
    #[inline(always)]
    pub(crate) fn en_passant<S: Side>(&self, from: Square, to: Square) -> Board {
        let mut next = *self;
        let captured = Bitboard::from(offset(to, -S::UP));
        next.move_piece::<S>(Role::Pawn, Bitboard::from(from) | Bitboard::from(to));
        next.pieces[PAWN] ^= captured;
        next.color[S::THEM] ^= captured;
        next.drop_ep();
        next
    }

    /// The board after castling.
    #[inline(always)]
    pub(crate) fn castle<S: Side>(&self, castle: &Castle) -> Board {
        let mut next = *self;
        next.pieces[KING] ^= castle.king_move;
        next.pieces[ORTHOGONAL] ^= castle.rook_move;
        next.color[S::US] ^= castle.king_move ^ castle.rook_move;
        next.drop_ep();
        next.special = next.special.minus(S::BACK_RANK);
        next
    }

    #[inline(always)]
    fn move_piece<S: Side>(&mut self, role: Role, from_to: Bitboard) {
        self.toggle(role, from_to);
        self.color[S::US] ^= from_to;
    }

    /// En passant is possible only right after a double push: every other move ends it.
    #[inline(always)]
    fn drop_ep(&mut self) {
        self.special &= BACK_RANKS;
    }

    /// Flips `bits` in the slots of `role`: a queen's in both slider slots.
    #[inline(always)]
    fn toggle(&mut self, role: Role, bits: Bitboard) {
        match role {
            Role::Pawn => self.pieces[PAWN] ^= bits,
            Role::Knight => self.pieces[KNIGHT] ^= bits,
            Role::Bishop => self.pieces[DIAGONAL] ^= bits,
            Role::Rook => self.pieces[ORTHOGONAL] ^= bits,
            Role::Queen => {
                self.pieces[DIAGONAL] ^= bits;
                self.pieces[ORTHOGONAL] ^= bits;
            }
            Role::King => self.pieces[KING] ^= bits,
        }
    }

    /// Takes the opponent's piece off `square` (never a king), whatever its role, and with
    /// it any castling right of that square.
    #[inline(always)]
    fn remove_theirs<S: Side>(&mut self, square: Square) {
        let keep = !Bitboard::from(square);
        for bb in &mut self.pieces[..KING] {
            *bb &= keep;
        }
        self.color[S::THEM] &= keep;
        self.special &= keep;
    }
}
