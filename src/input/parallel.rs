//! The one in-order executor over batches of games: a stream's games checked on several
//! threads and handed back in input order, with a bounded number of batches in memory
//! whatever the stream's size.
//!
//! One thread cuts the stream into batches of games ([`GameBatches`]); each batch is one job
//! of a thread pool ([`Pipeline`]); the caller receives each batch's result in the order of
//! the stream ([`Checked`]). Its options are [`Settings`]': the batches' size, how many may
//! be in flight at once, and whether spent batches go back to the cutting thread to be
//! freed. The command line's `check` and `export` and the Python package's readers all run
//! on it.

use std::io::{self, BufRead};
use std::sync::{Arc, mpsc};

use super::{GameBatches, Home, Returns};
use crate::lint::Lints;
use crate::pgn::{Checker, GameRecord, Options, RawGame};

/// The most threads a reader starts, whatever it is asked for: more than the machine's cores
/// only cost memory and start-up (a thread each), and ten thousand stall the machine.
pub const MAX_JOBS: usize = 256;

/// How the games of a stream are read and checked.
///
/// ```
/// let settings = jaque::input::Settings { jobs: Some(2), ..Default::default() };
/// assert_eq!((settings.threads(), settings.in_flight_for(2)), (2, 8));
/// ```
#[derive(Clone, Debug)]
pub struct Settings {
    /// How moves are read (the piece letters' language).
    pub options: Options,
    /// The lint levels: allowed codes are left out, the others take their level's severity.
    pub lints: Lints,
    /// Threads checking games (`None`: one a core; at most [`MAX_JOBS`]).
    pub jobs: Option<usize>,
    /// The most games in a batch: a job of the pool, and what the caller's `work` sees at
    /// once.
    pub batch_games: usize,
    /// A batch is closed once its games hold this many bytes.
    pub batch_bytes: usize,
    /// The memory bound: the most batches handed to the pool whose results the caller is not
    /// done with (it is done with one when it asks for the next). The cutting thread cuts
    /// one batch more and waits. `None`: two a thread and four more, for `work` that checks
    /// a batch on one thread: every thread busy while the caller takes the oldest, as many
    /// as the channel of results held before this bound was counted exactly. `work` that
    /// shares each batch out across the pool keeps every thread busy with fewer, whatever
    /// the threads.
    pub in_flight: Option<usize>,
    /// Whether a batch of games goes back to the cutting thread, which allocated its
    /// buffers, to be freed there once its work is done ([`Returns`] says why), rather than
    /// freed on the thread that checked it.
    pub free_where_cut: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            options: Options::default(),
            lints: Lints::default(),
            jobs: None,
            batch_games: 1024,
            batch_bytes: 256 << 10,
            in_flight: None,
            free_where_cut: true,
        }
    }
}

impl Settings {
    /// The threads that check: `jobs`, or one a core (at least one, at most [`MAX_JOBS`]).
    pub fn threads(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        self.jobs.unwrap_or(cores).clamp(1, MAX_JOBS)
    }

    /// The most batches in flight on a pool of `threads` threads (see
    /// [`Settings::in_flight`]), at least one.
    pub fn in_flight_for(&self, threads: usize) -> usize {
        self.in_flight.unwrap_or(2 * threads + 4).max(1)
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

/// The threads that run the work of batches of games: made once, it runs any number of
/// streams one after another (the inputs of a command), each in input order.
///
/// ```
/// use jaque::input::{Pipeline, Settings};
/// let settings = Settings { batch_games: 2, in_flight: Some(1), ..Settings::default() };
/// let pipeline = Pipeline::new(2)?;
/// let text: &[u8] = b"1. e4 e5 *\n\n1. d4 *\n\n1. c4 c5 2. Nc3 *\n";
/// let firsts: Vec<(usize, usize)> = pipeline
///     .run(Box::new(text), &settings, |games| (games[0].index, games.len()))?
///     .collect::<Result<_, _>>()?;
/// assert_eq!(firsts, [(0, 2), (2, 1)]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Pipeline {
    pool: Arc<rayon::ThreadPool>,
}

impl Pipeline {
    /// A pool of `threads` threads (at least one, at most [`MAX_JOBS`]). Fails only when
    /// the system refuses a thread.
    pub fn new(threads: usize) -> io::Result<Pipeline> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.clamp(1, MAX_JOBS))
            .thread_name(|i| format!("check-{i}"))
            .build()
            .map_err(io::Error::other)?;
        Ok(Pipeline {
            pool: Arc::new(pool),
        })
    }

    /// Its threads.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Cuts the games of `reader` into batches of `settings`' sizes on a thread of its own
    /// and runs `work` on each, a job of the pool (`work` may share a batch out across the
    /// pool: it runs on it); the results come back in input order, with at most
    /// `settings.in_flight_for(self.threads())` batches in flight. Fails only when the
    /// system refuses a thread.
    pub fn run<T, F>(
        &self,
        reader: Box<dyn BufRead + Send>,
        settings: &Settings,
        work: F,
    ) -> io::Result<Checked<T>>
    where
        T: Send + 'static,
        F: Fn(&[RawGame]) -> T + Send + Sync + 'static,
    {
        self.run_batches(GameBatches::new(reader, settings), settings, work)
    }

    /// [`Pipeline::run`] over any batches: the executor itself, whatever a batch holds.
    fn run_batches<B, I, T, F>(
        &self,
        batches: I,
        settings: &Settings,
        work: F,
    ) -> io::Result<Checked<T>>
    where
        B: Send + 'static,
        I: Iterator<Item = io::Result<Vec<B>>> + Send + 'static,
        T: Send + 'static,
        F: Fn(&[B]) -> T + Send + Sync + 'static,
    {
        let in_flight = settings.in_flight_for(self.threads());
        // A slot taken for each batch handed to the pool, given back when the caller is
        // done with its result: the cutting thread waits while every slot is taken.
        let (slot, slots) = mpsc::sync_channel(in_flight);
        let (sender, results) = mpsc::channel();
        let cutter = Cutter {
            pool: Arc::clone(&self.pool),
            work: Arc::new(work),
            slot,
            sender,
            free_where_cut: settings.free_where_cut,
        };
        std::thread::Builder::new()
            .name("cut".into())
            .spawn(move || cutter.run(batches))?;
        Ok(Checked {
            results,
            slots,
            holding: false,
            _pool: Arc::clone(&self.pool),
        })
    }
}

