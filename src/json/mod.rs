//! The JSON of `jaque check --json` (the contract's), for the command line and the web page
//! alike: [`game`] writes a game's object, and [`tree`] (with an index) the opening explorer's
//! tree of `jaque tree --json`.
//!
//! JSON is written straight into a byte buffer, in serde_json's compact form byte for byte but
//! for U+0085, U+2028 and U+2029, written escaped: the `--json` outputs are a contract, and
//! building a `serde_json::Value` tree for every game cost more than checking it. Those end
//! lines for some readers (Python's `str.splitlines`, older JavaScript), which would cut a
//! JSON line in two where serde_json leaves them as they are.
//!
//! ```
//! use jaque::json::{Object, ToJson};
//! let mut out = Vec::new();
//! let mut object = Object::open(&mut out);
//! object.field("san", "Nf3");
//! object.field("check", false);
//! object.close();
//! assert_eq!(out, br#"{"san":"Nf3","check":false}"#);
//! ```

pub mod diagnostic;
mod report;
#[cfg(feature = "index-read")]
mod tree;

pub use report::{game, game_with, query_file};
#[cfg(feature = "index-read")]
pub use tree::tree;

/// A value that can be written as JSON.
pub trait ToJson {
    /// Appends the value's JSON text to `out`.
    fn write_json(&self, out: &mut Vec<u8>);
}

impl ToJson for str {
    fn write_json(&self, out: &mut Vec<u8>) {
        string(out, self);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut Vec<u8>) {
        string(out, self);
    }
}

impl ToJson for usize {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(itoa::Buffer::new().format(*self).as_bytes());
    }
}

impl ToJson for u64 {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(itoa::Buffer::new().format(*self).as_bytes());
    }
}

impl ToJson for Option<u64> {
    fn write_json(&self, out: &mut Vec<u8>) {
        self.as_ref().write_json(out);
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(if *self { b"true" } else { b"false" });
    }
}

/// `None` is `null`.
impl<T: ToJson + ?Sized> ToJson for Option<&T> {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Some(value) => value.write_json(out),
            None => out.extend_from_slice(b"null"),
        }
    }
}

impl ToJson for Option<usize> {
    fn write_json(&self, out: &mut Vec<u8>) {
        self.as_ref().write_json(out);
    }
}

/// A string written as JSON once, to be written again and again (a file name on every game).
pub struct Escaped(Vec<u8>);

impl Escaped {
    /// `value` as a JSON string.
    pub fn new(value: &str) -> Escaped {
        let mut out = Vec::new();
        string(&mut out, value);
        Escaped(out)
    }
}

impl ToJson for Escaped {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0);
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut Vec<u8>) {
        (**self).write_json(out);
    }
}

/// What follows a backslash for each byte that serde_json escapes (`u` for `\u00XX`);
/// [`LINE_END_LEAD`] for the first byte of the line ends serde_json leaves as they are; zero
/// for the bytes written as they are.
const ESCAPE: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table[0xc2] = LINE_END_LEAD;
    table[0xe2] = LINE_END_LEAD;
    table
};

/// The first byte of U+0085 in UTF-8, or of U+2028 and U+2029: the character may be a line
/// end, to be escaped, or any other of the many sharing the byte, to be written as it is.
const LINE_END_LEAD: u8 = b'?';

/// Writes the character that `lead` and the bytes `after` it start: escaped if it is a line
/// end, else its first byte as it is. Returns the bytes after what it wrote. Kept out of
/// [`string`], whose loop is the cost of JSON output.
#[cold]
#[inline(never)]
fn line_end<'a>(out: &mut Vec<u8>, lead: u8, after: &'a [u8]) -> &'a [u8] {
    let (hex, rest): (&[u8; 4], &[u8]) = match (lead, after) {
        (0xc2, [0x85, rest @ ..]) => (b"0085", rest),
        (0xe2, [0x80, 0xa8, rest @ ..]) => (b"2028", rest),
        (0xe2, [0x80, 0xa9, rest @ ..]) => (b"2029", rest),
        _ => {
            out.push(lead);
            return after;
        }
    };
    out.extend_from_slice(b"\\u");
    out.extend_from_slice(hex);
    rest
}

/// Appends `value` as a JSON string: quoted, with `"`, `\`, the control characters and the
/// Unicode line ends escaped and everything else (non-ASCII too) as it is.
pub fn string(out: &mut Vec<u8>, value: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut rest = value.as_bytes();
    out.reserve(rest.len() + 2);
    out.push(b'"');
    loop {
        let (plain, escape) = rest.split_at(plain_prefix(rest));
        out.extend_from_slice(plain);
        let Some((&byte, after)) = escape.split_first() else {
            break;
        };
        rest = after;
        match ESCAPE[usize::from(byte)] {
            b'u' => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(byte >> 4)],
                HEX[usize::from(byte & 0xf)],
            ]),
            LINE_END_LEAD => rest = line_end(out, byte, after),
            letter => out.extend_from_slice(&[b'\\', letter]),
        }
    }
    out.push(b'"');
}

