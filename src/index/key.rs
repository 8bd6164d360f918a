//! A position's key in the index: the top [`Key::BITS`] bits of its Zobrist hash, which is
//! equal for positions equal as EPD (pieces, side to move, castling rights, an en-passant
//! square only where a capture is legal) whatever the clocks.
//!
//! With D distinct positions indexed, a lookup meets another position's key with a chance
//! of about D / 2^48: one in five million lookups for fifty million positions. `find`
//! replays every game it shows to the position; `tree` keeps only games whose move there is
//! legal in the position; so a collision is verified away where a game is shown.

use crate::Position;

/// A position's key.
///
/// ```
/// use jaque::Position;
/// use jaque::index::key::Key;
/// let start = Position::starting();
/// let moved = start.play(start.legal_moves()[0]);
/// assert_ne!(Key::of(&start), Key::of(&moved));
/// assert_eq!(Key::of(&start), Key::from_zobrist(start.zobrist_hash()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key(u64);

impl Key {
    /// The least key.
    pub const ZERO: Key = Key(0);

    /// The bits of the Zobrist hash a key keeps.
    pub const BITS: u32 = 48;

    /// The key of `position`.
    pub fn of(position: &Position) -> Key {
        Key::from_zobrist(position.zobrist_hash())
    }

    /// The key of a position whose Zobrist hash is `hash`.
    pub fn from_zobrist(hash: u64) -> Key {
        Key(hash >> (64 - Key::BITS))
    }

    /// The key whose bits are `bits`, if they fit in [`Key::BITS`].
    pub fn from_bits(bits: u64) -> Option<Key> {
        (bits >> Key::BITS == 0).then_some(Key(bits))
    }

    /// Its bits, the low [`Key::BITS`] of a `u64`.
    pub fn bits(self) -> u64 {
        self.0
    }
}
