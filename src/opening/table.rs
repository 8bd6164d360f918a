//! The table build.rs writes from `data/openings` (with magic-gen), and the two questions
//! asked of it: is this position named, and can a later one still be.

use super::Opening;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::square::{Rank, Square};

/// A named position, all of it, so that a key that matches by chance is never taken for it.
struct Named {
    white: Bitboard,
    castling: Bitboard,
    roles: [Bitboard; 6],
    turn: Color,
    ep_square: Option<Square>,
    opening: &'static Opening,
}

/// What some named position has that a game never gets back (see magic-gen's
/// `openings::Needs`): its pawns on their own second rank and its castling rooks, and each
/// side's number of pieces.
struct Needs {
    unmoved: Bitboard,
    white: u8,
    black: u8,
}

mod generated {
    use super::{Bitboard, Color, Named, Needs, Opening, Square};
    include!(concat!(env!("OUT_DIR"), "/openings.rs"));
}

pub(super) use generated::OPENINGS;
use generated::{
    BUCKET_BITS, BUCKETS, HOME_PAWNS, NAMED, NEEDS, OCCUPANCIES, OCCUPIED, OCCUPIED_BITS,
    OCCUPIED_MULTIPLIER,
};

/// Is bit `bit` of a bit set set?
#[inline]
fn has(words: &[u64], bit: u64) -> bool {
    let word = usize::try_from(bit / 64).ok().and_then(|w| words.get(w));
    word.is_some_and(|word| word >> (bit % 64) & 1 == 1)
}

impl Named {
    /// Is `position` this position (the fields a Zobrist key covers: pieces, side to move,
    /// castling rights and a capturable en-passant square)?
    #[inline]
    fn is(&self, position: &Position) -> bool {
        self.white == position.by_color(Color::White)
            && self.roles == Role::ALL.map(|role| position.by_role(role))
            && self.turn == position.turn()
            && self.castling == position.castling_rights()
            && self.ep_square == position.ep_square()
    }
}

/// The hash of a position's occupied squares, whose top bits index the tables.
#[inline]
fn occupied_hash(position: &Position) -> u64 {
    position.occupied().0.wrapping_mul(OCCUPIED_MULTIPLIER)
}

/// Can `position` be named, by its occupancy? Most positions of a game are not named, and
/// most of those are told by it, in one load.
#[inline]
pub(super) fn may_be_named(position: &Position) -> bool {
    has(&OCCUPIED, occupied_hash(position) >> (64 - OCCUPIED_BITS))
}

/// The opening of `position`: it is looked for among the named positions whose occupancies'
/// hashes share its top bits (about one), by its occupancy, then compared whole. No key is
/// computed: a game's named positions are most of its opening's, and a Zobrist key costs a
/// lookup a piece.
#[inline]
pub(super) fn lookup(position: &Position) -> Option<&'static Opening> {
    let top = usize::try_from(occupied_hash(position) >> (64 - BUCKET_BITS)).ok()?;
    let (start, end) = (BUCKETS.get(top)?, BUCKETS.get(top + 1)?);
    let run = usize::from(*start)..usize::from(*end);
    let occupied = position.occupied().0;
    let candidates = OCCUPANCIES.get(run.clone())?.iter().zip(NAMED.get(run)?);
    candidates
        .filter(|&(&o, _)| o == occupied)
        .find(|(_, named)| named.is(position))
        .map(|(_, named)| named.opening)
}

/// Can `position`, or a position after it in a game, be named? False only when every named
/// position needs a pawn on its second rank, a castling right or a piece that `position`
/// no longer has, none of which comes back. `hint` is the index of the needs met last time,
/// tried first (a game's positions mostly meet the same) and updated.
#[inline]
pub(super) fn may_be_named_later(position: &Position, hint: &mut usize) -> bool {
    let pawns =
        |color: Color, rank: Rank| position.pieces(color, Role::Pawn) & Bitboard::rank(rank);
    let unmoved = pawns(Color::White, Rank::Second)
        | pawns(Color::Black, Rank::Seventh)
        | position.castling_rights();
    // The pawns alone, looked up: most games leave the named positions behind by their pawns.
    if !has(
        &HOME_PAWNS,
        ((unmoved.0 >> 8) & 0xff) | ((unmoved.0 >> 40) & 0xff00),
    ) {
        return false;
    }
    let count = |color| position.by_color(color).count();
    let (white, black) = (count(Color::White), count(Color::Black));
    let met = |needs: &Needs| {
        needs.unmoved.minus(unmoved).is_empty()
            && u32::from(needs.white) <= white
            && u32::from(needs.black) <= black
    };
    if NEEDS.get(*hint).is_some_and(met) {
        return true;
    }
    NEEDS
        .iter()
        .position(met)
        .map(|index| *hint = index)
        .is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::san::{Lang, play};

    fn after(opening: &Opening) -> Position {
        let mut position = Position::starting();
        for san in opening.pgn.split(' ').filter(|w| !w.ends_with('.')) {
            play(&mut position, san, Lang::English).unwrap();
        }
        position
    }

    #[test]
    fn the_occupancies_hashes_ascend_and_their_runs_hold_them_all() {
        let hash = |o: &u64| o.wrapping_mul(OCCUPIED_MULTIPLIER);
        assert!(
            OCCUPANCIES
                .windows(2)
                .all(|pair| hash(&pair[0]) <= hash(&pair[1]))
        );
        assert_eq!(OCCUPANCIES.len(), NAMED.len());
        assert_eq!(BUCKETS.len(), (1 << BUCKET_BITS) + 1);
        assert_eq!(BUCKETS.last().map(|&n| usize::from(n)), Some(NAMED.len()));
        for (top, run) in BUCKETS.windows(2).enumerate() {
            let run = usize::from(run[0])..usize::from(run[1]);
            for (occupied, named) in OCCUPANCIES[run.clone()].iter().zip(&NAMED[run]) {
                assert_eq!(hash(occupied) >> (64 - BUCKET_BITS), top as u64);
                let roles = named.roles.iter().fold(Bitboard::EMPTY, |all, &r| all | r);
                assert_eq!(roles.0, *occupied, "{}", named.opening.name);
            }
        }
    }

    #[test]
    fn a_named_position_is_itself_and_not_its_neighbour() {
        for (named, next) in NAMED.iter().zip(NAMED.iter().cycle().skip(1)) {
            let position = after(named.opening);
            assert!(named.is(&position), "{}", named.opening.name);
            assert!(!next.is(&position), "{}", named.opening.name);
            assert_eq!(lookup(&position), Some(named.opening));
            assert!(may_be_named(&position));
            assert!(may_be_named_later(&position, &mut 0));
        }
    }
}
