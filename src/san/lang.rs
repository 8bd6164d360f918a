//! Piece letters: English (export SAN) and the localized letters found in real files.
//!
//! The language is never guessed: `R` is a rook in English and a king in Spanish.

use std::fmt;
use std::str::FromStr;

use crate::role::{LetterRoles, Piece, Role};

/// The language of the piece letters of SAN input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// K Q R B N (and P for pawns, nonstandard).
    #[default]
    English,
    /// Spanish: R D T A C (rey, dama, torre, alfil, caballo), P (peón).
    Spanish,
    /// German: K D T L S (König, Dame, Turm, Läufer, Springer), B (Bauer).
    German,
    /// French: R D T F C (roi, dame, tour, fou, cavalier), P (pion).
    French,
    /// Dutch: K D T L P (koning, dame, toren, loper, paard); pawns have no letter.
    Dutch,
}

/// The piece letters of each language, indexed by `Lang as usize` then [`Role::index`] (`0`:
/// the role has no letter). English is the one spelling FEN and UCI share.
const LETTERS: [[u8; 6]; 5] = [
    Role::LETTERS,
    *b"PCATDR", // Spanish
    *b"BSLTDK", // German
    *b"PCFTDR", // French
    // Dutch pawns have no letter, and `P` (paard) is the knight.
    [0, b'P', b'L', b'T', b'D', b'K'],
];

/// [`LETTERS`] read back: the role of each byte, per language.
const ROLES: [LetterRoles; 5] = {
    let mut roles = [LetterRoles::new([0; 6]); 5];
    let mut lang = 0;
    while lang < LETTERS.len() {
        roles[lang] = LetterRoles::new(LETTERS[lang]);
        lang += 1;
    }
    roles
};

/// The English letters without the pawn's: the pieces export SAN names, which the fast paths
/// read.
pub(super) const EXPORT_PIECES: LetterRoles = ROLES[Lang::English as usize].without(Role::Pawn);

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 5] = [
        Lang::English,
        Lang::Spanish,
        Lang::German,
        Lang::French,
        Lang::Dutch,
    ];

    /// The language's name in English: `Spanish`.
    pub fn name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Spanish => "Spanish",
            Lang::German => "German",
            Lang::French => "French",
            Lang::Dutch => "Dutch",
        }
    }

    /// The role of an upper-case piece letter in this language.
    #[inline]
    pub fn role(self, c: char) -> Option<Role> {
        if c.is_ascii() {
            ROLES[self as usize].get(c as u8)
        } else {
            None
        }
    }

    /// The code used on the command line: `en`, `es`, `de`, `fr`, `nl`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Spanish => "es",
            Lang::German => "de",
            Lang::French => "fr",
            Lang::Dutch => "nl",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is not one of `en es de fr nl`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected en, es, de, fr or nl")]
pub struct ParseLangError(pub String);

impl FromStr for Lang {
    type Err = ParseLangError;

    /// The language whose [`Lang::code`] is `s`.
    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        (Lang::ALL.into_iter())
            .find(|lang| lang.code() == s)
            .ok_or_else(|| ParseLangError(s.to_string()))
    }
}

/// The role of a figurine (`♘` or `♞`), either colour.
#[inline]
pub fn figurine(c: char) -> Option<Role> {
    Piece::from_symbol(c).map(|piece| piece.role)
}
