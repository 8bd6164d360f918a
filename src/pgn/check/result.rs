//! The result: the Result tag, the termination marker and the final position agree.

use std::ops::Range;

use super::super::syntax::{Outcome, Token, TokenKind};
use super::report::Collector;
use super::tags::ResultTag;
use super::walk::Walked;
use crate::color::Color;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::position::{Position, Status};

/// The Result tag, the termination marker and the final position, `status`, against one
/// another. After an error in the mainline its final position is not the game's: only the
/// marker and the tag are compared.
pub(super) fn check(
    text: &str,
    last: Option<&Token>,
    tag: Option<ResultTag<'_>>,
    walked: &Walked,
    status: Status,
    out: &mut Collector,
) {
    let tag = tag.as_ref();
    if walked.mainline_error {
        if let Some((marker, span)) = &walked.termination {
            check_marker_against_tag(tag, *marker, span, out);
        }
        return;
    }
    let decided = decided(status, &walked.final_position);
    let claimed = match &walked.termination {
        Some((marker, span)) => {
            check_marker_against_tag(tag, *marker, span, out);
            Some((*marker, span.clone()))
        }
        None => match last {
            None => tag.and_then(|t| Some((Outcome::parse(t.value)?, 0..0))),
            Some(last) => {
                out.game(missing_marker(text, last, tag, decided));
                let end = text.trim_end().len();
                tag.and_then(|t| Some((Outcome::parse(t.value)?, end.saturating_sub(1)..end)))
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

/// The movetext ends, at its `last` token, without a termination marker: it gets the result
/// the board decides, else the Result tag's, else `*`, after that token (on a line of its
/// own after a `;` comment, which runs to the line's end).
fn missing_marker(
    text: &str,
    last: &Token,
    tag: Option<&ResultTag<'_>>,
    decided: Option<(Outcome, &str)>,
) -> Diagnostic {
    let end = text.trim_end().len();
    let line_comment = last.kind == TokenKind::Comment
        && text
            .get(last.span.clone())
            .is_some_and(|c| c.starts_with(';'));
    let what = tag.map_or(String::new(), |t| {
        format!(" (the Result tag says {})", t.value)
    });
    let result = decided
        .map(|(outcome, _)| outcome)
        .or_else(|| tag.and_then(|t| Outcome::parse(t.value)))
        .unwrap_or(Outcome::Unknown);
    Diagnostic::new(
        Code::ResultMismatch,
        format!("the game has no termination marker{what}"),
        "the movetext ends here",
        end.saturating_sub(1)..end,
    )
    .with_help("end the movetext with 1-0, 0-1, 1/2-1/2 or *")
    .with_suggestion(
        last.span.end..last.span.end,
        format!(
            "{}{}",
            if line_comment { "\n" } else { " " },
            result.as_str()
        ),
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
