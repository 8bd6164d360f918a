//! The lichess opening set (`data/openings`) as a table that jaque's `opening` module
//! compiles in, so that naming a position costs a binary search and nothing at start-up.
//!
//! magic-gen has no move generator: jaque plays each line and commits the EPD of the
//! position after it (`positions.tsv`, one row a line of `a.tsv` to `e.tsv`, in order). This
//! module pairs the rows with the lines, keys each position as jaque's
//! `Position::zobrist_hash` does (the same seed's keys), and keeps one opening a position:
//! where several lines end in one position, the last line in file order wins, as lichess's
//! `OpeningDb` (a map built in that order) decides. It also works out the classifier's bound,
//! [`Needs`]: what a position must still have for a later one to be named.
//!
//! ```
//! use magic_gen::openings::{Source, Table};
//! let a = Source { name: "a.tsv", text: "eco\tname\tpgn\nB00\tKing's Pawn Game\t1. e4\n" };
//! let positions = "eco\tname\tply\tepd\n\
//!     B00\tKing's Pawn Game\t1\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n";
//! let keys = magic_gen::Zobrist::generate(magic_gen::DEFAULT_SEED);
//! let table = Table::new(&[a], positions, &keys).unwrap();
//! assert_eq!(table.named.len(), 1);
//! assert!(magic_gen::openings::rust(&table).contains("\"King's Pawn Game\""));
//! ```

mod emit;
mod epd;
pub mod filters;

pub use emit::rust;
pub use epd::Epd;

use std::collections::HashMap;

use crate::tables::Zobrist;

/// One source file of the set: its name (for messages) and text.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file's name, `a.tsv` ...
    pub name: &'a str,
    /// Its text: a header `eco name pgn`, then a line of play a row.
    pub text: &'a str,
}

/// One line of the set with the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its ECO code (`C50`).
    pub eco: String,
    /// Its name (`Italian Game`).
    pub name: String,
    /// Its moves from the start, as the set writes them (`1. e4 e5 2. Nf3 Nc6 3. Bc4`).
    pub pgn: String,
    /// How many half-moves it has.
    pub ply: u32,
    /// The position after it, as written in `positions.tsv`.
    pub epd_text: String,
    /// The same, read.
    pub epd: Epd,
}

/// A named position: its key and the line whose name it takes (an index into
/// [`Table::lines`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    /// The Zobrist key.
    pub key: u64,
    /// The line that names it.
    pub line: usize,
}

/// What a named position has that a game never gets back once it is gone: its pawns on their
/// own second rank and its castling rooks (as one set of squares: they never overlap), and
/// each side's number of pieces. A later position of a game can be this one only if the
/// game's current position still has all of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Needs {
    /// White pawns on rank 2, black pawns on rank 7 and the castling rooks.
    pub unmoved: u64,
    /// White's pieces, king and pawns included.
    pub white: u8,
    /// Black's.
    pub black: u8,
}

impl Needs {
    /// The needs of a position.
    pub fn of(epd: &Epd) -> Needs {
        const RANK_2: u64 = 0xff00;
        const RANK_7: u64 = 0x00ff_0000_0000_0000;
        let [white, black] = &epd.pieces;
        let count = |colour| epd.colour(colour).count_ones() as u8;
        Needs {
            unmoved: (white[0] & RANK_2) | (black[0] & RANK_7) | epd.castling,
            white: count(0),
            black: count(1),
        }
    }

    /// Does a position with `self` still have everything `other` needs?
    pub fn covers(&self, other: &Needs) -> bool {
        other.unmoved & !self.unmoved == 0 && other.white <= self.white && other.black <= self.black
    }
}

/// The table the build writes.
#[derive(Clone, Debug)]
pub struct Table {
    /// Every line of the set, in file order.
    pub lines: Vec<Line>,
    /// The distinct positions, by ascending key.
    pub named: Vec<Named>,
    /// The needs no other named position's needs are covered by (a later position can be
    /// named exactly when its position covers one of these), most permissive first.
    pub needs: Vec<Needs>,
}

