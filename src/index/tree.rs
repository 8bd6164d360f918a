//! The opening explorer: the moves played from a position, with how many games played each
//! and how they scored, filtered as lichess's explorer is (ratings, dates, speeds, one
//! player with a colour), and the position's best-rated games.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use redb::ReadTransaction;

use super::code::Outcome;
use super::games::{GameInfo, Speed};
use super::key::Key;
use super::read::{Index, Records};
use super::{IndexError, store, store_error};
use crate::{Color, Move, Position};

/// Only games that pass every filter given count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// The average of the two players' ratings (games without both ratings fail).
    pub ratings: Option<RangeInclusive<u16>>,
    /// The date, as [`super::games::date`] reads it (a game without a date fails).
    pub dates: Option<RangeInclusive<u32>>,
    /// The speeds wanted (empty: any).
    pub speeds: Vec<Speed>,
    /// A player, by name, playing `Some` colour or either.
    pub player: Option<(String, Option<Color>)>,
}

impl Filter {
    fn is_empty(&self) -> bool {
        *self == Filter::default()
    }

    /// Whether `info` passes, `player` being the filter's player's number (`None`: unknown
    /// to the index, so no game passes a player filter).
    fn passes(&self, info: &GameInfo, player: Option<u32>) -> bool {
        let rated =
            |band: &RangeInclusive<u16>| info.average_rating().is_some_and(|r| band.contains(&r));
        let plays = |id: u32| match &self.player {
            Some((_, Some(Color::White))) => info.players[0] == id,
            Some((_, Some(Color::Black))) => info.players[1] == id,
            _ => info.players.contains(&id),
        };
        self.ratings.as_ref().is_none_or(rated)
            && (self.dates.as_ref()).is_none_or(|d| info.date != 0 && d.contains(&info.date))
            && (self.speeds.is_empty() || self.speeds.contains(&info.speed))
            && (self.player.is_none() || player.is_some_and(plays))
    }
}

/// Games and how they scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games (those without a result included).
    pub games: u64,
    /// Won by White, drawn, won by Black.
    pub white: u64,
    #[allow(missing_docs)]
    pub draws: u64,
    #[allow(missing_docs)]
    pub black: u64,
    /// Of the games whose players' ratings are both known: their average ratings' sum, and
    /// how many.
    rating_sum: u64,
    rated: u64,
}

impl Score {
    fn add(&mut self, outcome: Outcome, rating: Option<u16>) {
        self.games += 1;
        match outcome {
            Outcome::WhiteWins => self.white += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::BlackWins => self.black += 1,
            Outcome::Unknown => {}
        }
        if let Some(rating) = rating {
            self.rating_sum += u64::from(rating);
            self.rated += 1;
        }
    }

    /// The average of the games' average ratings, where known.
    pub fn average_rating(&self) -> Option<u64> {
        (self.rated > 0).then(|| self.rating_sum / self.rated)
    }
}

/// A move of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove {
    /// The move.
    pub mv: Move,
    /// Its SAN in the position.
    pub san: String,
    /// Its UCI (Chess960's where the position is).
    pub uci: String,
    /// The games that played it, and how they scored.
    pub score: Score,
}

/// One of the position's best-rated games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopGame {
    /// Its number in the index.
    pub game: u32,
    /// Its record: where it is, its ratings, date, result.
    pub info: GameInfo,
    /// White and Black.
    pub players: [String; 2],
    /// The move it played from the position (`None`: it ended there).
    pub uci: Option<String>,
}

/// The explorer's answer for a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// All the games that reached the position and pass the filter.
    pub score: Score,
    /// The moves played, most games first, ties by UCI.
    pub moves: Vec<TreeMove>,
    /// The best-rated games, at most [`TOP_GAMES`].
    pub top_games: Vec<TopGame>,
}

/// The most top games a tree lists.
pub const TOP_GAMES: usize = 5;

