//! One open PGN document: its text and every game checked, kept until the next change so
//! that hover, completion and code actions answer without checking again.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use jaque::lint::Lints;
use jaque::pgn::{Checker, GameRecord, LineIndex, Options, RawGame, Splitter, line_starts};
use lsp_types::{Position, Range as LspRange, Uri};

use super::publish::Template;

/// A game checked: what its text gives wherever it is in the document. Shared between a
/// document and the check of its next whole text, which keeps the games whose text it
/// finds again.
pub struct Checked {
    /// The game checked, diagnostics at the document's lint levels.
    pub record: GameRecord,
    /// Its diagnostics as JSON, placed as if the game began the document: publishing
    /// moves them to where it is.
    pub published: Template,
    shape: Shape,
}

/// The length and lines of a game's text: what the lines and columns of the games after it
/// are counted from, without reading it again.
#[derive(Clone, Copy)]
struct Shape {
    len: usize,
    newlines: usize,
    /// Where its last line starts, when it has more than one.
    last_line: Option<usize>,
}

impl Checked {
    /// Checks a game at the document's lint levels.
    pub fn new(checker: &mut Checker, raw: &RawGame, lints: Lints, uri: &Uri) -> Checked {
        let mut record = checker.record(raw);
        record.apply(&lints);
        let published = Template::new(&super::convert::game_diagnostics(uri, &record));
        let text = record.text().as_bytes();
        let shape = Shape {
            len: text.len(),
            newlines: line_starts(text).count(),
            last_line: line_starts(text).last(),
        };
        Checked {
            record,
            published,
            shape,
        }
    }
}

/// A game of the document and where it is.
pub struct Game {
    /// Its first byte in the document.
    pub offset: usize,
    /// The checked game's, here too: walking the games to count lines reads one array.
    shape: Shape,
    pub checked: Arc<Checked>,
}

impl Game {
    pub fn new(offset: usize, checked: Arc<Checked>) -> Game {
        Game {
            offset,
            shape: checked.shape,
            checked,
        }
    }

    pub fn record(&self) -> &GameRecord {
        &self.checked.record
    }

    /// The game's bytes in the document.
    pub fn span(&self) -> Range<usize> {
        self.offset..self.offset + self.shape.len
    }
}

/// An open document.
pub struct Document {
    pub uri: Uri,
    pub version: i32,
    pub text: String,
    /// The lint levels of its `jaque.toml` (defaults when it has none or it is broken).
    pub lints: Lints,
    pub games: Vec<Game>,
}

/// Where a game starts: its line and UTF-16 column in the document.
#[derive(Clone, Copy)]
pub struct Start {
    pub line: u32,
    pub column: u32,
}

impl Document {
    /// Writes `replacement` over bytes `edit` of the text (clamped to it) and checks again
    /// only the games the edit can change, so that a keystroke in a large file costs a game,
    /// not the file: the text is cut into games again from the game before the edit (whose
    /// start the edit cannot move) until a game starts where an old one after the edit did.
    /// From there the cuts are the old ones, shifted: where a game ends depends only on the
    /// bytes from its start, and those are unchanged.
    pub fn edit(&mut self, edit: Range<usize>, replacement: &str) {
        let end = edit.end.min(self.text.len());
        let edit = edit.start.min(end)..end;
        if !self.text.is_char_boundary(edit.start) || !self.text.is_char_boundary(edit.end) {
            return;
        }
        self.text.replace_range(edit.clone(), replacement);
        let touched = self.games.partition_point(|g| g.span().end < edit.start);
        let from = touched.saturating_sub(1);
        // Before the first game, bytes the splitter skipped: cut from the top.
        let start = match from {
            0 => 0,
            _ => self.games.get(from).map_or(0, |g| g.offset),
        };
        let after = self.games.partition_point(|g| g.offset < edit.end);
        let mut tail = self.games.split_off(after.max(from));
        self.games.truncate(from);
        let grown = replacement.len() as isize - edit.len() as isize;
        for game in &mut tail {
            game.offset = game.offset.saturating_add_signed(grown);
        }
        let mut checker = Checker::new(Options::default());
        let mut next = 0;
        let bytes = self.text.as_bytes().get(start..).unwrap_or_default();
        for raw in Splitter::new(bytes).map_while(Result::ok) {
            let offset = start.saturating_add(usize::try_from(raw.offset).unwrap_or(usize::MAX));
            while tail.get(next).is_some_and(|g| g.offset < offset) {
                next += 1;
            }
            if tail.get(next).is_some_and(|g| g.offset == offset) {
                self.games.extend(tail.drain(next..));
                return;
            }
            let checked = Checked::new(&mut checker, &raw, self.lints, &self.uri);
            self.games.push(Game::new(offset, Arc::new(checked)));
        }
    }

