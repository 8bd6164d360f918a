//! Material signatures, as endgame tablebases name them: `material KRPvKR` holds where White
//! has exactly a rook and a pawn besides the king, Black exactly a rook. Both sides are
//! written in upper case, White's before `v`; the kings may be left out (`RPvR`), since
//! every position has one each. It compiles to counts of each piece but the kings.

use super::parse::{Parsed, Parser};
use super::syntax::{Kind, Node};
use crate::color::Color;
use crate::diagnostic::FilterError;
use crate::role::Role;

const HELP: &str =
    "write White's pieces, `v`, then Black's, in upper case as tablebases do: `KRPvKR`";

impl Parser<'_> {
    /// `material SIGNATURE`, at `material`.
    pub(super) fn material(&mut self, start: usize) -> Parsed<Node> {
        self.at += "material".len();
        let word = self.word_here();
        if word.is_empty() {
            return Err(self.expected("a material signature after `material`, such as `KRPvKR`"));
        }
        let counts = signature(word, self.at)?;
        self.at += word.len();
        Ok(self.node(start, Kind::Material(counts)))
    }
}

/// Per colour and role, how many pieces `word` (at byte `at`) names, or what is wrong.
fn signature(word: &str, at: usize) -> Parsed<[[u32; 6]; 2]> {
    let whole = at..at + word.len();
    let Some((white, black)) = word.split_once('v') else {
        return Err(
            FilterError::new(whole, format!("`{word}` has no `v` between the sides"))
                .with_help(HELP),
        );
    };
    let mut counts = [[0u32; 6]; 2];
    let sides = [
        (Color::White, white, at),
        (Color::Black, black, at + white.len() + 1),
    ];
    for (color, side, start) in sides {
        if side.is_empty() {
            let message = format!("a side of `{word}` is empty");
            return Err(
                FilterError::new(whole, message).with_help("write `K` for a lone king: `KRvK`")
            );
        }
        for (offset, letter) in side.char_indices() {
            let place = start + offset..start + offset + letter.len_utf8();
            let role = Role::from_char(letter).filter(|_| letter.is_ascii_uppercase());
            let Some(role) = role else {
                let message = format!("unknown piece letter `{letter}` in a material signature");
                return Err(FilterError::new(place, message).with_help(HELP));
            };
            let count = &mut counts[color.index()][role.index()];
            *count = count.saturating_add(1);
            if role == Role::King && *count > 1 {
                return Err(FilterError::new(place, "a side with two kings").with_help(HELP));
            }
        }
    }
    Ok(counts)
}
