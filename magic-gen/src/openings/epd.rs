//! An EPD (the first four FEN fields) read into bitboards, and the Zobrist key jaque gives
//! the position: magic-gen has no move generator, so it cannot find out itself whether an
//! en-passant capture is legal; the EPDs it reads write the square only when one is (jaque's
//! and python-chess's default), and the key counts the square exactly when it is written.

use crate::geometry::{SquareIndex, parse_square_name};
use crate::tables::Zobrist;

/// The pieces' letters in jaque's role order (pawn, knight, bishop, rook, queen, king),
/// white's in upper case.
const ROLES: &[u8; 6] = b"pnbrqk";

/// A position as an EPD gives it: enough to key it and to tell it from any other.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Epd {
    /// The squares of each colour's (white, black) pieces of each role, in jaque's role order.
    pub pieces: [[u64; 6]; 2],
    /// Is black to move?
    pub black_to_move: bool,
    /// The squares of the rooks that may castle (`K` h1, `Q` a1, `k` h8, `q` a8).
    pub castling: u64,
    /// The en-passant square, written only when a legal capture exists.
    pub en_passant: Option<SquareIndex>,
}

impl Epd {
    /// Reads `placement side castling en-passant`; anything after the four fields is left
    /// alone. Castling is standard chess's `KQkq` (the lichess set has no Chess960 line).
    ///
    /// ```
    /// let epd = magic_gen::openings::Epd::parse(
    ///     "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6").unwrap();
    /// assert_eq!(epd.en_passant, Some(45));
    /// assert_eq!(epd.castling, 0x8100_0000_0000_0081);
    /// ```
    pub fn parse(text: &str) -> Result<Epd, String> {
        let mut fields = text.split(' ');
        let mut field = |name: &str| {
            fields
                .next()
                .ok_or_else(|| format!("EPD {text:?}: no {name} field"))
        };
        let pieces = placement(field("placement")?).map_err(|e| format!("EPD {text:?}: {e}"))?;
        let black_to_move = match field("side to move")? {
            "w" => false,
            "b" => true,
            other => return Err(format!("EPD {text:?}: side to move {other:?}")),
        };
        let castling = castling(field("castling")?).map_err(|e| format!("EPD {text:?}: {e}"))?;
        let en_passant = match field("en passant")? {
            "-" => None,
            square => Some(
                parse_square_name(square)
                    .ok_or_else(|| format!("EPD {text:?}: en-passant square {square:?}"))?,
            ),
        };
        Ok(Epd {
            pieces,
            black_to_move,
            castling,
            en_passant,
        })
    }

    /// The key jaque's `Position::zobrist_hash` gives this position with `keys`: the XOR of
    /// the keys of its pieces, of black to move, of each castling rook and of the en-passant
    /// file.
    pub fn key(&self, keys: &Zobrist) -> u64 {
        let mut key = 0;
        for (row, &squares) in keys.pieces.iter().zip(self.pieces.iter().flatten()) {
            key ^= squares_of(squares).fold(0, |k, sq| k ^ at(row, sq));
        }
        if self.black_to_move {
            key ^= keys.black_to_move;
        }
        key ^= squares_of(self.castling).fold(0, |k, sq| k ^ at(&keys.castling, sq));
        match self.en_passant {
            Some(square) => key ^ at(&keys.en_passant, square % 8),
            None => key,
        }
    }

    /// Every occupied square of one colour (0 white, 1 black).
    pub fn colour(&self, colour: usize) -> u64 {
        self.pieces
            .get(colour)
            .map_or(0, |roles| roles.iter().fold(0, |all, &r| all | r))
    }
}

/// The key of `square` in a row of keys (0 where the row is short: never, the rows are
/// generated with 64 and 8 keys).
fn at(row: &[u64], square: SquareIndex) -> u64 {
    row.get(usize::from(square)).copied().unwrap_or(0)
}

/// The squares of a bitboard, lowest first.
pub(super) fn squares_of(mut bits: u64) -> impl Iterator<Item = SquareIndex> {
    std::iter::from_fn(move || {
        let square = (bits != 0).then(|| bits.trailing_zeros() as SquareIndex)?;
        bits &= bits - 1;
        Some(square)
    })
}

/// The placement field: ranks 8 to 1, files a to h.
fn placement(field: &str) -> Result<[[u64; 6]; 2], String> {
    let mut pieces = [[0u64; 6]; 2];
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("{} ranks in the placement", ranks.len()));
    }
    for (rank, text) in (0..8u8).rev().zip(ranks) {
        let mut file = 0u8;
        for c in text.bytes() {
            if let b'1'..=b'8' = c {
                file += c - b'0';
                continue;
            }
            let colour = usize::from(c.is_ascii_lowercase());
            let role = ROLES
                .iter()
                .position(|&r| r == c.to_ascii_lowercase())
                .ok_or_else(|| format!("piece letter {:?}", char::from(c)))?;
            if file >= 8 {
                return Err(format!("rank {} is longer than 8 squares", rank + 1));
            }
            if let Some(bits) = pieces.get_mut(colour).and_then(|p| p.get_mut(role)) {
                *bits |= 1 << (rank * 8 + file);
            }
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares", rank + 1));
        }
    }
    Ok(pieces)
}

/// The castling field as the squares of the rooks that may castle.
fn castling(field: &str) -> Result<u64, String> {
    if field == "-" {
        return Ok(0);
    }
    field.bytes().try_fold(0u64, |rooks, c| {
        let square = match c {
            b'K' => 7,
            b'Q' => 0,
            b'k' => 63,
            b'q' => 56,
            _ => return Err(format!("castling letter {:?} (KQkq only)", char::from(c))),
        };
        Ok(rooks | 1 << square)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

    #[test]
    fn the_start_position_reads_as_its_bitboards() {
        let epd = Epd::parse(START).unwrap();
        assert_eq!(epd.pieces[0][0], 0xff00);
        assert_eq!(epd.pieces[1][0], 0x00ff_0000_0000_0000);
        assert_eq!(epd.pieces[0][5], 1 << 4);
        assert_eq!(epd.pieces[1][3], 0x8100_0000_0000_0000);
        assert_eq!(epd.colour(0), 0xffff);
        assert!(!epd.black_to_move);
        assert_eq!(epd.en_passant, None);
    }

    #[test]
    fn the_key_is_the_xor_of_the_features_keys() {
        let keys = Zobrist::generate(crate::DEFAULT_SEED);
        let start = Epd::parse(START).unwrap();
        let black = Epd::parse(&START.replace(" w ", " b ")).unwrap();
        assert_eq!(start.key(&keys) ^ black.key(&keys), keys.black_to_move);
        let no_q = Epd::parse(&START.replace("KQkq", "Kkq")).unwrap();
        assert_eq!(start.key(&keys) ^ no_q.key(&keys), keys.castling[0]);
    }

    #[test]
    fn bad_fields_are_named() {
        for (text, says) in [
            ("8/8/8 w - -", "3 ranks"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -",
                "side to move",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -",
                "castling letter 'H'",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9",
                "en-passant",
            ),
            (
                "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                "piece letter 'x'",
            ),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                "piece letter '9'",
            ),
            (
                "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                "rank 7 has 7",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
                "no castling field",
            ),
        ] {
            let error = Epd::parse(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