    /// The lines of the whole text, for turning byte offsets into LSP positions.
    pub fn index(&self) -> LineIndex<'_> {
        LineIndex::new(&self.text, 1)
    }

    /// The game whose bytes hold `offset` (its end included: a cursor after the last move),
    /// or that a cursor on the blanks after it goes on, while its movetext has no marker yet:
    /// where a user types the next move.
    pub fn game_at(&self, offset: usize) -> Option<&Game> {
        let i = self.games.partition_point(|g| g.offset <= offset);
        let game = self.games.get(i.checked_sub(1)?)?;
        let end = game.span().end;
        if offset <= end {
            return Some(game);
        }
        let blanks = (self.text.get(end..offset)).is_some_and(|gap| gap.trim().is_empty());
        let ended = (game.record().tokens().iter())
            .any(|t| matches!(t.kind, jaque::pgn::syntax::TokenKind::Result(_)));
        (blanks && !ended).then_some(game)
    }

    /// Each game with where it starts, counted from the games' shapes: only bytes between
    /// games, and before a game that starts within a line, are read.
    pub fn starts(&self) -> impl Iterator<Item = (&Game, Start)> {
        let text = self.text.as_bytes();
        // The byte up to which lines are counted, the line there, where that line starts.
        let (mut counted, mut line, mut line_start) = (0, 0, 0);
        self.games.iter().map(move |game| {
            let start = game.offset.min(text.len()).max(counted);
            if start > counted {
                let gap = text.get(counted..start).unwrap_or_default();
                for i in line_starts(gap) {
                    line += 1;
                    line_start = counted + i;
                }
            }
            // A game that starts within a line: its first line's columns move too.
            let column = match start > line_start {
                true => (self.text.get(line_start..start)).map_or(0, |s| s.encode_utf16().count()),
                false => 0,
            };
            let at = Start {
                line: to_u32(line),
                column: to_u32(column),
            };
            counted = start.saturating_add(game.shape.len).min(text.len());
            line += game.shape.newlines;
            if let Some(i) = game.shape.last_line {
                line_start = start + i;
            }
            (game, at)
        })
    }

    /// The byte offset of an LSP position, clamped to the text (an editor's position past
    /// the end is not an error worth failing for). The text is read from the last game that
    /// starts on an earlier line: a keystroke in a large file needs two offsets, not its
    /// lines.
    pub fn offset(&self, position: Position) -> usize {
        let from = self
            .starts()
            .take_while(|(_, start)| start.line < position.line)
            .last()
            .map_or((0, 0), |(game, start)| (game.offset, start.line));
        offset_from(&self.text, from, position)
    }
}

/// The byte offset of an LSP position in `text`, clamped to it, read from byte `from.0`,
/// which is on line `from.1`, at or before the position's line.
pub fn offset_from(text: &str, from: (usize, u32), position: Position) -> usize {
    let (from, from_line) = from;
    let rest = text.get(from..).unwrap_or_default();
    let start = match (position.line.saturating_sub(from_line) as usize).checked_sub(1) {
        None => Some(from),
        Some(before) => line_starts(rest.as_bytes()).nth(before).map(|i| from + i),
    };
    let Some(start) = start else {
        return text.len();
    };
    let mut units = 0;
    let line = text.get(start..).unwrap_or_default();
    for (i, c) in line.char_indices() {
        // The line's end: its line feed, or a carriage return alone.
        let lone_cr = c == '\r' && line.get(i + 1..i + 2) != Some("\n");
        if units >= position.character as usize || c == '\n' || lone_cr {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The LSP range of a byte range of the document.
pub fn range(index: &LineIndex<'_>, span: Range<usize>) -> LspRange {
    LspRange::new(position(index, span.start), position(index, span.end))
}

/// The LSP position of a byte offset of the document.
pub fn position(index: &LineIndex<'_>, offset: usize) -> Position {
    let (line, character) = index.utf16_position(offset);
    Position::new(to_u32(line), to_u32(character))
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The file a `file:` URI names, its `%XX` escapes undone (`None` for other schemes).
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://host/path`: the path starts at the first `/` after the host.
    let path = &rest[rest.find('/')?..];
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                decoded.push(byte);
                i += 3;
            }
            (byte, _) => {
                decoded.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(decoded).ok().map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_become_paths() {
        let uri: Uri = "file:///tmp/a%20b/g.pgn".parse().unwrap();
        assert_eq!(file_path(&uri), Some(PathBuf::from("/tmp/a b/g.pgn")));
        let uri: Uri = "untitled:Untitled-1".parse().unwrap();
        assert_eq!(file_path(&uri), None);
    }
}