/// How many bytes at the start of `bytes` need no escape, found eight at a time.
#[inline]
fn plain_prefix(bytes: &[u8]) -> usize {
    let escapes = |part: &[u8]| {
        part.iter()
            .take_while(|&&b| ESCAPE[usize::from(b)] == 0)
            .count()
    };
    let mut words = bytes.chunks_exact(8);
    let mut plain = 0;
    for word in words.by_ref() {
        if needs_escape(load(word)) {
            return plain + escapes(word);
        }
        plain += 8;
    }
    let tail = words.remainder();
    if tail.is_empty() {
        return plain;
    }
    // The tail as a word: the last eight bytes (the first of them known plain), or for a
    // short string its bytes filled up with spaces.
    let word = match bytes.len().checked_sub(8) {
        Some(start) => load(bytes.get(start..).unwrap_or_default()),
        None => tail
            .iter()
            .rev()
            .fold(u64::from_le_bytes([b' '; 8]), |word, &b| {
                word << 8 | u64::from(b)
            }),
    };
    if needs_escape(word) {
        plain + escapes(tail)
    } else {
        bytes.len()
    }
}

/// Eight bytes as a word (any other slice as zeros, which need escapes: looked at one by one).
#[inline]
fn load(word: &[u8]) -> u64 {
    word.try_into().map_or(0, u64::from_le_bytes)
}

/// Whether any of the eight bytes of `word` is a control character, `"`, `\\` or the first
/// byte of a line end (see [`LINE_END_LEAD`]).
#[inline]
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // A byte below n has its high bit set in `word - n` and clear in `word`.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH;
    let control = below(word, 0x20);
    let quote = below(word ^ (ONES * u64::from(b'"')), 1);
    let backslash = below(word ^ (ONES * u64::from(b'\\')), 1);
    // Setting the bit that tells the lead bytes apart makes them the same. Looked for only
    // in words with a byte beyond ASCII, which most are not.
    let lead = || below((word | (ONES * 0x20)) ^ (ONES * 0xe2), 1) != 0;
    control | quote | backslash != 0 || (word & HIGH != 0 && lead())
}

/// The members of an object or an array being written: a comma before each but the first.
struct Members<'o> {
    out: &'o mut Vec<u8>,
    empty: bool,
}

impl<'o> Members<'o> {
    /// Opens the object or array with `bracket` at the end of `out`.
    fn open(out: &'o mut Vec<u8>, bracket: u8) -> Members<'o> {
        out.push(bracket);
        Members { out, empty: true }
    }

    /// Starts a member, to be written into the buffer returned.
    fn next(&mut self) -> &mut Vec<u8> {
        if !self.empty {
            self.out.push(b',');
        }
        self.empty = false;
        self.out
    }
}

/// A JSON object being written: fields go in the order written.
pub struct Object<'o>(Members<'o>);

impl<'o> Object<'o> {
    /// Opens an object at the end of `out`.
    pub fn open(out: &'o mut Vec<u8>) -> Object<'o> {
        Object(Members::open(out, b'{'))
    }

    /// Writes a field's key, one of the program's own names: plain ASCII, written as it is.
    /// Its value is to be written next into the buffer returned (an object, an array).
    pub fn key(&mut self, key: &'static str) -> &mut Vec<u8> {
        debug_assert!(key.bytes().all(|b| ESCAPE[usize::from(b)] == 0));
        let out = self.0.next();
        out.push(b'"');
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(b"\":");
        out
    }

    /// Writes a field.
    pub fn field(&mut self, key: &'static str, value: impl ToJson) {
        value.write_json(self.key(key));
    }

    /// Writes a field whose key comes from the input (a tag's name): escaped.
    pub fn entry(&mut self, key: &str, value: impl ToJson) {
        let out = self.0.next();
        string(out, key);
        out.push(b':');
        value.write_json(out);
    }

    /// Closes the object.
    pub fn close(self) {
        self.0.out.push(b'}');
    }
}

/// A JSON array being written.
pub struct Array<'o>(Members<'o>);

