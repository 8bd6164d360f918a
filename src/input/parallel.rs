//! The games of a stream checked on several threads and handed back in input order, with a
//! bounded number of games in memory whatever the stream's size.
//!
//! One thread cuts the stream into batches of games ([`GameBatches`]); each batch is checked
//! as one job of a thread pool; the caller receives each batch's result in the order of the
//! stream. The channel between the cutting thread and the caller holds a fixed number of
//! batches, so cutting waits for a slow caller and memory stays bounded.

use std::io::{self, BufRead};
use std::sync::{Arc, mpsc};

use crate::lint::Lints;
use crate::pgn::{Checker, GameRecord, Options, RawGame, Splitter};

/// The most threads a reader starts, whatever it is asked for: more than the machine's cores
/// only cost memory and start-up (a thread each), and ten thousand stall the machine.
pub const MAX_JOBS: usize = 256;

/// How the games of a stream are read and checked.
///
/// ```
/// let settings = jaque::input::Settings { jobs: Some(2), ..Default::default() };
/// assert_eq!(settings.threads(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Settings {
    /// How moves are read (the piece letters' language).
    pub options: Options,
    /// The lint levels: allowed codes are left out, the others take their level's severity.
    pub lints: Lints,
    /// Threads checking games (`None`: one a core; at most [`MAX_JOBS`]).
    pub jobs: Option<usize>,
    /// The most games in a batch: a thread's unit of work, and what the caller's `work`
    /// sees at once.
    pub batch_games: usize,
    /// A batch is closed once its games hold this many bytes.
    pub batch_bytes: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            options: Options::default(),
            lints: Lints::default(),
            jobs: None,
            batch_games: 1024,
            batch_bytes: 256 << 10,
        }
    }
}

impl Settings {
    /// The threads that check: `jobs`, or one a core (at least one, at most [`MAX_JOBS`]).
    pub fn threads(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        self.jobs.unwrap_or(cores).clamp(1, MAX_JOBS)
    }

    /// A checker with these settings, for one thread.
    pub fn checker(&self) -> Checker {
        Checker::new(self.options).allowing(&self.lints)
    }

    /// `raw` checked and recorded by `checker` (one of [`Settings::checker`]'s, kept from
    /// game to game for its buffers), these lint levels applied: a game as [`records`] gives
    /// it.
    ///
    /// ```
    /// use jaque::input::Settings;
    /// use jaque::pgn::Splitter;
    /// let settings = Settings::default();
    /// let raw = Splitter::new(&b"1. e4 e5 2. Nf3 *\n"[..]).next().unwrap().unwrap();
    /// let record = settings.record(&mut settings.checker(), &raw);
    /// assert_eq!((record.report().plies, record.result()), (3, Some("*")));
    /// ```
    pub fn record(&self, checker: &mut Checker, raw: &RawGame) -> GameRecord {
        let mut record = checker.record(raw);
        record.apply(&self.lints);
        record
    }
}

/// The results of `work` on each batch of a stream's games, in input order: an iterator of
/// `io::Result<T>`, a read error coming after the batches before it. Dropping it stops the
/// cutting thread at its next batch.
pub struct Checked<T> {
    batches: mpsc::Receiver<io::Result<mpsc::Receiver<T>>>,
    /// Kept while results may still come from it.
    _pool: Arc<rayon::ThreadPool>,
}

impl<T> Iterator for Checked<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        let batch = self.batches.recv().ok()?;
        Some(batch.and_then(|result| {
            result
                .recv()
                .map_err(|_| io::Error::other("a checking thread stopped"))
        }))
    }
}

