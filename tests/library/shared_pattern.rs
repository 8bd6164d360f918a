//! FEN patterns over the third-party games of `../shared/data/pgn/real`, against the oracle of
//! `tools/oracle/pattern.py` (`tests/data/pattern/shared.jsonl`: indices only; the PGN files
//! stay in `../shared`).

use crate::common;
use crate::pattern::{Compared, compare_with_oracle};

use common::{shared_data, vendored};

#[test]
fn shared_real_games_are_selected_as_the_oracle_selects_them() {
    let Some(shared) = shared_data() else { return };
    let compared = compare_with_oracle(&vendored("pattern/shared.jsonl"), &shared.join("pgn/real"));
    let Compared {
        games,
        same_length,
        patterns,
        other_games,
    } = compared;
    eprintln!("{games} games ({same_length} read to the same length), {patterns} patterns");
    assert!(games > 7000 && same_length > 7000 && patterns > 30);
    // python-chess makes a game of the comment before eco.pgn's first tag section, and one of
    // uzchesscup.pgn's 45 tag sections without movetext (`shared_pgn.rs` says more).
    assert_eq!(
        other_games,
        ["pgnextract__eco.pgn", "scalachess__uzchesscup.pgn"]
    );
}
