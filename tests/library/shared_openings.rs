//! Every game of `../shared/data/pgn/real` classified by jaque's opening names and by
//! python-chess 1.11.2 (`tests/data/openings/shared.tsv`, `tools/gen/gen_openings_oracle.py`):
//! the same mainline plies, the same opening at the same ply, and the same when the walk
//! stops at the first position after which nothing can be named.

use crate::common::{shared_data, vendored};
use crate::openings::{by_index, differences, sources, walk_file};

/// Files that python-chess cuts into games otherwise than jaque (see `shared_pgn.rs`): an
/// empty game of the comment before the first tags; 45 tag sections without moves read as
/// one game. Their games with moves are compared, in order.
const CUT_OTHERWISE: [&str; 2] = [
    "real/pgnextract__eco.pgn",
    "real/scalachess__uzchesscup.pgn",
];

#[test]
fn shared_real_games_classify_as_python_chess_does() {
    let Some(shared) = shared_data() else { return };
    let oracle = std::fs::read_to_string(vendored("openings/shared.tsv")).expect("shared.tsv");
    let mut problems = Vec::new();
    let (mut games, mut classified) = (0, 0);
    for source in sources(&oracle) {
        let walked = walk_file(&shared.join("pgn").join(&source.file));
        games += source.expected.len();
        classified += source.expected.iter().filter(|e| e.named.is_some()).count();
        if CUT_OTHERWISE.contains(&source.file.as_str()) {
            let ours = walked.iter().filter(|w| w.plies > 0);
            let theirs: Vec<_> = source.expected.iter().filter(|e| e.plies > 0).collect();
            assert_eq!(ours.clone().count(), theirs.len(), "{}: games", source.file);
            problems.extend(differences(&source.file, ours.zip(theirs)));
        } else {
            assert_eq!(walked.len(), source.games, "{}: games", source.file);
            problems.extend(differences(&source.file, by_index(&walked, &source)));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        games > 9000 && classified > 9000,
        "{games} games, {classified} classified"
    );
}
