//! SAN: parse + resolve + play per move, jaque against shakmaty in one process, on the same
//! (position, SAN) pairs: the 17,722 moves of tests/data/san_legal.tsv (python-chess SAN of
//! positions from varied games). jaque also classifies check and mate after each move and
//! validates the written suffix; shakmaty's `San::from_ascii` + `to_move` + `play` does not.
//!
//!     cargo bench --manifest-path benches/peers/Cargo.toml --bench san

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group};
use shakmaty::Position as _;

fn cases() -> Vec<(String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/san_legal.tsv"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/san_legal.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((cols.next()?.to_string(), cols.next()?.to_string()))
        })
        .collect()
}

type Ours<'a> = Vec<(jaque::Position, &'a str)>;
type Theirs<'a> = Vec<(shakmaty::Chess, &'a [u8])>;

/// Both libraries' positions for the same cases, their moves checked to agree.
fn prepare(cases: &[(String, String)]) -> (Ours<'_>, Theirs<'_>) {
    let ours: Ours = cases
        .iter()
        .map(|(fen, san)| (jaque::Position::from_fen(fen).unwrap(), san.as_str()))
        .collect();
    let theirs: Theirs = cases
        .iter()
        .map(|(fen, san)| {
            let position = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            (position, san.as_bytes())
        })
        .collect();
    for ((position, san), (theirs, bytes)) in ours.iter().zip(&theirs) {
        let resolved = jaque::san::resolve(position, san, jaque::san::Lang::English).unwrap();
        let mv = shakmaty::san::San::from_ascii(bytes)
            .unwrap()
            .to_move(theirs)
            .unwrap();
        assert_eq!(
            resolved.mv.uci(false).to_string(),
            mv.to_uci(shakmaty::CastlingMode::Standard).to_string()
        );
    }
    (ours, theirs)
}

/// jaque: parse, resolve, play, and classify check and mate (validating the suffix).
fn run_jaque(ours: &Ours) -> u32 {
    let mut mates = 0u32;
    for (position, san) in black_box(ours) {
        let mut after = *position;
        if let Ok(played) = jaque::san::play(&mut after, san, jaque::san::Lang::English) {
            mates += u32::from(played.mate)
                + u32::from(played.warnings.is_empty())
                + u32::from(after.turn() == jaque::Color::White);
        }
    }
    mates
}

/// shakmaty: parse, resolve, play.
fn run_shakmaty(theirs: &Theirs) -> u32 {
    let mut checks = 0u32;
    for (position, bytes) in black_box(theirs) {
        if let Ok(san) = shakmaty::san::San::from_ascii(bytes)
            && let Ok(mv) = san.to_move(position)
            && let Ok(after) = position.clone().play(mv)
        {
            checks += u32::from(after.turn().is_white());
        }
    }
    checks
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    let (ours, theirs) = prepare(&cases);
    let mut group = c.benchmark_group("san_resolve_play");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("jaque", |b| b.iter(|| run_jaque(&ours)));
    group.bench_function("shakmaty", |b| b.iter(|| run_shakmaty(&theirs)));
    group.finish();
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    jaque_peers::report(
        "Kmoves",
        &[("san_resolve_play", cases().len() as u64 * 1000)],
        &["shakmaty"],
    );
    let cases = cases();
    let (ours, theirs) = prepare(&cases);
    jaque_peers::paired_ratio(
        "san_resolve_play vs shakmaty",
        500,
        || run_jaque(&ours),
        || run_shakmaty(&theirs),
    );
}
