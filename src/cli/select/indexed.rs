//! `jaque query QUERY DB`: the games of an index that the query may match, read from their
//! files and matched as `jaque query QUERY FILE…` matches them, the others skipped. The index
//! tells which games may match ([`jaque::index::candidates`]). A plain file of which few are
//! wanted is read by a seek to each, a compressed one whose text the index keeps by a lookup
//! to each; any other file that holds some is read through up to its last, only those
//! checked (on the pipeline's threads). Games come in the index's order
//! of files and by offset; a game's `game` number is its number in the index.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use jaque::index::FileRecord;
use jaque::index::Index;
use jaque::index::candidates::Candidate;
use jaque::index::find::FileGames;
use jaque::input::{Pipeline, Settings};
use jaque::json::{Array, Escaped, Object};
use jaque::pgn::RawGame;
use jaque::query::Necessary;
use jaque::select::{Picks, Selection, pick};

use super::super::input::Input;
use super::super::lints::Flags;
use super::super::progress::Progress;
use super::super::{Global, Outcome};
use super::{Run, SelectArgs, selection, settings};

/// What the index held and let through, for the summary.
pub struct Skipped {
    /// Games the index holds.
    held: usize,
    /// Of those, read.
    read: usize,
    /// What told them apart: `position`, `material` (none: every game was read).
    by: Vec<&'static str>,
}

impl Skipped {
    /// The summary line's end: `; read 120 of the index's 3000 games (by material)`.
    pub fn text(&self) -> String {
        let by = match self.by.is_empty() {
            true => "nothing skipped: the query names no position or material".to_string(),
            false => format!("the others skipped by {}", self.by.join(" and ")),
        };
        format!(
            "; read {} of the index's {} games ({by})",
            self.read, self.held
        )
    }

    /// `"index": {"games", "read", "skipped_by"}` in the JSON summary.
    pub fn json(&self, summary: &mut Object<'_>) {
        let mut index = Object::open(summary.key("index"));
        index.field("games", self.held);
        index.field("read", self.read);
        let mut by = Array::open(index.key("skipped_by"));
        for name in &self.by {
            by.item()
                .extend_from_slice(format!("\"{name}\"").as_bytes());
        }
        by.close();
        index.close();
    }
}

/// Runs a query (in `args`) over the games of the index at `db`, reading only those that
/// may hold what `needs` says.
pub fn run_indexed(
    args: SelectArgs,
    flags: Flags,
    global: Global,
    db: &Path,
    needs: &Necessary,
) -> Outcome {
    let Some((selection, games)) = selection(&args, &global) else {
        return Outcome::Failed;
    };
    let found =
        Index::open(db).and_then(|index| Ok((index.candidates(needs, args.variations)?, index)));
    let Some((candidates, index)) = found
        .map_err(|e| eprintln!("error: {}: {e}", db.display()))
        .ok()
    else {
        return Outcome::Failed;
    };
    let Some(pipeline) = super::pipeline(args.jobs) else {
        return Outcome::Failed;
    };
    let read: Vec<(&FileRecord, &Vec<Candidate>)> = (candidates.files.iter())
        .filter(|(_, list)| !list.is_empty())
        .map(|(record, list)| (record, list))
        .collect();
    let inputs: Vec<Input> = (read.iter())
        .map(|(record, _)| Input::file(PathBuf::from(&record.path)))
        .collect();
    let mut progress = Progress::new(!args.no_progress && !global.quiet, &inputs);
    let Some(mut run) = Run::start(&args, games, &progress) else {
        return Outcome::Failed;
    };
    run.index = Some(Skipped {
        held: usize::try_from(candidates.games).unwrap_or(usize::MAX),
        read: read.iter().map(|(_, list)| list.len()).sum(),
        by: candidates.by.clone(),
    });
    // Files with no game to read count as read.
    run.totals.files = candidates.files.len() - read.len();
    let mut failed = false;
    for (input, (record, list)) in inputs.iter().zip(&read) {
        if run.totals.done {
            break;
        }
        let Ok(settings) = settings(&args, &flags, input) else {
            return Outcome::Failed;
        };
        let file = (input, *record, index.file_games(record), (*list).clone());
        failed |= !run.indexed_input(file, &selection, &settings, &pipeline, &mut progress);
    }
    progress.finish();
    run.finish(&global, failed)
}

