//! The diagnostic codes, from one table: each row gives a code's variant, its name as the
//! contract writes it, its default severity, its family and its one-line meaning; its page,
//! `docs/codes/<name>.md` (what `jaque explain` prints), is compiled in from the row's name,
//! so a code without a page does not build. Adding a lint is adding a row and a page: the
//! checker's gates ([`CodeSet::of_family`]) and the index of the pages
//! ([`Code::markdown_index`]) follow the table.

use std::fmt;

use super::Severity;

/// Defines [`Code`] and what each code knows of itself from the rows of [`codes!`]'s table.
macro_rules! codes {
    ($( $(#[doc = $doc:literal])+ $variant:ident = $name:literal, $severity:ident, $family:ident; )+) => {
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

            /// The family the code belongs to: which part of a game it is about.
            pub const fn family(self) -> Family {
                match self { $(Code::$variant => Family::$family,)+ }
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
    Syntax = "syntax", Error, Syntax;
    /// Well-formed SAN, but no legal move matches it; the message says why.
    IllegalMove = "illegal_move", Error, Moves;
    /// More than one legal move matches; the message lists them in SAN.
    AmbiguousMove = "ambiguous_move", Error, Moves;
    /// A FEN is malformed or describes an impossible position.
    BadFen = "bad_fen", Error, Setup;
    /// A comment, variation or tag that never closes.
    Unterminated = "unterminated", Error, Syntax;
    /// `+`/`#` missing or wrong for the position after the move.
    CheckAnnotation = "check_annotation", Warning, Notation;
    /// `x` missing on a capture, or present on a non-capture.
    CaptureAnnotation = "capture_annotation", Warning, Notation;
    /// More disambiguation than needed (`Ng1f3`).
    OverDisambiguation = "over_disambiguation", Warning, Notation;
    /// Accepted, but not export SAN: `0-0`, `e8Q`, `Pe4`, `e.p.`, `e2-e4`, figurines,
    /// localized piece letters.
    NonstandardNotation = "nonstandard_notation", Warning, Notation;
    /// The Result tag, the termination marker and the final position disagree.
    ResultMismatch = "result_mismatch", Warning, Result;
    /// A tag of the Seven Tag Roster is missing, or the roster is out of order; or a `FEN`
    /// tag is not announced by `[SetUp "1"]`.
    MissingTag = "missing_tag", Warning, Tags;
    /// A tag value in the wrong form (a Date not `YYYY.MM.DD`, a Result not one of the four, …).
    TagFormat = "tag_format", Warning, Tags;
    /// The same tag name twice in one game.
    DuplicateTag = "duplicate_tag", Warning, Tags;
    /// The game's `Variant` tag names rules jaque does not play (Crazyhouse, Antichess, …):
    /// the game is counted, its moves are not checked.
    UnsupportedVariant = "unsupported_variant", Error, Setup;
    /// A query (a `.chq` file) that cannot be read or makes no sense: an unknown word, a set
    /// compared with a number, an unbalanced parenthesis; the message says which.
    BadQuery = "bad_query", Error, Query;
}

/// Defines [`Family`] from the rows of [`families!`]'s table, as [`codes!`] defines [`Code`].
macro_rules! families {
    ($( $(#[doc = $doc:literal])+ $variant:ident = $name:literal; )+) => {
        /// What part of a game a code is about: a column of the code table. The checker's
        /// gates are read from it (a stage whose every code is allowed need not run: see
        /// [`CodeSet::of_family`]), and the index of the codes shows it.
        ///
        /// ```
        /// use jaque::{Code, Family};
        /// assert_eq!(Code::DuplicateTag.family(), Family::Tags);
        /// assert_eq!(Family::Tags.as_str(), "tags");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Family {
            $( $(#[doc = $doc])+ $variant, )+
        }

        impl Family {
            /// Every family, in the order the index of codes lists them.
            pub const ALL: [Family; [$($name),+].len()] = [$(Family::$variant),+];

            /// The family's name, as the index of codes and `jaque rules` write it.
            pub const fn as_str(self) -> &'static str {
                match self { $(Family::$variant => $name,)+ }
            }

            /// What the family's codes are about, in a sentence (its doc comment).
            pub fn summary(self) -> &'static str {
                match self { $(Family::$variant => concat!($($doc),+),)+ }.trim()
            }
        }
    };
}

families! {
    /// The text itself: what is not PGN or SAN where it stands, or never ends.
    Syntax = "syntax";
    /// Where the game starts: the position its FEN gives, the rules its `Variant` tag names.
    Setup = "setup";
    /// Which move a SAN names: none that is legal, or more than one.
    Moves = "moves";
    /// How a legal move is written, against export SAN: its signs, its disambiguation, its
    /// forms.
    Notation = "notation";
    /// The tag section against export PGN: the roster, the values' forms, repeats.
    // The check of the tag section gives these codes and no others: a checker that allows
    // them all skips it (`pgn::check`).
    Tags = "tags";
    /// The Result tag, the termination marker and the final position against each other.
    Result = "result";
    /// A query file (`.chq`), not a game: the text of `jaque query`'s language.
    Query = "query";
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Code {
    /// Its index in [`Code::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Code {
    /// The index of the codes' pages, `docs/codes/README.md`, in Markdown: written from the
    /// table alone, so that the index cannot say other than `jaque rules` and `jaque explain`
    /// (a test compares the file with it; `jaque rules --markdown` prints it).
    ///
    /// ```
    /// use jaque::Code;
    /// let index = Code::markdown_index();
    /// assert!(index.starts_with("# Diagnostic codes\n"));
    /// assert!(index.contains("\n| [bad_fen](bad_fen.md) | error | setup | A FEN is malformed"));
    /// ```
    pub fn markdown_index() -> String {
        let mut out = String::with_capacity(4096);
        out.push_str(
            "# Diagnostic codes\n\n\
             <!-- Written by `jaque rules --markdown` from the code table in\n\
             src/diagnostic/code.rs: change the table, then write this file again. -->\n\n\
             What each code of `jaque check` means; `jaque explain CODE` prints its page. \
             Warnings can be allowed (`-A CODE`), errors cannot.\n\n\
             | code | level | family | meaning |\n|---|---|---|---|\n",
        );
        for code in Code::ALL {
            let (name, family) = (code.as_str(), code.family().as_str());
            let level = code.severity().as_str();
            let row = format!(
                "| [{name}]({name}.md) | {level} | {family} | {} |\n",
                code.summary()
            );
            out.push_str(&row);
        }
        out.push_str("\n## Families\n\n| family | codes | what they are about |\n|---|---|---|\n");
        for family in Family::ALL {
            let codes: Vec<String> = (CodeSet::of_family(family).iter())
                .map(|code| format!("[{code}]({code}.md)"))
                .collect();
            let row = format!(
                "| {family} | {} | {} |\n",
                codes.join(", "),
                family.summary()
            );
            out.push_str(&row);
        }
        out
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

/// Levenshtein's distance between `a` and `b`, in characters: how near a misspelt name is
/// (a diagnostic code, a query's word).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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
    pub const fn insert(&mut self, code: Code) {
        self.0[code.index() / 64] |= 1 << (code.index() % 64);
    }

    /// The codes of `family`, as the table gives them: what a gate over one stage of the
    /// checker tests, so that a code added to the family is gated with it.
    ///
    /// ```
    /// use jaque::{Code, CodeSet, Family};
    /// let tags = CodeSet::of_family(Family::Tags);
    /// assert_eq!(tags.iter().collect::<Vec<_>>(), [Code::MissingTag, Code::TagFormat, Code::DuplicateTag]);
    /// ```
    pub const fn of_family(family: Family) -> CodeSet {
        let mut set = CodeSet([0; Code::COUNT.div_ceil(64)]);
        let mut index = 0;
        while index < Code::COUNT {
            let code = Code::ALL[index];
            // Fieldless enums compare as their discriminants in a `const fn`.
            if code.family() as usize == family as usize {
                set.insert(code);
            }
            index += 1;
        }
        set
    }

    /// Whether every code of `other` is in the set.
    pub const fn is_superset(self, other: CodeSet) -> bool {
        let mut word = 0;
        while word < self.0.len() {
            if other.0[word] & !self.0[word] != 0 {
                return false;
            }
            word += 1;
        }
        true
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

#[cfg(test)]
mod tests {
    use super::{Code, CodeSet, Family};

    /// The families' sets part the codes: each code in its own family's set and no other.
    #[test]
    fn the_families_part_the_codes() {
        for code in Code::ALL {
            for family in Family::ALL {
                let inside = CodeSet::of_family(family).contains(code);
                assert_eq!(inside, code.family() == family, "{code} {family}");
            }
        }
    }

    #[test]
    fn a_set_is_a_superset_of_its_parts_and_not_of_more() {
        let tags = CodeSet::of_family(Family::Tags);
        let all: CodeSet = Code::ALL.into_iter().collect();
        let two: CodeSet = [Code::MissingTag, Code::TagFormat].into_iter().collect();
        assert!(all.is_superset(tags) && tags.is_superset(two) && tags.is_superset(tags));
        assert!(!two.is_superset(tags) && !tags.is_superset(all));
        assert!(two.is_superset(CodeSet::default()));
    }
}
