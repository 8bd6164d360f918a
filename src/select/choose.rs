//! Asking a [`Selection`]'s filters of one game after another.

use std::ops::{ControlFlow, Range};

use super::dedupe::{Key, MovesKey, PositionKey};
use super::{Dedupe, Selection};
use crate::input::Settings;
use crate::lint::Level;
use crate::lint::Lints;
use crate::opening::{Classified, Classifier};
use crate::pgn::syntax::{Token, decode, lex};
use crate::pgn::{Checker, GameReport, LineIndex, RawGame, Reached, Tags, Visit};
use crate::position::Position;
use crate::query::Matcher;
use crate::{Code, Severity};

/// What became of a game.
#[derive(Debug)]
pub struct Choice {
    /// It passed the filters (or failed them, with `invert`).
    pub selected: bool,
    /// Its report, when its moves were played: of the whole game where [`Choice::whole`],
    /// else of the plies played until the filters knew enough.
    pub report: Option<GameReport>,
    /// The moves were played to the end: the report holds every diagnostic.
    pub whole: bool,
    /// Its key for [`Duplicates`](super::Duplicates), when it was selected and the selection
    /// drops duplicates.
    pub key: Option<Key>,
    /// Its opening, as lichess names it, when the selection classifies games (and one is
    /// named).
    pub opening: Option<Classified>,
    /// With a query, the mainline plies whose position satisfies it, ascending.
    pub matches: Vec<u32>,
    /// With a query and variations, the moves inside variations that reach a position
    /// satisfying it: the line and column (from 1, in characters) of each one's SAN token in
    /// the input, in the text's order.
    pub variation_matches: Vec<(usize, usize)>,
    /// With a query that sorts, the greatest value of its number at a matched position.
    pub value: Option<u32>,
}

impl Choice {
    /// Whether the game was found to have errors (only a whole report can tell).
    pub fn has_errors(&self) -> bool {
        self.whole && (self.report.as_ref()).is_some_and(|r| r.count(Severity::Error) > 0)
    }
}

/// Asks the filters of a [`Selection`] of games, one after another, with the buffers of one
/// thread.
pub struct Selector<'s> {
    selection: &'s Selection,
    checker: Checker,
    lints: Lints,
    tokens: Vec<Token>,
    /// The query's matcher, lent to each game's walk (its buffers kept across games).
    matcher: Option<Matcher<'s>>,
}

