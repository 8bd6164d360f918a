//! `jaque select [FILE…] [FILTERS]`: the games that pass every filter, written byte for byte
//! as they were read (or as `check --json` objects), duplicates dropped on request; a
//! summary on standard error says how many games were read, selected and had errors.

use std::borrow::Cow;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use jaque::input::{Pipeline, Settings};
use jaque::json::{self, Array, Escaped, Object};
use jaque::pgn::Options;
use jaque::select::{
    Between, Choice, Dedupe, Duplicates, Picked, Picks, Selection, pick, with_comments, with_tags,
};

use super::input::{Input, Unnamed, expand, say_no_games};
use super::lints::Flags;
use super::progress::Progress;
use super::staged::Staging;
use super::stdout::StdoutBuffer;
use super::{Global, Outcome, render};

mod args;
mod indexed;
mod ranked;
mod write;

pub use args::SelectArgs;
pub use indexed::run_indexed;
use ranked::{Output, Ranked};
use write::Sink;

/// What was read and written.
#[derive(Default)]
struct Totals {
    files: usize,
    games: usize,
    played: usize,
    selected: usize,
    duplicates: usize,
    with_errors: usize,
    /// `--limit` or `--games` is met: nothing more is wanted.
    done: bool,
}

/// The run's state across inputs.
struct Run<'a> {
    args: &'a SelectArgs,
    games: Option<Between>,
    duplicates: Duplicates,
    dropped: Option<Sink>,
    sink: Sink,
    /// The files written, put in place at the end of a run that did not fail.
    staging: Staging,
    totals: Totals,
    /// `--sort`: the games held until the end.
    ranked: Option<Ranked>,
    /// Reading an index's games: what it held and let through.
    index: Option<indexed::Skipped>,
}

/// The threads checking games, `jobs` of them (default: all cores), or why they could not
/// start (said).
fn pipeline(jobs: Option<usize>) -> Option<Pipeline> {
    let threads = Settings {
        jobs,
        ..Settings::default()
    }
    .threads();
    Pipeline::new(threads)
        .map_err(|error| eprintln!("error: cannot start {threads} threads: {error}"))
        .ok()
}

pub fn run(args: SelectArgs, flags: Flags, global: Global) -> Outcome {
    let Some((selection, games)) = selection(&args, &global) else {
        return Outcome::Failed;
    };
    let (inputs, walked) = match expand(&args.files, Unnamed::Stdin("select")) {
        Ok(expanded) => expanded,
        Err(outcome) => return outcome,
    };
    let Some(pipeline) = pipeline(args.jobs) else {
        return Outcome::Failed;
    };
    let mut progress = Progress::new(!args.no_progress && !global.quiet, &inputs);
    let Some(mut run) = Run::start(&args, games, &progress) else {
        return Outcome::Failed;
    };
    let mut failed = !walked || !run.against(selection.dedupe, &pipeline, &flags);
    for input in &inputs {
        if run.totals.done {
            break;
        }
        let settings = match settings(&args, &flags, input) {
            Ok(settings) => settings,
            Err(()) => return Outcome::Failed,
        };
        failed |= !run.input(input, &selection, &settings, &pipeline, &mut progress);
    }
    progress.finish();
    run.finish(&global, failed)
}

/// The filters read, and `--games`; what cannot be read is said, and `None`.
fn selection(args: &SelectArgs, global: &Global) -> Option<(Arc<Selection>, Option<Between>)> {
    match (args::filters(args).selection(), args::games(args)) {
        (Ok(selection), Ok(games)) => Some((Arc::new(selection), games)),
        (selection, games) => {
            let mut bad = selection.err().unwrap_or_default();
            bad.extend(games.err());
            let color = global.color.stderr();
            for filter in bad {
                let flag = format!("--{}", filter.name);
                eprintln!(
                    "{}",
                    render::argument(&flag, &filter.text, &filter.error, color)
                );
            }
            None
        }
    }
}

