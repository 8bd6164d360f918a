//! The tokens of a game's text, and what the lexer reports where it finds none.

use std::ops::Range;

/// A termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), also the value of a Result tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl Outcome {
    /// Reads a marker.
    ///
    /// ```
    /// use jaque::pgn::syntax::Outcome;
    /// assert_eq!(Outcome::parse("1/2-1/2"), Some(Outcome::Draw));
    /// assert_eq!(Outcome::parse("1-1"), None);
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Option<Outcome> {
        match text {
            "1-0" => Some(Outcome::WhiteWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        }
    }

    /// The marker as PGN writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }
}

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `[Name "value"]`: where the name and the value are in the text (the value as
    /// written, between its quotes: [`unescape`](super::unescape) undoes its escapes).
    Tag {
        /// The tag name's bytes.
        name: Range<usize>,
        /// The value's bytes, escapes not undone.
        value: Range<usize>,
    },
    /// `12.` or `12...`: the number and how many dots.
    MoveNumber {
        /// The number.
        number: u32,
        /// How many dots (1 before a white move, 3 before a black one).
        dots: usize,
    },
    /// A SAN move (or something in its place that the SAN compiler judges).
    San,
    /// `$n`.
    Nag(u8),
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` standing alone.
    Glyph,
    /// `{ ... }` or `; ...`.
    Comment,
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// A termination marker.
    Result(Outcome),
}

/// A token and the bytes it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its bytes in the game's text.
    pub span: Range<usize>,
}

/// A problem the lexer found, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LexError {
    /// A `{` comment without its `}`.
    UnterminatedComment(Range<usize>),
    /// A tag line without its closing `"` or `]`.
    UnterminatedTag(Range<usize>),
    /// A tag line that is not `[Name "value"]`.
    BadTag(Range<usize>),
    /// A character that cannot start a token here (`}`, `]`, `"`, a control character).
    Stray(Range<usize>),
    /// A NAG whose number is not 0 to 255.
    BadNag(Range<usize>),
}
