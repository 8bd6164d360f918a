//! What testing a FEN pattern costs, per position: every mainline position of the vendored PGN
//! files, each pattern kind (squares fixed by the masks alone, a rank whose `*`s need the
//! matcher over its squares, both colours): `cargo bench --bench pattern`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jaque::Position;
use jaque::pgn::{Checker, Options, Splitter, Verdict};
use jaque::select::pattern::Pattern;

/// The mainline positions of every game of the vendored files, ply 0 included.
fn positions() -> Vec<Position> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    let mut checker = Checker::new(Options::default());
    let mut positions = Vec::new();
    for name in [
        "generated.pgn",
        "fmt_input.pgn",
        "repetition.pgn",
        "variations.pgn",
    ] {
        let bytes = std::fs::read(format!("{dir}/{name}")).expect("vendored PGN");
        for game in Splitter::new(&bytes[..]) {
            let record = checker.record(&game.expect("in memory"));
            let Some(mut position) = record.start_position() else {
                continue;
            };
            positions.push(position);
            for (_, played) in record.mainline() {
                if let Verdict::Played(mv) = played.verdict {
                    position.play_in_place(mv);
                    positions.push(position);
                }
            }
        }
    }
    positions
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("pattern");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let cases = [
        ("masks, d4 e4", "*/*/*/*/???PP???/*/*/*"),
        (
            "masks, every square",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        ),
        (
            "masks, castled (help)",
            "?????rk?/?????aaa/*/*/*/8/P[BP]P*/??KR????",
        ),
        ("run, *p*p*", "*/*/*/*/*p*p*/*/*/*"),
        ("runs, 2 ranks", "*[Qq]*[Qq]*/*/*/*/*/*/*/*k*"),
    ];
    for (name, text) in cases {
        let pattern = Pattern::parse(text).expect("well formed");
        let swapped = pattern.colours_swapped();
        group.bench_function(name, |b| {
            b.iter(|| {
                positions
                    .iter()
                    .filter(|p| pattern.matches(black_box(p)))
                    .count()
            })
        });
        group.bench_function(format!("{name}, either colour"), |b| {
            b.iter(|| {
                (positions.iter())
                    .filter(|p| pattern.matches(black_box(p)) || swapped.matches(p))
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
