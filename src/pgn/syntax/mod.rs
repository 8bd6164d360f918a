//! The syntax of one game's text, the layer the checker, the game record and the formatter
//! read: [`tokenize`] cuts the text into [`Token`]s (tag pairs, move numbers, SAN moves, NAGs
//! and glyphs, comments, parentheses and the termination marker, an [`Outcome`]), each a
//! [`TokenKind`] with its byte range, and reports what is no token as [`LexError`]s.
//! [`decode`] makes a game's bytes text, [`unescape`] undoes the escapes of a tag value.
//!
//! The lexer knows nothing of chess: a SAN token is any run of symbol characters.

use std::borrow::Cow;
use std::ops::Range;

use super::scan::{ONES, bytes_below, find, first_equal, simple_tag_quotes, splat, word_at};

/// A termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), also the value of a Result tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl Outcome {
    /// Reads a marker.
    ///
    /// ```
    /// use jaque::pgn::syntax::Outcome;
    /// assert_eq!(Outcome::parse("1/2-1/2"), Some(Outcome::Draw));
    /// assert_eq!(Outcome::parse("1-1"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Outcome> {
        match text {
            "1-0" => Some(Outcome::WhiteWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        }
    }

    /// The marker as PGN writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }
}

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `[Name "value"]`: where the name and the value are in the text (the value as
    /// written, between its quotes: [`unescape`] undoes its escapes).
    Tag {
        /// The tag name's bytes.
        name: Range<usize>,
        /// The value's bytes, escapes not undone.
        value: Range<usize>,
    },
    /// `12.` or `12...`: the number and how many dots.
    MoveNumber {
        /// The number.
        number: u32,
        /// How many dots (1 before a white move, 3 before a black one).
        dots: usize,
    },
    /// A SAN move (or something in its place that the SAN compiler judges).
    San,
    /// `$n`.
    Nag(u8),
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` standing alone.
    Glyph,
    /// `{ ... }` or `; ...`.
    Comment,
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// A termination marker.
    Result(Outcome),
}

/// A token and the bytes it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its bytes in the game's text.
    pub span: Range<usize>,
}

/// A problem the lexer found, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LexError {
    /// A `{` comment without its `}`.
    UnterminatedComment(Range<usize>),
    /// A tag line without its closing `"` or `]`.
    UnterminatedTag(Range<usize>),
    /// A tag line that is not `[Name "value"]`.
    BadTag(Range<usize>),
    /// A character that cannot start a token here (`}`, `]`, `"`, a control character).
    Stray(Range<usize>),
    /// A NAG whose number is not 0 to 255.
    BadNag(Range<usize>),
}

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

/// What a byte is to the lexer, looked up in one table load instead of a chain of compares
/// (the lexer asks about every byte of every game).
const fn byte_classes() -> [u8; 256] {
    let mut classes = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let blank = matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c);
        let delimiter = blank
            || matches!(
                byte,
                b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'"'
            );
        let mut class = 0;
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            class |= NAME;
        }
        if blank {
            class |= BLANK;
        }
        if delimiter {
            class |= DELIMITER;
        }
        // What the match of `tokenize` sends to its last arm and is no move number, marker
        // or glyph: the start of a move, most likely.
        let other = delimiter
            || byte.is_ascii_control()
            || matches!(byte, b'%' | b'.' | b'0'..=b'9' | b'*' | b'!' | b'?');
        if !other {
            class |= MOVE_START;
        }
        classes[b] = class;
        b += 1;
    }
    classes
}

const BLANK: u8 = 1;
const DELIMITER: u8 = 2;
/// A byte of a tag name.
const NAME: u8 = 4;
/// A byte that starts a move, if any token (see [`byte_classes`]).
const MOVE_START: u8 = 8;
const CLASSES: [u8; 256] = byte_classes();

fn is_blank(byte: u8) -> bool {
    CLASSES[usize::from(byte)] & BLANK != 0
}

