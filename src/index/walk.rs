//! A game read for the index: the key of each position its mainline reaches, at its first
//! occurrence, with the move played there; the game's identity (its start and moves,
//! hashed); and what the explorer's filters ask of it. This runs on the pipeline's threads;
//! numbering games and players is the writer's.

use std::ops::ControlFlow;

use super::code::{MoveCode, Outcome};
use super::games::{Speed, date, rating};
use super::hash::Hash128;
use super::kept::KeptBlock;
use super::key::Key;
use super::material::{Material, MaterialSpan};
use super::postings::Entry;
use crate::pgn::{Checker, RawGame, Reached, Visit};
use crate::{Move, Position};

/// A game as indexing reads it: what the explorer's filters ask, and its identity.
#[derive(Clone, Debug, Default)]
pub struct Walked {
    /// The hash of its start position and mainline moves: equal games hash equal.
    pub identity: u128,
    /// The `Result` tag's outcome.
    pub outcome: Outcome,
    /// `WhiteElo`, `BlackElo` (0: none).
    pub ratings: [u16; 2],
    /// The date, as [`date`] reads it (0: none).
    pub date: u32,
    /// The time control's speed.
    pub speed: Speed,
    /// `White` and `Black` (empty: none).
    pub players: [String; 2],
    /// Its byte offset in its stream.
    pub offset: u64,
    /// The 1-based line of its first byte.
    pub line: usize,
    /// What material its mainline ever has.
    pub material: MaterialSpan,
}

/// A game of a job, as read.
#[derive(Clone, Debug)]
pub enum Read {
    /// Before the first game wanted (read by an earlier run of a file being resumed).
    Before,
    /// Its moves cannot be played (a variant jaque does not play, a start position that
    /// cannot be read).
    Unplayable,
    /// Read.
    Game(Walked),
}

/// The games of a job (a batch of the pipeline) read: each game, and the positions of all,
/// each once a game (at its first occurrence), in game order.
#[derive(Clone, Debug, Default)]
pub struct Job {
    /// The games, in order.
    pub games: Vec<Read>,
    /// Their positions, each entry's game its place in the job (its number in the index is
    /// given later, in order).
    pub entries: Vec<Entry>,
    /// Their text, for a compressed file ([`super::kept`]).
    pub kept: Option<KeptBlock>,
}

/// Reads the games of a job with `checker`, positions inside variations too where
/// `variations`; those numbered below `skip` in their stream are [`Read::Before`].
///
/// ```
/// use jaque::index::walk::{Read, read_job};
/// use jaque::pgn::{Checker, Splitter};
/// let text = b"[White \"Ann\"]\n[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. e4 1-0\n";
/// let raw = Splitter::new(&text[..]).next().unwrap().unwrap();
/// let job = read_job(&mut Checker::default(), &[raw], 0, false);
/// // Six positions: the start comes back after 2... Ng8 and counts once.
/// assert_eq!(job.entries.len(), 5);
/// assert!(matches!(&job.games[0], Read::Game(game) if game.players[0] == "Ann"));
/// ```
pub fn read_job(checker: &mut Checker, raws: &[RawGame], skip: u64, variations: bool) -> Job {
    let mut job = Job::default();
    let mut walker = Walker::new(variations);
    for (i, raw) in raws.iter().enumerate() {
        if (raw.index as u64) < skip {
            job.games.push(Read::Before);
            continue;
        }
        let read = read_game(checker, raw, &mut walker);
        if let Read::Game(_) = read {
            let first = walker.seen.first_occurrences(&walker.positions);
            let game = i as u32;
            job.entries.extend(
                first
                    .iter()
                    .map(|&(key, _, mv)| Entry::new(key, game, MoveCode::new(mv))),
            );
        }
        job.games.push(read);
    }
    job
}

/// Reads one game, its positions left in the walker.
fn read_game(checker: &mut Checker, raw: &RawGame, walker: &mut Walker) -> Read {
    walker.positions.clear();
    walker.lines.clear();
    walker.last = None;
    walker.identity = Hash128::default();
    walker.material = MaterialSpan::default();
    let report = checker.check_visiting(raw, walker);
    if report.unsupported_variant.is_some() || report.start_position.is_none() {
        return Read::Unplayable;
    }
    let tags = &report.tags;
    let name = |tag| tags.last(tag).unwrap_or_default().to_owned();
    Read::Game(Walked {
        identity: walker.identity.finish(),
        outcome: Outcome::of_result(tags.last("Result")),
        ratings: [rating(tags, "WhiteElo"), rating(tags, "BlackElo")],
        date: tags.last("Date").and_then(date).unwrap_or(0),
        speed: Speed::of_time_control(tags.last("TimeControl")),
        players: [name("White"), name("Black")],
        offset: raw.offset,
        line: raw.line,
        material: walker.material,
    })
}

