//! Perft, single thread, no hashing, bulk counting at the last ply in every library:
//! jaque against cozy-chess, chess and shakmaty on the same positions, in one process.
//!
//!     cargo bench --manifest-path benches/peers/Cargo.toml --bench perft

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group};
use jaque_peers::perft;

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "startpos_perft6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete_perft5",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

fn bench(c: &mut Criterion) {
    for (name, fen, depth) in POSITIONS {
        let jaque_position = jaque::Position::from_fen(fen).unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        let chess_board: chess::Board = fen.parse().unwrap();
        let shakmaty_position: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();

        // Same work in every library, checked before anything is timed.
        let expected = jaque::perft::perft(&jaque_position, depth);
        assert_eq!(
            perft::cozy_chess(&cozy, depth),
            expected,
            "cozy-chess {name}"
        );
        assert_eq!(perft::chess(&chess_board, depth), expected, "chess {name}");
        assert_eq!(
            perft::shakmaty(&shakmaty_position, depth),
            expected,
            "shakmaty {name}"
        );

        let mut group = c.benchmark_group(name);
        group.sample_size(10).warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(8));
        group.bench_function("jaque", |b| {
            b.iter(|| jaque::perft::perft(black_box(&jaque_position), depth))
        });
        group.bench_function("cozy-chess", |b| {
            b.iter(|| perft::cozy_chess(black_box(&cozy), depth))
        });
        group.bench_function("chess", |b| {
            b.iter(|| perft::chess(black_box(&chess_board), depth))
        });
        group.bench_function("shakmaty", |b| {
            b.iter(|| perft::shakmaty(black_box(&shakmaty_position), depth))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    let nodes: Vec<(&str, u64)> = POSITIONS
        .iter()
        .map(|&(name, fen, depth)| {
            let position = jaque::Position::from_fen(fen).unwrap();
            (name, jaque::perft::perft(&position, depth))
        })
        .collect();
    jaque_peers::report("Mnodes", &nodes, &["cozy-chess", "chess", "shakmaty"]);
}
