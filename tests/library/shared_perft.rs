//! Perft against the suites in `../shared/data` (not vendored: their licences are not
//! permissive). Every test here says `shared` in its name and prints why it skips when the
//! directory is absent; the same guarantees are tested from vendored data in `perft.rs`.

use crate::common;

use common::{check_perft, read_epd, shared_data};

/// Perft of every case of the suite `name` (`count` of them, when the suite's size is
/// known) to `max_nodes` nodes a count.
fn suite(name: &str, count: Option<usize>, chess960: bool, max_nodes: u64) {
    let Some(dir) = shared_data() else { return };
    let cases = read_epd(&dir.join(name));
    if let Some(count) = count {
        assert_eq!(cases.len(), count, "{name}");
    }
    check_perft(&cases, chess960, max_nodes);
}

#[test]
fn shared_perftsuite() {
    suite("perftsuite.epd", Some(126), false, 20_000_000);
}

#[test]
fn shared_ethereal_standard() {
    suite("ethereal_standard.epd", Some(128), false, 20_000_000);
}

#[test]
fn shared_fischer_chess960() {
    suite("fischer.epd", Some(960), true, 1_000_000);
}

#[test]
fn shared_extra() {
    suite("extra.epd", None, false, 20_000_000);
}

#[test]
#[ignore = "every count of the shared suites: many minutes; run with --ignored"]
fn shared_all_depths() {
    let Some(dir) = shared_data() else { return };
    for (name, chess960) in [
        ("perftsuite.epd", false),
        ("ethereal_standard.epd", false),
        ("extra.epd", false),
        ("fischer.epd", true),
    ] {
        check_perft(&read_epd(&dir.join(name)), chess960, u64::MAX);
    }
}
