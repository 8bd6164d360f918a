//! The result: the Result tag, the termination marker and the final position agree.

use std::ops::Range;

use super::super::syntax::{Outcome, Token, TokenKind};
use super::report::Collector;
use super::tags::ResultTag;
use super::walk::Walked;
use crate::color::Color;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::position::{Position, Status};

/// Where a game's movetext ends, for the marker it lacks.
pub(super) enum End<'a> {
    /// After its last token.
    Token(&'a Token),
    /// The game has no movetext: after its last tag pair (at this byte).
    Tags(usize),
    /// Nowhere to say (no token at all, or a comment that never closes took the rest).
    Unknown,
}

impl<'a> End<'a> {
    /// Where the game of `movetext` after `tags` ends, unless an unclosed comment
    /// (`swallowed`) took the rest.
    pub(super) fn of(movetext: &'a [Token], tags: &[Token], swallowed: bool) -> End<'a> {
        match (movetext.last(), tags.last()) {
            _ if swallowed => End::Unknown,
            (Some(last), _) => End::Token(last),
            (None, Some(tag)) => End::Tags(tag.span.end),
            (None, None) => End::Unknown,
        }
    }
}

/// The Result tag, the termination marker and the final position, `status`, against one
/// another. After an error in the mainline its final position is not the game's: only the
/// marker and the tag are compared. The marker a missing one is to be written as, if any: a
/// Result tag mended in the same round says the same.
pub(super) fn check(
    text: &str,
    end: &End<'_>,
    tag: Option<ResultTag<'_>>,
    walked: &Walked,
    status: Status,
    out: &mut Collector,
) -> Option<Outcome> {
    let tag = tag.as_ref();
    if walked.mainline_error {
        if let Some((marker, span)) = &walked.termination {
            check_marker_against_tag(tag, *marker, span, out);
        }
        return None;
    }
    let mut inserted = None;
    let decided = decided(status, &walked.final_position);
    let claimed = match &walked.termination {
        Some((marker, span)) => {
            check_marker_against_tag(tag, *marker, span, out);
            Some((*marker, span.clone()))
        }
        None => match end {
            End::Unknown => tag.and_then(|t| Some((Outcome::parse(t.value)?, 0..0))),
            End::Token(last) => {
                let mut after = Insert::after_token(text, last);
                // Variations left open are closed first: the marker ends the game only
                // outside them.
                after.closers = walked.lines.len().saturating_sub(1);
                inserted = Some(missing_result(tag, decided));
                out.game(missing_marker(text, after, tag, decided));
                let end = text.trim_end().len();
                tag.and_then(|t| Some((Outcome::parse(t.value)?, end.saturating_sub(1)..end)))
            }
            End::Tags(at) => {
                inserted = Some(missing_result(tag, decided));
                out.game(missing_marker(text, Insert::after_tags(*at), tag, decided));
                None
            }
        },
    };
    if let (Some((claimed, span)), Some((expected, why))) = (claimed, decided)
        && claimed != expected
    {
        out.game(contradicted(
            claimed,
            span,
            expected,
            why,
            tag,
            &walked.termination,
        ));
    }
    inserted
}

/// The marker a game without one gets: the result the board decides, else the Result
/// tag's, else `*`.
fn missing_result(tag: Option<&ResultTag<'_>>, decided: Option<(Outcome, &str)>) -> Outcome {
    decided
        .map(|(outcome, _)| outcome)
        .or_else(|| tag.and_then(|t| Outcome::parse(t.value)))
        .unwrap_or(Outcome::Unknown)
}

/// The result the board decides, and why: checkmate, stalemate or a position where no mate
/// is possible end the game (the rules, not the players).
fn decided(status: Status, last: &Position) -> Option<(Outcome, &'static str)> {
    Some(match status {
        Status::Checkmate => match last.turn() {
            Color::White => (Outcome::BlackWins, "the game ends in checkmate"),
            Color::Black => (Outcome::WhiteWins, "the game ends in checkmate"),
        },
        Status::Stalemate => (Outcome::Draw, "the game ends in stalemate"),
        Status::InsufficientMaterial => (Outcome::Draw, "the game ends with insufficient material"),
        _ => return None,
    })
}

fn check_marker_against_tag(
    tag: Option<&ResultTag<'_>>,
    marker: Outcome,
    span: &Range<usize>,
    out: &mut Collector,
) {
    if let Some(tag) = tag
        && Outcome::parse(tag.value) != Some(marker)
    {
        out.game(Diagnostic::new(
            Code::ResultMismatch,
            format!(
                "the Result tag says {}, the termination marker {}",
                tag.value,
                marker.as_str()
            ),
            "differs from the Result tag",
            span.clone(),
        ));
    }
}

/// Where the missing marker goes, what comes before it there, and how many `)` close the
/// variations left open before it.
struct Insert {
    at: usize,
    before: &'static str,
    closers: usize,
}

impl Insert {
    /// After the movetext's `last` token: after a space, or on a line of its own after a `;`
    /// comment, which runs to the line's end. Where text that is no token follows it (periods
    /// of a move number, a stray character, an escape line), after that text, on a line of
    /// its own: the marker must end the game, and such text around it would not.
    fn after_token(text: &str, last: &Token) -> Insert {
        let end = text.trim_end().len();
        if end > last.span.end {
            return Insert {
                at: end,
                before: "\n",
                closers: 0,
            };
        }
        let line_comment = last.kind == TokenKind::Comment
            && text
                .get(last.span.clone())
                .is_some_and(|c| c.starts_with(';'));
        Insert {
            at: last.span.end,
            before: if line_comment { "\n" } else { " " },
            closers: 0,
        }
    }

