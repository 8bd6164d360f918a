//! Problems of the text itself, before any move is played: its encoding, what the lexer could
//! not read, tags among the moves, moves that cannot be checked, bytes not read.

use super::super::split::RawGame;
use super::super::syntax::{ELLIPSIS, LexError, Outcome, Token, TokenKind};
use crate::diagnostic::{Applicability, Code, Diagnostic, Suggestion};

/// The game is not UTF-8 and was read as Latin-1: said once, at its first such byte.
pub(super) fn not_utf8(bytes: &[u8], text: &str) -> Diagnostic {
    let valid = std::str::from_utf8(bytes)
        .err()
        .map_or(0, |e| e.valid_up_to());
    // Every byte before it is ASCII or UTF-8; in the Latin-1 reading, each byte from 0x80
    // up became two.
    let at = bytes
        .get(..valid)
        .unwrap_or_default()
        .iter()
        .map(|&b| if b < 0x80 { 1 } else { 2 })
        .sum::<usize>();
    let end = text
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .map_or(at, |c| at + c.len_utf8());
    Diagnostic::new(
        Code::NonstandardNotation,
        "the game is not UTF-8: read as Latin-1",
        "not UTF-8",
        at..end,
    )
}

/// The error of a game that is not text, on its first byte that is not (`text`, decoded, has
/// its NUL where the bytes do, or starts where compressed data does).
pub(super) fn not_text(why: &crate::pgn::text::NotText, text: &str) -> Diagnostic {
    let at = match why.at() {
        0 => 0,
        _ => text.bytes().position(|b| b == 0).unwrap_or(0),
    };
    let end = (at + 1).min(text.len());
    Diagnostic::new(Code::Syntax, why.message(), "not text", at..end)
}

/// Whether an error of the lexer swallowed the rest of the game (a comment that never
/// closes), termination marker included.
pub(super) fn swallows_the_rest(errors: &[LexError]) -> bool {
    errors
        .iter()
        .any(|e| matches!(e, LexError::UnterminatedComment(_)))
}

/// What the lexer could not read, as a diagnostic.
pub(super) fn lex_error(error: LexError, text: &str, tokens: &[Token]) -> Diagnostic {
    match error {
        LexError::UnterminatedComment(span) => Diagnostic::new(
            Code::Unterminated,
            "this comment never closes",
            "no `}` after this `{`",
            span.start..span.start + 1,
        ),
        LexError::UnterminatedTag(span) => Diagnostic::new(
            Code::Unterminated,
            "this tag never closes",
            "no closing `\"]` on this line",
            span,
        ),
        LexError::BadTag(span) => Diagnostic::new(
            Code::Syntax,
            "a tag pair is written [Name \"value\"]",
            "not a tag pair",
            span,
        ),
        LexError::Stray(span) => {
            let first = text.get(span.start..span.start + 1).unwrap_or_default();
            let nested = first == "}" && after_nested_comment(text, tokens, span.start);
            let count = text
                .get(span.clone())
                .map_or(1, |run| run.matches(first).count());
            let message = match count {
                1 => "unexpected character in movetext".to_string(),
                _ if first.bytes().all(|b| b.is_ascii_control()) => {
                    format!("{count} unexpected {first:?} characters in a row in movetext")
                }
                _ => format!("{count} unexpected `{first}` characters in a row in movetext"),
            };
            let d = Diagnostic::new(Code::Syntax, message, "not expected here", span);
            if nested {
                d.with_help("comments do not nest: the comment before this ended at its first `}`")
            } else {
                d
            }
        }
        LexError::BadNag(span) => {
            Diagnostic::new(Code::Syntax, "a NAG is $0 to $255", "not a NAG", span)
        }
    }
}

