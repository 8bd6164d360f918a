//! From bytes to text: a game's encoding, a tag value's escapes.

use std::borrow::Cow;

/// A game's text decoded: UTF-8 as it is, anything else read as Latin-1 (which the PGN
/// standard once prescribed), with a note that it was.
///
/// ```
/// use jaque::pgn::syntax::decode;
/// assert_eq!(decode(b"caf\xe9"), ("café".into(), true));
/// assert_eq!(decode("café".as_bytes()), ("café".into(), false));
/// ```
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, bool) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), false),
        Err(_) => (
            Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
            true,
        ),
    }
}

/// A tag value as it is written between quotes: `\` and `"` escaped, and a line break made a
/// space (a tag pair is one line). [`unescape`] undoes it but for the line breaks.
///
/// ```
/// use jaque::pgn::syntax::escape;
/// assert_eq!(escape(r#"say "hi" \o/"#), r#"say \"hi\" \\o/"#);
/// assert_eq!(escape("two\nlines"), "two lines");
/// assert!(matches!(escape("Carlsen, Magnus"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn escape(value: &str) -> Cow<'_, str> {
    if !value.contains(['"', '\\', '\n', '\r']) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 8);
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A tag value as written, with its escapes (`\"` and `\\`) undone.
///
/// ```
/// use jaque::pgn::syntax::unescape;
/// assert_eq!(unescape(r#"say \"hi\" \\o/"#), r#"say "hi" \o/"#);
/// assert_eq!(unescape(r"C:\dir"), r"C:\dir"); // a lone backslash stays
/// ```
pub fn unescape(value: &str) -> Cow<'_, str> {
    if !value.contains('\\') {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.clone().next() {
                Some(next @ ('"' | '\\')) => {
                    out.push(next);
                    chars.next();
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