/// Ends a SAN-like symbol.
fn is_delimiter(byte: u8) -> bool {
    CLASSES[usize::from(byte)] & DELIMITER != 0
}

/// Splits a game's text into tokens, and the problems met on the way; never fails, never
/// loses text: what is not a token is reported.
///
/// ```
/// use jaque::pgn::syntax::{TokenKind, tokenize};
/// let text = "[White \"Tal\"]\n1. e4 {good} e5 $1 (1... c5) 1-0";
/// let (tokens, errors) = tokenize(text);
/// assert!(errors.is_empty());
/// let TokenKind::Tag { name, value } = &tokens[0].kind else { panic!() };
/// assert_eq!((&text[name.clone()], &text[value.clone()]), ("White", "Tal"));
/// assert_eq!(tokens.iter().filter(|t| t.kind == TokenKind::San).count(), 3);
/// ```
pub fn tokenize(text: &str) -> (Vec<Token>, Vec<LexError>) {
    let mut tokens = Vec::new();
    let lexed = lex(text, &mut tokens);
    (tokens, lexed.errors)
}

/// What [`tokenize`] gives besides the tokens, whether any `(` was read and whether a tag
/// came after another token: most games have neither, and knowing that spares the checker
/// looking for them.
pub(crate) struct Lexed {
    pub(crate) errors: Vec<LexError>,
    pub(crate) variations: bool,
    pub(crate) late_tags: bool,
}

/// [`tokenize`] into `tokens` (cleared first: a checker reuses one buffer for every game).
pub(crate) fn lex(text: &str, tokens: &mut Vec<Token>) -> Lexed {
    let bytes = text.as_bytes();
    let mut variations = false;
    let (mut tags, mut late_tags) = (0, false);
    // About one token per five bytes of a typical game: no regrowth.
    tokens.clear();
    tokens.reserve(text.len() / 5 + 16);
    let mut errors = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    let mut ends = SymbolEnds::default();
    let push = |tokens: &mut Vec<Token>, kind, span| tokens.push(Token { kind, span });
    while let Some(&byte) = bytes.get(i) {
        if is_blank(byte) {
            line_start |= byte == b'\n';
            i += 1;
            continue;
        }
        let start = i;
        let at_line_start = std::mem::replace(&mut line_start, false);
        // Moves, the commonest tokens, first: one test instead of the match's jump table.
        // They are the symbols that start with none of the bytes that start the other
        // tokens, move numbers, markers and glyphs.
        if CLASSES[usize::from(byte)] & MOVE_START != 0
            && let Some(len) = ends.symbol_len(bytes, i)
        {
            i += len;
            push(tokens, TokenKind::San, start..i);
            continue;
        }
        match byte {
            b'%' if at_line_start => {
                i = end_of_line(bytes, i);
            }
            b'[' => match tag(&text[i..]) {
                Ok((name, value, len)) => {
                    let (name, value) =
                        (i + name.start..i + name.end, i + value.start..i + value.end);
                    late_tags |= tokens.len() != tags;
                    tags += 1;
                    push(tokens, TokenKind::Tag { name, value }, i..i + len);
                    i += len;
                }
                Err(TagError::Unterminated) => {
                    let end = end_of_line(bytes, i);
                    errors.push(LexError::UnterminatedTag(i..end));
                    i = end;
                }
                Err(TagError::Malformed) => {
                    let end = end_of_line(bytes, i);
                    errors.push(LexError::BadTag(i..end));
                    i = end;
                }
            },
            b'{' => {
                let rest = bytes.get(i..).unwrap_or_default();
                let close = i + find(rest, |w| first_equal(w, b'}'));
                if close < bytes.len() {
                    i = close + 1;
                    push(tokens, TokenKind::Comment, start..i);
                } else {
                    errors.push(LexError::UnterminatedComment(start..bytes.len()));
                    i = bytes.len();
                }
            }
            b';' => {
                i = end_of_line(bytes, i);
                push(tokens, TokenKind::Comment, start..i);
            }
            b'(' => {
                i += 1;
                variations = true;
                push(tokens, TokenKind::VariationStart, start..i);
            }
            b')' => {
                i += 1;
                push(tokens, TokenKind::VariationEnd, start..i);
            }
            b'$' => {
                i += 1;
                while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
                match text[start + 1..i].parse::<u8>() {
                    Ok(nag) => push(tokens, TokenKind::Nag(nag), start..i),
                    Err(_) => errors.push(LexError::BadNag(start..i)),
                }
            }
            b'}' | b']' | b'"' => {
                i += 1;
                errors.push(LexError::Stray(start..i));
            }
            b'.' => {
                // Dots of their own (`12 ...`): part of a move number indication.
                while bytes.get(i) == Some(&b'.') {
                    i += 1;
                }
            }
            _ if byte.is_ascii_control() => {
                i += 1;
                errors.push(LexError::Stray(start..i));
            }
            _ => {
                // A move number, a marker, a glyph, or a move longer than `short_symbol` reads.
                let (kind, end) = symbol(text, i);
                push(tokens, kind, start..end);
                i = end;
            }
        }
    }
    Lexed {
        errors,
        variations,
        late_tags,
    }
}

