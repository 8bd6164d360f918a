//! Where the splitter is in the stream and the game it is cutting: each chunk's bytes go to
//! that game until it ends, and a game's buffer handed back holds a later game's bytes.

use super::RawGame;
use super::machine::Scan;

/// The largest buffer [`Cutter::recycle`] keeps: the games of ordinary size.
const MAX_SPARE: usize = 1 << 20;

/// A splitter but its reader.
pub(super) struct Cutter {
    limit: usize,
    index: usize,
    /// Stream position of the next byte to look at.
    offset: u64,
    /// Line of the next byte.
    line: usize,
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
            offset: 0,
            line: 1,
            at_start: true,
            game: Scan::new(0, 1),
            spare: Vec::new(),
        }
    }

    /// Bytes read so far.
    pub(super) fn offset(&self) -> u64 {
        self.offset
    }

    /// Reads `chunk` (`eof`: the input ends after it) into the game being cut: how many of
    /// its bytes were used, and whether the game ends after them.
    #[inline]
    pub(super) fn read(&mut self, chunk: &[u8], eof: bool) -> (usize, bool) {
        let start = self.skip_byte_order_mark(chunk);
        let (used, cut) = self.game.cut(chunk, start, eof);
        self.keep(&chunk[start..used]);
        (used, cut)
    }

    /// How many bytes of a UTF-8 byte order mark start the stream, in its first chunk: bytes
    /// of no game.
    fn skip_byte_order_mark(&mut self, chunk: &[u8]) -> usize {
        let at_start = std::mem::replace(&mut self.at_start, false);
        if at_start && chunk.starts_with(b"\xEF\xBB\xBF") {
            self.offset += 3;
            self.game.offset = 3;
            return 3;
        }
        0
    }

    /// Adds `piece`, the game's bytes in a chunk, to the game, up to the limit (the rest is
    /// counted as skipped), and counts its lines and bytes.
    fn keep(&mut self, mut piece: &[u8]) {
        // Every line feed of the piece was read once on the way (no second pass).
        self.line += std::mem::take(&mut self.game.newlines);
        self.offset += piece.len() as u64;
        let game = &mut self.game;
        if game.bytes.is_empty() && game.skipped == 0 {
            // Blanks before a game belong to no game: it starts at its first character.
            let lead = piece
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(piece.len());
            game.offset += lead as u64;
            game.line += count_newlines(&piece[..lead]);
            piece = &piece[lead..];
        }
        let room = self.limit.saturating_sub(game.bytes.len());
        let kept = piece.len().min(room);
        game.bytes.extend_from_slice(&piece[..kept]);
        game.skipped += (piece.len() - kept) as u64;
    }

    /// The game the end of the input ends (a marker as its last byte included), if any.
    #[inline]
    pub(super) fn last_game(&mut self) -> Option<RawGame> {
        self.game.end_symbol();
        self.take_game()
    }

    /// The game cut, if it has more than blanks; the next one starts where it ended.
    #[inline]
    pub(super) fn take_game(&mut self) -> Option<RawGame> {
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
