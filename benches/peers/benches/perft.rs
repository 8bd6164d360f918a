//! Perft, single thread, no hashing, bulk counting at the last ply in every library:
//! jaque against cozy-chess, chess and shakmaty on the same positions, in one process.
//!
//!     cargo bench --manifest-path benches/peers/Cargo.toml --bench perft

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group};

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

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

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
        assert_eq!(cozy_perft(&cozy, depth), expected, "cozy-chess {name}");
        assert_eq!(
            chess::MoveGen::movegen_perft_test(&chess_board, depth as usize) as u64,
            expected
        );
        assert_eq!(
            shakmaty::perft(&shakmaty_position, depth),
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
            b.iter(|| cozy_perft(black_box(&cozy), depth))
        });
        group.bench_function("chess", |b| {
            b.iter(|| chess::MoveGen::movegen_perft_test(black_box(&chess_board), depth as usize))
        });
        group.bench_function("shakmaty", |b| {
            b.iter(|| shakmaty::perft(black_box(&shakmaty_position), depth))
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
