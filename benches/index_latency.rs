//! Warm latency of the index's answers, for `tools/bench/bench_index.py`: one process opens
//! the index at `JAQUE_BENCH_INDEX`, asks `tree` and `find` (20 games) of every FEN in the
//! file `JAQUE_BENCH_FENS` once untimed (the first answers warm the caches), then again,
//! timing each answer; prints one line of JSON with the percentiles in microseconds.
//! Without the two variables it says so and measures nothing (`cargo bench` runs every
//! bench).

use std::time::Instant;

use jaque::Position;
use jaque::index::Index;

fn main() {
    let (Some(db), Some(fens)) = (
        std::env::var_os("JAQUE_BENCH_INDEX"),
        std::env::var_os("JAQUE_BENCH_FENS"),
    ) else {
        eprintln!(
            "index_latency: not measured: set JAQUE_BENCH_INDEX and JAQUE_BENCH_FENS \
             (tools/bench/bench_index.py does)"
        );
        return;
    };
    match measure(db.as_ref(), fens.as_ref()) {
        Ok(line) => println!("{line}"),
        Err(error) => {
            eprintln!("index_latency: {error}");
            std::process::exit(2);
        }
    }
}

/// The percentiles, as a JSON object.
fn measure(db: &std::path::Path, fens: &std::path::Path) -> Result<String, String> {
    let text = std::fs::read_to_string(fens).map_err(|e| e.to_string())?;
    let positions = (text.lines().filter(|line| !line.trim().is_empty()))
        .map(|fen| Position::from_fen_either(fen).map_err(|e| format!("{fen}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let opened = Instant::now();
    let index = Index::open(db).map_err(|e| e.to_string())?;
    let open_us = opened.elapsed().as_secs_f64() * 1e6;
    let filter = Default::default();
    let (mut trees, mut finds) = (Vec::new(), Vec::new());
    for timed in [false, true] {
        for position in &positions {
            let began = Instant::now();
            let tree = index.tree(position, &filter).map_err(|e| e.to_string())?;
            let tree_us = began.elapsed().as_secs_f64() * 1e6;
            let began = Instant::now();
            let found = index.find(position, Some(20)).map_err(|e| e.to_string())?;
            let find_us = began.elapsed().as_secs_f64() * 1e6;
            std::hint::black_box((tree, found));
            if timed {
                trees.push(tree_us);
                finds.push(find_us);
            }
        }
    }
    Ok(format!(
        "{{\"positions\": {}, \"open_us\": {open_us:.0}, \"tree_p50_us\": {:.0}, \
         \"tree_p99_us\": {:.0}, \"find_p50_us\": {:.0}, \"find_p99_us\": {:.0}}}",
        positions.len(),
        percentile(&mut trees, 0.50),
        percentile(&mut trees, 0.99),
        percentile(&mut finds, 0.50),
        percentile(&mut finds, 0.99),
    ))
}

/// The `p` quantile of `samples` (nearest rank).
fn percentile(samples: &mut [f64], p: f64) -> f64 {
    samples.sort_by(f64::total_cmp);
    let rank = ((p * samples.len() as f64).ceil() as usize).clamp(1, samples.len().max(1));
    samples.get(rank - 1).copied().unwrap_or(f64::NAN)
}
