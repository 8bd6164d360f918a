//! What checking one game found, kept with the game in the [`Document`](crate::document) so
//! that an edit re-checks only the games it touched: the counts, and each diagnostic placed
//! relative to the game's start, in the UTF-16 units the editor counts (and in lines and
//! columns, for the list). Placed so, a game's findings stay true wherever edits before it
//! move it.

use jaque::json::{Array, Object};
use jaque::lint::Lints;
use jaque::pgn::{Checker, GameReport, RawGame};
use jaque::{Applicability, Code, Severity};

/// A game's counts and diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// Mainline half-moves played (to the first error).
    pub plies: usize,
    /// Diagnostics at error level, hidden ones (past the game's limit) counted.
    pub errors: usize,
    /// At warning level, the same.
    pub warnings: usize,
    marks: Vec<Mark>,
}

/// A diagnostic, placed relative to its game.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Mark {
    units: std::ops::Range<usize>,
    /// Lines after the game's first (0 on it), and the 1-based column in characters.
    line: usize,
    column: usize,
    severity: Severity,
    code: Code,
    message: String,
    fixes: Vec<Fix>,
}

/// A suggestion, placed relative to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fix {
    units: std::ops::Range<usize>,
    replacement: String,
    applicability: Applicability,
}

impl Findings {
    /// `game` checked at `lints`' levels (which `checker` allows).
    pub fn check(checker: &mut Checker, lints: &Lints, game: &RawGame) -> Findings {
        let mut report = checker.check(game);
        report.apply(lints);
        Findings::of(&report)
    }

    fn of(report: &GameReport) -> Findings {
        let units = Units::new(&report.text);
        let marks = (report.diagnostics.iter())
            .map(|d| Mark {
                units: units.range(&d.diagnostic.span),
                line: d.line.saturating_sub(report.line),
                column: d.column,
                severity: d.diagnostic.severity,
                code: d.diagnostic.code,
                message: d.diagnostic.message.clone(),
                fixes: (d.diagnostic.suggestions.iter())
                    .map(|s| Fix {
                        units: units.range(&s.span),
                        replacement: s.replacement.clone(),
                        applicability: s.applicability,
                    })
                    .collect(),
            })
            .collect();
        Findings {
            plies: report.plies,
            errors: report.count(Severity::Error),
            warnings: report.count(Severity::Warning),
            marks,
        }
    }

    /// Writes the diagnostics into `array`, for a game at UTF-16 offset `start` and on line
    /// `line`: `{"from", "to", "line", "column", "severity", "code", "message",
    /// "suggestions": [{"from", "to", "replacement", "applicability"}]}`, places in UTF-16
    /// units of the whole text.
    pub fn write(&self, array: &mut Array<'_>, start: usize, line: usize) {
        for mark in &self.marks {
            let mut object = Object::open(array.item());
            object.field("from", start + mark.units.start);
            object.field("to", start + mark.units.end);
            object.field("line", line + mark.line);
            object.field("column", mark.column);
            object.field("severity", mark.severity.as_str());
            object.field("code", mark.code.as_str());
            object.field("message", &mark.message);
            let mut fixes = Array::open(object.key("suggestions"));
            for fix in &mark.fixes {
                let mut object = Object::open(fixes.item());
                object.field("from", start + fix.units.start);
                object.field("to", start + fix.units.end);
                object.field("replacement", &fix.replacement);
                object.field("applicability", fix.applicability.as_str());
                object.close();
            }
            fixes.close();
            object.close();
        }
    }
}

/// Byte offsets of a game's text as UTF-16 offsets: the same in ASCII, nearly every game.
struct Units<'a> {
    text: Option<&'a str>,
}

impl<'a> Units<'a> {
    fn new(text: &'a str) -> Units<'a> {
        Units {
            text: (!text.is_ascii()).then_some(text),
        }
    }

    fn range(&self, bytes: &std::ops::Range<usize>) -> std::ops::Range<usize> {
        self.at(bytes.start)..self.at(bytes.end)
    }

    /// The UTF-16 offset of byte `at` (of the character it is in; the end past the text).
    fn at(&self, at: usize) -> usize {
        match self.text {
            None => at,
            Some(text) => (text.char_indices())
                .take_while(|&(i, c)| i + c.len_utf8() <= at)
                .map(|(_, c)| c.len_utf16())
                .sum(),
        }
    }
}

/// `text`'s length in UTF-16 code units: a unit for each byte that starts a character, two
/// for a character of four bytes. Eight bytes at a time: a cut counts the whole text.
pub fn utf16_len(text: &[u8]) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut words = text.chunks_exact(8);
    let mut units = 0;
    for word in &mut words {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(word);
        let w = u64::from_le_bytes(bytes);
        if w & (LOW << 7) == 0 {
            units += 8; // ASCII
            continue;
        }
        // Bit 0 of each byte: a continuation byte (10xxxxxx), a four-byte start (11110xxx).
        let continuation = (w >> 7) & !(w >> 6) & LOW;
        let four = (w >> 7) & (w >> 6) & (w >> 5) & (w >> 4) & LOW;
        units += 8 - continuation.count_ones() as usize + four.count_ones() as usize;
    }
    let rest = words.remainder().iter();
    units
        + rest
            .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
            .sum::<usize>()
}

#[cfg(test)]
mod tests {
    #[test]
    fn utf16_len_counts_as_javascript_does() {
        let text = "aé€🐴 ASCII only here, then ß and 𝄞 again: 1. e4 {😀} é";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let Some(part) = text.get(start..end) else {
                    continue;
                };
                assert_eq!(
                    super::utf16_len(part.as_bytes()),
                    part.encode_utf16().count()
                );
            }
        }
    }
}
