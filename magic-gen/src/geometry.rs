//! The reference geometry of the board: rays walked square by square.
//!
//! Everything here is deliberately simple and slow. It is the definition that the generated
//! tables are verified against, never what the engine uses at run time.

/// A square index, `0 = a1`, `7 = h1`, `63 = h8` (little-endian rank-file mapping).
pub type SquareIndex = u8;

/// The name of a square in algebraic notation (`a1` … `h8`).
pub fn square_name(square: SquareIndex) -> String {
    let file = (b'a' + square % 8) as char;
    let rank = (b'1' + square / 8) as char;
    format!("{file}{rank}")
}

/// The square named `a1` … `h8`, if `name` is one.
///
/// ```
/// use magic_gen::geometry::parse_square_name;
/// assert_eq!(parse_square_name("h8"), Some(63));
/// assert_eq!(parse_square_name("i1"), None);
/// ```
pub fn parse_square_name(name: &str) -> Option<SquareIndex> {
    match name.as_bytes() {
        &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some((rank - b'1') * 8 + (file - b'a')),
        _ => None,
    }
}

const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The square `(file + df, rank + dr)`, or `None` off the board.
fn offset(square: SquareIndex, df: i8, dr: i8) -> Option<SquareIndex> {
    let file = (square % 8) as i8 + df;
    let rank = (square / 8) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as SquareIndex)
}

fn bit(square: SquareIndex) -> u64 {
    1u64 << square
}

/// A sliding piece whose attacks come from a magic lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slider {
    /// Slides along ranks and files.
    Rook,
    /// Slides along diagonals.
    Bishop,
}

impl Slider {
    /// Both sliders, rooks first: the order of the shared attack table.
    pub const ALL: [Slider; 2] = [Slider::Rook, Slider::Bishop];

    /// Lower-case name, as used in the table and JSON formats.
    pub fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    fn directions(self) -> &'static [(i8, i8); 4] {
        match self {
            Slider::Rook => &ROOK_DIRECTIONS,
            Slider::Bishop => &BISHOP_DIRECTIONS,
        }
    }

    /// Attacks from `square` given the occupied squares `occupied`, by walking each ray until it
    /// leaves the board or reaches a blocker (which is attacked).
    pub fn attacks(self, square: SquareIndex, occupied: u64) -> u64 {
        let mut attacks = 0;
        for &(df, dr) in self.directions() {
            let mut current = square;
            while let Some(next) = offset(current, df, dr) {
                attacks |= bit(next);
                if occupied & bit(next) != 0 {
                    break;
                }
                current = next;
            }
        }
        attacks
    }

    /// The relevant-occupancy mask: the squares whose occupancy can change the attacks. The last
    /// square of each ray is left out, because a blocker there changes nothing.
    pub fn mask(self, square: SquareIndex) -> u64 {
        let mut mask = 0;
        for &(df, dr) in self.directions() {
            let mut current = square;
            while let Some(next) = offset(current, df, dr) {
                if offset(next, df, dr).is_none() {
                    break;
                }
                mask |= bit(next);
                current = next;
            }
        }
        mask
    }
}

fn step_attacks(square: SquareIndex, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| offset(square, df, dr))
        .fold(0, |acc, sq| acc | bit(sq))
}

/// Squares a knight on `square` attacks.
pub fn knight_attacks(square: SquareIndex) -> u64 {
    step_attacks(square, &KNIGHT_STEPS)
}

/// Squares a king on `square` attacks.
pub fn king_attacks(square: SquareIndex) -> u64 {
    step_attacks(square, &KING_STEPS)
}

/// Squares a pawn on `square` attacks; `white` pawns capture towards rank 8.
pub fn pawn_attacks(white: bool, square: SquareIndex) -> u64 {
    let dr = if white { 1 } else { -1 };
    step_attacks(square, &[(-1, dr), (1, dr)])
}

/// The direction from `a` towards `b` if they share a rank, file or diagonal.
fn direction(a: SquareIndex, b: SquareIndex) -> Option<(i8, i8)> {
    if a == b {
        return None;
    }
    let df = (b % 8) as i8 - (a % 8) as i8;
    let dr = (b / 8) as i8 - (a / 8) as i8;
    (df == 0 || dr == 0 || df.abs() == dr.abs()).then(|| (df.signum(), dr.signum()))
}

/// Squares strictly between `a` and `b` when they are aligned, otherwise none.
pub fn between(a: SquareIndex, b: SquareIndex) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    let mut squares = 0;
    let mut current = a;
    while let Some(next) = offset(current, df, dr) {
        if next == b {
            break;
        }
        squares |= bit(next);
        current = next;
    }
    squares
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned, including both;
/// otherwise none.
pub fn line(a: SquareIndex, b: SquareIndex) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    let mut squares = bit(a);
    for (df, dr) in [(df, dr), (-df, -dr)] {
        let mut current = a;
        while let Some(next) = offset(current, df, dr) {
            squares |= bit(next);
            current = next;
        }
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    const A1: u8 = 0;
    const H1: u8 = 7;
    const D4: u8 = 27;
    const A8: u8 = 56;
    const H8: u8 = 63;

    #[test]
    fn rook_mask_excludes_edges_and_has_published_sizes() {
        // Corner rooks have 12 relevant bits, edge rooks 11, inner 10.
        assert_eq!(Slider::Rook.mask(A1).count_ones(), 12);
        assert_eq!(Slider::Rook.mask(8).count_ones(), 11);
        assert_eq!(Slider::Rook.mask(D4).count_ones(), 10);
        assert_eq!(Slider::Rook.mask(A1), 0x0001_0101_0101_017e);
    }

    #[test]
    fn bishop_mask_sizes() {
        assert_eq!(Slider::Bishop.mask(A1).count_ones(), 6);
        assert_eq!(Slider::Bishop.mask(D4).count_ones(), 9);
        assert_eq!(Slider::Bishop.mask(1).count_ones(), 5);
        let total: u32 = (0..64).map(|s| Slider::Bishop.mask(s).count_ones()).sum();
        // 5,248 = sum of 2^bits over all squares; the bit counts sum to 364.
        assert_eq!(total, 364);
    }

    #[test]
    fn blocked_rook_ray_stops_at_blocker() {
        let occupied = bit(D4 + 16) | bit(D4 - 1);
        let attacks = Slider::Rook.attacks(D4, occupied);
        assert!(attacks & bit(D4 + 16) != 0);
        assert!(attacks & bit(D4 + 24) == 0);
        assert!(attacks & bit(D4 - 1) != 0);
        assert!(attacks & bit(D4 - 2) == 0);
        assert_eq!(Slider::Rook.attacks(A1, 0).count_ones(), 14);
        assert_eq!(Slider::Bishop.attacks(D4, 0).count_ones(), 13);
    }

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(A1), bit(17) | bit(10));
        assert_eq!(king_attacks(H8).count_ones(), 3);
        assert_eq!(pawn_attacks(true, 8), bit(17));
        assert_eq!(pawn_attacks(false, 9), bit(0) | bit(2));
        assert_eq!(pawn_attacks(true, H8), 0);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(A1, H1), 0x7e);
        assert_eq!(between(A1, H8), 0x0040_2010_0804_0200);
        assert_eq!(between(A1, 17), 0);
        assert_eq!(between(A1, 1), 0);
        assert_eq!(line(1, 2), 0xff);
        assert_eq!(line(A1, A1), 0);
        assert_eq!(line(9, 18), 0x8040_2010_0804_0201);
        assert_eq!(line(A8, H1).count_ones(), 8);
    }
}
