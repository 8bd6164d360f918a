//! Legal moves from masks made once a node: the squares that answer a check, and the rays of
//! pinned pieces, found together from the enemy sliders on the king's lines (none there: no
//! work at all), with no slider lookup; the king's safe steps; then every piece moves to its
//! attacks within those masks. Nothing is played to be tested but en passant.

use crate::attacks::{
    Slide, between, bishop_lines, king_attacks, knight_attacks, pawn_attacks, rook_lines,
};
use crate::bitboard::Bitboard;
use crate::role::Role;
use crate::square::Square;

use super::board::{Board, offset};
use super::castles::{Castle, Castles};
use super::side::Side;

/// What a group of pawn moves is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PawnMove {
    /// Single pushes, not to the last rank.
    Push,
    /// Double pushes.
    Double,
    /// Captures, not on the last rank.
    Capture,
    /// Pushes to the last rank: four promotions each.
    Promotion,
    /// Captures on the last rank: four promotions each.
    PromotionCapture,
}

impl PawnMove {
    /// Is each move of the group four, one a promotion role?
    #[inline(always)]
    pub(crate) fn promotes(self) -> bool {
        matches!(self, PawnMove::Promotion | PawnMove::PromotionCapture)
    }
}

/// Receives the legal moves of a position in groups, told their kinds.
pub(crate) trait Visit {
    /// Has the visitor seen enough? Generation stops early when it says so (asked between
    /// groups of pieces; a constant `false` for the visitors that want every move).
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
    /// Does the visitor already know that the king has no safe step? Then the generator
    /// does not test them again (and castling, whose steps are among them, is not legal).
    #[inline(always)]
    fn king_is_stuck(&self) -> bool {
        false
    }
    /// `S`'s piece of `role` on `from` (not a pawn) may go to each square of `targets`.
    fn piece<S: Side>(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// Pawns may go to each square of `targets` from the square `step` indices behind it.
    fn pawns<S: Side>(&mut self, board: &Board, targets: Bitboard, step: i8, kind: PawnMove);
    /// The pawn on `from` may take en passant on `to`.
    fn en_passant<S: Side>(&mut self, board: &Board, from: Square, to: Square);
    /// The king may castle as `castle` says.
    fn castle<S: Side>(&mut self, board: &Board, castle: &Castle);
}

/// What the enemy sliders and leapers on the king's lines do.
struct Lines {
    /// The pieces giving check.
    checkers: Bitboard,
    /// Out of check every square; in check the checker and the squares between it and the
    /// king: where a piece other than the king must go.
    check_mask: Bitboard,
    /// The rays, king excluded, pinner included, along which our pieces are pinned on
    /// diagonals and on ranks or files. A pinned piece stays on its own ray: its moves
    /// cannot reach another (they are parallel to it or behind the king).
    pin_diagonal: Bitboard,
    pin_orthogonal: Bitboard,
}

/// Walks the enemy sliders that see the king's lines: each with nothing between gives check,
/// each with one piece between pins it (or, one of theirs, pins nothing of ours: the ray then
/// holds none of our pieces, and masks nothing).
#[inline(always)]
fn lines<S: Side>(board: &Board, king: Square, occupied: Bitboard) -> Lines {
    let (diagonal, orthogonal) = board.their_sliders::<S>();
    let leapers = (knight_attacks(king) & board.theirs::<S>(Role::Knight))
        | (pawn_attacks(S::COLOR, king) & board.theirs::<S>(Role::Pawn));
    let mut lines = Lines {
        checkers: leapers,
        check_mask: leapers,
        pin_diagonal: Bitboard::EMPTY,
        pin_orthogonal: Bitboard::EMPTY,
    };
    let see = |snipers: Bitboard, lines: &mut Lines, diagonal: bool| {
        for sniper in snipers {
            let gap = between(king, sniper);
            let ray = gap.with(sniper);
            let blockers = gap & occupied;
            if blockers.is_empty() {
                lines.checkers |= Bitboard::from(sniper);
                lines.check_mask |= ray;
            } else if !blockers.more_than_one() {
                if diagonal {
                    lines.pin_diagonal |= ray;
                } else {
                    lines.pin_orthogonal |= ray;
                }
            }
        }
    };
    see(bishop_lines(king) & diagonal, &mut lines, true);
    see(rook_lines(king) & orthogonal, &mut lines, false);
    if lines.checkers.is_empty() {
        lines.check_mask = Bitboard::FULL;
    }
    lines
}

/// The squares the king on `king` may step to: not ours, not attacked with the king lifted
/// off the board (so that it cannot hide behind itself from a slider). Square by square
/// when there are one or two (a king at home behind its pieces), else against everything
/// the enemy attacks.
#[inline(always)]
fn king_steps<S: Side, L: Slide>(
    board: &Board,
    slide: L,
    king: Square,
    occupied: Bitboard,
) -> Bitboard {
    let steps = king_attacks(king).minus(board.color[S::US]);
    if steps.is_empty() {
        return steps;
    }
    let without_king = occupied.without(king);
    if steps.count() > 2 {
        let attacked =
            board.leaper_attacks::<S>() | board.slider_attacks::<S, L>(slide, without_king);
        return steps.minus(attacked);
    }
    // Pawns and king set-wise, in a few instructions; knights and sliders a step at a time.
    let mut safe = steps.minus(board.pawn_and_king_attacks::<S>());
    for to in safe {
        if board.is_attacked_by_pieces::<S, L>(slide, to, without_king) {
            safe.remove(to);
        }
    }
    safe
}

/// Hands every legal move of `board`, `S` to move, to `visit`, slider attacks looked up by
/// `slide`; without `CASTLING` (no castling right left on the board) its castling code is
/// not compiled in.
#[inline(always)]
pub(crate) fn generate<S: Side, V: Visit, L: Slide, const CASTLING: bool>(
    board: &Board,
    castles: &Castles,
    slide: L,
    visit: &mut V,
) {
    // The parts come in the order that measured fewest instructions and least time in
    // perft's count nodes (docs/dev/benchmark-notes.md): king, pins and checks, castling, knights, pawns,
    // sliders. Each reads values the one before left in registers; in another order the
    // compiler keeps more of them alive across the node and spills them to the stack.
    let ours = board.color[S::US];
    let occupied = ours | board.color[S::THEM];
    let king = Square::from_index_wrapping(board.ours::<S>(Role::King).0.trailing_zeros());
    let steps = if visit.king_is_stuck() {
        Bitboard::EMPTY
    } else {
        king_steps::<S, L>(board, slide, king, occupied)
    };
    visit.piece::<S>(board, Role::King, king, steps);
    if visit.done() {
        return;
    }
    let lines = lines::<S>(board, king, occupied);
    if lines.checkers.more_than_one() {
        return;
    }
    if CASTLING && lines.checkers.is_empty() && (board.castling() & ours).any() {
        castling::<S, V, L>(board, castles, slide, visit, occupied, steps);
    }
    let target = lines.check_mask.minus(ours);
    let pinned = lines.pin_diagonal | lines.pin_orthogonal;
    for from in board.ours::<S>(Role::Knight).minus(pinned) {
        visit.piece::<S>(board, Role::Knight, from, knight_attacks(from) & target);
    }
    pawns::<S, V>(board, visit, &lines, occupied, target);
    if visit.done() {
        return;
    }
    sliders::<S, V, L>(board, slide, visit, &lines, occupied, target);
    if board.ep().any() {
        en_passant::<S, V, L>(board, slide, visit, king, occupied);
    }
}

/// The bishops', rooks' and queens' moves; the pinned ones, rare, apart.
#[inline(always)]
fn sliders<S: Side, V: Visit, L: Slide>(
    board: &Board,
    slide: L,
    visit: &mut V,
    lines: &Lines,
    occupied: Bitboard,
    target: Bitboard,
) {
    let pinned = lines.pin_diagonal | lines.pin_orthogonal;
    let (bishops, rooks) = (board.ours::<S>(Role::Bishop), board.ours::<S>(Role::Rook));
    let queens = board.ours::<S>(Role::Queen);
    for from in bishops.minus(pinned) {
        let targets = slide.bishop(from, occupied) & target;
        visit.piece::<S>(board, Role::Bishop, from, targets);
    }
    for from in rooks.minus(pinned) {
        let targets = slide.rook(from, occupied) & target;
        visit.piece::<S>(board, Role::Rook, from, targets);
    }
    for from in queens.minus(pinned) {
        let targets = (slide.bishop(from, occupied) | slide.rook(from, occupied)) & target;
        visit.piece::<S>(board, Role::Queen, from, targets);
    }
    if ((bishops | rooks | queens) & pinned).is_empty() {
        return;
    }
    let role = |from: Square| {
        if queens.contains(from) {
            Role::Queen
        } else if rooks.contains(from) {
            Role::Rook
        } else {
            Role::Bishop
        }
    };
    for from in (bishops | queens) & lines.pin_diagonal {
        let targets = slide.bishop(from, occupied) & target & lines.pin_diagonal;
        visit.piece::<S>(board, role(from), from, targets);
    }
    for from in (rooks | queens) & lines.pin_orthogonal {
        let targets = slide.rook(from, occupied) & target & lines.pin_orthogonal;
        visit.piece::<S>(board, role(from), from, targets);
    }
}

/// The pawns' pushes and captures, set-wise; a pinned pawn only along its ray.
#[inline(always)]
fn pawns<S: Side, V: Visit>(
    board: &Board,
    visit: &mut V,
    lines: &Lines,
    occupied: Bitboard,
    target: Bitboard,
) {
    let pawns = board.ours::<S>(Role::Pawn);
    let empty = !occupied;
    let theirs = board.color[S::THEM] & target;
    // Most nodes pin no pawn: then each group is one shift and a mask or two.
    let (single, west, east) = if (pawns & (lines.pin_diagonal | lines.pin_orthogonal)).is_empty() {
        (
            S::up(pawns) & empty,
            S::up_west(pawns) & theirs,
            S::up_east(pawns) & theirs,
        )
    } else {
        let free = pawns.minus(lines.pin_diagonal | lines.pin_orthogonal);
        let on_file = lines.pin_orthogonal;
        let single = (S::up(free) | (S::up(pawns & on_file) & on_file)) & empty;
        let (diagonal, on_diagonal) = (pawns & lines.pin_diagonal, lines.pin_diagonal);
        let west = (S::up_west(free) | (S::up_west(diagonal) & on_diagonal)) & theirs;
        let east = (S::up_east(free) | (S::up_east(diagonal) & on_diagonal)) & theirs;
        (single, west, east)
    };
    let double = S::up(single & S::THIRD_RANK) & empty & target;
    let pushes = single & target;
    // Most positions have no pawn a step from promoting: then no move of theirs promotes.
    if (S::up(pawns) & S::LAST_RANK).is_empty() {
        visit.pawns::<S>(board, pushes, S::UP, PawnMove::Push);
        visit.pawns::<S>(board, double, 2 * S::UP, PawnMove::Double);
        visit.pawns::<S>(board, west, S::UP_WEST, PawnMove::Capture);
        visit.pawns::<S>(board, east, S::UP_EAST, PawnMove::Capture);
        return;
    }
    visit.pawns::<S>(board, pushes.minus(S::LAST_RANK), S::UP, PawnMove::Push);
    visit.pawns::<S>(board, pushes & S::LAST_RANK, S::UP, PawnMove::Promotion);
    visit.pawns::<S>(board, double, 2 * S::UP, PawnMove::Double);
    for (captures, step) in [(west, S::UP_WEST), (east, S::UP_EAST)] {
        visit.pawns::<S>(board, captures.minus(S::LAST_RANK), step, PawnMove::Capture);
        let promotions = captures & S::LAST_RANK;
        visit.pawns::<S>(board, promotions, step, PawnMove::PromotionCapture);
    }
}

/// En passant, which takes a piece off a square it does not land on: tested by the king's
/// attackers on the board it leaves.
#[inline(always)]
fn en_passant<S: Side, V: Visit, L: Slide>(
    board: &Board,
    slide: L,
    visit: &mut V,
    king: Square,
    occupied: Bitboard,
) {
    let Some(to) = board.ep().lsb() else { return };
    let captured = Bitboard::from(offset(to, -S::UP));
    let theirs = board.color[S::THEM].minus(captured);
    for from in pawn_attacks(S::Other::COLOR, to) & board.ours::<S>(Role::Pawn) {
        let after = (occupied.without(from) ^ captured).with(to);
        if board
            .attackers::<S, L>(slide, king, after, theirs)
            .is_empty()
        {
            visit.en_passant::<S>(board, from, to);
        }
    }
}

/// The castling moves, out of check: the precomputed paths empty, the king's safe steps
/// and the rest of its path, with the rook lifted, unattacked; the rest is not tested a
/// square at a time when no enemy piece stands where it could reach it.
#[inline(always)]
fn castling<S: Side, V: Visit, L: Slide>(
    board: &Board,
    castles: &Castles,
    slide: L,
    visit: &mut V,
    occupied: Bitboard,
    safe_steps: Bitboard,
) {
    let rights = board.castling() & board.color[S::US];
    'castles: for castle in &castles.by_color[S::US] {
        if (rights & castle.rook).is_empty()
            || (castle.must_be_empty & occupied).any()
            || castle.stepped.minus(safe_steps).any()
        {
            continue;
        }
        if !board.watched::<S>(&castle.watch) {
            visit.castle::<S>(board, castle);
            continue;
        }
        let after = occupied ^ castle.rook;
        for square in castle.path {
            if board.is_attacked::<S, L>(slide, square, after) {
                continue 'castles;
            }
        }
        visit.castle::<S>(board, castle);
    }
}
