//! Cutting a PGN byte stream into games, one game in memory at a time.
//!
//! The splitter knows just enough PGN to find where games end: brace and line comments, `%`
//! escape lines, tag lines, parentheses and termination markers. Everything else (tokens,
//! moves, encodings) is the lexer's business, which runs per game and so in parallel.
//!
//! A game ends at a termination marker outside comments and variations, or where a tag line
//! starts after movetext (a missing marker), or after a blank line that follows a tag section
//! (a game without movetext). A brace comment that never closes ends at the next line that
//! starts like a tag, so one missing `}` does not swallow the rest of the file.

use std::collections::HashSet;
use std::io::{self, BufRead};

#[cfg(target_arch = "x86_64")]
use super::scan::wide;
use super::scan::{HIGHS, find, first_equal, simple_tag_quotes, splat, word_at};

/// The most bytes of one game kept in memory; the rest of an oversized game is skipped and
/// reported, so that a hostile file cannot exhaust memory.
pub const DEFAULT_GAME_LIMIT: usize = 16 << 20;

/// The most tag names of one game kept to tell a tag section broken by blank lines from the
/// next game (a few MiB at most); a tag beyond them starts a new game, so that a hostile file
/// of endless distinct tags cannot exhaust memory.
pub const MAX_TAG_NAMES: usize = 1 << 17;

/// One game's bytes, as cut from the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// 0-based index of the game in its stream.
    pub index: usize,
    /// Byte offset of the game's first byte in the stream.
    pub offset: u64,
    /// 1-based line of the game's first byte.
    pub line: usize,
    /// The bytes (at most the splitter's limit).
    pub bytes: Vec<u8>,
    /// Bytes of this game beyond the limit, not kept: how many.
    pub skipped: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Movetext or tag section, outside anything that nests.
    Normal,
    /// Inside `{ ... }`.
    Brace,
    /// Inside a `;` comment or a `%` escape line, until the end of the line.
    ToEndOfLine,
    /// Inside a tag line `[ ... ]`.
    Tag,
    /// Inside a tag's string.
    TagString,
    /// After a backslash in a tag's string.
    TagEscape,
}

/// Splits a byte stream into [`RawGame`]s; an iterator over `io::Result<RawGame>`.
///
/// ```
/// use jaque::pgn::Splitter;
/// let text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let games: Vec<_> = Splitter::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].line, 5);
/// ```
pub struct Splitter<R> {
    reader: R,
    limit: usize,
    index: usize,
    /// Stream position of the next byte to look at.
    offset: u64,
    /// Line of the next byte.
    line: usize,
    at_start: bool,
    done: bool,
    /// Bytes taken from the reader but not yet read (see [`Cut::NeedMore`]).
    carry: Vec<u8>,
    game: Scan,
    /// A game's buffer handed back by [`Splitter::recycle`], for a later game's bytes.
    spare: Vec<u8>,
}

/// The largest buffer [`Splitter::recycle`] keeps: the games of ordinary size.
const MAX_SPARE: usize = 1 << 20;

/// The state of the game being cut.
struct Scan {
    bytes: Vec<u8>,
    skipped: u64,
    offset: u64,
    line: usize,
    mode: Mode,
    /// Only blanks since the last newline.
    line_start: bool,
    /// The current line has something but blanks.
    line_has_content: bool,
    /// Some movetext seen (anything outside tags, comments and escapes).
    movetext: bool,
    /// Some tag line seen.
    tags: bool,
    /// A blank line after the tag section, before any movetext.
    blank_after_tags: bool,
    /// Parenthesis depth.
    depth: u32,
    /// The current movetext symbol, up to 7 bytes (enough for `1/2-1/2`; a symbol that cannot
    /// be a marker keeps a blank first byte instead), and its length.
    symbol: [u8; 7],
    symbol_len: usize,
    /// Anything but blanks in the game.
    content: bool,
    /// The game's tag names, once a blank line in its tag section makes them matter.
    tag_names: Option<HashSet<Vec<u8>>>,
    /// Line feeds read since the splitter last counted them (every reading of a `\n` adds
    /// one: no second pass over the bytes for the line numbers).
    newlines: usize,
}

