//! The state machine that finds where a game ends, a byte at a time, and the loop that runs
//! it over a chunk; the runs of bytes that cannot end a game (most of them) it leaves to the
//! skips of `movetext` and `tag_lines`.
//!
//! It reads the text as the lexer does (`syntax`): the same delimiters end a symbol, a tag
//! pair is what the lexer's own reading of tag pairs accepts, a brace comment runs to its
//! `}`, a `;` comment and a `%` escape line to the line's end, a NAG's digits follow its `$`.

use std::collections::HashSet;

use super::MAX_TAG_NAMES;
use super::movetext::{skip_comment, skip_movetext};
use super::tag_lines::skip_tag_lines;
use crate::pgn::scan::{find, first_line_end};
use crate::pgn::syntax::{
    MAX_MARKER, MAX_TAG_LINE, TokenKind, is_blank, marker_suffix, may_end_marker, tag, tokenize,
};

/// What the byte-wise machine is inside of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Movetext or tag section, outside any comment.
    Normal,
    /// Inside `{ ... }`.
    Brace,
    /// Inside a `;` comment, a `%` escape line or a line that is no tag pair, until the
    /// line's end.
    ToLineEnd,
}

/// The last bytes of the movetext symbol being read: enough to tell whether it ends with a
/// termination marker.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Symbol {
    /// Its last bytes, the last one lowest.
    pub(super) tail: u64,
    /// Its length (0: no symbol is being read).
    pub(super) len: usize,
}

impl Symbol {
    #[inline(always)]
    pub(super) fn push(&mut self, byte: u8) {
        self.tail = self.tail << 8 | u64::from(byte);
        self.len += 1;
    }
}

/// Where a comment that never closes may be taken to end: the first line inside it that
/// starts with a tag pair (see [`Scan::recovery`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Recovery {
    /// Its index in the game's bytes.
    pub(super) at: usize,
    /// Line ends in the game before it.
    pub(super) lines: usize,
}