impl Table {
    /// Pairs the lines of `sources` with the rows of `positions` (the same lines, the same
    /// order, each with its EPD) and keys them with `keys`. Fails on a row that does not
    /// match its line, and on two positions with one key (a collision of 64-bit keys: the
    /// lookup could not tell them apart by key, so the build asks for another seed).
    pub fn new(sources: &[Source], positions: &str, keys: &Zobrist) -> Result<Table, String> {
        let lines = read_lines(sources, positions)?;
        let mut by_position: HashMap<&Epd, usize> = HashMap::new();
        for (index, line) in lines.iter().enumerate() {
            by_position.insert(&line.epd, index);
        }
        let mut named: Vec<Named> = (by_position.values())
            .map(|&line| Named {
                key: lines.get(line).map_or(0, |l| l.epd.key(keys)),
                line,
            })
            .collect();
        named.sort_by_key(|n| (n.key, n.line));
        if let Some(pair) = named.windows(2).find(|pair| pair[0].key == pair[1].key) {
            return Err(format!(
                "lines {} and {} end in different positions with one Zobrist key \
                 0x{:016x}: choose another seed",
                pair[0].line, pair[1].line, pair[0].key
            ));
        }
        let needs = least_needs(named.iter().filter_map(|n| lines.get(n.line)));
        Ok(Table {
            lines,
            named,
            needs,
        })
    }
}

/// The needs of `lines`' positions that cover no other's, most permissive first (fewest
/// unmoved squares, then fewest pieces).
fn least_needs<'a>(lines: impl Iterator<Item = &'a Line>) -> Vec<Needs> {
    let mut all: Vec<Needs> = lines.map(|line| Needs::of(&line.epd)).collect();
    all.sort();
    all.dedup();
    let mut least: Vec<Needs> = (all.iter())
        .filter(|n| !all.iter().any(|other| other != *n && n.covers(other)))
        .copied()
        .collect();
    least.sort_by_key(|n| (n.unmoved.count_ones(), n.white + n.black, *n));
    least
}

/// The rows of `sources` (after each header) paired with the rows of `positions`.
fn read_lines(sources: &[Source], positions: &str) -> Result<Vec<Line>, String> {
    let mut epds = rows("positions.tsv", positions, "eco\tname\tply\tepd")?;
    let mut lines = Vec::new();
    for source in sources {
        for (at, fields) in rows(source.name, source.text, "eco\tname\tpgn")? {
            let (row_at, row) = epds.next().ok_or_else(|| {
                format!("{at}: positions.tsv ends before this line: write it again")
            })?;
            lines.push(line(&at, fields, &row_at, row)?);
        }
    }
    match epds.next() {
        Some((at, _)) => Err(format!("{at}: a row after the last line of the set")),
        None => Ok(lines),
    }
}

/// The tab-separated fields of each row after the header, with the row's `file:line`.
fn rows<'a>(
    file: &'a str,
    text: &'a str,
    header: &str,
) -> Result<impl Iterator<Item = (String, Vec<&'a str>)>, String> {
    let mut numbered = text.lines().enumerate();
    match numbered.next() {
        Some((_, first)) if first == header => {}
        _ => return Err(format!("{file}:1: the header is not {header:?}")),
    }
    Ok(numbered
        .filter(|(_, row)| !row.is_empty())
        .map(move |(index, row)| (format!("{file}:{}", index + 1), row.split('\t').collect())))
}

/// A line of the set from its row (`eco name pgn`) and its position's row (`eco name ply
/// epd`), which must agree on the ECO code and name.
fn line(at: &str, fields: Vec<&str>, row_at: &str, row: Vec<&str>) -> Result<Line, String> {
    let [eco, name, pgn] = fields[..] else {
        return Err(format!("{at}: {} fields, expected 3", fields.len()));
    };
    let [row_eco, row_name, ply, epd_text] = row[..] else {
        return Err(format!("{row_at}: {} fields, expected 4", row.len()));
    };
    if (row_eco, row_name) != (eco, name) {
        return Err(format!(
            "{row_at} is {row_eco} {row_name:?}, but {at} is {eco} {name:?}: write positions.tsv again"
        ));
    }
    Ok(Line {
        eco: eco.to_string(),
        name: name.to_string(),
        pgn: pgn.to_string(),
        ply: ply
            .parse()
            .map_err(|e| format!("{row_at}: ply {ply:?}: {e}"))?,
        epd_text: epd_text.to_string(),
        epd: Epd::parse(epd_text).map_err(|e| format!("{row_at}: {e}"))?,
    })
}

#[cfg(test)]
mod tests;