impl Scan {
    fn new(offset: u64, line: usize) -> Scan {
        Scan {
            bytes: Vec::new(),
            skipped: 0,
            offset,
            line,
            mode: Mode::Normal,
            line_start: true,
            line_has_content: false,
            movetext: false,
            tags: false,
            blank_after_tags: false,
            depth: 0,
            symbol: [0; 7],
            symbol_len: 0,
            content: false,
            tag_names: None,
            newlines: 0,
        }
    }

    /// Movetext was read on the current line: the game has content and the line is no blank
    /// line (nor a place where a tag line can start).
    fn note_movetext(&mut self) {
        self.movetext = true;
        self.note_content();
    }

    /// Something but blanks was read on the current line.
    fn note_content(&mut self) {
        self.line_start = false;
        self.line_has_content = true;
        self.content = true;
    }

    /// Whether `name` is new to the game's tags, noting it if so. Asked only after a blank
    /// line in a tag section: the names are then read once from the game so far (the bytes
    /// kept from earlier chunks, then `before`, the game's bytes in this chunk) rather than
    /// kept for every game, and each new one is added. At most [`MAX_TAG_NAMES`] are kept, so
    /// that memory stays bounded: a tag beyond them counts as a repeat and starts a new game.
    fn is_new_tag(&mut self, before: &[u8], name: &[u8]) -> bool {
        let bytes = &self.bytes;
        let names = self.tag_names.get_or_insert_with(|| {
            let seen = [&bytes[..], before].concat();
            seen.split(|&b| b == b'\n')
                .filter_map(|line| {
                    let line = line.trim_ascii_start().strip_prefix(b"[")?;
                    Splitter::<&[u8]>::tag_name(line).map(<[u8]>::to_vec)
                })
                .take(MAX_TAG_NAMES)
                .collect()
        });
        names.len() < MAX_TAG_NAMES && names.insert(name.to_vec())
    }

    /// Ends the current movetext symbol; is it a termination marker at depth 0?
    fn end_symbol(&mut self) -> bool {
        let len = std::mem::take(&mut self.symbol_len);
        if len == 0 || self.depth != 0 {
            return false;
        }
        matches!(
            self.symbol.get(..len),
            Some(b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
        )
    }
}

/// Bytes that continue a movetext symbol and mean nothing else to the splitter.
const fn plain_bytes() -> [bool; 256] {
    let mut plain = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        plain[b] = !matches!(
            byte,
            b' ' | b'\t'
                | b'\r'
                | b'\n'
                | 0x0b
                | 0x0c
                | b'{'
                | b'}'
                | b'('
                | b')'
                | b'['
                | b']'
                | b';'
                | b'$'
                | b'%'
        );
        b += 1;
    }
    plain
}

const PLAIN: [bool; 256] = plain_bytes();

/// Skips a run of plain bytes in movetext, keeping the symbol's length and, when it can be
/// a termination marker, its bytes; returns how many.
#[inline]
fn skip_symbol(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut run = 0;
    while bytes.get(run).is_some_and(|&b| PLAIN[usize::from(b)]) {
        run += 1;
    }
    let (Some(&first), true) = (bytes.first(), run > 0) else {
        return 0;
    };
    let len = scan.symbol_len.saturating_add(run);
    if scan.symbol_len == 0 && !matches!(first, b'0' | b'1' | b'*') {
        // Every marker starts with one of these: a move or a move number is no marker, and
        // its bytes need not be kept.
        scan.symbol[0] = b' ';
    } else if len <= scan.symbol.len() {
        for (slot, &byte) in scan.symbol[scan.symbol_len..len].iter_mut().zip(bytes) {
            *slot = byte;
        }
    }
    scan.symbol_len = len;
    scan.note_movetext();
    run
}

