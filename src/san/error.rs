//! What resolving a SAN move can say against its text: the error when no one legal move
//! matches, the warnings when the move is identified but not written as export SAN.

use std::fmt;

use super::ast::{Nonstandard, Suffix};
use super::illegal::Illegal;
use crate::diagnostic::Code;

/// A SAN move that is not one legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Not SAN at all.
    #[error("{0}")]
    Syntax(#[from] super::lexer::SyntaxError),
    /// Well-formed, but no legal move matches.
    #[error("{0}")]
    Illegal(Illegal),
    /// Several legal moves match, listed in canonical SAN.
    #[error("ambiguous: {}", matching(.candidates))]
    Ambiguous {
        /// The matching moves in canonical SAN.
        candidates: Vec<String>,
    },
}

impl SanError {
    /// The diagnostic code: `syntax`, `illegal_move` or `ambiguous_move`.
    pub fn code(&self) -> Code {
        match self {
            SanError::Syntax(_) => Code::Syntax,
            SanError::Illegal(_) => Code::IllegalMove,
            SanError::Ambiguous { .. } => Code::AmbiguousMove,
        }
    }

    /// A suggestion to show below the message, if there is one.
    pub fn help(&self) -> Option<String> {
        match self {
            SanError::Ambiguous { candidates } => {
                Some(format!("did you mean {}?", or_list(candidates)))
            }
            _ => None,
        }
    }
}

/// "Nbd2 and Nfd2 both match", "Ra1, Rb1 and Rc1 all match".
fn matching(candidates: &[String]) -> String {
    match candidates {
        [a, b] => format!("{a} and {b} both match"),
        [init @ .., last] => format!("{}, and {last} all match", init.join(", ")),
        [] => "several moves match".to_string(),
    }
}

fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A move identified but not written as export SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanWarning {
    /// `+`/`#` missing or wrong.
    CheckAnnotation {
        /// What was written.
        written: Option<Suffix>,
        /// What the position after the move calls for.
        correct: Option<Suffix>,
    },
    /// `x` missing on a capture, or written on a non-capture.
    CaptureAnnotation {
        /// Was `x` written?
        written: bool,
    },
    /// More disambiguation than needed.
    OverDisambiguation,
    /// A nonstandard form.
    Nonstandard(Nonstandard),
    /// Enough disambiguation, but not the one export SAN uses (file first, then rank).
    DisambiguationOrder,
}

impl SanWarning {
    /// The diagnostic code.
    pub fn code(&self) -> Code {
        match self {
            SanWarning::CheckAnnotation { .. } => Code::CheckAnnotation,
            SanWarning::CaptureAnnotation { .. } => Code::CaptureAnnotation,
            SanWarning::OverDisambiguation => Code::OverDisambiguation,
            SanWarning::Nonstandard(_) | SanWarning::DisambiguationOrder => {
                Code::NonstandardNotation
            }
        }
    }
}

impl fmt::Display for SanWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = |s: &Option<Suffix>| match s {
            Some(Suffix::Check) => "+",
            Some(Suffix::Mate) => "#",
            None => "no mark",
        };
        match self {
            SanWarning::CheckAnnotation {
                written,
                correct: None,
            } => {
                write!(f, "{} written, but the move gives no check", mark(written))
            }
            SanWarning::CheckAnnotation {
                written: None,
                correct,
            } => {
                let what = if *correct == Some(Suffix::Mate) {
                    "checkmate"
                } else {
                    "check"
                };
                write!(f, "the move gives {what}, but {} is missing", mark(correct))
            }
            SanWarning::CheckAnnotation { written, correct } => {
                write!(
                    f,
                    "{} written, but the move calls for {}",
                    mark(written),
                    mark(correct)
                )
            }
            SanWarning::CaptureAnnotation { written: true } => {
                write!(f, "x written, but the move captures nothing")
            }
            SanWarning::CaptureAnnotation { written: false } => {
                write!(f, "the move captures, but x is missing")
            }
            SanWarning::OverDisambiguation => {
                write!(f, "more disambiguation than the position needs")
            }
            SanWarning::Nonstandard(form) => {
                write!(f, "nonstandard notation: {}", form.explanation())
            }
            SanWarning::DisambiguationOrder => {
                write!(
                    f,
                    "nonstandard notation: disambiguation is by file first, then by rank"
                )
            }
        }
    }
}