/// How the games of `input` are read: its lint levels, the piece letters' language.
fn settings(args: &SelectArgs, flags: &Flags, input: &Input) -> Result<Settings, ()> {
    let lints = flags
        .lints_for(input.path())
        .map_err(|error| eprintln!("error: {error}"))?;
    Ok(Settings {
        options: Options { lang: args.lang },
        lints,
        jobs: args.jobs,
        ..Settings::default()
    })
}

impl<'a> Run<'a> {
    /// Opens the outputs.
    fn start(args: &'a SelectArgs, games: Option<Between>, progress: &Progress) -> Option<Run<'a>> {
        let staging = Staging::new();
        let open = |path: &PathBuf| {
            Sink::file(&staging, path)
                .map_err(|e| eprintln!("error: cannot write {}: {e}", path.display()))
        };
        let sink = match (&args.output, args.split) {
            (Some(base), _) if args.split_by.is_some() => Sink::ByEco {
                base: base.clone(),
                files: Default::default(),
            },
            (Some(base), Some(per_file)) => Sink::Split {
                base: base.clone(),
                per_file: per_file.max(1),
                written: 0,
                file: None,
            },
            (Some(path), None) => open(path).ok()?,
            (None, _) => Sink::Stdout(StdoutBuffer::above(progress.bar())),
        };
        let dropped = match &args.duplicates {
            Some(path) => Some(open(path).ok()?),
            None => None,
        };
        Some(Run {
            args,
            games,
            duplicates: Duplicates::new(args.lang),
            dropped,
            sink,
            staging,
            totals: Totals::default(),
            ranked: args.sort.as_ref().map(|_| Ranked::new(args.limit)),
            index: None,
        })
    }

    /// `--dedupe-against`: the games of the reference files, kept as seen. `false` if one
    /// cannot be read.
    fn against(&mut self, dedupe: Option<Dedupe>, pipeline: &Pipeline, flags: &Flags) -> bool {
        let dedupe = dedupe.unwrap_or(Dedupe::Moves);
        let reference = Arc::new(Selection {
            dedupe: Some(dedupe),
            ..Selection::default()
        });
        for path in &self.args.dedupe_against {
            let input = Input::file(path.clone());
            let Ok(settings) = settings(self.args, flags, &input) else {
                return false;
            };
            let mut read = || -> io::Result<()> {
                let work = {
                    let (reference, settings) = (Arc::clone(&reference), settings.clone());
                    move |batch: &[jaque::pgn::RawGame]| pick(&reference, &settings, batch)
                };
                for picks in pipeline.run(input.open()?, &settings, work)? {
                    for picked in picks?.picked {
                        if let Some(key) = picked.choice.key {
                            self.duplicates.first(key);
                        }
                    }
                }
                Ok(())
            };
            if let Err(error) = read() {
                eprintln!("error: cannot read {}: {error}", path.display());
                return false;
            }
        }
        true
    }

    /// Selects the games of one input; `false` when it cannot be read (said once, and the
    /// input not counted as read). An input without games is said.
    fn input(
        &mut self,
        input: &Input,
        selection: &Arc<Selection>,
        settings: &Settings,
        pipeline: &Pipeline,
        progress: &mut Progress,
    ) -> bool {
        let before = self.totals.games;
        let result = self.select_games(input, selection, settings, pipeline, progress);
        let read = self.input_read(input, result, progress);
        if read && self.totals.games == before && !self.totals.done {
            progress.suspend(|| say_no_games(input));
        }
        read
    }

    /// Counts an input read to its end (`--limit` may end it before), or says why it could
    /// not be: `false`.
    fn input_read(&mut self, input: &Input, result: io::Result<()>, progress: &Progress) -> bool {
        match result {
            Ok(()) => {
                self.totals.files += 1;
                true
            }
            Err(error) => {
                let _ = self.sink.flush();
                progress.suspend(|| eprintln!("error: cannot read {}: {error}", input.name()));
                false
            }
        }
    }

    /// Selects the games of one input.
    fn select_games(
        &mut self,
        input: &Input,
        selection: &Arc<Selection>,
        settings: &Settings,
        pipeline: &Pipeline,
        progress: &mut Progress,
    ) -> io::Result<()> {
        let reader = progress.open(input)?;
        let work = {
            let (selection, settings) = (Arc::clone(selection), settings.clone());
            move |batch: &[jaque::pgn::RawGame]| pick(&selection, &settings, batch)
        };
        let name = Escaped::new(input.name());
        let before = self.totals.games;
        for picks in pipeline.run(reader, settings, work)? {
            let picks = picks?;
            progress.advance(picks.read);
            self.batch(picks, before, &name)?;
            if self.totals.done {
                break;
            }
        }
        Ok(())
    }

    /// A batch's selected games through `--games`, the duplicates and `--limit`, out.
    fn batch(&mut self, picks: Picks, before: usize, name: &Escaped) -> io::Result<()> {
        self.totals.games += picks.games;
        self.totals.played += picks.played;
        self.totals.with_errors += picks.with_errors;
        for picked in picks.picked {
            let global = before + picked.index;
            if let Some(games) = self.games {
                if global + 1 > games.most() {
                    self.totals.done = true;
                    break;
                }
                if !games.contains(global + 1) {
                    continue;
                }
            }
            // With a sort, the limit is on the games in its order: all are read.
            if self.ranked.is_none()
                && (self.args.limit).is_some_and(|limit| self.totals.selected >= limit)
            {
                self.totals.done = true;
                break;
            }
            if let Some(key) = picked.choice.key.clone()
                && !self.duplicates.first(key)
            {
                self.totals.duplicates += 1;
                if let Some(dropped) = &mut self.dropped {
                    dropped.game(&picked.bytes, None, &self.staging)?;
                }
                continue;
            }
            self.totals.selected += 1;
            if !self.args.count {
                self.write(&picked, global, name)?;
            }
        }
        Ok(())
    }

    /// Writes one selected game, or with `--sort` holds it until the end.
    fn write(&mut self, picked: &Picked, global: usize, name: &Escaped) -> io::Result<()> {
        let output = self.output(picked, global, name);
        match &mut self.ranked {
            Some(ranked) => {
                ranked.push(picked.choice.value, output);
                Ok(())
            }
            None => emit(&mut self.sink, output, &self.staging),
        }
    }

    /// What one selected game writes: its bytes (with its opening's tags for
    /// `--add-opening`, the comments of `--mark`), or its JSON object.
    fn output<'p>(&self, picked: &'p Picked, global: usize, name: &Escaped) -> Output<'p> {
        let opening = picked.choice.opening;
        let eco = opening.map(|c| c.opening.eco);
        let bytes = match &self.args.mark {
            Some(text) => Cow::Owned(with_comments(&picked.bytes, &picked.choice.matches, text)),
            None => Cow::Borrowed(&picked.bytes[..]),
        };
        match (&picked.choice.report, self.args.json) {
            (Some(report), true) => {
                let mut line = Vec::with_capacity(1024);
                json::game_with(
                    &mut line,
                    name,
                    global,
                    report,
                    |object: &mut Object<'_>| {
                        if self.args.query.is_some() {
                            matches(object, &picked.choice, self.args.variations);
                        }
                        if self.args.sort.is_some() {
                            let value = picked.choice.value.map(|v| v as usize);
                            object.field("sort", value.as_ref());
                        }
                        let Some(classified) = opening else {
                            return object.field("opening", None::<&str>);
                        };
                        let mut field = Object::open(object.key("opening"));
                        field.field("eco", classified.opening.eco);
                        field.field("name", classified.opening.name);
                        field.field("ply", classified.ply);
                        field.close();
                    },
                );
                Output::Line(line)
            }
            _ => match opening.filter(|_| self.args.add_opening) {
                Some(c) => {
                    let tags = [("ECO", c.opening.eco), ("Opening", c.opening.name)];
                    let bytes = Cow::Owned(with_tags(&bytes, &tags));
                    Output::Game { bytes, eco }
                }
                None => Output::Game { bytes, eco },
            },
        }
    }

    /// The summary (standard error, and a JSON line with `--json`), and the exit status:
    /// 0 when a game was selected, 1 when none was (as grep), 2 when something failed.
    fn finish(self, global: &Global, failed: bool) -> Outcome {
        let Run {
            args,
            mut sink,
            mut dropped,
            staging,
            totals: mut t,
            ranked,
            index,
            ..
        } = self;
        let mut written = true;
        if let Some(ranked) = ranked {
            // All were read: the limit is on the games in the sort's order.
            t.selected = t.selected.min(args.limit.unwrap_or(usize::MAX));
            for output in ranked.into_sorted() {
                written &= emit(&mut sink, output, &staging).is_ok();
            }
        }
        if args.count {
            let _ = sink.line(format!("{}", t.selected).as_bytes(), &staging);
        }
        if args.json {
            let mut line = Vec::new();
            let mut object = Object::open(&mut line);
            let mut summary = Object::open(object.key("summary"));
            summary.field("files", t.files);
            summary.field("games", t.games);
            summary.field("selected", t.selected);
            summary.field("duplicates", t.duplicates);
            summary.field("games_with_errors", t.with_errors);
            if let Some(index) = &index {
                index.json(&mut summary);
            }
            summary.close();
            object.close();
            let _ = sink.line(&line, &staging);
        }
        let flushed = sink.flush().is_ok() && dropped.as_mut().is_none_or(|d| d.flush().is_ok());
        drop((sink, dropped));
        // The files go in place, whole, only when the run did not fail; else none does.
        let placed = !failed
            && written
            && flushed
            && staging
                .commit()
                .map_err(|e| eprintln!("error: cannot write the selected games: {e}"))
                .is_ok();
        if !placed && (args.output.is_some() || args.duplicates.is_some()) {
            eprintln!("note: no file written: the run did not complete");
        }
        if !global.quiet {
            let skipped = index.as_ref().map(indexed::Skipped::text);
            eprintln!("{}{}", summary(&t), skipped.unwrap_or_default());
        }
        match (placed, t.selected) {
            (false, _) => Outcome::Failed,
            (true, 0) => Outcome::Errors,
            (true, _) => Outcome::Clean,
        }
    }
}

