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
use super::lexer::{Glyph, Span, Spelling, SyntaxError, Token, TokenKind, Tokens, lex};
use crate::role::Role;
use crate::square::{File, Rank, Square};

/// The parser's input: the tokens not yet consumed.
#[derive(Clone, Copy, Debug)]
struct Input<'a>(&'a [Token]);

/// Where parsing failed and what was expected there; of two failures the one that got further
/// is kept, so the message points at the real problem.
///
/// Two bytes, so that the parsers' results stay small: failures are common on the fast path
/// (every `opt` that finds nothing makes one).
#[derive(Clone, Copy, Debug)]
struct Failure {
    /// Tokens left where it failed.
    remaining: u8,
    expected: &'static &'static str,
}

impl Failure {
    #[inline]
    fn new(at: Input<'_>, expected: &'static &'static str) -> Failure {
        Failure {
            remaining: at.0.len() as u8,
            expected,
        }
    }
}

impl<'a> ParseError<Input<'a>> for Failure {
    fn from_error_kind(input: Input<'a>, _: ErrorKind) -> Self {
        Failure::new(input, &"a SAN move")
    }

    fn append(_: Input<'a>, _: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // On a tie the later alternative wins: alternatives go from the most to the least
        // elaborate reading, and the plainest explains a failure best (`Nf`: a rank is missing).
        if other.remaining <= self.remaining {
            other
        } else {
            self
        }
    }
}

type Parsed<'a, O> = IResult<Input<'a>, O, Failure>;

/// One token for which `accept` gives a value.
fn token<'a, O>(
    expected: &'static &'static str,
    accept: impl Fn(TokenKind) -> Option<O>,
) -> impl Fn(Input<'a>) -> Parsed<'a, (O, Token)> {
    move |input: Input<'a>| match input.0.split_first() {
        Some((first, rest)) => match accept(first.kind) {
            Some(value) => Ok((Input(rest), (value, *first))),
            None => Err(nom::Err::Error(Failure::new(input, expected))),
        },
        None => Err(nom::Err::Error(Failure::new(input, expected))),
    }
}

