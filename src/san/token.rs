//! The SAN lexer: text to tokens, longest match first (`O-O-O` before `O-O`, `!!` before `!`).
//!
//! The lexer knows characters, not chess: it never looks at a position.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::satisfy;
use nom::combinator::value;
use nom::{IResult, Parser};

use super::lang::{Lang, figurine};
use crate::role::Role;
use crate::square::{File, Rank};

/// A byte range of the SAN text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A move-quality glyph: `!`, `?`, `!!`, `??`, `!?`, `?!`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`, NAG 1.
    Good,
    /// `?`, NAG 2.
    Mistake,
    /// `!!`, NAG 3.
    Brilliant,
    /// `??`, NAG 4.
    Blunder,
    /// `!?`, NAG 5.
    Interesting,
    /// `?!`, NAG 6.
    Dubious,
}

impl Glyph {
    /// The numeric annotation glyph (`$1` ... `$6`) that stands for it in export PGN.
    pub fn nag(self) -> u8 {
        match self {
            Glyph::Good => 1,
            Glyph::Mistake => 2,
            Glyph::Brilliant => 3,
            Glyph::Blunder => 4,
            Glyph::Interesting => 5,
            Glyph::Dubious => 6,
        }
    }

    /// The glyph as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A piece letter or figurine at the start of a move.
    Piece(Role),
    /// `a` ... `h`.
    File(File),
    /// `1` ... `8`.
    Rank(Rank),
    /// `x` (or `:` / `×`).
    Capture,
    /// `-` between the squares of long algebraic notation.
    Dash,
    /// `=` before a promotion piece.
    Promote,
    /// The piece a pawn promotes to.
    PromotePiece(Role),
    /// `+`.
    Check,
    /// `#`.
    Mate,
    /// `O-O` (or `0-0`).
    CastleShort,
    /// `O-O-O` (or `0-0-0`).
    CastleLong,
    /// `e.p.` after an en-passant capture.
    EnPassant,
    /// `!`, `?` and their pairs.
    Glyph(Glyph),
    /// The end of the move.
    End,
}

impl TokenKind {
    /// The token's name as a compiler would print it in "expected ..." messages.
    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Piece(_) => "piece",
            TokenKind::File(_) => "file",
            TokenKind::Rank(_) => "rank",
            TokenKind::Capture => "capture",
            TokenKind::Dash => "dash",
            TokenKind::Promote => "promote",
            TokenKind::PromotePiece(_) => "promote-piece",
            TokenKind::Check => "check",
            TokenKind::Mate => "mate",
            TokenKind::CastleShort => "castle-short",
            TokenKind::CastleLong => "castle-long",
            TokenKind::EnPassant => "en-passant",
            TokenKind::Glyph(_) => "annotation glyph",
            TokenKind::End => "end",
        }
    }
}

/// How a token was spelled, when not as export SAN spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// As export SAN writes it.
    Standard,
    /// `0-0` / `0-0-0` with zeros.
    Zeros,
    /// A figurine such as `♘`.
    Figurine,
    /// A localized piece letter (`--lang`).
    Localized,
    /// `P` for a pawn.
    PawnLetter,
    /// `:` or `×` for a capture.
    CaptureSign,
    /// A lower-case promotion letter (`e8=q`).
    LowerCasePromotion,
}

/// A token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is in the SAN text.
    pub span: Span,
    /// How it was spelled.
    pub spelling: Spelling,
}

/// The tokens of one move: a fixed array, no allocation (a SAN move has at most 12 tokens).
#[derive(Clone, Copy)]
pub struct Tokens {
    items: [Token; Tokens::CAPACITY],
    len: usize,
}

impl Tokens {
    /// More than any SAN move has; longer input is a syntax error.
    pub const CAPACITY: usize = 16;

    /// The tokens, the last one [`TokenKind::End`].
    pub fn as_slice(&self) -> &[Token] {
        &self.items[..self.len]
    }
}

impl fmt::Debug for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Text that does not lex or parse as SAN: where (1-based column, counted in characters) and
/// what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct SyntaxError {
    /// 1-based column of the offending character within the move.
    pub column: usize,
    /// Byte range of the offending token or character.
    pub span: Span,
    /// What the grammar expected there.
    pub expected: &'static str,
    /// What was found instead (`None` at the end of the move).
    pub found: Option<String>,
}

impl SyntaxError {
    fn message(&self) -> String {
        match &self.found {
            Some(found) => format!(
                "expected {}, found {found:?} at column {}",
                self.expected, self.column
            ),
            None => format!(
                "expected {} at column {}, found the end of the move",
                self.expected, self.column
            ),
        }
    }

    pub(crate) fn at(text: &str, span: Span, expected: &'static str) -> SyntaxError {
        let found = text
            .get(span.start..span.end)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        SyntaxError {
            column: text.get(..span.start).map_or(1, |s| s.chars().count() + 1),
            span,
            expected,
            found,
        }
    }
}

type Lexed = (TokenKind, Spelling);

fn castling(input: &str) -> IResult<&str, Lexed> {
    alt((
        value((TokenKind::CastleLong, Spelling::Standard), tag("O-O-O")),
        value((TokenKind::CastleLong, Spelling::Zeros), tag("0-0-0")),
        value((TokenKind::CastleShort, Spelling::Standard), tag("O-O")),
        value((TokenKind::CastleShort, Spelling::Zeros), tag("0-0")),
    ))
    .parse(input)
}

fn glyph(input: &str) -> IResult<&str, Lexed> {
    let glyph = |g: Glyph| (TokenKind::Glyph(g), Spelling::Standard);
    alt((
        value(glyph(Glyph::Brilliant), tag("!!")),
        value(glyph(Glyph::Blunder), tag("??")),
        value(glyph(Glyph::Interesting), tag("!?")),
        value(glyph(Glyph::Dubious), tag("?!")),
        value(glyph(Glyph::Good), tag("!")),
        value(glyph(Glyph::Mistake), tag("?")),
    ))
    .parse(input)
}