impl Index {
    /// The tree of `position`: the games that reach it, counted once each at their first
    /// visit, and the moves they played there.
    ///
    /// ```no_run
    /// use jaque::index::{Index, tree::Filter};
    /// let index = Index::open("games.index".as_ref())?;
    /// let tree = index.tree(&jaque::Position::starting(), &Filter::default())?;
    /// for mv in &tree.moves {
    ///     println!("{} {} games", mv.san, mv.score.games);
    /// }
    /// # Ok::<(), jaque::index::IndexError>(())
    /// ```
    pub fn tree(&self, position: &Position, filter: &Filter) -> Result<Tree, IndexError> {
        let tx = self.read()?;
        let postings = self.postings(&tx, Key::of(position))?;
        let player = match &filter.player {
            Some((name, _)) => player_number(&tx, name)?,
            None => None,
        };
        let mut records = Records::new(&tx)?;
        let mut tree = Tree::default();
        let mut moves: HashMap<Move, Score> = HashMap::new();
        let mut top: Vec<(u16, u32, Option<Move>, GameInfo)> = Vec::new();
        for posting in postings {
            let played = posting.code.unpack(position);
            if posting.code.is_move() && played.is_none() {
                continue; // Another position's key: its move is not legal here.
            }
            let info = records.get(posting.game)?;
            if !filter.is_empty() && !filter.passes(&info, player) {
                continue;
            }
            let rating = info.average_rating();
            tree.score.add(info.outcome, rating);
            if let Some(mv) = played {
                moves.entry(mv).or_default().add(info.outcome, rating);
            }
            keep_top(&mut top, (rating.unwrap_or(0), posting.game, played, info));
        }
        tree.moves = tree_moves(position, moves);
        tree.top_games = top_games(&tx, position, top)?;
        Ok(tree)
    }
}

/// Keeps the best-rated games, at most [`TOP_GAMES`] (equal ratings: the earlier game).
fn keep_top(
    top: &mut Vec<(u16, u32, Option<Move>, GameInfo)>,
    game: (u16, u32, Option<Move>, GameInfo),
) {
    if game.0 == 0 {
        return;
    }
    let at = top.partition_point(|t| t.0 >= game.0);
    if at < TOP_GAMES {
        top.insert(at, game);
        top.truncate(TOP_GAMES);
    }
}

/// The moves, most games first, ties by UCI.
fn tree_moves(position: &Position, moves: HashMap<Move, Score>) -> Vec<TreeMove> {
    let chess960 = position.is_chess960();
    let mut out: Vec<TreeMove> = (moves.into_iter())
        .map(|(mv, score)| TreeMove {
            mv,
            san: crate::san::to_san(position, mv),
            uci: mv.uci(chess960).to_string(),
            score,
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .games
            .cmp(&a.score.games)
            .then_with(|| a.uci.cmp(&b.uci))
    });
    out
}

/// The top games with their players' names.
fn top_games(
    tx: &ReadTransaction,
    position: &Position,
    top: Vec<(u16, u32, Option<Move>, GameInfo)>,
) -> Result<Vec<TopGame>, IndexError> {
    let names = store::existing(tx.open_table(store::PLAYER_NAMES))?;
    let name = |id: u32| -> Result<String, IndexError> {
        let Some(names) = &names else {
            return Ok(String::new());
        };
        Ok(names
            .get(id)
            .map_err(store_error)?
            .map(|n| n.value().to_owned())
            .unwrap_or_default())
    };
    let chess960 = position.is_chess960();
    top.into_iter()
        .map(|(_, game, played, info)| {
            Ok(TopGame {
                game,
                info,
                players: [name(info.players[0])?, name(info.players[1])?],
                uci: played.map(|mv| mv.uci(chess960).to_string()),
            })
        })
        .collect()
}

/// The number of the player called `name`, if the index knows one.
fn player_number(tx: &ReadTransaction, name: &str) -> Result<Option<u32>, IndexError> {
    let Some(players) = store::existing(tx.open_table(store::PLAYERS))? else {
        return Ok(None);
    };
    Ok(players.get(name).map_err(store_error)?.map(|id| id.value()))
}
