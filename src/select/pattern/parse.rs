//! Reading a pattern's text into ranks of squares and `*`s, or an error that points into it.
//!
//! One pass, no recursion: a set is read by a loop, ranks by splitting at `/`. A rank keeps at
//! most 8 squares and, its `*`s collapsed, at most 9 `*`s, whatever the text's length.

use std::ops::Range;

use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::Rank;

/// Why a pattern was rejected: the bytes of the text that are wrong, what is wrong and why,
/// and how to write it instead where there is one way; enough for a rustc-style message that
/// points into the argument.
///
/// ```
/// use jaque::select::pattern::Pattern;
/// let error = Pattern::parse("*/*/*/*/??P[Bb*/*/*/*").unwrap_err();
/// assert_eq!(error.span, 11..15);
/// assert_eq!(error.message, "this `[` is not closed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PatternError {
    /// The bytes of the pattern's text that are wrong.
    pub span: Range<usize>,
    /// What is wrong, and why.
    pub message: String,
    /// How to write it instead, where there is one way.
    pub help: Option<String>,
}

/// What each symbol means, for the help of an unknown one.
const SYMBOLS: &str = "a square is a piece letter (KQRBNP white, kqrbnp black), `?` anything, \
    `!` any piece, `A` any white piece, `a` any black piece, `m` anything but a pawn, `[...]` \
    one of a set or `[^...]` none of it; a digit 1 to 8 is that many empty squares and `*` any \
    run of squares within the rank";

/// The ranks' separator and order, for errors about them.
const RANKS: &str = "8 ranks from the 8th to the 1st, separated by `/`: `*` leaves a rank open";

fn error(span: Range<usize>, message: impl Into<String>, help: Option<&str>) -> PatternError {
    PatternError {
        span,
        message: message.into(),
        help: help.map(str::to_string),
    }
}

/// A set of the thirteen things a square may hold: each piece of each colour, or nothing. Bit
/// `6 * colour + role` is a piece, bit 12 the empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Contents(u16);

impl Contents {
    const NONE: Contents = Contents(0);
    /// `1`: an empty square.
    pub(super) const EMPTY_SQUARE: Contents = Contents(1 << 12);
    /// `!`: any piece.
    const PIECES: Contents = Contents(0x0fff);
    /// `?`: anything.
    const ANY: Contents = Contents(0x1fff);

    const fn piece(piece: Piece) -> Contents {
        Contents(1 << (piece.color.index() * 6 + piece.role.index()))
    }

    /// `A` or `a`: any piece of `color`.
    const fn side(color: Color) -> Contents {
        Contents(0x3f << (6 * color.index()))
    }

    /// `m`: anything but a pawn of either colour.
    fn no_pawn() -> Contents {
        let pawn = |color| {
            Contents::piece(Piece {
                color,
                role: Role::Pawn,
            })
        };
        Contents(Contents::ANY.0 & !(pawn(Color::White).0 | pawn(Color::Black).0))
    }

    /// Does the set allow `content` (`None`: an empty square)?
    pub(super) const fn allows(self, content: Option<Piece>) -> bool {
        let set = match content {
            Some(piece) => Contents::piece(piece),
            None => Contents::EMPTY_SQUARE,
        };
        self.0 & set.0 != 0
    }

    /// The same set with white and black swapped.
    pub(super) const fn colours_swapped(self) -> Contents {
        let white = self.0 & 0x3f;
        let black = (self.0 >> 6) & 0x3f;
        Contents(self.0 & Contents::EMPTY_SQUARE.0 | white << 6 | black)
    }

    const fn union(self, other: Contents) -> Contents {
        Contents(self.0 | other.0)
    }

    const fn complement(self) -> Contents {
        Contents(Contents::ANY.0 & !self.0)
    }

    /// The symbol of one square outside a set, or a member of a set.
    fn of_symbol(c: char) -> Option<Contents> {
        match c {
            '?' => Some(Contents::ANY),
            '!' => Some(Contents::PIECES),
            'A' => Some(Contents::side(Color::White)),
            'a' => Some(Contents::side(Color::Black)),
            'm' => Some(Contents::no_pawn()),
            _ => Piece::from_char(c).map(Contents::piece),
        }
    }
}

