//! A file's bytes as an editor's text: each game decoded as `jaque check` decodes it (UTF-8,
//! or Latin-1 where it is not), the bytes between games likewise, a file with a UTF-16
//! byte-order mark as UTF-16, and each line ended by a line feed, as editors end lines.

use crate::pgn::syntax::decode;
use crate::pgn::{Splitter, decode_text};

/// The text of a file's `bytes`.
pub(super) fn text_of(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Some(b"\xff\xfe" | b"\xfe\xff") = bytes.get(..2) {
        let mut text = String::new();
        push_text(&mut text, decode_text(bytes).as_bytes(), &mut false);
        return text;
    }
    // Nearly every file is UTF-8 throughout: then decoding game by game changes nothing,
    // and only its line ends are to be made line feeds, if it has carriage returns at all.
    if let Ok(whole) = std::str::from_utf8(bytes) {
        if !whole.contains('\r') {
            return whole.to_string();
        }
        let mut text = String::with_capacity(bytes.len());
        push_text(&mut text, bytes, &mut false);
        return text;
    }
    let mut text = String::with_capacity(bytes.len());
    let (mut read, mut cr) = (0, false);
    for game in Splitter::new(bytes).map_while(Result::ok) {
        let start = usize::try_from(game.offset).map_or(bytes.len(), |o| o.min(bytes.len()));
        let end = start.saturating_add(game.bytes.len()).min(bytes.len());
        push_text(
            &mut text,
            bytes.get(read..start).unwrap_or_default(),
            &mut cr,
        );
        push_text(
            &mut text,
            bytes.get(start..end).unwrap_or_default(),
            &mut cr,
        );
        read = end;
    }
    push_text(&mut text, bytes.get(read..).unwrap_or_default(), &mut cr);
    text
}

/// Appends `bytes` to `text`, decoded, each CRLF and each CR alone a line feed. `cr`: the
/// text ends with a CR made a line feed, whose line feed may start `bytes`.
fn push_text(text: &mut String, bytes: &[u8], cr: &mut bool) {
    if bytes.is_empty() {
        return;
    }
    let decoded = decode(bytes).0;
    let mut rest: &str = &decoded;
    if std::mem::take(cr) {
        rest = rest.strip_prefix('\n').unwrap_or(rest);
    }
    while let Some(at) = rest.find('\r') {
        text.push_str(rest.get(..at).unwrap_or_default());
        text.push('\n');
        rest = rest.get(at + 1..).unwrap_or_default();
        match rest.strip_prefix('\n') {
            Some(after) => rest = after,
            None => *cr = rest.is_empty(),
        }
    }
    text.push_str(rest);
}
