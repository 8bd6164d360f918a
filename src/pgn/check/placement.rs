//! Where things are in a game's text: lines and columns from byte offsets.

use super::report::GameDiagnostic;
use crate::diagnostic::Diagnostic;

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
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
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
        for (i, c) in self.text.get(start..end).unwrap_or_default().char_indices() {
            if units >= character || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

/// Line and column of each diagnostic's start and end.
pub(super) fn place(
    text: &str,
    first_line: usize,
    diagnostics: Vec<(Diagnostic, Option<usize>, Option<String>)>,
) -> Vec<GameDiagnostic> {
    if diagnostics.is_empty() {
        return Vec::new();
    }
    let index = LineIndex::new(text, first_line);
    diagnostics
        .into_iter()
        .map(|(diagnostic, ply, san)| {
            let (line, column) = index.line_column(diagnostic.span.start);
            let (end_line, end_column) = index.line_column(diagnostic.span.end);
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

#[cfg(test)]
mod tests {
    use super::LineIndex;

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