/// The high bit of the first byte of a little-endian `word` that can end a symbol otherwise
/// than a space does, or belong to a termination marker (maybe of some bytes after it too;
/// nothing if there is none): control bytes (tab, CR and newline among them),
/// `$ % ( ) * - ; [ ] { }` (every marker has a `-` or is a `*`). A few bytes that never
/// matter here are flagged too (`& '` in the range of `$` to `*`, and `Y _ y` DEL, which
/// share a pattern with the brackets): flagging more only hands bytes to the byte-wise loop.
#[inline]
const fn first_special_byte(word: u64) -> u64 {
    let low7 = word & !HIGHS;
    // Per byte below 0x80, without carries between bytes: at least 0x20, 0x24 and 0x2b.
    let from_20 = low7 + splat(0x80 - 0x20);
    let from_24 = low7 + splat(0x80 - 0x24);
    let from_2b = low7 + splat(0x80 - 0x2b);
    let controls = !from_20;
    let dollar_to_star = from_24 & !from_2b;
    let ascii = !word & HIGHS;
    let exact = (controls | dollar_to_star) & ascii;
    let minus = first_equal(word, b'-');
    let semicolon = first_equal(word, b';');
    // `[ ] { }` differ from `Y` only in the bits of 0x26.
    let brackets = first_equal(word & !splat(0x26), b'Y');
    exact | minus | semicolon | brackets
}

/// The length of the longest run of whole symbols and the blanks between them at the start of
/// `bytes`, read sixteen bytes at a time (eight where SSE2 is missing): it holds no byte that
/// [`first_special_byte`] flags and ends just after a space or right before a byte that ends
/// a symbol, so none of its symbols is a termination marker and nothing in it but the
/// symbols matters to the splitter. Most of a movetext line is such a run; finding it a chunk
/// at a time takes one branch per chunk where the byte-wise loop takes several per symbol,
/// most of them hard to predict.
// Never inline: in the splitter's large loop the eight-byte constants of the test are loaded
// again for every word, a large part of the loop's instructions; on its own they stay in
// registers, which measured faster for split + check.
#[inline(never)]
fn plain_run(bytes: &[u8]) -> usize {
    // The first special byte of the whole words (or their end): one test per sixteen bytes
    // where the processor has SSE2, then one per word.
    let mut at = 0;
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = bytes.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        let special = wide::special_bytes(chunk);
        if special != 0 {
            return run_before(bytes, at + special.trailing_zeros() as usize);
        }
        at += 16;
    }
    let limit = loop {
        let Some(word) = word_at(bytes, at) else {
            break at;
        };
        let special = first_special_byte(word);
        if special != 0 {
            break at + special.trailing_zeros() as usize / 8;
        }
        at += 8;
    };
    run_before(bytes, limit)
}

/// The run of [`plain_run`] when the first special byte (or the end of the whole words) is at
/// `limit`: up to that byte if it ends a symbol without being part of one (a blank, a bracket,
/// `;` or `$`: the symbol before it, with no `-` or `*`, is no marker), else back to just
/// after the last space before it, a symbol's length at most.
#[inline]
fn run_before(bytes: &[u8], limit: usize) -> usize {
    if bytes
        .get(limit)
        .is_some_and(|&b| ENDS_SYMBOL[usize::from(b)])
    {
        return limit;
    }
    bytes
        .get(..limit)
        .and_then(|clean| clean.iter().rposition(|&b| b == b' '))
        .map_or(0, |space| space + 1)
}

/// The bytes that end a symbol for the splitter's state machine without being part of one:
/// the blanks and `{ } ( ) [ ] ; $`, the bytes that are not [`PLAIN`] but `%` (which the
/// state machine adds to a symbol when it is not at a line's start).
const ENDS_SYMBOL: [bool; 256] = {
    let mut ends = [false; 256];
    let mut b = 0;
    while b < 256 {
        ends[b] = !PLAIN[b] && b != b'%' as usize;
        b += 1;
    }
    ends
};

/// Skips the symbols of a line of movetext and the blanks between them, the bulk of a game,
/// in one loop; stops before any other byte (`Ok`: how many bytes), or at a blank that ends a
/// termination marker (`Err`: the game ends before that blank).
#[inline]
fn skip_movetext(scan: &mut Scan, bytes: &[u8]) -> Result<usize, usize> {
    // Whole symbols first, word by word (a symbol begun before these bytes could be a marker
    // that the next space ends: the byte-wise loop reads it).
    let mut i = if scan.symbol_len == 0 {
        skip_plain_run(scan, bytes)
    } else {
        0
    };
    loop {
        i += skip_symbol(scan, bytes.get(i..).unwrap_or_default());
        match bytes.get(i) {
            // A blank within a line, the commonest byte of movetext, only ends a symbol.
            Some(b' ' | b'\t' | b'\r') => {
                if scan.end_symbol() {
                    return Err(i);
                }
                i += 1;
                // Past a castling or a marker-like symbol, the rest of the line is
                // likely plain again.
                i += skip_plain_run(scan, bytes.get(i..).unwrap_or_default());
            }
            // A line end in movetext, before a line that starts with a symbol: what the state
            // machine does with it (a tag line, an escape line, a blank line or the chunk's
            // end after it are the state machine's).
            Some(b'\n')
                if scan.movetext && bytes.get(i + 1).is_some_and(|&b| PLAIN[usize::from(b)]) =>
            {
                if scan.end_symbol() {
                    return Err(i);
                }
                scan.line_start = true;
                scan.line_has_content = false;
                scan.newlines += 1;
                i += 1;
                i += skip_plain_run(scan, bytes.get(i..).unwrap_or_default());
            }
            _ => return Ok(i),
        }
    }
}

