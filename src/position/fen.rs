//! Forsyth-Edwards Notation: reading a position, with an error naming the field and the reason,
//! and writing one.
//!
//! Castling rights are read in X-FEN (`KQkq`, the outermost rook; a file letter for another
//! rook) and Shredder-FEN (`HAha`, the rook's file) in both standard chess and Chess960, and
//! written as `KQkq` in standard chess and X-FEN in Chess960.

use super::fen_text::FenText;
use std::str::FromStr;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::{Position, back_rank};
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

/// Why a FEN was rejected. The message names the field and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error(
        "expected 6 fields (board, side to move, castling, en passant, half-move clock, move \
         number; the last two may be left out), found {found}"
    )]
    FieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// The board field does not have 8 ranks.
    #[error("board: expected 8 ranks separated by '/', found {found}")]
    RankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A rank describes more or fewer than 8 squares.
    #[error("board: rank {rank} describes {squares} squares, expected 8")]
    RankLength {
        /// The rank, as written on the board (`8` for the first one of the field).
        rank: Rank,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a digit 1 to 8.
    #[error(
        "board: invalid character {found:?} in rank {rank} (expected a piece letter PNBRQK/pnbrqk or a digit 1-8)"
    )]
    BadPiece {
        /// The rank it is in.
        rank: Rank,
        /// The character.
        found: char,
    },
    /// Two digits in a row, such as `44`: FEN writes the sum.
    #[error("board: two digits in a row in rank {rank}")]
    ConsecutiveDigits {
        /// The rank they are in.
        rank: Rank,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move: expected 'w' or 'b', found {found:?}")]
    BadTurn {
        /// The field.
        found: String,
    },
    /// A castling field that is not `-` or a set of `KQkq` / file letters.
    #[error("castling: invalid field {found:?} (expected '-', KQkq, or rook files like HAha)")]
    BadCastling {
        /// The field.
        found: String,
    },
    /// An en-passant field that is not `-` or a square.
    #[error("en passant: expected '-' or a square like e3, found {found:?}")]
    BadEnPassant {
        /// The field.
        found: String,
    },
    /// A half-move clock that is not a number.
    #[error("half-move clock: expected a number, found {found:?}")]
    BadHalfmoveClock {
        /// The field.
        found: String,
    },
    /// A move number that is not a number.
    #[error("move number: expected a number, found {found:?}")]
    BadFullmoveNumber {
        /// The field.
        found: String,
    },
    /// A side without exactly one king.
    #[error("board: {color} has {count} kings, expected exactly one")]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn on the first or last rank.
    #[error("board: pawn on {square}: pawns cannot stand on the first or last rank")]
    PawnOnBackRank {
        /// Where it stands.
        square: Square,
    },
    /// The side that just moved is in check.
    #[error("side to move: {turn} is to move, but {other} is in check", other = !*turn)]
    OppositeCheck {
        /// The side to move.
        turn: Color,
    },
    /// An en-passant square no double push can have left.
    #[error("en passant: {square} is impossible: {reason}")]
    ImpossibleEnPassant {
        /// The square.
        square: Square,
        /// Why.
        reason: &'static str,
    },
    /// A castling right without king and rook in place.
    #[error("castling: right {right:?} needs {reason}")]
    CastlingWithoutPieces {
        /// The letter of the right.
        right: char,
        /// What is missing.
        reason: String,
    },
}

impl FenError {
    /// The `bad_fen` diagnostic of this error, about the bytes `span` of the text that held
    /// the FEN.
    ///
    /// ```
    /// use jaque::{Code, Position};
    /// let error = Position::from_fen("8/8/8 w - - 0 1").unwrap_err();
    /// let diagnostic = error.diagnostic(0..15);
    /// assert_eq!(diagnostic.code, Code::BadFen);
    /// assert_eq!(diagnostic.label, "the board field is wrong");
    /// ```
    pub fn diagnostic(&self, span: std::ops::Range<usize>) -> crate::Diagnostic {
        let label = match self.field() {
            "fields" => "wrong number of fields".to_string(),
            field => format!("the {field} field is wrong"),
        };
        crate::Diagnostic::new(crate::Code::BadFen, format!("bad FEN: {self}"), label, span)
    }