/// Cuts the games of `reader` into batches and runs `work` on each, on `settings.threads()`
/// threads, with a checker of `settings` for each batch. Fails only when the system refuses
/// a thread.
///
/// ```
/// use jaque::input::{Settings, checked};
/// let text: &[u8] = b"1. e4 e5 *\n\n1. d4 d5 2. c4 *\n\n1. Nf3 *\n";
/// let settings = Settings { batch_games: 2, ..Settings::default() };
/// let work = |games: &[jaque::pgn::RawGame], checker: &mut jaque::pgn::Checker| {
///     games.iter().map(|game| checker.check(game).plies).collect::<Vec<_>>()
/// };
/// let batches: Vec<Vec<usize>> = checked(Box::new(text), &settings, work)
///     .unwrap()
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(batches, [vec![2, 3], vec![1]]);
/// ```
pub fn checked<T, F>(
    reader: Box<dyn BufRead + Send>,
    settings: &Settings,
    work: F,
) -> io::Result<Checked<T>>
where
    T: Send + 'static,
    F: Fn(&[RawGame], &mut Checker) -> T + Send + Sync + 'static,
{
    let threads = settings.threads();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("check-{i}"))
        .build()
        .map(Arc::new)
        .map_err(io::Error::other)?;
    // Enough batches in flight to keep every thread busy while the caller takes the oldest.
    let (sender, batches) = mpsc::sync_channel(2 * threads + 2);
    let cutter = Cutter {
        pool: Arc::clone(&pool),
        settings: settings.clone(),
        work: Arc::new(work),
        sender,
    };
    std::thread::Builder::new()
        .name("cut".into())
        .spawn(move || cutter.run(reader))?;
    Ok(Checked {
        batches,
        _pool: pool,
    })
}

/// The cutting thread: batches of games, each sent to the pool and its receiver to the
/// caller, in order.
struct Cutter<T, F> {
    pool: Arc<rayon::ThreadPool>,
    settings: Settings,
    work: Arc<F>,
    sender: mpsc::SyncSender<io::Result<mpsc::Receiver<T>>>,
}

impl<T, F> Cutter<T, F>
where
    T: Send + 'static,
    F: Fn(&[RawGame], &mut Checker) -> T + Send + Sync + 'static,
{
    fn run(self, reader: Box<dyn BufRead + Send>) {
        for batch in GameBatches::new(reader, &self.settings) {
            match batch {
                Ok(batch) => {
                    if !self.send(batch) {
                        return;
                    }
                }
                Err(error) => {
                    let _ = self.sender.send(Err(error));
                    return;
                }
            }
        }
    }

    /// Hands `batch` to the pool and its result's receiver to the caller; `false` when the
    /// caller is gone.
    fn send(&self, batch: Vec<RawGame>) -> bool {
        let (result, receiver) = mpsc::sync_channel(1);
        let (work, settings) = (Arc::clone(&self.work), self.settings.clone());
        self.pool.spawn(move || {
            let mut checker = settings.checker();
            // The caller may be gone: then nobody wants the result.
            let _ = result.send(work(&batch, &mut checker));
        });
        self.sender.send(Ok(receiver)).is_ok()
    }
}

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

/// Every game of `reader` checked and recorded ([`GameRecord`]), lint levels applied, in
/// input order, on `settings.threads()` threads.
///
/// ```
/// use jaque::input::{Settings, records};
/// let text: &[u8] = b"1. e4 e5 2. Ke3 *\n";
/// let mut games = records(Box::new(text), Settings::default()).unwrap();
/// let game = games.next().unwrap().unwrap();
/// assert_eq!(game.report().diagnostics[0].diagnostic.code.as_str(), "illegal_move");
/// assert!(games.next().is_none());
/// ```
pub fn records(reader: Box<dyn BufRead + Send>, settings: Settings) -> io::Result<Records> {
    let kept = settings.clone();
    let work = move |games: &[RawGame], checker: &mut Checker| -> Vec<GameRecord> {
        games
            .iter()
            .map(|game| kept.record(checker, game))
            .collect()
    };
    Ok(Records::new(checked(reader, &settings, work)?))
}

/// The games of [`records`] one at a time; or of any [`Checked`] whose batches are lists of
/// items, each of its items in turn.
pub struct Records<T = GameRecord> {
    batches: Checked<Vec<T>>,
    batch: std::vec::IntoIter<T>,
}

impl<T> Records<T> {
    /// The items of `batches`' lists, one at a time.
    pub fn new(batches: Checked<Vec<T>>) -> Records<T> {
        Records {
            batches,
            batch: Vec::new().into_iter(),
        }
    }
}

impl<T> Iterator for Records<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        loop {
            if let Some(record) = self.batch.next() {
                return Some(Ok(record));
            }
            match self.batches.next()? {
                Ok(batch) => self.batch = batch.into_iter(),
                Err(error) => return Some(Err(error)),
            }
        }
    }
}
