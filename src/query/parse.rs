//! The query's text read into [`Node`]s: precedence, tighter to looser, is a comparison and
//! `attacks`, then `not` (and `flipcolor`, the transforms, `line`'s elements), `and`, `or`.
//! The words and sets are read with nom; the structure by recursive descent whose depth is
//! counted, so that a deep nesting is an error, not a stack overflow. Spaces and `//`
//! comments may stand between any two parts. Definitions: [`define`](super::define).

use std::ops::Range;

use nom::IResult;
use nom::character::complete::digit1;

use super::syntax::{
    Definition, Designator, Kind, Node, Op, Pieces, Repeat, Transform, Tree, Word,
};
use crate::diagnostic::{FilterError, edit_distance};

/// How deep parentheses, `not`, the transforms, `line` and names may nest.
pub const MAX_DEPTH: usize = 64;

/// The words of the language, for errors' suggestions.
pub(super) const KEYWORDS: [&str; 28] = [
    "and",
    "attacks",
    "btm",
    "capture",
    "check",
    "count",
    "fen",
    "flip",
    "flipcolor",
    "fliphorizontal",
    "flipvertical",
    "from",
    "let",
    "line",
    "mate",
    "material",
    "move",
    "not",
    "or",
    "pinned",
    "ply",
    "promote",
    "shift",
    "shifthorizontal",
    "shiftvertical",
    "stalemate",
    "to",
    "wtm",
];

const PIECE_HELP: &str = "pieces are K Q R B N P (white), k q r b n p (black), A and a (any white, any black), _ (empty)";

/// Reads a whole query: its definitions, then the query.
pub(super) fn parse(text: &str) -> Result<Tree, FilterError> {
    let mut parser = Parser::new(text);
    parser.skip();
    if parser.at == text.len() {
        return Err(FilterError::new(0..text.len(), "an empty query")
            .with_help("write a condition, such as `mate` or `Qd1`"));
    }
    parser.definitions()?;
    let query = parser.disjunction()?;
    parser.end(None)?;
    parser.all_used()?;
    Ok(Tree {
        definitions: parser.defined.into_iter().map(|d| d.definition).collect(),
        query,
    })
}

pub(super) struct Parser<'t> {
    pub(super) text: &'t str,
    pub(super) at: usize,
    pub(super) depth: usize,
    /// The deepest nesting reached inside the definition being read.
    pub(super) deepest: usize,
    /// The definitions so far, each with how deep it nests and whether it is used.
    pub(super) defined: Vec<Defined>,
    /// While a definition's expression is read, the depth at which a condition beside the
    /// last ends it (and starts the next definition or the query).
    pub(super) ends_beside: Option<usize>,
}

/// A definition as the parser keeps it.
pub(super) struct Defined {
    pub(super) definition: Definition,
    pub(super) height: usize,
    pub(super) used: bool,
}

pub(super) type Parsed<T> = Result<T, FilterError>;

impl<'t> Parser<'t> {
    pub(super) fn new(text: &'t str) -> Parser<'t> {
        Parser {
            text,
            at: 0,
            depth: 0,
            deepest: 0,
            defined: Vec::new(),
            ends_beside: None,
        }
    }

    pub(super) fn rest(&self) -> &'t str {
        self.text.get(self.at..).unwrap_or("")
    }

