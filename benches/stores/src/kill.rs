//! The kill test: a child process loads batches, saying each one it committed, and is killed
//! (SIGKILL) at a random moment; the store is then opened and checked: every batch the child
//! reported is whole, the one it may have committed without saying so is whole or absent,
//! no other entry is there, and a batch loads after it.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::entries::{Corpus, Entry, Rng};
use crate::stores::{self, Kind, Layout};
use crate::{Args, Result};

/// Games of the file the kill test reads: small batches, many commits a second.
const GAMES: usize = 300;
/// Games a batch.
const BATCH_GAMES: u32 = 20;

/// The kill test's batch `id`, the same in the child and in the check.
fn batch(corpus: &Corpus, id: u32) -> crate::entries::Batch {
    corpus.batch(id, id * BATCH_GAMES, BATCH_GAMES)
}

/// `stores child STORE LAYOUT DIR`: loads batch after batch until killed, printing `ready`
/// once the store is open and then each batch's number once it is committed.
pub fn child(args: &Args) -> Result<()> {
    let kind: Kind = args.word(1, "STORE")?.parse()?;
    let layout: Layout = args.word(2, "LAYOUT")?.parse()?;
    let corpus = Corpus::read(&args.pgn(), GAMES)?;
    let mut store = stores::open(kind, layout, Path::new(args.word(3, "DIR")?))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "ready")?;
    out.flush()?;
    for id in 0.. {
        store.load(&batch(&corpus, id))?;
        writeln!(out, "{id}")?;
        out.flush()?;
    }
    Ok(())
}

/// One kill's outcome.
struct Outcome {
    reported: Option<u32>,
    /// The batch after the last reported one was found committed.
    unreported: bool,
    error: Option<String>,
}

/// `stores kill STORE LAYOUT`: `--kills` kills, each after a random wait of up to
/// `--max-ms` once the child is ready; prints the tally.
pub fn run(args: &Args) -> Result<()> {
    let kind: Kind = args.word(1, "STORE")?.parse()?;
    let layout: Layout = args.word(2, "LAYOUT")?.parse()?;
    let kills: u32 = args.get("kills", 20)?;
    let max_ms: u64 = args.get("max-ms", 1500)?;
    let mut rng = Rng::new(args.get("seed", 55)?);
    let base = std::path::PathBuf::from(args.get("dir", "target/stores-kill".to_string())?);
    let corpus = Corpus::read(&args.pgn(), GAMES)?;
    let (mut passed, mut unreported, mut errors, mut reported) = (0, 0, Vec::new(), Vec::new());
    for kill in 0..kills {
        let dir = base.join(format!("{}-{}-{kill}", kind.name(), layout.name()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        let outcome = kill_once(args, (kind, layout), &dir, rng.below(max_ms + 1), &corpus)?;
        reported.push(outcome.reported.map_or(0, |id| id + 1));
        unreported += u32::from(outcome.unreported);
        match outcome.error {
            None => passed += 1,
            Some(error) => errors.push(format!("kill {kill}: {error}")),
        }
        std::fs::remove_dir_all(&dir)?;
    }
    println!(
        "{{\"store\": \"{}\", \"layout\": \"{}\", \"kills\": {kills}, \"passed\": {passed}, \
         \"batches_reported_min\": {}, \"batches_reported_max\": {}, \
         \"committed_unreported\": {unreported}, \"errors\": {errors:?}}}",
        kind.name(),
        layout.name(),
        reported.iter().min().unwrap_or(&0),
        reported.iter().max().unwrap_or(&0),
    );
    Ok(())
}

/// Starts a child, kills it `wait_ms` after it is ready, checks what it left.
fn kill_once(
    args: &Args,
    (kind, layout): (Kind, Layout),
    dir: &Path,
    wait_ms: u64,
    corpus: &Corpus,
) -> Result<Outcome> {
    let mut child = Command::new(std::env::current_exe()?)
        .args([
            "child",
            kind.name(),
            &layout.name(),
            &dir.display().to_string(),
        ])
        .args(["--pgn", &args.pgn().display().to_string()])
        .stdout(Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let (lines, heard) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout)
            .lines()
            .map_while(std::result::Result::ok)
        {
            let _ = lines.send(line);
        }
    });
    let ready = heard.recv_timeout(Duration::from_secs(60));
    std::thread::sleep(Duration::from_millis(wait_ms));
    child.kill()?;
    child.wait()?;
    let _ = reader.join();
    if ready.as_deref() != Ok("ready") {
        return Err(format!("the child did not start: {ready:?}").into());
    }
    let reported = heard
        .try_iter()
        .filter_map(|line| line.parse::<u32>().ok())
        .max();
    Ok(check(kind, layout, dir, corpus, reported))
}

/// Opens what the child left and compares it with the batches it reported.
fn check(
    kind: Kind,
    layout: Layout,
    dir: &Path,
    corpus: &Corpus,
    reported: Option<u32>,
) -> Outcome {
    let mut outcome = Outcome {
        reported,
        unreported: false,
        error: None,
    };
    let found = match found_batches(kind, layout, dir) {
        Ok(found) => found,
        Err(error) => {
            outcome.error = Some(format!("the store did not open or read: {error}"));
            return outcome;
        }
    };
    let next = reported.map_or(0, |id| id + 1);
    let last = found.keys().next_back().copied().unwrap_or(0).max(next);
    for id in 0..=last {
        let present = found.get(&id).cloned().unwrap_or_default();
        let mut expected: Vec<Entry> = (batch(corpus, id).entries.iter())
            .map(|e| Entry {
                key: layout.kept(e.key),
                ..*e
            })
            .collect();
        expected.sort_unstable();
        let whole = present == expected;
        let fine = match id {
            id if id < next => whole,
            id if id == next => whole || present.is_empty(),
            _ => present.is_empty(),
        };
        if !fine {
            let (n, of) = (present.len(), expected.len());
            outcome.error = Some(format!(
                "batch {id}: {n} of its {of} entries (reported: {reported:?})"
            ));
            return outcome;
        }
        outcome.unreported |= id == next && whole;
    }
    if let Err(error) =
        stores::open(kind, layout, dir).and_then(|mut s| s.load(&batch(corpus, last + 1)))
    {
        outcome.error = Some(format!("a batch did not load after the kill: {error}"));
    }
    outcome
}

/// The entries in the store, by batch, each sorted.
fn found_batches(kind: Kind, layout: Layout, dir: &Path) -> Result<BTreeMap<u32, Vec<Entry>>> {
    let store = stores::open(kind, layout, dir)?;
    let mut entries = Vec::new();
    store.scan(&mut entries)?;
    let mut found: BTreeMap<u32, Vec<Entry>> = BTreeMap::new();
    for entry in entries {
        found
            .entry(entry.game / BATCH_GAMES)
            .or_default()
            .push(entry);
    }
    found
        .values_mut()
        .for_each(|entries| entries.sort_unstable());
    Ok(found)
}