    /// The `bad_fen` diagnostic of this error about `fen` (the text that was read), written
    /// from byte `at` of a larger text: its span is the wrong field's there ([`FenError::span`]).
    ///
    /// ```
    /// use jaque::Position;
    /// let fen = "8/8/8/8/8/8/8/K6k x - - 0 1";
    /// let diagnostic = Position::from_fen(fen).unwrap_err().diagnostic_in(fen, 6);
    /// assert_eq!(diagnostic.span, 6 + 18..6 + 19); // the `x`
    /// ```
    pub fn diagnostic_in(&self, fen: &str, at: usize) -> crate::Diagnostic {
        let span = self.span(fen);
        self.diagnostic(at + span.start..at + span.end)
    }

    /// Where in `fen` (the text that was read) the error is: the bytes of the wrong field, or
    /// of the rank or the character of the board that is wrong; the whole text when the
    /// fields cannot be told apart.
    ///
    /// ```
    /// use jaque::Position;
    /// let fen = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// let error = Position::from_fen(fen).unwrap_err();
    /// assert_eq!(&fen[error.span(fen)], "9");
    /// let fen = "8/8/8/8/8/8/8/K6k w - - 0 one";
    /// assert_eq!(&fen[Position::from_fen(fen).unwrap_err().span(fen)], "one");
    /// ```
    pub fn span(&self, fen: &str) -> std::ops::Range<usize> {
        let whole = 0..fen.len();
        let index = match self.field() {
            "board" => 0,
            "side to move" => 1,
            "castling" => 2,
            "en passant" => 3,
            "half-move clock" => 4,
            "move number" => 5,
            _ => return whole,
        };
        let Some(field) = fields(fen).nth(index) else {
            return whole;
        };
        let rank = match self {
            FenError::RankLength { rank, .. }
            | FenError::BadPiece { rank, .. }
            | FenError::ConsecutiveDigits { rank } => *rank,
            _ => return field,
        };
        let Some(text) = fen.get(field.clone()) else {
            return field;
        };
        // The ranks are written from the eighth down.
        let mut start = field.start;
        for (written, part) in text.split('/').enumerate() {
            let span = start..start + part.len();
            start = span.end + 1;
            if written + rank.index() != 7 {
                continue;
            }
            return match self {
                FenError::BadPiece { found, .. } => part
                    .char_indices()
                    .find(|(_, c)| c == found)
                    .map_or(span.clone(), |(i, c)| {
                        span.start + i..span.start + i + c.len_utf8()
                    }),
                _ if part.is_empty() => field,
                _ => span,
            };
        }
        field
    }

    /// The FEN field the error is about: `board`, `side to move`, `castling`, `en passant`,
    /// `half-move clock`, `move number`, or `fields`.
    pub fn field(&self) -> &'static str {
        match self {
            FenError::FieldCount { .. } => "fields",
            FenError::RankCount { .. }
            | FenError::RankLength { .. }
            | FenError::BadPiece { .. }
            | FenError::ConsecutiveDigits { .. }
            | FenError::KingCount { .. }
            | FenError::PawnOnBackRank { .. } => "board",
            FenError::BadTurn { .. } | FenError::OppositeCheck { .. } => "side to move",
            FenError::BadCastling { .. } | FenError::CastlingWithoutPieces { .. } => "castling",
            FenError::BadEnPassant { .. } | FenError::ImpossibleEnPassant { .. } => "en passant",
            FenError::BadHalfmoveClock { .. } => "half-move clock",
            FenError::BadFullmoveNumber { .. } => "move number",
        }
    }
}

/// The byte ranges of the fields of `fen`, as [`Position::from_fen`] splits them (at ASCII
/// white space).
fn fields(fen: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let bytes = fen.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at
            + bytes
                .get(at..)?
                .iter()
                .position(|b| !b.is_ascii_whitespace())?;
        let len = bytes.get(start..)?.iter().position(u8::is_ascii_whitespace);
        let end = len.map_or(bytes.len(), |len| start + len);
        at = end;
        Some(start..end)
    })
}

