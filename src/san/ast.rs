//! The syntax tree of one SAN move: every detail the writer used (which letters, which
//! suffix, spans), and nothing about whether the move is legal.

use std::fmt;

use super::lexer::{Glyph, Span};
use crate::role::Role;
use crate::square::{File, Rank, Square};

/// A form that is accepted but is not export SAN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nonstandard {
    /// `0-0` / `0-0-0` instead of `O-O` / `O-O-O`.
    CastlingWithZeros,
    /// A figurine (`♘f3`) instead of a letter.
    Figurine,
    /// A localized piece letter (`Cf3` in Spanish).
    LocalizedLetter,
    /// `P` before a pawn move.
    PawnLetter,
    /// `:` or `×` instead of `x`.
    CaptureSign,
    /// A promotion without `=` (`e8Q`).
    PromotionWithoutEquals,
    /// A lower-case promotion letter (`e8=q`).
    LowerCasePromotion,
    /// `e.p.` after an en-passant capture.
    EnPassantMark,
    /// Long algebraic notation: a dash between squares, or a pawn move from its full square
    /// (`e2-e4`, `e2e4`, `Ng1-f3`).
    LongAlgebraic,
    /// `++` for checkmate.
    DoublePlus,
}

impl Nonstandard {
    const ALL: [Nonstandard; 10] = [
        Nonstandard::CastlingWithZeros,
        Nonstandard::Figurine,
        Nonstandard::LocalizedLetter,
        Nonstandard::PawnLetter,
        Nonstandard::CaptureSign,
        Nonstandard::PromotionWithoutEquals,
        Nonstandard::LowerCasePromotion,
        Nonstandard::EnPassantMark,
        Nonstandard::LongAlgebraic,
        Nonstandard::DoublePlus,
    ];

    /// What export SAN writes instead.
    pub fn explanation(self) -> &'static str {
        match self {
            Nonstandard::CastlingWithZeros => {
                "castling is written with the letter O (O-O, O-O-O), not zeros"
            }
            Nonstandard::Figurine => "pieces are written as letters (K Q R B N), not figurines",
            Nonstandard::LocalizedLetter => "pieces are written with English letters (K Q R B N)",
            Nonstandard::PawnLetter => "pawn moves have no piece letter",
            Nonstandard::CaptureSign => "captures are written with x",
            Nonstandard::PromotionWithoutEquals => "promotions are written with = (e8=Q)",
            Nonstandard::LowerCasePromotion => "promotion pieces are upper case (e8=Q)",
            Nonstandard::EnPassantMark => "en passant captures carry no e.p. mark",
            Nonstandard::LongAlgebraic => "moves name only the target square, not both squares",
            Nonstandard::DoublePlus => "checkmate is written #, not ++",
        }
    }
}

/// A set of [`Nonstandard`] forms, without allocation.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct NonstandardForms(u16);

impl NonstandardForms {
    /// Adds a form.
    pub fn insert(&mut self, form: Nonstandard) {
        self.0 |= 1 << form as u16;
    }

    /// No nonstandard form at all?
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The forms, in a fixed order.
    pub fn iter(self) -> impl Iterator<Item = Nonstandard> {
        Nonstandard::ALL
            .into_iter()
            .filter(move |&f| self.0 & (1 << f as u16) != 0)
    }
}

impl fmt::Debug for NonstandardForms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// `+` or `#` after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`.
    Check,
    /// `#`.
    Mate,
}

impl Suffix {
    /// `+` or `#`.
    pub fn as_str(self) -> &'static str {
        match self {
            Suffix::Check => "+",
            Suffix::Mate => "#",
        }
    }
}

/// What the move says, apart from its suffixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanBody {
    /// `O-O` (`long = false`) or `O-O-O`.
    Castle {
        /// Queen side?
        long: bool,
    },
    /// A piece or pawn move.
    Normal {
        /// The moving role (a pawn when no letter is written).
        role: Role,
        /// The file of the moving piece, if written.
        from_file: Option<File>,
        /// The rank of the moving piece, if written.
        from_rank: Option<Rank>,
        /// Was a capture sign written?
        capture: bool,
        /// The target square.
        to: Square,
        /// The promotion piece, if written.
        promotion: Option<Role>,
    },
}

/// One SAN move as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct San {
    /// What it says.
    pub body: SanBody,
    /// `+` or `#`, if written.
    pub suffix: Option<Suffix>,
    /// `!`, `?` ... if written.
    pub glyph: Option<Glyph>,
    /// Forms accepted but not export SAN.
    pub nonstandard: NonstandardForms,
    /// The whole move in its text.
    pub span: Span,
    /// The disambiguation (from file and/or rank), if written.
    pub disambiguation_span: Option<Span>,
    /// The suffix, if written.
    pub suffix_span: Option<Span>,
}
