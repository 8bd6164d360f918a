//! A game read for the index: the key of each position its mainline reaches, at its first
//! occurrence, with the move played there; the game's identity (its start and moves,
//! hashed); and what the explorer's filters ask of it. This runs on the pipeline's threads;
//! numbering games and players is the writer's.

use std::ops::ControlFlow;

use super::code::Outcome;
use super::games::{Speed, date, rating};
use super::hash::Hash128;
use super::key::Key;
use crate::pgn::{Checker, RawGame, Reached, Visit};
use crate::{Move, Position};

/// A game as indexing reads it.
#[derive(Clone, Debug, Default)]
pub struct Walked {
    /// Its positions' keys, each once (at its first occurrence), with the move played there
    /// (`None` at the last position), sorted by key.
    pub positions: Vec<(Key, Option<Move>)>,
    /// The hash of its start position and mainline moves: equal games hash equal.
    pub identity: u128,
    /// The `Result` tag's outcome.
    pub outcome: Option<Outcome>,
    /// `WhiteElo`, `BlackElo` (0: none).
    pub ratings: [u16; 2],
    /// The date, as [`date`] reads it (0: none).
    pub date: u32,
    /// The time control's speed.
    pub speed: Speed,
    /// `White` and `Black` (empty: none).
    pub players: [String; 2],
    /// Its byte offset and line in its stream.
    pub offset: u64,
    /// The 1-based line of its first byte.
    pub line: usize,
}

/// Reads `raw` with `checker`: `None` when its moves cannot be played (a variant jaque does
/// not play, a start position that cannot be read).
///
/// ```
/// use jaque::index::walk::read;
/// use jaque::pgn::{Checker, Splitter};
/// let text = b"[White \"Ann\"]\n[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. e4 1-0\n";
/// let raw = Splitter::new(&text[..]).next().unwrap().unwrap();
/// let walked = read(&mut Checker::default(), &raw).unwrap();
/// // Six positions: the start comes back after 2... Ng8 and counts once.
/// assert_eq!(walked.positions.len(), 5);
/// assert_eq!(walked.players[0], "Ann");
/// ```
pub fn read(checker: &mut Checker, raw: &RawGame) -> Option<Walked> {
    let mut walker = Walker::default();
    let report = checker.check_visiting(raw, &mut walker);
    if report.unsupported_variant.is_some() || report.start_position.is_none() {
        return None;
    }
    let mut positions = walker.positions;
    // Stable: the first occurrence of a key comes first, and is kept.
    positions.sort_by_key(|&(key, _)| key);
    positions.dedup_by_key(|&mut (key, _)| key);
    let tags = &report.tags;
    let name = |tag| tags.last(tag).unwrap_or_default().to_owned();
    Some(Walked {
        positions,
        identity: walker.identity.finish(),
        outcome: Some(Outcome::of_result(tags.last("Result"))),
        ratings: [rating(tags, "WhiteElo"), rating(tags, "BlackElo")],
        date: tags.last("Date").and_then(date).unwrap_or(0),
        speed: Speed::of_time_control(tags.last("TimeControl")),
        players: [name("White"), name("Black")],
        offset: raw.offset,
        line: raw.line,
    })
}

/// Hears the mainline's positions and keeps their keys, the hash carried from move to move.
#[derive(Default)]
struct Walker {
    positions: Vec<(Key, Option<Move>)>,
    /// The last mainline position and its Zobrist hash.
    last: Option<(Position, u64)>,
    identity: Hash128,
}

impl Visit for Walker {
    fn position(&mut self, ply: usize, depth: usize, position: &Position) -> ControlFlow<()> {
        if ply == 0 && depth == 0 {
            let hash = position.zobrist_hash();
            self.positions.push((Key::from_zobrist(hash), None));
            self.identity.write_u64(hash);
            self.last = Some((*position, hash));
        }
        ControlFlow::Continue(())
    }

    fn moved(&mut self, reached: &Reached<'_>) -> ControlFlow<()> {
        if reached.depth != 0 {
            return ControlFlow::Continue(());
        }
        let Some((before, hash)) = self.last else {
            return ControlFlow::Continue(());
        };
        let after = reached.after;
        let hash = match reached.played {
            Some(mv) => before.zobrist_after(hash, mv, after),
            None => after.zobrist_hash(),
        };
        if let Some((_, played)) = self.positions.last_mut() {
            *played = reached.played;
        }
        self.identity.write_u64(identity_of(reached.played));
        self.positions.push((Key::from_zobrist(hash), None));
        self.last = Some((*after, hash));
        ControlFlow::Continue(())
    }
}

/// A move as the identity hash takes it: its squares and promotion (a null move: a word no
/// move has).
fn identity_of(mv: Option<Move>) -> u64 {
    mv.map_or(u64::MAX, |mv| {
        let promotion = mv.promotion().map_or(0, |role| role.index() + 1);
        (mv.from().index() | mv.to().index() << 6 | promotion << 12) as u64
    })
}
