//! The opening explorer: the moves played from a position, with how many games played each
//! and how they scored, filtered as lichess's explorer is (ratings, dates, speeds, one
//! player with a colour), and the position's best-rated games.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use redb::ReadTransaction;

use super::IndexError;
use super::code::{MoveCode, Outcome};
use super::games::{GameInfo, Speed, date};
use super::hot::{Summary, keep_top};
use super::key::Key;
use super::postings::Posting;
use super::read::{Index, Records, removed_ranges, segment_postings, segments, summary};
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

/// The filters as text, as `jaque tree`'s flags and Python's `Index.tree` give them: both
/// read them here, so that they take the same values and say the same about a wrong one.
#[derive(Clone, Copy, Debug, Default)]
pub struct FilterText<'a> {
    /// The players' average rating, `MIN..MAX` (either end may be left out).
    pub rating: Option<&'a str>,
    /// The first and last day, `YYYY`, `YYYY.MM` or `YYYY.MM.DD`.
    pub since: Option<&'a str>,
    #[allow(missing_docs)]
    pub until: Option<&'a str>,
    /// Speeds separated by `,` (`blitz,rapid`).
    pub speed: Option<&'a str>,
    /// A player's name (the White or Black tag, exactly).
    pub player: Option<&'a str>,
    /// With `player`: `white` or `black`.
    pub side: Option<&'a str>,
}

