//! The opening names (`jaque::opening`) against python-chess 1.11.2: the positions after the
//! lines of the lichess set (`data/openings/positions.tsv`, which jaque writes here and the
//! build compiles in) against python-chess's EPDs, the keys magic-gen gives them at build time
//! against `Position::zobrist_hash`, and the classification of every game of the vendored
//! files against python-chess's (`tests/data/openings/games.tsv`, written by
//! `tools/gen/gen_openings_oracle.py`).

use std::collections::HashMap;
use std::path::Path;

use crate::common::vendored;
use jaque::Position;
use jaque::opening::{Classified, Classifier, Opening, named};
use jaque::pgn::{Checker, Options, Splitter, Verdict};
use jaque::san::Lang;

const SET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/openings");
const FILES: [&str; 5] = ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"];

/// The rows of the set's files after their headers: (file, line number, eco, name, pgn).
fn set_rows() -> Vec<(&'static str, usize, String, String, String)> {
    let mut rows = Vec::new();
    for file in FILES {
        let text = std::fs::read_to_string(Path::new(SET).join(file)).expect("the set");
        for (index, row) in text.lines().enumerate().skip(1) {
            let fields: Vec<&str> = row.split('\t').collect();
            let [eco, name, pgn] = fields[..] else {
                panic!("{file}:{}: {row:?}", index + 1)
            };
            rows.push((file, index + 1, eco.into(), name.into(), pgn.into()));
        }
    }
    rows
}

/// The first four fields of a FEN.
fn epd(position: &Position) -> String {
    let fen = position.fen();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// `positions.tsv` as jaque writes it: each line played from the start, its plies and EPD.
fn positions_tsv() -> String {
    let mut out = String::from("eco\tname\tply\tepd\n");
    for (file, line, eco, name, pgn) in set_rows() {
        let mut position = Position::starting();
        let sans: Vec<&str> = pgn.split(' ').filter(|w| !w.ends_with('.')).collect();
        for san in &sans {
            jaque::san::play(&mut position, san, Lang::English)
                .unwrap_or_else(|e| panic!("{file}:{line}: {san}: {e}"));
        }
        out += &format!("{eco}\t{name}\t{}\t{}\n", sans.len(), epd(&position));
    }
    out
}

/// The rows of a tab-separated file after its `#` comments and its header.
fn tsv_rows(text: &str) -> Vec<Vec<&str>> {
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    rows.next();
    rows.map(|row| row.split('\t').collect()).collect()
}

#[test]
fn openings_positions_are_what_jaque_plays() {
    let path = Path::new(SET).join("positions.tsv");
    let written = positions_tsv();
    if std::env::var_os("JAQUE_BLESS").is_some() {
        std::fs::write(&path, &written).expect("writable");
    }
    let committed = std::fs::read_to_string(&path).expect("positions.tsv");
    let differs = (committed.lines().zip(written.lines()).enumerate())
        .find(|(_, (old, new))| old != new)
        .map(|(index, (old, new))| format!("line {}: {old:?}, jaque plays {new:?}", index + 1));
    assert!(
        committed == written,
        "data/openings/positions.tsv is stale ({}): write it again with \
         `JAQUE_BLESS=1 cargo test --test library openings_positions`",
        differs.unwrap_or_else(|| "a different number of lines".into())
    );
}

#[test]
fn openings_positions_are_python_chess_epds() {
    let oracle = std::fs::read_to_string(vendored("openings/epd.tsv")).expect("epd.tsv");
    let positions = std::fs::read_to_string(Path::new(SET).join("positions.tsv")).expect("tsv");
    let (expected, ours) = (tsv_rows(&oracle), tsv_rows(&positions));
    assert_eq!(expected.len(), ours.len());
    assert_eq!(expected.len(), set_rows().len());
    for ((python, jaque), (file, line, ..)) in expected.iter().zip(&ours).zip(set_rows()) {
        assert_eq!(python[..2], [file, line.to_string().as_str()]);
        assert_eq!(python.get(2), jaque.get(3), "{file}:{line}");
    }
}

#[test]
fn openings_keys_of_magic_gen_are_zobrist_hashes_and_name_their_lines() {
    let keys = magic_gen::Zobrist::generate(jaque::attacks::MAGIC_SEED);
    let positions = std::fs::read_to_string(Path::new(SET).join("positions.tsv")).expect("tsv");
    let rows = tsv_rows(&positions);
    let mut last_of: HashMap<&str, usize> = HashMap::new();
    for (index, row) in rows.iter().enumerate() {
        last_of.insert(row[3], index);
    }
    let all = Opening::all();
    assert_eq!(all.len(), rows.len());
    for (index, ((row, opening), (.., pgn))) in rows.iter().zip(all).zip(set_rows()).enumerate() {
        let text = row[3];
        let position = Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let key = magic_gen::openings::Epd::parse(text)
            .expect("EPD")
            .key(&keys);
        assert_eq!(key, position.zobrist_hash(), "{text}");
        assert_eq!(
            (opening.eco, opening.name, opening.pgn),
            (row[0], row[1], pgn.as_str())
        );
        assert_eq!(opening.ply.to_string(), row[2]);
        let winner = &all[last_of[text]];
        assert_eq!(named(&position), Some(winner), "line {index}: {text}");
    }
    assert_eq!(
        last_of.len(),
        rows.len(),
        "no two lines end in one position"
    );
}

/// What jaque makes of one game: its mainline plies, its classification from every mainline
/// position, and from the positions up to the first visit that returned false.
pub(crate) struct Walked {
    pub plies: usize,
    pub full: Option<Classified>,
    pub stopped: Option<Classified>,
}

/// Every game of a PGN file, walked.
pub(crate) fn walk_file(path: &Path) -> Vec<Walked> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut checker = Checker::new(Options::default());
    let mut walked = Vec::new();
    for game in Splitter::new(std::io::BufReader::new(file)) {
        let record = checker.record(&game.expect("readable"));
        let (mut full, mut stopped) = (Classifier::new(), Classifier::new());
        let mut going = true;
        let mut position = record.start_position();
        let mut plies = 0;
        for (_, played) in record.mainline() {
            position = match (position, played.verdict) {
                (Some(p), Verdict::Played(mv)) => Some(p.play(mv)),
                (Some(p), Verdict::Null) => p.play_null(),
                _ => None,
            };
            let Some(position) = &position else { break };
            plies += 1;
            full.visit(plies, position);
            going = going && stopped.visit(plies, position);
        }
        walked.push(Walked {
            plies,
            full: full.classified(),
            stopped: stopped.classified(),
        });
    }
    walked
}

