//! Merging small segments. Every question looks in every segment, and each run of `jaque
//! index` makes at least one (a file's last batch is committed with it), so an index kept
//! up to date a small file at a time would slow with every file. After a run, adjacent
//! segments of fewer than half a batch of games are merged, until a merged one holds a
//! batch: their postings decoded, sorted again (the radix sort is stable, and the segments
//! come in game order, so a key's games stay in order) and written as one segment under the
//! first one's number, with its summaries, in one transaction.

use redb::{Database, ReadTransaction, ReadableDatabase};

use super::append::BATCH_GAMES;
use super::commit::write_segment;
use super::key::Key;
use super::postings::{self, Entry, Shape};
use super::read::{Records, segments};
use super::store;
use super::{IndexError, store_error};

/// A segment of fewer games than this is merged with its small neighbours.
const SMALL: u32 = (BATCH_GAMES / 2) as u32;

/// Merges the index's runs of adjacent small segments.
pub(super) fn merge_small(db: &Database) -> Result<(), IndexError> {
    let groups = plan(&sizes(&db.begin_read().map_err(store_error)?)?);
    for group in groups {
        // The games' records are read from the last commit, which the merge leaves as is.
        let tx = db.begin_read().map_err(store_error)?;
        let (mut entries, games) = read(&tx, &group)?;
        // Stable, and the segments' sorted runs are what the standard sort merges: a key's
        // games stay in order, the earlier segment's first.
        entries.sort_by_key(|e| e.key());
        write(db, (&group, games), &entries, &mut Records::new(&tx)?)?;
    }
    Ok(())
}

/// The live segments in order, with their games where the index knows them.
fn sizes(tx: &ReadTransaction) -> Result<Vec<(u32, Option<u32>)>, IndexError> {
    let table = store::existing(tx.open_table(store::SEGMENT_GAMES))?;
    let size = |segment: u32| -> Result<Option<u32>, IndexError> {
        let Some(table) = &table else {
            return Ok(None);
        };
        Ok(table.get(segment).map_err(store_error)?.map(|v| v.value()))
    };
    let live = segments(tx)?;
    live.into_iter().map(|s| Ok((s, size(s)?))).collect()
}

/// The groups to merge: runs of at least two adjacent small segments, each closed once it
/// holds a batch of games.
fn plan(sizes: &[(u32, Option<u32>)]) -> Vec<Vec<u32>> {
    let mut groups = Vec::new();
    let (mut run, mut games) = (Vec::new(), 0u32);
    let mut close = |run: &mut Vec<u32>, games: &mut u32| {
        if run.len() >= 2 {
            groups.push(std::mem::take(run));
        }
        run.clear();
        *games = 0;
    };
    for &(segment, size) in sizes {
        match size.filter(|&n| n < SMALL) {
            Some(n) => {
                run.push(segment);
                games = games.saturating_add(n);
                if games as usize >= BATCH_GAMES {
                    close(&mut run, &mut games);
                }
            }
            None => close(&mut run, &mut games),
        }
    }
    close(&mut run, &mut games);
    groups
}

/// The entries of a group's segments, in segment order, and their games.
fn read(tx: &ReadTransaction, group: &[u32]) -> Result<(Vec<Entry>, u32), IndexError> {
    let damaged = || IndexError::Damaged("postings");
    let mut entries = Vec::new();
    let (mut games, sizes) = (0u32, store::existing(tx.open_table(store::SEGMENT_GAMES))?);
    let table = store::existing(tx.open_table(store::POSTINGS))?.ok_or_else(damaged)?;
    for &segment in group {
        let blocks = table.range(whole(segment)).map_err(store_error)?;
        for row in blocks {
            let (key, block) = row.map_err(store_error)?;
            let (_, first) = postings::of_block_key(key.value()).ok_or_else(damaged)?;
            postings::decode(block.value(), first, &mut entries).ok_or_else(damaged)?;
        }
        let size = sizes.as_ref().map(|t| t.get(segment)).transpose();
        let size = size
            .map_err(store_error)?
            .flatten()
            .map_or(0, |v| v.value());
        games = games.saturating_add(size);
    }
    Ok((entries, games))
}

/// The store keys of every block (or summary) of `segment`.
fn whole(segment: u32) -> std::ops::RangeInclusive<u128> {
    let last = Key::from_bits((1 << Key::BITS) - 1).unwrap_or(Key::ZERO);
    postings::block_key(segment, Key::ZERO)..=postings::block_key(segment, last)
}

/// Replaces a group's segments by one of `games` games, under the first's number: `entries`
/// sorted, `records` the games'.
fn write(
    db: &Database,
    (group, games): (&[u32], u32),
    entries: &[Entry],
    records: &mut Records<'_>,
) -> Result<(), IndexError> {
    let Some(&first) = group.first() else {
        return Ok(());
    };
    let tx = db.begin_write().map_err(store_error)?;
    let mut end = first.saturating_add(1);
    {
        let mut merged = tx.open_table(store::MERGED).map_err(store_error)?;
        let mut sizes = tx.open_table(store::SEGMENT_GAMES).map_err(store_error)?;
        for &segment in group {
            let taken = merged.remove(segment).map_err(store_error)?;
            end = end.max(taken.map_or(segment.saturating_add(1), |v| v.value()));
            sizes.remove(segment).map_err(store_error)?;
        }
        merged.insert(first, end).map_err(store_error)?;
        sizes.insert(first, games).map_err(store_error)?;
        for table in [store::POSTINGS, store::HOT] {
            let mut table = tx.open_table(table).map_err(store_error)?;
            for &segment in group {
                table
                    .retain_in(whole(segment), |_, _| false)
                    .map_err(store_error)?;
            }
        }
    }
    let records = std::cell::RefCell::new(records);
    let info = |game: u32| records.borrow_mut().get(game).ok();
    write_segment(&tx, first, entries, Shape::of(entries), info)?;
    tx.commit().map_err(store_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_neighbours_merge_until_a_batch_and_large_ones_stay() {
        let small = Some(SMALL / 4);
        let sizes = [
            (0, small),
            (1, small),
            (2, Some(SMALL * 2)),
            (3, small),
            (5, None),
            (6, small),
            (7, small),
            (8, small),
            (9, small),
            (10, small),
            (11, small),
            (12, small),
            (13, small),
            (14, small),
            (15, small),
        ];
        // 8 quarters of SMALL make a batch: 6..=13 close a group, 14 and 15 make another.
        assert_eq!(
            plan(&sizes),
            [vec![0, 1], vec![6, 7, 8, 9, 10, 11, 12, 13], vec![14, 15]]
        );
    }
}