impl Filter {
    /// The filter `text` describes, or what is wrong, beginning with the filter's name
    /// (`rating 18..x: not MIN..MAX ...`).
    ///
    /// ```
    /// use jaque::index::tree::{Filter, FilterText};
    /// let text = FilterText { rating: Some("1800.."), until: Some("2024.05"), ..Default::default() };
    /// let filter = Filter::read(&text).unwrap();
    /// assert_eq!(filter.ratings, Some(1800..=u16::MAX));
    /// assert_eq!(filter.dates, Some(0..=20240531));
    /// assert!(Filter::read(&FilterText { speed: Some("fast"), ..Default::default() }).is_err());
    /// ```
    pub fn read(text: &FilterText) -> Result<Filter, String> {
        let ratings = (text.rating).map(rating_band).transpose()?;
        let day = |name: &str, value: Option<&str>, end: bool| -> Result<Option<u32>, String> {
            let Some(value) = value else { return Ok(None) };
            let read = date(value).ok_or_else(|| {
                format!("{name} {value}: not a date (YYYY, YYYY.MM or YYYY.MM.DD)")
            })?;
            Ok(Some(if end { last_day(read) } else { read }))
        };
        let (since, until) = (
            day("since", text.since, false)?,
            day("until", text.until, true)?,
        );
        let dates = (since.is_some() || until.is_some())
            .then(|| since.unwrap_or(0)..=until.unwrap_or(u32::MAX));
        let speeds = (text.speed.iter().flat_map(|s| s.split(',')))
            .map(|name| {
                Speed::named(name.trim()).ok_or_else(|| format!("speed: no speed called `{name}`"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let color = match text.side.map(str::to_ascii_lowercase).as_deref() {
            None => None,
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            Some(other) => return Err(format!("side {other}: white or black")),
        };
        if color.is_some() && text.player.is_none() {
            return Err("side: a side is of a player: give the player too".to_string());
        }
        let player = text.player.map(|name| (name.to_string(), color));
        Ok(Filter {
            ratings,
            dates,
            speeds,
            player,
        })
    }
}

/// `MIN..MAX`, either end left out.
fn rating_band(text: &str) -> Result<RangeInclusive<u16>, String> {
    let wrong = || format!("rating {text}: not MIN..MAX (such as 1800..2200, or 2000..)");
    let (low, high) = text.split_once("..").ok_or_else(wrong)?;
    let end = |part: &str, default: u16| match part.trim() {
        "" => Ok(default),
        part => part.parse::<u16>().map_err(|_| wrong()),
    };
    Ok(end(low, 0)?..=end(high, u16::MAX)?)
}

/// The last day a partial date stands for (`2024.05` ends at 2024.05.31, or later).
fn last_day(date: u32) -> u32 {
    match (date / 100 % 100, date % 100) {
        (0, _) => date + 1299 - date % 10_000 + 1231 - 1299,
        (_, 0) => date + 31,
        _ => date,
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
    /// Counts one game.
    pub(super) fn add(&mut self, outcome: Outcome, rating: Option<u16>) {
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

    /// Adds another's games.
    pub(super) fn merge(&mut self, other: &Score) {
        let [games, white, draws, black, rating_sum, rated] = other.counts();
        self.games += games;
        self.white += white;
        self.draws += draws;
        self.black += black;
        self.rating_sum += rating_sum;
        self.rated += rated;
    }

    /// Its counts: games, white, draws, black, rating sum, games rated.
    pub(super) fn counts(&self) -> [u64; 6] {
        [
            self.games,
            self.white,
            self.draws,
            self.black,
            self.rating_sum,
            self.rated,
        ]
    }

    /// The score of [`Score::counts`].
    pub(super) fn from_counts([games, white, draws, black, rating_sum, rated]: [u64; 6]) -> Score {
        Score {
            games,
            white,
            draws,
            black,
            rating_sum,
            rated,
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
        let key = Key::of(position);
        let legal = LegalCodes::of(position);
        let mut gathered = Gathered::default();
        if filter.is_empty() && removed_ranges(&tx)?.is_empty() {
            // A hot position's summary where a segment has one, its postings elsewhere.
            let mut records = Records::new(&tx)?;
            for segment in segments(&tx)? {
                match summary(&tx, segment, key)? {
                    Some(summary) => gathered.summary(&summary),
                    None => {
                        let mut postings = Vec::new();
                        segment_postings(&tx, segment, key, &mut postings)?;
                        gathered.postings(&postings, &mut records, |_| true)?;
                    }
                }
            }
        } else {
            let player = match &filter.player {
                Some((name, _)) => super::players::number(&tx, name)?,
                None => None,
            };
            let postings = self.postings(&tx, key)?;
            let passes = |info: &GameInfo| filter.passes(info, player);
            gathered.postings(&postings, &mut Records::new(&tx)?, passes)?;
        }
        gathered.tree(&tx, position, &legal)
    }
}

/// The moves of a position by their codes: a code that is none of them is another
/// position's (a collision of keys), and its games are left out.
pub(super) struct LegalCodes(HashMap<MoveCode, Move>);

impl LegalCodes {
    pub(super) fn of(position: &Position) -> LegalCodes {
        let legal = position.legal_moves();
        LegalCodes(
            legal
                .iter()
                .map(|&mv| (MoveCode::new(Some(mv)), mv))
                .collect(),
        )
    }

    /// Whether a game that played `code` at the position can be there: a legal move, or
    /// none (the game ended there).
    pub(super) fn admits(&self, code: MoveCode) -> bool {
        !code.is_move() || self.0.contains_key(&code)
    }
}

/// The scores by move code and the best-rated games, gathered from summaries and postings.
#[derive(Default)]
struct Gathered {
    moves: HashMap<MoveCode, Score>,
    top: Vec<(u16, u32, MoveCode)>,
}

impl Gathered {
    fn summary(&mut self, summary: &Summary) {
        for (code, score) in &summary.moves {
            self.moves.entry(*code).or_default().merge(score);
        }
        for &game in &summary.top {
            keep_top(&mut self.top, game);
        }
    }

    /// Counts the games of `postings` whose records pass.
    fn postings(
        &mut self,
        postings: &[Posting],
        records: &mut Records<'_>,
        passes: impl Fn(&GameInfo) -> bool,
    ) -> Result<(), IndexError> {
        for posting in postings {
            let info = records.get(posting.game)?;
            if !passes(&info) {
                continue;
            }
            let rating = info.average_rating();
            self.moves
                .entry(posting.code)
                .or_default()
                .add(info.outcome, rating);
            keep_top(
                &mut self.top,
                (rating.unwrap_or(0), posting.game, posting.code),
            );
        }
        Ok(())
    }

    /// The tree: codes not legal in the position left out.
    fn tree(
        self,
        tx: &ReadTransaction,
        position: &Position,
        legal: &LegalCodes,
    ) -> Result<Tree, IndexError> {
        let mut tree = Tree::default();
        let mut moves = HashMap::new();
        for (code, score) in self.moves {
            if !legal.admits(code) {
                continue;
            }
            tree.score.merge(&score);
            if let Some(&mv) = legal.0.get(&code) {
                moves.insert(mv, score);
            }
        }
        tree.moves = tree_moves(position, moves);
        let top = self.top.into_iter().filter(|t| legal.admits(t.2));
        tree.top_games = top_games(tx, position, legal, top)?;
        Ok(tree)
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
    legal: &LegalCodes,
    top: impl Iterator<Item = (u16, u32, MoveCode)>,
) -> Result<Vec<TopGame>, IndexError> {
    let mut records = Records::new(tx)?;
    let names = super::players::Names::new(tx)?;
    let chess960 = position.is_chess960();
    top.map(|(_, game, code)| {
        let info = records.get(game)?;
        Ok(TopGame {
            game,
            info,
            players: [names.get(info.players[0])?, names.get(info.players[1])?],
            uci: legal.0.get(&code).map(|mv| mv.uci(chess960).to_string()),
        })
    })
    .collect()
}
