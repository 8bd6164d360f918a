//! Duplicate games, found exactly. `--dedupe`: the same start position and the same mainline
//! moves; `--dedupe=position`: the same final position (as EPD) after as many plies.
//!
//! A game's moves are compared without playing them where that is exact: the mainline's SAN
//! as written, with what does not change the move taken out (`+`, `#`, `!`, `?`, `x`, `=`,
//! `e.p.`, castling with zeros). Games whose texts are then equal play the same moves. Only
//! games that agree on each move's piece, destination and promotion but differ in how they
//! disambiguate (`Ngf3` written where `Nf3` suffices) are played, to decide; a hash of those
//! coarser forms finds the candidates.

use std::collections::HashMap;

use crate::moves::Move;
use crate::pgn::syntax::{Token, TokenKind};
use crate::position::Position;
use crate::san::{self, Lang};

/// What a game is compared by under `--dedupe`.
#[derive(Clone, Debug)]
pub struct MovesKey {
    start: Start,
    /// The mainline's moves as normalised SAN, each followed by a space (UTF-8).
    moves: Vec<u8>,
    /// A hash of the start and of each move's piece, destination and promotion.
    coarse: u64,
}

/// Where the game starts.
#[derive(Clone, Debug)]
enum Start {
    Standard,
    Fen(Position),
    /// A FEN tag that is no position: compared as text.
    Unreadable(Box<str>),
}

impl MovesKey {
    /// The key of a game of `text`, lexed into `tokens`, starting from its FEN tag's
    /// position, if it has one (`fen`: its value).
    pub fn new(text: &str, tokens: &[Token], fen: Option<&str>) -> MovesKey {
        let start = match fen.map(|f| (f, Position::from_fen(f))) {
            None => Start::Standard,
            Some((_, Ok(position))) => Start::Fen(position),
            Some((fen, Err(_))) => Start::Unreadable(fen.into()),
        };
        // The standard start hashes as itself, to meet a FEN tag of it (`same_game` says so).
        let mut coarse = Hash(match &start {
            Start::Standard => Position::starting().zobrist_hash(),
            Start::Fen(position) => position.zobrist_hash(),
            Start::Unreadable(fen) => fen.bytes().fold(Hash(1), Hash::add).0,
        });
        // About four bytes a move, and a token a move or more: room enough at once.
        let mut moves = Vec::with_capacity(4 * tokens.len());
        let mut depth = 0usize;
        for token in tokens {
            match token.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::San if depth == 0 => {
                    let san = text.get(token.span.clone()).unwrap_or_default();
                    let start = moves.len();
                    normalise(san.as_bytes(), &mut moves);
                    coarse = coarse_move(moves.get(start..).unwrap_or_default(), coarse);
                    moves.push(b' ');
                }
                _ => {}
            }
        }
        MovesKey {
            start,
            moves,
            coarse: coarse.0,
        }
    }

    /// Whether the two games play the same moves from the same start.
    fn same_game(&self, other: &MovesKey, lang: Lang) -> bool {
        let same_start = match (&self.start, &other.start) {
            (Start::Standard, Start::Standard) => true,
            (Start::Fen(a), Start::Fen(b)) => a.same_epd(b),
            (Start::Unreadable(a), Start::Unreadable(b)) => a == b,
            (Start::Standard, Start::Fen(p)) | (Start::Fen(p), Start::Standard) => {
                p.same_epd(&Position::starting())
            }
            _ => false,
        };
        same_start
            && (self.moves == other.moves
                || played(self.start_position(), &self.moves, lang).is_some_and(|mine| {
                    Some(mine) == played(other.start_position(), &other.moves, lang)
                }))
    }

    fn start_position(&self) -> Option<Position> {
        match &self.start {
            Start::Standard => Some(Position::starting()),
            Start::Fen(position) => Some(*position),
            Start::Unreadable(_) => None,
        }
    }
}

/// The moves of `moves` (normalised SAN) played from `start`; `None` if one is not legal.
fn played(start: Option<Position>, moves: &[u8], lang: Lang) -> Option<Vec<Move>> {
    let mut position = start?;
    let sans = std::str::from_utf8(moves)
        .ok()?
        .split(' ')
        .filter(|s| !s.is_empty());
    sans.map(|s| san::play(&mut position, s, lang).ok().map(|p| p.mv))
        .collect()
}

/// Appends `san` without what does not change the move it names. Byte by byte: a SAN is
/// ASCII but for the rare figurine, whose bytes are kept as they are (only ASCII bytes are
/// taken out or put in: the bytes stay UTF-8).
fn normalise(san: &[u8], out: &mut Vec<u8>) {
    let mut bytes = san;
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = bytes {
        bytes = rest;
    }
    if let [rest @ .., b'e', b'.', b'p', b'.'] = bytes {
        bytes = rest;
    }
    if !bytes.is_empty() && bytes.iter().all(|b| matches!(b, b'0' | b'O' | b'o' | b'-')) {
        let castle = bytes.iter().filter(|&&b| b != b'-').count();
        out.extend_from_slice(if castle >= 3 { b"O-O-O" } else { b"O-O" });
        return;
    }
    let start = out.len();
    let dropped = |b: &&u8| matches!(b, b'x' | b':' | b'=' | b'(' | b')' | b'/');
    out.extend(bytes.iter().filter(|b| !dropped(b)));
    // A promotion as `e8=Q`: the letter after the rank, with its `=` back.
    if let [.., rank, piece] = out.get(start..).unwrap_or_default()
        && rank.is_ascii_digit()
        && b"QRBNK".contains(piece)
    {
        let at = out.len() - 1;
        out.insert(at, b'=');
    }
}

