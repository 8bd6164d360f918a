//! Legal move generation with check and pin masks: no move is made and tested.
//!
//! One generator serves the whole crate: listing moves, counting them, asking whether there
//! is one, and perft's walk. It is compiled for the side to move ([`side`]), reads its own
//! compact [`board`], and hands moves to a [`Visit`] in groups (one piece to a set of targets,
//! all pawns shifted by one step), told their kind: a count is a popcount a group, a list
//! expands the groups into [`Move`]s, and perft plays each by its kind.
//!
//! The rules as masks, made once a node ([`generate`]):
//! - in double check only the king moves;
//! - in single check every other move must capture the checker or block between it and the
//!   king;
//! - a pinned piece moves only along its ray from the king to the pinner (none in check);
//! - the king never steps onto an attacked square (found with the king lifted, so that it
//!   cannot hide behind itself along a slider's ray);
//! - en passant, which removes two pieces from one rank, is tested by its resulting occupancy;
//! - castling needs its right, empty paths, and no attacked square on the king's way
//!   ([`castles`] finds the squares once).

pub(crate) mod board;
pub(crate) mod castles;
pub(crate) mod generate;
pub(crate) mod side;

use std::ops::Deref;

use crate::attacks::{Magics, king_attacks, setwise};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind, Uci, castling_paths};
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

use board::{Board, offset};
use castles::{Castle, Castles};
use generate::{PawnMove, Visit, generate};
use side::{Black, White};

/// Hands every legal move of `position` to `visit`.
#[inline(always)]
fn visit_moves<V: Visit>(position: &Position, visit: &mut V) {
    let board = Board::new(position);
    // Castling's squares only where castling may be generated.
    let castles = if position.is_check()
        || (position.castling_rights() & position.by_color(position.turn())).is_empty()
    {
        Castles::NONE
    } else {
        Castles::new(position)
    };
    match position.turn() {
        Color::White => generate::<White, V, Magics, true>(&board, &castles, Magics, visit),
        Color::Black => generate::<Black, V, Magics, true>(&board, &castles, Magics, visit),
    }
}

/// Counts moves: a popcount a group.
pub(crate) struct Count(pub(crate) u64);

impl Visit for Count {
    #[inline(always)]
    fn piece<S: side::Side>(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn pawns<S: side::Side>(&mut self, _: &Board, targets: Bitboard, _: i8, kind: PawnMove) {
        self.0 += u64::from(targets.count()) << (2 * u32::from(kind.promotes()));
    }

    #[inline(always)]
    fn en_passant<S: side::Side>(&mut self, _: &Board, _: Square, _: Square) {
        self.0 += 1;
    }

    #[inline(always)]
    fn castle<S: side::Side>(&mut self, _: &Board, _: &Castle) {
        self.0 += 1;
    }
}

/// Stops at the first legal move; asked once the king is known to have no safe step.
struct AnyMoveButTheKings(bool);

impl Visit for AnyMoveButTheKings {
    #[inline(always)]
    fn piece<S: side::Side>(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline(always)]
    fn pawns<S: side::Side>(&mut self, _: &Board, targets: Bitboard, _: i8, _: PawnMove) {
        self.0 |= targets.any();
    }

    #[inline(always)]
    fn en_passant<S: side::Side>(&mut self, _: &Board, _: Square, _: Square) {
        self.0 = true;
    }

    #[inline(always)]
    fn castle<S: side::Side>(&mut self, _: &Board, _: &Castle) {
        self.0 = true;
    }

    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }

    #[inline(always)]
    fn king_is_stuck(&self) -> bool {
        true
    }
}

