//! The SAN grammar, as nom parsers over the lexer's tokens:
//!
//! ```text
//! move       := castle suffix | piece? disambig? ('x' | '-')? square promotion? 'e.p.'? suffix
//! disambig   := file | rank | file rank
//! promotion  := '='? promote-piece
//! suffix     := ('+' | '#')? glyph? end
//! ```
//!
//! The parser knows no chess rules: it builds a [`San`] tree and never looks at a position.

use nom::branch::alt;
use nom::combinator::{cut, opt};
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};

use super::ast::{Nonstandard, NonstandardForms, San, SanBody, Suffix};
use super::lang::Lang;
use super::token::{Glyph, Span, Spelling, SyntaxError, Token, TokenKind, Tokens, lex};
use crate::role::Role;
use crate::square::{File, Rank, Square};

/// The parser's input: the tokens not yet consumed.
#[derive(Clone, Copy, Debug)]
struct Input<'a>(&'a [Token]);

/// Where parsing failed and what was expected there; of two failures the one that got further
/// is kept, so the message points at the real problem.
#[derive(Debug)]
struct Failure<'a> {
    at: Input<'a>,
    expected: &'static str,
}

impl<'a> ParseError<Input<'a>> for Failure<'a> {
    fn from_error_kind(input: Input<'a>, _: ErrorKind) -> Self {
        Failure {
            at: input,
            expected: "a SAN move",
        }
    }

    fn append(_: Input<'a>, _: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // On a tie the later alternative wins: alternatives go from the most to the least
        // elaborate reading, and the plainest explains a failure best (`Nf`: a rank is missing).
        if other.at.0.len() <= self.at.0.len() {
            other
        } else {
            self
        }
    }
}

type Parsed<'a, O> = IResult<Input<'a>, O, Failure<'a>>;

/// One token for which `accept` gives a value.
fn token<'a, O>(
    expected: &'static str,
    accept: impl Fn(TokenKind) -> Option<O>,
) -> impl Fn(Input<'a>) -> Parsed<'a, (O, Token)> {
    move |input: Input<'a>| match input.0.split_first() {
        Some((first, rest)) => match accept(first.kind) {
            Some(value) => Ok((Input(rest), (value, *first))),
            None => Err(nom::Err::Error(Failure {
                at: input,
                expected,
            })),
        },
        None => Err(nom::Err::Error(Failure {
            at: input,
            expected,
        })),
    }
}

