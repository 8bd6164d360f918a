//! What naming openings costs (`jaque::opening`), on positions as a caller has them, just
//! played: every game's mainline replayed alone (`replay`), then with `Classifier::visit` at
//! each ply until the first `false` (`replay_visit_until_false`, what `jaque select --eco`
//! does) and at every ply; the difference over the visits is what a visit costs. Then `named`
//! and `Position::zobrist_hash` alone on every mainline position. The games are
//! `../shared/data/pgn/real/*.pgn` when it is there (real openings), else the vendored files:
//! `cargo bench --bench opening`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jaque::opening::{Classifier, named};
use jaque::pgn::{Checker, Options, Splitter, Verdict};
use jaque::{Move, Position};

/// The files: the shared real games, else the vendored ones.
fn files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/data/pgn/real");
    let dir = match shared.is_dir() {
        true => shared,
        false => root.join("tests/data/pgn"),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("a directory of PGN")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    eprintln!("opening bench: {} files of {}", files.len(), dir.display());
    files
}

/// Every game's start position and mainline moves.
fn games() -> Vec<(Position, Vec<Move>)> {
    let mut checker = Checker::new(Options::default());
    let mut games = Vec::new();
    for path in files() {
        let bytes = std::fs::read(path).expect("readable");
        for game in Splitter::new(std::io::Cursor::new(bytes)) {
            let record = checker.record(&game.expect("in memory"));
            let Some(start) = record.start_position() else {
                continue;
            };
            let moves = (record.mainline())
                .map_while(|(_, m)| match m.verdict {
                    Verdict::Played(mv) => Some(mv),
                    _ => None,
                })
                .collect();
            games.push((start, moves));
        }
    }
    games
}

/// Plays a game's moves, visiting each position after a move while `visiting` says so and
/// the classifier has not said no; the number of visits.
fn replay(start: &Position, moves: &[Move], visiting: bool, every: bool) -> usize {
    let mut position = *start;
    let mut classifier = Classifier::new();
    let (mut going, mut visits) = (visiting, 0);
    for (ply, &mv) in moves.iter().enumerate() {
        position.play_in_place(mv);
        if going {
            visits += 1;
            going = classifier.visit(ply + 1, &position) || every;
        }
    }
    black_box((position, classifier.classified()));
    visits
}

fn bench(c: &mut Criterion) {
    let games = games();
    let positions: Vec<Position> = (games.iter())
        .flat_map(|(start, moves)| {
            moves.iter().scan(*start, |p, &mv| {
                p.play_in_place(mv);
                Some(*p)
            })
        })
        .collect();
    let visits: usize = games.iter().map(|(s, m)| replay(s, m, true, false)).sum();
    eprintln!(
        "opening bench: {} games, {} mainline positions, {visits} visited until false",
        games.len(),
        positions.len()
    );
    let mut group = c.benchmark_group("opening");
    group.sample_size(20);
    group.throughput(Throughput::Elements(visits as u64));
    for (name, visiting, every) in [
        ("replay", false, false),
        ("replay_visit_until_false", true, false),
        ("replay_visit_every_ply", true, true),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                (games.iter())
                    .map(|(s, m)| replay(s, m, visiting, every))
                    .sum::<usize>()
            })
        });
    }
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("named", |b| {
        b.iter(|| positions.iter().filter_map(|p| named(black_box(p))).count())
    });
    group.bench_function("zobrist_hash", |b| {
        b.iter(|| (positions.iter()).fold(0, |h, p| h ^ black_box(p).zobrist_hash()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
