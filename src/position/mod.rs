//! A chess position: where the pieces stand and whose turn it is, with the state the rules
//! need (castling rights, en passant, clocks). Copy-make: [`Position::play`] returns a new
//! position and leaves the old one as it was.
//!
//! The rules live here, and only here are a position's fields read or written: this file has
//! the struct, its accessors, playing moves and the attack queries; `fen` reads and writes
//! FEN, `zobrist` hashes, `status` says whether the game is
//! over, and `history` counts repetitions along a line of play.

mod fen;
mod fen_text;
mod history;
mod status;
mod zobrist;

use std::fmt;

use crate::attacks::{
    bishop_attacks, bishop_lines, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
    rook_lines, slider_attacks_along,
};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

pub use fen::FenError;
pub(crate) use history::History;
pub use status::Status;

/// A legal chess position (standard or Chess960).
///
/// Every `Position` satisfies the rules' invariants: one king per side, no pawn on the first or
/// last rank, the side not to move not in check, castling rights only with king and rook in
/// place, an en-passant square only behind a pawn that has just advanced two squares. Positions
/// come from [`Position::starting`], from FEN ([`Position::from_fen`]) and from playing legal
/// moves.
///
/// ```
/// use jaque::Position;
/// let position = Position::starting();
/// assert_eq!(position.legal_moves().len(), 20);
/// let e4 = position.legal_moves().into_iter().find(|m| m.uci(false).to_string() == "e2e4").unwrap();
/// let after = position.play(e4);
/// assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    turn: Color,
    /// The rooks that may still castle (both colours).
    castling: Bitboard,
    /// The square a pawn passed over with a double push, kept only when the side to move can
    /// legally capture there (so that equal positions compare, hash and print equal).
    ep_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    chess960: bool,
    /// The pieces giving check to the side to move. Derived from the rest, kept because
    /// every move asks: playing a move finds them from the moved piece and the line it
    /// left, cheaper than looking at every attacker of the king.
    checkers: Bitboard,
}

impl Position {
    /// The standard starting position.
    pub fn starting() -> Position {
        const BACK_RANK: [Role; 8] = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        Position::from_back_rank(BACK_RANK, false)
    }