/// A move number or a symbol, from a byte that starts none of the other tokens, and where it
/// ends.
fn symbol(text: &str, start: usize) -> (TokenKind, usize) {
    let bytes = text.as_bytes();
    // A move number is digits and dots; anything else is a symbol.
    let mut digits = 0;
    let mut number = 0u32;
    while let Some(digit) = bytes.get(start + digits).filter(|b| b.is_ascii_digit()) {
        // Too long to be a move number of any game: saturates, never wraps.
        number = number
            .saturating_mul(10)
            .saturating_add(u32::from(digit - b'0'));
        digits += 1;
    }
    if digits > 0 && bytes.get(start + digits) == Some(&b'.') {
        let mut end = start + digits;
        while bytes.get(end) == Some(&b'.') {
            end += 1;
        }
        let dots = end - start - digits;
        return (TokenKind::MoveNumber { number, dots }, end);
    }
    let mut end = start;
    while bytes.get(end).is_some_and(|&b| !is_delimiter(b)) {
        end += 1;
    }
    let symbol = text.get(start..end).unwrap_or_default();
    (symbol_kind(symbol), end)
}

/// What a symbol is: a termination marker, a glyph standing alone, or a move.
fn symbol_kind(symbol: &str) -> TokenKind {
    if let Some(outcome) = Outcome::parse(symbol) {
        TokenKind::Result(outcome)
    } else if symbol.bytes().all(|b| b == b'!' || b == b'?') && symbol.len() <= 2 {
        TokenKind::Glyph
    } else {
        TokenKind::San
    }
}

/// Where symbols end, as a bit mask of the delimiters in 64 bytes of the text, made once for
/// those bytes: the length of each symbol in them is then a shift and a count of trailing
/// zeros, where reading each symbol's bytes puts a load and a dozen operations between the
/// start of one token and the next (the lexer's critical path).
#[derive(Default)]
struct SymbolEnds {
    /// Where the mask's bytes start.
    base: usize,
    /// Bit `i` for a delimiter at `base + i`; none before the first use.
    delimiters: u64,
    /// Whether the mask was made (else fall back to words of eight bytes).
    made: bool,
}

impl SymbolEnds {
    /// The length of the symbol at `start` (not a delimiter) if it ends within the mask's
    /// bytes, or within the next 64 (the mask is then made from `start`); `None` where
    /// neither holds (a long symbol, or too few bytes left for a mask: the caller reads
    /// those byte by byte).
    #[inline]
    fn symbol_len(&mut self, bytes: &[u8], start: usize) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        {
            let offset = start.wrapping_sub(self.base);
            let rest = if self.made && offset < 64 {
                self.delimiters >> offset
            } else {
                0
            };
            if rest != 0 {
                return Some(rest.trailing_zeros() as usize);
            }
            if let Some(chunk) = bytes.get(start..).and_then(<[u8]>::first_chunk::<64>) {
                self.base = start;
                self.delimiters = super::scan::wide::delimiters(chunk);
                self.made = true;
                return (self.delimiters != 0).then(|| self.delimiters.trailing_zeros() as usize);
            }
        }
        short_symbol(bytes, start)
    }
}

