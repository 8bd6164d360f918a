//! The games of a document that a query matches, as the page's query box lists them: each
//! game's place and name, and the mainline plies whose position matched (the `matches` of
//! `jaque query --json`).

use std::ops::Range;

use super::Document;
use crate::pgn::{Checker, Options};
use crate::query::Query;

/// A game the query matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// Its index among the document's games, from 0.
    pub game: usize,
    /// Its bytes in the text, the blanks after it left out.
    pub span: Range<usize>,
    /// `White - Black, Event, Date`, as the outline names it.
    pub name: String,
    /// The mainline plies whose position matched, ascending (0: the first position).
    pub plies: Vec<u32>,
}

impl Document {
    /// The games `query` matches, in the text's order: each game played again with the
    /// query's matcher watching (a question asked now and then, not kept).
    ///
    /// ```
    /// use jaque::query::Query;
    /// let text = "1. e4 e5 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    /// let document = jaque::ide::Document::new(text.into(), Default::default());
    /// let found = document.matching(&Query::parse("mate")?);
    /// assert_eq!((found.len(), found[0].game, found[0].span.start), (1, 1, 12));
    /// assert_eq!(found[0].plies, [4]);
    /// # Ok::<(), jaque::FilterError>(())
    /// ```
    pub fn matching(&self, query: &Query) -> Vec<Match> {
        let mut checker = Checker::new(Options::default());
        let mut matcher = query.matcher();
        let mut raw = super::cut::empty_game();
        let mut found = Vec::new();
        for (index, game) in self.games.iter().enumerate() {
            super::fill(&mut raw, &self.text, index, game);
            let report = checker.check_visiting(&raw, &mut matcher);
            let plies = matcher.plies();
            matcher.clear();
            if plies.is_empty() {
                continue;
            }
            let text = self.text.get(game.span()).unwrap_or_default();
            found.push(Match {
                game: index,
                span: game.offset..game.offset + text.trim_end().len(),
                name: super::questions::game_name(&report),
                plies,
            });
        }
        found
    }
}

/// Against python-chess's oracle (`tests/data/query/expect.jsonl`): every query of it on
/// two vendored files of games, each file the text of a document.
#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn the_games_matched_are_those_the_oracle_matches() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
        let oracle = std::fs::read_to_string(format!("{data}query/expect.jsonl")).expect("oracle");
        let mut compared = 0;
        for file in ["pgn/variations.pgn", "pgn/select.pgn"] {
            let bytes = std::fs::read(format!("{data}{file}")).expect("vendored");
            let document = Document::from_bytes(&bytes, Default::default());
            let cases = (oracle.lines().skip(1))
                .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
                .filter(|case| case["file"] == file);
            for case in cases {
                let text = case["query"].as_str().expect("a query");
                let query = Query::parse(text).expect("the oracle's queries compile");
                let found: Vec<Value> = (document.matching(&query).into_iter())
                    .map(|m| serde_json::json!([m.game, m.plies]))
                    .collect();
                assert_eq!(Value::Array(found), case["matches"], "{file}: {text}");
                compared += 1;
            }
        }
        assert!(compared > 100, "{compared} cases");
    }
}