impl Position {
    /// Reads a FEN in standard chess. The half-move clock and move number may be left out
    /// (`0 1`).
    ///
    /// ```
    /// use jaque::{FenError, Position};
    /// let position = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    /// assert_eq!(position.legal_moves().len(), 3);
    /// let error = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 one").map(|_| ()).unwrap_err();
    /// assert_eq!(error.field(), "move number");
    /// let error = Position::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
    /// assert_eq!(error, FenError::KingCount { color: jaque::Color::Black, count: 0 });
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        parse(fen, false)
    }

    /// Reads a FEN under Chess960 rules: castling rights may name any rook (X-FEN or
    /// Shredder-FEN).
    ///
    /// ```
    /// use jaque::Position;
    /// let position = Position::from_fen_960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// assert_eq!(position.legal_moves().len(), 21);
    /// ```
    pub fn from_fen_960(fen: &str) -> Result<Position, FenError> {
        parse(fen, true)
    }

    /// Reads a FEN in standard chess or Chess960.
    pub fn from_fen_with(fen: &str, chess960: bool) -> Result<Position, FenError> {
        parse(fen, chess960)
    }

    /// Reads a FEN in standard chess, or under Chess960 rules where only they explain it
    /// (castling rights with the king off e1): a position asked about in games of either
    /// kind, as `jaque tree --fen` reads it. The error is standard chess's.
    ///
    /// ```
    /// use jaque::Position;
    /// let standard = Position::from_fen_either("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    /// assert!(!standard.is_chess960());
    /// let fischer = Position::from_fen_either("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1").unwrap();
    /// assert!(fischer.is_chess960());
    /// ```
    pub fn from_fen_either(fen: &str) -> Result<Position, FenError> {
        parse(fen, false).or_else(|error| parse(fen, true).map_err(|_| error))
    }

    /// The position as EPD: FEN's first four fields (placement, side, castling, en passant
    /// where a capture is legal), the clocks left out, as positions are compared.
    ///
    /// ```
    /// let start = jaque::Position::starting();
    /// assert_eq!(start.epd(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    /// ```
    pub fn epd(&self) -> String {
        let fen = self.fen();
        let fields: Vec<&str> = fen.split(' ').take(4).collect();
        fields.join(" ")
    }

    /// The position as FEN. The en-passant square is written only when the capture is legal
    /// (as python-chess does by default); castling as `KQkq`, or X-FEN in Chess960.
    ///
    /// ```
    /// use jaque::Position;
    /// let fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    /// assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
    /// ```
    pub fn fen(&self) -> String {
        self.fen_text().as_str().to_owned()
    }

    /// Writes the position's FEN (what [`Position::fen`] returns) to `out`, without making
    /// a string of it: `jaque check --json` writes one for every game.
    ///
    /// ```
    /// use jaque::Position;
    /// let mut out = Vec::new();
    /// Position::starting().write_fen(&mut out).unwrap();
    /// assert_eq!(out, Position::starting().fen().as_bytes());
    /// ```
    pub fn write_fen(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        out.write_all(self.fen_text().as_str().as_bytes())
    }

    /// The FEN, written byte by byte into a buffer on the stack.
    fn fen_text(&self) -> FenText {
        let mut fen = FenText::default();
        self.push_placement(&mut fen);
        fen.push(b' ');
        fen.push(self.turn.char() as u8);
        fen.push(b' ');
        self.push_castling(&mut fen);
        fen.push(b' ');
        match self.ep_square {
            Some(square) => {
                fen.push(square.file().char() as u8);
                fen.push(square.rank().char() as u8);
            }
            None => fen.push(b'-'),
        }
        fen.push(b' ');
        fen.push_number(self.halfmove_clock);
        fen.push(b' ');
        fen.push_number(self.fullmove_number);
        fen
    }

    /// The placement field: ranks 8 to 1, runs of empty squares as digits. The letters are
    /// laid on a board a piece set at a time, and each rank is read piece by piece: asking
    /// each square for its piece costs a search through the roles, and a branch on each
    /// square's emptiness is mispredicted often.
    fn push_placement(&self, fen: &mut FenText) {
        let mut board = [b'?'; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let letter = Piece { color, role }.char() as u8;
                for square in self.pieces(color, role) {
                    board[square.index()] = letter;
                }
            }
        }
        let digit = |files: usize| b'0' + files as u8;
        for rank in Rank::ALL.into_iter().rev() {
            if rank != Rank::Eighth {
                fen.push(b'/');
            }
            let mut next_file = 0;
            for square in self.occupied() & Bitboard::rank(rank) {
                let file = square.file().index();
                if file > next_file {
                    fen.push(digit(file - next_file));
                }
                fen.push(board[square.index()]);
                next_file = file + 1;
            }
            if next_file < 8 {
                fen.push(digit(8 - next_file));
            }
        }
    }

    /// The castling field: `KQkq` letters for outermost rooks, file letters for others
    /// (X-FEN), `-` for none.
    fn push_castling(&self, fen: &mut FenText) {
        let before = fen.len;
        for color in Color::ALL {
            let king = self.king(color);
            let rooks = self.pieces(color, Role::Rook) & Bitboard::rank(back_rank(color));
            let rights = self.castling & self.by_color(color);
            // King side first (h-side), then queen side, as FEN orders them.
            for rook in rights.into_iter().rev() {
                let outermost = if rook > king {
                    rooks.msb() == Some(rook)
                } else {
                    rooks.lsb() == Some(rook)
                };
                let letter = match (outermost, rook > king) {
                    (true, true) => b'K',
                    (true, false) => b'Q',
                    (false, _) => rook.file().char().to_ascii_uppercase() as u8,
                };
                fen.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        if fen.len == before {
            fen.push(b'-');
        }
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a FEN in standard chess: `"...".parse::<Position>()`.
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}

fn parse(fen: &str, chess960: bool) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount {
            found: fields.len(),
        });
    }
    let (by_role, by_color) = parse_board(fields[0])?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(FenError::BadTurn {
                found: other.to_string(),
            });
        }
    };
    let number = |index: usize, error: fn(String) -> FenError, default: u32| {
        fields.get(index).map_or(Ok(default), |text| {
            text.parse::<u32>().map_err(|_| error(text.to_string()))
        })
    };
    let halfmove_clock = number(4, |found| FenError::BadHalfmoveClock { found }, 0)?;
    // Moves count from 1; a 0, which some programs write, is read as 1, as python-chess and
    // Stockfish read it.
    let fullmove_number = number(5, |found| FenError::BadFullmoveNumber { found }, 1)?.max(1);

    let mut position = Position {
        by_role,
        by_color,
        turn,
        castling: Bitboard::EMPTY,
        ep_square: None,
        halfmove_clock,
        fullmove_number,
        chess960,
        checkers: Bitboard::EMPTY,
    };
    validate_pieces(&position)?;
    position.checkers = position.find_checkers();
    position.castling = parse_castling(&position, fields[2])?;
    position.ep_square = parse_en_passant(&position, fields[3])?;
    Ok(position)
}

