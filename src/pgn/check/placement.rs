//! Where things are in a game's text: lines and columns from byte offsets. A line ends at a
//! line feed, a carriage return and line feed, or a carriage return alone (old Mac files), as
//! the Language Server Protocol counts them.

use super::report::GameDiagnostic;
use crate::diagnostic::Diagnostic;
use crate::pgn::scan::{find, first_line_end};

/// Where each line of `text` but the first starts: just after each line end.
///
/// ```
/// use jaque::pgn::line_starts;
/// let starts: Vec<usize> = line_starts(b"a\nb\r\nc\rd\n\re").collect();
/// assert_eq!(starts, [2, 5, 7, 9, 10]);
/// ```
pub fn line_starts(text: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        loop {
            let end = at + find(text.get(at..)?, first_line_end);
            let byte = *text.get(end)?;
            at = end + 1;
            // The carriage return of a carriage return and line feed ends no line: its line
            // feed does.
            if byte == b'\n' || text.get(at) != Some(&b'\n') {
                return Some(at);
            }
        }
    })
}

/// The lines of a game's text, for turning byte offsets into lines and columns (1-based,
/// columns in characters, as compilers print them) or into an editor's positions (0-based,
/// columns in UTF-16 code units, as the Language Server Protocol counts them).
///
/// ```
/// use jaque::pgn::LineIndex;
/// let text = "[Event \"Café\"]\n\n1. e4 ♘f6 *";
/// let index = LineIndex::new(text, 10);
/// let knight = text.find('♘').unwrap();
/// assert_eq!(index.line_column(knight), (12, 7));
/// assert_eq!(index.line_column(knight + '♘'.len_utf8()), (12, 8));
/// assert_eq!(index.utf16_position(text.len()), (2, 11));
/// ```
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    first_line: usize,
    /// The byte offset where each line starts.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// The lines of `text`, whose first line is line `first_line` of its file.
    pub fn new(text: &'a str, first_line: usize) -> LineIndex<'a> {
        let starts = std::iter::once(0)
            .chain(line_starts(text.as_bytes()))
            .collect();
        LineIndex {
            text,
            first_line,
            starts,
        }
    }

    /// The 0-based line of `offset` (clamped to the text) and where that line starts.
    fn line_of(&self, offset: usize) -> (usize, usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self
            .starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        (line, start, offset)
    }

    /// Line and column of `offset` in the file: 1-based, the column in characters.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let (line, start, offset) = self.line_of(offset);
        let column = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.chars().count());
        (self.first_line + line, column + 1)
    }

    /// Line and character of `offset` in the game's text as the Language Server Protocol
    /// counts them: 0-based, the character in UTF-16 code units.
    pub fn utf16_position(&self, offset: usize) -> (usize, usize) {
        let (line, start, offset) = self.line_of(offset);
        let column = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.chars().map(char::len_utf16).sum());
        (line, column)
    }

    /// The byte offset of a 0-based line and UTF-16 character (clamped to the line), the
    /// inverse of [`LineIndex::utf16_position`].
    pub fn utf16_offset(&self, line: usize, character: usize) -> usize {
        let Some(&start) = self.starts.get(line) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(line + 1)
            .map_or(self.text.len(), |&next| next);
        let mut units = 0;
        let line = self.text.get(start..end).unwrap_or_default();
        for (i, c) in line.char_indices() {
            // The line's end: its line feed, or a carriage return alone.
            let lone_cr = c == '\r' && line.get(i + 1..i + 2) != Some("\n");
            if units >= character || c == '\n' || lone_cr {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

/// Line and column of each diagnostic's start and end, found going forward through `text`
/// from one diagnostic to the next (they come in the order of their spans' starts): no
/// [`LineIndex`] of the whole game for the one or two diagnostics most games with any have.
pub(super) fn place(
    text: &str,
    first_line: usize,
    diagnostics: Vec<(Diagnostic, Option<usize>, Option<String>)>,
) -> Vec<GameDiagnostic> {
    if diagnostics.is_empty() {
        return Vec::new();
    }
    let mut cursor = Cursor::default();
    diagnostics
        .into_iter()
        .map(|(diagnostic, ply, san)| {
            cursor = cursor.to(text, diagnostic.span.start);
            let (line, column) = cursor.line_column(text, first_line);
            let (end_line, end_column) = cursor
                .to(text, diagnostic.span.end)
                .line_column(text, first_line);
            GameDiagnostic {
                diagnostic,
                line,
                column,
                end_line,
                end_column,
                ply,
                san,
            }
        })
        .collect()
}

/// A place in a text and its line: the 0-based line and where it starts.
#[derive(Clone, Copy, Default)]
struct Cursor {
    offset: usize,
    line: usize,
    line_start: usize,
}

impl Cursor {
    /// The cursor at `offset` (clamped to the text), counted on from this one, or from the
    /// text's start if it lies before.
    fn to(self, text: &str, offset: usize) -> Cursor {
        let offset = offset.min(text.len());
        let from = if offset < self.offset {
            Cursor::default()
        } else {
            self
        };
        // The lines that start after `from` and up to `offset`, read with the byte after
        // them (a carriage return's line ends only where no line feed follows it).
        let lines = text
            .as_bytes()
            .get(..(offset + 1).min(text.len()))
            .unwrap_or_default();
        let passed = lines.get(from.offset..).unwrap_or_default();
        let (mut newlines, mut line_start) = (0, from.line_start);
        for start in line_starts(passed).map(|i| from.offset + i) {
            if start > offset {
                break;
            }
            newlines += 1;
            line_start = start;
        }
        Cursor {
            offset,
            line: from.line + newlines,
            line_start,
        }
    }

    /// Line and column in the file, as [`LineIndex::line_column`] gives them.
    fn line_column(self, text: &str, first_line: usize) -> (usize, usize) {
        let column = text
            .get(self.line_start..self.offset)
            .map_or(0, |s| s.chars().count());
        (first_line + self.line, column + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::LineIndex;
    use crate::diagnostic::{Code, Diagnostic};

    /// Placed going forward, diagnostics get the lines and columns the index gives, for
    /// every start and end in a text with multi-byte characters and both line ends, in
    /// order or not.
    #[test]
    fn diagnostics_are_placed_where_the_line_index_places_them() {
        let text = "[White \"Müller\"]\r\n\n1. e4 ♘f6 2. 𝄞 {ça}\n\n3. d4";
        let index = LineIndex::new(text, 7);
        let mut spans = Vec::new();
        for start in 0..=text.len() + 2 {
            for end in [start, start + 1, start + 5, text.len() + 3, start / 2] {
                spans.push(start..end);
            }
        }
        let diagnostics = spans
            .iter()
            .map(|span| {
                let d = Diagnostic::new(Code::Syntax, "m", "l", span.clone());
                (d, None, None)
            })
            .collect();
        let placed = super::place(text, 7, diagnostics);
        assert_eq!(placed.len(), spans.len());
        for (d, span) in placed.iter().zip(&spans) {
            assert_eq!(
                (d.line, d.column),
                index.line_column(span.start),
                "{span:?}"
            );
            assert_eq!(
                (d.end_line, d.end_column),
                index.line_column(span.end),
                "{span:?}"
            );
        }
        // Out of order: back to an earlier line.
        let back =
            [9..12, 2..3].map(|span| (Diagnostic::new(Code::Syntax, "m", "l", span), None, None));
        let placed = super::place(text, 7, back.into());
        assert_eq!((placed[1].line, placed[1].column), index.line_column(2));
    }

    #[test]
    fn editor_positions_go_back_to_the_offsets_they_came_from() {
        let text = "[White \"Müller\"]\r\n\n1. e4 ♘f6 2. 𝄞 {ça}\n\n";
        let index = LineIndex::new(text, 1);
        let mut lines = 0;
        for (offset, c) in text.char_indices().chain([(text.len(), ' ')]) {
            let (line, character) = index.utf16_position(offset);
            assert_eq!(index.utf16_offset(line, character), offset, "at {offset}");
            lines += usize::from(c == '\n');
        }
        assert_eq!(lines, 4);
        // Fifteen characters before the brace, the clef two UTF-16 units of them.
        let brace = text.find('{').unwrap();
        assert_eq!(index.utf16_position(brace), (2, 16));
        assert_eq!(index.line_column(brace), (3, 16));
        // Past a line's end: clamped to the line's end.
        assert_eq!(index.utf16_offset(0, 99), text.find('\n').unwrap());
        assert_eq!(index.utf16_offset(99, 0), text.len());
    }
}
