//! The state machine that finds where a game ends, a byte at a time, and the loop that runs
//! it over a chunk; the runs of bytes that cannot end a game (most of them) it leaves to the
//! skips of `movetext` and `tag_lines`.

use std::collections::HashSet;

use super::MAX_TAG_NAMES;
use super::movetext::{skip_comment, skip_movetext};
use super::tag_lines::{skip_tag, skip_tag_lines};
use crate::pgn::scan::{find, first_equal};

/// What the byte-wise machine is inside of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
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

/// The state of the game being cut.
pub(super) struct Scan {
    pub(super) bytes: Vec<u8>,
    pub(super) skipped: u64,
    pub(super) offset: u64,
    pub(super) line: usize,
    pub(super) mode: Mode,
    /// Only blanks since the last newline.
    pub(super) line_start: bool,
    /// The current line has something but blanks.
    pub(super) line_has_content: bool,
    /// Some movetext seen (anything outside tags, comments and escapes).
    pub(super) movetext: bool,
    /// Some tag line seen.
    pub(super) tags: bool,
    /// A blank line after the tag section, before any movetext.
    pub(super) blank_after_tags: bool,
    /// Parenthesis depth.
    pub(super) depth: u32,
    /// The current movetext symbol, up to 7 bytes (enough for `1/2-1/2`; a symbol that cannot
    /// be a marker keeps a blank first byte instead), and its length.
    pub(super) symbol: [u8; 7],
    pub(super) symbol_len: usize,
    /// Anything but blanks in the game.
    pub(super) content: bool,
    /// The game's tag names, once a blank line in its tag section makes them matter.
    pub(super) tag_names: Option<HashSet<Vec<u8>>>,
    /// Line feeds read since the splitter last counted them (every reading of a `\n` adds
    /// one: no second pass over the bytes for the line numbers).
    pub(super) newlines: usize,
}