/// Skips the [`plain_run`] at the start of `bytes` (no symbol begun before it), noting the
/// movetext it holds; returns how many bytes.
#[inline]
fn skip_plain_run(scan: &mut Scan, bytes: &[u8]) -> usize {
    let run = plain_run(bytes);
    if run > 0 && bytes.iter().take_while(|&&b| b == b' ').count() < run {
        scan.note_movetext();
    }
    run
}

/// Skips the inside of a tag line (the `Tag`, `TagString` and `TagEscape` modes) in one
/// loop, through the `]` that closes it; stops before a newline, which ends any of them.
/// Every byte was already counted as content by the `[`. The bytes that change nothing (most
/// of a tag value) are skipped eight at a time.
#[inline]
fn skip_tag(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut mode = scan.mode;
    let mut i = 0;
    loop {
        let rest = bytes.get(i..).unwrap_or_default();
        i += match mode {
            Mode::TagString => find(rest, |w| {
                first_equal(w, b'"') | first_equal(w, b'\\') | first_equal(w, b'\n')
            }),
            Mode::Tag => find(rest, |w| {
                first_equal(w, b'"') | first_equal(w, b']') | first_equal(w, b'\n')
            }),
            _ => 0,
        };
        let Some(&byte) = bytes.get(i) else { break };
        mode = match (mode, byte) {
            (_, b'\n') => break,
            (Mode::Tag, b']') => {
                i += 1;
                mode = Mode::Normal;
                break;
            }
            (Mode::Tag, b'"') => Mode::TagString,
            (Mode::TagString, b'\\') => Mode::TagEscape,
            (Mode::TagString, b'"') => Mode::Tag,
            (Mode::TagEscape, _) => Mode::TagString,
            (mode, _) => mode,
        };
        i += 1;
    }
    scan.mode = mode;
    i
}

/// The length of the tag line at the start of `bytes` (from its `[` through its `\n`) if it is
/// the commonest kind, `[Name "value"]` and blanks (see [`simple_tag_quotes`]): two searches,
/// where the state machine of [`skip_tag`] takes a round per quote. `None` for any other line,
/// left to that machine (it ends these lines in the same place: the `]` after the second
/// quote).
#[inline]
fn simple_tag_line(bytes: &[u8]) -> Option<usize> {
    let (_, close) = simple_tag_quotes(bytes)?;
    let mut end = close + 2;
    while bytes
        .get(end)
        .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r'))
    {
        end += 1;
    }
    (bytes.get(end) == Some(&b'\n')).then_some(end + 1)
}

/// Skips whole tag lines (`[`, the inside, `]` and the line end) at the start of `bytes`, the
/// tag section of a game, without the byte-wise state machine; stops before anything else,
/// and where a tag line breaks off. Only at a line start before any movetext or blank line:
/// there a tag line neither starts a game nor needs its name looked up.
#[inline]
fn skip_tag_lines(scan: &mut Scan, bytes: &[u8]) -> usize {
    let mut i = 0;
    while scan.line_start
        && !scan.movetext
        && !scan.blank_after_tags
        && scan.mode == Mode::Normal
        && bytes.get(i) == Some(&b'[')
    {
        scan.tags = true;
        scan.note_content();
        if let Some(len) = simple_tag_line(bytes.get(i..).unwrap_or_default()) {
            i += len;
            scan.line_start = true;
            scan.line_has_content = false;
            scan.newlines += 1;
            continue;
        }
        scan.mode = Mode::Tag;
        i += 1;
        i += skip_tag(scan, bytes.get(i..).unwrap_or_default());
        // Blanks after `]`, then the line end (or anything else: the byte-wise loop's).
        while bytes
            .get(i)
            .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r'))
        {
            i += 1;
        }
        if scan.mode != Mode::Normal || bytes.get(i) != Some(&b'\n') {
            break;
        }
        i += 1;
        scan.line_start = true;
        scan.line_has_content = false;
        scan.newlines += 1;
    }
    i
}