/// Writes one game's output.
fn emit(sink: &mut Sink, output: Output<'_>, staging: &Staging) -> io::Result<()> {
    match output {
        Output::Game { bytes, eco } => sink.game(&bytes, eco, staging),
        Output::Line(line) => sink.line(&line, staging),
    }
}

/// A query's `matches` (mainline plies) and, with variations, `variation_matches` (the line
/// and column of each move inside a variation that reached a match).
fn matches(object: &mut Object<'_>, choice: &Choice, variations: bool) {
    let mut plies = Array::open(object.key("matches"));
    for &ply in &choice.matches {
        plies.item().extend_from_slice(ply.to_string().as_bytes());
    }
    plies.close();
    if !variations {
        return;
    }
    let mut places = Array::open(object.key("variation_matches"));
    for &(line, column) in &choice.variation_matches {
        let mut place = Object::open(places.item());
        place.field("line", line);
        place.field("column", column);
        place.close();
    }
    places.close();
}

/// The summary line: games read, selected, dropped as duplicates, with errors.
fn summary(t: &Totals) -> String {
    let count = super::plural;
    let files = count(t.files, "file", "files");
    let mut text = format!(
        "selected {} of {} ({files})",
        t.selected,
        count(t.games, "game", "games")
    );
    if t.duplicates > 0 {
        text += &format!(
            ", {} dropped",
            count(t.duplicates, "duplicate", "duplicates")
        );
    }
    text += &match (t.played, t.with_errors) {
        (played, errors) if played == t.games => format!("; {errors} with errors"),
        (0, _) => "; errors not looked for: no game was played to its end (`jaque check` \
                   checks every move)"
            .into(),
        (played, errors) => {
            format!("; {errors} with errors of the {played} games played to their end")
        }
    };
    text
}
