//! pgn-extract's FEN patterns (its `FENPattern` and `-Tf`), compiled to bitboards so that
//! testing a position costs a few bitwise operations: `jaque select --pattern` tests every
//! position of every game.
//!
//! A pattern describes a board's placement as a FEN does, rank by rank from the 8th, `/`
//! between ranks: piece letters `KQRBNP` (white) and `kqrbnp` (black), a digit 1 to 8 for that
//! many empty squares, and symbols: `?` anything, `!` any piece, `A` any white piece, `a` any
//! black piece, `m` anything but a pawn (an empty square included), `*` any run of squares
//! (none included) within its rank, `[...]` one of a set of those one-square symbols and
//! `[^...]` anything but them (an empty square included). [`Pattern::colours_swapped`] is
//! pgn-extract's `FENPatternI` inverse: ranks mirrored, colours swapped, files kept.
//!
//! Where the meaning of a pattern comes from: pgn-extract 19.04 as Debian ships it
//! (`fenmatcher.c`; every point below tried with its binary):
//! - it matches each rank's pattern alone against that rank's 8 squares
//!   (`pattern_match_rank` on `convert_rank_to_text`), so a `*` never spans ranks;
//! - a rank matches when the pattern and the rank's squares end together (`matchhere`), so a
//!   rank without `*` that describes fewer or more than 8 squares matches no board;
//! - a set's members are compared one by one (`matchone`): `?`, `!`, `A`, `a` and `m` mean in
//!   a set what they mean outside, and `[^...]` allows an empty square (`matchnccl`);
//! - `FENPatternI` reverses the ranks and swaps each letter's case (`reverse_fen_pattern`).
//!
//! Where jaque differs: what pgn-extract accepts but can never match, or reads past, is an
//! error here, pointing at it: a rank of fewer or more than 8 squares without `*`, `0`, `9`
//! and unknown letters (compared with the board's letters, so never equal), `_` (the text it
//! writes an empty square as, so it matches one there: write `1`), digits and `*` in a set, `[]`, `[^]` (anything: write `?`),
//! `^` after a set's start, an unclosed `[` (pgn-extract reads past the rank's end), and text
//! after a space (pgn-extract's label). Swapping colours keeps `m`, which pgn-extract turns
//! into `M`, a letter that matches nothing. Which positions are tested is the caller's choice;
//! pgn-extract tests ply 0 too, searches variations unless `-V`, and stops after ply 300
//! (counted from the move number). `tests/data/ORACLE_DATA.md` has the cross-check.

mod parse;
#[cfg(test)]
mod tests;

use std::str::FromStr;

pub use parse::PatternError;
use parse::{Contents, RankTokens, Token};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

/// A FEN pattern, compiled: the squares where each piece, and emptiness, would break it; and
/// for ranks whose `*`s leave some squares' places open, a small matcher over the rank.
///
/// ```
/// use jaque::Position;
/// use jaque::select::pattern::Pattern;
/// // Every piece but the pawns on its starting square (pgn-extract's help page's example).
/// let home = Pattern::parse("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR")?;
/// assert!(home.matches(&Position::starting()));
/// // White pawns on d4 and e4, anything elsewhere.
/// let centre = Pattern::parse("*/*/*/*/???PP???/*/*/*")?;
/// let position = Position::from_fen("rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3")?;
/// assert!(centre.matches(&position));
/// // The same for black, d5 and e5: colours swapped, ranks mirrored.
/// assert!(!centre.colours_swapped().matches(&position));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// Per colour and role, the squares that piece may not stand on.
    forbidden: [[Bitboard; 6]; 2],
    /// The squares that may not be empty.
    forbidden_empty: Bitboard,
    /// The ranks whose squares' places depend on the board (`*P*`), one matcher each.
    runs: Vec<Run>,
}

