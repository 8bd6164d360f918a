//! The diagnostic codes, from one table: each row gives a code's variant, its name as the
//! contract writes it, its default severity and its one-line meaning; its page,
//! `docs/codes/<name>.md` (what `jaque explain` prints), is compiled in from the row's name,
//! so a code without a page does not build. Adding a lint is adding a row and a page.

use std::fmt;

use super::Severity;

/// Defines [`Code`] and what each code knows of itself from the rows of [`codes!`]'s table.
macro_rules! codes {
    ($( $(#[doc = $doc:literal])+ $variant:ident = $name:literal, $severity:ident; )+) => {
        /// The stable code of a diagnostic.
        ///
        /// ```
        /// use jaque::{Code, Severity};
        /// assert_eq!(Code::AmbiguousMove.as_str(), "ambiguous_move");
        /// assert_eq!(Code::CheckAnnotation.severity(), Severity::Warning);
        /// assert!(Code::CheckAnnotation.explanation().starts_with("# `check_annotation`"));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $( $(#[doc = $doc])+ $variant, )+
        }

        impl Code {
            /// How many codes there are.
            pub const COUNT: usize = [$($name),+].len();

            /// Every code, in the order of the contract's table.
            pub const ALL: [Code; Code::COUNT] = [$(Code::$variant),+];

            /// The code as the contract writes it (`illegal_move`).
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)+ }
            }

            /// The severity the code has unless lint levels say otherwise.
            pub const fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)+ }
            }

            /// What the code means, in a sentence (its doc comment).
            pub fn summary(self) -> &'static str {
                match self { $(Code::$variant => concat!($($doc),+),)+ }.trim()
            }

            /// Its page, in Markdown: what it means, an example, the example mended, and how
            /// to allow it (`jaque explain`, `docs/codes/`).
            pub const fn explanation(self) -> &'static str {
                match self {
                    $(Code::$variant => include_str!(concat!(
                        env!("CARGO_MANIFEST_DIR"), "/docs/codes/", $name, ".md"
                    )),)+
                }
            }
        }
    };
}

codes! {
    /// Not a SAN move, or not valid PGN at this point.
    Syntax = "syntax", Error;
    /// Well-formed SAN, but no legal move matches it.
    IllegalMove = "illegal_move", Error;
    /// More than one legal move matches.
    AmbiguousMove = "ambiguous_move", Error;
    /// A FEN is malformed or describes an impossible position.
    BadFen = "bad_fen", Error;
    /// A comment, variation or tag that never closes.
    Unterminated = "unterminated", Error;
    /// `+`/`#` missing or wrong for the position after the move.
    CheckAnnotation = "check_annotation", Warning;
    /// `x` missing on a capture, or present on a non-capture.
    CaptureAnnotation = "capture_annotation", Warning;
    /// More disambiguation than needed (`Ng1f3`).
    OverDisambiguation = "over_disambiguation", Warning;
    /// Accepted, but not export SAN: `0-0`, `e8Q`, `Pe4`, `e.p.`, `e2-e4`, figurines,
    /// localized piece letters.
    NonstandardNotation = "nonstandard_notation", Warning;
    /// The Result tag, the termination marker and the final position disagree.
    ResultMismatch = "result_mismatch", Warning;
    /// A tag of the Seven Tag Roster is missing, or the roster is out of order.
    MissingTag = "missing_tag", Warning;
    /// A tag value in the wrong form (a Date not `YYYY.MM.DD`, a Result not one of the four).
    TagFormat = "tag_format", Warning;
    /// The same tag name twice in one game.
    DuplicateTag = "duplicate_tag", Warning;
    /// The game's `Variant` tag names rules jaque does not play (Crazyhouse, Antichess, …):
    /// the game is counted, its moves are not checked.
    UnsupportedVariant = "unsupported_variant", Error;
}

impl Code {
    /// Its index in [`Code::ALL`].
    pub const fn index(self) -> usize {
        self as usize
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

/// A set of codes, a bit a code, as large as the table needs.
///
/// ```
/// use jaque::{Code, CodeSet};
/// let set: CodeSet = [Code::MissingTag, Code::TagFormat].into_iter().collect();
/// assert!(set.contains(Code::MissingTag) && !set.contains(Code::Syntax));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Code::MissingTag, Code::TagFormat]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CodeSet([u64; Code::COUNT.div_ceil(64)]);

impl CodeSet {
    /// Whether `code` is in the set.
    pub const fn contains(self, code: Code) -> bool {
        self.0[code.index() / 64] >> (code.index() % 64) & 1 == 1
    }

    /// Puts `code` in the set.
    pub fn insert(&mut self, code: Code) {
        self.0[code.index() / 64] |= 1 << (code.index() % 64);
    }

    /// The codes in the set, in the table's order.
    pub fn iter(self) -> impl Iterator<Item = Code> {
        Code::ALL
            .into_iter()
            .filter(move |&code| self.contains(code))
    }
}

impl FromIterator<Code> for CodeSet {
    fn from_iter<I: IntoIterator<Item = Code>>(codes: I) -> CodeSet {
        let mut set = CodeSet::default();
        codes.into_iter().for_each(|code| set.insert(code));
        set
    }
}
