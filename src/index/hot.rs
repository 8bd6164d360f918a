//! Summaries of the positions many games of a segment reach (the openings): what each move
//! scored and the best-rated games, written with the segment, so that the explorer answers
//! for them without reading a posting or a game's record. A tree with filters reads the
//! postings instead: a summary counts every game.

use std::collections::HashMap;

use super::bits::{get_varint, put_varint};
use super::code::MoveCode;
use super::games::GameInfo;
use super::postings::Entry;
use super::tree::Score;

/// The fewest games of a key in one segment for it to have a summary.
pub const HOT_GAMES: usize = 48;

/// The best-rated games a summary keeps (as many as a tree lists).
const TOP: usize = super::tree::TOP_GAMES;

/// A hot position's games in one segment: each move's (and the games that ended there, under
/// [`MoveCode::NONE`]) score, and the best-rated games: (rating, game, move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The moves' scores.
    pub moves: Vec<(MoveCode, Score)>,
    /// The best-rated games, best first.
    pub top: Vec<(u16, u32, MoveCode)>,
}

impl Summary {
    /// The summary of one key's entries, `info` giving each game's record.
    pub fn of(entries: &[Entry], info: impl Fn(u32) -> Option<GameInfo>) -> Summary {
        let mut moves: HashMap<MoveCode, Score> = HashMap::new();
        let mut top = Vec::new();
        for entry in entries {
            let Some(info) = info(entry.game()) else {
                continue;
            };
            let rating = info.average_rating();
            moves
                .entry(entry.code())
                .or_default()
                .add(info.outcome, rating);
            keep_top(&mut top, (rating.unwrap_or(0), entry.game(), entry.code()));
        }
        let mut moves: Vec<(MoveCode, Score)> = moves.into_iter().collect();
        moves.sort_by_key(|&(code, _)| code);
        Summary { moves, top }
    }

    /// The bytes stored.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.moves.len() * 16 + self.top.len() * 8);
        put_varint(&mut out, self.moves.len() as u64);
        for (code, score) in &self.moves {
            put_varint(&mut out, u64::from(code.bits()));
            for n in score.counts() {
                put_varint(&mut out, n);
            }
        }
        put_varint(&mut out, self.top.len() as u64);
        for &(rating, game, code) in &self.top {
            put_varint(&mut out, u64::from(rating));
            put_varint(&mut out, u64::from(game));
            put_varint(&mut out, u64::from(code.bits()));
        }
        out
    }

    /// The summary of stored bytes (`None`: damaged).
    pub fn from_bytes(mut bytes: &[u8]) -> Option<Summary> {
        let mut get = || get_varint(&mut bytes);
        let moves = (0..get()?.min(4096))
            .map(|_| {
                let code = MoveCode::from_bits(u16::try_from(get()?).ok()?)?;
                let mut counts = [0; 6];
                for n in &mut counts {
                    *n = get()?;
                }
                Some((code, Score::from_counts(counts)))
            })
            .collect::<Option<Vec<_>>>()?;
        let top = (0..get()?.min(TOP as u64))
            .map(|_| {
                let rating = u16::try_from(get()?).ok()?;
                let game = u32::try_from(get()?).ok()?;
                Some((
                    rating,
                    game,
                    MoveCode::from_bits(u16::try_from(get()?).ok()?)?,
                ))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Summary { moves, top })
    }
}

/// Keeps the best-rated games, at most [`TOP`] (equal ratings: the earlier game); unrated
/// games are not kept.
pub(super) fn keep_top<T>(top: &mut Vec<(u16, u32, T)>, game: (u16, u32, T)) {
    if game.0 == 0 {
        return;
    }
    let at = top
        .partition_point(|t| (t.0, std::cmp::Reverse(t.1)) >= (game.0, std::cmp::Reverse(game.1)));
    if at < TOP {
        top.insert(at, game);
        top.truncate(TOP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::code::Outcome;
    use crate::index::games::Speed;
    use crate::index::key::Key;

    #[test]
    fn a_summary_counts_what_its_entries_scored_and_reads_back() {
        let key = Key::from_bits(77).unwrap();
        let e4 = MoveCode::of_parts(12 | 28 << 6, 0);
        let d4 = MoveCode::of_parts(11 | 27 << 6, 0);
        let codes = [e4, e4, d4, MoveCode::NONE, e4, d4, e4];
        let entries: Vec<Entry> = (codes.iter().enumerate())
            .map(|(i, &code)| Entry::new(key, i as u32, code))
            .collect();
        let outcomes = [
            Outcome::WhiteWins,
            Outcome::Draw,
            Outcome::BlackWins,
            Outcome::Unknown,
        ];
        let info = |game: u32| {
            Some(GameInfo {
                file: 0,
                offset: 0,
                line: 1,
                outcome: outcomes[game as usize % 4],
                ratings: [1000 + 100 * game as u16, 1500],
                date: 0,
                speed: Speed::Unknown,
                players: [0, 0],
            })
        };
        let summary = Summary::of(&entries, info);
        let score = |code| summary.moves.iter().find(|(c, _)| *c == code).unwrap().1;
        // e4: games 0 (1-0), 1 (draw), 4 (1-0), 6 (0-1).
        assert_eq!(score(e4).counts()[..4], [4, 2, 1, 1]);
        assert_eq!(
            score(d4).counts()[..4],
            [2, 0, 1, 1],
            "games 2 (0-1) and 5 (draw)"
        );
        assert_eq!(score(MoveCode::NONE).counts()[..4], [1, 0, 0, 0]);
        let best: Vec<u32> = summary.top.iter().map(|t| t.1).collect();
        assert_eq!(best, [6, 5, 4, 3, 2], "the best-rated first");
        assert_eq!(
            Summary::from_bytes(&summary.to_bytes()),
            Some(summary.clone())
        );
        let bytes = summary.to_bytes();
        assert_eq!(Summary::from_bytes(&bytes[..bytes.len() - 1]), None);
    }
}