/// The results of `work` on each batch of a stream's games, in input order: an iterator of
/// `io::Result<T>`, a read error coming after the batches before it. A batch's result is the
/// caller's until it asks for the next one; then the batch leaves the flight. Dropping it
/// stops the cutting thread at its next batch.
pub struct Checked<T> {
    results: mpsc::Receiver<io::Result<mpsc::Receiver<T>>>,
    slots: mpsc::Receiver<()>,
    /// The caller holds the last result handed out, whose slot is still taken.
    holding: bool,
    /// Kept while results may still come from it.
    _pool: Arc<rayon::ThreadPool>,
}

impl<T> Iterator for Checked<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        if std::mem::take(&mut self.holding) {
            // Taken before the batch was handed to the pool: never waits.
            let _ = self.slots.try_recv();
        }
        let batch = self.results.recv().ok()?;
        self.holding = batch.is_ok();
        Some(batch.and_then(|result| {
            result
                .recv()
                .map_err(|_| io::Error::other("a checking thread stopped"))
        }))
    }
}

/// The cutting thread: batches, each handed to the pool once a slot is free and its
/// result's receiver sent to the caller, in order.
struct Cutter<T, F> {
    pool: Arc<rayon::ThreadPool>,
    work: Arc<F>,
    slot: mpsc::SyncSender<()>,
    sender: mpsc::Sender<io::Result<mpsc::Receiver<T>>>,
    free_where_cut: bool,
}

impl<T, F> Cutter<T, F>
where
    T: Send + 'static,
{
    fn run<B, I>(self, batches: I)
    where
        B: Send + 'static,
        I: Iterator<Item = io::Result<Vec<B>>>,
        F: Fn(&[B]) -> T + Send + Sync + 'static,
    {
        let spent: Arc<Returns<Vec<B>>> = Arc::default();
        let home = self
            .free_where_cut
            .then(|| spent.home(std::thread::current().id()));
        for batch in batches {
            let sent = match batch {
                Ok(batch) => self.send(batch, home.as_ref()),
                Err(error) => {
                    let _ = self.sender.send(Err(error));
                    false
                }
            };
            // Freed here, where they were allocated.
            spent.free_mine();
            if !sent {
                break;
            }
        }
        // The batches still in the pool are freed there.
        spent.close();
    }

    /// Hands `batch` to the pool once a slot is free, and its result's receiver to the
    /// caller; `false` when the caller is gone.
    fn send<B>(&self, batch: Vec<B>, home: Option<&Home<Vec<B>>>) -> bool
    where
        B: Send + 'static,
        F: Fn(&[B]) -> T + Send + Sync + 'static,
    {
        if self.slot.send(()).is_err() {
            return false;
        }
        let (result, receiver) = mpsc::sync_channel(1);
        let work = Arc::clone(&self.work);
        let home = home.cloned();
        self.pool.spawn(move || {
            // The caller may be gone: then nobody wants the result.
            let _ = result.send(work(&batch));
            if let Some(home) = home {
                home.give_back(batch);
            }
        });
        self.sender.send(Ok(receiver)).is_ok()
    }
}

/// Cuts the games of `reader` into batches and runs `work` on each, on `settings.threads()`
/// threads of a pool of its own, with a checker of `settings` for each batch. Fails only
/// when the system refuses a thread.
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
    let kept = settings.clone();
    let work = move |games: &[RawGame]| work(games, &mut kept.checker());
    Pipeline::new(settings.threads())?.run(reader, settings, work)
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

#[cfg(test)]
mod tests;
