//! Checking one game: tags, then every move of every line of play from its own branch
//! position, then the result against the final position. Variations are walked with an
//! explicit stack, so no nesting a file contains can overflow the call stack.

pub mod fields;
mod mainline;
mod placement;
mod record;
mod report;
mod result;
mod roster;
mod syntax;
mod tags;
mod visit;
mod walk;

pub use mainline::Mainline;
#[cfg(feature = "query")]
pub(crate) use placement::place_one;
pub use placement::{LineIndex, line_starts};
pub use record::{GameRecord, LineRecord, MoveRecord, TagRecord};
pub use report::{GameDiagnostic, GameReport};
pub use visit::{Reached, Visit};
pub use walk::Verdict;

use super::split::RawGame;
use super::syntax::{Lexed, Outcome, Token, TokenKind, decode, lex};
use super::tags::Tags;
use super::text::{NotText, judge as judge_text};
use crate::diagnostic::{CodeSet, Family};
use crate::lint::Lints;
use crate::moves::Move;
use crate::position::Position;
use crate::san::Lang;
use report::Collector;
use result::End;
use tags::Start;
use walk::{Line, Listener, Walked, walk};

/// Variations nested deeper than this are skipped (and reported), to bound memory: far
/// deeper than any annotator nests them.
pub const MAX_VARIATION_DEPTH: usize = 1024;

/// At most this many diagnostics are kept per game; the rest are counted.
pub const MAX_DIAGNOSTICS_PER_GAME: usize = 1000;

/// How games are checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The language of the piece letters.
    pub lang: Lang,
}

/// Checks games one after another with the same buffers: how to check many games. A fresh
/// token buffer for every game, as [`check_game`] takes, comes cold from the allocator, and
/// filling cold pages is a measurable part of checking a typical game.
///
/// ```
/// use jaque::pgn::{Checker, Options, Splitter};
/// let text = "1. e4 e5 *\n\n1. d4 d5 2. c4 *\n";
/// let mut checker = Checker::new(Options::default());
/// let plies: Vec<usize> = Splitter::new(text.as_bytes())
///     .map(|game| checker.check(&game.unwrap()).plies)
///     .collect();
/// assert_eq!(plies, [2, 3]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Checker {
    options: Options,
    buffers: Buffers,
    /// The codes whose diagnostics are left out (see [`Checker::allowing`]).
    allowed: CodeSet,
}

/// What checking a game needs room for, kept by a [`Checker`] from game to game.
#[derive(Clone, Debug, Default)]
struct Buffers {
    tokens: Vec<Token>,
    moves: Vec<Option<Move>>,
    lines: Vec<Line>,
}

impl Checker {
    /// A checker with no game read yet.
    pub fn new(options: Options) -> Checker {
        Checker {
            options,
            buffers: Buffers::default(),
            allowed: CodeSet::default(),
        }
    }

    /// This checker, leaving out of its reports the diagnostics that `lints` allow: what
    /// [`GameReport::apply`] with `lints` drops, and no more (a report is the same after
    /// that, but for its [`GameReport::text`], kept only where some diagnostic is). Where
    /// `lints` allow every lint of the tag section (the codes of [`Family::Tags`]), the
    /// section is not looked at for them at all.
    ///
    /// ```
    /// use jaque::lint::{Level, Lints};
    /// use jaque::pgn::{Checker, Options, Splitter};
    /// let text = "[White \"Tal\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n";
    /// let game = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
    /// let mut lints = Lints::default();
    /// lints.set("warnings", Level::Allow).unwrap();
    /// let mut all = Checker::new(Options::default()).check(&game);
    /// assert_eq!(all.diagnostics.len(), 2); // the roster, and Qxf7 without its #
    /// all.apply(&lints);
    /// let allowed = Checker::new(Options::default()).allowing(&lints).check(&game);
    /// assert_eq!((allowed.diagnostics, all.diagnostics), (vec![], vec![]));
    /// ```
    pub fn allowing(mut self, lints: &Lints) -> Checker {
        self.allowed = lints.allowed();
        self
    }