    /// What is written: the `)` glued to the last move, then the marker.
    fn text(&self, result: Outcome) -> String {
        match self.closers {
            0 => format!("{}{}", self.before, result.as_str()),
            n => {
                let before = if self.before == " " { "" } else { self.before };
                format!("{before}{} {}", ")".repeat(n), result.as_str())
            }
        }
    }

    /// After the tag section that ends at `at`, a game without movetext: as its movetext.
    fn after_tags(at: usize) -> Insert {
        Insert {
            at,
            before: "\n\n",
            closers: 0,
        }
    }
}

/// The movetext ends without a termination marker: it gets the result the board decides,
/// else the Result tag's, else `*`, at `insert`.
fn missing_marker(
    text: &str,
    insert: Insert,
    tag: Option<&ResultTag<'_>>,
    decided: Option<(Outcome, &str)>,
) -> Diagnostic {
    let end = text.trim_end().len();
    let what = tag.map_or(String::new(), |t| {
        format!(" (the Result tag says {})", t.value)
    });
    let result = missing_result(tag, decided);
    let (label, help) = match insert.before {
        "\n\n" => (
            "the tag section ends here, and no movetext follows",
            "a game without moves still ends with a termination marker: 1-0, 0-1, 1/2-1/2 or *",
        ),
        _ => (
            "the movetext ends here",
            "end the movetext with 1-0, 0-1, 1/2-1/2 or *",
        ),
    };
    Diagnostic::new(
        Code::ResultMismatch,
        format!("the game has no termination marker{what}"),
        label,
        end.saturating_sub(1)..end,
    )
    .with_help(help)
    .with_suggestion(
        insert.at..insert.at,
        insert.text(result),
        Applicability::MachineApplicable,
    )
}

/// The result `claimed` at `span` is not the one the board decides: the marker and the tag
/// that say otherwise are rewritten.
fn contradicted(
    claimed: Outcome,
    span: Range<usize>,
    expected: Outcome,
    why: &str,
    tag: Option<&ResultTag<'_>>,
    termination: &Option<(Outcome, Range<usize>)>,
) -> Diagnostic {
    let mut d = Diagnostic::new(
        Code::ResultMismatch,
        format!(
            "{why}, so the result is {}, not {}",
            expected.as_str(),
            claimed.as_str()
        ),
        format!("should be {}", expected.as_str()),
        span,
    );
    let fix = Applicability::MachineApplicable;
    if let Some((marker, span)) = termination
        && *marker != expected
    {
        d = d.with_suggestion(span.clone(), expected.as_str(), fix);
    }
    if let Some(tag) = tag
        && Outcome::parse(tag.value) != Some(expected)
    {
        d = d.with_suggestion(tag.span.clone(), expected.as_str(), fix);
    }
    // The help line stays as it was: the label says what to write.
    d.help = None;
    d
}