    /// A starting position with the given back rank for both sides (mirrored), castling rights
    /// on both rooks. Used for the standard and the Chess960 start positions.
    fn from_back_rank(back_rank: [Role; 8], chess960: bool) -> Position {
        let mut by_role = [Bitboard::EMPTY; 6];
        for (file, role) in File::ALL.into_iter().zip(back_rank) {
            by_role[role.index()] |= Bitboard::from(Square::new(file, Rank::First))
                | Bitboard::from(Square::new(file, Rank::Eighth));
        }
        by_role[Role::Pawn.index()] = Bitboard::rank(Rank::Second) | Bitboard::rank(Rank::Seventh);
        let white = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Second);
        let black = Bitboard::rank(Rank::Seventh) | Bitboard::rank(Rank::Eighth);
        Position {
            by_role,
            by_color: [white, black],
            turn: Color::White,
            castling: by_role[Role::Rook.index()],
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960,
            checkers: Bitboard::EMPTY,
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of the rooks that may still castle, both colours.
    #[inline]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// The en-passant target square, when the side to move can legally capture there.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Whether `other` is the same position as EPD compares them: placement, side to move,
    /// castling rights and en passant where a capture is legal, whatever the clocks (how
    /// `select --fen` and the index compare positions). The occupied squares are compared
    /// first: that turns away nearly every other position.
    ///
    /// ```
    /// use jaque::Position;
    /// let later = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3").unwrap();
    /// assert!(later.same_epd(&Position::starting()) && later != Position::starting());
    /// ```
    #[inline]
    pub fn same_epd(&self, other: &Position) -> bool {
        self.occupied() == other.occupied()
            && self.turn == other.turn
            && Color::ALL
                .iter()
                .all(|&c| self.by_color(c) == other.by_color(c))
            && Role::ALL
                .iter()
                .all(|&r| self.by_role(r) == other.by_role(r))
            && self.castling == other.castling
            && self.ep_square == other.ep_square
    }

    /// Half-moves since the last capture or pawn move (the fifty-move rule's clock).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and incremented after black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Does this position follow Chess960 castling rules (and write castling as king takes
    /// rook in UCI)?
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(square) {
            Color::White
        } else if self.by_color[1].contains(square) {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(square)?;
        Some(Piece { color, role })
    }

    /// The role of the piece on `square`, if any.
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| self.by_role[role.index()].contains(square))
    }

    /// What `mv` captures: the other side's piece on its target, a pawn for en passant,
    /// nothing for castling (its target is the king's own rook).
    ///
    /// ```
    /// use jaque::{Position, Role};
    /// let position = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let by = |uci: &str| position.legal_moves().into_iter().find(|m| m.uci(false).to_string() == uci).unwrap();
    /// assert_eq!(position.captured(by("e4d5")), Some(Role::Pawn));
    /// assert_eq!(position.captured(by("e4e5")), None);
    /// ```
    #[inline]
    pub fn captured(&self, mv: Move) -> Option<Role> {
        match mv.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            // Most moves capture nothing: the role is looked for only where the other side
            // stands.
            _ if self.by_color(!self.turn).contains(mv.to()) => self.role_at(mv.to()),
            _ => None,
        }
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // Every position has one king per side; a bitboard's lowest bit is on the board.
        Square::from_index_wrapping(self.pieces(color, Role::King).0.trailing_zeros())
    }

    /// `color`'s pieces that attack `square`, with `occupied` as the blockers of sliders.
    #[inline]
    pub fn attackers(&self, square: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_among(square, color, self.by_color(color), occupied)
    }

    /// The pieces that slide along diagonals (bishops, queens) and along ranks and files
    /// (rooks, queens), both colours.
    #[inline(always)]
    fn sliders(&self) -> (Bitboard, Bitboard) {
        let queens = self.by_role(Role::Queen);
        (
            self.by_role(Role::Bishop) | queens,
            self.by_role(Role::Rook) | queens,
        )
    }

    /// The pieces of `candidates` (some of `color`'s) that attack `square`.
    #[inline]
    fn attackers_among(
        &self,
        square: Square,
        color: Color,
        candidates: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        let (bishops, rooks) = self.sliders();
        candidates
            & ((pawn_attacks(!color, square) & self.by_role(Role::Pawn))
                | (knight_attacks(square) & self.by_role(Role::Knight))
                | (king_attacks(square) & self.by_role(Role::King))
                | (bishop_attacks(square, occupied) & bishops)
                | (rook_attacks(square, occupied) & rooks))
    }

    /// Does `color` attack `square`? Like [`Position::attackers`], testing the cheap
    /// leapers first and stopping at the first attacker. Kept out of line: inlined into the
    /// legality test of a single move, it cost more than the call.
    #[inline(never)]
    pub(crate) fn is_attacked(&self, square: Square, color: Color, occupied: Bitboard) -> bool {
        let theirs = self.by_color(color);
        let (diagonal, orthogonal) = self.sliders();
        let (diagonal, orthogonal) = (diagonal & theirs, orthogonal & theirs);
        // A slider off the square's lines cannot attack it: no lookup needed.
        (pawn_attacks(!color, square) & self.by_role(Role::Pawn) & theirs).any()
            || (knight_attacks(square) & self.by_role(Role::Knight) & theirs).any()
            || (king_attacks(square) & self.by_role(Role::King) & theirs).any()
            || ((bishop_lines(square) & diagonal).any()
                && (bishop_attacks(square, occupied) & diagonal).any())
            || ((rook_lines(square) & orthogonal).any()
                && (rook_attacks(square, occupied) & orthogonal).any())
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use jaque::Position;
    /// let position = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(position.checkers().count(), 1);
    /// assert!(position.is_check());
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// The checkers found from scratch: every attacker of the king.
    fn find_checkers(&self) -> Bitboard {
        self.attackers(self.king(self.turn), !self.turn, self.occupied())
    }

    /// The pieces giving check in this position, reached by playing `mv`: the moved piece
    /// itself and the sliders it uncovered, the only pieces that can (castling, en passant
    /// and promotion, rare and irregular, look at every attacker).
    #[inline(always)]
    fn checkers_after_move(&self, mv: Move) -> Bitboard {
        if matches!(
            mv.kind(),
            MoveKind::Castle | MoveKind::EnPassant | MoveKind::Promotion(_)
        ) {
            return self.find_checkers();
        }
        let king = self.king(self.turn);
        let mover = self.by_color(!self.turn);
        let occupied = self.occupied();
        let to = mv.to();
        // Every slider of the mover that attacks the king: the moved piece, if it is one,
        // and any it uncovered (before the move the king was not in check, so there are no
        // others). Two lookups from the king, whatever the move: no branch on its role or
        // on whether it left a line through the king.
        let queens = self.by_role(Role::Queen);
        let sliders = (bishop_attacks(king, occupied) & (self.by_role(Role::Bishop) | queens))
            | (rook_attacks(king, occupied) & (self.by_role(Role::Rook) | queens));
        // A pawn or knight checks only if it is the moved piece. Both tables are read and one
        // kept, without a branch on the role (a game's next mover is anyone's guess).
        let role = mv.role();
        let leaper = std::hint::select_unpredictable(
            role == Role::Pawn,
            pawn_attacks(!self.turn, to),
            std::hint::select_unpredictable(
                role == Role::Knight,
                knight_attacks(to),
                Bitboard::EMPTY,
            ),
        );
        let direct = if leaper.contains(king) {
            Bitboard::from(to)
        } else {
            Bitboard::EMPTY
        };
        (sliders & mover) | direct
    }

    /// Is the side to move in check?
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// Is there a legal en-passant capture onto `ep` for the side to move?
    fn can_capture_en_passant(&self, ep: Square) -> bool {
        let us = self.turn;
        let capturers = pawn_attacks(!us, ep) & self.pieces(us, Role::Pawn);
        capturers
            .into_iter()
            .any(|from| self.is_legal_en_passant(from, ep))
    }

    /// Keeps `ep` as the en-passant square only if the side to move can capture there legally.
    fn set_ep_square_if_legal(&mut self, ep: Square) {
        self.ep_square = self.can_capture_en_passant(ep).then_some(ep);
    }

    /// Would the king be safe after the pawn on `from` captures en passant on `ep`?
    fn is_legal_en_passant(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let captured = Square::new(ep.file(), from.rank());
        let occupied = (self.occupied() ^ Bitboard::from(from) ^ Bitboard::from(captured))
            | Bitboard::from(ep);
        let king = self.king(us);
        let attackers = self.attackers(king, !us, occupied) & !Bitboard::from(captured);
        attackers.is_empty()
    }

    /// The position after `mv`, which must be legal here (a move from
    /// [`Position::legal_moves`] or a resolved SAN or UCI move).
    ///
    /// ```
    /// use jaque::Position;
    /// let position = Position::starting();
    /// let moves = position.legal_moves();
    /// let after = position.play(moves[0]);
    /// assert_eq!(position, Position::starting()); // copy-make: the original is untouched
    /// assert_ne!(after, position);
    /// ```
    #[must_use]
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_in_place(mv);
        next
    }

    /// The position after a null move (the side to move passes), which some PGN files use
    /// to mark a skipped move (`--`, `Z0`); `None` when the side to move is in check, since
    /// passing would leave its king capturable.
    ///
    /// ```
    /// use jaque::{Color, Position};
    /// let after = Position::starting().play_null().unwrap();
    /// assert_eq!(after.turn(), Color::Black);
    /// ```
    pub fn play_null(&self) -> Option<Position> {
        if self.checkers.any() {
            return None;
        }
        let mut next = *self;
        next.halfmove_clock += 1;
        next.ep_square = None;
        if self.turn == Color::Black {
            next.fullmove_number += 1;
        }
        next.turn = !self.turn;
        next.checkers = next.find_checkers();
        Some(next)
    }

    fn remove(&mut self, color: Color, role: Role, square: Square) {
        let bb = !Bitboard::from(square);
        self.by_color[color.index()] &= bb;
        self.by_role[role.index()] &= bb;
    }

    fn put(&mut self, color: Color, role: Role, square: Square) {
        let bb = Bitboard::from(square);
        self.by_color[color.index()] |= bb;
        self.by_role[role.index()] |= bb;
    }

    /// Plays `mv` on this position itself, which must be legal here (as for
    /// [`Position::play`]). Cheaper than `play` where the old position is not needed: a
    /// replayed game updates one position instead of copying it every move.
    ///
    /// ```
    /// use jaque::{Position, Square};
    /// let mut position = Position::starting();
    /// let mv = position.legal_moves().into_iter().find(|m| m.to() == Square::E4).unwrap();
    /// position.play_in_place(mv);
    /// assert_eq!(position.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    // Always: inside the PGN walk (a large caller) LLVM kept it out of line, paying a call's
    // overhead every ply. One function, not split into helpers: with the pawn moves'
    // part apart (inlined always too) the walk compiled to more instructions per move.
    #[inline(always)]
    pub fn play_in_place(&mut self, mv: Move) {
        self.move_pieces(mv);
        self.checkers = self.checkers_after_move(mv);
    }

    /// All of [`Position::play_in_place`] but the checkers, which the caller sets.
    #[inline(always)]
    fn move_pieces(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let (from, to, role) = (mv.from(), mv.to(), mv.role());
        let from_to = Bitboard::from(from) | Bitboard::from(to);
        self.halfmove_clock += 1;
        self.ep_square = None;
        let mut ep_candidate = None;

        match mv.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = mv.castling_destinations().unwrap_or((to, from));
                self.remove(us, Role::King, from);
                self.remove(us, Role::Rook, to);
                self.put(us, Role::King, king_to);
                self.put(us, Role::Rook, rook_to);
                self.castling = self.castling.minus(Bitboard::rank(back_rank(us)));
            }
            kind => {
                if self.by_color[them.index()].contains(to) {
                    // A capture: clear the target from every role, no need to know which.
                    let keep = !Bitboard::from(to);
                    for bb in &mut self.by_role {
                        *bb &= keep;
                    }
                    self.by_color[them.index()] &= keep;
                    self.halfmove_clock = 0;
                }
                self.by_color[us.index()] ^= from_to;
                match kind {
                    MoveKind::Promotion(promoted) => {
                        self.by_role[Role::Pawn.index()] &= !Bitboard::from(from);
                        self.by_role[promoted.index()] |= Bitboard::from(to);
                    }
                    _ => self.by_role[role.index()] ^= from_to,
                }
                if role == Role::Pawn {
                    self.halfmove_clock = 0;
                    match kind {
                        MoveKind::EnPassant => {
                            let captured = Square::new(to.file(), from.rank());
                            self.remove(them, Role::Pawn, captured);
                        }
                        MoveKind::DoublePawnPush => {
                            let passed = Square::new(from.file(), Rank::Third.relative(us));
                            if (pawn_attacks(us, passed) & self.pieces(them, Role::Pawn)).any() {
                                ep_candidate = Some(passed);
                            }
                        }
                        _ => {}
                    }
                } else if role == Role::King {
                    self.castling = self.castling.minus(Bitboard::rank(back_rank(us)));
                }
                // A rook that moves or is captured loses its castling right.
                self.castling = self.castling.minus(from_to);
            }
        }
        self.fullmove_number += us.index() as u32;
        self.turn = them;
        if let Some(ep) = ep_candidate {
            self.set_ep_square_if_legal(ep);
        }
    }
}