/// Skips the inside of a brace comment up to `}` or a newline, on a line that already has
/// content; returns how many bytes. At a line's start the state machine reads the comment up
/// to its first non-blank byte: a `[` there may open a tag line (the comment never closed).
#[inline]
fn skip_comment(scan: &mut Scan, bytes: &[u8]) -> usize {
    if scan.line_start || !scan.line_has_content {
        return 0;
    }
    find(bytes, |w| first_equal(w, b'}') | first_equal(w, b'\n'))
}

/// How many `\n` bytes `bytes` holds (the blanks before a game; the game's own line feeds are
/// counted as they are read). Counting in `u8` lanes, 255 bytes at a time so that a
/// lane cannot overflow, lets the compiler compare 16 bytes per instruction.
fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|chunk| {
            let in_chunk = chunk
                .iter()
                .fold(0u8, |n, &b| n.wrapping_add(u8::from(b == b'\n')));
            usize::from(in_chunk)
        })
        .sum()
}

/// What one byte does to the game being cut.
#[derive(PartialEq, Eq)]
enum Cut {
    /// Nothing: the byte belongs to the game.
    No,
    /// The game ends before this byte.
    Before,
    /// Nothing yet: the byte is read again with [`LOOKAHEAD`] bytes after it.
    NeedMore,
}

/// Bytes after a byte that the splitter may look at to decide about it (the tag name after a
/// `[`), whatever the reader's chunks: so games are cut alike however the input is read.
const LOOKAHEAD: usize = 256;

/// The rest of the chunk after a byte: at least [`LOOKAHEAD`] bytes or all the input has.
enum Lookahead<'a> {
    Enough(&'a [u8]),
    Short,
}

impl<R: BufRead> Splitter<R> {
    /// A splitter over `reader`, keeping at most [`DEFAULT_GAME_LIMIT`] bytes per game.
    pub fn new(reader: R) -> Splitter<R> {
        Splitter::with_limit(reader, DEFAULT_GAME_LIMIT)
    }

    /// A splitter keeping at most `limit` bytes per game.
    pub fn with_limit(reader: R, limit: usize) -> Splitter<R> {
        Splitter {
            reader,
            limit,
            index: 0,
            offset: 0,
            line: 1,
            at_start: true,
            done: false,
            carry: Vec::new(),
            game: Scan::new(0, 1),
            spare: Vec::new(),
        }
    }

    /// Hands the buffer of `game`, a game this splitter cut, back to it, to hold a later
    /// game's bytes instead of a new allocation. Optional: for a caller that checks games one
    /// by one and drops each (a fresh allocation per game costs more than the call: its
    /// memory comes back cold). Buffers of huge games are not kept.
    ///
    /// ```
    /// use jaque::pgn::{Checker, Options, Splitter};
    /// let text = "1. e4 e5 *\n\n1. d4 d5 2. c4 *\n";
    /// let (mut splitter, mut checker) = (Splitter::new(text.as_bytes()), Checker::default());
    /// let mut plies = Vec::new();
    /// while let Some(Ok(game)) = splitter.next() {
    ///     plies.push(checker.check(&game).plies);
    ///     splitter.recycle(game);
    /// }
    /// assert_eq!(plies, [2, 3]);
    /// ```
    pub fn recycle(&mut self, game: RawGame) {
        let mut bytes = game.bytes;
        if bytes.capacity() > self.spare.capacity() && bytes.capacity() <= MAX_SPARE {
            bytes.clear();
            self.spare = bytes;
        }
    }

    /// Bytes read so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The tag name after a `[`, read from the rest of the chunk (`None` if it is cut off).
    fn tag_name(rest: &[u8]) -> Option<&[u8]> {
        let start = rest.iter().position(|&b| b != b' ' && b != b'\t')?;
        let len = rest[start..]
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
        Some(&rest[start..start + len])
    }

