//! How long the build-time magic search takes, per seed.
//!
//! The build script runs unoptimised for everyone who depends on jaque, so measure both:
//!
//! ```text
//! cargo bench -p magic-gen --bench search                 # optimised
//! cargo bench -p magic-gen --bench search --profile dev   # as a dependent's build script runs
//! ```
//!
//! Budget (issue: build-time magic bitboards): median over the 20 seeds at most 50 ms
//! optimised and 1 s unoptimised for all 128 magics.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use magic_gen::search::{MAX_CANDIDATES, Searcher};
use magic_gen::{Slider, Tables};

/// 20 arbitrary seeds: the default one, small ones, and scattered 64-bit values.
fn seeds() -> Vec<u64> {
    let mut seeds = vec![magic_gen::DEFAULT_SEED, 0, 1, 2, 3, 42, 1234, u64::MAX];
    let mut x = 0x0123_4567_89ab_cdefu64;
    while seeds.len() < 20 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seeds.push(x);
    }
    seeds
}

/// All 128 magics of one seed: the search alone.
fn search_all(seed: u64) -> u64 {
    let mut searcher = Searcher::new();
    let mut sum = 0u64;
    for slider in Slider::ALL {
        for square in 0..64 {
            let (magic, _) = searcher.find(slider, square, seed, MAX_CANDIDATES).unwrap();
            sum = sum.wrapping_add(magic.magic);
        }
    }
    sum
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("magic_search");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for seed in seeds() {
        group.bench_with_input(BenchmarkId::from_parameter(seed), &seed, |b, &seed| {
            b.iter(|| search_all(black_box(seed)))
        });
    }
    group.finish();

    // Everything build.rs does before writing: search, fill, leaper and line tables, verify.
    let mut group = c.benchmark_group("generate_and_verify");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    group.bench_function("default_seed", |b| {
        b.iter(|| {
            let tables = Tables::generate(black_box(magic_gen::DEFAULT_SEED)).unwrap();
            tables.verify().unwrap();
            tables
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