impl<'o> Array<'o> {
    /// Opens an array at the end of `out`.
    pub fn open(out: &'o mut Vec<u8>) -> Array<'o> {
        Array(Members::open(out, b'['))
    }

    /// Starts an element, to be written into the buffer returned.
    pub fn item(&mut self) -> &mut Vec<u8> {
        self.0.next()
    }

    /// Closes the array.
    pub fn close(self) {
        self.0.out.push(b']');
    }
}

/// serde_json's text with the line ends escaped as [`string`] escapes them: the oracle of the
/// tests.
#[cfg(test)]
pub(crate) fn serde_json_with_line_ends_escaped(json: String) -> String {
    json.replace('\u{85}', "\\u0085")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ours(value: impl ToJson) -> String {
        let mut out = Vec::new();
        value.write_json(&mut out);
        String::from_utf8(out).expect("JSON is UTF-8")
    }

    /// serde_json's JSON for `text`, line ends escaped.
    fn theirs(text: &str) -> String {
        serde_json_with_line_ends_escaped(json!(text).to_string())
    }

    #[test]
    fn unicode_line_ends_are_escaped_and_read_back() {
        let text = "a\u{85}b\u{2028}c\u{2029}d\u{2028}\u{85}";
        let written = ours(text);
        assert_eq!(written, r#""a\u0085b\u2028c\u2029d\u2028\u0085""#);
        assert_eq!(
            serde_json::from_str::<String>(&written).ok().as_deref(),
            Some(text)
        );
        // Python's splitlines ends lines at these too: escaped as control characters.
        let controls = "\u{b}\u{c}\u{1c}\u{1d}\u{1e}\r\n";
        assert_eq!(ours(controls), r#""\u000b\f\u001c\u001d\u001e\r\n""#);
    }

    #[test]
    fn characters_sharing_a_first_byte_with_a_line_end_are_written_as_they_are() {
        for c in [
            '\u{80}', '\u{84}', '\u{86}', '\u{bf}', '–', '…', '\u{2027}', '\u{202a}', '♔',
        ] {
            for text in [format!("{c}x{c}"), format!("{c}long enough for words{c}x")] {
                assert_eq!(ours(text.as_str()), format!("\"{text}\""), "{c:?}");
            }
        }
    }

    #[test]
    fn every_ascii_character_is_escaped_as_serde_json_escapes_it() {
        for byte in 0..=0x7fu8 {
            let text = format!("a{}b{}", char::from(byte), char::from(byte));
            assert_eq!(ours(text.as_str()), theirs(&text), "byte {byte:#x}");
        }
    }

    #[test]
    fn strings_of_every_escape_class_are_written_as_serde_json_writes_them() {
        let cases = [
            "",
            "plain",
            "\"quoted\"",
            "back\\slash\\",
            "\\\"",
            "line\nfeed\r\ntab\tback\u{8}feed\u{c}",
            "\u{0}\u{1}\u{1f}\u{7f}",
            "Müller – Ñandú, 王, 🐴",
            "♔♕♖♗♘♙ figurines ♚♛♜♝♞♟",
            "\u{2028}\u{2029}\u{feff}",
            "1. e4 {\"a \\ comment\"}\n",
        ];
        for text in cases {
            assert_eq!(ours(text), theirs(text), "{text:?}");
        }
    }

    #[test]
    fn an_escape_anywhere_in_strings_of_any_length_is_found() {
        // Words of eight bytes are looked at together: each length and each place matter.
        for length in 0..=26 {
            for place in 0..length {
                for special in [
                    '"', '\\', '\n', '\u{0}', '\u{1f}', ' ', '\u{7f}', 'é', '\u{85}', '\u{2028}',
                    '\u{2029}', '–',
                ] {
                    let text: String = (0..length)
                        .map(|at| if at == place { special } else { 'a' })
                        .collect();
                    assert_eq!(ours(text.as_str()), theirs(&text), "{text:?}");
                    let twice = format!("{text}\"{text}");
                    assert_eq!(ours(twice.as_str()), theirs(&twice), "{twice:?}");
                }
            }
        }
    }

    #[test]
    fn numbers_booleans_and_null_are_written_as_serde_json_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 12345, u32::MAX as usize, usize::MAX] {
            assert_eq!(ours(n), json!(n).to_string());
            assert_eq!(ours(Some(n)), json!(Some(n)).to_string());
        }
        assert_eq!(ours(None::<usize>), json!(None::<usize>).to_string());
        assert_eq!(ours(None::<&str>), json!(None::<&str>).to_string());
        assert_eq!(ours(Some("x")), json!(Some("x")).to_string());
        assert_eq!(ours(true), json!(true).to_string());
        assert_eq!(ours(false), json!(false).to_string());
    }

    #[test]
    fn objects_and_arrays_nest_as_serde_json_writes_them() {
        let mut out = Vec::new();
        let mut object = Object::open(&mut out);
        object.field("a", 1usize);
        let mut inner = Object::open(object.key("b"));
        inner.entry("c\"\n", "d");
        inner.close();
        Array::open(object.key("empty")).close();
        let mut array = Array::open(object.key("list"));
        for n in [1usize, 2] {
            n.write_json(array.item());
        }
        Object::open(array.item()).close();
        array.close();
        Escaped::new("f\\").write_json(object.key("escaped"));
        object.close();
        let expected = json!({
            "a": 1, "b": {"c\"\n": "d"}, "empty": [], "list": [1, 2, {}], "escaped": "f\\",
        });
        assert_eq!(String::from_utf8(out).ok(), Some(expected.to_string()));
    }
}
