//! Piece letters: English (export SAN) and the localized letters found in real files.
//!
//! The language is never guessed: `R` is a rook in English and a king in Spanish.

use std::fmt;
use std::str::FromStr;

use crate::role::Role;

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

impl Lang {
    /// The role of an upper-case piece letter in this language.
    #[inline]
    pub fn role(self, c: char) -> Option<Role> {
        use Role::*;
        match (self, c) {
            (Lang::English, 'K') => Some(King),
            (Lang::English, 'Q') => Some(Queen),
            (Lang::English, 'R') => Some(Rook),
            (Lang::English, 'B') => Some(Bishop),
            (Lang::English, 'N') => Some(Knight),
            (Lang::English, 'P') => Some(Pawn),
            (Lang::Spanish | Lang::French, 'R') => Some(King),
            (Lang::Spanish | Lang::French | Lang::German | Lang::Dutch, 'D') => Some(Queen),
            (Lang::Spanish | Lang::French | Lang::German | Lang::Dutch, 'T') => Some(Rook),
            (Lang::Spanish, 'A') => Some(Bishop),
            (Lang::French, 'F') => Some(Bishop),
            (Lang::German | Lang::Dutch, 'L') => Some(Bishop),
            (Lang::Spanish | Lang::French, 'C') => Some(Knight),
            (Lang::German, 'S') => Some(Knight),
            (Lang::Dutch, 'P') => Some(Knight),
            (Lang::Spanish | Lang::French, 'P') => Some(Pawn),
            (Lang::German, 'B') => Some(Pawn),
            (Lang::German | Lang::Dutch, 'K') => Some(King),
            _ => None,
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

    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        match s {
            "en" => Ok(Lang::English),
            "es" => Ok(Lang::Spanish),
            "de" => Ok(Lang::German),
            "fr" => Ok(Lang::French),
            "nl" => Ok(Lang::Dutch),
            other => Err(ParseLangError(other.to_string())),
        }
    }
}

/// The role of a figurine (`♘` or `♞`), either colour.
#[inline]
pub fn figurine(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        '♙' | '♟' => Some(Role::Pawn),
        _ => None,
    }
}