fn piece(input: Input<'_>) -> Parsed<'_, (Role, Token)> {
    token("a piece letter", |k| match k {
        TokenKind::Piece(role) => Some(role),
        _ => None,
    })(input)
}

fn file(input: Input<'_>) -> Parsed<'_, (File, Token)> {
    token("a file (a-h)", |k| match k {
        TokenKind::File(file) => Some(file),
        _ => None,
    })(input)
}

fn rank(input: Input<'_>) -> Parsed<'_, (Rank, Token)> {
    token("a rank (1-8)", |k| match k {
        TokenKind::Rank(rank) => Some(rank),
        _ => None,
    })(input)
}

fn capture_or_dash(input: Input<'_>) -> Parsed<'_, (bool, Token)> {
    token("x", |k| match k {
        TokenKind::Capture => Some(true),
        TokenKind::Dash => Some(false),
        _ => None,
    })(input)
}

fn square(input: Input<'_>) -> Parsed<'_, (Square, Token)> {
    let (rest, ((file, first), (rank, _))) = (file, rank).parse(input)?;
    Ok((rest, (Square::new(file, rank), first)))
}

/// `=`? promote-piece
fn promotion(input: Input<'_>) -> Parsed<'_, (Role, Option<Token>, Token)> {
    let equals = token("=", |k| (k == TokenKind::Promote).then_some(()));
    let promote_piece = token("a promotion piece (Q, R, B or N)", |k| match k {
        TokenKind::PromotePiece(role) => Some(role),
        _ => None,
    });
    // After `=` only a promotion piece may follow: `cut` turns its absence into a hard failure
    // that no enclosing `opt` swallows, so the error points after the `=`.
    alt((
        |i| {
            (&equals, cut(&promote_piece))
                .parse(i)
                .map(|(r, ((_, eq), (role, p)))| (r, (role, Some(eq), p)))
        },
        |i| promote_piece(i).map(|(r, (role, p))| (r, (role, None, p))),
    ))
    .parse(input)
}

/// The disambiguation written before the target square.
type Disambiguation = (Option<(File, Token)>, Option<(Rank, Token)>);

fn disambiguation(input: Input<'_>) -> Parsed<'_, Disambiguation> {
    alt((
        |i| {
            (file, rank)
                .parse(i)
                .map(|(r, (f, k))| (r, (Some(f), Some(k))))
        },
        |i| file(i).map(|(r, f)| (r, (Some(f), None))),
        |i| rank(i).map(|(r, k)| (r, (None, Some(k)))),
    ))
    .parse(input)
}

/// The body of a normal move with its disambiguation (possibly none).
struct Body {
    piece: Option<(Role, Token)>,
    disambiguation: Disambiguation,
    sign: Option<(bool, Token)>,
    to: Square,
    promotion: Option<(Role, Option<Token>, Token)>,
    ep: Option<Token>,
}

fn normal(input: Input<'_>) -> Parsed<'_, Body> {
    let ep = token("e.p.", |k| (k == TokenKind::EnPassant).then_some(()));
    let tail = |i| (opt(capture_or_dash), square, opt(promotion), opt(&ep)).parse(i);
    let with = |i| {
        let (rest, (piece, disambiguation, (sign, (to, _), promotion, ep))) =
            (opt(piece), disambiguation, tail).parse(i)?;
        Ok((
            rest,
            Body {
                piece,
                disambiguation,
                sign,
                to,
                promotion,
                ep: ep.map(|(_, t)| t),
            },
        ))
    };
    let without = |i| {
        let (rest, (piece, (sign, (to, _), promotion, ep))) = (opt(piece), tail).parse(i)?;
        Ok((
            rest,
            Body {
                piece,
                disambiguation: (None, None),
                sign,
                to,
                promotion,
                ep: ep.map(|(_, t)| t),
            },
        ))
    };
    alt((with, without)).parse(input)
}

fn castle(input: Input<'_>) -> Parsed<'_, (bool, Token)> {
    token("O-O or O-O-O", |k| match k {
        TokenKind::CastleShort => Some(false),
        TokenKind::CastleLong => Some(true),
        _ => None,
    })(input)
}

/// The check or mate mark and the glyph after a move.
type Suffixes = (Option<(Suffix, Token)>, Option<(Glyph, Token)>);

fn suffix(input: Input<'_>) -> Parsed<'_, Suffixes> {
    let mark = token("+ or #", |k| match k {
        TokenKind::Check => Some(Suffix::Check),
        TokenKind::Mate => Some(Suffix::Mate),
        _ => None,
    });
    let glyph = token("an annotation glyph", |k| match k {
        TokenKind::Glyph(g) => Some(g),
        _ => None,
    });
    let end = token("the end of the move", |k| {
        (k == TokenKind::End).then_some(())
    });
    let (rest, (mark, glyph, _)) = (opt(mark), opt(glyph), end).parse(input)?;
    Ok((rest, (mark, glyph)))
}

fn span_of(tokens: &[Token]) -> Span {
    let start = tokens.first().map_or(0, |t| t.span.start);
    let end = tokens
        .iter()
        .rev()
        .find(|t| t.kind != TokenKind::End)
        .map_or(start, |t| t.span.end);
    Span { start, end }
}

/// Parses one SAN move written with the piece letters of `lang`.
///
/// ```
/// use jaque::san::{Lang, SanBody, parse};
/// use jaque::{Role, Square};
/// let san = parse("Nbd2", Lang::English).unwrap();
/// assert!(matches!(san.body, SanBody::Normal { role: Role::Knight, to: Square::D2, .. }));
/// let error = parse("Nf", Lang::English).unwrap_err();
/// assert_eq!((error.column, error.expected), (3, "a rank (1-8)"));
/// ```
pub fn parse(text: &str, lang: Lang) -> Result<San, SyntaxError> {
    if text.is_empty() {
        return Err(SyntaxError::at(text, Span::default(), "a SAN move"));
    }
    let tokens: Tokens = lex(text, lang)?;
    let all = tokens.as_slice();
    let mut nonstandard = NonstandardForms::default();
    for t in all {
        match t.spelling {
            Spelling::Standard => {}
            Spelling::Zeros => nonstandard.insert(Nonstandard::CastlingWithZeros),
            Spelling::Figurine => nonstandard.insert(Nonstandard::Figurine),
            Spelling::Localized => nonstandard.insert(Nonstandard::LocalizedLetter),
            Spelling::PawnLetter => nonstandard.insert(Nonstandard::PawnLetter),
            Spelling::CaptureSign => nonstandard.insert(Nonstandard::CaptureSign),
            Spelling::LowerCasePromotion => nonstandard.insert(Nonstandard::LowerCasePromotion),
        }
    }

    let castle_move = |i| (castle, suffix).parse(i);
    let normal_move = |i| (normal, suffix).parse(i);
    let result = alt((
        |i| castle_move(i).map(|(r, (c, s))| (r, (Err(c), s))),
        |i| normal_move(i).map(|(r, (b, s))| (r, (Ok(b), s))),
    ))
    .parse(Input(all));

    let (body, (mark, glyph)) = match result {
        Ok((_, parsed)) => parsed,
        Err(nom::Err::Error(failure) | nom::Err::Failure(failure)) => {
            let span = failure.at.0.first().map_or(
                Span {
                    start: text.len(),
                    end: text.len(),
                },
                |t| t.span,
            );
            return Err(SyntaxError::at(text, span, failure.expected));
        }
        Err(nom::Err::Incomplete(_)) => {
            let end = Span {
                start: text.len(),
                end: text.len(),
            };
            return Err(SyntaxError::at(text, end, "a complete move"));
        }
    };

    let body = match body {
        Err((long, _)) => SanBody::Castle { long },
        Ok(b) => {
            let role = b.piece.map_or(Role::Pawn, |(role, _)| role);
            let (from_file, from_rank) = b.disambiguation;
            if let Some((_, equals, _)) = b.promotion {
                if equals.is_none() {
                    nonstandard.insert(Nonstandard::PromotionWithoutEquals);
                }
            }
            if b.ep.is_some() {
                nonstandard.insert(Nonstandard::EnPassantMark);
            }
            let dash = matches!(b.sign, Some((false, _)));
            if dash || (role == Role::Pawn && from_file.is_some() && from_rank.is_some()) {
                nonstandard.insert(Nonstandard::LongAlgebraic);
            }
            SanBody::Normal {
                role,
                from_file: from_file.map(|(f, _)| f),
                from_rank: from_rank.map(|(r, _)| r),
                capture: matches!(b.sign, Some((true, _))),
                to: b.to,
                promotion: b.promotion.map(|(role, _, _)| role),
            }
        }
    };
    let disambiguation_span = disambiguation_span(all);
    Ok(San {
        body,
        suffix: mark.map(|(s, _)| s),
        glyph: glyph.map(|(g, _)| g),
        nonstandard,
        span: span_of(all),
        disambiguation_span,
        suffix_span: mark.map(|(_, t)| t.span),
    })
}

/// The file/rank tokens before the target square (all coordinates but the last two).
fn disambiguation_span(tokens: &[Token]) -> Option<Span> {
    let is_coordinate = |t: &&Token| matches!(t.kind, TokenKind::File(_) | TokenKind::Rank(_));
    let count = tokens.iter().filter(is_coordinate).count();
    let last = count.checked_sub(3)?;
    let first = tokens.iter().find(is_coordinate)?;
    let last = tokens.iter().filter(is_coordinate).nth(last)?;
    Some(Span {
        start: first.span.start,
        end: last.span.end,
    })
}
