//! A whole input's bytes as one text, each game decoded as the checker decodes it: what an
//! editor shows of a file that mixes encodings (games in UTF-8 and in Latin-1 in one file,
//! as concatenated collections are), so that every place a diagnostic names is in it.

use std::borrow::Cow;

use super::Splitter;
use super::split::utf16_text;
use super::syntax::decode;

/// `bytes` as text: UTF-8 as it is (a byte-order mark dropped); otherwise game by game, each
/// game and the bytes between games UTF-8 where they are, Latin-1 where not
/// ([`decode`](super::syntax::decode)), and UTF-16 (known by its byte-order mark) as its
/// UTF-8. Bytes past a game's size limit, which no check reads, are read as the rest are.
///
/// ```
/// use jaque::pgn::decode_text;
/// assert_eq!(decode_text(b"\xef\xbb\xbf1. e4 *"), "1. e4 *");
/// // A Latin-1 game after a UTF-8 one: each read in its own encoding.
/// let mixed = b"[White \"Caf\xc3\xa9\"]\n\n1. e4 *\n\n[White \"Caf\xe9\"]\n\n1. d4 *\n";
/// assert_eq!(decode_text(mixed).matches("Café").count(), 2);
/// ```
pub fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    if let Some((utf8, _)) = utf16_text(bytes) {
        return match String::from_utf8(utf8) {
            Ok(text) => Cow::Owned(text),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        };
    }
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    let mut splitter = Splitter::new(bytes);
    let mut read = 0;
    while let Some(Ok(game)) = splitter.next() {
        // What the game before did not keep (past its limit), and what lies between games.
        let start = usize::try_from(game.offset).unwrap_or(usize::MAX);
        text.push_str(&decode(bytes.get(read..start).unwrap_or_default()).0);
        text.push_str(&decode(&game.bytes).0);
        read = start.saturating_add(game.bytes.len());
        splitter.recycle(game);
    }
    text.push_str(&decode(bytes.get(read..).unwrap_or_default()).0);
    Cow::Owned(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` in Latin-1 (every character of it is in Latin-1).
    fn latin1(text: &str) -> Vec<u8> {
        text.chars()
            .map(|c| u8::try_from(u32::from(c)).expect("Latin-1"))
            .collect()
    }

    #[test]
    fn a_file_mixing_encodings_reads_as_the_text_it_was_made_from() {
        let games: Vec<String> = (0..6)
            .map(|i| format!("[White \"Ré{i}\"]\n[Black \"Müller\"]\n\n1. e4 {{à bientôt}} *\n"))
            .collect();
        let text = games.join("\n");
        // Every other game written in Latin-1, the rest in UTF-8, and what lies between.
        let mut bytes = Vec::new();
        for (i, game) in games.iter().enumerate() {
            if i > 0 {
                bytes.push(b'\n');
            }
            match i % 2 {
                0 => bytes.extend_from_slice(game.as_bytes()),
                _ => bytes.extend(latin1(game)),
            }
        }
        assert!(std::str::from_utf8(&bytes).is_err());
        assert_eq!(decode_text(&bytes), text);
    }

    #[test]
    fn utf16_is_read_as_its_text() {
        let text = "[White \"Ré\"]\n\n1. e4 *\n";
        let mut bytes = vec![0xff, 0xfe];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(decode_text(&bytes), text);
    }
}
