//! What material a game's mainline ever has: for each colour and role but the king, the
//! fewest and the most of it over the game's mainline positions, in [`MaterialSpan::SIZE`]
//! bytes a game. A position with some material can occur in the game only if each of its
//! counts lies between that piece's fewest and most, so `jaque query 'material KRvK' DB`
//! reads only the games whose spans admit it. Stored in runs of consecutive games, as the
//! games' records are.

use redb::ReadTransaction;

use super::read::Runs;
use super::{IndexError, store};
use crate::query::MaterialBounds;
use crate::{Color, Move, Piece, Position, Role};

/// The roles counted: all but the king.
const ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// The piece counted at `at` of a [`Material`]: White's [`ROLES`], then Black's.
fn piece_at(at: usize) -> Piece {
    let color = if at < ROLES.len() {
        Color::White
    } else {
        Color::Black
    };
    Piece {
        color,
        role: ROLES[at % ROLES.len()],
    }
}

/// The most a span says exactly: a count of 15 or more is kept as 15, read as "any number".
const MOST: u8 = 15;

/// A position's material: how many of each piece but the kings. A game's walk counts it
/// once and then follows its captures and promotions, the only moves that change it.
///
/// ```
/// use jaque::index::material::Material;
/// use jaque::{Position, Square};
/// let before = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
/// let mv = before.legal_moves().into_iter().find(|m| m.to() == Square::D5).unwrap();
/// let after = Material::of(&before).after(&before, mv, before.captured(mv));
/// assert_eq!(after, Some(Material::of(&before.play(mv))));
/// // A move that neither captures nor promotes changes none.
/// let push = before.legal_moves().into_iter().find(|m| m.to() == Square::E5).unwrap();
/// assert_eq!(Material::of(&before).after(&before, push, before.captured(push)), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// White's pieces of [`ROLES`], then Black's: flat, so that widening a span is a
    /// couple of vector instructions.
    counts: [u8; MaterialSpan::SIZE],
}

impl Material {
    /// The material of `position`, counted.
    pub fn of(position: &Position) -> Material {
        let mut material = Material::default();
        for (at, count) in material.counts.iter_mut().enumerate() {
            let piece = piece_at(at);
            let pieces = position.pieces(piece.color, piece.role).count();
            *count = u8::try_from(pieces).unwrap_or(u8::MAX);
        }
        material
    }

    /// The material after `mv`, a legal move, is played on `before`, whose material this is:
    /// a capture takes one piece of the other side, a promotion turns a pawn into a piece.
    /// `None` where the move does neither, as most moves do. `captured` is
    /// [`Position::captured`]`(mv)`, which the caller may need too.
    #[must_use]
    pub fn after(
        mut self,
        before: &Position,
        mv: Move,
        captured: Option<Role>,
    ) -> Option<Material> {
        let us = before.turn();
        if captured.is_none() && mv.promotion().is_none() {
            return None;
        }
        if let Some(role) = captured {
            self.change(!us, role, -1);
        }
        if let Some(role) = mv.promotion() {
            self.change(us, Role::Pawn, -1);
            self.change(us, role, 1);
        }
        Some(self)
    }

    fn change(&mut self, color: Color, role: Role, by: i8) {
        // The king (index 5 of a colour) is never counted.
        if role != Role::King
            && let Some(count) = self
                .counts
                .get_mut(color.index() * ROLES.len() + role.index())
        {
            *count = count.wrapping_add_signed(by);
        }
    }
}

/// The fewest and the most of each piece but the kings over a game's mainline positions.
///
/// ```
/// use jaque::index::material::MaterialSpan;
/// use jaque::Position;
/// let mut span = MaterialSpan::default();
/// span.add(&Position::starting());
/// assert_eq!(MaterialSpan::from_bytes(&span.to_bytes()), Some(span));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaterialSpan {
    /// Per colour and role, as [`Material`] has them: the fewest.
    fewest: [u8; MaterialSpan::SIZE],
    /// And the most.
    most: [u8; MaterialSpan::SIZE],
}

/// No position seen yet: the fewest above the most, which [`MaterialSpan::add`] narrows.
impl Default for MaterialSpan {
    fn default() -> MaterialSpan {
        MaterialSpan {
            fewest: [MOST; MaterialSpan::SIZE],
            most: [0; MaterialSpan::SIZE],
        }
    }
}

impl MaterialSpan {
    /// The bytes a game's span takes.
    pub const SIZE: usize = 10;

    /// Widens the span to hold `position`'s material.
    #[inline]
    pub fn add(&mut self, position: &Position) {
        self.widen(&Material::of(position));
    }

    /// Widens the span to hold `material`.
    #[inline]
    pub fn widen(&mut self, material: &Material) {
        let counts = material.counts.map(|count| count.min(MOST));
        for ((fewest, most), count) in self.fewest.iter_mut().zip(&mut self.most).zip(counts) {
            *fewest = (*fewest).min(count);
            *most = (*most).max(count);
        }
    }

    /// Whether a position within `bounds` may be one of the game's: each piece's bounds
    /// meet its span.
    pub fn admits(&self, bounds: &MaterialBounds) -> bool {
        (0..MaterialSpan::SIZE).all(|at| {
            let most = match self.most[at] {
                MOST => u32::MAX,
                most => u32::from(most),
            };
            let (low, high) = bounds.of(piece_at(at));
            low <= most && u32::from(self.fewest[at]) <= high
        })
    }

