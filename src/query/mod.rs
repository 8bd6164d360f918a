//! Questions about the positions and moves of games, in a small language compiled to
//! bitboard operations: `jaque query`, `jaque select --query` and Python's `jaque.query`
//! ask them. The text is read into a tree ([`parse`]), checked and typed into a plan of tests
//! on one position and steps joining them ([`compile`]), the plan made into closures with its
//! sets resolved once ([`program`]), and those asked of a game's positions as its moves are
//! played ([`Matcher`]). Errors point into the query's text.
//!
//! The language (`docs/query.md` has all of it, and what CQL users know):
//! - sets of squares: pieces `K Q R B N P` (white), `k q r b n p` (black), `A`, `a`, `_`
//!   (empty), unions `[RQ]`; squares `e4`, `a-h8`, `e1-8`, `a-d1-4`, lists `[e4,d5]`; pieces
//!   on squares `Qd1`, `[RQ]a-h7`. Where a letter could start a square, squares win: `b4`;
//! - numbers: `count(SET)`, `ply`, integers, compared with `== != < <= > >=`;
//! - conditions: a set (not empty), `SET attacks SET`, `pinned SET`, `check`, `mate`,
//!   `stalemate`, `wtm`, `btm`, `move from SET to SET`, `capture`, `promote [PIECES]`,
//!   `not`, `and`, `or`, `flipcolor Q`, `line --> Q1 --> Q2{m,n} …`, `material KRPvKR`,
//!   `fen "FEN"` (the position, as EPD);
//! - transforms: `flip`, `flipvertical`, `fliphorizontal`, `shift`, `shifthorizontal`,
//!   `shiftvertical` (Q, or Q with its squares moved);
//! - names: `let NAME = EXPR` before the query; comments: `//` to the end of the line.

mod compile;
mod define;
mod eval;
mod exact;
mod explain;
mod material;
mod necessary;
mod parse;
mod pattern;
mod program;
mod reach;
mod squares;
mod syntax;
#[cfg(test)]
mod tests;
mod transform;
mod words;

use crate::diagnostic::{Code, Diagnostic, FilterError};
use crate::pgn::GameDiagnostic;

pub use compile::MAX_STEPS;
pub use eval::Matcher;
pub use necessary::{MaterialBounds, Necessary};
pub use parse::MAX_DEPTH;
pub use words::{Form, FormKind, completing, forms, names};

/// The extension of a query file, which `jaque check`, `jaque lsp` and `jaque query --file`
/// read as a query.
pub const EXTENSION: &str = "chq";

/// The diagnostics of a query file's text, as `jaque check` and the editors show them: none,
/// or the error that stops the query being read or compiled (code `bad_query`), its span a
/// byte range of `text`, placed by line and column in it.
///
/// ```
/// let d = jaque::query::diagnostics("mate and\ncount(Q) > q");
/// assert_eq!((d[0].diagnostic.code.as_str(), d[0].diagnostic.span.clone()), ("bad_query", 9..21));
/// assert_eq!((d[0].line, d[0].column, d[0].end_line, d[0].end_column), (2, 1, 2, 13));
/// assert!(jaque::query::diagnostics("mate").is_empty());
/// ```
pub fn diagnostics(text: &str) -> Vec<GameDiagnostic> {
    match Query::parse(text) {
        Ok(_) => Vec::new(),
        Err(error) => vec![diagnostic(text, error)],
    }
}

/// `error`, about the query `text`, as a diagnostic placed in it (see [`diagnostics`]).
pub fn diagnostic(text: &str, error: FilterError) -> GameDiagnostic {
    let mut diagnostic = Diagnostic::new(Code::BadQuery, error.message, "", error.span);
    diagnostic.help = error.help;
    crate::pgn::place_one(text, 1, diagnostic)
}

/// A query, read, checked and compiled.
///
/// ```
/// use jaque::query::Query;
/// let query = Query::parse("[RQ]a-h7 and count(P) > count(p)")?;
/// assert_eq!(query.text(), "[RQ]a-h7 and count(P) > count(p)");
/// let error = Query::parse("count(Q) > q").unwrap_err();
/// assert_eq!((error.span, error.message.as_str()), (0..12, "a set compared with a number"));
/// # Ok::<(), jaque::FilterError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Query {
    text: String,
    plan: compile::Plan,
    /// `--sort`: a number asked at each position, whose greatest value over the matched
    /// positions is a game's value ([`Matcher::value`]).
    sort: Option<compile::Number>,
    /// The plan and the sort as closures, which the matcher calls.
    program: program::Program,
}

/// Two queries are equal when their text and plans are: the program is made from the plan.
impl PartialEq for Query {
    fn eq(&self, other: &Query) -> bool {
        (&self.text, &self.plan, &self.sort) == (&other.text, &other.plan, &other.sort)
    }
}

impl Eq for Query {}

impl Query {
    /// Reads and compiles `text`, or says what is wrong where (a byte range of `text`).
    pub fn parse(text: &str) -> Result<Query, FilterError> {
        let tree = parse::parse(text)?;
        let plan = compile::compile(text, &tree)?;
        Ok(Query {
            text: text.to_string(),
            program: program::Program::new(&plan, None),
            plan,
            sort: None,
        })
    }

    /// The query with `number` (a count, `ply`, an integer) asked of each position it
    /// matches: a game's value is the greatest (`jaque query --sort`). An error points into
    /// `number`.
    ///
    /// ```
    /// use jaque::pgn::{Checker, Splitter};
    /// use jaque::query::Query;
    /// let query = Query::parse("check")?.sorted_by("ply")?;
    /// let game = Splitter::new(&b"1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *"[..]).next().unwrap()?;
    /// let mut matcher = query.matcher();
    /// Checker::default().check_visiting(&game, &mut matcher);
    /// assert_eq!((matcher.plies(), matcher.value()), (vec![3, 5], Some(5)));
    /// assert_eq!(Query::parse("check")?.sorted_by("mate").unwrap_err().message,
    ///            "a number is wanted here, not a condition");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sorted_by(self, number: &str) -> Result<Query, FilterError> {
        let tree = parse::parse(number)?;
        let sort = compile::number(number, &tree)?;
        Ok(Query {
            program: program::Program::new(&self.plan, Some(&sort)),
            sort: Some(sort),
            ..self
        })
    }

    /// The query's text, as given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the query looks ahead of a position (`line`): the whole mainline is needed
    /// before any ply is known to match.
    pub fn looks_ahead(&self) -> bool {
        self.plan.looks_ahead
    }

    /// What every position the query matches has, which an index can decide without
    /// reading a game (`jaque query QUERY DB`).
    pub fn necessary(&self) -> Necessary {
        necessary::necessary(&self.plan)
    }

    /// A matcher of this query, for one game after another.
    pub fn matcher(&self) -> Matcher<'_> {
        Matcher::new(self)
    }

    /// The plan, as `jaque query --explain` prints it: one numbered step a line.
    ///
    /// ```
    /// use jaque::query::Query;
    /// let plan = Query::parse("flipcolor wtm")?.explain();
    /// assert_eq!(plan, "1  test: white to move\n2  test: black to move\n3  any of 1 2\n");
    /// # Ok::<(), jaque::FilterError>(())
    /// ```
    pub fn explain(&self) -> String {
        explain::explain(&self.plan)
    }
}

impl std::str::FromStr for Query {
    type Err = FilterError;

    fn from_str(text: &str) -> Result<Query, FilterError> {
        Query::parse(text)
    }
}
