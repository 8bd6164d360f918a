//! One open PGN document: its text and every game checked, kept until the next change so
//! that hover, completion and code actions answer without checking again.

use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;

use jaque::lint::Lints;
use jaque::pgn::{Checker, GameRecord, LineIndex, Options, RawGame, Splitter};
use lsp_types::{Diagnostic, Position, Range as LspRange, Uri};

/// A game of the document and where it is.
pub struct Game {
    /// Its first byte in the document.
    pub offset: usize,
    /// The game checked, diagnostics at the document's lint levels.
    pub record: GameRecord,
    /// Its diagnostics as LSP ones, placed as if the game began the document: publishing
    /// moves them to where it is, so that a keystroke converts one game's, not the file's.
    pub diagnostics: Vec<Diagnostic>,
}

impl Game {
    /// The game's bytes in the document.
    pub fn span(&self) -> Range<usize> {
        self.offset..self.offset + self.record.text().len()
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

impl Document {
    /// A document checked at once: every request needs its games.
    pub fn new(uri: Uri, version: i32, text: String) -> Document {
        let path = file_path(&uri);
        // A broken `jaque.toml` must not stop the editor: the default levels stand.
        let lints = super::super::lints::Flags::default()
            .lints_for(path.as_deref())
            .unwrap_or_default();
        let mut document = Document {
            uri,
            version,
            text,
            lints,
            games: Vec::new(),
        };
        document.check();
        document
    }

    /// Replaces the whole text and checks it again.
    pub fn replace(&mut self, text: String) {
        self.text = text;
        self.check();
    }

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
        let start = if from == 0 {
            0
        } else {
            self.games[from].offset
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
            let game = checked(&mut checker, &raw, self.lints, &self.uri);
            self.games.push(Game { offset, ..game });
        }
    }

    /// Cuts the text into games and checks each; a game whose text is unchanged keeps its
    /// record (games are independent, and spans are the game's own: only its offset moves).
    fn check(&mut self) {
        let mut old: HashMap<String, Vec<Game>> = HashMap::new();
        for game in self.games.drain(..) {
            old.entry(game.record.text().to_string())
                .or_default()
                .push(game);
        }
        let mut checker = Checker::new(Options::default());
        for raw in Splitter::new(self.text.as_bytes()).map_while(Result::ok) {
            let kept = std::str::from_utf8(&raw.bytes)
                .ok()
                .filter(|_| raw.skipped == 0)
                .and_then(|text| old.get_mut(text))
                .and_then(Vec::pop);
            let game = kept.unwrap_or_else(|| checked(&mut checker, &raw, self.lints, &self.uri));
            self.games.push(Game {
                offset: usize::try_from(raw.offset).unwrap_or(usize::MAX),
                ..game
            });
        }
    }

    /// The lines of the whole text, for turning byte offsets into LSP positions.
    pub fn index(&self) -> LineIndex<'_> {
        LineIndex::new(&self.text, 1)
    }

    /// The game whose bytes hold `offset` (its end included: a cursor after the last move).
    pub fn game_at(&self, offset: usize) -> Option<&Game> {
        self.games
            .iter()
            .find(|game| game.span().contains(&offset) || game.span().end == offset)
    }

    /// The byte offset of an LSP position, clamped to the text (an editor's position past
    /// the end is not an error worth failing for). The text is walked up to the position
    /// rather than indexed whole: a change in a large file needs two offsets, not its lines.
    pub fn offset(&self, position: Position) -> usize {
        let line = position.line as usize;
        let start = match line.checked_sub(1) {
            None => Some(0),
            Some(before) => self
                .text
                .match_indices('\n')
                .nth(before)
                .map(|(i, _)| i + 1),
        };
        let Some(start) = start else {
            return self.text.len();
        };
        let mut units = 0;
        for (i, c) in self.text.get(start..).unwrap_or_default().char_indices() {
            if units >= position.character as usize || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        self.text.len()
    }
}

/// A game checked, its diagnostics at the document's lint levels and as LSP ones (its
/// offset is the caller's to set).
fn checked(checker: &mut Checker, raw: &RawGame, lints: Lints, uri: &Uri) -> Game {
    let mut record = checker.record(raw);
    record.apply(&lints);
    let diagnostics = super::convert::game_diagnostics(uri, &record);
    Game {
        offset: 0,
        record,
        diagnostics,
    }
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
