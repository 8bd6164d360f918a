//! Diagnostic codes and severities shared by the SAN and PGN compilers. The codes are stable:
//! scripts read them (see the CLI contract).

use std::fmt;

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

/// The stable code of a diagnostic.
///
/// ```
/// use jaque::{Code, Severity};
/// assert_eq!(Code::AmbiguousMove.as_str(), "ambiguous_move");
/// assert_eq!(Code::CheckAnnotation.severity(), Severity::Warning);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// Not a SAN move, or not valid PGN at this point.
    Syntax,
    /// Well-formed SAN, but no legal move matches it.
    IllegalMove,
    /// More than one legal move matches.
    AmbiguousMove,
    /// A FEN is malformed or describes an impossible position.
    BadFen,
    /// A comment, variation or tag that never closes.
    Unterminated,
    /// `+`/`#` missing or wrong for the position after the move.
    CheckAnnotation,
    /// `x` missing on a capture, or present on a non-capture.
    CaptureAnnotation,
    /// More disambiguation than needed (`Ng1f3`).
    OverDisambiguation,
    /// Accepted, but not export SAN: `0-0`, `e8Q`, `Pe4`, `e.p.`, `e2-e4`, figurines,
    /// localized piece letters.
    NonstandardNotation,
    /// The Result tag, the termination marker and the final position disagree.
    ResultMismatch,
    /// A tag of the Seven Tag Roster is missing, or the roster is out of order.
    MissingTag,
    /// A tag value in the wrong form (a Date not `YYYY.MM.DD`, a Result not one of the four).
    TagFormat,
    /// The same tag name twice in one game.
    DuplicateTag,
    /// The game's `Variant` tag names rules jaque does not play (Crazyhouse, Antichess, …):
    /// the game is counted, its moves are not checked.
    UnsupportedVariant,
}

impl Code {
    /// Every code, in the order of the contract's table.
    pub const ALL: [Code; 14] = [
        Code::Syntax,
        Code::IllegalMove,
        Code::AmbiguousMove,
        Code::BadFen,
        Code::Unterminated,
        Code::CheckAnnotation,
        Code::CaptureAnnotation,
        Code::OverDisambiguation,
        Code::NonstandardNotation,
        Code::ResultMismatch,
        Code::MissingTag,
        Code::TagFormat,
        Code::DuplicateTag,
        Code::UnsupportedVariant,
    ];

    /// Its index in [`Code::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The code as the contract writes it (`illegal_move`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Syntax => "syntax",
            Code::IllegalMove => "illegal_move",
            Code::AmbiguousMove => "ambiguous_move",
            Code::BadFen => "bad_fen",
            Code::Unterminated => "unterminated",
            Code::CheckAnnotation => "check_annotation",
            Code::CaptureAnnotation => "capture_annotation",
            Code::OverDisambiguation => "over_disambiguation",
            Code::NonstandardNotation => "nonstandard_notation",
            Code::ResultMismatch => "result_mismatch",
            Code::MissingTag => "missing_tag",
            Code::TagFormat => "tag_format",
            Code::DuplicateTag => "duplicate_tag",
            Code::UnsupportedVariant => "unsupported_variant",
        }
    }

    /// The severity the code has without `--strict`.
    pub fn severity(self) -> Severity {
        match self {
            Code::Syntax
            | Code::IllegalMove
            | Code::AmbiguousMove
            | Code::BadFen
            | Code::Unterminated
            | Code::UnsupportedVariant => Severity::Error,
            Code::CheckAnnotation
            | Code::CaptureAnnotation
            | Code::OverDisambiguation
            | Code::NonstandardNotation
            | Code::ResultMismatch
            | Code::MissingTag
            | Code::TagFormat
            | Code::DuplicateTag => Severity::Warning,
        }
    }
}

/// A name that is not a diagnostic code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown diagnostic code `{0}`")]
pub struct ParseCodeError(pub String);

impl std::str::FromStr for Code {
    type Err = ParseCodeError;

    /// A code as written, its words joined by underscores or dashes.
    ///
    /// ```
    /// use jaque::Code;
    /// assert_eq!("missing_tag".parse(), Ok(Code::MissingTag));
    /// assert_eq!("missing-tag".parse(), Ok(Code::MissingTag));
    /// assert!("missing".parse::<Code>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Code, ParseCodeError> {
        let words = || text.split(['_', '-']);
        Code::ALL
            .into_iter()
            .find(|code| code.as_str().split('_').eq(words()))
            .ok_or_else(|| ParseCodeError(text.to_string()))
    }
}

impl Code {
    /// The code nearest to `text` by edit distance (a letter added, dropped or changed; dashes
    /// read as underscores), if one is near enough to be what was meant: for "did you mean".
    ///
    /// ```
    /// use jaque::Code;
    /// assert_eq!(Code::nearest("mising_tag"), Some(Code::MissingTag));
    /// assert_eq!(Code::nearest("check-anotation"), Some(Code::CheckAnnotation));
    /// assert_eq!(Code::nearest("castling"), None);
    /// ```
    pub fn nearest(text: &str) -> Option<Code> {
        let text = text.replace('-', "_");
        let near = (text.chars().count() / 4).max(1);
        (Code::ALL.into_iter())
            .map(|code| (edit_distance(&text, code.as_str()), code))
            .filter(|&(distance, _)| distance <= near)
            .min_by_key(|&(distance, _)| distance)
            .map(|(_, code)| code)
    }
}

/// Levenshtein's distance between `a` and `b`, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let replaced = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = replaced.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

impl fmt::Display for Code {
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