    /// Checks one game and keeps everything it learned: the [`GameRecord`], for tools that
    /// work on the game afterwards (the report alone, [`Checker::check`], keeps no moves).
    pub fn record(&mut self, raw: &RawGame) -> GameRecord {
        let mut recorder = record::Recorder::default();
        let context = (&self.options, self.allowed);
        let report = check_with(raw, context, &mut self.buffers, &mut recorder);
        self.forget_huge_buffers();
        recorder.finish(report)
    }

    /// Checks one game, as [`check`](Checker::check) does, and keeps its mainline's moves in
    /// `mainline` (see [`Mainline`]): what the games table keeps of a game, at a fraction of
    /// a record's cost.
    pub fn check_mainline(&mut self, raw: &RawGame, mainline: &mut Mainline) -> GameReport {
        let context = (&self.options, self.allowed);
        let report = check_with(raw, context, &mut self.buffers, mainline);
        self.forget_huge_buffers();
        mainline.truncate(report.plies);
        report
    }

    /// Checks one game, as [`check`](Checker::check) does, showing `visitor` each position
    /// its walk reaches (see [`Visit`]) until the visitor stops it: then the report covers
    /// what was walked (`plies` and the diagnostics up to there; later moves unread).
    pub fn check_visiting(&mut self, raw: &RawGame, visitor: &mut impl Visit) -> GameReport {
        let context = (&self.options, self.allowed);
        let mut visiting = visit::Visiting::new(visitor);
        let report = check_with(raw, context, &mut self.buffers, &mut visiting);
        self.forget_huge_buffers();
        report
    }

    /// Checks one game, as [`check_game`] does.
    pub fn check(&mut self, raw: &RawGame) -> GameReport {
        let context = (&self.options, self.allowed);
        let report = check_with(raw, context, &mut self.buffers, &mut ());
        self.forget_huge_buffers();
        report
    }

    /// The tokens of the game last checked, in its text (none after a huge game, whose
    /// buffers are not kept): what an editor folds, read without lexing the game again.
    pub fn tokens(&self) -> &[Token] {
        &self.buffers.tokens
    }

    /// A huge game's buffers are not kept for the games after it: memory stays bounded by
    /// the games of ordinary size.
    fn forget_huge_buffers(&mut self) {
        if self.buffers.tokens.capacity() > MAX_KEPT_TOKENS {
            self.buffers = Buffers::default();
        }
    }
}

/// The most tokens a [`Checker`] keeps room for between games (4 MB of tokens, the games of
/// a few hundred kilobytes).
const MAX_KEPT_TOKENS: usize = 1 << 16;

/// Checks one game.
///
/// ```
/// use jaque::pgn::{Options, Splitter, check_game};
/// use jaque::Code;
/// let text = "\n\n1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Nf6 5. Nc6 1-0\n";
/// let game = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
/// let report = check_game(&game, &Options::default());
/// assert_eq!(report.plies, 9);
/// let problem = &report.diagnostics[0];
/// assert_eq!(problem.diagnostic.code, Code::CheckAnnotation); // a discovered check: Nc6+
/// assert_eq!((problem.line, problem.column, problem.ply), (3, 50, Some(9))); // at the 6
/// ```
pub fn check_game(raw: &RawGame, options: &Options) -> GameReport {
    check_with(
        raw,
        (options, CodeSet::default()),
        &mut Buffers::default(),
        &mut (),
    )
}