impl<'s> Selector<'s> {
    /// A selector of `selection`, checking games with `settings`' options and lint levels.
    pub fn new(selection: &'s Selection, settings: &Settings) -> Selector<'s> {
        // Only errors matter where no report is written: the warnings are not even looked
        // for (the tag section's lints are most of their cost), but those denied, which
        // count as errors.
        let mut lints = settings.lints;
        if !selection.whole_report {
            for code in Code::ALL {
                if code.severity() == Severity::Warning && lints.level(code) != Level::Deny {
                    let _ = lints.set(code.as_str(), Level::Allow);
                }
            }
        }
        Selector {
            selection,
            checker: Checker::new(settings.options).allowing(&lints),
            lints,
            tokens: Vec::new(),
            matcher: (selection.query.as_ref())
                .map(|query| query.matcher().with_variations(selection.variations)),
        }
    }

    /// Asks the filters of `raw`.
    pub fn select(&mut self, raw: &RawGame) -> Choice {
        let selection = self.selection;
        let tags = selection.reads_tags().then(|| Tags::of_game(&raw.bytes));
        if let Some(tags) = &tags
            && !self.tags_pass(tags)
        {
            return self.chosen(raw, selection.invert, Walked::default());
        }
        let walked = match selection.reads_positions() || selection.reads_whole_game() {
            true => self.walk(raw),
            false => Walked {
                matched: true,
                ..Walked::default()
            },
        };
        let passes = |report: &GameReport| self.game_passes(report);
        let matched = walked.matched && walked.report.as_ref().is_none_or(passes);
        self.chosen(raw, matched != selection.invert, walked)
    }

    /// The tag filters.
    fn tags_pass(&self, tags: &Tags) -> bool {
        let selection = self.selection;
        let player = |regex: &regex_lite::Regex| {
            let plays = |colour| tags.last(colour).is_some_and(|name| regex.is_match(name));
            plays("White") || plays("Black")
        };
        selection.tags.iter().all(|filter| filter.matches(tags))
            && selection.player.as_ref().is_none_or(player)
            && (selection.results.as_ref())
                .is_none_or(|results| tags.last("Result").is_some_and(|r| results.contains(r)))
    }

    /// Plays the game as far as the filters need: whether every position wanted was
    /// reached, the report, whether it covers the whole game, the opening.
    fn walk(&mut self, raw: &RawGame) -> Walked {
        let selection = self.selection;
        let mut matcher = self.matcher.take();
        if let Some(matcher) = &mut matcher {
            matcher.clear();
        }
        let mut positions = Positions::new(selection, !selection.reads_whole_game(), matcher);
        let mut report = self.checker.check_visiting(raw, &mut positions);
        report.apply(&self.lints);
        let opening = positions.classifier.and_then(|c| c.classified());
        let (matches, variation_moves, value) = match &mut positions.matcher {
            Some(matcher) => (
                Some(matcher.plies()),
                matcher.variation_moves(),
                matcher.value(),
            ),
            None => (None, Vec::new(), None),
        };
        let queried = matches
            .as_ref()
            .is_none_or(|m| !m.is_empty() || !variation_moves.is_empty());
        let variation_matches = placed(raw, &variation_moves);
        self.matcher = positions.matcher.take();
        Walked {
            matched: positions.found.iter().all(|&f| f)
                && positions.patterned
                && selection.opening_passes(opening)
                && queried,
            report: Some(report),
            whole: !positions.stopped,
            opening,
            matches: matches.unwrap_or_default(),
            variation_matches,
            value,
        }
    }

    /// The filters on the whole game.
    fn game_passes(&self, report: &GameReport) -> bool {
        let selection = self.selection;
        (selection.plies.as_ref()).is_none_or(|plies| plies.contains(report.plies))
            && (selection.statuses.is_empty()
                || (report.status_code()).is_some_and(|s| selection.statuses.contains(&s)))
            && (!selection.valid || report.count(Severity::Error) == 0)
    }

    /// The choice made, with what a selected game needs besides: its whole report (for a
    /// selection that writes reports or keys games by their final position), its opening
    /// and its key for duplicates.
    fn chosen(&mut self, raw: &RawGame, selected: bool, walked: Walked) -> Choice {
        let selection = self.selection;
        let Walked {
            mut report,
            mut whole,
            mut opening,
            matches,
            variation_matches,
            value,
            ..
        } = walked;
        // A game failing a tag filter was not played, and `--invert` may select it: its
        // report, its final position for `--dedupe=position` and its opening come from
        // playing it now.
        let position_key = selection.dedupe == Some(Dedupe::Position);
        let unnamed = selection.classify && report.is_none();
        if selected && (((selection.whole_report || position_key) && !whole) || unnamed) {
            let mut positions = Positions::new(selection, false, None);
            let mut full = self.checker.check_visiting(raw, &mut positions);
            full.apply(&self.lints);
            opening = positions
                .classifier
                .and_then(|c| c.classified())
                .or(opening);
            (report, whole) = (Some(full), true);
        }
        let key = match (selected, selection.dedupe) {
            (true, Some(Dedupe::Moves)) => Some(Key::Moves(self.moves_key(raw, report.is_some()))),
            (true, Some(Dedupe::Position)) => report.as_ref().map(|report| {
                let position = report.final_position.unwrap_or_else(Position::starting);
                Key::Position(PositionKey::new(position, report.plies))
            }),
            _ => None,
        };
        Choice {
            selected,
            report,
            whole,
            key,
            opening: opening.filter(|_| selected),
            matches,
            variation_matches,
            value,
        }
    }

    /// The moves' key of `raw`, from the checker's tokens if it has just lexed the game.
    fn moves_key(&mut self, raw: &RawGame, checked: bool) -> MovesKey {
        let (text, _) = decode(&raw.bytes);
        let tokens = match checked && !self.checker.tokens().is_empty() {
            true => self.checker.tokens(),
            false => {
                lex(&text, &mut self.tokens);
                &self.tokens
            }
        };
        let fen = (tokens.iter()).rev().find_map(|token| match &token.kind {
            crate::pgn::syntax::TokenKind::Tag { name, value }
                if text.get(name.clone()) == Some("FEN") =>
            {
                text.get(value.clone())
            }
            _ => None,
        });
        MovesKey::new(&text, tokens, fen)
    }
}

/// What walking a game told.
#[derive(Default)]
struct Walked {
    /// Every position wanted was reached and the opening passes.
    matched: bool,
    report: Option<GameReport>,
    /// The report is of the whole game.
    whole: bool,
    opening: Option<Classified>,
    matches: Vec<u32>,
    variation_matches: Vec<(usize, usize)>,
    value: Option<u32>,
}

/// The lines and columns of `spans` in `raw`'s text (as the checker decoded it).
fn placed(raw: &RawGame, spans: &[Range<usize>]) -> Vec<(usize, usize)> {
    if spans.is_empty() {
        return Vec::new();
    }
    let (text, _) = decode(&raw.bytes);
    let lines = LineIndex::new(&text, raw.line);
    spans
        .iter()
        .map(|span| lines.line_column(span.start))
        .collect()
}

/// The walk's visitor: which wanted positions were reached, the opening; stops the walk
/// where it may.
struct Positions<'s> {
    selection: &'s Selection,
    found: Vec<bool>,
    classifier: Option<Classifier>,
    /// No later position can be named: the classification is final.
    named_all: bool,
    /// A position matched the pattern (or there is none).
    patterned: bool,
    /// No filter needs the rest of the game once the positions are decided.
    may_stop: bool,
    stopped: bool,
    /// The query's matcher, lent by the selector for this walk.
    matcher: Option<Matcher<'s>>,
    /// Only the query asks about positions (no target, pattern or opening to name): a
    /// move needs nothing more than the matcher.
    only_query: bool,
}

