//! A batch of games through a [`Selection`]: the work of one job of the pipeline, for every
//! face that selects (the command line, Python).

use super::{Choice, Selection, Selector};
use crate::input::Settings;
use crate::pgn::RawGame;

/// A selected game: where it was, its bytes as read, and what the filters learned of it.
#[derive(Debug)]
pub struct Picked {
    /// 0-based index of the game in its input.
    pub index: usize,
    /// Byte offset of the game in its input.
    pub offset: u64,
    /// 1-based line where it starts.
    pub line: usize,
    /// Its bytes, as read (to be written out unchanged).
    pub bytes: Vec<u8>,
    /// The choice: the report, if the moves were played, and the key for duplicates.
    pub choice: Choice,
}

/// What a batch gave: the selected games, in order, and counts of all of them.
#[derive(Debug, Default)]
pub struct Picks {
    /// The games selected.
    pub picked: Vec<Picked>,
    /// Games read.
    pub games: usize,
    /// Games whose moves were all played (only those can be known to be without errors).
    pub played: usize,
    /// Games found to have errors.
    pub with_errors: usize,
    /// Bytes of input the batch covers, skipped ones included.
    pub read: u64,
}

/// The games of `batch` that `selection` selects, checked with `settings`.
///
/// ```
/// use jaque::select::{Results, Selection, pick};
/// use jaque::pgn::Splitter;
/// let text = "[Result \"1-0\"]\n\n1. e4 1-0\n\n[Result \"0-1\"]\n\n1. d4 0-1\n";
/// let games: Vec<_> = Splitter::new(text.as_bytes()).map(Result::unwrap).collect();
/// let selection = Selection { results: Some(Results::parse("0-1").unwrap()), ..Default::default() };
/// let picks = pick(&selection, &Default::default(), &games);
/// assert_eq!((picks.games, picks.picked.len(), picks.picked[0].index), (2, 1, 1));
/// ```
pub fn pick(selection: &Selection, settings: &Settings, batch: &[RawGame]) -> Picks {
    let mut selector = Selector::new(selection, settings);
    let mut picks = Picks::default();
    for raw in batch {
        let choice = selector.select(raw);
        picks.games += 1;
        picks.played += usize::from(choice.whole);
        picks.with_errors += usize::from(choice.has_errors());
        picks.read += raw.bytes.len() as u64 + raw.skipped;
        if choice.selected {
            picks.picked.push(Picked {
                index: raw.index,
                offset: raw.offset,
                line: raw.line,
                bytes: raw.bytes.clone(),
                choice,
            });
        }
    }
    picks
}
