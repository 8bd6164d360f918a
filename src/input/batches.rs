//! The games of a stream cut into batches: the unit of work of the threads that check them.

use std::io::{self, BufRead};

use super::Settings;
use crate::pgn::{RawGame, Splitter};

/// The games of a stream cut into batches, a thread's unit of work: a batch is closed once
/// its games hold `batch_bytes` bytes or number `batch_games`. An iterator of
/// `io::Result<Vec<RawGame>>`: every batch has a game, and a read error comes after a batch
/// of the games before it, and ends the batches.
///
/// ```
/// use jaque::input::{GameBatches, Settings};
/// let text: &[u8] = b"1. e4 *\n\n1. d4 *\n\n1. c4 *\n";
/// let settings = Settings { batch_games: 2, ..Settings::default() };
/// let sizes: Vec<usize> = GameBatches::new(text, &settings).map(|b| b.unwrap().len()).collect();
/// assert_eq!(sizes, [2, 1]);
/// ```
pub struct GameBatches<R> {
    games: Splitter<R>,
    batch_bytes: usize,
    batch_games: usize,
    /// A read error, for after the batch of the games before it.
    error: Option<io::Error>,
    /// The stream ended, or failed.
    ended: bool,
}

impl<R: BufRead> GameBatches<R> {
    /// The batches of `reader`'s games, of the sizes `settings` gives.
    pub fn new(reader: R, settings: &Settings) -> GameBatches<R> {
        GameBatches {
            games: Splitter::new(reader),
            // At least a game a batch, whatever the settings.
            batch_bytes: settings.batch_bytes.max(1),
            batch_games: settings.batch_games.max(1),
            error: None,
            ended: false,
        }
    }
}

impl<R: BufRead> Iterator for GameBatches<R> {
    type Item = io::Result<Vec<RawGame>>;

    fn next(&mut self) -> Option<io::Result<Vec<RawGame>>> {
        if let Some(error) = self.error.take() {
            return Some(Err(error));
        }
        let (mut batch, mut bytes) = (Vec::new(), 0);
        while !self.ended && bytes < self.batch_bytes && batch.len() < self.batch_games {
            match self.games.next() {
                Some(Ok(game)) => {
                    bytes += game.bytes.len();
                    batch.push(game);
                }
                Some(Err(error)) => {
                    self.ended = true;
                    self.error = Some(error);
                }
                None => self.ended = true,
            }
        }
        if batch.is_empty() {
            return self.error.take().map(Err);
        }
        Some(Ok(batch))
    }
}