/// The first rank of `color`.
#[inline]
const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

impl Rank {
    /// This rank seen from `color`'s side: `Third.relative(Black)` is the sixth rank.
    #[inline]
    pub const fn relative(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::starting()
    }
}

/// The board as text, rank 8 on top, with the FEN below.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            write!(f, "{rank} ")?;
            for file in File::ALL {
                let c = self
                    .piece_at(Square::new(file, rank))
                    .map_or('.', Piece::char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h")?;
        write!(f, "{}", self.fen())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.fen())
    }
}

impl Position {
    /// Is the king of the side to move safe after the `role` on `from` goes to `to`,
    /// capturing on `captured`? A king step asks whether its target is attacked, stopping at
    /// the first attacker; out of check, any other move can expose the king only through a
    /// pin: one slider lookup, made even for a piece off the king's lines (a branch on that
    /// would be mispredicted more often than the lookup costs).
    #[inline]
    pub(crate) fn is_safe_after(
        &self,
        role: Role,
        from: Square,
        to: Square,
        captured: Option<Square>,
    ) -> bool {
        if role == Role::King {
            // A piece never attacks its own square: what stands on `to` can be left there.
            let occupied = self.occupied().minus(Bitboard::from(from));
            return !self.is_attacked(to, !self.turn, occupied);
        }
        if self.checkers.any() || captured.is_some_and(|c| c != to) {
            return self.attackers_after(from, to, captured).is_empty();
        }
        // Out of check, only a slider on the line through king and `from` can be exposed; a
        // move along that line blocks it (`to` joins the occupied squares) or captures it.
        // One lookup along the kind of line `from` shares with the king, selected without a
        // branch (see `sliders_along`). No mask by that line is needed: out of check, any
        // slider that attacks the king after the move was uncovered by `from`.
        let king = self.king(self.turn);
        let occupied = self.occupied().minus(Bitboard::from(from)) | Bitboard::from(to);
        let theirs = self.by_color(!self.turn).minus(Bitboard::from(to));
        let (orthogonal, sliders) = self.sliders_along(king, from);
        (slider_attacks_along(king, orthogonal, occupied) & sliders & theirs).is_empty()
    }

