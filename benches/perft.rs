//! Perft throughput of jaque alone: `cargo bench --bench perft`. The comparison with peer
//! libraries in one process lives in `benches/peers` (its own workspace, so that the peers never
//! enter jaque's dependency graph).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jaque::Position;
use jaque::perft::perft;

fn bench(c: &mut Criterion) {
    let cases = [
        ("startpos_perft5", Position::starting(), 5, 4_865_609),
        (
            "kiwipete_perft4",
            Position::from_fen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .unwrap(),
            4,
            4_085_603,
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    for (name, position, depth, nodes) in cases {
        assert_eq!(perft(&position, depth), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&position), depth)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
