//! Checking one game: tags, then every move of every line of play from its own branch
//! position, then the result against the final position. Variations are walked with an
//! explicit stack, so no nesting a file contains can overflow the call stack.

use std::ops::Range;

use super::lexer::{LexError, Lexed, Outcome, Token, TokenKind, decode, lex};
use super::split::RawGame;
use super::tags::Tags;
use crate::bitboard::Bitboard;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::game::Status;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, castling_after_reversible};
use crate::san::{self, Fast, Lang};
use crate::square::Square;

/// Variations nested deeper than this are skipped (and reported), to bound memory.
pub const MAX_VARIATION_DEPTH: usize = 256;

/// At most this many diagnostics are kept per game; the rest are counted.
pub const MAX_DIAGNOSTICS_PER_GAME: usize = 1000;

/// How games are checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The language of the piece letters.
    pub lang: Lang,
}

/// A diagnostic placed in a game: its span is a byte range of [`GameReport::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDiagnostic {
    /// What, how bad, and the bytes of the game's text.
    pub diagnostic: Diagnostic,
    /// 1-based line in the input.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// For moves: the 1-based half-move index in its line of play.
    pub ply: Option<usize>,
    /// For moves: the SAN token as written.
    pub san: Option<String>,
}

/// What checking one game found.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 0-based index of the game in its input.
    pub index: usize,
    /// Byte offset of the game in its input.
    pub offset: u64,
    /// 1-based line where the game starts.
    pub line: usize,
    /// The game's text, decoded (what the diagnostics' spans point into).
    pub text: String,
    /// The tag pairs, in order.
    pub tags: Tags,
    /// Mainline half-moves played before the first mainline error (all when there is none).
    pub plies: usize,
    /// The position the game starts from (`None` when its FEN or variant is bad).
    pub start_position: Option<Position>,
    /// The position after those plies (`None` when the start position itself is bad).
    pub final_position: Option<Position>,
    /// What the rules say about that position.
    pub status: Option<Status>,
    /// Moves checked and played, variations included.
    pub moves: usize,
    /// Bytes of the game that were not read (beyond the size limit).
    pub skipped_bytes: u64,
    /// Diagnostics dropped beyond [`MAX_DIAGNOSTICS_PER_GAME`].
    pub more_diagnostics: usize,
    /// What is wrong, in the order of the text.
    pub diagnostics: Vec<GameDiagnostic>,
}

impl GameReport {
    /// The value of a tag, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// The move number of a ply as PGN writes it: `12.` before a white move, `12...` before
    /// a black one.
    ///
    /// ```
    /// use jaque::pgn::{Options, Splitter, check_game};
    /// let game = Splitter::new(&b"1. e4 e5 *"[..]).next().unwrap().unwrap();
    /// let report = check_game(&game, &Options::default());
    /// assert_eq!(report.move_label(2).as_deref(), Some("1..."));
    /// assert_eq!(report.move_label(3).as_deref(), Some("2."));
    /// ```
    pub fn move_label(&self, ply: usize) -> Option<String> {
        let start = self.start_position.as_ref()?;
        let black = usize::from(start.turn() == crate::color::Color::Black);
        let halfmove = 2 * (start.fullmove_number() as usize).saturating_sub(1) + black + ply;
        let number = halfmove.saturating_sub(1) / 2 + 1;
        let dots = if halfmove % 2 == 1 { "." } else { "..." };
        Some(format!("{number}{dots}"))
    }

    /// How many diagnostics of `severity` (with those beyond the limit counted as errors).
    pub fn count(&self, severity: Severity) -> usize {
        let extra = if severity == Severity::Error {
            self.more_diagnostics
        } else {
            0
        };
        extra
            + self
                .diagnostics
                .iter()
                .filter(|d| d.diagnostic.severity == severity)
                .count()
    }
}

