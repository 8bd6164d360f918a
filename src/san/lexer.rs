//! The SAN lexer: text to tokens, longest match first (`O-O-O` before `O-O`, `!!` before `!`).
//!
//! The lexer knows characters, not chess: it never looks at a position.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{anychar, satisfy, space0};
use nom::combinator::{map_opt, value};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::lang::{Lang, figurine};
use crate::role::Role;
use crate::square::{File, Rank};

/// A byte range of the SAN text (a move is at most a few short tokens, so
/// 16 bits are plenty and keep tokens small).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u16,
    /// One past the last byte.
    pub end: u16,
}

impl Span {
    pub(crate) fn new(start: usize, end: usize) -> Span {
        let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        Span {
            start: clamp(start),
            end: clamp(end),
        }
    }

    /// The range of bytes.
    pub fn range(self) -> std::ops::Range<usize> {
        usize::from(self.start)..usize::from(self.end)
    }
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
    /// Every glyph, in the order of its NAG.
    const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Mistake,
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
    ];

    /// How each glyph is written, indexed by `Glyph as usize` (its NAG less one): the one
    /// table that every reader and writer of glyphs derives from.
    const WRITTEN: [&'static str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

    /// The most bytes a glyph is written with.
    const LONGEST: usize = 2;

    /// The numeric annotation glyph (`$1` ... `$6`) that stands for it in export PGN.
    pub fn nag(self) -> u8 {
        self as u8 + 1
    }

    /// Reads a glyph standing alone.
    ///
    /// ```
    /// use jaque::san::Glyph;
    /// assert_eq!(Glyph::parse("?!"), Some(Glyph::Dubious));
    /// assert_eq!(Glyph::parse("!!!"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Glyph> {
        Glyph::from_bytes(text.as_bytes())
    }

    /// The glyph as written.
    pub fn as_str(self) -> &'static str {
        Glyph::WRITTEN[self as usize]
    }

    /// The glyph written exactly as `bytes`.
    #[inline]
    fn from_bytes(bytes: &[u8]) -> Option<Glyph> {
        Glyph::ALL
            .into_iter()
            .find(|glyph| glyph.as_str().as_bytes() == bytes)
    }

    /// The longest glyph that `bytes` ends with, and the bytes before it (all of them, and
    /// `None`, when they end with no glyph).
    #[inline]
    pub(crate) fn split_end(bytes: &[u8]) -> (&[u8], Option<Glyph>) {
        for len in (1..=Glyph::LONGEST).rev() {
            if let Some(start) = bytes.len().checked_sub(len)
                && let Some(glyph) = Glyph::from_bytes(&bytes[start..])
            {
                return (&bytes[..start], Some(glyph));
            }
        }
        (bytes, None)
    }

    /// The longest glyph that `text` starts with, and the text after it.
    fn split_start(text: &str) -> Option<(Glyph, &str)> {
        (1..=Glyph::LONGEST).rev().find_map(|len| {
            let glyph = Glyph::parse(text.get(..len)?)?;
            Some((glyph, &text[len..]))
        })
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
    /// `++` for checkmate.
    DoublePlus,
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
    /// More than any SAN move has (at most 12 tokens, `Qh4xe1=Q+!?` style, with the end);
    /// longer input is a syntax error.
    pub const CAPACITY: usize = 14;

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
    /// What was expected and what was found, without the column (for a caller that shows
    /// the place itself).
    pub fn expectation(&self) -> String {
        match &self.found {
            Some(found) => format!("expected {}, found {found:?}", self.expected),
            None => format!("expected {}, found the end of the move", self.expected),
        }
    }

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
            .get(span.range())
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        SyntaxError {
            column: text
                .get(..usize::from(span.start))
                .map_or(1, |s| s.chars().count() + 1),
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

/// A glyph, the longest first (`!!` before `!`).
fn glyph(input: &str) -> IResult<&str, Lexed> {
    match Glyph::split_start(input) {
        Some((glyph, rest)) => Ok((rest, (TokenKind::Glyph(glyph), Spelling::Standard))),
        None => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Tag,
        ))),
    }
}

fn en_passant(input: &str) -> IResult<&str, Lexed> {
    let mark = preceded(space0, tag("e.p."));
    value((TokenKind::EnPassant, Spelling::Standard), mark).parse(input)
}