/// The length of the symbol at `start` if it ends within the eight bytes from there, read as
/// one word: a mask of the delimiters gives it without a loop over the symbol's bytes, whose
/// exit is a mispredicted branch per token. `None` where it does not end there.
#[inline]
fn short_symbol(bytes: &[u8], start: usize) -> Option<usize> {
    let word = word_at(bytes, start)?;
    // Candidates for the first delimiter (the lowest one is exact, the others may not be):
    // a few bytes more than the delimiters, so the first candidate is confirmed with the
    // table.
    let candidates = bytes_below(word, 0x20)
        | first_equal(word & !splat(0x06), b' ') // space " $ &
        | first_equal(word | ONES, b')') // ( )
        | first_equal(word, b';')
        | first_equal(word & !splat(0x26), b'Y'); // [ ] { } Y _ y DEL
    let len = candidates.trailing_zeros() as usize / 8;
    let end = *bytes.get(start + len)?;
    (len < 8 && is_delimiter(end)).then_some(len)
}

fn end_of_line(bytes: &[u8], from: usize) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    from + find(rest, |w| first_equal(w, b'\n'))
}

enum TagError {
    Unterminated,
    Malformed,
}

/// `[Name "value"]` at the start of `text`, on its first line: the name's and the value's
/// bytes, bytes used.
fn tag(text: &str) -> Result<(Range<usize>, Range<usize>, usize), TagError> {
    let bytes = text.as_bytes();
    if let Some(simple) = simple_tag(bytes) {
        return Ok(simple);
    }
    let mut i = 1;
    while bytes.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
        i += 1;
    }
    let name_start = i;
    while bytes
        .get(i)
        .is_some_and(|&b| CLASSES[usize::from(b)] & NAME != 0)
    {
        i += 1;
    }
    if i == name_start {
        return Err(TagError::Malformed);
    }
    let name = name_start..i;
    while bytes.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
        i += 1;
    }
    if bytes.get(i) != Some(&b'"') {
        return Err(TagError::Malformed);
    }
    i += 1;
    let value_start = i;
    let value = loop {
        // Plain bytes of the value, eight at a time.
        let rest = bytes.get(i..).unwrap_or_default();
        i += find(rest, |w| {
            first_equal(w, b'"') | first_equal(w, b'\\') | first_equal(w, b'\n')
        });
        match bytes.get(i) {
            None | Some(b'\n') => return Err(TagError::Unterminated),
            Some(b'\\') if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => i += 2,
            Some(b'"') => {
                // A quote followed by more than `]` is a quote inside the value that was
                // not escaped (`"The "Immortal" Game"`): keep it, as other readers do.
                i += 1;
                if closes_value(text.get(i..).unwrap_or_default()) {
                    break value_start..i - 1;
                }
            }
            Some(_) => i += 1,
        }
    };
    while bytes
        .get(i)
        .is_some_and(|&b| b == b' ' || b == b'\t' || b == b'\r')
    {
        i += 1;
    }
    if bytes.get(i) != Some(&b']') {
        return Err(TagError::Unterminated);
    }
    Ok((name, value, i + 1))
}

/// The commonest tag, `[Name "value"]` exactly (see [`simple_tag_quotes`]; the name right
/// after `[` and one space before the value), read with two searches; `None` for anything
/// else, which [`tag`] reads byte by byte to the same result where this one gives one.
#[inline]
fn simple_tag(bytes: &[u8]) -> Option<(Range<usize>, Range<usize>, usize)> {
    let (open, close) = simple_tag_quotes(bytes)?;
    let name = 1..open.checked_sub(1)?;
    let named = !name.is_empty()
        && bytes
            .get(name.clone())?
            .iter()
            .all(|&b| CLASSES[usize::from(b)] & NAME != 0);
    (named && bytes.get(name.end..=open) == Some(b" \"")).then_some((
        name,
        open + 1..close,
        close + 2,
    ))
}

