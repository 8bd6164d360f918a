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
//!
//! The [`Splitter`] reads its input a chunk at a time. `cutter` keeps where it is in the
//! stream, the game being cut and a buffer handed back for the next; `machine` is the state
//! machine that finds where the game ends, a byte at a time; `movetext` and `tag_lines` skip
//! the runs of bytes that cannot end a game, most of the input, without it.

// What the splitter calls for each chunk and each game is `#[inline]`, to compile with the
// splitter's reader (as the generic `Splitter`'s own methods do) rather than be called
// across crates.
mod cutter;
mod machine;
mod movetext;
mod tag_lines;

use std::io::{self, BufRead};

use cutter::Cutter;

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
/// let text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let games: Vec<_> = Splitter::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].line, 5);
/// ```
pub struct Splitter<R> {
    reader: R,
    done: bool,
    /// Bytes taken from the reader but not yet read (a decision about the last byte of a
    /// chunk needed the bytes after it).
    carry: Vec<u8>,
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
            reader,
            done: false,
            carry: Vec::new(),
            cutter: Cutter::new(limit),
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
        self.cutter.recycle(game);
    }

    /// Bytes read so far.
    pub fn offset(&self) -> u64 {
        self.cutter.offset()
    }

    /// The reader's bytes a chunk at a time, each read into the game being cut, until a game
    /// ends or the input does.
    fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        while !self.done {
            let fresh = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            let eof = fresh.is_empty();
            if eof && self.carry.is_empty() {
                self.done = true;
                return Ok(self.cutter.last_game());
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
            let (used, cut) = self.cutter.read(chunk, eof);
            let (carry, consumed) = leftover(chunk, carried, used, cut);
            self.carry = carry;
            self.reader.consume(consumed);
            if cut && let Some(game) = self.cutter.take_game() {
                return Ok(Some(game));
            }
        }
        Ok(None)
    }
}

/// What is left of a chunk whose first `carried` bytes were carried over and whose first
/// `used` bytes were read (`cut`: the game ended there): the bytes to carry over to the next
/// chunk, and how many of the reader's own bytes it may drop. Bytes not used stay for the next
/// call: in the reader if they are its own, carried over if they are carried bytes or the
/// reader must move on to give more.
#[inline]
fn leftover(chunk: &[u8], carried: usize, used: usize, cut: bool) -> (Vec<u8>, usize) {
    let fresh_len = chunk.len() - carried;
    if used < chunk.len() && !cut {
        (chunk[used..].to_vec(), fresh_len)
    } else {
        (
            chunk[used.min(carried)..carried].to_vec(),
            used.saturating_sub(carried),
        )
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
