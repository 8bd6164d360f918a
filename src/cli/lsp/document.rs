//! One open PGN document: the editor core's document ([`jaque::ide::Document`]) with what
//! the protocol adds, its URI and version, and the protocol's places (lines and UTF-16
//! characters) turned into the core's byte offsets and back.

use std::ops::Range;
use std::path::PathBuf;

use jaque::ide;
use jaque::pgn::LineIndex;
use lsp_types::{Position, Range as LspRange, Uri};

/// An open document.
pub struct Document {
    pub uri: Uri,
    pub version: i32,
    /// Its text, games and what checking them found.
    pub core: ide::Document,
}

impl Document {
    /// The byte offset of an LSP position, clamped to the text (an editor's position past
    /// the end is not an error worth failing for).
    pub fn offset(&self, position: Position) -> usize {
        let (line, character) = (position.line as usize, position.character as usize);
        self.core.offset_of(line, character)
    }

    /// The LSP range of a byte range of the text.
    pub fn range(&self, span: Range<usize>) -> LspRange {
        LspRange::new(self.position(span.start), self.position(span.end))
    }

    /// The LSP position of a byte offset of the text.
    pub fn position(&self, offset: usize) -> Position {
        let (line, character) = self.core.utf16_position(offset);
        Position::new(to_u32(line), to_u32(character))
    }

    /// The lines of the whole text: one pass, for answers that place many ranges (an
    /// outline, folds, fix-all's edits), where [`Document::range`] would count from the top
    /// for each.
    pub fn lines(&self) -> Lines<'_> {
        Lines(LineIndex::new(self.core.text(), 1))
    }

    /// The URI as JSON text.
    pub fn uri_json(&self) -> String {
        serde_json::to_string(&self.uri).unwrap_or_else(|_| "null".into())
    }
}

/// See [`Document::lines`].
pub struct Lines<'a>(LineIndex<'a>);

impl Lines<'_> {
    /// The LSP range of a byte range of the text.
    pub fn range(&self, span: Range<usize>) -> LspRange {
        let at = |offset| {
            let (line, character) = self.0.utf16_position(offset);
            Position::new(to_u32(line), to_u32(character))
        };
        LspRange::new(at(span.start), at(span.end))
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The file a `file:` URI names, its `%XX` escapes undone (`None` for other schemes).
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://host/path`: the path starts at the first `/` after the host.
    let path = rest.get(rest.find('/')?..)?;
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (byte, hex) {
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
