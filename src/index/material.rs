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
use crate::{Color, Piece, Position, Role};

/// The roles counted: all but the king.
const ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// The most a span says exactly: a count of 15 or more is kept as 15, read as "any number".
const MOST: u8 = 15;

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
    /// Per colour and role of [`ROLES`]: (fewest, most).
    counts: [[(u8, u8); 5]; 2],
}

/// No position seen yet: the fewest above the most, which [`MaterialSpan::add`] narrows.
impl Default for MaterialSpan {
    fn default() -> MaterialSpan {
        MaterialSpan {
            counts: [[(MOST, 0); 5]; 2],
        }
    }
}

impl MaterialSpan {
    /// The bytes a game's span takes.
    pub const SIZE: usize = 10;

    /// Widens the span to hold `position`'s material.
    #[inline]
    pub fn add(&mut self, position: &Position) {
        for color in Color::ALL {
            for (at, &role) in ROLES.iter().enumerate() {
                let count = position.pieces(color, role).count().min(u32::from(MOST)) as u8;
                let (fewest, most) = &mut self.counts[color.index()][at];
                *fewest = (*fewest).min(count);
                *most = (*most).max(count);
            }
        }
    }

    /// Whether a position within `bounds` may be one of the game's: each piece's bounds
    /// meet its span.
    pub fn admits(&self, bounds: &MaterialBounds) -> bool {
        Color::ALL.into_iter().all(|color| {
            ROLES.iter().enumerate().all(|(at, &role)| {
                let (fewest, most) = self.counts[color.index()][at];
                let most = match most {
                    MOST => u32::MAX,
                    most => u32::from(most),
                };
                let (low, high) = bounds.of(Piece { color, role });
                low <= most && u32::from(fewest) <= high
            })
        })
    }

    /// The stored bytes: per colour and role, the fewest in the low four bits, the most in
    /// the high four.
    pub fn to_bytes(&self) -> [u8; MaterialSpan::SIZE] {
        let mut out = [0; MaterialSpan::SIZE];
        for (byte, &(fewest, most)) in out.iter_mut().zip(self.counts.iter().flatten()) {
            *byte = fewest | most << 4;
        }
        out
    }

    /// The span of stored bytes (`None`: not a span).
    pub fn from_bytes(bytes: &[u8]) -> Option<MaterialSpan> {
        let bytes: &[u8; MaterialSpan::SIZE] = bytes.try_into().ok()?;
        let mut span = MaterialSpan::default();
        for (count, byte) in span.counts.iter_mut().flatten().zip(bytes) {
            *count = (byte & 0xf, byte >> 4);
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