/// Tokens spelled otherwise than export PGN has them, found only where the lexer says some
/// may be (`unusual`): a draw written `1/2` (an error with its fix: other readers take it
/// for a move), a NAG written as a sign (`±`), move numbers without their period (one
/// warning a game, with a fix for each) or with an ellipsis.
pub(super) fn nonstandard_tokens(text: &str, tokens: &[Token]) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let mut dotless: Option<Diagnostic> = None;
    let mut previous_end = usize::MAX;
    for token in tokens {
        let written = text.get(token.span.clone()).unwrap_or_default();
        let glued = previous_end == token.span.start;
        previous_end = token.span.end;
        match token.kind {
            TokenKind::Result(outcome) if written != outcome.as_str() => {
                found.push(short_marker(outcome, written, token));
            }
            TokenKind::Nag(nag) if !written.starts_with('$') => {
                found.push(glyph(nag, written, glued, token));
            }
            TokenKind::MoveNumber { dots: 0, .. } => {
                let fix = token.span.end..token.span.end;
                match &mut dotless {
                    Some(d) => d.suggestions.push(Suggestion {
                        span: fix,
                        replacement: ".".into(),
                        applicability: Applicability::MachineApplicable,
                    }),
                    None => dotless = Some(no_period(token, fix)),
                }
            }
            TokenKind::MoveNumber { .. } if written.contains(ELLIPSIS) => {
                let at = token.span.start + written.find(ELLIPSIS).unwrap_or(0);
                found.push(ellipsis(at..at + ELLIPSIS.len()));
            }
            _ => {}
        }
    }
    found.extend(dotless);
    found
}

/// A NAG written as a glyph (`±`, or `‼` glued to its move: ` $3` then).
fn glyph(nag: u8, written: &str, glued: bool, token: &Token) -> Diagnostic {
    let replacement = if glued {
        format!(" ${nag}")
    } else {
        format!("${nag}")
    };
    Diagnostic::new(
        Code::NonstandardNotation,
        format!("`{written}` stands for NAG ${nag}: export PGN writes ${nag}"),
        "a glyph, not a NAG",
        token.span.clone(),
    )
    .with_suggestion(
        token.span.clone(),
        replacement,
        Applicability::MachineApplicable,
    )
}

/// The first move number of a game without its period; the others' fixes join it.
fn no_period(token: &Token, fix: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Code::NonstandardNotation,
        "move numbers without a period: export PGN writes `1.`",
        "no period",
        token.span.clone(),
    )
    .with_suggestion(fix, ".", Applicability::MachineApplicable)
    .with_help("write a period after each move number")
}

/// An ellipsis for the three periods of a move number (`12…`).
fn ellipsis(span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Code::NonstandardNotation,
        "an ellipsis in a move number: export PGN writes three periods",
        "an ellipsis",
        span.clone(),
    )
    .with_suggestion(span, "...", Applicability::MachineApplicable)
}

/// A termination marker spelled otherwise than the standard has it (`1/2`, `½-½`).
fn short_marker(outcome: Outcome, written: &str, token: &Token) -> Diagnostic {
    Diagnostic::new(
        Code::Syntax,
        format!(
            "`{written}` is no termination marker: the standard writes {}",
            outcome.as_str()
        ),
        "read as the result",
        token.span.clone(),
    )
    .with_suggestion(
        token.span.clone(),
        outcome.as_str(),
        Applicability::MachineApplicable,
    )
}

/// Whether the comment before `at` holds a `{`: the writer of a stray `}` thought comments
/// nest.
fn after_nested_comment(text: &str, tokens: &[Token], at: usize) -> bool {
    tokens
        .iter()
        .rev()
        .find(|t| t.span.end <= at && t.kind == TokenKind::Comment)
        .and_then(|t| text.get(t.span.start + 1..t.span.end))
        .is_some_and(|inner| inner.contains('{'))
}

/// Tag pairs after the movetext has begun.
pub(super) fn late_tags(movetext: &[Token]) -> impl Iterator<Item = Diagnostic> {
    movetext
        .iter()
        .filter(|token| matches!(token.kind, TokenKind::Tag { .. }))
        .map(|token| {
            Diagnostic::new(
                Code::Syntax,
                "a tag pair after the movetext has begun",
                "tag in movetext",
                token.span.clone(),
            )
        })
}

/// The game was longer than the splitter's limit: where reading stopped.
pub(super) fn not_read(text: &str, raw: &RawGame) -> Diagnostic {
    let end = text.len();
    Diagnostic::new(
        Code::Syntax,
        format!(
            "the game is longer than {} bytes: the {} bytes after this point were not read",
            raw.bytes.len(),
            raw.skipped
        ),
        "reading stopped here",
        end.saturating_sub(1)..end,
    )
}