impl Run<'_> {
    /// Reads the games `list` of one file (`games` as the index reaches them); `false` when
    /// it cannot be read or changed since (said once).
    fn indexed_input(
        &mut self,
        (input, record, games, list): (&Input, &FileRecord, Read, Vec<Candidate>),
        selection: &Arc<Selection>,
        settings: &Settings,
        pipeline: &Pipeline,
        progress: &mut Progress,
    ) -> bool {
        let result = match games {
            Err(problem) => Err(io::Error::other(problem)),
            Ok(games) if games.kept() || games.seeks() && sparse(list.len(), record.size) => {
                self.seek_candidates(games, &name_of(input), list, selection, settings)
            }
            Ok(_) => self.read_candidates(input, list, selection, settings, pipeline, progress),
        };
        self.input_read(input, result, progress)
    }

    /// Reads a file up to its last game in `list`, checking only those.
    fn read_candidates(
        &mut self,
        input: &Input,
        list: Vec<Candidate>,
        selection: &Arc<Selection>,
        settings: &Settings,
        pipeline: &Pipeline,
        progress: &mut Progress,
    ) -> io::Result<()> {
        let last = list.last().map_or(0, |c| c.offset);
        let list = Arc::new(list);
        let reader = progress.open(input)?;
        let work = {
            let (selection, settings) = (Arc::clone(selection), settings.clone());
            move |batch: &[RawGame]| wanted(&selection, &settings, &list, batch)
        };
        let name = Escaped::new(input.name());
        for result in pipeline.run(reader, settings, work)? {
            let (picks, through) = result?;
            progress.advance(picks.read);
            self.batch(picks, 0, &name)?;
            if self.totals.done || through >= last {
                break;
            }
        }
        Ok(())
    }
}

impl Run<'_> {
    /// Reads the games `list` of a file each at its offset (a seek in a plain file, a
    /// lookup of kept text), checking them here.
    fn seek_candidates(
        &mut self,
        mut games: FileGames,
        name: &Escaped,
        list: Vec<Candidate>,
        selection: &Selection,
        settings: &Settings,
    ) -> io::Result<()> {
        for chunk in list.chunks(SEEKS_A_BATCH) {
            let mut raws = Vec::with_capacity(chunk.len());
            for candidate in chunk {
                let Some(mut raw) = games.game_at(candidate.offset)? else {
                    return Err(io::Error::other(
                        "no game at the offset the index holds: changed since it was indexed",
                    ));
                };
                raw.offset = candidate.offset;
                raw.line = candidate.line as usize;
                raw.index = candidate.game as usize;
                raws.push(raw);
            }
            self.batch(pick(selection, settings, &raws), 0, name)?;
            if self.totals.done {
                break;
            }
        }
        Ok(())
    }
}

/// Games checked at a time when each is read by a seek.
const SEEKS_A_BATCH: usize = 256;

/// The bytes a seek reads, about: a buffer's worth.
const SEEK_BYTES: u64 = 16 << 10;

/// A file's games as the index reaches them, or why they cannot be read.
type Read = Result<FileGames, String>;

/// Whether `games` of a file of `size` bytes are few enough that a seek to each reads less
/// than a quarter of the file (else it is read through, on the pipeline's threads).
fn sparse(games: usize, size: u64) -> bool {
    (games as u64).saturating_mul(SEEK_BYTES) < size / 4
}

fn name_of(input: &Input) -> Escaped {
    Escaped::new(input.name())
}

/// The batch's games that are in `list`, numbered as the index numbers them, through the
/// selection; and the offset of the batch's last game.
fn wanted(
    selection: &Selection,
    settings: &Settings,
    list: &[Candidate],
    batch: &[RawGame],
) -> (Picks, u64) {
    let kept: Vec<RawGame> = (batch.iter())
        .filter_map(|raw| {
            let at = list.binary_search_by_key(&raw.offset, |c| c.offset).ok()?;
            let candidate = list.get(at)?;
            let mut raw = raw.clone();
            raw.index = candidate.game as usize;
            Some(raw)
        })
        .collect();
    let mut picks = pick(selection, settings, &kept);
    picks.read = batch.iter().map(|r| r.bytes.len() as u64 + r.skipped).sum();
    (picks, batch.last().map_or(0, |r| r.offset))
}
