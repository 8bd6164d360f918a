//! The measurement: the corpus walked once and kept in memory as batches, then for each store
//! and layout, in a fresh directory, the batches loaded one durable transaction each, the
//! bytes on disk, warm lookups checked against the in-memory truth, the compaction.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::entries::{Batch, Corpus, Rng};
use crate::stores::{self, Kind, Layout, Store};
use crate::{Args, Result};

/// The keys looked up, drawn from the entries loaded.
struct Sample {
    keys: Vec<u64>,
}

/// What every store is measured with.
struct Plan {
    dir: PathBuf,
    lookups: usize,
    cold: usize,
    seed: u64,
    /// Loading stops after the batch that passes this many seconds.
    budget_s: f64,
}

pub fn run(args: &Args) -> Result<()> {
    // `--games N` (the file's games repeated as far as needed) or `--repeat K` (K times).
    let repeat: u32 = args.get("repeat", 1)?;
    let limit = args.get("limit-games", usize::MAX)?;
    let batch_games: u32 = args.get("batch-games", 10_000)?;
    let kinds: Vec<Kind> = args.list("stores", "redb,fjall,sqlite")?;
    let layouts: Vec<Layout> = args.list("layouts", "rows,blocks10")?;
    let plan = Plan {
        dir: PathBuf::from(args.get("dir", "target/stores".to_string())?),
        lookups: args.get("lookups", 10_000)?,
        cold: args.get("cold-keys", 50)?,
        seed: args.get("seed", 55)?,
        budget_s: args.get("budget-s", f64::INFINITY)?,
    };
    let began = Instant::now();
    let corpus = Corpus::read(&args.pgn(), limit)?;
    let walk_s = began.elapsed().as_secs_f64();
    let file_games = u32::try_from(corpus.games())?;
    let games: u32 = args.get("games", file_games * repeat)?;
    let began = Instant::now();
    let batches = batches(&corpus, games, batch_games.max(1));
    let sort_s = began.elapsed().as_secs_f64();
    println!(
        "{{\"corpus\": {{\"pgn\": {:?}, \"pgn_bytes\": {}, \"file_games\": {file_games}, \
         \"games\": {games}, \"entries\": {}, \"batch_games\": {batch_games}, \
         \"unique_share\": {:.3}, \"walk_s\": {walk_s:.3}, \"sort_s\": {sort_s:.3}}}}}",
        args.pgn().display().to_string(),
        std::fs::metadata(args.pgn())?.len(),
        entries_of(&batches),
        corpus.unique_share(),
    );
    std::fs::create_dir_all(&plan.dir)?;
    for &kind in &kinds {
        for &layout in &layouts {
            measure(kind, layout, &plan, &batches)?;
        }
    }
    Ok(())
}

fn entries_of(batches: &[Batch]) -> usize {
    batches.iter().map(|b| b.entries.len()).sum()
}

/// The corpus of `games` games as batches of `batch_games`, sorted, in memory.
fn batches(corpus: &Corpus, games: u32, batch_games: u32) -> Vec<Batch> {
    let ids = 0..games.div_ceil(batch_games);
    let batch = |id: u32| {
        let first = id * batch_games;
        corpus.batch(id, first, batch_games.min(games - first))
    };
    ids.map(batch).collect()
}

impl Sample {
    /// `n` keys of entries drawn at random (so a key comes as often as games reach it).
    fn draw(batches: &[Batch], n: usize, seed: u64) -> Sample {
        let mut rng = Rng::new(seed);
        let starts: Vec<usize> = batches
            .iter()
            .scan(0, |at, b| {
                Some(std::mem::replace(at, *at + b.entries.len()))
            })
            .collect();
        let entries = entries_of(batches) as u64;
        let keys = (0..n).filter_map(|_| {
            let at = rng.below(entries) as usize;
            let batch = starts
                .partition_point(|&start| start <= at)
                .checked_sub(1)?;
            Some(batches.get(batch)?.entries.get(at - starts[batch])?.key)
        });
        Sample {
            keys: keys.collect(),
        }
    }

    /// What a lookup of each key must return, in the keys' form in `layout`, sorted.
    fn truth(&self, layout: Layout, batches: &[Batch]) -> HashMap<u64, Vec<(u32, u16)>> {
        let mut truth: HashMap<u64, Vec<(u32, u16)>> = self
            .keys
            .iter()
            .map(|&key| (layout.kept(key), Vec::new()))
            .collect();
        for entry in batches.iter().flat_map(|b| &b.entries) {
            if let Some(games) = truth.get_mut(&layout.kept(entry.key)) {
                games.push((entry.game, entry.ply));
            }
        }
        truth.values_mut().for_each(|games| games.sort_unstable());
        truth
    }
}