/// Hears the positions and keeps their keys, the mainline's hash carried from move to move.
struct Walker {
    /// Whether positions inside variations are kept too.
    variations: bool,
    /// Each position's key, whether it is inside a variation, and the move played from it.
    positions: Vec<Heard>,
    /// The last mainline position and its Zobrist hash.
    last: Option<(Position, u64)>,
    /// For each depth, where the line's last position is in `positions` (`None` at the start
    /// of a variation: its first move is played from a position its parent line holds).
    lines: Vec<Option<usize>>,
    identity: Hash128,
    seen: FirstSeen,
    material: MaterialSpan,
    /// The material of the last mainline position.
    material_now: Material,
}

impl Walker {
    fn new(variations: bool) -> Walker {
        Walker {
            variations,
            positions: Vec::new(),
            last: None,
            lines: Vec::new(),
            identity: Hash128::default(),
            seen: FirstSeen::default(),
            material: MaterialSpan::default(),
            material_now: Material::default(),
        }
    }

    /// Keeps a position reached at `depth` by `played`, as the move of the line's last.
    fn reached(&mut self, depth: usize, key: Key, played: Option<Move>) {
        if let Some(&Some(at)) = self.lines.get(depth)
            && let Some((_, _, last)) = self.positions.get_mut(at)
        {
            *last = played;
        }
        if self.lines.len() <= depth {
            self.lines.resize(depth + 1, None);
        }
        self.lines[depth] = Some(self.positions.len());
        self.positions.push((key, depth > 0, None));
    }
}

impl Visit for Walker {
    fn variations(&self) -> bool {
        self.variations
    }

    fn position(&mut self, ply: usize, depth: usize, position: &Position) -> ControlFlow<()> {
        if ply == 0 && depth == 0 {
            let hash = position.zobrist_hash();
            self.reached(0, Key::from_zobrist(hash), None);
            self.identity.write_u64(hash);
            self.material_now = Material::of(position);
            self.material.widen(&self.material_now);
            self.last = Some((*position, hash));
        }
        ControlFlow::Continue(())
    }

    // Always: the walk calls it every move, and out of line it read the move back from
    // the memory the caller had just written it to.
    #[inline(always)]
    fn moved(&mut self, reached: &Reached<'_>) -> ControlFlow<()> {
        let after = reached.after;
        if reached.depth > 0 {
            // Variations are rarer: a whole hash each.
            let key = Key::from_zobrist(after.zobrist_hash());
            self.reached(reached.depth, key, reached.played);
            return ControlFlow::Continue(());
        }
        // Borrowed, not copied: a position is a hundred bytes, and this runs every move.
        let Some((before, hash)) = &self.last else {
            return ControlFlow::Continue(());
        };
        let hash = match reached.played {
            Some(mv) => {
                let captured = before.captured(mv);
                // Only a capture or a promotion changes the material: followed from the move,
                // which costs less than counting the pieces (no popcount instruction in the
                // baseline x86-64).
                if let Some(now) = self.material_now.after(before, mv, captured) {
                    self.material_now = now;
                    self.material.widen(&now);
                }
                before.zobrist_after(*hash, mv, captured, after)
            }
            None => after.zobrist_hash(),
        };
        self.identity.write_u64(identity_of(reached.played));
        self.reached(0, Key::from_zobrist(hash), reached.played);
        self.last = Some((*after, hash));
        ControlFlow::Continue(())
    }

    fn opened(&mut self) {
        self.lines.push(None);
    }

    fn closed(&mut self, depth: usize) {
        self.lines.truncate(depth + 1);
    }
}

/// A position of a game as the walk hears it: its key, whether it is inside a variation,
/// and the move played from it.
type Heard = (Key, bool, Option<Move>);