/// One game of an oracle file: its index, plies and `ply eco name` (or `- - -`).
pub(crate) struct Expected<'a> {
    pub game: usize,
    pub plies: usize,
    pub named: Option<(usize, &'a str, &'a str)>,
}

/// A source file of an oracle file: its games (python-chess's count) and those it classified
/// (the others it read with errors).
pub(crate) struct Source<'a> {
    pub file: String,
    pub games: usize,
    pub expected: Vec<Expected<'a>>,
}

/// The source files of an oracle file, from its `# source FILE sha256 HEX games N ...` lines,
/// with their games' rows.
pub(crate) fn sources(text: &str) -> Vec<Source<'_>> {
    let mut sources: Vec<Source> = (text.lines())
        .filter_map(|l| l.strip_prefix("# source "))
        .map(|header| {
            let words: Vec<&str> = header.split(' ').collect();
            let games = words.get(4).and_then(|n| n.parse().ok()).expect("games N");
            let file = words[0].to_string();
            let expected = Vec::new();
            Source {
                file,
                games,
                expected,
            }
        })
        .collect();
    let number = |text: &str| {
        text.parse::<usize>()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    for row in tsv_rows(text) {
        let [file, game, plies, ply, eco, name] = row[..] else {
            panic!("{row:?}")
        };
        let source = (sources.iter_mut().find(|s| s.file == file)).expect("a source line");
        source.expected.push(Expected {
            game: number(game),
            plies: number(plies),
            named: (ply != "-").then(|| (number(ply), eco, name)),
        });
    }
    sources
}

/// The differences between jaque's walks of games and python-chess's: every game's plies and
/// classification, both walks.
pub(crate) fn differences<'a>(
    file: &str,
    pairs: impl Iterator<Item = (&'a Walked, &'a Expected<'a>)>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let as_row = |c: Option<Classified>| c.map(|c| (c.ply, c.opening.eco, c.opening.name));
    for (ours, theirs) in pairs {
        let at = format!("{file} game {}", theirs.game);
        if ours.plies != theirs.plies {
            problems.push(format!(
                "{at}: {} plies, python-chess {}",
                ours.plies, theirs.plies
            ));
        } else if as_row(ours.full) != theirs.named {
            problems.push(format!(
                "{at}: {:?}, python-chess {:?}",
                as_row(ours.full),
                theirs.named
            ));
        } else if ours.stopped != ours.full {
            problems.push(format!(
                "{at}: stopping early gave {:?}",
                as_row(ours.stopped)
            ));
        }
    }
    problems
}

/// Each expected game with jaque's walk of the game of the same index.
pub(crate) fn by_index<'a>(
    walked: &'a [Walked],
    source: &'a Source<'a>,
) -> impl Iterator<Item = (&'a Walked, &'a Expected<'a>)> {
    (source.expected.iter()).map(|e| (walked.get(e.game).expect("a game of that index"), e))
}

#[test]
fn openings_classify_the_vendored_games_as_python_chess_does() {
    let oracle = std::fs::read_to_string(vendored("openings/games.tsv")).expect("games.tsv");
    let mut problems = Vec::new();
    let (mut games, mut classified) = (0, 0);
    for source in sources(&oracle) {
        let walked = walk_file(&vendored(&source.file));
        assert_eq!(walked.len(), source.games, "{}: games", source.file);
        games += source.expected.len();
        classified += source.expected.iter().filter(|e| e.named.is_some()).count();
        problems.extend(differences(&source.file, by_index(&walked, &source)));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        games > 1100 && classified > 500,
        "{games} games, {classified} classified"
    );
}
