//! The PGN passes that the `pgn` bench and the `pgn_pass` example time or count: every game of
//! `../shared/data/pgn/real` (concatenated, about 6.6 MB) read and validated by jaque, or by
//! pgn-reader + shakmaty, on the same bytes; and the `pgn-peer` program's pass ([`replay`]).

use std::io;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::san::Suffix;
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};

/// The corpus, each file followed by a blank line; `None` (said on stderr) where the shared
/// data is absent.
pub fn corpus() -> Option<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn/real");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!(
            "SKIPPED: {} is absent (the PGN benchmark reads the shared data)",
            dir.display()
        );
        return None;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    let mut data = Vec::new();
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
    {
        data.extend(std::fs::read(path).ok()?);
        data.extend_from_slice(b"\n\n");
    }
    Some(data)
}

/// The peer: pgn-reader's visitor playing every mainline SAN with shakmaty; with
/// `check_marks`, each move's `+`/`#` (or its absence) is also tested against the position
/// after it, as jaque does.
struct Replay {
    check_marks: bool,
    /// Moves whose suffix says otherwise than the position.
    wrong_marks: u64,
}

impl Visitor for Replay {
    type Tags = (Option<Fen>, bool);
    type Movetext = (Chess, bool, u64);
    type Output = u64;

    fn begin_tags(&mut self) -> ControlFlow<u64, Self::Tags> {
        ControlFlow::Continue((None, false))
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<u64> {
        if name == b"FEN" {
            tags.0 = Fen::from_ascii(value.as_bytes()).ok();
        }
        if name == b"Variant" {
            // `Chess960`, `chess 960`, and cutechess's `fischerandom`.
            let variant = value.as_bytes().to_ascii_lowercase();
            tags.1 = variant.windows(3).any(|w| w == b"960")
                || variant.windows(7).any(|w| w == b"fischer");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<u64, Self::Movetext> {
        let mode = if tags.1 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let position = match tags.0 {
            Some(fen) => fen.into_position(mode).ok(),
            None => Some(Chess::default()),
        };
        match position {
            Some(position) => ControlFlow::Continue((position, true, 0)),
            None => ControlFlow::Continue((Chess::default(), false, 0)),
        }
    }

    fn san(&mut self, movetext: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<u64> {
        if movetext.1 {
            match san_plus.san.to_move(&movetext.0) {
                Ok(mv) => {
                    movetext.0.play_unchecked(mv);
                    movetext.2 += 1;
                    if self.check_marks && suffix(&movetext.0) != san_plus.suffix {
                        self.wrong_marks += 1;
                    }
                }
                Err(_) => movetext.1 = false,
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut Self::Movetext) -> ControlFlow<u64, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> u64 {
        movetext.2
    }
}

/// The suffix the position after a move calls for. Legal moves are only generated when the
/// side to move is in check: `Suffix::from_position` generates them after every move.
fn suffix(position: &Chess) -> Option<Suffix> {
    if position.checkers().is_empty() {
        None
    } else if position.legal_moves().is_empty() {
        Some(Suffix::Checkmate)
    } else {
        Some(Suffix::Check)
    }
}

/// What the peer program read: games, mainline moves played, and (with check marks) the moves
/// whose `+`/`#` was wrong.
#[derive(Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub moves: u64,
    pub wrong_marks: u64,
}

/// The peer program's pass: every game of `input` through pgn-reader (which buffers the input
/// itself), every mainline SAN played by shakmaty; stops at the first read error.
pub fn replay(input: impl io::Read, check_marks: bool) -> io::Result<Tally> {
    let mut visitor = Replay {
        check_marks,
        wrong_marks: 0,
    };
    let mut reader = Reader::new(input);
    let mut tally = Tally::default();
    while let Some(moves) = reader.read_game(&mut visitor)? {
        tally.games += 1;
        tally.moves += moves;
    }
    tally.wrong_marks = visitor.wrong_marks;
    Ok(tally)
}

/// pgn-reader alone: reads every game, its SAN parsed, and plays nothing (how much of the
/// peer's time is reading); returns the mainline SAN tokens.
pub fn peer_reading_only(data: &[u8]) -> u64 {
    read_all(data, &mut Count)
}

/// Every game of `data` through pgn-reader with `visitor`; the sum of what it returns.
fn read_all<V: Visitor<Output = u64>>(data: &[u8], visitor: &mut V) -> u64 {
    let mut reader = Reader::new(io::Cursor::new(data));
    let mut moves = 0;
    while let Ok(Some(n)) = reader.read_game(visitor) {
        moves += n;
    }
    moves
}

/// Counts the mainline SAN tokens.
struct Count;

impl Visitor for Count {
    type Tags = ();
    type Movetext = u64;
    type Output = u64;

    fn begin_tags(&mut self) -> ControlFlow<u64, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: Self::Tags) -> ControlFlow<u64, Self::Movetext> {
        ControlFlow::Continue(0)
    }

    fn san(&mut self, movetext: &mut Self::Movetext, _san_plus: SanPlus) -> ControlFlow<u64> {
        *movetext += 1;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut Self::Movetext) -> ControlFlow<u64, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> u64 {
        movetext
    }
}

/// The peer: pgn-reader and shakmaty play every mainline SAN; returns the moves played.
pub fn peer(data: &[u8]) -> u64 {
    let mut visitor = Replay {
        check_marks: false,
        wrong_marks: 0,
    };
    read_all(data, &mut visitor)
}

/// jaque on one thread: cuts and checks every game with one `Checker`, each game's buffer handed
/// back to the splitter; returns the mainline moves played.
pub fn jaque_one_thread(data: &[u8]) -> u64 {
    let mut checker = jaque::pgn::Checker::new(jaque::pgn::Options::default());
    let mut splitter = jaque::pgn::Splitter::new(data);
    let mut plies = 0;
    // Each game's buffer goes back to the splitter for a later game.
    while let Some(game) = splitter.next() {
        if let Ok(game) = game {
            plies += checker.check(&game).plies as u64;
            splitter.recycle(game);
        }
    }
    plies
}

/// Two threads in all: one cuts games and hands batches to the other, and checks a batch
/// itself whenever the other is still busy (so neither core waits and no third thread
/// competes for them).
pub fn jaque_two_threads(data: &[u8]) -> u64 {
    let options = jaque::pgn::Options::default();
    // Each thread checks with a checker of its own.
    let check = |checker: &mut jaque::pgn::Checker, batch: &[jaque::pgn::RawGame]| -> u64 {
        batch
            .iter()
            .map(|game| checker.check(game).plies as u64)
            .sum()
    };
    let (sender, receiver) = mpsc::sync_channel::<Vec<jaque::pgn::RawGame>>(2);
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let mut checker = jaque::pgn::Checker::new(options);
            receiver
                .iter()
                .map(|batch| check(&mut checker, &batch))
                .sum::<u64>()
        });
        let mut checker = jaque::pgn::Checker::new(options);
        let mut plies = 0;
        let mut batch = Vec::new();
        for game in jaque::pgn::Splitter::new(data).filter_map(Result::ok) {
            batch.push(game);
            if batch.len() == 32 {
                match sender.try_send(std::mem::take(&mut batch)) {
                    Ok(()) => {}
                    Err(mpsc::TrySendError::Full(full)) => plies += check(&mut checker, &full),
                    Err(mpsc::TrySendError::Disconnected(lost)) => {
                        plies += check(&mut checker, &lost)
                    }
                }
            }
        }
        plies += check(&mut checker, &batch);
        drop(sender);
        plies + worker.join().unwrap_or(0)
    })
}