/// One store in one layout: prints its JSON line, and writes the keys for cold lookups
/// beside its directory (`DIR.keys`).
fn measure(kind: Kind, layout: Layout, plan: &Plan, batches: &[Batch]) -> Result<()> {
    let dir = plan.dir.join(format!("{}-{}", kind.name(), layout.name()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    let mut store = stores::open(kind, layout, &dir)?;
    let (began, mut each) = (Instant::now(), Vec::new());
    for batch in batches {
        let started = Instant::now();
        store.load(batch)?;
        each.push(started.elapsed().as_secs_f64());
        if began.elapsed().as_secs_f64() > plan.budget_s {
            break;
        }
    }
    let load_s = began.elapsed().as_secs_f64();
    let batches = &batches[..each.len()];
    // How a batch's cost grows with the store: the first, the median and the last.
    let [first, middle, last] = [0, each.len() / 2, each.len().saturating_sub(1)]
        .map(|i| each.get(i).copied().unwrap_or(0.0));
    let games: usize = batches.iter().map(|b| b.games as usize).sum();
    let bytes = stores::disk_bytes(&dir)?;
    let sample = Sample::draw(batches, plan.lookups, plan.seed);
    let keys: Vec<String> = sample
        .keys
        .iter()
        .take(plan.cold)
        .map(u64::to_string)
        .collect();
    std::fs::write(dir.with_extension("keys"), keys.join("\n") + "\n")?;
    let truth = sample.truth(layout, batches);
    let (warm, postings) = lookups(store.as_ref(), layout, &sample, &truth)?;
    let began = Instant::now();
    let compacted = store.compact()?;
    let compact_s = began.elapsed().as_secs_f64();
    // Closed and opened again, as the next process finds it.
    drop(store);
    let store = stores::open(kind, layout, &dir)?;
    let compacted_bytes = stores::disk_bytes(&dir)?;
    let (after, _) = lookups(store.as_ref(), layout, &sample, &truth)?;
    let q = |times: &[f64]| [0.5, 0.9, 0.99, 1.0].map(|q| quantile(times, q));
    let ([p50, p90, p99, max], [c50, c90, c99, _]) = (q(&warm), q(&after));
    println!(
        "{{\"store\": \"{}\", \"layout\": \"{}\", \"dir\": {:?}, \"games\": {games}, \
         \"entries\": {}, \"load_s\": {load_s:.3}, \
         \"batch_s\": [{first:.3}, {middle:.3}, {last:.3}], \"bytes\": {bytes}, \
         \"compacted\": {compacted}, \"compact_s\": {compact_s:.3}, \
         \"compacted_bytes\": {compacted_bytes}, \"lookups\": {}, \"postings\": {postings}, \
         \"warm_us\": [{p50:.1}, {p90:.1}, {p99:.1}, {max:.1}], \
         \"compacted_us\": [{c50:.1}, {c90:.1}, {c99:.1}]}}",
        kind.name(),
        layout.name(),
        dir.display().to_string(),
        entries_of(batches),
        warm.len(),
    );
    Ok(())
}

/// Looks up every key of the sample, each timed in microseconds, each checked against the
/// truth (an error at the first difference); also the postings returned in all.
fn lookups(
    store: &dyn Store,
    layout: Layout,
    sample: &Sample,
    truth: &HashMap<u64, Vec<(u32, u16)>>,
) -> Result<(Vec<f64>, usize)> {
    let (mut times, mut out, mut postings) = (Vec::new(), Vec::new(), 0);
    for &key in &sample.keys {
        out.clear();
        let began = Instant::now();
        store.lookup(key, &mut out)?;
        times.push(began.elapsed().as_secs_f64() * 1e6);
        out.sort_unstable();
        if truth.get(&layout.kept(key)) != Some(&out) {
            return Err(format!(
                "{layout:?}: key {key:#x} gave {} games, not the truth's",
                out.len()
            )
            .into());
        }
        postings += out.len();
    }
    Ok((times, postings))
}

/// The `q` quantile of `times` (nearest rank), 0 when empty.
fn quantile(times: &[f64], q: f64) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort_unstable_by(f64::total_cmp);
    let rank = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len().max(1)) - 1;
    sorted.get(rank).copied().unwrap_or(0.0)
}

/// `stores lookup STORE LAYOUT DIR KEY`: opens the store and looks one key up, in a process
/// of its own; prints the time to open and to look up, in microseconds.
pub fn cold_lookup(args: &Args) -> Result<()> {
    let began = Instant::now();
    let kind: Kind = args.word(1, "STORE")?.parse()?;
    let layout: Layout = args.word(2, "LAYOUT")?.parse()?;
    let dir = Path::new(args.word(3, "DIR")?);
    let key: u64 = args.word(4, "KEY")?.parse()?;
    let store = stores::open(kind, layout, dir)?;
    let opened = began.elapsed();
    let mut out: Vec<(u32, u16)> = Vec::new();
    store.lookup(key, &mut out)?;
    let total = began.elapsed();
    println!(
        "{{\"open_us\": {:.1}, \"first_lookup_us\": {:.1}, \"open_and_lookup_us\": {:.1}, \"postings\": {}}}",
        opened.as_secs_f64() * 1e6,
        (total - opened).as_secs_f64() * 1e6,
        total.as_secs_f64() * 1e6,
        out.len()
    );
    Ok(())
}
