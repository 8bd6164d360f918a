//! The games a query may match, told by the index without reading them: those listed under
//! the position a query requires (`fen "…"`), and of those, or of all, the ones whose
//! material ever comes within the query's bounds ([`super::material`]); each with where it
//! is, for `jaque query QUERY DB` to read from its file and match.

use super::IndexError;
use super::key::Key;
use super::material::Spans;
use super::read::{Index, Records, file_records, holds_variations, removed_ranges};
use super::store::{self, FileRecord};
use super::tree::LegalCodes;
use crate::query::Necessary;

/// The games a query may match, by file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidates {
    /// Games the index holds (removed ones left out).
    pub games: u64,
    /// How the games were told apart (for the summary).
    pub by: Vec<&'static str>,
    /// Per file (in the index's order of files) its candidates, by offset.
    pub files: Vec<(FileRecord, Vec<Candidate>)>,
}

/// A game to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Its number in the index.
    pub game: u32,
    /// Its byte offset in its file (decompressed).
    pub offset: u64,
    /// Its first line, from 1.
    pub line: u32,
}

impl Index {
    /// The games that may hold a position with what `needs` says, by file, each file's by
    /// offset. With `variations` (positions inside variations asked too), the position's
    /// games are used only if the index holds variations, and the material not at all
    /// (spans are of the mainline).
    pub fn candidates(
        &self,
        needs: &Necessary,
        variations: bool,
    ) -> Result<Candidates, IndexError> {
        let tx = self.read()?;
        let index_variations = holds_variations(&tx)?;
        let removed = removed_ranges(&tx)?;
        let live = |game: &u32| !removed.iter().any(|&(a, b)| (a..b).contains(game));
        let next = match store::existing(tx.open_table(store::META))? {
            Some(meta) => store::counter(&meta, store::NEXT_GAME)?,
            None => 0,
        };
        let next = u32::try_from(next).map_err(|_| IndexError::Damaged("counters"))?;
        let mut out = Candidates {
            games: (0..next).filter(live).count() as u64,
            ..Candidates::default()
        };
        let by_position = needs.position.filter(|_| !variations || index_variations);
        let mut games: Vec<u32> = match by_position {
            Some(position) => {
                out.by.push("position");
                let legal = LegalCodes::of(&position);
                let postings = self.postings(&tx, Key::of(&position))?;
                (postings.iter())
                    .filter(|p| legal.admits(p.code))
                    .map(|p| p.game)
                    .collect()
            }
            None => (0..next).filter(live).collect(),
        };
        if let Some(bounds) = needs.material.filter(|_| !variations) {
            out.by.push("material");
            let mut spans = Spans::new(&tx)?;
            let mut kept = Vec::with_capacity(games.len());
            for game in games {
                if !bounds.impossible() && spans.get(game)?.admits(&bounds) {
                    kept.push(game);
                }
            }
            games = kept;
        }
        out.files = by_file(&tx, &games)?;
        Ok(out)
    }
}

/// `games` (in game order) with their places, by file, each file's by offset.
fn by_file(
    tx: &redb::ReadTransaction,
    games: &[u32],
) -> Result<Vec<(FileRecord, Vec<Candidate>)>, IndexError> {
    let mut records = Records::new(tx)?;
    let mut files: Vec<(u32, FileRecord, Vec<Candidate>)> = file_records(tx)?
        .into_iter()
        .map(|(id, record)| (id, record, Vec::new()))
        .collect();
    for &game in games {
        let info = records.get(game)?;
        let Some((_, _, list)) = files.iter_mut().find(|(id, _, _)| *id == info.file) else {
            return Err(IndexError::Damaged("a game's file"));
        };
        list.push(Candidate {
            game,
            offset: info.offset,
            line: info.line,
        });
    }
    Ok(files
        .into_iter()
        .filter(|(_, record, _)| !record.ranges.is_empty())
        .map(|(_, record, mut list)| {
            list.sort_unstable_by_key(|c| c.offset);
            (record, list)
        })
        .collect())
}
