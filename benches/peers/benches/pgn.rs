//! PGN: read and validate every game of `../shared/data/pgn/real` (concatenated, about
//! 6.6 MB), jaque against pgn-reader + shakmaty in one process on the same bytes. The peer
//! parses each mainline SAN and plays it (`San::to_move` + `play_unchecked`); jaque also
//! checks variations, comments' structure, move numbers, check and mate marks and results.
//! jaque on one thread, and on two (one cutting games and checking a batch whenever the
//! other is busy, the other checking).
//!
//!     cargo bench --manifest-path benches/peers/Cargo.toml --bench pgn

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group};
use jaque_peers::pgn::{corpus, jaque_one_thread, jaque_two_threads, peer};

fn bench(c: &mut Criterion) {
    let Some(data) = corpus() else { return };
    let ours = jaque_one_thread(&data);
    let theirs = peer(&data);
    assert_eq!(ours, jaque_two_threads(&data));
    println!("mainline moves: jaque {ours}, pgn-reader + shakmaty {theirs}");
    let mut group = c.benchmark_group("pgn_check");
    group.throughput(Throughput::Elements(ours));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("jaque", |b| b.iter(|| jaque_one_thread(black_box(&data))));
    group.bench_function("pgn-reader+shakmaty", |b| b.iter(|| peer(black_box(&data))));
    group.bench_function("jaque-2-threads", |b| {
        b.iter(|| jaque_two_threads(black_box(&data)))
    });
    group.finish();
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    if let Some(data) = corpus() {
        jaque_peers::report(
            "Kmoves",
            &[("pgn_check", jaque_one_thread(&data) * 1000)],
            &["pgn-reader+shakmaty"],
        );
        jaque_peers::paired_ratio(
            "pgn_check: jaque vs pgn-reader+shakmaty",
            20,
            || jaque_one_thread(black_box(&data)),
            || peer(black_box(&data)),
        );
        jaque_peers::paired_ratio(
            "pgn_check: jaque with two threads vs one",
            20,
            || jaque_two_threads(black_box(&data)),
            || jaque_one_thread(black_box(&data)),
        );
        if let (Some(one), Some(two)) = (
            jaque_peers::median_ns("pgn_check", "jaque"),
            jaque_peers::median_ns("pgn_check", "jaque-2-threads"),
        ) {
            println!(
                "jaque with two checking threads: {:.2}x one thread",
                one / two
            );
        }
    }
}