fn parse_board(board: &str) -> Result<([Bitboard; 6], [Bitboard; 2]), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    let mut by_role = [Bitboard::EMPTY; 6];
    let mut by_color = [Bitboard::EMPTY; 2];
    for (text, rank) in ranks.into_iter().zip(Rank::ALL.into_iter().rev()) {
        let mut file = 0usize;
        let mut previous_digit = false;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if previous_digit {
                    return Err(FenError::ConsecutiveDigits { rank });
                }
                previous_digit = true;
                file += skip as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                previous_digit = false;
                if let Some(file) = File::new(file as u8) {
                    let square = Bitboard::from(Square::new(file, rank));
                    by_role[piece.role.index()] |= square;
                    by_color[piece.color.index()] |= square;
                }
                file += 1;
            } else {
                return Err(FenError::BadPiece { rank, found: c });
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank,
                squares: file,
            });
        }
    }
    Ok((by_role, by_color))
}

fn validate_pieces(position: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let count = position.pieces(color, Role::King).count();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
    }
    let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
    if let Some(square) = (position.by_role(Role::Pawn) & back_ranks).lsb() {
        return Err(FenError::PawnOnBackRank { square });
    }
    let them = !position.turn;
    let their_king = position.king(them);
    if position
        .attackers(their_king, position.turn, position.occupied())
        .any()
    {
        return Err(FenError::OppositeCheck {
            turn: position.turn,
        });
    }
    Ok(())
}