fn sign(input: &str) -> IResult<&str, Lexed> {
    alt((
        value((TokenKind::EnPassant, Spelling::Standard), tag("e.p.")),
        value((TokenKind::Capture, Spelling::Standard), tag("x")),
        value((TokenKind::Capture, Spelling::CaptureSign), tag(":")),
        value((TokenKind::Capture, Spelling::CaptureSign), tag("×")),
        value((TokenKind::Dash, Spelling::Standard), tag("-")),
        value((TokenKind::Promote, Spelling::Standard), tag("=")),
        value((TokenKind::Check, Spelling::Standard), tag("+")),
        value((TokenKind::Mate, Spelling::Standard), tag("#")),
    ))
    .parse(input)
}

fn square_part(input: &str) -> IResult<&str, Lexed> {
    let (rest, c) = satisfy(|c| matches!(c, 'a'..='h' | '1'..='8')).parse(input)?;
    let kind = match (File::from_char(c), Rank::from_char(c)) {
        (Some(file), _) => TokenKind::File(file),
        (_, Some(rank)) => TokenKind::Rank(rank),
        _ => TokenKind::End, // unreachable by `satisfy`
    };
    Ok((rest, (kind, Spelling::Standard)))
}

/// A piece letter of `lang` or a figurine.
fn piece(lang: Lang) -> impl Fn(&str) -> IResult<&str, Lexed> {
    move |input| {
        let (rest, c) =
            satisfy(|c| lang.role(c).is_some() || figurine(c).is_some()).parse(input)?;
        let (role, spelling) = match (figurine(c), lang.role(c)) {
            (Some(role), _) => (role, Spelling::Figurine),
            (None, Some(Role::Pawn)) if lang == Lang::English => (Role::Pawn, Spelling::PawnLetter),
            (None, Some(role)) if lang == Lang::English => (role, Spelling::Standard),
            (None, Some(role)) => (role, Spelling::Localized),
            (None, None) => (Role::Pawn, Spelling::Standard), // unreachable by `satisfy`
        };
        Ok((rest, (TokenKind::Piece(role), spelling)))
    }
}

/// A lower-case promotion letter, only right after `=` (elsewhere `b` is a file).
fn lower_promotion(input: &str) -> IResult<&str, Lexed> {
    let (rest, c) = satisfy(|c| matches!(c, 'q' | 'r' | 'b' | 'n')).parse(input)?;
    let role = Role::from_char(c).unwrap_or(Role::Queen);
    Ok((
        rest,
        (TokenKind::PromotePiece(role), Spelling::LowerCasePromotion),
    ))
}

/// Splits one SAN move into tokens, ending with [`TokenKind::End`].
///
/// ```
/// use jaque::san::{Lang, TokenKind, lex};
/// let tokens = lex("exd8=Q+!", Lang::English).unwrap();
/// let names: Vec<&str> = tokens.as_slice().iter().map(|t| t.kind.name()).collect();
/// assert_eq!(names, ["file", "capture", "file", "rank", "promote", "promote-piece", "check",
///                    "annotation glyph", "end"]);
/// assert_eq!(lex("Nf3$", Lang::English).unwrap_err().column, 4);
/// ```
pub fn lex(text: &str, lang: Lang) -> Result<Tokens, SyntaxError> {
    let end = Token {
        kind: TokenKind::End,
        span: Span {
            start: text.len(),
            end: text.len(),
        },
        spelling: Spelling::Standard,
    };
    let mut tokens = Tokens {
        items: [end; Tokens::CAPACITY],
        len: 0,
    };
    let mut rest = text;
    let mut previous = None;
    while !rest.is_empty() {
        let start = text.len() - rest.len();
        let after_promote = previous == Some(TokenKind::Promote);
        // After the target square, a lower-case q, r, b or n not starting another square is a
        // promotion written without `=` (`a7a8q`, as in UCI).
        let after_rank = matches!(previous, Some(TokenKind::Rank(_)));
        let starts_square = rest.chars().nth(1).is_some_and(|c| matches!(c, '1'..='8'));
        let lexed =
            if after_promote || (after_rank && !starts_square && lower_promotion(rest).is_ok()) {
                alt((piece(lang), lower_promotion)).parse(rest)
            } else {
                alt((castling, glyph, sign, piece(lang), square_part)).parse(rest)
            };
        let Ok((remaining, (mut kind, spelling))) = lexed else {
            let width = rest.chars().next().map_or(0, char::len_utf8);
            let span = Span {
                start,
                end: start + width,
            };
            let expected = if after_promote {
                "a promotion piece (Q, R, B or N)"
            } else {
                "a piece letter, a square, x, =, +, #, or O-O"
            };
            return Err(SyntaxError::at(text, span, expected));
        };
        // A piece letter after `=` or right after the target square is the promotion piece.
        if let TokenKind::Piece(role) = kind {
            if matches!(previous, Some(TokenKind::Promote | TokenKind::Rank(_))) {
                kind = TokenKind::PromotePiece(role);
            }
        }
        let span = Span {
            start,
            end: text.len() - remaining.len(),
        };
        if tokens.len + 1 >= Tokens::CAPACITY {
            return Err(SyntaxError::at(
                text,
                span,
                "the end of the move (too many tokens)",
            ));
        }
        tokens.items[tokens.len] = Token {
            kind,
            span,
            spelling,
        };
        tokens.len += 1;
        previous = Some(kind);
        rest = remaining;
    }
    tokens.items[tokens.len] = end;
    tokens.len += 1;
    Ok(tokens)
}