/// Which of a game's positions are first occurrences, by a table of the keys seen (an open
/// addressing hash table, its slots marked with the game's generation, so that a game's
/// start does not clear it): a game's hundred positions are not sorted to find repeats.
#[derive(Default)]
struct FirstSeen {
    /// Per slot: the generation that filled it, and the place of the key in `kept`.
    slots: Vec<(u32, u32)>,
    generation: u32,
    kept: Vec<Heard>,
}

impl FirstSeen {
    /// The first occurrence of each key among `positions`, in the order heard: on the
    /// mainline if it reaches the key at all, else in the first variation that does.
    fn first_occurrences(&mut self, positions: &[Heard]) -> &[Heard] {
        self.start(positions.len());
        let mask = self.slots.len() - 1;
        for &heard @ (key, in_variation, _) in positions {
            // Keys are Zobrist bits: their low bits are as good as any hash of them.
            let mut at = key.bits() as usize & mask;
            while let Some(slot) = self.slots.get_mut(at) {
                if slot.0 != self.generation {
                    *slot = (self.generation, self.kept.len() as u32);
                    self.kept.push(heard);
                    break;
                }
                if let Some(kept) = self.kept.get_mut(slot.1 as usize)
                    && kept.0 == key
                {
                    if kept.1 && !in_variation {
                        *kept = heard;
                    }
                    break;
                }
                at = (at + 1) & mask;
            }
        }
        &self.kept
    }

    /// Readies the table for a game of `positions` positions: at most half full.
    fn start(&mut self, positions: usize) {
        self.kept.clear();
        let wanted = (2 * positions).next_power_of_two().max(256);
        if self.slots.len() < wanted || self.generation == u32::MAX {
            self.slots = vec![(0, 0); wanted];
            self.generation = 0;
        }
        self.generation += 1;
    }
}

/// A move as the identity hash takes it: its squares and promotion (a null move: a word no
/// move has). The positions table hashes games with it too, so that both tell the same
/// games apart.
pub fn identity_of(mv: Option<Move>) -> u64 {
    mv.map_or(u64::MAX, |mv| {
        let promotion = mv.promotion().map_or(0, |role| role.index() + 1);
        (mv.from().index() | mv.to().index() << 6 | promotion << 12) as u64
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::Splitter;

    /// The positions of a game's job with their moves, as (EPD, UCI played there).
    fn positions(text: &str, variations: bool) -> Vec<(Key, Option<String>)> {
        let raw = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
        let job = read_job(&mut Checker::default(), &[raw], 0, variations);
        let uci = |code: MoveCode, key: Key| {
            let at = |moves: &[&str]| {
                let mut position = Position::starting();
                for m in moves {
                    let mv = position
                        .legal_moves()
                        .into_iter()
                        .find(|mv| mv.uci(false).to_string() == *m)
                        .unwrap();
                    position = position.play(mv);
                }
                position
            };
            let candidates = [
                at(&[]),
                at(&["e2e4"]),
                at(&["d2d4"]),
                at(&["e2e4", "e7e5"]),
                at(&["e2e4", "c7c5"]),
                at(&["e2e4", "c7c5", "g1f3"]),
            ];
            let position = candidates.iter().find(|p| Key::of(p) == key).unwrap();
            code.unpack(position).map(|mv| mv.uci(false).to_string())
        };
        job.entries
            .iter()
            .map(|e| (e.key(), uci(e.code(), e.key())))
            .collect()
    }

    #[test]
    fn variations_add_their_positions_and_the_mainline_keeps_its_moves() {
        let text = "1. e4 (1. d4) e5 (1... c5 2. Nf3) *\n";
        let main_only = positions(text, false);
        assert_eq!(main_only.len(), 3, "start, after e4, after e4 e5");
        let with = positions(text, true);
        assert_eq!(with.len(), 6, "and after d4, after e4 c5, after e4 c5 Nf3");
        let start = Key::of(&Position::starting());
        let played_at_start: Vec<_> = with.iter().filter(|(k, _)| *k == start).collect();
        assert_eq!(
            played_at_start,
            [&(start, Some("e2e4".to_string()))],
            "the mainline's move"
        );
        let moves: Vec<Option<&str>> = with.iter().map(|(_, m)| m.as_deref()).collect();
        assert!(
            moves.contains(&Some("g1f3")),
            "c5 was answered by Nf3 in the variation"
        );
        assert_eq!(
            moves.iter().filter(|m| m.is_none()).count(),
            3,
            "three lines end"
        );
    }
}