    /// `byte`, the rest of the chunk after it, and the game's bytes in the chunk before it.
    fn step(scan: &mut Scan, byte: u8, rest: Lookahead<'_>, before: &[u8]) -> Cut {
        let blank = matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c);
        match scan.mode {
            Mode::Normal => {
                let delimiter =
                    blank || matches!(byte, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$');
                if delimiter && scan.end_symbol() {
                    // The delimiter is read again as the next game's first byte.
                    return Cut::Before;
                }
                if scan.line_start && byte == b'[' {
                    if scan.movetext {
                        return Cut::Before;
                    }
                    if scan.blank_after_tags {
                        // Tags, a blank line, tags: a game without movetext and the next
                        // game, unless the tag is new to this game (an empty line inside a
                        // tag section, as some programs write).
                        let Lookahead::Enough(rest) = rest else {
                            return Cut::NeedMore;
                        };
                        match Self::tag_name(rest.get(..LOOKAHEAD).unwrap_or(rest)) {
                            Some(name) if scan.is_new_tag(before, name) => {}
                            _ => return Cut::Before,
                        }
                    }
                    scan.tags = true;
                    scan.mode = Mode::Tag;
                } else if scan.line_start && byte == b'%' {
                    scan.mode = Mode::ToEndOfLine;
                } else if !blank {
                    match byte {
                        b'{' => scan.mode = Mode::Brace,
                        b';' => scan.mode = Mode::ToEndOfLine,
                        b'(' => scan.depth = scan.depth.saturating_add(1),
                        b')' => scan.depth = scan.depth.saturating_sub(1),
                        _ => {}
                    }
                    scan.movetext = true;
                    if !delimiter {
                        if scan.symbol_len < scan.symbol.len() {
                            scan.symbol[scan.symbol_len] = byte;
                        }
                        scan.symbol_len = scan.symbol_len.saturating_add(1);
                        // A lone `*` ends the game only when the symbol ends; a marker at
                        // the very end of the input is handled by the caller.
                    }
                }
            }
            Mode::Brace => {
                if byte == b'}' {
                    scan.mode = Mode::Normal;
                } else if scan.line_start && byte == b'[' {
                    let Lookahead::Enough(rest) = rest else {
                        return Cut::NeedMore;
                    };
                    if rest.first().is_none_or(|b| b.is_ascii_uppercase()) {
                        // A tag line inside a comment: the comment never closed.
                        return Cut::Before;
                    }
                }
            }
            Mode::ToEndOfLine => {
                if byte == b'\n' {
                    scan.mode = Mode::Normal;
                }
            }
            Mode::Tag => match byte {
                b'"' => scan.mode = Mode::TagString,
                b']' | b'\n' => scan.mode = Mode::Normal,
                _ => {}
            },
            Mode::TagString => match byte {
                b'\\' => scan.mode = Mode::TagEscape,
                b'"' => scan.mode = Mode::Tag,
                // A string never spans lines: the lexer reports it unterminated.
                b'\n' => scan.mode = Mode::Normal,
                _ => {}
            },
            Mode::TagEscape => {
                scan.mode = if byte == b'\n' {
                    Mode::Normal
                } else {
                    Mode::TagString
                };
            }
        }
        if byte == b'\n' {
            if !scan.line_has_content && scan.tags && !scan.movetext {
                scan.blank_after_tags = true;
            }
            scan.line_start = true;
            scan.line_has_content = false;
            scan.newlines += 1;
        } else if !blank {
            scan.line_start = false;
            scan.line_has_content = true;
            scan.content = true;
        }
        Cut::No
    }

    fn take_game(&mut self) -> Option<RawGame> {
        let mut next = Scan::new(self.offset, self.line);
        next.line_start = self.game.line_start;
        next.bytes = std::mem::take(&mut self.spare);
        let scan = std::mem::replace(&mut self.game, next);
        if !scan.content {
            // Blanks only: no game, and the buffer stays for the next one.
            let mut bytes = scan.bytes;
            bytes.clear();
            self.spare = bytes;
            return None;
        }
        let game = RawGame {
            index: self.index,
            offset: scan.offset,
            line: scan.line,
            bytes: scan.bytes,
            skipped: scan.skipped,
        };
        self.index += 1;
        Some(game)
    }

    fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        loop {
            if self.done {
                return Ok(None);
            }
            let fresh = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            let eof = fresh.is_empty();
            if eof && self.carry.is_empty() {
                self.done = true;
                // End of input ends the last game (a marker as its last byte included).
                self.game.end_symbol();
                return Ok(self.take_game());
            }
            // Bytes carried over from the last chunk come first (rarely: a decision that
            // needed more bytes than that chunk had).
            let joined;
            let carried = self.carry.len();
            let chunk = if carried == 0 {
                fresh
            } else {
                joined = [&self.carry[..], fresh].concat();
                &joined[..]
            };
            let mut start = 0;
            if self.at_start {
                self.at_start = false;
                if chunk.starts_with(b"\xEF\xBB\xBF") {
                    start = 3;
                    self.offset += 3;
                    self.game.offset = 3;
                }
            }
            let mut used = chunk.len();
            let mut cut = false;
            let mut i = start;
            while let Some(&byte) = chunk.get(i) {
                // Runs are skipped without the state machine: the symbols and blanks of a
                // movetext line (a blank after a termination marker ends the game), the
                // insides of tag lines and comments.
                let rest = chunk.get(i..).unwrap_or_default();
                let run = match self.game.mode {
                    Mode::Normal if byte == b'[' => skip_tag_lines(&mut self.game, rest),
                    Mode::Normal => match skip_movetext(&mut self.game, rest) {
                        Ok(run) => run,
                        Err(at) => {
                            used = i + at;
                            cut = true;
                            break;
                        }
                    },
                    Mode::Brace => skip_comment(&mut self.game, rest),
                    // The line's first byte (`[`, `%` or `;`) already counted as content.
                    Mode::Tag | Mode::TagString | Mode::TagEscape => skip_tag(&mut self.game, rest),
                    Mode::ToEndOfLine => find(rest, |w| first_equal(w, b'\n')),
                };
                if run > 0 {
                    i += run;
                    continue;
                }
                let rest = chunk.get(i + 1..).unwrap_or_default();
                let before = chunk.get(start..i).unwrap_or_default();
                let rest = if eof || rest.len() >= LOOKAHEAD {
                    Lookahead::Enough(rest)
                } else {
                    Lookahead::Short
                };
                match Self::step(&mut self.game, byte, rest, before) {
                    Cut::No => i += 1,
                    Cut::Before => {
                        used = i;
                        cut = true;
                        break;
                    }
                    Cut::NeedMore => {
                        used = i;
                        break;
                    }
                }
            }
            let mut piece = &chunk[start..used];
            // Every line feed of the piece was read once on the way (no second pass).
            self.line += std::mem::take(&mut self.game.newlines);
            self.offset += piece.len() as u64;
            if self.game.bytes.is_empty() && self.game.skipped == 0 {
                // Blanks before a game belong to no game: it starts at its first character.
                let lead = piece
                    .iter()
                    .position(|b| !b.is_ascii_whitespace())
                    .unwrap_or(piece.len());
                self.game.offset += lead as u64;
                self.game.line += count_newlines(&piece[..lead]);
                piece = &piece[lead..];
            }
            let room = self.limit.saturating_sub(self.game.bytes.len());
            let kept = piece.len().min(room);
            self.game.bytes.extend_from_slice(&piece[..kept]);
            self.game.skipped += (piece.len() - kept) as u64;
            // Bytes not used stay for the next call: in the reader if they are its own, carried
            // over if they are carried bytes or the reader must move on to give more.
            let fresh_len = chunk.len() - carried;
            let (carry, consumed) = if used < chunk.len() && !cut {
                (chunk[used..].to_vec(), fresh_len)
            } else {
                (
                    chunk[used.min(carried)..carried].to_vec(),
                    used.saturating_sub(carried),
                )
            };
            self.carry = carry;
            self.reader.consume(consumed);
            if cut && let Some(game) = self.take_game() {
                return Ok(Some(game));
            }
        }
    }
}