/// A non-ASCII token: `×` or a figurine.
fn wide(input: &str) -> IResult<&str, Lexed> {
    alt((
        value((TokenKind::Capture, Spelling::CaptureSign), tag("×")),
        |i| {
            let (rest, c) = satisfy(|c| figurine(c).is_some()).parse(i)?;
            Ok((
                rest,
                (
                    TokenKind::Piece(figurine(c).unwrap_or(Role::Pawn)),
                    Spelling::Figurine,
                ),
            ))
        },
    ))
    .parse(input)
}

/// The role of a lower-case promotion letter, `q r b n` in every language (as UCI writes
/// promotions).
fn lower_promotion_role(c: char) -> Option<Role> {
    Role::from_char(c).filter(|role| c.is_ascii_lowercase() && Role::PROMOTIONS.contains(role))
}

/// A lower-case promotion letter (`e8=q`, `a7a8q`).
fn lower_promotion(input: &str) -> IResult<&str, Lexed> {
    let (rest, role) = map_opt(anychar, lower_promotion_role).parse(input)?;
    Ok((
        rest,
        (TokenKind::PromotePiece(role), Spelling::LowerCasePromotion),
    ))
}

/// What came just before, which decides how some characters read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Other,
    /// After `=`: only a promotion piece may follow.
    Promote,
    /// After a rank: a lower-case q, r, b or n not starting a square is a promotion (`a7a8q`).
    Rank,
}

/// One token. Single ASCII characters are read directly; the tokens with structure (castling,
/// glyphs, `e.p.`, multi-byte signs) by nom combinators. Dispatching on the first byte keeps
/// the lexer from trying every alternative in turn.
#[inline]
fn token(input: &str, lang: Lang, context: Context) -> IResult<&str, Lexed> {
    let fail = || nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::Char));
    let bytes = input.as_bytes();
    let Some(&first) = bytes.first() else {
        return Err(fail());
    };
    let one = |kind: TokenKind, spelling: Spelling| Ok((&input[1..], (kind, spelling)));
    let promotion_context = context == Context::Promote
        || (context == Context::Rank && !matches!(bytes.get(1), Some(b'1'..=b'8')));
    if promotion_context && let Ok(lexed) = lower_promotion(input) {
        return Ok(lexed);
    }
    match first {
        // `e.p.`, or ` e.p.` after a capture: the PGN lexer joins a mark written apart.
        b'e' if bytes.get(1) == Some(&b'.') => en_passant(input),
        b' ' | b'\t' => en_passant(input),
        b'a'..=b'h' => one(
            TokenKind::File(File::ALL[usize::from(first - b'a')]),
            Spelling::Standard,
        ),
        b'1'..=b'8' => one(
            TokenKind::Rank(Rank::ALL[usize::from(first - b'1')]),
            Spelling::Standard,
        ),
        b'O' | b'0' => castling(input),
        b'x' => one(TokenKind::Capture, Spelling::Standard),
        b':' => one(TokenKind::Capture, Spelling::CaptureSign),
        b'-' => one(TokenKind::Dash, Spelling::Standard),
        b'=' => one(TokenKind::Promote, Spelling::Standard),
        b'+' => one(TokenKind::Check, Spelling::Standard),
        b'#' => one(TokenKind::Mate, Spelling::Standard),
        b'!' | b'?' => glyph(input),
        b'A'..=b'Z' => match lang.role(char::from(first)) {
            Some(Role::Pawn) if lang == Lang::English => {
                one(TokenKind::Piece(Role::Pawn), Spelling::PawnLetter)
            }
            Some(role) if lang == Lang::English => one(TokenKind::Piece(role), Spelling::Standard),
            Some(role) => one(TokenKind::Piece(role), Spelling::Localized),
            None => Err(fail()),
        },
        0x80.. => wide(input),
        _ => Err(fail()),
    }
}

/// Splits one SAN move into tokens, ending with [`TokenKind::End`].
#[inline]
pub fn lex(text: &str, lang: Lang) -> Result<Tokens, SyntaxError> {
    const FILLER: Token = Token {
        kind: TokenKind::End,
        span: Span { start: 0, end: 0 },
        spelling: Spelling::Standard,
    };
    let mut tokens = Tokens {
        items: [FILLER; Tokens::CAPACITY],
        len: 0,
    };
    let mut at = 0;
    let mut context = Context::Other;
    while at < text.len() {
        if tokens.len + 1 >= Tokens::CAPACITY {
            return Err(SyntaxError::at(
                text,
                Span::new(at, at + 1),
                "the end of the move (too many tokens)",
            ));
        }
        let (kind, spelling, end) = next_token(text, at, lang, context)?;
        tokens.items[tokens.len] = Token {
            kind,
            span: Span::new(at, end),
            spelling,
        };
        tokens.len += 1;
        context = match kind {
            TokenKind::Promote => Context::Promote,
            TokenKind::Rank(_) => Context::Rank,
            _ => Context::Other,
        };
        at = end;
    }
    tokens.items[tokens.len] = Token {
        kind: TokenKind::End,
        span: Span::new(text.len(), text.len()),
        spelling: Spelling::Standard,
    };
    tokens.len += 1;
    Ok(tokens)
}