/// Whether a tag value's quote followed by `rest` closes the value: nothing but white space
/// until `]` or the line's end.
fn closes_value(rest: &str) -> bool {
    let bytes = rest.as_bytes();
    let blanks = bytes
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
        .count();
    match bytes.get(blanks) {
        None | Some(b']' | b'\n') => true,
        // White space beyond ASCII (rare): read as `str` does.
        Some(&b) if b >= 0x80 => {
            let line = rest.split('\n').next().unwrap_or_default().trim_start();
            line.is_empty() || line.starts_with(']')
        }
        Some(_) => false,
    }
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

#[cfg(test)]
mod tests {
    use super::{SymbolEnds, TagError, TokenKind, short_symbol, simple_tag, symbol, tag};
    use std::ops::Range;

    type TagRead = Result<(Range<usize>, Range<usize>, usize), TagError>;

    /// The tag reading of one line alone, written with `str` searches (an independent
    /// reading: white space after a value's quote is any `char::is_whitespace`).
    fn tag_of_line(line: &str) -> TagRead {
        let blanks = |from: usize, set: &[char]| {
            let rest = &line[from..];
            from + rest.len() - rest.trim_start_matches(set).len()
        };
        let name_start = blanks(1, &[' ', '\t']);
        let name_end = line[name_start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(line.len(), |n| name_start + n);
        if name_end == name_start {
            return Err(TagError::Malformed);
        }
        let quote = blanks(name_end, &[' ', '\t']);
        if !line[quote..].starts_with('"') {
            return Err(TagError::Malformed);
        }
        let mut at = quote + 1;
        let end = loop {
            let Some(found) = line[at..].find(['"', '\\']) else {
                return Err(TagError::Unterminated);
            };
            at += found;
            if line[at..].starts_with('\\') {
                at += if line[at + 1..].starts_with(['"', '\\']) {
                    2
                } else {
                    1
                };
                continue;
            }
            let after = line[at + 1..].trim_start();
            if after.is_empty() || after.starts_with(']') {
                break at;
            }
            at += 1;
        };
        let close = blanks(end + 1, &[' ', '\t', '\r']);
        if !line[close..].starts_with(']') {
            return Err(TagError::Unterminated);
        }
        Ok((name_start..name_end, quote + 1..end, close + 1))
    }

    fn same(a: &TagRead, b: &TagRead) -> bool {
        match (a, b) {
            (Ok(a), Ok(b)) => a == b,
            (Err(TagError::Malformed), Err(TagError::Malformed))
            | (Err(TagError::Unterminated), Err(TagError::Unterminated)) => true,
            _ => false,
        }
    }

    /// Reading a tag from the whole text (stopping at the line's end itself) gives what
    /// reading the line alone gives, on random tag lines with quotes, escapes, brackets and
    /// white space of every kind before a next line.
    #[test]
    fn tags_read_from_the_text_as_from_their_line() {
        let pieces: [&str; 20] = [
            "Event", " ", "\t", "\"", "\\", "\\\"", "]", "[", "a b", "\r", "\u{3000}", "\u{a0}",
            "é", "_9", "x", "\u{b}", "\u{c}", "\"]", "]\"", "\"\"",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let (mut read, mut simple_read) = (0, 0);
        for _ in 0..40_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut line = String::from(["[", "[Event \"", "[ Site\t\""][state as usize % 3]);
            for _ in 0..6 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                line.push_str(pieces[(state >> 40) as usize % pieces.len()]);
            }
            let text = format!("{line}\n[Site \"x\"] e4\n");
            let (whole, alone) = (tag(&text), tag_of_line(&line));
            assert!(same(&whole, &alone), "{line:?}");
            read += usize::from(whole.is_ok());
            // The two-search reading, where it answers, alone too.
            if let Some(simple) = simple_tag(text.as_bytes()) {
                assert!(same(&Ok(simple), &alone), "{line:?}");
                simple_read += 1;
            }
        }
        assert!(read > 5_000, "{read}");
        assert!(simple_read > 500, "{simple_read}");
    }

    /// `count` of the `pieces` one after another, drawn by xorshift from `state`.
    fn random_text(state: &mut u64, pieces: &[&str], count: usize) -> String {
        (0..count)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                pieces[(*state >> 40) as usize % pieces.len()]
            })
            .collect()
    }

    /// Wherever the one-word reading answers, it answers as the byte-wise one does.
    #[test]
    fn short_symbols_read_as_the_bytewise_lexer_reads_them() {
        let pieces: [&str; 26] = [
            "e4", "Nf3", "1.", "12...", "9.", "1234567", "1-0", "0-1", "1/2-1/2", "*", "!?", "?",
            " ", "\n", "\t", "{", "}", "(", ")", ";", "$", "\"", "Y", "\u{1}", "O-O", "♘",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut answered = 0;
        for _ in 0..30_000 {
            let text = random_text(&mut state, &pieces, 6);
            for start in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                let first = text.as_bytes()[start];
                // The bytes that start other tokens, and those of move numbers, markers and
                // glyphs, which tokenize never reads in one word.
                if super::is_delimiter(first) || b"{}()[];$\".%0123456789*!?".contains(&first) {
                    continue;
                }
                if let Some(len) = short_symbol(text.as_bytes(), start) {
                    let (kind, end) = symbol(&text, start);
                    assert_eq!(
                        (kind, end),
                        (TokenKind::San, start + len),
                        "{text:?} from {start}"
                    );
                    answered += 1;
                }
            }
        }
        assert!(answered > 10_000, "{answered}");
    }

    /// The mask of a 64-byte stretch ends symbols where the byte-wise lexer does, whether
    /// it is made for the symbol or reused from an earlier one; and it answers for every
    /// symbol shorter than 64 bytes that starts 64 bytes or more before the text's end.
    #[test]
    fn symbol_ends_read_as_the_bytewise_lexer_reads_them() {
        let pieces: [&str; 28] = [
            "e4",
            "Nf3",
            "Qxe7+",
            "1.",
            "12...",
            "1-0",
            "1/2-1/2",
            "*",
            "!?",
            " ",
            " ",
            " ",
            "\n",
            "\r\n",
            "\t",
            "{",
            "}",
            "(",
            ")",
            ";",
            "$",
            "\"",
            "[",
            "]",
            "\u{b}",
            "O-O",
            "♘",
            "Nbd7xe5=Q#!!longer",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut answered = 0;
        for _ in 0..5_000 {
            let text = random_text(&mut state, &pieces, 40);
            let mut ends = SymbolEnds::default();
            for start in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                let first = text.as_bytes()[start];
                if super::is_delimiter(first) || b"{}()[];$\".%0123456789*!?".contains(&first) {
                    continue;
                }
                let (kind, end) = symbol(&text, start);
                match ends.symbol_len(text.as_bytes(), start) {
                    Some(len) => {
                        assert_eq!(
                            (&kind, end),
                            (&TokenKind::San, start + len),
                            "{text:?} from {start}"
                        );
                        answered += 1;
                    }
                    None => assert!(
                        start + 64 > text.len()
                            || end - start >= 64
                            || !cfg!(target_arch = "x86_64"),
                        "{text:?} from {start}"
                    ),
                }
            }
        }
        assert!(answered > 100_000, "{answered}");
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_delimiter_mask_flags_exactly_the_delimiters_in_every_lane() {
        crate::pgn::scan::tests::mask_agrees_in_every_lane(
            crate::pgn::scan::wide::delimiters,
            super::is_delimiter,
            b'(',
        );
    }
}