/// One symbol of a rank once read: a square and what it allows, or `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Token {
    /// One square.
    Square(Contents),
    /// Any run of squares, none included.
    Star,
}

/// One rank of a pattern: its squares and `*`s from the a-file on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RankTokens {
    /// Which rank.
    pub(super) rank: Rank,
    /// Its squares and `*`s, a digit read as that many empty squares, `**` as `*`.
    pub(super) tokens: Vec<Token>,
}

/// Reads the 8 ranks of `text`, the 8th first.
pub(super) fn parse(text: &str) -> Result<Vec<RankTokens>, PatternError> {
    if text.is_empty() {
        return Err(error(0..0, "the pattern is empty", Some(RANKS)));
    }
    let placement_end = text.find(char::is_whitespace).unwrap_or(text.len());
    if placement_end == 0 {
        let end = text
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(text.len());
        let help = Some("a pattern starts with its 8th rank");
        return Err(error(0..end, "a space before the pattern", help));
    }
    let placement = text.get(..placement_end).unwrap_or_default();
    let mut ranks = Vec::with_capacity(8);
    let mut start = 0;
    for (rank, body) in Rank::ALL.into_iter().rev().zip(placement.split('/')) {
        ranks.push(parse_rank(text, start..start + body.len(), rank)?);
        start += body.len() + 1;
    }
    let count = placement.split('/').count();
    if count != 8 {
        let span = match placement.match_indices('/').nth(7) {
            Some((extra, _)) => extra..placement_end,
            None => 0..placement_end,
        };
        let message = format!("a pattern has 8 ranks, this one has {count}");
        return Err(error(span, message, Some(RANKS)));
    }
    if placement_end < text.len() {
        return Err(error(
            placement_end..text.len(),
            "a pattern is a board's placement alone: nothing may follow it",
            Some(
                "leave out the side to move, the castling rights and the rest of a FEN \
                 (pgn-extract reads the text after a space as a label)",
            ),
        ));
    }
    Ok(ranks)
}

/// The characters of a rank one after another, with their byte offsets into the whole text.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    end: usize,
}

impl Cursor<'_> {
    fn next(&mut self) -> Option<(usize, char)> {
        let c = self.text.get(self.at..self.end)?.chars().next()?;
        let at = self.at;
        self.at += c.len_utf8();
        Some((at, c))
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.at..self.end)?.chars().next()
    }
}

fn span_of(at: usize, c: char) -> Range<usize> {
    at..at + c.len_utf8()
}

/// Reads the rank at `span` of `text`: its tokens, then whether it describes 8 squares.
fn parse_rank(text: &str, span: Range<usize>, rank: Rank) -> Result<RankTokens, PatternError> {
    if span.is_empty() {
        let slash = if text
            .get(span.start..)
            .is_some_and(|rest| rest.starts_with('/'))
        {
            span.start..span.start + 1
        } else {
            span.start.saturating_sub(1)..span.start
        };
        let help = Some("`8` is an empty rank, `*` any rank");
        return Err(error(slash, format!("rank {rank} is empty"), help));
    }
    let mut cursor = Cursor {
        text,
        at: span.start,
        end: span.end,
    };
    let mut tokens = Vec::new();
    let mut squares: usize = 0;
    let mut push = |tokens: &mut Vec<Token>, contents: Contents, count: usize| {
        squares = squares.saturating_add(count);
        if squares <= 8 {
            tokens.extend(std::iter::repeat_n(Token::Square(contents), count));
        }
    };
    while let Some((at, c)) = cursor.next() {
        match c {
            '*' if tokens.last() == Some(&Token::Star) => {}
            '*' => tokens.push(Token::Star),
            '1'..='8' => push(
                &mut tokens,
                Contents::EMPTY_SQUARE,
                c as usize - '0' as usize,
            ),
            '[' => push(&mut tokens, parse_set(&mut cursor, at)?, 1),
            _ => push(&mut tokens, one_square(at, c)?, 1),
        }
    }
    check_length(span, rank, squares, tokens.contains(&Token::Star))?;
    Ok(RankTokens { rank, tokens })
}

