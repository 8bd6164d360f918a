//! Players' names, numbered in the order indexing meets them and stored in runs: the names
//! of consecutive numbers in one value under the first number, each as its length (LEB128)
//! and its UTF-8 bytes, a run filling about a page of the store. A row a name would cost
//! an insert a name, twice (name to number and back): most of a build's writes, as a
//! lichess month meets millions of players. A number's name is one range read; a name's
//! number (the `--player` filter) a scan of the runs, a few megabytes at most.

#[cfg(feature = "index")]
use std::collections::HashMap;

use redb::{ReadTransaction, ReadableTable};

use super::bits::get_varint;
use super::{IndexError, store, store_error};
#[cfg(feature = "index")]
use super::{bits::put_varint, postings::BLOCK_BYTES};

/// Writes `names` (numbered consecutively from `first`) as runs.
#[cfg(feature = "index")]
pub(super) fn write(
    tx: &redb::WriteTransaction,
    first: u32,
    names: &[(String, u32)],
) -> Result<(), IndexError> {
    let mut table = tx.open_table(store::PLAYER_NAMES).map_err(store_error)?;
    let mut run = Vec::new();
    let mut run_first = first;
    for (i, (name, _)) in names.iter().enumerate() {
        if !run.is_empty() && run.len() + name.len() + 4 > BLOCK_BYTES {
            table
                .insert(run_first, run.as_slice())
                .map_err(store_error)?;
            run.clear();
            run_first = first + i as u32;
        }
        put_varint(&mut run, name.len() as u64);
        run.extend_from_slice(name.as_bytes());
    }
    if !run.is_empty() {
        table
            .insert(run_first, run.as_slice())
            .map_err(store_error)?;
    }
    Ok(())
}

/// Hands each name of a stored run (numbered from `first`) to `each`; `None` for a damaged
/// run.
fn each_name(first: u32, mut run: &[u8], mut each: impl FnMut(u32, &str)) -> Option<()> {
    let mut id = first;
    while !run.is_empty() {
        let len = usize::try_from(get_varint(&mut run)?).ok()?;
        let (name, rest) = run.split_at_checked(len)?;
        each(id, std::str::from_utf8(name).ok()?);
        (id, run) = (id.checked_add(1)?, rest);
    }
    Some(())
}

/// Every player's number by name, for numbering more games.
#[cfg(feature = "index")]
pub(super) fn all(tx: &ReadTransaction) -> Result<HashMap<String, u32>, IndexError> {
    let mut players = HashMap::new();
    let Some(table) = store::existing(tx.open_table(store::PLAYER_NAMES))? else {
        return Ok(players);
    };
    for row in table.iter().map_err(store_error)? {
        let (first, run) = row.map_err(store_error)?;
        each_name(first.value(), run.value(), |id, name| {
            players.insert(name.to_owned(), id);
        })
        .ok_or(IndexError::Damaged("players"))?;
    }
    Ok(players)
}

/// The names of players by number, read run by run as asked.
pub(super) struct Names {
    table: Option<redb::ReadOnlyTable<u32, &'static [u8]>>,
}

impl Names {
    pub(super) fn new(tx: &ReadTransaction) -> Result<Names, IndexError> {
        let table = store::existing(tx.open_table(store::PLAYER_NAMES))?;
        Ok(Names { table })
    }

    /// The name of player `id` (empty: none, or no such player).
    pub(super) fn get(&self, id: u32) -> Result<String, IndexError> {
        let Some(table) = &self.table else {
            return Ok(String::new());
        };
        let mut runs = table.range(..=id).map_err(store_error)?;
        let Some(row) = runs.next_back() else {
            return Ok(String::new());
        };
        let (first, run) = row.map_err(store_error)?;
        let mut found = String::new();
        each_name(first.value(), run.value(), |at, name| {
            if at == id {
                found = name.to_owned();
            }
        })
        .ok_or(IndexError::Damaged("players"))?;
        Ok(found)
    }
}

/// The number of the player called `name`, if the index knows one.
pub(super) fn number(tx: &ReadTransaction, name: &str) -> Result<Option<u32>, IndexError> {
    let Some(table) = store::existing(tx.open_table(store::PLAYER_NAMES))? else {
        return Ok(None);
    };
    for row in table.iter().map_err(store_error)? {
        let (first, run) = row.map_err(store_error)?;
        let mut found = None;
        each_name(first.value(), run.value(), |id, each| {
            if found.is_none() && each == name {
                found = Some(id);
            }
        })
        .ok_or(IndexError::Damaged("players"))?;
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

#[cfg(all(test, feature = "index"))]
mod tests {
    use super::*;
    use redb::{ReadableDatabase, ReadableTableMetadata};

    #[test]
    fn names_come_back_by_number_and_numbers_by_name_across_runs() {
        let file = std::env::temp_dir().join(format!("jaque-players-{}.db", std::process::id()));
        let db = redb::Database::create(&file).unwrap();
        // Long names, so that they take several runs.
        let names: Vec<(String, u32)> = (0..300)
            .map(|i| (format!("{i:04}{}", "x".repeat(60)), 5 + i))
            .collect();
        let tx = db.begin_write().unwrap();
        write(&tx, 5, &names).unwrap();
        tx.commit().unwrap();
        let tx = db.begin_read().unwrap();
        let runs = tx.open_table(store::PLAYER_NAMES).unwrap().len().unwrap();
        assert!(runs > 1, "{runs} runs");
        let read = Names::new(&tx).unwrap();
        for (name, id) in &names {
            assert_eq!(&read.get(*id).unwrap(), name);
            assert_eq!(number(&tx, name).unwrap(), Some(*id));
        }
        assert_eq!(read.get(4).unwrap(), "");
        assert_eq!(read.get(305).unwrap(), "");
        assert_eq!(number(&tx, "nobody").unwrap(), None);
        let all = all(&tx).unwrap();
        assert_eq!(all.len(), 300);
        assert_eq!(all.get(&names[299].0), Some(&304));
        drop(tx);
        drop(db);
        let _ = std::fs::remove_file(file);
    }
}