fn piece(input: Input<'_>) -> Parsed<'_, (Role, Token)> {
    token(&"a piece letter", |k| match k {
        TokenKind::Piece(role) => Some(role),
        _ => None,
    })(input)
}

fn capture_or_dash(input: Input<'_>) -> Parsed<'_, (bool, Token)> {
    token(&"x", |k| match k {
        TokenKind::Capture => Some(true),
        TokenKind::Dash => Some(false),
        _ => None,
    })(input)
}

/// `=`? promote-piece
fn promotion(input: Input<'_>) -> Parsed<'_, (Role, Option<Token>, Token)> {
    let equals = token(&"=", |k| (k == TokenKind::Promote).then_some(()));
    let promote_piece = token(&"a promotion piece (Q, R, B or N)", |k| match k {
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

/// A run of file and rank tokens (at most four: `e2e4` has the most a move can have).
#[derive(Clone, Copy)]
struct Coordinates<'a> {
    tokens: &'a [Token],
}

/// One or more file/rank tokens.
fn coordinates<'a>(input: Input<'a>) -> Parsed<'a, Coordinates<'a>> {
    let count = input
        .0
        .iter()
        .take_while(|t| matches!(t.kind, TokenKind::File(_) | TokenKind::Rank(_)))
        .count();
    if count == 0 {
        return Err(nom::Err::Error(Failure::new(input, &"a square")));
    }
    let (run, rest) = input.0.split_at(count);
    Ok((Input(rest), Coordinates { tokens: run }))
}

/// The disambiguation written before the target square.
type Disambiguation = (Option<File>, Option<Rank>);

/// Reads coordinates that must form a disambiguation: nothing, a file, a rank, or both.
fn as_disambiguation<'a>(
    tokens: &'a [Token],
    input: Input<'a>,
) -> Result<Disambiguation, nom::Err<Failure>> {
    let at = |i: usize| Input(&input.0[i.min(input.0.len())..]);
    match tokens
        .iter()
        .map(|t| t.kind)
        .collect::<ArrayOf4>()
        .as_slice()
    {
        [] => Ok((None, None)),
        [TokenKind::File(f)] => Ok((Some(*f), None)),
        [TokenKind::Rank(r)] => Ok((None, Some(*r))),
        [TokenKind::File(f), TokenKind::Rank(r)] => Ok((Some(*f), Some(*r))),
        _ => Err(nom::Err::Failure(Failure::new(at(0), &"a square"))),
    }
}

/// Up to four token kinds without allocation.
struct ArrayOf4 {
    items: [TokenKind; 4],
    len: usize,
}

impl FromIterator<TokenKind> for ArrayOf4 {
    fn from_iter<I: IntoIterator<Item = TokenKind>>(iter: I) -> Self {
        let mut array = ArrayOf4 {
            items: [TokenKind::End; 4],
            len: 0,
        };
        for kind in iter {
            if array.len == 4 {
                // More than four coordinates: report it as a shape no pattern matches.
                array.items[3] = TokenKind::End;
                break;
            }
            array.items[array.len] = kind;
            array.len += 1;
        }
        array
    }
}

impl ArrayOf4 {
    fn as_slice(&self) -> &[TokenKind] {
        &self.items[..self.len]
    }
}

/// The body of a normal move.
struct Body {
    piece: Option<(Role, Token)>,
    disambiguation: Disambiguation,
    disambiguation_span: Option<Span>,
    sign: Option<bool>,
    to: Square,
    promotion: Option<(Role, Option<Token>, Token)>,
    ep: bool,
}

/// piece? coordinates (sign coordinates)? promotion? e.p.?
///
/// One pass, no backtracking: the coordinates before the target square are collected with it
/// and split afterwards, the last file-rank pair being the target.
fn normal(input: Input<'_>) -> Parsed<'_, Body> {
    let ep = token(&"e.p.", |k| (k == TokenKind::EnPassant).then_some(()));
    let (rest, (piece, first)) = (opt(piece), opt(coordinates)).parse(input)?;
    let first: &[Token] = first.map_or(&[], |c| c.tokens);
    let (rest, signed) = signed_coordinates(rest, !first.is_empty())?;
    let (before, target, sign) = match signed {
        Some(((sign, _), target)) => (first, target.tokens, Some(sign)),
        None => {
            let split = first.len().saturating_sub(2);
            (&first[..split], &first[split..], None)
        }
    };
    let target_start = input.0.len() - rest.0.len() - target.len();
    let to = target_square(target, Input(&input.0[target_start..]))?;
    let before_start = target_start - before.len() - usize::from(sign.is_some());
    let disambiguation = as_disambiguation(before, Input(&input.0[before_start..]))?;
    let disambiguation_span = match (before.first(), before.last()) {
        (Some(first), Some(last)) => Some(Span {
            start: first.span.start,
            end: last.span.end,
        }),
        _ => None,
    };
    let (rest, (promotion, ep)) = (opt(promotion), opt(&ep)).parse(rest)?;
    Ok((
        rest,
        Body {
            piece,
            disambiguation,
            disambiguation_span,
            sign,
            to,
            promotion,
            ep: ep.is_some(),
        },
    ))
}

/// A capture sign or dash and the coordinates after it: optional after a first run of
/// coordinates (`Nbd2`, `Nb1d2`), required without one (`xd5`, `Qxf7`).
fn signed_coordinates(
    rest: Input<'_>,
    after_coordinates: bool,
) -> Parsed<'_, Option<((bool, Token), Coordinates<'_>)>> {
    if after_coordinates {
        return opt((capture_or_dash, coordinates)).parse(rest);
    }
    let starts_with_sign = matches!(
        rest.0.first().map(|t| t.kind),
        Some(TokenKind::Capture | TokenKind::Dash)
    );
    if !starts_with_sign {
        return Err(nom::Err::Error(Failure::new(rest, &"a square")));
    }
    (capture_or_dash, coordinates)
        .parse(rest)
        .map(|(r, s)| (r, Some(s)))
}

/// The target square, which must be exactly a file and a rank: `target`, the tokens at the
/// start of `at_target`.
fn target_square(target: &[Token], at_target: Input<'_>) -> Result<Square, nom::Err<Failure>> {
    let at = |offset: usize| Input(&at_target.0[offset.min(at_target.0.len())..]);
    match target {
        [
            Token {
                kind: TokenKind::File(f),
                ..
            },
            Token {
                kind: TokenKind::Rank(r),
                ..
            },
        ] => Ok(Square::new(*f, *r)),
        [
            Token {
                kind: TokenKind::File(_),
                ..
            },
            ..,
        ] => Err(nom::Err::Error(Failure::new(at(1), &"a rank (1-8)"))),
        _ => Err(nom::Err::Error(Failure::new(at(0), &"a file (a-h)"))),
    }
}

fn castle(input: Input<'_>) -> Parsed<'_, (bool, Token)> {
    token(&"O-O or O-O-O", |k| match k {
        TokenKind::CastleShort => Some(false),
        TokenKind::CastleLong => Some(true),
        _ => None,
    })(input)
}

/// The check or mate mark and the glyph after a move.
type Suffixes = (Option<(Suffix, Token)>, Option<(Glyph, Token)>);

fn suffix(input: Input<'_>) -> Parsed<'_, Suffixes> {
    let mark = token(&"+ or #", |k| match k {
        TokenKind::Check => Some(Suffix::Check),
        TokenKind::Mate => Some(Suffix::Mate),
        _ => None,
    });
    let glyph = token(&"an annotation glyph", |k| match k {
        TokenKind::Glyph(g) => Some(g),
        _ => None,
    });
    let end = token(&"the end of the move", |k| {
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
#[inline]
pub fn parse(text: &str, lang: Lang) -> Result<San, SyntaxError> {
    // Export SAN (nearly every move of a PGN file) is read in one pass; the nom grammar below
    // handles everything else and defines what the fast path must agree with.
    if lang == Lang::English
        && let Some(san) = super::recognize::export_san(text)
    {
        return Ok(san);
    }
    parse_with_grammar(text, lang)
}

/// [`parse`] without the export-SAN fast path: the nom lexer and grammar alone.
#[inline(never)]
pub(crate) fn parse_with_grammar(text: &str, lang: Lang) -> Result<San, SyntaxError> {
    if text.is_empty() {
        return Err(SyntaxError::at(text, Span::default(), "a SAN move"));
    }
    let tokens: Tokens = lex(text, lang)?;
    let all = tokens.as_slice();
    let mut nonstandard = spellings(all);
    let castle_move = |i| (castle, suffix).parse(i);
    let normal_move = |i| (normal, suffix).parse(i);
    let result = alt((
        |i| castle_move(i).map(|(r, (c, s))| (r, (Err(c), s))),
        |i| normal_move(i).map(|(r, (b, s))| (r, (Ok(b), s))),
    ))
    .parse(Input(all));
    let (body, (mark, glyph)) = match result {
        Ok((_, parsed)) => parsed,
        Err(error) => return Err(syntax_error(text, all, error)),
    };
    let (body, disambiguation_span) = match body {
        Err((long, _)) => (SanBody::Castle { long }, None),
        Ok(body) => (
            normal_body(&body, &mut nonstandard),
            body.disambiguation_span,
        ),
    };
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

/// The nonstandard forms that tokens' spellings show.
fn spellings(tokens: &[Token]) -> NonstandardForms {
    let mut nonstandard = NonstandardForms::default();
    for t in tokens {
        match t.spelling {
            Spelling::Standard => {}
            Spelling::Zeros => nonstandard.insert(Nonstandard::CastlingWithZeros),
            Spelling::Figurine => nonstandard.insert(Nonstandard::Figurine),
            Spelling::Localized => nonstandard.insert(Nonstandard::LocalizedLetter),
            Spelling::PawnLetter => nonstandard.insert(Nonstandard::PawnLetter),
            Spelling::CaptureSign => nonstandard.insert(Nonstandard::CaptureSign),
            Spelling::LowerCasePromotion => nonstandard.insert(Nonstandard::LowerCasePromotion),
            Spelling::DoublePlus => nonstandard.insert(Nonstandard::DoublePlus),
        }
    }
    nonstandard
}

/// The syntax error of a failed parse of `tokens`, the tokens of `text`: at the token where
/// the furthest alternative failed.
fn syntax_error(text: &str, tokens: &[Token], error: nom::Err<Failure>) -> SyntaxError {
    match error {
        nom::Err::Error(failure) | nom::Err::Failure(failure) => {
            let at = tokens.len().saturating_sub(usize::from(failure.remaining));
            let span = tokens
                .get(at)
                .map_or(Span::new(text.len(), text.len()), |t| t.span);
            SyntaxError::at(text, span, failure.expected)
        }
        nom::Err::Incomplete(_) => {
            let end = Span::new(text.len(), text.len());
            SyntaxError::at(text, end, "a complete move")
        }
    }
}

/// The tree of a normal move's body, adding the nonstandard forms its shape shows.
fn normal_body(body: &Body, nonstandard: &mut NonstandardForms) -> SanBody {
    let role = body.piece.map_or(Role::Pawn, |(role, _)| role);
    let (from_file, from_rank) = body.disambiguation;
    if let Some((_, None, _)) = body.promotion {
        nonstandard.insert(Nonstandard::PromotionWithoutEquals);
    }
    if body.ep {
        nonstandard.insert(Nonstandard::EnPassantMark);
    }
    let dash = body.sign == Some(false);
    if dash || (role == Role::Pawn && from_file.is_some() && from_rank.is_some()) {
        nonstandard.insert(Nonstandard::LongAlgebraic);
    }
    SanBody::Normal {
        role,
        from_file,
        from_rank,
        capture: body.sign == Some(true),
        to: body.to,
        promotion: body.promotion.map(|(role, _, _)| role),
    }
}