/// The contents of one square outside a set, or why `c` is none.
fn one_square(at: usize, c: char) -> Result<Contents, PatternError> {
    if let Some(contents) = Contents::of_symbol(c) {
        return Ok(contents);
    }
    let (message, help) = match c {
        '0' | '9' => (
            format!("`{c}` is no count of empty squares"),
            "a digit 1 to 8 is that many empty squares",
        ),
        ']' => (
            "this `]` closes no set".to_string(),
            "a set is written `[Qq]`",
        ),
        '^' => (
            "`^` outside a set".to_string(),
            "`[^Pp]` is anything but a pawn: the `^` comes first inside the brackets",
        ),
        _ => (format!("unknown symbol `{c}`"), SYMBOLS),
    };
    Err(error(span_of(at, c), message, Some(help)))
}

/// Reads a set whose `[` is at `open`, up to its `]`.
fn parse_set(cursor: &mut Cursor<'_>, open: usize) -> Result<Contents, PatternError> {
    let rest = cursor.text.get(cursor.at..cursor.end).unwrap_or_default();
    let Some(close) = rest.find(']').map(|offset| cursor.at + offset) else {
        let help = "a set lies within its rank: close it with `]` before the rank's `/`";
        let message = "this `[` is not closed";
        return Err(error(open..cursor.end, message, Some(help)));
    };
    let mut members = Cursor {
        text: cursor.text,
        at: cursor.at,
        end: close,
    };
    cursor.at = close + 1;
    let negated = members.peek() == Some('^');
    if negated {
        members.next();
    }
    let mut allowed = None;
    while let Some((at, c)) = members.next() {
        let contents =
            set_member(c).map_err(|(message, help)| error(span_of(at, c), message, Some(help)))?;
        allowed = Some(allowed.unwrap_or(Contents::NONE).union(contents));
    }
    match (allowed, negated) {
        (Some(allowed), true) => Ok(allowed.complement()),
        (Some(allowed), false) => Ok(allowed),
        (None, true) => Err(error(
            open..close + 1,
            "`[^]` excludes nothing",
            Some("`?` is anything"),
        )),
        (None, false) => Err(error(
            open..close + 1,
            "an empty set allows nothing",
            Some("`?` is anything"),
        )),
    }
}

/// What a member of a set allows, or what is wrong with it and how to write it instead.
fn set_member(c: char) -> Result<Contents, (&'static str, &'static str)> {
    let wrong = match c {
        '[' => (
            "sets do not nest",
            "close the first set with `]` before opening another",
        ),
        '^' => (
            "`^` inside a set comes first",
            "`[^Pp]` is anything but a pawn",
        ),
        '*' => (
            "`*` in a set",
            "a set is one square: `*` stands for a run of them",
        ),
        '0'..='9' => (
            "a digit in a set",
            "pgn-extract never matches a digit in a set; `[^...]` is a set that allows an \
             empty square",
        ),
        _ => return Contents::of_symbol(c).ok_or(("unknown symbol in a set", SYMBOLS)),
    };
    Err(wrong)
}

/// A rank without `*` describes its 8 squares; with one, at most 8 besides the `*`s.
fn check_length(
    span: Range<usize>,
    rank: Rank,
    squares: usize,
    star: bool,
) -> Result<(), PatternError> {
    if squares > 8 {
        let besides = if star { " besides its `*`" } else { "" };
        let message = format!("rank {rank} describes {squares} squares{besides}; a rank has 8");
        return Err(error(span, message, None));
    }
    if !star && squares < 8 {
        let message =
            format!("rank {rank} describes {squares} squares; a rank without `*` describes 8");
        let help = "`*` stands for any run of squares, `?` for one square of any content";
        return Err(error(span, message, Some(help)));
    }
    Ok(())
}