/// The legal moves of a position, at most 256 (the most known is 218), in generation order.
///
/// It dereferences to a slice: `len`, indexing and `iter` work as on a `Vec`.
///
/// ```
/// use jaque::Position;
/// let moves = Position::starting().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().all(|m| m.from().rank() <= jaque::Rank::Second));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// More than the most moves any legal position has (218).
    pub const CAPACITY: usize = 256;

    fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Role::Pawn, Square::A1, Square::A1, MoveKind::Normal); 256],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        // A legal position never has more moves; should an impossible one come through, the
        // extra moves are dropped rather than written out of bounds.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = std::iter::Take<std::array::IntoIter<Move, 256>>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter().take(self.len)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Visit for MoveList {
    #[inline(always)]
    fn piece<S: side::Side>(&mut self, _: &Board, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(role, from, to, MoveKind::Normal));
        }
    }

    #[inline(always)]
    fn pawns<S: side::Side>(&mut self, _: &Board, targets: Bitboard, step: i8, kind: PawnMove) {
        for to in targets {
            let from = offset(to, -step);
            match kind {
                PawnMove::Push | PawnMove::Capture => {
                    self.push(Move::new(Role::Pawn, from, to, MoveKind::Normal));
                }
                PawnMove::Double => {
                    self.push(Move::new(Role::Pawn, from, to, MoveKind::DoublePawnPush));
                }
                PawnMove::Promotion | PawnMove::PromotionCapture => {
                    for role in Role::PROMOTIONS {
                        self.push(Move::new(Role::Pawn, from, to, MoveKind::Promotion(role)));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn en_passant<S: side::Side>(&mut self, _: &Board, from: Square, to: Square) {
        self.push(Move::new(Role::Pawn, from, to, MoveKind::EnPassant));
    }

    #[inline(always)]
    fn castle<S: side::Side>(&mut self, _: &Board, castle: &Castle) {
        self.push(Move::new(
            Role::King,
            castle.king,
            castle.rook_square,
            MoveKind::Castle,
        ));
    }
}

impl Position {
    /// Every legal move.
    ///
    /// ```
    /// use jaque::Position;
    /// // Kiwipete, a standard perft test position.
    /// let kiwipete = Position::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(kiwipete.legal_moves().len(), 48);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        visit_moves(self, &mut list);
        list
    }

    /// How many legal moves there are, without listing them.
    ///
    /// ```
    /// use jaque::Position;
    /// assert_eq!(Position::starting().count_legal_moves(), 20);
    /// ```
    #[inline(always)]
    pub fn count_legal_moves(&self) -> u64 {
        let mut count = Count(0);
        visit_moves(self, &mut count);
        count.0
    }

    /// Is there at least one legal move? (No legal move: checkmate or stalemate.) The king's
    /// steps first, all in one set-wise test (after a check, what usually answers); then the
    /// other pieces, without testing the king's steps again, up to the first move found.
    pub fn has_legal_moves(&self) -> bool {
        if self.king_has_a_safe_step() {
            return true;
        }
        let mut any = AnyMoveButTheKings(false);
        visit_moves(self, &mut any);
        any.0
    }

    /// The legal move a UCI move stands for here, if any. Castling is accepted both as the
    /// king's two-square move (`e1g1`, in standard chess) and as king takes rook (`e1h1`).
    ///
    /// ```
    /// use jaque::{Position, Uci};
    /// let position = Position::starting();
    /// let mv = position.resolve_uci("g1f3".parse().unwrap()).unwrap();
    /// assert_eq!(mv.to(), jaque::Square::F3);
    /// assert!(position.resolve_uci("e2e5".parse().unwrap()).is_none());
    /// ```
    pub fn resolve_uci(&self, uci: Uci) -> Option<Move> {
        self.legal_moves().into_iter().find(|mv| {
            mv.from() == uci.from
                && mv.promotion() == uci.promotion
                && (mv.to() == uci.to
                    || (!self.is_chess960() && mv.uci(false).to == uci.to && mv.is_castle()))
        })
    }

    /// Can the king of the side to move step to a square no enemy piece attacks? After a
    /// check (SAN and PGN checking ask after every one) this is what usually answers it.
    /// Everything the enemy attacks, found set-wise with the king lifted off the board: no
    /// table lookup at squares all over the board, no early exit per square.
    fn king_has_a_safe_step(&self) -> bool {
        let them = !self.turn();
        let king = self.king(self.turn());
        let theirs = self.by_color(them);
        let queens = self.by_role(Role::Queen);
        let attacked = setwise::slider_attacks(
            (self.by_role(Role::Rook) | queens) & theirs,
            (self.by_role(Role::Bishop) | queens) & theirs,
            self.occupied().without(king),
        ) | setwise::knight_attacks(self.by_role(Role::Knight) & theirs)
            | setwise::pawn_attacks(them, self.by_role(Role::Pawn) & theirs)
            | king_attacks(self.king(them));
        king_attacks(king)
            .minus(self.by_color(self.turn()))
            .minus(attacked)
            .any()
    }

    /// With the right and out of check: may the king on `king` castle with `rook`? The
    /// squares between must be empty and no square the king crosses attacked.
    #[inline]
    pub(crate) fn castling_path_is_clear(
        &self,
        us: Color,
        king: Square,
        rook: Square,
        occupied: Bitboard,
    ) -> bool {
        let (king_path, must_be_empty) = castling_paths(king, rook);
        if (must_be_empty & occupied).any() {
            return false;
        }
        // The castling rook no longer shields the king once it has moved.
        let after = occupied ^ Bitboard::from(rook);
        !king_path
            .into_iter()
            .any(|sq| self.is_attacked(sq, !us, after))
    }
}