/// One line of play being walked.
#[derive(Clone, Debug)]
struct Line {
    /// The position now.
    now: Position,
    /// The position before this line's last move: where a variation on that move starts.
    /// Kept only where a variation may start (see the walk).
    before: Option<Position>,
    /// Half-moves from the game's start to `now`.
    ply: usize,
    /// An error ended this line: the rest of it is skipped.
    dead: bool,
    /// The line died at its last move token, whose position before is `now`: a variation
    /// replacing that move can still be checked.
    died_at_last_move: bool,
    /// Where the `(` that opened it is.
    opened: usize,
    /// How far the text's move numbers are from the true ones (after a warning about it).
    numbering_offset: i32,
}

impl Line {
    fn new(now: Position, ply: usize, opened: usize) -> Line {
        Line {
            now,
            before: None,
            ply,
            dead: false,
            died_at_last_move: false,
            opened,
            numbering_offset: 0,
        }
    }
}

/// The mainline's moves (`None` for a null move) from its start position, where its last
/// run of reversible moves begins, and that run's en-passant square and castling rights:
/// enough for repetitions, which are counted going back from the last position.
///
/// No position is copied per move: a copy of the position just played waits for the move's
/// stores to land (a vector load over scalar stores cannot take them from the store buffer),
/// and nothing branches on whether a move was reversible (a coin toss). For the corpus,
/// dropping the two copies per move took 3.4% off split + check (A/B, 48.4 -> 46.8 ms).
struct History {
    start: Position,
    moves: Vec<Option<Move>>,
    /// The index in `moves` after the last capture, pawn move or null move.
    reversible_from: usize,
    /// The en-passant square and the castling rights of the position after that move (or of
    /// the start).
    run_ep_square: Option<Square>,
    run_castling: Bitboard,
}

impl History {
    /// A history from `start`, its moves kept in `moves` (cleared: a checker hands the same
    /// vector to every game).
    fn new(start: Position, mut moves: Vec<Option<Move>>) -> History {
        moves.clear();
        // A game's mainline: rarely longer than this.
        moves.reserve(128);
        History {
            start,
            moves,
            reversible_from: 0,
            run_ep_square: start.ep_square(),
            run_castling: start.castling,
        }
    }

    /// `now` was reached by `mv` (`None`: a null move, after which nothing repeats).
    #[inline]
    fn record(&mut self, now: &Position, mv: Option<Move>) {
        self.moves.push(mv);
        let irreversible = mv.is_none() || now.halfmove_clock() == 0;
        use std::hint::select_unpredictable as select;
        self.reversible_from = select(irreversible, self.moves.len(), self.reversible_from);
        self.run_ep_square = select(irreversible, now.ep_square(), self.run_ep_square);
        self.run_castling = select(irreversible, now.castling, self.run_castling);
    }

    /// The position after every move recorded, played again from the start (where the fast
    /// path hands back a mainline move: rare).
    fn last_position(&self) -> Position {
        let mut position = self.start;
        for &mv in &self.moves {
            match mv {
                Some(mv) => position.play_in_place(mv),
                // It was played once from this very position: it can be again.
                None => position = position.play_null().unwrap_or(position),
            }
        }
        position
    }

    /// The reversible moves since the last capture, pawn move or null move.
    fn reversible_moves(&self) -> &[Option<Move>] {
        self.moves.get(self.reversible_from..).unwrap_or_default()
    }

    /// How many times `last`, the position after every move recorded, has occurred since
    /// the last capture, pawn move or null move, this time included: found by taking the
    /// reversible moves back one by one. Castling rights never come back, so the walk back
    /// stops at the last move that lost some (castling among them): no position before it
    /// can be `last` again. The rights before each move are found forward from the run's.
    fn repetitions(&self, last: &Position) -> usize {
        let moves: Vec<Move> = self.reversible_moves().iter().flatten().copied().collect();
        // The side to move at the run's start: one ply back per move from the last.
        let mut mover = if moves.len().is_multiple_of(2) {
            last.turn
        } else {
            !last.turn
        };
        let mut rights = self.run_castling;
        let mut castling = Vec::with_capacity(moves.len());
        for &mv in &moves {
            castling.push(rights);
            rights = castling_after_reversible(rights, mover, mv);
            mover = !mover;
        }
        let mut position = *last;
        let mut count = 1;
        for (taken, (&mv, &before)) in moves.iter().zip(&castling).rev().enumerate() {
            if before != last.castling || mv.kind() == MoveKind::Castle {
                break;
            }
            position.unplay_reversible(mv);
            if taken + 1 == moves.len() {
                position.ep_square = self.run_ep_square;
            }
            // Every second position has the same side to move.
            count += usize::from(taken % 2 == 1 && position.repeats(last));
        }
        count
    }
}