impl<R: BufRead> Iterator for Splitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        match self.next_game() {
            Ok(game) => game.map(Ok),
            Err(error) => {
                self.done = true;
                Some(Err(error))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HIGHS, Mode, Scan, first_special_byte, plain_run, simple_tag_line, skip_tag};

    fn special(byte: u8) -> bool {
        byte < 0x20 || b"$%&'()*-;[]{}Y_y\x7f".contains(&byte)
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sixteen_bytes_at_once_flag_exactly_the_special_bytes() {
        crate::pgn::scan::tests::mask_agrees_in_every_lane(
            super::wide::special_bytes,
            special,
            b'-',
        );
    }

    #[test]
    fn the_first_special_byte_is_found_in_every_lane() {
        for byte in 0..=255u8 {
            for lane in 0..8 {
                // The other lanes hold a plain byte, a space, the byte itself or a special one.
                for fill in [b'e', b' ', byte, b'-'] {
                    let mut word = [fill; 8];
                    word[lane] = byte;
                    let flags = first_special_byte(u64::from_le_bytes(word));
                    let first = word.iter().position(|&b| special(b));
                    let flagged = (flags != 0).then(|| flags.trailing_zeros() as usize / 8);
                    assert_eq!(flagged, first, "{word:?}");
                    assert_eq!(flags & !HIGHS, 0);
                }
            }
        }
    }

    /// The run is what a byte-wise reading says: whole words up to the first special byte,
    /// cut there if it ends a symbol without being part of one, else just after the last
    /// space before it.
    #[test]
    fn plain_run_ends_where_the_byte_wise_reading_ends_it() {
        let alphabet = b"  e4Nf3x1-0O*{};(\n\t\r.=+#!?Y\xc3";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let len = (state % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    // Mostly plain bytes and spaces, as movetext is.
                    let pick = (state >> 32) as usize % (alphabet.len() * 3);
                    alphabet.get(pick).copied().unwrap_or(b"Nbd7 "[pick % 5])
                })
                .collect();
            let words = len / 8 * 8;
            let clean = bytes[..words]
                .iter()
                .position(|&b| special(b))
                .unwrap_or(words);
            let ends_symbol = |b: u8| b" \t\r\n\x0b\x0c{}()[];$".contains(&b);
            let expected = if bytes.get(clean).is_some_and(|&b| ends_symbol(b)) {
                clean
            } else {
                bytes[..clean]
                    .iter()
                    .rposition(|&b| b == b' ')
                    .map_or(0, |i| i + 1)
            };
            assert_eq!(
                plain_run(&bytes),
                expected,
                "{:?}",
                String::from_utf8_lossy(&bytes)
            );
        }
    }

    /// Where the two-search reading of a tag line answers, the byte-wise state machine ends
    /// the tag at the same byte, in the mode after it, and only blanks follow to the newline.
    #[test]
    fn simple_tag_lines_end_where_the_state_machine_ends_them() {
        let pieces: [&[u8]; 16] = [
            b"Event",
            b" ",
            b"\"",
            b"\\",
            b"]",
            b"[",
            b"x",
            b"\r",
            b"\t",
            b"\"]",
            b"{",
            b";",
            b"1-0",
            b"\xc3\xa9",
            b"\n",
            b"\\\"",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut simple = 0;
        for round in 0..40_000 {
            let mut line = if round % 2 == 0 {
                b"[Event \"".to_vec()
            } else {
                b"[".to_vec()
            };
            for _ in 0..5 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                line.extend_from_slice(pieces[(state >> 40) as usize % pieces.len()]);
            }
            line.extend_from_slice(b"\n1. e4 *\n");
            let Some(len) = simple_tag_line(&line) else {
                continue;
            };
            simple += 1;
            let mut scan = Scan::new(0, 1);
            scan.mode = Mode::Tag;
            let mut end = 1 + skip_tag(&mut scan, &line[1..]);
            assert_eq!(
                scan.mode,
                Mode::Normal,
                "{:?}",
                String::from_utf8_lossy(&line)
            );
            while matches!(line[end], b' ' | b'\t' | b'\r') {
                end += 1;
            }
            assert_eq!(line[end], b'\n', "{:?}", String::from_utf8_lossy(&line));
            assert_eq!(len, end + 1, "{:?}", String::from_utf8_lossy(&line));
        }
        assert!(simple > 500, "{simple}");
    }
}
