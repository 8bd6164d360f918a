//! Where things are in a game's text: lines and columns from byte offsets. A line ends at a
//! line feed, a carriage return and line feed, or a carriage return alone (old Mac files), as
//! the Language Server Protocol counts them.

use std::ops::Range;

use super::report::GameDiagnostic;
use crate::diagnostic::Diagnostic;
use crate::pgn::scan::{find, first_line_end};
use crate::utf16::lengths;

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
    /// The characters and UTF-16 units before every [`MARK`]th byte; none for ASCII text,
    /// where both are the byte offset. A column is counted from the mark before it, not from
    /// its line's start: a long line of many places is not read again for each.
    marks: Vec<(usize, usize)>,
}

/// Bytes between two marks of a [`LineIndex`].
const MARK: usize = 256;

impl<'a> LineIndex<'a> {
    /// The lines of `text`, whose first line is line `first_line` of its file.
    pub fn new(text: &'a str, first_line: usize) -> LineIndex<'a> {
        let starts = std::iter::once(0)
            .chain(line_starts(text.as_bytes()))
            .collect();
        let mut marks = Vec::new();
        if !text.is_ascii() {
            let mut before = (0, 0);
            for block in text.as_bytes().chunks(MARK) {
                marks.push(before);
                let (chars, units) = lengths(block);
                before = (before.0 + chars, before.1 + units);
            }
        }
        LineIndex {
            text,
            first_line,
            starts,
            marks,
        }
    }

    /// The characters and UTF-16 units before byte `offset` (a character's start).
    fn lengths_before(&self, offset: usize) -> (usize, usize) {
        if self.marks.is_empty() {
            return (offset, offset);
        }
        // The text's end may be past the last mark's block.
        let block = (offset / MARK).min(self.marks.len() - 1);
        let (chars, units) = self.marks.get(block).copied().unwrap_or_default();
        let tail = self.text.as_bytes().get(block * MARK..offset);
        let (more_chars, more_units) = lengths(tail.unwrap_or_default());
        (chars + more_chars, units + more_units)
    }

    /// The characters and UTF-16 units from byte `start` to byte `offset`.
    fn lengths_between(&self, start: usize, offset: usize) -> (usize, usize) {
        let (start, end) = (self.lengths_before(start), self.lengths_before(offset));
        (end.0.saturating_sub(start.0), end.1.saturating_sub(start.1))
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
        let (column, _) = self.lengths_between(start, offset);
        (self.first_line + line, column + 1)
    }

    /// Line and character of `offset` in the game's text as the Language Server Protocol
    /// counts them: 0-based, the character in UTF-16 code units.
    pub fn utf16_position(&self, offset: usize) -> (usize, usize) {
        let (line, start, offset) = self.line_of(offset);
        let (_, column) = self.lengths_between(start, offset);
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
    (diagnostics.into_iter())
        .map(|(diagnostic, ply, san)| {
            let placed = placed(&mut cursor, text, first_line, diagnostic);
            GameDiagnostic { ply, san, ..placed }
        })
        .collect()
}

/// One diagnostic of `text` (whose first line is numbered `first_line`) placed by line and
/// column, of no ply: a query's, a file's.
#[cfg(feature = "query")]
pub(crate) fn place_one(text: &str, first_line: usize, diagnostic: Diagnostic) -> GameDiagnostic {
    placed(&mut Cursor::default(), text, first_line, diagnostic)
}

/// `diagnostic` placed going forward from `cursor`, which is left at its start (the next
/// diagnostic starts there or after).
fn placed(
    cursor: &mut Cursor,
    text: &str,
    first_line: usize,
    diagnostic: Diagnostic,
) -> GameDiagnostic {
    *cursor = cursor.to(text, diagnostic.span.start);
    let (line, column) = cursor.line_column(first_line);
    let (end_line, end_column) = cursor.to(text, diagnostic.span.end).line_column(first_line);
    GameDiagnostic {
        diagnostic,
        line,
        column,
        end_line,
        end_column,
        ply: None,
        san: None,
    }
}

/// A place in a text and its line: the 0-based line, where it starts, and the characters
/// from there to the place (counted on as the cursor moves along a line: a line of many
/// diagnostics is read once, not once for each).
#[derive(Clone, Copy, Default)]
struct Cursor {
    offset: usize,
    line: usize,
    line_start: usize,
    column: usize,
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
        let chars = |range: Range<usize>| lengths(text.as_bytes().get(range).unwrap_or_default()).0;
        let column = match newlines {
            0 => from.column + chars(from.offset..offset),
            _ => chars(line_start..offset),
        };
        Cursor {
            offset,
            line: from.line + newlines,
            line_start,
            column,
        }
    }

    /// Line and column in the file, as [`LineIndex::line_column`] gives them.
    fn line_column(self, first_line: usize) -> (usize, usize) {
        (first_line + self.line, self.column + 1)
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

    /// Columns counted from the marks of a long text beyond ASCII are those counted from
    /// the line's start, at every offset, for texts ending at a mark and between marks.
    #[test]
    fn columns_from_marks_are_columns_from_the_line_start() {
        for len in [super::MARK * 3, super::MARK * 3 + 7] {
            let mut text = String::new();
            let pieces = ["é", "ab", "𝄞", " ", "\r\n", "€", "x\n", "\r"];
            while text.len() < len {
                text.push_str(pieces[text.len() % pieces.len()]);
            }
            while text.len() > len {
                text.pop();
            }
            text.extend(std::iter::repeat_n('a', len - text.len()));
            let index = LineIndex::new(&text, 1);
            for offset in (0..=text.len()).filter(|&o| text.is_char_boundary(o)) {
                let (line, start, _) = index.line_of(offset);
                let before = &text[start..offset];
                let (chars, units) = (before.chars().count(), before.encode_utf16().count());
                assert_eq!(index.line_column(offset), (line + 1, chars + 1), "{offset}");
                assert_eq!(index.utf16_position(offset), (line, units), "{offset}");
            }
        }
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
