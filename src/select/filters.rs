//! The filters as their text is given (on the command line, as Python's keyword
//! arguments), read into a [`Selection`] by one function for every face.

use super::pattern::Pattern;
use super::{Between, Dedupe, FilterError, Results, Selection, TagFilter, Target};
use crate::opening::EcoRange;
use crate::query::Query;

/// The text of each filter given, by the name every face gives it (`tag` is `--tag` on the
/// command line and `tag=` in Python).
#[derive(Clone, Debug, Default)]
pub struct Filters {
    /// `tag`: 'NAME OP VALUE', each.
    pub tags: Vec<String>,
    /// `player`: a regular expression.
    pub player: Option<String>,
    /// `result`: results joined by `,`.
    pub result: Option<String>,
    /// `plies`: `A..B`.
    pub plies: Option<String>,
    /// `fen`: positions, each.
    pub fen: Vec<String>,
    /// `moves`: SAN from the start, each.
    pub moves: Vec<String>,
    /// `variations`.
    pub variations: bool,
    /// `status`.
    pub status: Option<String>,
    /// `valid`.
    pub valid: bool,
    /// `invert`.
    pub invert: bool,
    /// `dedupe`: `moves` or `position`.
    pub dedupe: Option<String>,
    /// Every selected game gets a report of the whole game.
    pub whole_report: bool,
    /// `eco`: ECO ranges joined by `,` (`C50`, `C5`, `B20-B99`).
    pub eco: Option<String>,
    /// `opening`: a regular expression on the opening's name.
    pub opening: Option<String>,
    /// Every selected game is classified (`--add-opening`, `--json`).
    pub classify: bool,
    /// `pattern`: pgn-extract's FEN pattern on the placement.
    pub pattern: Option<String>,
    /// `either_colour`: the pattern with colours swapped matches too.
    pub either_colour: bool,
    /// `query`: a condition of the query language on some mainline position.
    pub query: Option<String>,
    /// `sort`: a number of the query language, asked where the query matches.
    pub sort: Option<String>,
    /// Every position the query matches is wanted, not only whether one does.
    pub all_matches: bool,
}

/// A filter whose text could not be read: its name, its text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadFilter {
    /// The filter's name (`tag`).
    pub name: &'static str,
    /// Its text.
    pub text: String,
    /// What is wrong, and where in the text.
    pub error: FilterError,
}

impl Filters {
    /// The selection these filters ask for, or every filter that is wrong.
    ///
    /// ```
    /// use jaque::select::Filters;
    /// let filters = Filters { tags: vec!["WhiteElo >> 2600".into()], result: Some("1-0,*".into()), ..Filters::default() };
    /// let bad = filters.selection().unwrap_err();
    /// assert_eq!((bad.len(), bad[0].name, bad[0].error.span.clone()), (1, "tag", 10..16));
    /// ```
    pub fn selection(&self) -> Result<Selection, Vec<BadFilter>> {
        let mut bad = Vec::new();
        let mut selection = Selection {
            variations: self.variations,
            valid: self.valid,
            invert: self.invert,
            whole_report: self.whole_report,
            classify: self.classify,
            all_matches: self.all_matches || self.sort.is_some(),
            ..Selection::default()
        };
        self.read_game_filters(&mut selection, &mut bad);
        self.read_position_filters(&mut selection, &mut bad);
        self.read_opening_filters(&mut selection, &mut bad);
        if bad.is_empty() {
            Ok(selection)
        } else {
            Err(bad)
        }
    }

    /// The filters on a game's tags, result and length, into `selection`; what cannot be
    /// read, into `bad`.
    fn read_game_filters(&self, selection: &mut Selection, bad: &mut Vec<BadFilter>) {
        let mut read = |name, text: &str, result| read(bad, name, text, result);
        for text in &self.tags {
            let tag = TagFilter::parse(text).map(|f| selection.tags.push(f));
            read("tag", text, tag);
        }
        if let Some(text) = &self.player {
            let regex = super::regex(text, 0..text.len().max(1));
            read("player", text, regex.map(|r| selection.player = Some(r)));
        }
        if let Some(text) = &self.result {
            let results = Results::parse(text).map(|r| selection.results = Some(r));
            read("result", text, results);
        }
        if let Some(text) = &self.plies {
            let plies = Between::parse(text).map(|p| selection.plies = Some(p));
            read("plies", text, plies);
        }
    }