fn parse_castling(position: &Position, field: &str) -> Result<Bitboard, FenError> {
    let mut rights = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rights);
    }
    let bad = || FenError::BadCastling {
        found: field.to_string(),
    };
    for right in field.chars() {
        let rook = castling_rook(position, right, bad)?;
        if rights.contains(rook) {
            return Err(bad());
        }
        // One right per side of the king.
        let color = color_of_right(right);
        let king = position.king(color);
        let same_side = (rights & position.by_color(color))
            .into_iter()
            .any(|other| (other > king) == (rook > king));
        if same_side {
            return Err(bad());
        }
        rights.insert(rook);
    }
    Ok(rights)
}

/// The colour a castling right's letter is for: upper case white, lower case black.
fn color_of_right(right: char) -> Color {
    if right.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// The rook that the castling right `right` (`K`, `Q`, or a file letter, either case) names
/// in `position`, or why there is none (`bad`: the letter itself is wrong).
fn castling_rook(
    position: &Position,
    right: char,
    bad: impl Fn() -> FenError,
) -> Result<Square, FenError> {
    let color = color_of_right(right);
    let rank = back_rank(color);
    let missing = |reason: String| FenError::CastlingWithoutPieces { right, reason };
    let king = position.king(color);
    if king.rank() != rank {
        return Err(missing(format!("the {color} king on its first rank")));
    }
    let rooks = position.pieces(color, Role::Rook) & Bitboard::rank(rank);
    let beyond = |east: bool| {
        rooks
            .into_iter()
            .filter(|&rook| (rook > king) == east)
            .collect::<Bitboard>()
    };
    let rook = match right.to_ascii_lowercase() {
        'k' => beyond(true).msb(),
        'q' => beyond(false).lsb(),
        c @ 'a'..='h' => {
            let file = File::from_char(c).ok_or_else(&bad)?;
            Some(Square::new(file, rank)).filter(|&sq| rooks.contains(sq))
        }
        _ => return Err(bad()),
    };
    let Some(rook) = rook else {
        return Err(missing(format!(
            "a {color} rook on the {} side of the king on its first rank",
            match right.to_ascii_lowercase() {
                'k' => "h".to_string(),
                'q' => "a".to_string(),
                c => format!("file {c}"),
            }
        )));
    };
    if !position.chess960 {
        let standard_rook = rook.file() == File::A || rook.file() == File::H;
        if king.file() != File::E || !standard_rook {
            return Err(missing(format!(
                "the {color} king on e{} and a rook on a or h (or Chess960 rules)",
                rank.char()
            )));
        }
    }
    Ok(rook)
}

fn parse_en_passant(position: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let square: Square = field.parse().map_err(|_| FenError::BadEnPassant {
        found: field.to_string(),
    })?;
    let us = position.turn;
    let impossible = |reason| Err(FenError::ImpossibleEnPassant { square, reason });
    if square.rank() != Rank::Sixth.relative(us) {
        return impossible(match us {
            Color::White => "with white to move it must be on rank 6",
            Color::Black => "with black to move it must be on rank 3",
        });
    }
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let (Some(pushed), Some(origin)) = (square.offset(0, -forward), square.offset(0, forward))
    else {
        return impossible("no pawn can have passed it");
    };
    if !position.pieces(!us, Role::Pawn).contains(pushed) {
        return impossible("no pawn stands in front of it, as a double push would leave");
    }
    if position.occupied().contains(square) || position.occupied().contains(origin) {
        return impossible("the squares the pawn passed over must be empty");
    }
    // Keep the square only where the side to move can capture there legally.
    let mut position = *position;
    position.set_ep_square_if_legal(square);
    Ok(position.ep_square)
}
