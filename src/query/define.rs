//! Names: `let NAME = EXPR` before the query, each usable after it where its type fits (a
//! set, a number, a condition), as typed where it is used. A definition ends where its
//! expression can go no further (a condition beside it starts what follows), or at `;`. A
//! name is defined before it is used, so no definition reaches itself; how deep each one
//! nests counts where it is used, so that names cannot nest past [`MAX_DEPTH`].

use super::MAX_DEPTH;
use super::parse::{Defined, KEYWORDS, Parsed, Parser, near};
use super::syntax::{Definition, Kind, Node};
use crate::diagnostic::{FilterError, edit_distance};

impl Parser<'_> {
    /// The definitions at the start of the query, if any, and the error of one with no
    /// query after it.
    pub(super) fn definitions(&mut self) -> Parsed<()> {
        let mut last = None;
        loop {
            self.skip();
            let start = self.at;
            if !self.keyword("let") {
                break;
            }
            let (name, span) = self.new_name()?;
            if !self.eat("=") || self.rest().starts_with('=') {
                return Err(self.expected(&format!("`=` after `let {name}`")));
            }
            self.skip();
            if self.rest().is_empty() {
                return Err(self.expected(&format!("what `{name}` names after `=`")));
            }
            (self.depth, self.deepest, self.ends_beside) = (0, 0, Some(0));
            let node = self.disjunction();
            self.ends_beside = None;
            let node = node?;
            self.eat(";");
            last = Some(start..node.span.end);
            let definition = Definition { name, span, node };
            let height = self.deepest;
            (self.defined).push(Defined {
                definition,
                height,
                used: false,
            });
        }
        self.skip();
        match last {
            Some(last) if self.rest().is_empty() => Err(FilterError::new(
                last,
                "a `let` with no query after it",
            )
            .with_help("write the query after the definitions: `let n = [BN] count(n) == 2`")),
            _ => Ok(()),
        }
    }

    /// The name after `let`, or the error of a word that cannot be one.
    fn new_name(&mut self) -> Parsed<(String, std::ops::Range<usize>)> {
        let word = self.word_here();
        let span = self.at..self.at + word.len();
        let error = |message: String| {
            FilterError::new(span.clone(), message).with_help(
                "a name is letters, digits and `_`, and not a piece, a square or a word of the language: `minors`",
            )
        };
        if word.is_empty() {
            return Err(self.expected("a name after `let`"));
        }
        if word.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(error(format!("`{word}` starts with a digit")));
        }
        if KEYWORDS.contains(&word) {
            return Err(error(format!(
                "`{word}` is a word of the language, not a name"
            )));
        }
        let mut alone = Parser::new(word);
        if alone.set(0).is_ok() && alone.at == word.len() {
            return Err(error(format!(
                "`{word}` reads as a set of pieces or squares"
            )));
        }
        if let Some(first) = self.defined.iter().find(|d| d.definition.name == word) {
            let first = &first.definition.span;
            let message = format!("`{word}` is defined twice");
            let line = self
                .text
                .get(..first.start)
                .map_or(0, |t| t.lines().count().max(1));
            return Err(FilterError::new(span.clone(), message).with_help(format!(
                "give one of them another name (the first is on line {line})"
            )));
        }
        self.at = span.end;
        Ok((word.to_string(), span))
    }

    /// The index of the definition of `word`, if it is a name defined.
    pub(super) fn defined_as(&self, word: &str) -> Option<usize> {
        (self.defined.iter()).position(|d| d.definition.name == word)
    }

    /// A name used, at `start`: how deep its definition nests counts here.
    pub(super) fn name(&mut self, start: usize, word: &str) -> Parsed<Node> {
        let index = self.defined_as(word).unwrap_or(0);
        self.at += word.len();
        let height = self.defined.get(index).map_or(0, |d| d.height);
        if self.depth + height + 1 > MAX_DEPTH {
            return Err(FilterError::new(
                start..self.at,
                format!("the query nests deeper than {MAX_DEPTH} levels"),
            )
            .with_help("names count as deep as what they name: nest fewer of them"));
        }
        self.deepest = self.deepest.max(self.depth + height + 1);
        if let Some(defined) = self.defined.get_mut(index) {
            defined.used = true;
        }
        Ok(self.node(start, Kind::Name(index)))
    }

    /// `error`, or, for a word near a name defined, the error of a name not defined.
    pub(super) fn undefined(&self, start: usize, word: &str, error: FilterError) -> FilterError {
        let names = self.defined.iter().map(|d| d.definition.name.as_str());
        let nearest = names.min_by_key(|name| edit_distance(word, name));
        match nearest {
            Some(name) if word.len() > 1 && near(word, name) => FilterError::new(
                start..start + word.len(),
                format!("`{word}` is not defined"),
            )
            .with_help(format!("did you mean `{name}`?")),
            _ => error,
        }
    }

    /// The error of the first definition never used: as Go has it, an error, since a query
    /// has no warnings and such a name is most often a slip in the query.
    pub(super) fn all_used(&self) -> Parsed<()> {
        match self.defined.iter().find(|d| !d.used) {
            Some(unused) => {
                let Definition { name, span, .. } = &unused.definition;
                Err(
                    FilterError::new(span.clone(), format!("`{name}` is defined but never used"))
                        .with_help(format!("use it in the query, or remove `let {name} = …`")),
                )
            }
            None => Ok(()),
        }
    }
}