/// The hash `hash` on with a normalised move's piece, destination and promotion.
fn coarse_move(bytes: &[u8], hash: Hash) -> Hash {
    let piece = bytes
        .first()
        .copied()
        .filter(u8::is_ascii_uppercase)
        .unwrap_or(b'P');
    let (body, promotion) = match bytes {
        [body @ .., b'=', piece] => (body, Some(*piece)),
        body => (body, None),
    };
    let destination = body.get(body.len().saturating_sub(2)..).unwrap_or_default();
    let hash = hash.add(piece).add(b' ');
    destination
        .iter()
        .copied()
        .chain(promotion)
        .fold(hash, Hash::add)
}

/// FNV-1a, a byte at a time: keys of a few hundred bytes, hashed once.
#[derive(Clone, Copy, Debug)]
struct Hash(u64);

impl Hash {
    fn add(self, byte: u8) -> Hash {
        Hash((self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
    }
}

/// What a game is compared by under `--dedupe=position`: its final position and its plies.
#[derive(Clone, Debug)]
pub struct PositionKey {
    position: Position,
    plies: usize,
}

impl PositionKey {
    /// The key of a game that ends in `position` after `plies` mainline half-moves.
    pub fn new(position: Position, plies: usize) -> PositionKey {
        PositionKey { position, plies }
    }
}

/// A game's key under one of the two modes.
#[derive(Clone, Debug)]
pub enum Key {
    /// `--dedupe`.
    Moves(MovesKey),
    /// `--dedupe=position`.
    Position(PositionKey),
}

impl Key {
    fn hash(&self) -> u64 {
        match self {
            Key::Moves(key) => key.coarse,
            Key::Position(key) => {
                key.position.zobrist_hash() ^ (key.plies as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            }
        }
    }

    fn same(&self, other: &Key, lang: Lang) -> bool {
        match (self, other) {
            (Key::Moves(a), Key::Moves(b)) => a.same_game(b, lang),
            (Key::Position(a), Key::Position(b)) => {
                a.plies == b.plies && a.position.same_epd(&b.position)
            }
            _ => false,
        }
    }
}

/// The games kept so far, by key: each game given to [`Duplicates::first`] in input order
/// is kept unless one the same was kept before it.
///
/// ```
/// use jaque::select::Duplicates;
/// let games = ["1. e4 e5 2. Nf3 *", "1. e4 e5 2. Ngf3+ *", "1. e4 e5 2. Nc3 *"];
/// let mut duplicates = Duplicates::default();
/// let kept: Vec<bool> = games.iter().map(|text| {
///     let tokens = jaque::pgn::syntax::tokenize(text).0;
///     duplicates.first(jaque::select::Key::Moves(jaque::select::MovesKey::new(text, &tokens, None)))
/// }).collect();
/// assert_eq!(kept, [true, false, true]);
/// ```
#[derive(Debug, Default)]
pub struct Duplicates {
    kept: HashMap<u64, Vec<Key>>,
    lang: Lang,
}

impl Duplicates {
    /// Duplicates whose moves, where they must be played, are read in `lang`.
    pub fn new(lang: Lang) -> Duplicates {
        Duplicates {
            kept: HashMap::new(),
            lang,
        }
    }

    /// Whether the game of `key` is the first of its kind (then it is kept).
    pub fn first(&mut self, key: Key) -> bool {
        let lang = self.lang;
        let same = self.kept.entry(key.hash()).or_default();
        if same.iter().any(|kept| kept.same(&key, lang)) {
            return false;
        }
        same.push(key);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalised(san: &str) -> String {
        let mut out = Vec::new();
        normalise(san.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn what_does_not_change_a_move_is_taken_out() {
        assert_eq!(normalised("Nxf3+"), "Nf3");
        assert_eq!(normalised("exd6e.p."), "ed6");
        assert_eq!(normalised("e8Q#"), "e8=Q");
        assert_eq!(normalised("e8=Q"), "e8=Q");
        assert_eq!(normalised("e8(Q)"), "e8=Q");
        assert_eq!(normalised("0-0-0!?"), "O-O-O");
        assert_eq!(normalised("O-O"), "O-O");
    }

    fn key(text: &str) -> Key {
        let tokens = crate::pgn::syntax::tokenize(text).0;
        Key::Moves(MovesKey::new(text, &tokens, None))
    }

    #[test]
    fn over_disambiguated_moves_are_played_to_decide() {
        let mut duplicates = Duplicates::default();
        assert!(duplicates.first(key("1. Nf3 Nf6 2. Nc3 *")));
        assert!(!duplicates.first(key("1. Ngf3 Ngf6 2. Nbc3 *")));
        // The same piece and square, another knight: not the same game.
        assert!(duplicates.first(key("1. Nf3 d5 2. Nc3 Nd7 3. Nb5 Nf6 4. Nbd4 *")));
        assert!(duplicates.first(key("1. Nf3 d5 2. Nc3 Nd7 3. Nb5 Nf6 4. Nfd4 *")));
        assert!(!duplicates.first(key("1. Nf3 d5 2. Nc3 Nd7 3. Nb5 Nf6 4. Nbd4 (4. e4) *")));
    }

    #[test]
    fn the_standard_start_written_as_a_fen_is_the_standard_start() {
        let text = "1. e4 e5 *";
        let tokens = crate::pgn::syntax::tokenize(text).0;
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3";
        let mut duplicates = Duplicates::default();
        assert!(duplicates.first(Key::Moves(MovesKey::new(text, &tokens, Some(fen)))));
        assert!(!duplicates.first(key(text)));
    }
}
