//! Attack lookups through the generated tables: `cargo bench --bench attacks`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use jaque::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use jaque::{Bitboard, Square};

/// 1,024 (square, occupancy) pairs from a fixed generator.
fn inputs() -> Vec<(Square, Bitboard)> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..1024)
        .map(|_| {
            let square = Square::from_index((next() % 64) as u8).unwrap_or(Square::A1);
            (square, Bitboard(next() & next()))
        })
        .collect()
}

/// An attack lookup with the signature of the sliders'.
type Lookup = fn(Square, Bitboard) -> Bitboard;

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    let mut group = c.benchmark_group("attacks_1024_lookups");
    let cases: [(&str, Lookup); 4] = [
        ("rook", rook_attacks),
        ("bishop", bishop_attacks),
        ("queen", queen_attacks),
        ("knight", |square, _| knight_attacks(square)),
    ];
    for (name, lookup) in cases {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut all = Bitboard::EMPTY;
                for &(square, occupied) in black_box(&inputs) {
                    all ^= lookup(square, occupied);
                }
                all
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