    /// The stored bytes: per colour and role, the fewest in the low four bits, the most in
    /// the high four.
    pub fn to_bytes(&self) -> [u8; MaterialSpan::SIZE] {
        let mut out = [0; MaterialSpan::SIZE];
        for ((byte, fewest), most) in out.iter_mut().zip(self.fewest).zip(self.most) {
            *byte = fewest | most << 4;
        }
        out
    }

    /// The span of stored bytes (`None`: not a span).
    pub fn from_bytes(bytes: &[u8]) -> Option<MaterialSpan> {
        let bytes: &[u8; MaterialSpan::SIZE] = bytes.try_into().ok()?;
        let mut span = MaterialSpan::default();
        for ((fewest, most), byte) in span.fewest.iter_mut().zip(&mut span.most).zip(bytes) {
            (*fewest, *most) = (byte & 0xf, byte >> 4);
        }
        Some(span)
    }
}

/// Reads games' spans in game order, each stored run read once.
pub(super) struct Spans(Runs);

impl Spans {
    pub(super) fn new(tx: &ReadTransaction) -> Result<Spans, IndexError> {
        Runs::new(tx, store::MATERIAL, MaterialSpan::SIZE, "material").map(Spans)
    }

    /// The span of `game`.
    pub(super) fn get(&mut self, game: u32) -> Result<MaterialSpan, IndexError> {
        MaterialSpan::from_bytes(self.0.get(game)?).ok_or(IndexError::Damaged("material"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveKind;
    use crate::index::walk::{Read, read_job};
    use crate::pgn::{Checker, Splitter};

    /// The span of a game's mainline, as indexing walks it.
    fn span_of(text: &str) -> MaterialSpan {
        let raw = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
        let job = read_job(&mut Checker::default(), &[raw], 0, false);
        match job.games.first() {
            Some(Read::Game(walked)) => walked.material,
            _ => panic!("the game was not read"),
        }
    }

    fn bounds(query: &str) -> MaterialBounds {
        let query = crate::query::Query::parse(query).unwrap();
        query.necessary().material.unwrap()
    }

    /// The material followed from each move is the material counted after it, for every
    /// legal move of the vendored perft positions (captures, en passant, promotions with and
    /// without a capture, castling) and of the positions one move later.
    #[test]
    fn material_followed_from_the_moves_is_material_counted() {
        let data = include_str!("../../tests/data/perft_random.epd");
        let (mut moves, mut changed, mut rare) = (0, 0, [0; 2]);
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let Ok(start) = Position::from_fen(fen) else {
                continue;
            };
            let mut positions = vec![start];
            positions.extend(start.legal_moves().into_iter().map(|mv| start.play(mv)));
            for before in positions {
                let material = Material::of(&before);
                for mv in before.legal_moves() {
                    let after = before.play(mv);
                    let counted = Material::of(&after);
                    let followed = material.after(&before, mv, before.captured(mv));
                    // `None` exactly where the material stays as it was.
                    assert_eq!(followed.unwrap_or(material), counted, "{mv:?} in {before}");
                    assert_eq!(
                        followed.is_some(),
                        counted != material,
                        "{mv:?} in {before}"
                    );
                    moves += 1;
                    rare[0] += usize::from(mv.promotion().is_some());
                    rare[1] += usize::from(mv.kind() == MoveKind::EnPassant);
                    changed += usize::from(counted != material);
                }
            }
        }
        assert!(
            moves > 10_000 && changed > 1_000,
            "{moves} moves, {changed} changing material"
        );
        assert!(
            rare.iter().all(|&n| n > 0),
            "promotions, en passant: {rare:?}"
        );
    }

    #[test]
    fn a_promotion_lowers_the_pawns_and_raises_the_queens() {
        // White's h-pawn promotes, Black's king takes the queen: the positions are KPvK,
        // KQvK, KvK (read off the moves by hand). A variation's rook is not the mainline's.
        let game = "[FEN \"8/6kP/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n\
                    1. h8=Q+ (1. h8=R) Kxh8 *\n";
        let span = span_of(game);
        for held in [
            "material KPvK",
            "material KQvK",
            "material KvK",
            "count(Q) >= 1",
        ] {
            assert!(span.admits(&bounds(held)), "{held}");
        }
        for never in [
            "material KRvK",
            "count(P) == 2",
            "material KQvKQ",
            "count(Q) > 1",
            "count(p) >= 1",
        ] {
            assert!(!span.admits(&bounds(never)), "{never}");
        }
        // Each piece's count is within its span, never seen together: let through.
        assert!(span.admits(&bounds("material KQPvK")));
        assert_eq!(MaterialSpan::from_bytes(&span.to_bytes()), Some(span));
    }

    #[test]
    fn fifteen_or_more_reads_as_any_number() {
        let mut span = MaterialSpan::default();
        span.add(&Position::from_fen("QQQQQQQQ/QQQQQQQQ/pppppppp/8/8/8/8/K6k w - - 0 1").unwrap());
        assert!(span.admits(&bounds("count(Q) == 16")));
        assert!(span.admits(&bounds("count(Q) == 15")));
        assert!(!span.admits(&bounds("count(Q) == 14")));
    }
}
