//! What a game record costs: checking the vendored PGN files with the report alone
//! (`Checker::check`, what `jaque check` does), with the whole record (`Checker::record`,
//! what fixes and the editor need), and replaying the position after every move of every
//! record (`GameRecord::position_after`, which the record replays instead of keeping):
//! `cargo bench --bench record`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jaque::pgn::{Checker, GameRecord, Options, RawGame, Splitter};

fn games() -> Vec<RawGame> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    [
        "generated.pgn",
        "fmt_input.pgn",
        "repetition.pgn",
        "variations.pgn",
    ]
    .iter()
    .flat_map(|name| {
        let bytes = std::fs::read(format!("{dir}/{name}")).expect("vendored PGN");
        Splitter::new(std::io::Cursor::new(bytes))
            .map(|game| game.expect("in memory"))
            .collect::<Vec<_>>()
    })
    .collect()
}

fn bench(c: &mut Criterion) {
    let games = games();
    let mut checker = Checker::new(Options::default());
    let records: Vec<GameRecord> = games.iter().map(|g| checker.record(g)).collect();
    let moves: usize = records.iter().map(|r| r.moves().len()).sum();
    let mut group = c.benchmark_group("record");
    group.sample_size(20);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("check", |b| {
        b.iter(|| games.iter().map(|g| checker.check(g).moves).sum::<usize>())
    });
    group.bench_function("record", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|g| checker.record(g).moves().len())
                .sum::<usize>()
        })
    });
    group.bench_function("position_after_every_move", |b| {
        b.iter(|| {
            records
                .iter()
                .flat_map(|r| (0..r.moves().len()).filter_map(|i| r.position_after(i)))
                .map(|p| black_box(p).halfmove_clock() as usize)
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