impl Pattern {
    /// Reads and compiles `text`, or says what is wrong where.
    ///
    /// ```
    /// use jaque::select::pattern::Pattern;
    /// let error = Pattern::parse("8/8/8/8/8/8/8/7").unwrap_err();
    /// assert_eq!((error.span, error.message.as_str()),
    ///            (14..15, "rank 1 describes 7 squares; a rank without `*` describes 8"));
    /// ```
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let mut pattern = Pattern {
            forbidden: [[Bitboard::EMPTY; 6]; 2],
            forbidden_empty: Bitboard::EMPTY,
            runs: Vec::new(),
        };
        for rank in parse::parse(text)? {
            pattern.add_rank(&rank);
        }
        Ok(pattern)
    }

    /// Does `position`'s placement match? Only the placement counts: not the side to move,
    /// castling rights or en passant.
    #[inline]
    pub fn matches(&self, position: &Position) -> bool {
        let mut clash = self.forbidden_empty.minus(position.occupied());
        for (color, forbidden) in Color::ALL.into_iter().zip(&self.forbidden) {
            let side = position.by_color(color);
            for (role, &squares) in Role::ALL.into_iter().zip(forbidden) {
                clash |= side & position.by_role(role) & squares;
            }
        }
        clash.is_empty() && self.runs.iter().all(|run| run.matches(position))
    }

    /// The pattern for the other side: ranks mirrored (the 8th becomes the 1st), white and
    /// black swapped, files kept. `--either-colour` tries both, or one where the pattern is
    /// its own swap (equal compiled patterns match the same boards).
    ///
    /// ```
    /// use jaque::Position;
    /// use jaque::select::pattern::Pattern;
    /// let white_castled_short = Pattern::parse("*/*/*/*/*/*/*/*RK?")?;
    /// let black = white_castled_short.colours_swapped();
    /// assert_eq!(black, Pattern::parse("*rk?/*/*/*/*/*/*/*")?);
    /// assert_eq!(black.colours_swapped(), white_castled_short);
    /// let pawns = Pattern::parse("*/*/*/*p*/*P*/*/*/*")?;
    /// assert_eq!(pawns.colours_swapped(), Pattern::parse("*/*/*/*p*/*P*/*/*/*")?);
    /// # Ok::<(), jaque::select::pattern::PatternError>(())
    /// ```
    #[must_use]
    pub fn colours_swapped(&self) -> Pattern {
        let [white, black] = self.forbidden;
        let flip = |squares: [Bitboard; 6]| squares.map(Bitboard::flip_ranks);
        Pattern {
            forbidden: [flip(black), flip(white)],
            forbidden_empty: self.forbidden_empty.flip_ranks(),
            // Rank 8's first, as `parse` leaves them, so that equal patterns compare equal.
            runs: self.runs.iter().rev().map(Run::colours_swapped).collect(),
        }
    }

    /// Compiles one rank: the squares before its first `*` from the a-file on and those after
    /// its last `*` up to the h-file go into the masks; what lies between, if any square
    /// does, becomes a [`Run`] over the files those leave.
    fn add_rank(&mut self, rank: &RankTokens) {
        let tokens = rank.tokens.as_slice();
        let stars = tokens.iter().position(|&t| t == Token::Star);
        let Some(first) = stars else {
            self.fix(rank.rank, 0, tokens);
            return;
        };
        let last = tokens
            .iter()
            .rposition(|&t| t == Token::Star)
            .unwrap_or(first);
        let Some((before, rest)) = tokens.split_at_checked(first) else {
            return;
        };
        let Some((between, after)) = rest.split_at_checked(last + 1 - first) else {
            return;
        };
        self.fix(rank.rank, 0, before);
        let end = 8usize.saturating_sub(after.len());
        self.fix(rank.rank, end, after);
        if between.iter().any(|&t| t != Token::Star) {
            let window = (before.len()..end)
                .filter_map(|file| File::new(u8::try_from(file).ok()?))
                .map(|file| Square::new(file, rank.rank))
                .collect();
            self.runs.push(Run::new(window, between));
        }
    }

    /// Puts `tokens`, squares all, on `rank` from file index `first` on.
    fn fix(&mut self, rank: Rank, first: usize, tokens: &[Token]) {
        for (file, &token) in (first..).zip(tokens) {
            let file = u8::try_from(file).ok().and_then(File::new);
            let (Token::Square(contents), Some(file)) = (token, file) else {
                continue;
            };
            self.forbid(Square::new(file, rank), contents);
        }
    }

    /// Marks `square` forbidden to whatever `contents` does not allow.
    fn forbid(&mut self, square: Square, contents: Contents) {
        for (color, forbidden) in Color::ALL.into_iter().zip(&mut self.forbidden) {
            for (role, squares) in Role::ALL.into_iter().zip(forbidden) {
                if !contents.allows(Some(Piece { color, role })) {
                    squares.insert(square);
                }
            }
        }
        if !contents.allows(None) {
            self.forbidden_empty.insert(square);
        }
    }
}