struct Collector {
    diagnostics: Vec<(Diagnostic, Option<usize>, Option<String>)>,
    more: usize,
}

impl Collector {
    fn push(&mut self, diagnostic: Diagnostic, ply: Option<usize>, san: Option<&str>) {
        if self.diagnostics.len() < MAX_DIAGNOSTICS_PER_GAME {
            self.diagnostics
                .push((diagnostic, ply, san.map(str::to_string)));
        } else {
            self.more += 1;
        }
    }
}

fn is_chess960(variant: Option<&str>) -> Result<bool, String> {
    let Some(variant) = variant else {
        return Ok(false);
    };
    let lower = variant.to_ascii_lowercase();
    match lower.as_str() {
        "" | "standard" | "chess" | "normal" | "from position" | "fromposition" => Ok(false),
        _ if lower.contains("960") || lower.contains("fischer") => Ok(true),
        _ => Err(variant.to_string()),
    }
}

/// Checks games one after another with the same buffers: how to check many games. A fresh
/// token buffer for every game, as [`check_game`] takes, costs 3% of the time of checking a
/// typical file (its pages come cold from the allocator).
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
        }
    }

    /// Checks one game, as [`check_game`] does.
    pub fn check(&mut self, raw: &RawGame) -> GameReport {
        let report = check_with(raw, &self.options, &mut self.buffers);
        // A huge game's buffers are not kept for the games after it: memory stays bounded by
        // the games of ordinary size.
        if self.buffers.tokens.capacity() > MAX_KEPT_TOKENS {
            self.buffers = Buffers::default();
        }
        report
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
/// let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Nf6 5. Nc6 1-0\n";
/// let game = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
/// let report = check_game(&game, &Options::default());
/// assert_eq!(report.plies, 9);
/// let problem = &report.diagnostics[0];
/// assert_eq!(problem.diagnostic.code, Code::CheckAnnotation); // a discovered check: Nc6+
/// assert_eq!((problem.line, problem.column, problem.ply), (3, 50, Some(9))); // at the 6
/// ```
pub fn check_game(raw: &RawGame, options: &Options) -> GameReport {
    check_with(raw, options, &mut Buffers::default())
}

/// Checks `raw` in `buffers`.
fn check_with(raw: &RawGame, options: &Options, buffers: &mut Buffers) -> GameReport {
    let (text, latin1) = decode(&raw.bytes);
    let text: &str = &text;
    let mut out = Collector {
        diagnostics: Vec::new(),
        more: 0,
    };
    if latin1 {
        let valid = std::str::from_utf8(&raw.bytes)
            .err()
            .map_or(0, |e| e.valid_up_to());
        let at = raw.bytes[..valid]
            .iter()
            .map(|&b| if b < 0x80 { 1 } else { 2 })
            .sum::<usize>();
        let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        out.push(
            Diagnostic::new(
                Code::NonstandardNotation,
                "the game is not UTF-8: read as Latin-1",
                "not UTF-8",
                at..end,
            ),
            None,
            None,
        );
    }
    let Lexed {
        errors: lex_errors,
        variations,
        late_tags,
    } = lex(text, &mut buffers.tokens);
    let tokens: &[Token] = &buffers.tokens;
    // A comment that never closes swallows the marker: no second report about it.
    let swallowed = lex_errors
        .iter()
        .any(|e| matches!(e, LexError::UnterminatedComment(_)));
    for error in lex_errors {
        let diagnostic = match error {
            LexError::UnterminatedComment(span) => Diagnostic::new(
                Code::Unterminated,
                "this comment never closes",
                "no `}` after this `{`",
                span.start..span.start + 1,
            ),
            LexError::UnterminatedTag(span) => Diagnostic::new(
                Code::Unterminated,
                "this tag never closes",
                "no closing `\"]` on this line",
                span,
            ),
            LexError::BadTag(span) => Diagnostic::new(
                Code::Syntax,
                "a tag pair is written [Name \"value\"]",
                "not a tag pair",
                span,
            ),
            LexError::Stray(span) => {
                // A `}` after a comment that holds a `{`: the writer thought comments nest.
                let nested = &text[span.clone()] == "}"
                    && tokens
                        .iter()
                        .rev()
                        .find(|t| t.span.end <= span.start && t.kind == TokenKind::Comment)
                        .is_some_and(|t| text[t.span.start + 1..t.span.end].contains('{'));
                let d = Diagnostic::new(
                    Code::Syntax,
                    "unexpected character in movetext",
                    "not expected here",
                    span,
                );
                if nested {
                    d.with_help(
                        "comments do not nest: the comment before this ended at its first `}`",
                    )
                } else {
                    d
                }
            }
            LexError::BadNag(span) => {
                Diagnostic::new(Code::Syntax, "a NAG is $0 to $255", "not a NAG", span)
            }
        };
        out.push(diagnostic, None, None);
    }

    // The tag section: its tokens, read into tags in one copy of its text.
    let movetext_start = tokens
        .iter()
        .position(|t| !matches!(t.kind, TokenKind::Tag { .. }))
        .unwrap_or(tokens.len());
    let tag_tokens = tokens.get(..movetext_start).unwrap_or_default();
    let SectionTags {
        tags,
        fen,
        variant,
        result,
    } = read_tags(text, tag_tokens);
    let value = |index: Option<usize>| index.and_then(|i| tags.value(i));
    let fen_span = fen.as_ref().map(|(_, span)| span.clone());
    let variant_span = variant.as_ref().map(|(_, span)| span.clone());
    let result_tag = value(result);

    let start = match is_chess960(value(variant.map(|(i, _)| i))) {
        Err(variant) => {
            out.push(
                Diagnostic::new(
                    Code::Syntax,
                    format!("the variant {variant:?} is not supported: its moves are not checked"),
                    "unsupported variant",
                    variant_span.clone().unwrap_or(0..0),
                ),
                None,
                None,
            );
            None
        }
        Ok(chess960) => match value(fen.map(|(i, _)| i)) {
            None => Some(Position::starting()),
            Some(fen) => match Position::from_fen_with(fen, chess960) {
                Ok(position) => Some(position),
                Err(error) => {
                    out.push(
                        error.diagnostic(fen_span.clone().unwrap_or(0..0)),
                        None,
                        None,
                    );
                    None
                }
            },
        },
    };

    let mut report = GameReport {
        index: raw.index,
        offset: raw.offset,
        line: raw.line,
        text: String::new(),
        tags: Tags::default(),
        plies: 0,
        start_position: start,
        final_position: start,
        status: None,
        moves: 0,
        skipped_bytes: raw.skipped,
        more_diagnostics: 0,
        diagnostics: Vec::new(),
    };
    let movetext = tokens.get(movetext_start..).unwrap_or_default();
    if let Some(start) = start {
        let vectors = (
            std::mem::take(&mut buffers.lines),
            std::mem::take(&mut buffers.moves),
        );
        let walked = walk(
            text, movetext, variations, start, vectors, options, &mut out,
        );
        report.plies = walked.plies;
        report.moves = walked.moves;
        report.final_position = Some(walked.final_position);
        let termination = walked.termination.clone();
        let status = status(&walked.final_position, &walked.history);
        report.status = Some(status);
        if !walked.mainline_error {
            check_result(
                text,
                !movetext.is_empty() && !swallowed,
                result_tag,
                &termination,
                status,
                &walked.final_position,
                &mut out,
            );
        } else if let Some((marker, span)) = &termination {
            check_marker_against_tag(result_tag, *marker, span, &mut out);
        }
        // The vectors back for the next game.
        buffers.moves = walked.history.moves;
        buffers.lines = walked.lines;
    } else {
        // Nothing can be played: the movetext is skipped, but not silently.
        let moves = movetext.iter().filter(|t| t.kind == TokenKind::San).count();
        if moves > 0 {
            let first = movetext.iter().find(|t| t.kind == TokenKind::San);
            let span = first.map_or(0..0, |t| t.span.clone());
            out.push(
                Diagnostic::new(
                    Code::Syntax,
                    format!(
                        "{moves} {} not checked: the game has no valid start position",
                        if moves == 1 { "move" } else { "moves" }
                    ),
                    "not checked",
                    span,
                ),
                None,
                None,
            );
        }
    }
    // Tags after the movetext has begun (the lexer says whether there are any).
    if late_tags {
        for token in movetext {
            if let TokenKind::Tag { .. } = token.kind {
                out.push(
                    Diagnostic::new(
                        Code::Syntax,
                        "a tag pair after the movetext has begun",
                        "tag in movetext",
                        token.span.clone(),
                    ),
                    None,
                    None,
                );
            }
        }
    }
    if raw.skipped > 0 {
        let end = text.len();
        out.push(
            Diagnostic::new(
                Code::Syntax,
                format!(
                    "the game is longer than {} bytes: the {} bytes after this point were not read",
                    raw.bytes.len(),
                    raw.skipped
                ),
                "reading stopped here",
                end.saturating_sub(1)..end,
            ),
            None,
            None,
        );
    }

    out.diagnostics
        .sort_by_key(|(d, _, _)| (d.span.start, d.span.end));
    report.diagnostics = place(text, raw.line, out.diagnostics);
    report.more_diagnostics = out.more;
    report.tags = tags;
    // The text is kept for showing diagnostics; a clean game needs none of it.
    if !report.diagnostics.is_empty() {
        report.text = text.to_string();
    }
    report
}

/// Line and column for each diagnostic (sorted by start), in one pass over the text.
fn place(
    text: &str,
    first_line: usize,
    diagnostics: Vec<(Diagnostic, Option<usize>, Option<String>)>,
) -> Vec<GameDiagnostic> {
    let mut line = first_line;
    let mut line_start = 0;
    let mut scanned = 0;
    diagnostics
        .into_iter()
        .map(|(diagnostic, ply, san)| {
            let at = diagnostic.span.start.min(text.len());
            let bytes = text.as_bytes();
            while scanned < at {
                if bytes[scanned] == b'\n' {
                    line += 1;
                    line_start = scanned + 1;
                }
                scanned += 1;
            }
            let column = text
                .get(line_start..at)
                .map_or(1, |s| s.chars().count() + 1);
            GameDiagnostic {
                diagnostic,
                line,
                column,
                ply,
                san,
            }
        })
        .collect()
}

struct Walked {
    plies: usize,
    moves: usize,
    final_position: Position,
    history: History,
    /// The lines' vector, for the next game.
    lines: Vec<Line>,
    mainline_error: bool,
    termination: Option<(Outcome, Range<usize>)>,
}

/// Plays the moves of `movetext` from `start` (`variations`: whether any `(` is in it).
fn walk(
    text: &str,
    movetext: &[Token],
    variations: bool,
    start: Position,
    buffers: (Vec<Line>, Vec<Option<Move>>),
    options: &Options,
    out: &mut Collector,
) -> Walked {
    let (mut lines, moves) = buffers;
    lines.clear();
    lines.push(Line::new(start, 0, 0));
    let mut history = History::new(start, moves);
    let mut moves = 0;
    let mut mainline_error = false;
    let mut termination = None;
    // Variations opened beyond the depth limit, skipped whole.
    let mut too_deep = 0usize;

    for token in movetext {
        let span = token.span.clone();
        if too_deep > 0 {
            match token.kind {
                TokenKind::VariationStart => too_deep += 1,
                TokenKind::VariationEnd => too_deep -= 1,
                _ => {}
            }
            continue;
        }
        let depth = lines.len() - 1;
        let Some(line) = lines.last_mut() else {
            break;
        };
        match &token.kind {
            TokenKind::San => {
                if line.dead {
                    line.died_at_last_move = false;
                    continue;
                }
                // Where a variation on this move starts, kept only in games that have
                // variations (most have none) and in variations, whose moves no history
                // keeps (the fast path's wrong signs are handed back from this copy). Kept
                // whatever the outcome: after an error the line is dead, and a dead line's
                // variations start from `now`.
                let kept = depth > 0 || variations;
                if kept {
                    line.before = Some(line.now);
                }
                let ply = line.ply + 1;
                // The move played (`None` for a null move), or why not: the commonest moves
                // straight from their bytes, then the general path, from the position before
                // the move (handed back where the fast path played a move with a wrong sign).
                let fast = match text.as_bytes().get(span.clone()) {
                    Some(bytes) => san::play_common(&mut line.now, bytes, options.lang),
                    None => Fast::Untouched,
                };
                // Two matches, not one: with the hand-back inside the general arm the walk
                // measured 2% slower (A/B, the layout of this hot loop).
                let fast = match fast {
                    Fast::Played(mv) => Some(mv),
                    Fast::Untouched => None,
                    Fast::WrongSign => {
                        line.now = match line.before {
                            Some(before) if kept => before,
                            _ => history.last_position(),
                        };
                        None
                    }
                };
                let (outcome, written) = match fast {
                    Some(mv) => {
                        moves += 1;
                        (Ok(Some(mv)), "")
                    }
                    None => {
                        let written = text.get(span.clone()).unwrap_or_default();
                        let outcome = general(&mut line.now, written, &span, ply, options, out);
                        moves += usize::from(matches!(outcome, Ok(Some(_))));
                        (outcome, written)
                    }
                };
                match outcome {
                    Ok(mv) => {
                        line.ply = ply;
                        if depth == 0 {
                            history.record(&line.now, mv);
                        }
                    }
                    Err(d) => {
                        out.push(d, Some(ply), Some(written));
                        line.dead = true;
                        line.died_at_last_move = true;
                        mainline_error |= depth == 0;
                    }
                }
            }
            TokenKind::MoveNumber { number, dots: _ } => {
                if line.dead {
                    continue;
                }
                // After one wrong number, the line's own numbering is followed: a file that
                // counts from 1 after a FEN gets one warning, not one per move.
                let due = line.now.fullmove_number();
                let expected = due.wrapping_add_signed(line.numbering_offset);
                if *number != expected {
                    line.numbering_offset = number.wrapping_sub(due) as i32;
                    out.push(
                        Diagnostic::new(
                            Code::NonstandardNotation,
                            format!("move number {number}, but this is move {due}"),
                            format!("move {due}"),
                            span,
                        )
                        .with_help(format!("write {due}.")),
                        Some(line.ply + 1),
                        None,
                    );
                }
            }
            TokenKind::VariationStart => {
                if depth >= MAX_VARIATION_DEPTH {
                    out.push(
                        Diagnostic::new(
                            Code::Syntax,
                            format!(
                                "variations nested deeper than {MAX_VARIATION_DEPTH}: this one is not checked"
                            ),
                            "too deep",
                            span,
                        ),
                        None,
                        None,
                    );
                    too_deep = 1;
                    continue;
                }
                // A variation replaces the line's last move: it starts where that move did.
                let child = if line.dead && line.died_at_last_move {
                    Line::new(line.now, line.ply, span.start)
                } else if line.dead {
                    let mut child = Line::new(line.now, line.ply, span.start);
                    child.dead = true;
                    child
                } else if let Some(before) = line.before {
                    Line::new(before, line.ply - 1, span.start)
                } else {
                    out.push(
                        Diagnostic::new(
                            Code::Syntax,
                            "a variation must follow the move it replaces",
                            "no move before this variation",
                            span.start..span.start + 1,
                        ),
                        None,
                        None,
                    );
                    let mut child = Line::new(line.now, line.ply, span.start);
                    child.dead = true;
                    child
                };
                let mut child = child;
                child.numbering_offset = line.numbering_offset;
                lines.push(child);
            }
            TokenKind::VariationEnd => {
                if lines.len() > 1 {
                    lines.pop();
                } else {
                    out.push(
                        Diagnostic::new(
                            Code::Syntax,
                            "`)` without a `(` to close",
                            "unmatched",
                            span,
                        ),
                        None,
                        None,
                    );
                }
            }
            TokenKind::Result(outcome) => {
                // A marker inside a variation: the variations never closed.
                for open in lines.drain(1..) {
                    out.push(unclosed(open.opened), None, None);
                }
                termination = Some((*outcome, span));
            }
            TokenKind::Nag(_) | TokenKind::Glyph | TokenKind::Comment | TokenKind::Tag { .. } => {}
        }
    }
    for open in lines.iter().skip(1) {
        out.push(unclosed(open.opened), None, None);
    }
    let (plies, final_position) = lines
        .first()
        .map_or((0, start), |main| (main.ply, main.now));
    Walked {
        plies,
        moves,
        final_position,
        history,
        lines,
        mainline_error,
        termination,
    }
}

/// What the rules say about the mainline's last position, `last`. Repetitions need the
/// positions since the last capture or pawn move: with fewer than eight reversible moves none
/// can repeat three times, and only the last position is looked at; otherwise the moves are
/// taken back one by one to count how often `last` occurred.
fn status(last: &Position, history: &History) -> Status {
    if history.reversible_moves().len() < 8 {
        return Status::of(last, 1);
    }
    Status::of(last, history.repetitions(last))
}

/// A move that the fast path did not play, `written` at `span`, by the general path from
/// `position`, the position before it: the move (`None` for a null move) with its warnings
/// given to `out`, or the error. `position` is played on only where the move is.
#[inline(never)]
fn general(
    position: &mut Position,
    written: &str,
    span: &Range<usize>,
    ply: usize,
    options: &Options,
    out: &mut Collector,
) -> Result<Option<Move>, Diagnostic> {
    let before = *position;
    if matches!(written, "--" | "Z0") {
        // A null move: not chess, but some tools write it for a skipped move.
        let Some(after) = before.play_null() else {
            return Err(Diagnostic::new(
                Code::IllegalMove,
                "a null move while in check: the king would stay in check",
                "the side to move is in check",
                span.clone(),
            ));
        };
        *position = after;
        out.push(
            Diagnostic::new(
                Code::NonstandardNotation,
                "a null move: not a chess move",
                "the side to move passes",
                span.clone(),
            ),
            Some(ply),
            Some(written),
        );
        return Ok(None);
    }
    match san::play_text(position, written, options.lang) {
        Ok(played) => {
            // Most moves have none: no vector to build and drop.
            if !played.warnings.is_empty() {
                for mut d in san::warnings_of_text(&before, written, options.lang, &played) {
                    d.span = within(&d.span, span);
                    out.push(d, Some(ply), Some(written));
                }
            }
            Ok(Some(played.mv))
        }
        Err(error) => {
            let mut d = san::error_diagnostic(written, &error);
            d.span = within(&d.span, span);
            Err(d)
        }
    }
}

/// A game's tags, and where its first FEN, Variant and Result tags are: each by its index
/// among the pairs, FEN and Variant also by their token's span (for diagnostics).
struct SectionTags {
    tags: Tags,
    fen: Option<(usize, Range<usize>)>,
    variant: Option<(usize, Range<usize>)>,
    result: Option<usize>,
}

/// The tags of the tag tokens `tag_tokens` of `text`, read into one copy of their section,
/// and the three tags the checker asks for, found in the same pass (not looked up by name
/// afterwards). Out of line: inside the checker's one large function, this loop cost the
/// walk more than it saved (A/B).
#[inline(never)]
fn read_tags(text: &str, tag_tokens: &[Token]) -> SectionTags {
    let section = match (tag_tokens.first(), tag_tokens.last()) {
        (Some(first), Some(last)) => first.span.start..last.span.end,
        _ => 0..0,
    };
    let (mut fen, mut variant, mut result) = (None, None, None);
    let pairs = tag_tokens.iter().enumerate().filter_map(|(index, token)| {
        let TokenKind::Tag { name, value } = &token.kind else {
            return None;
        };
        let found = (index, token.span.clone());
        match text.as_bytes().get(name.clone()) {
            Some(b"FEN") => _ = fen.get_or_insert(found),
            Some(b"Variant") => _ = variant.get_or_insert(found),
            Some(b"Result") => _ = result.get_or_insert(index),
            _ => {}
        }
        // Ranges of the section (every tag token lies in it).
        let in_section = |range: &Range<usize>| {
            range.start.saturating_sub(section.start)..range.end.saturating_sub(section.start)
        };
        Some((in_section(name), in_section(value)))
    });
    let tags = Tags::of_section(text.get(section.clone()).unwrap_or_default(), pairs);
    SectionTags {
        tags,
        fen,
        variant,
        result,
    }
}

/// A span inside a token (a SAN error may point one past its end) as a span of the game.
fn within(inner: &Range<usize>, token: &Range<usize>) -> Range<usize> {
    let start = (token.start + inner.start).min(token.end);
    let end = (token.start + inner.end).clamp(start, token.end.max(start));
    start..end.max(start)
}

fn unclosed(at: usize) -> Diagnostic {
    Diagnostic::new(
        Code::Unterminated,
        "this variation never closes",
        "no `)` for this `(`",
        at..at + 1,
    )
}

fn check_marker_against_tag(
    tag: Option<&str>,
    marker: Outcome,
    span: &Range<usize>,
    out: &mut Collector,
) {
    if let Some(tag) = tag
        && Outcome::parse(tag) != Some(marker)
    {
        out.push(
            Diagnostic::new(
                Code::ResultMismatch,
                format!(
                    "the Result tag says {tag}, the termination marker {}",
                    marker.as_str()
                ),
                "differs from the Result tag",
                span.clone(),
            ),
            None,
            None,
        );
    }
}

fn check_result(
    text: &str,
    has_movetext: bool,
    tag: Option<&str>,
    termination: &Option<(Outcome, Range<usize>)>,
    status: Status,
    final_position: &Position,
    out: &mut Collector,
) {
    let end = text.trim_end().len();
    let (claimed, span) = match termination {
        Some((marker, span)) => {
            check_marker_against_tag(tag, *marker, span, out);
            (Some(*marker), span.clone())
        }
        None if !has_movetext => (tag.and_then(Outcome::parse), 0..0),
        None => {
            let what = tag.map_or(String::new(), |t| format!(" (the Result tag says {t})"));
            out.push(
                Diagnostic::new(
                    Code::ResultMismatch,
                    format!("the game has no termination marker{what}"),
                    "the movetext ends here",
                    end.saturating_sub(1)..end,
                )
                .with_help("end the movetext with 1-0, 0-1, 1/2-1/2 or *"),
                None,
                None,
            );
            (tag.and_then(Outcome::parse), end.saturating_sub(1)..end)
        }
    };
    let Some(claimed) = claimed else {
        return;
    };
    let expected = match status {
        Status::Checkmate => match final_position.turn() {
            crate::color::Color::White => Outcome::BlackWins,
            crate::color::Color::Black => Outcome::WhiteWins,
        },
        Status::Stalemate | Status::InsufficientMaterial => Outcome::Draw,
        _ => return,
    };
    if claimed != expected {
        let why = match status {
            Status::Checkmate => "the game ends in checkmate",
            Status::Stalemate => "the game ends in stalemate",
            _ => "the game ends with insufficient material",
        };
        out.push(
            Diagnostic::new(
                Code::ResultMismatch,
                format!(
                    "{why}, so the result is {}, not {}",
                    expected.as_str(),
                    claimed.as_str()
                ),
                format!("should be {}", expected.as_str()),
                span,
            ),
            None,
            None,
        );
    }
}