    /// Skips spaces and comments (`//` to the end of the line).
    pub(super) fn skip(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.at += rest.len() - trimmed.len();
            if !trimmed.starts_with("//") {
                return;
            }
            self.at += trimmed.find('\n').map_or(trimmed.len(), |end| end + 1);
        }
    }

    /// Whether the text goes on with `literal` (after spaces); reads it if so.
    pub(super) fn eat(&mut self, literal: &str) -> bool {
        self.skip();
        let found = self.rest().starts_with(literal);
        if found {
            self.at += literal.len();
        }
        found
    }

    /// The run of letters and digits at the reader (a word, a set), after spaces.
    pub(super) fn word_here(&mut self) -> &'t str {
        self.skip();
        let rest = self.rest();
        let end = (rest.char_indices())
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
            .map_or(rest.len(), |(i, _)| i);
        &rest[..end]
    }

    /// Reads `keyword` if the next word is it, whole.
    pub(super) fn keyword(&mut self, keyword: &str) -> bool {
        if self.word_here() == keyword {
            self.at += keyword.len();
            return true;
        }
        false
    }

    /// The span of the next character (or of the end).
    pub(super) fn here(&self) -> Range<usize> {
        let width = self.rest().chars().next().map_or(0, char::len_utf8);
        self.at..self.at + width
    }

    /// One level deeper, or the error of a nesting too deep at `span`.
    pub(super) fn deeper(&mut self, span: Range<usize>) -> Parsed<()> {
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        if self.depth > MAX_DEPTH {
            return Err(FilterError::new(
                span,
                format!("the query nests deeper than {MAX_DEPTH} levels"),
            )
            .with_help("write it with fewer parentheses, `not`s and `line`s inside each other"));
        }
        Ok(())
    }

    pub(super) fn disjunction(&mut self) -> Parsed<Node> {
        let mut parts = vec![self.conjunction()?];
        while self.keyword("or") {
            parts.push(self.conjunction()?);
        }
        Ok(joined(parts, Kind::Or))
    }

    fn conjunction(&mut self) -> Parsed<Node> {
        let mut parts = vec![self.unary()?];
        loop {
            if self.keyword("and") {
                parts.push(self.unary()?);
            } else if self.starts_condition() && self.ends_beside != Some(self.depth) {
                return Err(self.side_by_side(parts.last()));
            } else {
                return Ok(joined(parts, Kind::And));
            }
        }
    }

    /// Whether what follows could start another condition (and so stands beside the last).
    fn starts_condition(&mut self) -> bool {
        let word = self.word_here();
        let next = self.rest().chars().next();
        match next {
            Some('(' | '[') => true,
            Some(_) if !word.is_empty() => !matches!(word, "or" | "and" | "from" | "to" | "let"),
            _ => false,
        }
    }

    /// The error of two conditions side by side: the second's span, or its own error.
    fn side_by_side(&mut self, first: Option<&Node>) -> FilterError {
        let start = self.at;
        let second = match self.unary() {
            Ok(second) => second,
            Err(error) => return error,
        };
        let first = first.map_or("", |node| self.text.get(node.span.clone()).unwrap_or(""));
        let second_text = self.text.get(start..second.span.end).unwrap_or("");
        FilterError::new(start..second.span.end, "two conditions side by side").with_help(format!(
            "join them with `and` (or `or`): `{first} and {second_text}`"
        ))
    }

    /// `not A`, `flipcolor A`, a transform (`flip A`, …), `line --> …`, or a comparison.
    fn unary(&mut self) -> Parsed<Node> {
        self.skip();
        let start = self.at;
        let keyword = |parser: &mut Parser, word| parser.keyword(word);
        let node = if keyword(self, "not") {
            self.deeper(start..self.at)?;
            let inner = self.unary()?;
            self.node(start, Kind::Not(Box::new(inner)))
        } else if keyword(self, "flipcolor") {
            self.deeper(start..self.at)?;
            let inner = self.unary()?;
            self.node(start, Kind::Flipcolor(Box::new(inner)))
        } else if keyword(self, "line") {
            self.deeper(start..self.at)?;
            self.line(start)?
        } else if let Some(transform) = self.transform() {
            self.deeper(start..self.at)?;
            let inner = self.unary()?;
            self.node(start, Kind::Transform(transform, Box::new(inner)))
        } else {
            return self.comparison();
        };
        self.depth -= 1;
        Ok(node)
    }

    /// Reads a transform's word (`flip`, `shift`, …) if one is next.
    fn transform(&mut self) -> Option<Transform> {
        let word = self.word_here();
        let (text, transform) = Transform::ALL.into_iter().find(|(t, _)| *t == word)?;
        self.at += text.len();
        Some(transform)
    }

    pub(super) fn node(&self, start: usize, kind: Kind) -> Node {
        Node {
            kind,
            span: start..self.at,
        }
    }

    /// `line --> A{m,n} --> B …`, after `line`.
    fn line(&mut self, start: usize) -> Parsed<Node> {
        let mut elements = Vec::new();
        while self.eat("-->") {
            let element = self.unary()?;
            let repeat = self.repeat()?;
            elements.push((element, repeat));
        }
        if elements.is_empty() {
            self.skip();
            return Err(
                FilterError::new(start..self.at, "a `line` without elements")
                    .with_help("write the positions in turn: `line --> check --> mate`"),
            );
        }
        Ok(self.node(start, Kind::Line(elements)))
    }

    /// `{m}`, `{m,n}`, `{m,}`, `*`, `+`, or nothing (once).
    fn repeat(&mut self) -> Parsed<Repeat> {
        self.skip();
        let start = self.at;
        if self.eat("*") {
            return Ok(Repeat {
                least: 0,
                most: None,
            });
        }
        if self.eat("+") {
            return Ok(Repeat {
                least: 1,
                most: None,
            });
        }
        if !self.eat("{") {
            return Ok(Repeat::ONCE);
        }
        let least = self.number()?;
        let most = match self.eat(",") {
            true if self.eat("}") => return Ok(Repeat { least, most: None }),
            true => self.number()?,
            false => least,
        };
        if !self.eat("}") {
            return Err(self.expected("`}` closing the repetition"));
        }
        if most < least {
            return Err(FilterError::new(
                start..self.at,
                format!("the repetition `{{{least},{most}}}` is empty"),
            )
            .with_help(format!(
                "write the smaller count first: `{{{most},{least}}}`"
            )));
        }
        Ok(Repeat {
            least,
            most: Some(most),
        })
    }

    /// A number at the reader.
    fn number(&mut self) -> Parsed<u32> {
        self.skip();
        let digits: IResult<&str, &str> = digit1(self.rest());
        let Ok((_, digits)) = digits else {
            return Err(self.expected("a number"));
        };
        let span = self.at..self.at + digits.len();
        self.at = span.end;
        digits.parse().map_err(|_| {
            FilterError::new(span, "a number too large").with_help("numbers go up to 4294967295")
        })
    }

    /// The error of something expected at the reader.
    pub(super) fn expected(&mut self, what: &str) -> FilterError {
        self.skip();
        let found = match self.rest().chars().next() {
            Some(c) => format!("`{c}`"),
            None => "the end of the query".to_string(),
        };
        FilterError::new(self.here(), format!("expected {what}, found {found}"))
    }

    /// `A OP B`, `A attacks B`, or a term alone.
    fn comparison(&mut self) -> Parsed<Node> {
        self.skip();
        let start = self.at;
        let left = self.term()?;
        if self.keyword("attacks") {
            let right = self.operand("attacks")?;
            let kind = Kind::Attacks(Box::new(left), Box::new(right));
            return Ok(self.node(start, kind));
        }
        self.skip();
        let Some((text, op)) = Op::ALL
            .into_iter()
            .find(|(t, _)| self.rest().starts_with(t))
        else {
            return Ok(left);
        };
        self.at += text.len();
        if !self.starts_term() {
            return Err(self.expected(&format!("a number or `count(…)` after `{text}`")));
        }
        let right = self.term()?;
        Ok(self.node(start, Kind::Compare(op, Box::new(left), Box::new(right))))
    }

    fn starts_term(&mut self) -> bool {
        self.skip();
        !self.word_here().is_empty() || matches!(self.rest().chars().next(), Some('(' | '['))
    }

    /// A parenthesis, a word's form, a number, `count(…)` or a set.
    fn term(&mut self) -> Parsed<Node> {
        self.skip();
        let start = self.at;
        if self.eat("(") {
            self.deeper(start..self.at)?;
            let inner = self.disjunction()?;
            self.end(Some(start))?;
            self.depth -= 1;
            return Ok(Node {
                span: start..self.at,
                ..inner
            });
        }
        let word = self.word_here();
        if let Some((_, word)) = Word::ALL.iter().find(|(text, _)| *text == word) {
            self.at += word_len(*word);
            return Ok(self.node(start, Kind::Word(*word)));
        }
        match word {
            "ply" => {
                self.at += 3;
                Ok(self.node(start, Kind::Ply))
            }
            "count" => self.count(start),
            "material" => self.material(start),
            "fen" => self.fen(start),
            "move" => self.last_move(start),
            "promote" => self.promote(start),
            "pinned" => {
                self.at += word.len();
                self.deeper(start..self.at)?;
                let inner = self.operand("pinned")?;
                self.depth -= 1;
                Ok(self.node(start, Kind::Pinned(Box::new(inner))))
            }
            _ if word.starts_with(|c: char| c.is_ascii_digit()) => {
                let number = self.number()?;
                Ok(self.node(start, Kind::Number(number)))
            }
            _ if self.defined_as(word).is_some() => self.name(start, word),
            _ => self
                .set(start)
                .map_err(|error| self.undefined(start, word, error)),
        }
    }

    /// A set after `word` (`attacks`, `from`, `to`, `pinned`), or the error of its absence.
    fn operand(&mut self, word: &str) -> Parsed<Node> {
        self.skip();
        if matches!(self.rest().chars().next(), None | Some(')')) {
            return Err(self.expected(&format!("a set after `{word}`")));
        }
        self.term()
    }

    /// `count(SET)`, at `count`.
    fn count(&mut self, start: usize) -> Parsed<Node> {
        self.at += "count".len();
        let open = self.at;
        if !self.eat("(") {
            return Err(self.expected("`(` after `count`"));
        }
        self.deeper(open..self.at)?;
        let inner = self.disjunction()?;
        self.end(Some(open))?;
        self.depth -= 1;
        Ok(self.node(start, Kind::Count(Box::new(inner))))
    }

    /// `move [from A] [to B]`, at `move`.
    fn last_move(&mut self, start: usize) -> Parsed<Node> {
        self.at += "move".len();
        let from = match self.keyword("from") {
            true => Some(Box::new(self.operand("from")?)),
            false => None,
        };
        let to = match self.keyword("to") {
            true => Some(Box::new(self.operand("to")?)),
            false => None,
        };
        Ok(self.node(start, Kind::Move { from, to }))
    }

    /// `promote [PIECES]`, at `promote`.
    fn promote(&mut self, start: usize) -> Parsed<Node> {
        self.at += "promote".len();
        self.skip();
        let rest = self.rest();
        let pieces = match rest.chars().next() {
            Some('[') => Some(self.union()?.0),
            Some(c) if Pieces::of_letter(c).is_some() && self.word_here().len() == 1 => {
                self.at += 1;
                Pieces::of_letter(c)
            }
            _ => None,
        };
        Ok(self.node(start, Kind::Promote(pieces)))
    }

    /// Reads the end of a parenthesis opened at `open` (or of the query, without one).
    fn end(&mut self, open: Option<usize>) -> Parsed<()> {
        self.skip();
        match (open, self.rest().chars().next()) {
            (Some(_), Some(')')) => {
                self.at += 1;
                Ok(())
            }
            (None, None) => Ok(()),
            (Some(open), None) => Err(FilterError::new(open..open + 1, "unclosed `(`")
                .with_help("close it with `)` at the end of what it holds")),
            (None, Some(')')) => Err(FilterError::new(self.here(), "unmatched `)`")
                .with_help("open it with `(` before what it closes, or remove it")),
            (None, Some('l')) if self.word_here() == "let" => {
                Err(
                    FilterError::new(self.at..self.at + 3, "a `let` after the query").with_help(
                        "write the definitions first, then the query: `let n = [BN] count(n) == 2`",
                    ),
                )
            }
            (_, Some(c)) => {
                let error = self.expected(match open {
                    Some(_) => "`)`, `and` or `or`",
                    None => "`and`, `or` or the end of the query",
                });
                Err(match c {
                    '=' => error.with_help("`==` compares two numbers"),
                    _ => error,
                })
            }
        }
    }

    /// A set: squares, pieces, or pieces then squares; the longest reading as squares wins.
    pub(super) fn set(&mut self, start: usize) -> Parsed<Node> {
        let word = self.word_here();
        let squares = self.squares()?;
        let pieces = match squares {
            Some(_) => None,
            None => Some(self.pieces(word)?),
        };
        let squares = match (squares, self.rest().chars().next()) {
            (Some(squares), _) => Some(squares),
            (None, Some('[' | 'a'..='h')) => self.squares()?,
            _ => None,
        };
        let read = self.at - start;
        if read < word.len() && self.rest().starts_with(|c: char| c.is_ascii_alphanumeric()) {
            return Err(unknown_word(start, word));
        }
        let designator = Designator { pieces, squares };
        Ok(self.node(start, Kind::Set(designator)))
    }

    /// Piece letters at the reader (one, or a `[…]` union), or the error of an unknown one.
    fn pieces(&mut self, word: &str) -> Parsed<Pieces> {
        let rest = self.rest();
        match rest.chars().next() {
            Some('[') => self.union().map(|(pieces, _)| pieces),
            Some(c) => match Pieces::of_letter(c) {
                Some(pieces) => {
                    self.at += 1;
                    Ok(pieces)
                }
                None if word.len() > 1 && word.chars().all(|c| c.is_ascii_lowercase()) => {
                    Err(unknown_word(self.at, word))
                }
                None => Err(
                    FilterError::new(self.here(), format!("unknown piece letter `{c}`"))
                        .with_help(PIECE_HELP),
                ),
            },
            None => Err(self.expected("a condition")),
        }
    }

    /// `[RQ]` at the reader.
    fn union(&mut self) -> Parsed<(Pieces, Range<usize>)> {
        let start = self.at;
        self.at += 1;
        let mut pieces = Pieces::default();
        loop {
            match self.rest().chars().next() {
                Some(']') if pieces != Pieces::default() => break,
                Some(c) => match Pieces::of_letter(c) {
                    Some(more) => pieces = pieces.union(more),
                    None => {
                        let message = format!("unknown piece letter `{c}` in `[…]`");
                        return Err(FilterError::new(self.here(), message).with_help(PIECE_HELP));
                    }
                },
                None => {
                    return Err(FilterError::new(start..start + 1, "unclosed `[`")
                        .with_help("close the union with `]`: `[RQ]`"));
                }
            }
            self.at += 1;
        }
        self.at += 1;
        Ok((pieces, start..self.at))
    }
}

