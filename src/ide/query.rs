//! A query file (`.chq`) open in an editor: its text, the query compiler's diagnostics, and
//! the words and forms offered where the cursor is. A query is a few lines: a change makes
//! a new document of the whole text, where a document of games re-checks only the games an
//! edit touches.

use super::place::{self, Placed, Places, Start};
use crate::pgn::{GameDiagnostic, LineIndex};
use crate::query::{self, Form, Query};

/// A query's text and what compiling it found.
///
/// ```
/// use jaque::ide::QueryDocument;
/// let document = QueryDocument::new("mate and\ncount(Q) > q".into());
/// let d: Vec<_> = document.diagnostics().collect();
/// assert_eq!((d[0].line, d[0].column, d[0].from.line, d[0].to.units), (2, 1, 1, 21));
/// assert_eq!(document.offset_of(1, 11), 20);
/// assert!(document.completion(11).iter().any(|f| f.label == "count("));
/// let named = QueryDocument::new("let knight = n\nkn".into());
/// assert_eq!(named.completion(17)[0].label, "knight");
/// // After a character of two bytes, the word begun is still `kn`.
/// let after = QueryDocument::new("let knight = n // é\n//ékn".into());
/// assert_eq!(after.completion(27).iter().map(|f| f.label.as_ref()).collect::<Vec<_>>(), ["knight"]);
/// assert!(document.query().is_none());
/// let right = QueryDocument::new("count(Q) > 1".into());
/// assert!(right.diagnostics().next().is_none() && right.query().is_some());
/// ```
#[derive(Clone, Debug)]
pub struct QueryDocument {
    text: String,
    /// The query compiled, when it has no error.
    query: Option<Query>,
    diagnostics: Vec<GameDiagnostic>,
    places: Places,
}

impl QueryDocument {
    /// The document of `text`, compiled.
    pub fn new(text: String) -> QueryDocument {
        let mut document = QueryDocument {
            text,
            query: None,
            diagnostics: Vec::new(),
            places: Places::default(),
        };
        document.compile();
        document
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The query compiled, unless it has an error.
    pub fn query(&self) -> Option<&Query> {
        self.query.as_ref()
    }

    /// The diagnostics, placed.
    pub fn diagnostics(&self) -> impl Iterator<Item = Placed<'_>> {
        place::placed(&self.diagnostics, Some(&self.places), Start::default())
    }

    /// The forms that complete the word before byte `at` (all of them after a blank): the
    /// names defined before it first, then the language's words and forms.
    pub fn completion(&self, at: usize) -> Vec<Form> {
        let before = self.text.get(..self.floor(at)).unwrap_or_default();
        let start = (before.char_indices().rev())
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = before.get(start..).unwrap_or_default();
        let defined = query::names(before.get(..start).unwrap_or_default());
        (defined.into_iter())
            .filter(|name| name.label.starts_with(word))
            .chain(query::completing(word))
            .collect()
    }

    /// The byte of a 0-based line and UTF-16 character (clamped to the line).
    pub fn offset_of(&self, line: usize, character: usize) -> usize {
        LineIndex::new(&self.text, 1).utf16_offset(line, character)
    }

    /// The byte at UTF-16 offset `units` from the text's start (JavaScript's offsets).
    pub fn utf16_offset(&self, units: usize) -> usize {
        let mut counted = 0;
        for (i, c) in self.text.char_indices() {
            if counted >= units {
                return i;
            }
            counted += c.len_utf16();
        }
        self.text.len()
    }

    /// Compiles the text: its diagnostics and their places.
    fn compile(&mut self) {
        (self.query, self.diagnostics) = match Query::parse(&self.text) {
            Ok(query) => (Some(query), Vec::new()),
            Err(error) => (None, vec![query::diagnostic(&self.text, error)]),
        };
        self.places = Places::of_diagnostics(&self.text, &self.diagnostics);
    }

    /// `at` clamped to the text, moved back to a character's start.
    fn floor(&self, at: usize) -> usize {
        let mut at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }
}