/// Checks `raw` in `buffers`: the text's own problems, the tags and the start position, every
/// line of play, the result, then every diagnostic placed by line and column.
fn check_with<L: Listener>(
    raw: &RawGame,
    (options, allowed): (&Options, CodeSet),
    buffers: &mut Buffers,
    listener: &mut L,
) -> GameReport {
    let (text, latin1) = decode(&raw.bytes);
    let text: &str = &text;
    let mut out = Collector::allowing(allowed);
    if let Err(why) = judge_text(&raw.bytes) {
        return not_text(raw, (text, latin1), &why, (buffers, out, listener));
    }
    if latin1 {
        out.game(syntax::not_utf8(&raw.bytes, text));
    }
    let lexed = read_tokens(text, &mut buffers.tokens, &mut out);
    let (tag_tokens, movetext) = split_tag_section(&buffers.tokens);
    listener.read(text, tag_tokens, movetext);
    let section = tags::read_tags(text, tag_tokens, lexed.escapes);
    let mut report = unplayed_report(raw);
    report.latin1 = latin1;
    // The marker a game without one is to get.
    let mut inserted = None;
    match section.start(movetext, &mut out) {
        Start::Position(start) => {
            listener.started(&start);
            let game = Movetext {
                text,
                tokens: movetext,
                variations: lexed.variations,
                end: End::of(movetext, tag_tokens, lexed.swallowed),
            };
            let vectors = (
                std::mem::take(&mut buffers.lines),
                std::mem::take(&mut buffers.moves),
            );
            let walked = game.play(start, vectors, options, &mut out, listener);
            report.start_position = Some(start);
            // The vectors back for the next game.
            ((buffers.lines, buffers.moves), inserted) =
                report_walk(&mut report, walked, &game, section.result_tag(), &mut out);
        }
        Start::Unsupported { variant, position } => {
            (report.start_position, report.final_position) = (position, position);
            report.unsupported_variant = Some(variant);
        }
        // Nothing can be played: the movetext is skipped, as the diagnostic says.
        Start::Bad => {}
    }
    let marker = movetext.iter().rev().find_map(|t| match t.kind {
        TokenKind::Result(outcome) => Some(outcome),
        _ => None,
    });
    tag_lints(text, tag_tokens, marker.or(inserted), &mut out);
    if lexed.late_tags {
        out.extend(syntax::late_tags(movetext));
    }
    if raw.skipped > 0 {
        out.game(syntax::not_read(text, raw));
    }
    place_diagnostics(&mut report, text, raw.line, out, section.tags);
    report
}

/// The report of a game that is not text ([`judge_text`]): that one error, and nothing read in
/// it, as an input that is not text is refused whole.
#[cold]
fn not_text<L: Listener>(
    raw: &RawGame,
    (text, latin1): (&str, bool),
    why: &NotText,
    (buffers, mut out, listener): (&mut Buffers, Collector, &mut L),
) -> GameReport {
    buffers.tokens.clear();
    listener.read(text, &[], &[]);
    out.game(syntax::not_text(why, text));
    let mut report = unplayed_report(raw);
    report.latin1 = latin1;
    place_diagnostics(&mut report, text, raw.line, out, Tags::default());
    report
}

// The steps of `check_with` below are `#[inline(always)]`: it is instantiated once per
// listener, so each step has two callers and would stay out of line, passing the report and
// the collector through memory.

/// The codes [`roster`] gives: the tag family of the code table, so that a lint added to the
/// family is gated with the others.
const TAG_LINTS: CodeSet = CodeSet::of_family(Family::Tags);

/// The tag section against export PGN ([`roster`]); not looked at where its lints are all
/// allowed.
#[inline(always)]
fn tag_lints(text: &str, tag_tokens: &[Token], marker: Option<Outcome>, out: &mut Collector) {
    // A section's lints give one diagnostic about the roster and at most one per tag.
    if out.allows_all(TAG_LINTS) {
        return;
    }
    roster::check(text, tag_tokens, marker, out);
}

/// What the lexer found besides the tokens, its errors already reported.
struct TokensRead {
    /// Some `(` read.
    variations: bool,
    /// Some tag after another token.
    late_tags: bool,
    /// A comment that never closes swallows the rest of the game, its marker too.
    swallowed: bool,
    /// Some tag value may hold an escape.
    escapes: bool,
}