fn word_len(word: Word) -> usize {
    (Word::ALL.iter())
        .find(|(_, w)| *w == word)
        .map_or(0, |(text, _)| text.len())
}

/// `parts` as one node: the part alone, or joined by `and` / `or`.
fn joined(mut parts: Vec<Node>, join: fn(Vec<Node>) -> Kind) -> Node {
    if parts.len() == 1
        && let Some(part) = parts.pop()
    {
        return part;
    }
    let start = parts.first().map_or(0, |p| p.span.start);
    let end = parts.last().map_or(0, |p| p.span.end);
    Node {
        kind: join(parts),
        span: start..end,
    }
}

/// Whether `word` is near `known`, as a mistyping of it.
pub(super) fn near(word: &str, known: &str) -> bool {
    edit_distance(word, known) <= if word.len() >= 5 { 2 } else { 1 }
}

/// The error of a word the language does not know, with the nearest it does.
fn unknown_word(start: usize, word: &str) -> FilterError {
    let error = FilterError::new(start..start + word.len(), format!("unknown word `{word}`"));
    let near = |known: &&&str| near(word, known);
    match KEYWORDS.iter().min_by_key(|known| edit_distance(word, known)).filter(near) {
        Some(known) => {
            error.with_help(format!("did you mean `{known}`?"))
        }
        _ => error.with_help(
            "a condition is a word (`check`, `mate`, `move`, …) or a set of pieces on squares (`Qd1`)",
        ),
    }
}
