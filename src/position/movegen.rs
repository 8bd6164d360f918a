//! Legal move generation with check and pin masks: no move is made and tested.
//!
//! Generation hands moves to a [`Sink`] in groups (one piece to a set of targets, all pawns
//! shifted by one step), so that counting at the last ply of perft is a popcount per group, and
//! listing expands the groups into [`Move`]s.
//!
//! The rules as masks:
//! - in double check only the king moves;
//! - in single check every other move must capture the checker or block between it and the king
//!   (`target` mask);
//! - a pinned piece moves only along the line through its king and its pinner, and not at all in
//!   check;
//! - the king never steps onto an attacked square (computed without the king, so that it cannot
//!   hide behind itself along a slider's ray);
//! - en passant, which removes two pieces from one rank, is tested by its resulting occupancy;
//! - castling checks rights, empty paths, and that no square the king crosses is attacked.

use std::ops::Deref;

use crate::attacks::setwise::{NOT_FILE_A, NOT_FILE_H};
use crate::attacks::{
    between, bishop_attacks, bishop_lines, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_lines, setwise,
};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind, Uci, castling_paths};
use crate::position::Position;
use crate::role::Role;
use crate::square::{Rank, Square};

/// Receives the legal moves of a position in groups.
pub(crate) trait Sink {
    /// The piece of `role` on `from` may move to each square of `targets` (no pawns). By
    /// default, each move in turn to [`Sink::special`].
    #[inline]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.special(Move::new(role, from, to, MoveKind::Normal));
        }
    }
    /// Pawns move to each square of `targets` from `to - step` (square indices); on the last rank
    /// each target is four promotions. By default, each move in turn to [`Sink::special`].
    #[inline]
    fn pawns(&mut self, targets: Bitboard, step: i8, kind: PawnKind) {
        pawn_moves(targets, step, kind, |mv| self.special(mv));
    }
    /// A single move: an en-passant capture or castling move, and for the sinks that take
    /// moves one by one, every move.
    fn special(&mut self, mv: Move);
    /// Has the sink seen enough? Generation stops early when it says so (checked between
    /// groups; a constant `false` for the sinks that want every move).
    #[inline]
    fn satisfied(&self) -> bool {
        false
    }
    /// Does one legal move satisfy the sink? Then generation stops at the first safe king
    /// step instead of testing every one.
    const FIRST_MOVE_IS_ENOUGH: bool = false;
}

/// Stops at the first legal move.
struct AnyMove(bool);

impl Sink for AnyMove {
    #[inline]
    fn piece(&mut self, _: Role, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, _: i8, _: PawnKind) {
        self.0 |= targets.any();
    }

    #[inline]
    fn special(&mut self, _: Move) {
        self.0 = true;
    }

    #[inline]
    fn satisfied(&self) -> bool {
        self.0
    }

    const FIRST_MOVE_IS_ENOUGH: bool = true;
}

/// What a group of pawn moves is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PawnKind {
    /// Single pushes and captures, not reaching the last rank.
    Normal,
    /// Double pushes.
    Double,
    /// Pushes and captures onto the last rank: four promotions each.
    Promotion,
}

/// Expands a group of pawn moves (see [`Sink::pawns`]) into single moves.
#[inline]
pub(crate) fn pawn_moves(targets: Bitboard, step: i8, kind: PawnKind, mut visit: impl FnMut(Move)) {
    for to in targets {
        let from = Square::from_index_wrapping((to.index() as i32 - i32::from(step)) as u32);
        match kind {
            PawnKind::Normal => visit(Move::new(Role::Pawn, from, to, MoveKind::Normal)),
            PawnKind::Double => visit(Move::new(Role::Pawn, from, to, MoveKind::DoublePawnPush)),
            PawnKind::Promotion => {
                for role in Role::PROMOTIONS {
                    visit(Move::new(Role::Pawn, from, to, MoveKind::Promotion(role)));
                }
            }
        }
    }
}