/// The state of the game being cut.
pub(super) struct Scan {
    pub(super) bytes: Vec<u8>,
    pub(super) skipped: u64,
    pub(super) offset: u64,
    pub(super) line: usize,
    pub(super) mode: Mode,
    /// Only blanks since the line began (at a game's start too).
    pub(super) fresh_line: bool,
    /// The last byte was a carriage return: a line feed after it ends the same line.
    pub(super) after_cr: bool,
    /// The last byte was a line feed: a carriage return after it (`\n\r`, some old files'
    /// line end) is counted as a line end, but makes no blank line.
    pub(super) after_lf: bool,
    /// Line ends read since the game began.
    pub(super) game_lines: usize,
    /// Some tag pair (or a line that tried to be one) read.
    pub(super) tags: bool,
    /// Some movetext read: a token that is no tag pair and no comment.
    pub(super) movetext: bool,
    /// The termination marker read: only comments and blanks may follow in this game.
    pub(super) ended: bool,
    /// A blank line after some tags, before any movetext: a tag pair after it may start the
    /// next game (see [`Scan::starts_a_section`]).
    pub(super) blank_after_tags: bool,
    /// Parenthesis depth.
    pub(super) depth: u32,
    pub(super) symbol: Symbol,
    /// Reading the digits after a `$`: they are the NAG's, not a symbol's.
    pub(super) nag: bool,
    /// Where the brace comment being read could be taken to end if it never closes.
    pub(super) recovery: Option<Recovery>,
    /// Whether a recovery is looked for in the current comment (until one is found).
    pub(super) seeking: bool,
    /// The names of the tag section, once a blank line in it makes them matter (see
    /// [`Scan::starts_a_section`]).
    names: Option<HashSet<Vec<u8>>>,
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
            fresh_line: true,
            after_cr: false,
            after_lf: false,
            game_lines: 0,
            tags: false,
            movetext: false,
            ended: false,
            blank_after_tags: false,
            depth: 0,
            symbol: Symbol::default(),
            nag: false,
            recovery: None,
            seeking: false,
            names: None,
        }
    }

    /// Whether the game has anything that makes it a game: a tag, movetext, or a comment
    /// that never closes (an error to report). Comments and escape lines alone are not.
    pub(super) fn has_content(&self) -> bool {
        self.tags || self.movetext || self.mode == Mode::Brace
    }

    /// Something but a line end was read: a line feed after it is a line end of its own.
    #[inline(always)]
    pub(super) fn mid_line(&mut self) {
        self.after_cr = false;
        self.after_lf = false;
    }

    /// Movetext was read on the current line.
    #[inline(always)]
    pub(super) fn note_movetext(&mut self) {
        self.movetext = true;
        self.fresh_line = false;
    }

    /// A line end was read (a line feed after a carriage return is none: see
    /// [`Scan::after_cr`]). A line of nothing but blanks after the tag section (not in a
    /// comment) is a blank line after the tags.
    #[inline(always)]
    pub(super) fn line_end(&mut self, byte: u8) {
        let second_half = match byte {
            b'\n' => std::mem::replace(&mut self.after_cr, false),
            _ => false,
        };
        if second_half {
            self.after_lf = false;
            return;
        }
        let lf_cr = byte == b'\r' && self.after_lf;
        let in_comment = self.mode == Mode::Brace;
        if self.fresh_line && !lf_cr && !in_comment && self.tags && !self.movetext && !self.ended {
            self.blank_after_tags = true;
        }
        self.after_cr = byte == b'\r';
        self.after_lf = byte == b'\n';
        self.fresh_line = true;
        self.game_lines += 1;
    }

    /// Ends the current movetext symbol: the game's marker, if it ends with one at depth 0.
    #[inline(always)]
    pub(super) fn end_symbol(&mut self) {
        self.nag = false;
        let symbol = std::mem::take(&mut self.symbol);
        // Most symbols are told apart by their last byte.
        if symbol.len == 0 || self.depth != 0 || !may_end_marker(symbol.tail as u8) {
            return;
        }
        let last = symbol.tail.to_be_bytes();
        let kept = symbol.len.min(MAX_MARKER);
        if marker_suffix(last.get(8 - kept..).unwrap_or_default()).is_some() {
            self.ended = true;
        }
    }

    /// Runs the state machine over `chunk` from `start` (`eof`: the input ends after it):
    /// where the game's bytes in it end, and whether the game ends there (if not, the chunk
    /// ran out, or a byte needs more bytes after it than the chunk has).
    #[inline]
    pub(super) fn cut(&mut self, chunk: &[u8], start: usize, eof: bool) -> (usize, bool) {
        let mut i = start;
        while let Some(&first) = chunk.get(i) {
            // A run skipped stops before a byte that no skip takes: the machine's at once.
            i += self.skip_run(first, chunk.get(i..).unwrap_or_default());
            let Some(&byte) = chunk.get(i) else {
                break;
            };
            let at = Place {
                chunk,
                start,
                at: i,
                eof,
            };
            match self.step(byte, at) {
                Cut::No => i += 1,
                Cut::Over(len) => i += len,
                Cut::Before => return (i, true),
                Cut::NeedMore => return (i, false),
            }
        }
        (chunk.len(), false)
    }

    /// The run of bytes at the start of `rest` (its first byte `byte`) that can be skipped
    /// without the byte-wise machine, in the current mode.
    #[inline(always)]
    fn skip_run(&mut self, byte: u8, rest: &[u8]) -> usize {
        match self.mode {
            Mode::Normal if self.ended => 0,
            Mode::Normal if byte == b'[' => skip_tag_lines(self, rest),
            Mode::Normal => skip_movetext(self, rest),
            Mode::Brace => skip_comment(self, rest),
            Mode::ToLineEnd => {
                let run = find(rest, first_line_end);
                if run > 0 {
                    self.mid_line();
                }
                run
            }
        }
    }

    /// What `byte` does to the game, at `at`.
    #[inline(always)]
    fn step(&mut self, byte: u8, at: Place<'_>) -> Cut {
        if matches!(byte, b'\n' | b'\r') {
            if self.mode == Mode::Normal {
                self.end_symbol();
            }
            if self.mode == Mode::ToLineEnd {
                self.mode = Mode::Normal;
            }
            self.line_end(byte);
            return Cut::No;
        }
        self.mid_line();
        match self.mode {
            Mode::Normal => self.step_normal(byte, at),
            Mode::Brace => self.step_brace(byte, at),
            Mode::ToLineEnd => Cut::No,
        }
    }

    /// A byte outside comments, in the movetext or the tag section (not a line end).
    #[inline(always)]
    fn step_normal(&mut self, byte: u8, at: Place<'_>) -> Cut {
        if is_blank(byte) {
            self.end_symbol();
            return Cut::No;
        }
        let delimiter = matches!(
            byte,
            b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'"'
        );
        if delimiter {
            self.end_symbol();
        }
        let escape = byte == b'%' && self.fresh_line && self.symbol.len == 0 && !self.nag;
        match byte {
            b'{' => {
                self.mode = Mode::Brace;
                self.seeking = self.recovery.is_none();
                self.fresh_line = false;
                return Cut::No;
            }
            b';' => {
                self.mode = Mode::ToLineEnd;
                self.fresh_line = false;
                return Cut::No;
            }
            _ if escape => {
                self.mode = Mode::ToLineEnd;
                self.fresh_line = false;
                return Cut::No;
            }
            _ => {}
        }
        if self.ended {
            // Anything but a comment after the marker is the next game's.
            return Cut::Before;
        }
        match byte {
            b'[' => self.open_bracket(at),
            _ => {
                self.movetext_byte(byte, delimiter);
                Cut::No
            }
        }
    }

    /// A byte of movetext but a blank, a comment's start or a `[`.
    #[inline(always)]
    fn movetext_byte(&mut self, byte: u8, delimiter: bool) {
        match byte {
            b'(' => self.depth = self.depth.saturating_add(1),
            b')' => self.depth = self.depth.saturating_sub(1),
            b'$' => self.nag = true,
            _ if delimiter => {}
            _ if self.nag && byte.is_ascii_digit() => {}
            _ => {
                self.nag = false;
                self.symbol.push(byte);
            }
        }
        self.note_movetext();
    }

    /// A `[` outside comments: a tag pair of this game, the first tag pair of the next game
    /// (after movetext; or an `Event` tag after a blank line that ends a section of tags
    /// alone), or a line that is no tag pair, which the lexer reads as one error to the
    /// line's end.
    fn open_bracket(&mut self, at: Place<'_>) -> Cut {
        let Some(read) = at.line() else {
            return Cut::NeedMore;
        };
        let pair = tag(read).ok();
        if let Some(((name, _, _), _)) = &pair {
            let name = read.get(name.clone()).unwrap_or_default();
            if self.movetext || self.blank_after_tags && self.starts_a_section(name, at.before()) {
                return Cut::Before;
            }
        }
        let pair = pair.map(|((_, _, len), _)| len);
        self.fresh_line = false;
        match pair {
            Some(len) => {
                self.tags = true;
                Cut::Over(len)
            }
            None if self.movetext => {
                self.mode = Mode::ToLineEnd;
                Cut::No
            }
            None => {
                self.tags = true;
                self.mode = Mode::ToLineEnd;
                Cut::No
            }
        }
    }

    /// Whether a tag pair named `name` after a blank line in the tag section starts the next
    /// game: an `Event` tag (the standard puts it first in every section), or a name the
    /// section has had (lichess exports games of tags alone without `Event` after the first).
    /// Another name is the same section's: ChessBase writes a blank line after `Event`. The
    /// names are read from the section once a blank line makes them matter (`before`: the
    /// game's bytes in the chunk before the tag), then kept as tags come: at most
    /// [`MAX_TAG_NAMES`], a name past them starting the next game.
    fn starts_a_section(&mut self, name: &[u8], before: &[u8]) -> bool {
        if name == b"Event" {
            return true;
        }
        let bytes = &self.bytes;
        let names = self.names.get_or_insert_with(|| {
            let section = String::from_utf8_lossy(&[&bytes[..], before].concat()).into_owned();
            let (tokens, _) = tokenize(&section);
            let names = tokens.iter().filter_map(|t| match &t.kind {
                TokenKind::Tag { name, .. } => section.get(name.clone()),
                _ => None,
            });
            names
                .take(MAX_TAG_NAMES)
                .map(|n| n.as_bytes().to_vec())
                .collect()
        });
        names.len() >= MAX_TAG_NAMES || !names.insert(name.to_vec())
    }

    /// A byte inside a brace comment (not a line end): its end, or, at a line's start, maybe
    /// a tag pair where the comment could be taken to end if it never closes.
    #[inline(always)]
    fn step_brace(&mut self, byte: u8, at: Place<'_>) -> Cut {
        if byte == b'}' {
            self.mode = Mode::Normal;
            self.seeking = false;
            self.recovery = None;
            self.fresh_line = false;
            return Cut::No;
        }
        if is_blank(byte) {
            return Cut::No;
        }
        let fresh = std::mem::replace(&mut self.fresh_line, false);
        if fresh && byte == b'[' && self.seeking {
            let Some(read) = at.line() else {
                self.fresh_line = true;
                return Cut::NeedMore;
            };
            if tag(read).is_ok() {
                self.recovery = Some(Recovery {
                    at: at.in_game(self.bytes.len()),
                    lines: self.game_lines,
                });
                self.seeking = false;
            }
        }
        Cut::No
    }
}