impl FromStr for Pattern {
    type Err = PatternError;

    fn from_str(text: &str) -> Result<Pattern, PatternError> {
        Pattern::parse(text)
    }
}

/// The middle of a rank whose squares' places depend on the board, from its first `*` to its
/// last (`*p*k*`): segments of squares with `*`s between. Each segment is placed at its
/// leftmost fit after the one before, all its squares tested at once on bitboards; placing
/// each as far left as it goes never costs a later one its place, so the rank matches if and
/// only if every segment finds one. No backtracking: at most 8 segments of at most 8 squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Run {
    /// The squares it may use: those the fixed squares before its first `*` and after its last
    /// leave on the rank.
    window: Bitboard,
    /// The segments, a-file side first.
    segments: Vec<Vec<Allowing>>,
}

impl Run {
    fn new(window: Bitboard, tokens: &[Token]) -> Run {
        let segments = tokens
            .split(|&t| t == Token::Star)
            .filter(|segment| !segment.is_empty())
            .map(|segment| segment.iter().filter_map(Allowing::of_token).collect())
            .collect();
        Run { window, segments }
    }

    fn matches(&self, position: &Position) -> bool {
        let mut free = self.window;
        for segment in &self.segments {
            // The squares a segment starting there would fit on, its offset-th square allowed.
            let mut starts = free;
            for (offset, token) in (0u32..).zip(segment) {
                let allowed = token.squares(position) & free;
                starts &= Bitboard(allowed.0.checked_shr(offset).unwrap_or(0));
            }
            let Some(start) = starts.lsb() else {
                return false;
            };
            let end = start.index() as u32 + segment.len() as u32;
            free &= Bitboard(u64::MAX.checked_shl(end).unwrap_or(0));
        }
        true
    }

    fn colours_swapped(&self) -> Run {
        let swap =
            |segment: &Vec<Allowing>| segment.iter().map(Allowing::colours_swapped).collect();
        Run {
            window: self.window.flip_ranks(),
            segments: self.segments.iter().map(swap).collect(),
        }
    }
}

/// One square of a run, as the pieces to look up on a board: those it allows, or where fewer,
/// those it refuses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Allowing {
    contents: Contents,
    pieces: Vec<Piece>,
    empty: bool,
    complement: bool,
}

impl Allowing {
    fn of_token(token: &Token) -> Option<Allowing> {
        match *token {
            Token::Square(contents) => Some(Allowing::new(contents)),
            Token::Star => None,
        }
    }

    fn new(contents: Contents) -> Allowing {
        let every_piece = Color::ALL
            .into_iter()
            .flat_map(|color| Role::ALL.map(|role| Piece { color, role }));
        let (allowed, refused): (Vec<Piece>, Vec<Piece>) =
            every_piece.partition(|&piece| contents.allows(Some(piece)));
        let complement = allowed.len() > refused.len();
        let (pieces, empty) = match complement {
            true => (refused, !contents.allows(None)),
            false => (allowed, contents.allows(None)),
        };
        Allowing {
            contents,
            pieces,
            empty,
            complement,
        }
    }

    /// The squares of `position` whose content the square allows.
    #[inline]
    fn squares(&self, position: &Position) -> Bitboard {
        let empty = match self.empty {
            true => !position.occupied(),
            false => Bitboard::EMPTY,
        };
        let named = (self.pieces.iter()).fold(empty, |squares, piece| {
            squares | position.pieces(piece.color, piece.role)
        });
        if self.complement { !named } else { named }
    }

    fn colours_swapped(&self) -> Allowing {
        Allowing::new(self.contents.colours_swapped())
    }
}
