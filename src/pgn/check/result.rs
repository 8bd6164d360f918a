//! The result: the Result tag, the termination marker and the final position agree.

use std::ops::Range;

use super::super::syntax::Outcome;
use super::report::Collector;
use super::walk::Walked;
use crate::color::Color;
use crate::diagnostic::{Code, Diagnostic};
use crate::position::{Position, Status};

/// The Result tag, the termination marker and the final position, `status`, against one
/// another. After an error in the mainline its final position is not the game's: only the
/// marker and the tag are compared.
pub(super) fn check(
    text: &str,
    has_movetext: bool,
    tag: Option<&str>,
    walked: &Walked,
    status: Status,
    out: &mut Collector,
) {
    if !walked.mainline_error {
        check_result(
            text,
            has_movetext,
            tag,
            &walked.termination,
            status,
            &walked.final_position,
            out,
        );
    } else if let Some((marker, span)) = &walked.termination {
        check_marker_against_tag(tag, *marker, span, out);
    }
}

fn check_marker_against_tag(
    tag: Option<&str>,
    marker: Outcome,
    span: &Range<usize>,
    out: &mut Collector,
) {
    if let Some(tag) = tag
        && Outcome::parse(tag) != Some(marker)
    {
        out.push(
            Diagnostic::new(
                Code::ResultMismatch,
                format!(
                    "the Result tag says {tag}, the termination marker {}",
                    marker.as_str()
                ),
                "differs from the Result tag",
                span.clone(),
            ),
            None,
            None,
        );
    }
}

/// The result the game claims (by its marker, else by its Result tag) against the one its
/// final position, `status`, makes certain, if any.
fn check_result(
    text: &str,
    has_movetext: bool,
    tag: Option<&str>,
    termination: &Option<(Outcome, Range<usize>)>,
    status: Status,
    final_position: &Position,
    out: &mut Collector,
) {
    let (claimed, span) = claimed_result(text, has_movetext, tag, termination, out);
    let Some(claimed) = claimed else {
        return;
    };
    let expected = match status {
        Status::Checkmate => match final_position.turn() {
            Color::White => Outcome::BlackWins,
            Color::Black => Outcome::WhiteWins,
        },
        Status::Stalemate | Status::InsufficientMaterial => Outcome::Draw,
        _ => return,
    };
    if claimed != expected {
        let why = match status {
            Status::Checkmate => "the game ends in checkmate",
            Status::Stalemate => "the game ends in stalemate",
            _ => "the game ends with insufficient material",
        };
        out.push(
            Diagnostic::new(
                Code::ResultMismatch,
                format!(
                    "{why}, so the result is {}, not {}",
                    expected.as_str(),
                    claimed.as_str()
                ),
                format!("should be {}", expected.as_str()),
                span,
            ),
            None,
            None,
        );
    }
}

/// The result the game claims and where: its marker (checked against the Result tag), else
/// its Result tag, and a missing marker reported where there is movetext.
fn claimed_result(
    text: &str,
    has_movetext: bool,
    tag: Option<&str>,
    termination: &Option<(Outcome, Range<usize>)>,
    out: &mut Collector,
) -> (Option<Outcome>, Range<usize>) {
    let end = text.trim_end().len();
    match termination {
        Some((marker, span)) => {
            check_marker_against_tag(tag, *marker, span, out);
            (Some(*marker), span.clone())
        }
        None if !has_movetext => (tag.and_then(Outcome::parse), 0..0),
        None => {
            let what = tag.map_or(String::new(), |t| format!(" (the Result tag says {t})"));
            out.push(
                Diagnostic::new(
                    Code::ResultMismatch,
                    format!("the game has no termination marker{what}"),
                    "the movetext ends here",
                    end.saturating_sub(1)..end,
                )
                .with_help("end the movetext with 1-0, 0-1, 1/2-1/2 or *"),
                None,
                None,
            );
            (tag.and_then(Outcome::parse), end.saturating_sub(1)..end)
        }
    }
}