/// Where a byte is: its chunk, where the game's bytes in it start, its index in it, and
/// whether the input ends after the chunk. What it gives is read from these only when asked
/// (rarely: a `[`), not for every byte.
#[derive(Clone, Copy)]
struct Place<'a> {
    chunk: &'a [u8],
    start: usize,
    at: usize,
    eof: bool,
}

impl<'a> Place<'a> {
    /// The game's bytes in the chunk before the byte.
    fn before(&self) -> &'a [u8] {
        self.chunk.get(self.start..self.at).unwrap_or_default()
    }

    /// The byte's index in the game's bytes, `kept` of them before the chunk.
    fn in_game(&self, kept: usize) -> usize {
        kept + (self.at - self.start)
    }

    /// The rest of the byte's line (as much as a tag pair may take), or `None` when the
    /// chunk ends first and more input may follow: the splitter reads a tag pair as the
    /// lexer does, from the whole line, whatever the reader's chunks.
    fn line(&self) -> Option<&'a [u8]> {
        let rest = self.chunk.get(self.at..).unwrap_or_default();
        let window = rest.get(..MAX_TAG_LINE).unwrap_or(rest);
        let end = find(window, first_line_end);
        let whole = end < window.len() || window.len() == MAX_TAG_LINE || self.eof;
        whole.then(|| window.get(..end).unwrap_or(window))
    }
}

/// What one byte does to the game being cut.
#[derive(PartialEq, Eq)]
enum Cut {
    /// Nothing: the byte belongs to the game.
    No,
    /// Nothing, and the next `len - 1` bytes with it (a tag pair read whole).
    Over(usize),
    /// The game ends before this byte.
    Before,
    /// Nothing yet: the byte is read again with the rest of its line.
    NeedMore,
}