    /// The filters on the positions a game reaches (FEN, moves, status, pattern, query and
    /// its sort), into `selection`; what cannot be read, into `bad`.
    fn read_position_filters(&self, selection: &mut Selection, bad: &mut Vec<BadFilter>) {
        let mut read = |name, text: &str, result| read(bad, name, text, result);
        for text in &self.fen {
            read(
                "fen",
                text,
                Target::fen(text).map(|t| selection.targets.push(t)),
            );
        }
        for text in &self.moves {
            let target = Target::moves(text).map(|t| selection.targets.push(t));
            read("moves", text, target);
        }
        if let Some(text) = &self.status {
            let status = Selection::status(text).map(|s| selection.statuses.push(s));
            read("status", text, status);
        }
        if let Some(text) = &self.pattern {
            let pattern = Pattern::parse(text).map_err(|e| FilterError {
                span: e.span,
                message: e.message,
                help: e.help,
            });
            let pattern = pattern.map(|p| {
                if self.either_colour {
                    selection.patterns.push(p.colours_swapped());
                }
                selection.patterns.push(p);
            });
            read("pattern", text, pattern);
        }
        if let Some(text) = &self.query {
            let query = Query::parse(text).map(|q| selection.query = Some(q));
            read("query", text, query);
        }
        if let Some(text) = &self.sort {
            let sorted = match selection.query.take() {
                Some(query) => query.sorted_by(text).map(|q| selection.query = Some(q)),
                // A query that could not be read is said once, above.
                None if self.query.is_some() => Ok(()),
                None => Err(FilterError::new(0..text.len(), "a sort needs a query")),
            };
            read("sort", text, sorted);
        }
    }

    /// The filters on a game's opening and on duplicates, into `selection`; what cannot be
    /// read, into `bad`.
    fn read_opening_filters(&self, selection: &mut Selection, bad: &mut Vec<BadFilter>) {
        let mut read = |name, text: &str, result| read(bad, name, text, result);
        if let Some(text) = &self.eco {
            read("eco", text, eco_ranges(text).map(|r| selection.eco = r));
        }
        if let Some(text) = &self.opening {
            let regex = super::regex(text, 0..text.len().max(1));
            read("opening", text, regex.map(|r| selection.opening = Some(r)));
        }
        if let Some(text) = &self.dedupe {
            let dedupe = dedupe(text).map(|d| selection.dedupe = Some(d));
            read("dedupe", text, dedupe);
        }
    }
}

/// Keeps the error of the filter `name` (its text `text`), if reading it failed.
fn read(bad: &mut Vec<BadFilter>, name: &'static str, text: &str, result: Result<(), FilterError>) {
    if let Err(error) = result {
        let text = text.to_string();
        bad.push(BadFilter { name, text, error });
    }
}

/// ECO ranges joined by `,`, each as [`EcoRange`] reads it.
fn eco_ranges(text: &str) -> Result<Vec<EcoRange>, FilterError> {
    let mut ranges = Vec::new();
    let mut at = 0;
    for part in text.split(',') {
        let lead = part.len() - part.trim_start().len();
        match part.trim().parse::<EcoRange>() {
            Ok(range) => ranges.push(range),
            Err(error) => {
                let start = at + lead + error.span.start;
                let span = start..(at + lead + error.span.end).max(start + 1);
                let help = "a code (`C50`), a prefix (`C5`, `C`) or a range (`B20-B99`)";
                return Err(FilterError::new(span, error.to_string()).with_help(help));
            }
        }
        at += part.len() + 1;
    }
    Ok(ranges)
}

/// A `dedupe` mode: `moves` (or empty) or `position`.
fn dedupe(text: &str) -> Result<Dedupe, FilterError> {
    match text {
        "" | "moves" => Ok(Dedupe::Moves),
        "position" => Ok(Dedupe::Position),
        _ => Err(
            FilterError::new(0..text.len(), "not a way to tell duplicates").with_help(
                "`moves` (the same start and moves) or `position` (the same final position)",
            ),
        ),
    }
}
