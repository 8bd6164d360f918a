//! Cutting a PGN byte stream into games, one game in memory at a time.
//!
//! The splitter reads the text as the lexer does, and no more: the symbols and the
//! delimiters between them, tag pairs (read by the lexer's own function), brace comments to
//! their `}`, `;` comments and `%` escape lines to the line's end, a NAG's digits,
//! parentheses. Tokens, moves and encodings of single games are the lexer's business, which
//! runs per game and so in parallel. Where games end:
//!
//! - after the termination marker at depth 0 (`1-0`, `0-1`, `1/2-1/2`, `*`, and `1/2` as some
//!   files write a draw; alone or glued to a move, `e5*`), and the comments and blank lines
//!   after it, before the next token of any other kind;
//! - before a tag pair that follows movetext (the marker is missing): a tag pair, not any
//!   line that starts with `[`, and wherever it is on its line (`1-0[Event "B"]`, as
//!   `cat a.pgn b.pgn` makes it when `a.pgn` lacks its last line end);
//! - before a tag pair that follows a blank line after a section of tags with no movetext,
//!   where it is an `Event` tag (the standard puts it first in every section) or one of a
//!   name the section has had (lichess exports games of tags alone without `Event` after the
//!   first): a game of tags alone. Another tag pair goes on the same section (ChessBase
//!   writes a blank line after `Event`). Tag pairs may share a line, and comments may come
//!   between them.
//! - A brace comment runs to its `}`, as the standard says. Only one that never closes (the
//!   input or the game's size limit ends first) is taken to end at the first line in it that
//!   starts with a tag pair: the game ends there, and what follows is read again. Valid PGN
//!   never meets that recovery.
//!
//! Lines end at a line feed, a carriage return and line feed, or a carriage return alone.
//! Bytes are read as they come, but for UTF-16 (known by its byte-order mark), which is read
//! as its UTF-8, and input that is no text (binary or compressed data at its start, as
//! [`text::refused`](super::text::refused) tells it), which is refused with an error saying
//! so (`source`).
//!
//! The [`Splitter`] reads its input a chunk at a time. `cutter` keeps the game being cut and
//! where it is; `machine` is the state machine that finds where the game ends, a byte at a
//! time; `movetext` and `tag_lines` skip the runs of bytes that cannot end a game, most of
//! the input, without it.

// What the splitter calls for each chunk and each game is `#[inline]`, to compile with the
// splitter's reader (as the generic `Splitter`'s own methods do) rather than be called
// across crates.
#[cfg(test)]
mod agreement;
mod cutter;
mod machine;
mod movetext;
mod source;
mod tag_lines;

use std::io::{self, BufRead};

use cutter::{Cutter, Step};
use source::Source;
pub(in crate::pgn) use source::{utf16_bytes, utf16_text};

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

/// Splits a byte stream into [`RawGame`]s; an iterator over `io::Result<RawGame>`.
///
/// ```
/// use jaque::pgn::Splitter;
/// let text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"] [Round \"2\"]\n\n1. d4 *\n";
/// let games: Vec<_> = Splitter::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].line, 5);
/// ```
pub struct Splitter<R> {
    source: Source<R>,
    done: bool,
    /// Bytes to read before the source's (from `carry_at` on): the end of a chunk whose
    /// last byte needed the bytes after it, or a game's bytes given back to be read again.
    carry: Vec<u8>,
    carry_at: usize,
    /// The carried bytes were read and need more after them.
    starved: bool,
    /// Where the splitter is in the stream, and the game it is cutting.
    cutter: Cutter,
}

impl<R: BufRead> Splitter<R> {
    /// A splitter over `reader`, keeping at most [`DEFAULT_GAME_LIMIT`] bytes per game.
    pub fn new(reader: R) -> Splitter<R> {
        Splitter::with_limit(reader, DEFAULT_GAME_LIMIT)
    }

    /// A splitter keeping at most `limit` bytes per game.
    pub fn with_limit(reader: R, limit: usize) -> Splitter<R> {
        Splitter {
            source: Source::new(reader),
            done: false,
            carry: Vec::new(),
            carry_at: 0,
            starved: false,
            cutter: Cutter::new(limit),
        }
    }

    /// A splitter over UTF-8 that the caller decoded from UTF-16: read as it is, neither
    /// its encoding looked for nor its start judged again (the UTF-16 input was read, so
    /// its games are, each judged as a game).
    pub(in crate::pgn) fn decoded(reader: R) -> Splitter<R> {
        let mut splitter = Splitter::new(reader);
        splitter.source = Source::decoded(splitter.source.into_reader());
        splitter
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
        self.cutter.recycle(game);
    }

    /// Bytes read so far (of the text: a UTF-16 input's UTF-8).
    pub fn offset(&self) -> u64 {
        self.cutter.offset()
    }

    /// The source's bytes a chunk at a time, each read into the game being cut, until a game
    /// ends or the input does.
    fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        while !self.done {
            let fresh = self.source.fill_buf()?;
            let eof = fresh.is_empty();
            let carried = self.carry.get(self.carry_at..).unwrap_or_default();
            // Carried bytes come first: alone, unless they need the bytes after them.
            let joined;
            let (chunk, fresh_in_chunk) = if carried.is_empty() {
                (fresh, fresh.len())
            } else if self.starved && !eof {
                // As many fresh bytes as are carried (a page at least): enough for what
                // straddled the chunks' end, without copying the whole chunk, and doubling
                // while a long piece still straddles, so it is copied a bounded number of times.
                let fresh = fresh.get(..carried.len().max(4096)).unwrap_or(fresh);
                joined = [carried, fresh].concat();
                (&joined[..], fresh.len())
            } else {
                (carried, 0)
            };
            if chunk.is_empty() {
                match self.cutter.finish() {
                    Step::Reread(back) => self.carry = back,
                    _ => self.done = true,
                }
                self.carry_at = 0;
                if let Some(game) = self.cutter.take_game() {
                    return Ok(Some(game));
                }
                continue;
            }
            let (used, step) = self.cutter.read(chunk, eof);
            let carried_len = chunk.len() - fresh_in_chunk;
            let rest = chunk.get(used..).unwrap_or_default();
            let (carry, consumed) = match &step {
                Step::Reread(back) => (Some([back, rest].concat()), fresh_in_chunk),
                // The chunk's end needs more bytes: kept, to be read with the next ones.
                Step::More if used < chunk.len() => (Some(rest.to_vec()), fresh_in_chunk),
                _ => (None, used.saturating_sub(carried_len)),
            };
            self.starved = matches!(step, Step::More) && used < chunk.len();
            match carry {
                Some(carry) => {
                    self.carry = carry;
                    self.carry_at = 0;
                }
                None => self.carry_at += used.min(carried_len),
            }
            if self.carry_at >= self.carry.len() {
                self.carry.clear();
                self.carry_at = 0;
            }
            self.source.consume(consumed);
            if !matches!(step, Step::More)
                && let Some(game) = self.cutter.take_game()
            {
                return Ok(Some(game));
            }
        }
        Ok(None)
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