/// Counts moves: a popcount per group.
struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn piece(&mut self, _: Role, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, _: i8, kind: PawnKind) {
        let n = u64::from(targets.count());
        self.0 += if kind == PawnKind::Promotion {
            4 * n
        } else {
            n
        };
    }

    #[inline]
    fn special(&mut self, _: Move) {
        self.0 += 1;
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

impl Sink for MoveList {
    #[inline]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// `bb` shifted one rank towards `color`'s opponent (north for white).
#[inline]
fn forward(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(bb.0 << 8),
        Color::Black => Bitboard(bb.0 >> 8),
    }
}

/// `bb` moved by `by` square indices (up the board for a positive `by`).
#[inline]
fn shift(bb: Bitboard, by: i8) -> Bitboard {
    if by > 0 {
        Bitboard(bb.0 << by)
    } else {
        Bitboard(bb.0 >> -by)
    }
}

/// The captures of `us`'s pawns in `pinned`, each pinned on a diagonal through the king on
/// `king`: only along that line, onto an enemy piece (`theirs`), the pinner.
#[inline]
fn generate_pinned_pawn_captures<S: Sink>(
    sink: &mut S,
    us: Color,
    pinned: Bitboard,
    theirs: Bitboard,
    king: Square,
) {
    let last_rank = Bitboard::rank(Rank::Eighth.relative(us));
    for from in pinned {
        let captures = pawn_attacks(us, from) & theirs & line(king, from);
        for to in captures {
            let kind = if last_rank.contains(to) {
                PawnKind::Promotion
            } else {
                PawnKind::Normal
            };
            sink.pawns(
                Bitboard::from(to),
                (to.index() as i8) - (from.index() as i8),
                kind,
            );
        }
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
        self.generate(&mut list);
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
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Is there at least one legal move? (No legal move: checkmate or stalemate.) Stops at
    /// the first one found.
    pub fn has_legal_moves(&self) -> bool {
        if self.king_has_a_safe_step() {
            return true;
        }
        let mut any = AnyMove(false);
        self.generate(&mut any);
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
        let them = !self.turn;
        let king = self.king(self.turn);
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
            .minus(self.by_color(self.turn))
            .minus(attacked)
            .any()
    }

    /// Hands every legal move to `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        let checkers = self.checkers;
        let us = self.turn;
        let them = !us;
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occupied = ours | theirs;
        let king = self.king(us);

        // King steps, tested with the king lifted off the board: square by square when
        // there are few, else against everything the enemy attacks, found once.
        let without_king = occupied ^ Bitboard::from(king);
        let mut king_targets = king_attacks(king).minus(ours);
        if !S::FIRST_MOVE_IS_ENOUGH && king_targets.count() > 3 {
            king_targets = king_targets.minus(self.attacked_by(them, without_king));
        } else {
            for to in king_targets {
                if self.is_attacked_inline(to, them, without_king) {
                    king_targets.remove(to);
                } else if S::FIRST_MOVE_IS_ENOUGH {
                    sink.piece(Role::King, king, Bitboard::from(to));
                    return;
                }
            }
        }
        sink.piece(Role::King, king, king_targets);

        if checkers.more_than_one() || sink.satisfied() {
            return;
        }
        let target = match checkers.single() {
            Some(checker) => (between(king, checker) | checkers).minus(ours),
            None => !ours,
        };

        let pinned = self.pinned(king, ours, theirs, occupied);
        // In check a pinned piece cannot help: it could only move along its pin line.
        let movable = if checkers.any() {
            ours.minus(pinned)
        } else {
            ours
        };
        for from in self.by_role(Role::Knight) & ours.minus(pinned) {
            sink.piece(Role::Knight, from, knight_attacks(from) & target);
        }
        if sink.satisfied() {
            return;
        }
        self.generate_sliders(sink, us, movable, occupied, target, pinned, king);

        self.generate_pawns(sink, us, occupied, target, pinned, king, checkers);

        if checkers.is_empty() && !sink.satisfied() {
            self.generate_castling(sink, us, king, occupied, king_targets);
        }
    }

    /// Every square `color` attacks with `occupied` on the board: a table lookup a slider,
    /// the pawns, knights and king set-wise.
    #[inline(always)]
    fn attacked_by(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color(color);
        let (diagonal, orthogonal) = self.sliders();
        let mut attacked = setwise::pawn_attacks(color, self.by_role(Role::Pawn) & theirs)
            | setwise::knight_attacks(self.by_role(Role::Knight) & theirs)
            | king_attacks(self.king(color));
        for from in diagonal & theirs {
            attacked |= bishop_attacks(from, occupied);
        }
        for from in orthogonal & theirs {
            attacked |= rook_attacks(from, occupied);
        }
        attacked
    }

    /// Our pieces pinned to our king on `king`: ours, alone between the king and an enemy
    /// slider on its line (every enemy slider on the king's lines is looked at; one behind a
    /// piece of its own side pins nothing, as `blockers & ours` is then empty).
    #[inline(always)]
    pub(super) fn pinned(
        &self,
        king: Square,
        ours: Bitboard,
        theirs: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        let (diagonal, orthogonal) = self.sliders();
        let snipers = theirs & ((bishop_lines(king) & diagonal) | (rook_lines(king) & orthogonal));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & ours;
            }
        }
        pinned
    }

    /// The moves of our bishops, rooks and queens among `movable` to squares of `target`, a
    /// pinned one only along the line through it and the king. Most positions pin none of
    /// them: those get a copy of the loops with no test per piece.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn generate_sliders<S: Sink>(
        &self,
        sink: &mut S,
        us: Color,
        movable: Bitboard,
        occupied: Bitboard,
        target: Bitboard,
        pinned: Bitboard,
        king: Square,
    ) {
        let (diagonal, orthogonal) = self.sliders();
        let movable = movable & self.by_color(us) & (diagonal | orthogonal);
        if (movable & pinned).is_empty() {
            self.slider_moves(sink, movable, occupied, target, |_| Bitboard::FULL);
        } else {
            let pin_line = |from: Square| {
                if pinned.contains(from) {
                    line(king, from)
                } else {
                    Bitboard::FULL
                }
            };
            self.slider_moves(sink, movable, occupied, target, pin_line);
        }
    }

    /// The moves of the sliders in `movable`, each to the squares of `target` and of its
    /// `pin_line`.
    #[inline(always)]
    fn slider_moves<S: Sink>(
        &self,
        sink: &mut S,
        movable: Bitboard,
        occupied: Bitboard,
        target: Bitboard,
        pin_line: impl Fn(Square) -> Bitboard,
    ) {
        for from in self.by_role(Role::Bishop) & movable {
            let targets = bishop_attacks(from, occupied) & target & pin_line(from);
            sink.piece(Role::Bishop, from, targets);
        }
        for from in self.by_role(Role::Rook) & movable {
            let targets = rook_attacks(from, occupied) & target & pin_line(from);
            sink.piece(Role::Rook, from, targets);
        }
        for from in self.by_role(Role::Queen) & movable {
            let attacks = bishop_attacks(from, occupied) | rook_attacks(from, occupied);
            sink.piece(Role::Queen, from, attacks & target & pin_line(from));
        }
    }

    /// The pawns' moves: pushes and captures in bulk, set-wise, then the captures of pawns
    /// pinned on a diagonal and en passant one by one.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn generate_pawns<S: Sink>(
        &self,
        sink: &mut S,
        us: Color,
        occupied: Bitboard,
        target: Bitboard,
        pinned: Bitboard,
        king: Square,
        checkers: Bitboard,
    ) {
        let them = !us;
        let pawns = self.pieces(us, Role::Pawn);
        let theirs = self.by_color(them);
        let empty = !occupied;
        let last_rank = Bitboard::rank(Rank::Eighth.relative(us));
        let double_rank = Bitboard::rank(Rank::Fourth.relative(us));
        let (step, west, east): (i8, i8, i8) = match us {
            Color::White => (8, 7, 9),
            Color::Black => (-8, -9, -7),
        };

        // Pinned pawns move only along their pin line: a file pin allows pushes, a diagonal
        // pin a capture of the pinner. Their moves are masked per pawn below; the rest in bulk.
        let free = pawns.minus(pinned);
        let pushable = free | (pawns & pinned & Bitboard::file(king.file()));

        let single = forward(us, pushable) & empty;
        let double =
            forward(us, single & Bitboard::rank(Rank::Third.relative(us))) & empty & double_rank;
        // A file-pinned pawn stays on the king's file, so its pushes pass the line mask; pawns
        // pinned on other lines were not in `pushable`.
        let push_targets = single & target;
        sink.pawns(push_targets.minus(last_rank), step, PawnKind::Normal);
        sink.pawns(push_targets & last_rank, step, PawnKind::Promotion);
        sink.pawns(double & target, 2 * step, PawnKind::Double);

        // Captures towards the a-file (west) and the h-file (east), for both colours.
        let (west_from, east_from) = (Bitboard(free.0 & NOT_FILE_A), Bitboard(free.0 & NOT_FILE_H));
        let west_captures = shift(west_from, west) & theirs & target;
        let east_captures = shift(east_from, east) & theirs & target;
        sink.pawns(west_captures.minus(last_rank), west, PawnKind::Normal);
        sink.pawns(west_captures & last_rank, west, PawnKind::Promotion);
        sink.pawns(east_captures.minus(last_rank), east, PawnKind::Normal);
        sink.pawns(east_captures & last_rank, east, PawnKind::Promotion);

        // Diagonally pinned pawns may capture along their pin line (never in check).
        if checkers.is_empty() {
            let diagonally_pinned = (pawns & pinned).minus(Bitboard::file(king.file()));
            generate_pinned_pawn_captures(sink, us, diagonally_pinned, theirs, king);
        }

        if let Some(ep) = self.ep_square {
            for from in pawn_attacks(them, ep) & pawns {
                if self.is_legal_en_passant(from, ep) {
                    sink.special(Move::new(Role::Pawn, from, ep, MoveKind::EnPassant));
                }
            }
        }
    }

    /// The castling moves, out of check. `safe_steps` are the king's steps found safe above:
    /// in standard chess they answer for the square of the path next to the king (with the
    /// rook in its corner, lifting it uncovers nothing, and out of check the king standing
    /// there hides nothing from that square), so only the square beyond is looked at.
    #[inline(always)]
    fn generate_castling<S: Sink>(
        &self,
        sink: &mut S,
        us: Color,
        king: Square,
        occupied: Bitboard,
        safe_steps: Bitboard,
    ) {
        let rights = self.castling & self.by_color(us);
        if rights.is_empty() {
            return;
        }
        let (stepped, safe_steps) = if self.chess960 {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        } else {
            (king_attacks(king), safe_steps)
        };
        for rook in rights {
            // Every square between king and rook must be empty: a quick no before the paths.
            if (between(king, rook) & occupied).any() {
                continue;
            }
            let (king_path, must_be_empty) = castling_paths(king, rook);
            if (must_be_empty & occupied).any() || (king_path & stepped).minus(safe_steps).any() {
                continue;
            }
            let after = occupied ^ Bitboard::from(rook);
            if !self.attacks_any(king_path.minus(stepped), !us, after) {
                sink.special(Move::new(Role::King, king, rook, MoveKind::Castle));
            }
        }
    }

    /// Does `color` attack any of `squares`? A plain loop: `Iterator::any` was compiled
    /// out of line in some builds, out of the walk compiled for newer processors.
    #[inline(always)]
    fn attacks_any(&self, squares: Bitboard, color: Color, occupied: Bitboard) -> bool {
        for square in squares {
            if self.is_attacked_inline(square, color, occupied) {
                return true;
            }
        }
        false
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