impl<'s> Positions<'s> {
    /// The visitor of `selection`'s position filters and classification; `may_stop`: no
    /// filter needs the rest of a game once they are decided.
    fn new(
        selection: &'s Selection,
        may_stop: bool,
        matcher: Option<Matcher<'s>>,
    ) -> Positions<'s> {
        let classifier = selection.names_openings().then(Classifier::new);
        Positions {
            selection,
            found: vec![false; selection.targets.len()],
            only_query: matcher.is_some()
                && selection.targets.is_empty()
                && selection.patterns.is_empty()
                && classifier.is_none(),
            classifier,
            named_all: false,
            patterned: selection.patterns.is_empty(),
            may_stop,
            stopped: false,
            matcher,
        }
    }

    /// Ends the walk where it may stop and the game is `decided`.
    fn stop_if(&mut self, decided: bool) -> ControlFlow<()> {
        if self.may_stop && decided {
            self.stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

impl Visit for Positions<'_> {
    fn variations(&self) -> bool {
        self.selection.variations
    }

    fn moved(&mut self, reached: &Reached<'_>) -> ControlFlow<()> {
        if let Some(matcher) = &mut self.matcher {
            let _ = matcher.moved(reached);
            if self.only_query {
                // Past a lost pawn no mainline position matches; a variation may still.
                let lost = matcher.lost() && !self.selection.variations;
                let decided = !self.selection.every_match() && matcher.found_one();
                return self.stop_if(lost || decided);
            }
        }
        self.position(reached.ply, reached.depth, reached.after)
    }

    fn opened(&mut self) {
        if let Some(matcher) = &mut self.matcher {
            matcher.opened();
        }
    }

    fn closed(&mut self, depth: usize) {
        if let Some(matcher) = &mut self.matcher {
            matcher.closed(depth);
        }
    }

    fn position(&mut self, ply: usize, depth: usize, position: &Position) -> ControlFlow<()> {
        let targets = &self.selection.targets;
        let mut all = true;
        let mut hopeless = false;
        for (target, found) in targets.iter().zip(&mut self.found) {
            if !*found {
                *found = target.is(position);
                // Only on the mainline, and without variations: a variation may start
                // before the position that ruled a target out.
                hopeless |= !*found
                    && depth == 0
                    && !self.selection.variations
                    && !target.reachable_from(position);
            }
            all &= *found;
        }
        if depth == 0
            && ply > 0
            && !self.named_all
            && let Some(classifier) = &mut self.classifier
        {
            self.named_all = !classifier.visit(ply, position);
        }
        if depth == 0 && !self.patterned {
            self.patterned = self.selection.patterns.iter().any(|p| p.matches(position));
        }
        if ply == 0
            && let Some(matcher) = &mut self.matcher
        {
            let _ = matcher.position(ply, depth, position);
        }
        let named = self.classifier.is_none() || self.named_all;
        // A query's matches are reported with the whole report or when all are wanted
        // (`every_match`); else one is enough.
        let queried = match &self.matcher {
            None => true,
            Some(matcher) => !self.selection.every_match() && matcher.found_one(),
        };
        let decided = all && named && self.patterned && queried;
        self.stop_if(hopeless || decided)
    }
}
