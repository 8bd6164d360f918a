//! A checker told which lints are allowed (`Checker::allowing`) leaves their diagnostics out
//! of its reports: once the lint levels are applied, they are the reports of a checker told
//! nothing, on the vendored and shared PGN files, for several lint settings, and on a game
//! with more diagnostics than a report keeps.

use std::path::Path;

use crate::common;

use jaque::Severity;
use jaque::lint::{Level, Lints};
use jaque::pgn::{Checker, GameReport, Options, Splitter};
use pretty_assertions::assert_eq;

/// Lint settings: the defaults, every warning allowed, the tag section's lints allowed, some
/// of them allowed and others denied.
fn lint_settings() -> Vec<Lints> {
    let settings: [&[(&str, Level)]; 5] = [
        &[],
        &[("warnings", Level::Allow)],
        &[
            ("missing_tag", Level::Allow),
            ("tag_format", Level::Allow),
            ("duplicate_tag", Level::Allow),
        ],
        &[
            ("missing_tag", Level::Allow),
            ("check_annotation", Level::Allow),
        ],
        &[
            ("warnings", Level::Deny),
            ("nonstandard_notation", Level::Allow),
        ],
    ];
    settings
        .iter()
        .map(|flags| {
            let mut lints = Lints::default();
            for &(name, level) in *flags {
                lints.set(name, level).expect("a lint");
            }
            lints
        })
        .collect()
}

/// The PGN inputs: vendored files, the shared ones where they are, and a game of more null
/// moves (each a warning) than a report keeps diagnostics, with a short tag section.
fn inputs(shared: Option<&Path>) -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = ["generated.pgn", "fix_input.pgn", "fmt_input.pgn"]
        .iter()
        .map(|name| common::vendored(&format!("pgn/{name}")))
        .chain(["variations.pgn", "repetition.pgn"].map(|n| common::vendored(&format!("pgn/{n}"))))
        .map(|path| std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect();
    if let Some(shared) = shared {
        for dir in ["real", "tricky", "invalid"] {
            for path in common::files_with_extension(&shared.join("pgn").join(dir), "pgn") {
                inputs.push(std::fs::read(&path).unwrap_or_default());
            }
        }
    }
    let mut many = String::from("[Event \"many\"]\n[Date \"2024\"]\n\n");
    many.push_str(&"-- ".repeat(1_100));
    many.push_str("1-0\n");
    inputs.push(many.into_bytes());
    inputs
}

#[test]
fn a_checker_allowing_lints_reports_what_the_levels_leave_on_vendored_and_shared_games() {
    let shared = common::shared_data();
    let (mut games, mut left_out) = (0, 0);
    for input in inputs(shared.as_deref()) {
        let raw: Vec<_> = Splitter::new(&input[..])
            .collect::<Result<_, _>>()
            .expect("in-memory input cannot fail");
        for lints in lint_settings() {
            let mut told_nothing = Checker::new(Options::default());
            let mut allowing = Checker::new(Options::default()).allowing(&lints);
            for game in &raw {
                let mut all = told_nothing.check(game);
                let kept = all.diagnostics.len();
                all.apply(&lints);
                let mut allowed = allowing.check(game);
                left_out += usize::from(allowed.diagnostics.len() < kept);
                allowed.apply(&lints);
                assert_same(&allowed, &all);
                games += 1;
            }
        }
    }
    assert!(games > 40_000 || shared.is_none(), "{games}");
    assert!(left_out > 100, "{left_out}");
}

/// The reports agree in everything but the text (kept only where some diagnostic is), and
/// but which diagnostics are shown past the limit: allowed ones take no place in the
/// allowing checker's, so it shows those the other hid. Each counts the same, at its level.
fn assert_same(allowed: &GameReport, all: &GameReport) {
    let game = (all.index, all.line);
    if all.more_diagnostics == 0 {
        assert_eq!(allowed.diagnostics, all.diagnostics, "{game:?}");
        assert_eq!(allowed.more_diagnostics, 0, "{game:?}");
    } else {
        let shown = |d| allowed.diagnostics.contains(d);
        assert!(all.diagnostics.iter().all(shown), "{game:?}");
    }
    for severity in [Severity::Error, Severity::Warning] {
        assert_eq!(allowed.count(severity), all.count(severity), "{game:?}");
    }
    assert_eq!(
        (
            allowed.plies,
            allowed.moves,
            allowed.status,
            allowed.final_position
        ),
        (all.plies, all.moves, all.status, all.final_position),
        "{game:?}"
    );
    assert_eq!(allowed.tags, all.tags, "{game:?}");
}