/// Lexes `text` into `tokens`, reporting into `out` what is no token.
#[inline(always)]
fn read_tokens(text: &str, tokens: &mut Vec<Token>, out: &mut Collector) -> TokensRead {
    let Lexed {
        errors,
        variations,
        late_tags,
        escapes,
        unusual,
    } = lex(text, tokens);
    // A comment that never closes swallows the marker: no second report about it.
    let swallowed = syntax::swallows_the_rest(&errors);
    for error in errors {
        out.game(syntax::lex_error(error, text, tokens));
    }
    if unusual {
        out.extend(syntax::nonstandard_tokens(text, tokens));
    }
    TokensRead {
        variations,
        late_tags,
        swallowed,
        escapes,
    }
}

/// The tag section's tokens and the movetext's: the tag pairs at the start, with the
/// comments before and between them, and the rest (a comment after the last tag is the
/// movetext's, about the moves after it).
#[inline(always)]
fn split_tag_section(tokens: &[Token]) -> (&[Token], &[Token]) {
    let mut end = 0;
    for (index, token) in tokens.iter().enumerate() {
        match token.kind {
            TokenKind::Tag { .. } => end = index + 1,
            TokenKind::Comment => {}
            _ => break,
        }
    }
    tokens.split_at(end)
}

/// The report of `raw` before anything is known of its moves.
#[inline(always)]
fn unplayed_report(raw: &RawGame) -> GameReport {
    GameReport {
        index: raw.index,
        offset: raw.offset,
        line: raw.line,
        text: String::new(),
        tags: Default::default(),
        plies: 0,
        start_position: None,
        final_position: None,
        status: None,
        moves: 0,
        skipped_bytes: raw.skipped,
        latin1: false,
        unsupported_variant: None,
        more_diagnostics: 0,
        hidden: None,
        diagnostics: Vec::new(),
    }
}

/// The vectors a walk plays in, from game to game: its lines, its moves.
type WalkVectors = (Vec<Line>, Vec<Option<Move>>);

/// A game's movetext: its text, its tokens, whether any `(` is among them, and where it
/// ends.
struct Movetext<'a> {
    text: &'a str,
    tokens: &'a [Token],
    variations: bool,
    end: End<'a>,
}

impl Movetext<'_> {
    /// Every move of every line played from `start`, in the walk's `vectors`.
    #[inline(always)]
    fn play<L: Listener>(
        &self,
        start: Position,
        vectors: WalkVectors,
        options: &Options,
        out: &mut Collector,
        listener: &mut L,
    ) -> Walked {
        let game = (self.text, self.tokens, self.variations);
        walk(game, start, vectors, options, out, listener)
    }
}

/// What the walk played, into `report`, and the result checked against the final position;
/// gives back the walk's vectors (lines, moves) for the next game, and the marker a game
/// without one is to get.
#[inline(always)]
fn report_walk(
    report: &mut GameReport,
    walked: Walked,
    game: &Movetext<'_>,
    result_tag: Option<tags::ResultTag<'_>>,
    out: &mut Collector,
) -> (WalkVectors, Option<Outcome>) {
    report.plies = walked.plies;
    report.moves = walked.moves;
    report.final_position = Some(walked.final_position);
    let status = walked.history.status(&walked.final_position);
    report.status = Some(status);
    let inserted = result::check(game.text, &game.end, result_tag, &walked, status, out);
    ((walked.lines, walked.history.into_moves()), inserted)
}

/// Finishes `report`: its diagnostics placed by line and column, in the order of the text,
/// and its tags.
#[inline(always)]
fn place_diagnostics(
    report: &mut GameReport,
    text: &str,
    line: usize,
    mut out: Collector,
    tags: Tags,
) {
    out.diagnostics
        .sort_by_key(|(d, _, _)| (d.span.start, d.span.end));
    report.diagnostics = placement::place(text, line, out.diagnostics);
    report.more_diagnostics = out.hidden.as_ref().map_or(0, |hidden| hidden.total());
    report.hidden = out.hidden;
    report.tags = tags;
    // The text is kept for showing diagnostics; a clean game needs none of it.
    if !report.diagnostics.is_empty() {
        report.text = text.to_string();
    }
}
