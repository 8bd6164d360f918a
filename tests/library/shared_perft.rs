//! Perft against the suites in `../shared/data` (not vendored: their licences are not
//! permissive). Every test here says `shared` in its name and prints why it skips when the
//! directory is absent; the same guarantees are tested from vendored data in `perft.rs`.

use crate::common;

use common::{check_perft, read_epd, shared_data};

#[test]
fn shared_perftsuite() {
    let Some(dir) = shared_data() else { return };
    let cases = read_epd(&dir.join("perftsuite.epd"));
    assert_eq!(cases.len(), 126);
    check_perft(&cases, false, 20_000_000);
}

#[test]
fn shared_ethereal_standard() {
    let Some(dir) = shared_data() else { return };
    let cases = read_epd(&dir.join("ethereal_standard.epd"));
    assert_eq!(cases.len(), 128);
    check_perft(&cases, false, 20_000_000);
}

#[test]
fn shared_fischer_chess960() {
    let Some(dir) = shared_data() else { return };
    let cases = read_epd(&dir.join("fischer.epd"));
    assert_eq!(cases.len(), 960);
    check_perft(&cases, true, 1_000_000);
}

#[test]
fn shared_extra() {
    let Some(dir) = shared_data() else { return };
    let cases = read_epd(&dir.join("extra.epd"));
    check_perft(&cases, false, 20_000_000);
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
