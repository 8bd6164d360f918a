//! Diagnostic codes and severities shared by the SAN and PGN compilers. The codes are stable:
//! scripts read them (see the CLI contract).

mod code;

use std::fmt;

#[cfg(feature = "query")]
pub(crate) use code::edit_distance;
pub use code::{Code, CodeSet, Family, ParseCodeError};

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Accepted, but not as export notation or not consistent (`--strict` makes it an error).
    Warning,
    /// The input cannot be accepted.
    Error,
}

impl Severity {
    /// `error` or `warning`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem found in a piece of text: what, how bad, and where (a byte range of that text).
///
/// ```
/// use jaque::{Code, Position, san::{self, Lang}};
/// let mut position = Position::starting();
/// let diagnostics = san::play(&mut position, "Ng1f3", Lang::English).unwrap().diagnostics("Ng1f3");
/// assert_eq!(diagnostics[0].code, Code::OverDisambiguation);
/// assert_eq!(diagnostics[0].span, 1..3); // the "g1"
/// assert_eq!(diagnostics[0].help.as_deref(), Some("write Nf3"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad.
    pub severity: Severity,
    /// The stable code.
    pub code: Code,
    /// What is wrong, in a sentence.
    pub message: String,
    /// A short label for the underlined text.
    pub label: String,
    /// A line of help below it, if there is one (for a diagnostic with suggestions, what
    /// they say: "write Nf3", "did you mean Nbd2 or Nfd2?").
    pub help: Option<String>,
    /// The bytes of the text it is about.
    pub span: std::ops::Range<usize>,
    /// Rewrites of the text that would mend it, best first.
    pub suggestions: Vec<Suggestion>,
}

/// How sure a suggestion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Applicability {
    /// The one right rewrite: `jaque fix` applies it.
    MachineApplicable,
    /// A candidate or a guess: shown, applied only when asked for.
    MaybeIncorrect,
}

impl Applicability {
    /// `machine_applicable` or `maybe_incorrect`, as the contract writes them.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::MachineApplicable => "machine_applicable",
            Applicability::MaybeIncorrect => "maybe_incorrect",
        }
    }
}

/// A rewrite of the text: `replacement` for the bytes of `span` (an empty span inserts).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Suggestion {
    /// The bytes replaced, in the same text as the diagnostic's span.
    pub span: std::ops::Range<usize>,
    /// What they become.
    pub replacement: String,
    /// How sure it is.
    pub applicability: Applicability,
}

impl Diagnostic {
    /// A diagnostic with the code's own severity.
    pub fn new(
        code: Code,
        message: impl Into<String>,
        label: impl Into<String>,
        span: std::ops::Range<usize>,
    ) -> Diagnostic {
        Diagnostic {
            severity: code.severity(),
            code,
            message: message.into(),
            label: label.into(),
            help: None,
            span,
            suggestions: Vec::new(),
        }
    }

    /// The same with one suggestion, and the help line that says it: "write `replacement`"
    /// (unless it has a help line already).
    ///
    /// ```
    /// use jaque::{Applicability, Code, Diagnostic};
    /// let d = Diagnostic::new(Code::NonstandardNotation, "castling with zeros", "not export SAN", 0..3)
    ///     .with_suggestion(0..3, "O-O", Applicability::MachineApplicable);
    /// assert_eq!(d.help.as_deref(), Some("write O-O"));
    /// assert_eq!(d.suggestions[0].replacement, "O-O");
    /// ```
    pub fn with_suggestion(
        mut self,
        span: std::ops::Range<usize>,
        replacement: impl Into<String>,
        applicability: Applicability,
    ) -> Diagnostic {
        let replacement = replacement.into();
        if self.help.is_none() {
            self.help = Some(format!("write {replacement}"));
        }
        self.suggestions.push(Suggestion {
            span,
            replacement,
            applicability,
        });
        self
    }

    /// Every span of it (its own and its suggestions'), moved by `offset` bytes: from the
    /// text of one token to the text of the game that holds it.
    pub fn shifted(mut self, offset: usize) -> Diagnostic {
        let shift =
            |span: &mut std::ops::Range<usize>| *span = span.start + offset..span.end + offset;
        shift(&mut self.span);
        self.suggestions.iter_mut().for_each(|s| shift(&mut s.span));
        self
    }

    /// The same with a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
}

/// Why the text of a filter or a query is wrong, and where: a byte range of the text (one
/// command-line argument, or a query), rendered rustc-style by the faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterError {
    /// The bytes of the filter's text that are wrong.
    pub span: std::ops::Range<usize>,
    /// What is wrong.
    pub message: String,
    /// How to write it right, where that can be said.
    pub help: Option<String>,
}

impl FilterError {
    /// An error about `span`.
    pub fn new(span: std::ops::Range<usize>, message: impl Into<String>) -> FilterError {
        FilterError {
            span,
            message: message.into(),
            help: None,
        }
    }

    /// The error with a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> FilterError {
        self.help = Some(help.into());
        self
    }
}

impl std::fmt::Display for FilterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (at bytes {}..{})",
            self.message, self.span.start, self.span.end
        )
    }
}

impl std::error::Error for FilterError {}