impl Scan {
    /// A game that starts at `offset`, on `line`.
    pub(super) fn new(offset: u64, line: usize) -> Scan {
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
    #[inline]
    pub(super) fn note_movetext(&mut self) {
        self.movetext = true;
        self.note_content();
    }

    /// Something but blanks was read on the current line.
    #[inline]
    pub(super) fn note_content(&mut self) {
        self.line_start = false;
        self.line_has_content = true;
        self.content = true;
    }

    /// A line feed was read: a new line starts, with nothing on it yet.
    #[inline]
    pub(super) fn new_line(&mut self) {
        self.line_start = true;
        self.line_has_content = false;
        self.newlines += 1;
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
                    tag_name(line).map(<[u8]>::to_vec)
                })
                .take(MAX_TAG_NAMES)
                .collect()
        });
        names.len() < MAX_TAG_NAMES && names.insert(name.to_vec())
    }

    /// Ends the current movetext symbol; is it a termination marker at depth 0?
    #[inline]
    pub(super) fn end_symbol(&mut self) -> bool {
        let len = std::mem::take(&mut self.symbol_len);
        if len == 0 || self.depth != 0 {
            return false;
        }
        matches!(
            self.symbol.get(..len),
            Some(b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
        )
    }

    /// Runs the state machine over `chunk` from `start` (`eof`: the input ends after it):
    /// where the game's bytes in it end, and whether the game ends there (if not, the chunk
    /// ran out, or a byte needs more bytes after it than the chunk has).
    #[inline]
    pub(super) fn cut(&mut self, chunk: &[u8], start: usize, eof: bool) -> (usize, bool) {
        let mut i = start;
        while let Some(&byte) = chunk.get(i) {
            // Runs are skipped without the state machine: the symbols and blanks of a
            // movetext line (a blank after a termination marker ends the game), the
            // insides of tag lines and comments.
            let run = match self.skip_run(byte, chunk.get(i..).unwrap_or_default()) {
                Ok(run) => run,
                Err(at) => return (i + at, true),
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
            match self.step(byte, rest, before) {
                Cut::No => i += 1,
                Cut::Before => return (i, true),
                Cut::NeedMore => return (i, false),
            }
        }
        (chunk.len(), false)
    }

    /// The run of bytes at the start of `rest` (its first byte `byte`) that can be skipped
    /// without the byte-wise machine, in the current mode: `Ok` with its length, or `Err` with
    /// where the game ends (a blank after a termination marker).
    #[inline(always)]
    fn skip_run(&mut self, byte: u8, rest: &[u8]) -> Result<usize, usize> {
        Ok(match self.mode {
            Mode::Normal if byte == b'[' => skip_tag_lines(self, rest),
            Mode::Normal => return skip_movetext(self, rest),
            Mode::Brace => skip_comment(self, rest),
            // The line's first byte (`[`, `%` or `;`) already counted as content.
            Mode::Tag | Mode::TagString | Mode::TagEscape => skip_tag(self, rest),
            Mode::ToEndOfLine => find(rest, |w| first_equal(w, b'\n')),
        })
    }

    /// What `byte` does to the game, with the rest of the chunk after it and the game's bytes
    /// in the chunk before it.
    #[inline(always)]
    fn step(&mut self, byte: u8, rest: Lookahead<'_>, before: &[u8]) -> Cut {
        let blank = matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c);
        let cut = match self.mode {
            Mode::Normal => self.step_normal(byte, blank, rest, before),
            Mode::Brace => self.step_brace(byte, rest),
            Mode::ToEndOfLine => {
                if byte == b'\n' {
                    self.mode = Mode::Normal;
                }
                Cut::No
            }
            Mode::Tag | Mode::TagString | Mode::TagEscape => {
                self.mode = tag_mode(self.mode, byte);
                Cut::No
            }
        };
        if cut != Cut::No {
            return cut;
        }
        self.note_byte(byte, blank);
        Cut::No
    }

    /// A byte outside anything that nests, in the movetext or the tag section.
    #[inline(always)]
    fn step_normal(&mut self, byte: u8, blank: bool, rest: Lookahead<'_>, before: &[u8]) -> Cut {
        let delimiter =
            blank || matches!(byte, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$');
        if delimiter && self.end_symbol() {
            // The delimiter is read again as the next game's first byte.
            return Cut::Before;
        }
        if self.line_start && byte == b'[' {
            return self.tag_line(rest, before);
        }
        if self.line_start && byte == b'%' {
            self.mode = Mode::ToEndOfLine;
        } else if !blank {
            self.movetext_byte(byte, delimiter);
        }
        Cut::No
    }

    /// A `[` at a line's start: a tag line of this game, or the first byte of the next game.
    fn tag_line(&mut self, rest: Lookahead<'_>, before: &[u8]) -> Cut {
        if self.movetext {
            return Cut::Before;
        }
        if self.blank_after_tags {
            // Tags, a blank line, tags: a game without movetext and the next game, unless the
            // tag is new to this game (an empty line inside a tag section, as some programs
            // write).
            let Lookahead::Enough(rest) = rest else {
                return Cut::NeedMore;
            };
            match tag_name(rest.get(..LOOKAHEAD).unwrap_or(rest)) {
                Some(name) if self.is_new_tag(before, name) => {}
                _ => return Cut::Before,
            }
        }
        self.tags = true;
        self.mode = Mode::Tag;
        Cut::No
    }

    /// A byte of movetext but a blank: a comment opens, the depth changes, a symbol grows.
    #[inline(always)]
    fn movetext_byte(&mut self, byte: u8, delimiter: bool) {
        match byte {
            b'{' => self.mode = Mode::Brace,
            b';' => self.mode = Mode::ToEndOfLine,
            b'(' => self.depth = self.depth.saturating_add(1),
            b')' => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        self.movetext = true;
        if !delimiter {
            if self.symbol_len < self.symbol.len() {
                self.symbol[self.symbol_len] = byte;
            }
            self.symbol_len = self.symbol_len.saturating_add(1);
            // A lone `*` ends the game only when the symbol ends; a marker at the very end
            // of the input is handled by the caller.
        }
    }

    /// A byte inside a brace comment: its end, or a tag line where the comment never closed.
    #[inline(always)]
    fn step_brace(&mut self, byte: u8, rest: Lookahead<'_>) -> Cut {
        if byte == b'}' {
            self.mode = Mode::Normal;
        } else if self.line_start && byte == b'[' {
            let Lookahead::Enough(rest) = rest else {
                return Cut::NeedMore;
            };
            if rest.first().is_none_or(|b| b.is_ascii_uppercase()) {
                // A tag line inside a comment: the comment never closed.
                return Cut::Before;
            }
        }
        Cut::No
    }

    /// Notes `byte`, read into the game, on its line: a line ends (a blank one after the tag
    /// section may end the game later), or has content.
    #[inline(always)]
    fn note_byte(&mut self, byte: u8, blank: bool) {
        if byte == b'\n' {
            if !self.line_has_content && self.tags && !self.movetext {
                self.blank_after_tags = true;
            }
            self.new_line();
        } else if !blank {
            self.note_content();
        }
    }
}

/// The mode after `byte` inside a tag line (`mode` is `Tag`, `TagString` or `TagEscape`).
#[inline(always)]
fn tag_mode(mode: Mode, byte: u8) -> Mode {
    match mode {
        Mode::Tag => match byte {
            b'"' => Mode::TagString,
            b']' | b'\n' => Mode::Normal,
            _ => Mode::Tag,
        },
        Mode::TagString => match byte {
            b'\\' => Mode::TagEscape,
            b'"' => Mode::Tag,
            // A string never spans lines: the lexer reports it unterminated.
            b'\n' => Mode::Normal,
            _ => Mode::TagString,
        },
        Mode::TagEscape if byte == b'\n' => Mode::Normal,
        Mode::TagEscape => Mode::TagString,
        other => other,
    }
}

/// The tag name after a `[`, read from the rest of the chunk (`None` if it is cut off).
fn tag_name(rest: &[u8]) -> Option<&[u8]> {
    let start = rest.iter().position(|&b| b != b' ' && b != b'\t')?;
    let len = rest[start..]
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    Some(&rest[start..start + len])
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