/// Spellings of old books and databases, read as what they mean: `++` (checkmate), and a
/// promotion piece after `/` or in parentheses (`e8/Q`, `e8(Q)`), which reads as `e8Q`.
fn old_spelling(
    bytes: &[u8],
    at: usize,
    lang: Lang,
    context: Context,
) -> Option<(TokenKind, Spelling, usize)> {
    match bytes.get(at..)? {
        [b'+', b'+', ..] => Some((TokenKind::Mate, Spelling::DoublePlus, at + 2)),
        [b'/', letter, ..] if context == Context::Rank => {
            let role = lang.role(char::from(*letter))?;
            Some((TokenKind::PromotePiece(role), Spelling::Standard, at + 2))
        }
        [b'(', letter, b')', ..] if context == Context::Rank => {
            let role = lang.role(char::from(*letter))?;
            Some((TokenKind::PromotePiece(role), Spelling::Standard, at + 3))
        }
        _ => None,
    }
}

/// The token at byte `at` of `text` (not its end), how it is spelled, and where it ends.
#[inline]
fn next_token(
    text: &str,
    at: usize,
    lang: Lang,
    context: Context,
) -> Result<(TokenKind, Spelling, usize), SyntaxError> {
    let bytes = text.as_bytes();
    let first = bytes[at];
    if let Some(read) = old_spelling(bytes, at, lang, context) {
        return Ok(read);
    }
    // Single ASCII characters are read here directly; tokens with structure through `token`.
    let direct = match first {
        b'a'..=b'h' if !(first == b'e' && bytes.get(at + 1) == Some(&b'.')) => {
            Some(TokenKind::File(File::ALL[usize::from(first - b'a')]))
        }
        b'1'..=b'8' => Some(TokenKind::Rank(Rank::ALL[usize::from(first - b'1')])),
        b'x' => Some(TokenKind::Capture),
        b'+' => Some(TokenKind::Check),
        b'#' => Some(TokenKind::Mate),
        b'=' => Some(TokenKind::Promote),
        _ => None,
    };
    let promotion_letter =
        context != Context::Other && lower_promotion_role(char::from(first)).is_some();
    if let Some(kind) = direct
        && !promotion_letter
    {
        return Ok((kind, Spelling::Standard, at + 1));
    }
    let rest = &text[at..];
    let Ok((remaining, (mut kind, spelling))) = token(rest, lang, context) else {
        let width = rest.chars().next().map_or(0, char::len_utf8);
        let expected = if context == Context::Promote {
            "a promotion piece (Q, R, B or N)"
        } else {
            "a piece letter, a square, x, =, +, #, or O-O"
        };
        return Err(SyntaxError::at(text, Span::new(at, at + width), expected));
    };
    // A piece letter after `=` or right after the target square is the promotion.
    if context != Context::Other
        && let TokenKind::Piece(role) = kind
    {
        kind = TokenKind::PromotePiece(role);
    }
    Ok((kind, spelling, text.len() - remaining.len()))
}

#[cfg(test)]
impl TokenKind {
    /// The token's name as a compiler would print it in "expected ..." messages.
    fn name(self) -> &'static str {
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

#[cfg(test)]
mod tests {
    use super::{Lang, lex};

    #[test]
    fn a_move_is_split_into_named_tokens() {
        let tokens = lex("exd8=Q+!", Lang::English).unwrap();
        let names: Vec<&str> = tokens.as_slice().iter().map(|t| t.kind.name()).collect();
        assert_eq!(
            names,
            [
                "file",
                "capture",
                "file",
                "rank",
                "promote",
                "promote-piece",
                "check",
                "annotation glyph",
                "end"
            ]
        );
        assert_eq!(lex("Nf3$", Lang::English).unwrap_err().column, 4);
    }
}