    /// Whether `from` is on a rank or file through `king` (else, if on a line at all, a
    /// diagonal), and the sliders that move along that kind of line. Selected, not branched
    /// on: whether a moved piece shares a line with a king is close to a coin toss.
    #[inline]
    fn sliders_along(&self, king: Square, from: Square) -> (bool, Bitboard) {
        let orthogonal = (from.file() == king.file()) | (from.rank() == king.rank());
        let sliders = std::hint::select_unpredictable(
            orthogonal,
            self.by_role(Role::Rook),
            self.by_role(Role::Bishop),
        );
        (orthogonal, sliders | self.by_role(Role::Queen))
    }

    /// The enemy pieces that would attack the side to move's king after its piece moves from
    /// `from` to `to` (capturing on `captured`, which differs from `to` for en passant).
    /// Empty exactly when the move is legal, for any move the piece could make geometrically.
    pub(crate) fn attackers_after(
        &self,
        from: Square,
        to: Square,
        captured: Option<Square>,
    ) -> Bitboard {
        let us = self.turn;
        let them = !us;
        let removed = captured.map_or(Bitboard::EMPTY, Bitboard::from);
        let occupied =
            self.occupied().minus(Bitboard::from(from)).minus(removed) | Bitboard::from(to);
        let theirs = self.by_color(them).minus(removed).minus(Bitboard::from(to));
        let king = if from == self.king(us) {
            to
        } else {
            self.king(us)
        };
        self.attackers_among(king, them, theirs, occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checkers a move leaves (found from the moved piece and the line it left) are
    /// every attacker of the king, for every legal move of every position of the vendored
    /// perft data (checks, double checks, discovered checks, en passant, castling, promotion)
    /// and of the positions one move later.
    #[test]
    fn checkers_kept_by_play_equal_checkers_found_from_scratch() {
        let data = include_str!("../../tests/data/perft_random.epd");
        let mut checked = 0;
        let mut checks = 0;
        for line in data
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let position = Position::from_fen(fen).expect("vendored FEN");
            assert_eq!(position.checkers(), position.find_checkers(), "{fen}");
            for mv in position.legal_moves() {
                let after = position.play(mv);
                for reply in after.legal_moves() {
                    let next = after.play(reply);
                    assert_eq!(
                        next.checkers(),
                        next.find_checkers(),
                        "{fen} {mv:?} {reply:?}"
                    );
                    checked += 1;
                    checks += usize::from(next.is_check());
                }
                assert_eq!(after.checkers(), after.find_checkers(), "{fen} {mv:?}");
            }
        }
        assert!(checked > 100_000 && checks > 5_000, "{checked} {checks}");
    }
}
