//! One open PGN document: its text and every game checked, kept until the next change so
//! that hover, completion and code actions answer without checking again.

use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;

use jaque::lint::Lints;
use jaque::pgn::{Checker, GameRecord, LineIndex, Options, Splitter};
use lsp_types::{Position, Range as LspRange, Uri};

/// A game of the document and where it is.
pub struct Game {
    /// Its first byte in the document.
    pub offset: usize,
    /// The game checked, diagnostics at the document's lint levels.
    pub record: GameRecord,
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

    /// Replaces the text and checks it again.
    pub fn update(&mut self, version: i32, text: String) {
        self.version = version;
        self.text = text;
        self.check();
    }

    /// Cuts the text into games and checks each; a game whose text is unchanged keeps its
    /// record (games are independent, and spans are the game's own: only its offset moves),
    /// so typing in one game of a large file checks that game alone.
    fn check(&mut self) {
        let mut old: HashMap<String, Vec<GameRecord>> = HashMap::new();
        for game in self.games.drain(..) {
            let text = game.record.text().to_string();
            old.entry(text).or_default().push(game.record);
        }
        let mut checker = Checker::new(Options::default());
        for raw in Splitter::new(self.text.as_bytes()).map_while(Result::ok) {
            let kept = std::str::from_utf8(&raw.bytes)
                .ok()
                .filter(|_| raw.skipped == 0)
                .and_then(|text| old.get_mut(text))
                .and_then(Vec::pop);
            let record = kept.unwrap_or_else(|| {
                let mut record = checker.record(&raw);
                record.apply(&self.lints);
                record
            });
            self.games.push(Game {
                offset: usize::try_from(raw.offset).unwrap_or(usize::MAX),
                record,
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
    /// the end is not an error worth failing for).
    pub fn offset(&self, position: Position) -> usize {
        self.index()
            .utf16_offset(position.line as usize, position.character as usize)
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
