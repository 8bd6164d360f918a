//! The game being cut and where it is in the stream: each chunk's bytes go to that game
//! until it ends, a comment that never closes may give some back to be read again, and a
//! game's buffer handed back holds a later game's bytes.

use super::RawGame;
use super::machine::{Mode, Scan};
use crate::pgn::syntax::is_blank;

/// The largest buffer [`Cutter::recycle`] keeps: the games of ordinary size.
const MAX_SPARE: usize = 1 << 20;

/// What reading a chunk did to the game.
pub(super) enum Step {
    /// The game goes on past the bytes read.
    More,
    /// The game ended: [`Cutter::take_game`] has it.
    Cut,
    /// The game ended earlier than read (a comment that never closes, taken to end where a
    /// tag pair starts a line in it): these bytes of it are read again, before the rest.
    Reread(Vec<u8>),
}

/// A splitter but its reader.
pub(super) struct Cutter {
    limit: usize,
    index: usize,
    at_start: bool,
    game: Scan,
    /// A game's buffer handed back by [`Cutter::recycle`], for a later game's bytes.
    spare: Vec<u8>,
}

impl Cutter {
    /// At the stream's start, keeping at most `limit` bytes per game.
    pub(super) fn new(limit: usize) -> Cutter {
        Cutter {
            limit,
            index: 0,
            at_start: true,
            game: Scan::new(0, 1),
            spare: Vec::new(),
        }
    }

    /// Bytes read so far.
    pub(super) fn offset(&self) -> u64 {
        self.game.offset + self.game.bytes.len() as u64 + self.game.skipped
    }

    /// Reads `chunk` (`eof`: the input ends after it) into the game being cut: how many of
    /// its bytes were used, and what became of the game.
    #[inline]
    pub(super) fn read(&mut self, chunk: &[u8], eof: bool) -> (usize, Step) {
        let mut start = self.skip_byte_order_mark(chunk);
        if self.game.bytes.is_empty() && self.game.skipped == 0 {
            start = self.skip_blanks(chunk, start);
        }
        let (used, cut) = self.game.cut(chunk, start, eof);
        let piece = chunk.get(start..used).unwrap_or_default();
        if self.game.bytes.len() + piece.len() > self.limit
            && let Some(back) = self.recover(piece)
        {
            return (used, Step::Reread(back));
        }
        self.keep(piece);
        (used, if cut { Step::Cut } else { Step::More })
    }

    /// The input has ended: the game ends with it, unless a comment that never closed can be
    /// taken to end earlier.
    pub(super) fn finish(&mut self) -> Step {
        self.game.end_symbol();
        match self.recover(&[]) {
            Some(back) => Step::Reread(back),
            None => Step::Cut,
        }
    }

    /// Where the game is in a comment that never closed and a line in it starts with a tag
    /// pair: the game is cut there, and its bytes from there (then `piece`, the game's bytes
    /// in the chunk) are given back to be read again. The position goes back with them.
    fn recover(&mut self, piece: &[u8]) -> Option<Vec<u8>> {
        let game = &mut self.game;
        let open = game.mode == Mode::Brace && game.skipped == 0;
        let recovery = game.recovery.filter(|r| open && r.at <= game.bytes.len())?;
        let mut back = game.bytes.split_off(recovery.at);
        back.extend_from_slice(piece);
        game.game_lines = recovery.lines;
        Some(back)
    }

    /// How many bytes of a UTF-8 byte order mark start the stream, in its first chunk: bytes
    /// of no game.
    fn skip_byte_order_mark(&mut self, chunk: &[u8]) -> usize {
        let at_start = std::mem::replace(&mut self.at_start, false);
        if at_start && chunk.starts_with(b"\xEF\xBB\xBF") {
            self.game.offset = 3;
            return 3;
        }
        0
    }

    /// Where the blanks at `start` of `chunk` end: blanks before a game belong to no game,
    /// which starts at its first other byte (its line counted on past them).
    fn skip_blanks(&mut self, chunk: &[u8], start: usize) -> usize {
        let game = &mut self.game;
        let blanks = chunk
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| is_blank(b));
        let mut count = 0;
        for &byte in blanks {
            match byte {
                b'\n' | b'\r' => game.line_end(byte),
                _ => {
                    game.after_cr = false;
                    game.after_lf = false;
                }
            }
            count += 1;
        }
        game.line += std::mem::take(&mut game.game_lines);
        game.offset += count as u64;
        start + count
    }

    /// Adds `piece`, the game's bytes in a chunk, to the game, up to the limit (the rest is
    /// counted as skipped).
    fn keep(&mut self, piece: &[u8]) {
        let game = &mut self.game;
        let room = self.limit.saturating_sub(game.bytes.len());
        let kept = piece.len().min(room);
        game.bytes
            .extend_from_slice(piece.get(..kept).unwrap_or_default());
        game.skipped += (piece.len() - kept) as u64;
    }

    /// The game cut, if it has content (a tag, movetext, a comment that never closes: not
    /// only blanks, comments or escape lines); the next one starts where it ended. Blanks at
    /// its end are not its own.
    #[inline]
    pub(super) fn take_game(&mut self) -> Option<RawGame> {
        let scan = &self.game;
        let consumed = scan.bytes.len() as u64 + scan.skipped;
        let mut next = Scan::new(scan.offset + consumed, scan.line + scan.game_lines);
        next.bytes = std::mem::take(&mut self.spare);
        let scan = std::mem::replace(&mut self.game, next);
        if !scan.has_content() {
            let mut bytes = scan.bytes;
            bytes.clear();
            self.spare = bytes;
            return None;
        }
        let mut bytes = scan.bytes;
        if scan.skipped == 0 {
            let end = bytes
                .iter()
                .rposition(|&b| !is_blank(b))
                .map_or(0, |i| i + 1);
            bytes.truncate(end);
        }
        let game = RawGame {
            index: self.index,
            offset: scan.offset,
            line: scan.line,
            bytes,
            skipped: scan.skipped,
        };
        self.index += 1;
        Some(game)
    }

    /// Keeps the buffer of `game` for a later game (see [`Splitter::recycle`]).
    ///
    /// [`Splitter::recycle`]: super::Splitter::recycle
    #[inline]
    pub(super) fn recycle(&mut self, game: RawGame) {
        let mut bytes = game.bytes;
        if bytes.capacity() > self.spare.capacity() && bytes.capacity() <= MAX_SPARE {
            bytes.clear();
            self.spare = bytes;
        }
    }
}
