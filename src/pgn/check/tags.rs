//! The tag section: the tags, and the position the game starts from.

use std::ops::Range;

use super::super::syntax::{Token, TokenKind};
use super::super::tags::Tags;
use super::report::Collector;
use crate::diagnostic::{Code, Diagnostic};
use crate::position::Position;

/// The position a game starts from, as its tags say.
pub(super) enum Start {
    /// A position jaque plays from.
    Position(Position),
    /// A variant jaque does not play, and its start position when it can be read (its FEN
    /// tag's, or the standard one of a variant that starts from it).
    Unsupported {
        variant: String,
        position: Option<Position>,
    },
    /// A FEN that cannot be read (said in the diagnostics).
    Bad,
}

/// The variants, written lower case without blanks or dashes, whose games start from the
/// standard position (when no FEN tag says otherwise).
const STANDARD_START_VARIANTS: [&str; 12] = [
    "crazyhouse",
    "antichess",
    "suicide",
    "giveaway",
    "losers",
    "atomic",
    "kingofthehill",
    "koth",
    "threecheck",
    "3check",
    "bughouse",
    "doublechess",
];

/// Whether a Variant tag's value is Chess960, standard chess, or (`Err`) a variant whose
/// rules jaque does not know.
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

/// Whether games of `variant` start from the standard position.
fn starts_as_standard(variant: &str) -> bool {
    let name: String = variant
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    STANDARD_START_VARIANTS.contains(&name.as_str())
}

/// A game's tags, and where its FEN, Variant and Result tags are (the last of each): each by its index
/// among the pairs, and where it is written (for diagnostics): the Variant tag's token, the
/// FEN and Result tags' values between their quotes.
pub(super) struct SectionTags {
    pub(super) tags: Tags,
    fen: Option<(usize, Range<usize>)>,
    variant: Option<(usize, Range<usize>)>,
    result: Option<(usize, Range<usize>)>,
}

/// The tags of the tag tokens `tag_tokens` of `text`, read into one copy of their section,
/// and the three tags the checker asks for, found in the same pass (not looked up by name
/// afterwards); `escapes`: whether some value may hold an escape. Out of line: inlined into
/// the checker, this loop slowed the walk more than it saved.
#[inline(never)]
pub(super) fn read_tags(text: &str, tag_tokens: &[Token], escapes: bool) -> SectionTags {
    let section = match (tag_tokens.first(), tag_tokens.last()) {
        (Some(first), Some(last)) => first.span.start..last.span.end,
        _ => 0..0,
    };
    let (mut fen, mut variant, mut result) = (None, None, None);
    // Pairs are counted apart from the tokens: a comment may stand between them.
    let mut pair = 0;
    let pairs = tag_tokens.iter().filter_map(|token| {
        let TokenKind::Tag { name, value } = &token.kind else {
            return None;
        };
        let index = pair;
        pair += 1;
        // A repeated tag takes its last value, as python-chess's headers do.
        match text.as_bytes().get(name.clone()) {
            Some(b"FEN") => fen = Some((index, value.clone())),
            Some(b"Variant") => variant = Some((index, token.span.clone())),
            Some(b"Result") => result = Some((index, value.clone())),
            _ => {}
        }
        // Ranges of the section (every tag token lies in it).
        let in_section = |range: &Range<usize>| {
            range.start.saturating_sub(section.start)..range.end.saturating_sub(section.start)
        };
        Some((in_section(name), in_section(value)))
    });
    let tags = Tags::of_section(
        text.get(section.clone()).unwrap_or_default(),
        pairs,
        escapes,
    );
    SectionTags {
        tags,
        fen,
        variant,
        result,
    }
}

/// The Result tag (the last): its value, and where the value is written (between the quotes).
pub(super) struct ResultTag<'a> {
    pub(super) value: &'a str,
    pub(super) span: Range<usize>,
}

impl SectionTags {
    fn value(&self, index: Option<usize>) -> Option<&str> {
        index.and_then(|i| self.tags.value(i))
    }

    /// The value of the Result tag (the last, if it is repeated).
    pub(super) fn result_tag(&self) -> Option<ResultTag<'_>> {
        let (index, span) = self.result.as_ref()?;
        Some(ResultTag {
            value: self.value(Some(*index))?,
            span: span.clone(),
        })
    }

    /// The position the game starts from: the FEN tag's (with Chess960 castling when the
    /// Variant tag says so), else the standard one; an unknown variant or a bad FEN (its
    /// caret on the wrong field, and how many moves of `movetext` go unchecked for it) is said
    /// in `out`, once.
    pub(super) fn start(&self, movetext: &[Token], out: &mut Collector) -> Start {
        let span = |tag: &Option<(usize, Range<usize>)>| {
            tag.as_ref().map_or(0..0, |(_, span)| span.clone())
        };
        let fen = self.value(self.fen.as_ref().map(|(i, _)| *i));
        let chess960 = match is_chess960(self.value(self.variant.as_ref().map(|(i, _)| *i))) {
            Ok(chess960) => chess960,
            Err(variant) => {
                out.game(Diagnostic::new(
                    Code::UnsupportedVariant,
                    format!("the variant {variant:?} is not supported: its moves are not checked"),
                    "a variant jaque does not play",
                    span(&self.variant),
                ));
                let position = match fen {
                    Some(fen) => Position::from_fen(fen).ok(),
                    None => starts_as_standard(&variant).then(Position::starting),
                };
                return Start::Unsupported { variant, position };
            }
        };
        let Some(fen) = fen else {
            return Start::Position(Position::starting());
        };
        match Position::from_fen_with(fen, chess960) {
            Ok(position) => Start::Position(position),
            Err(error) => {
                let value = span(&self.fen);
                // An escape in the value moves its fields: then the caret takes it whole.
                let d = match value.len() == fen.len() {
                    true => error.diagnostic_in(fen, value.start),
                    false => error.diagnostic(value),
                };
                let moves = movetext.iter().filter(|t| t.kind == TokenKind::San);
                out.game(match moves.count() {
                    0 => d,
                    1 => d.with_help("the game's 1 move is not checked: it has no start position"),
                    n => d.with_help(format!(
                        "the game's {n} moves are not checked: they have no start position"
                    )),
                });
                Start::Bad
            }
        }
    }
}
