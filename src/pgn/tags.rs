//! A game's tag pairs, kept in one buffer: a game has a dozen tags, and one allocation per
//! game instead of two per tag is a tenth of the cost of checking a clean game. And what the
//! PGN standard says of tags that both the checker and the formatter follow: the Seven Tag
//! Roster and the values export format gives its tags when they are unknown.

use std::fmt;
use std::ops::Range;

use super::syntax::Outcome;

/// The Seven Tag Roster (PGN standard, section 8.1.1), in the order export format writes it.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The value export format writes for the roster tag `name` when it is unknown: `?`, a date
/// of `?`s, the termination `marker` for the Result (`*` without one).
pub(crate) fn roster_placeholder(name: &str, marker: Option<Outcome>) -> &'static str {
    match name {
        "Date" => "????.??.??",
        "Result" => marker.unwrap_or(Outcome::Unknown).as_str(),
        _ => "?",
    }
}

/// The tag pairs of a game, in the order of the text, values unescaped.
///
/// ```
/// use jaque::pgn::{Options, Splitter, check_game};
/// let game = Splitter::new(&b"[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 *"[..])
///     .next().unwrap().unwrap();
/// let tags = check_game(&game, &Options::default()).tags;
/// assert_eq!(tags.get("Black"), Some("Botvinnik"));
/// assert_eq!(tags.iter().collect::<Vec<_>>(), [("White", "Tal"), ("Black", "Botvinnik")]);
/// ```
#[derive(Clone, Default)]
pub struct Tags {
    /// The names and values: a game's tag section as written (brackets and quotes between
    /// them), then any value whose escapes had to be undone.
    text: String,
    /// Where each pair's name and value are in `text`.
    pairs: Vec<(Range<usize>, Range<usize>)>,
}

impl Tags {
    /// The tags of a tag section: `section` copied once, in one allocation, and each pair
    /// `(name, value)` given as byte ranges of it, the value as written (its escapes are
    /// undone here, the rare value that has them copied again). Without `escapes`, the
    /// reader of the section knows that no value has one.
    #[inline]
    pub(crate) fn of_section(
        section: &str,
        pairs: impl Iterator<Item = (Range<usize>, Range<usize>)>,
        escapes: bool,
    ) -> Tags {
        let (least, most) = pairs.size_hint();
        let mut tags = Tags {
            text: section.to_string(),
            pairs: Vec::with_capacity(most.unwrap_or(least)),
        };
        // Most sections have no escape at all: one search for them all.
        let escapes = escapes && section.as_bytes().contains(&b'\\');
        for (name, value) in pairs {
            let value = if escapes
                && let Some(written) = section.get(value.clone())
                && written.contains('\\')
            {
                let start = tags.text.len();
                tags.text.push_str(&super::syntax::unescape(written));
                start..tags.text.len()
            } else {
                value
            };
            tags.pairs.push((name, value));
        }
        tags
    }

    /// Adds a pair at the end (a repeated name is kept too: the first one counts).
    pub fn push(&mut self, name: &str, value: &str) {
        let name_start = self.text.len();
        self.text.push_str(name);
        let value_start = self.text.len();
        self.text.push_str(value);
        self.pairs
            .push((name_start..value_start, value_start..self.text.len()));
    }

    /// The value of the first tag called `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        // Names compared as bytes (lengths first): only the value found becomes a `str`.
        let bytes = self.text.as_bytes();
        let (_, value) = self
            .pairs
            .iter()
            .find(|(n, _)| bytes.get(n.clone()) == Some(name.as_bytes()))?;
        self.text.get(value.clone())
    }

    /// The value of the pair at `index` (in the order read).
    pub(crate) fn value(&self, index: usize) -> Option<&str> {
        let (_, value) = self.pairs.get(index)?;
        self.text.get(value.clone())
    }

    /// The pairs `(name, value)` in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.pairs.iter().map(|(name, value)| {
            (
                self.text.get(name.clone()).unwrap_or_default(),
                self.text.get(value.clone()).unwrap_or_default(),
            )
        })
    }

    /// How many pairs.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// No pairs at all?
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Does some name come twice? (A writer of a map then has to choose a value; most games
    /// have no such name, and this spares them the choice.)
    ///
    /// ```
    /// use jaque::pgn::Tags;
    /// let once: Tags = [("White", "Tal"), ("Black", "Botvinnik")].into_iter().collect();
    /// let twice: Tags = [("White", "Tal"), ("White", "Botvinnik")].into_iter().collect();
    /// assert_eq!((once.has_repeated_names(), twice.has_repeated_names()), (false, true));
    /// ```
    pub fn has_repeated_names(&self) -> bool {
        let text = self.text.as_bytes();
        let name = |range: &Range<usize>| text.get(range.clone()).unwrap_or_default();
        if self.pairs.len() > 64 {
            // Too many for the bits below to tell apart: a set of the names, a hash a name.
            let mut names = std::collections::HashSet::with_capacity(self.pairs.len());
            return self
                .pairs
                .iter()
                .any(|(range, _)| !names.insert(name(range)));
        }
        // A bit of 128 for each name, chosen by its length and its first and last bytes: a
        // name whose bit is clear is new, and only the others are compared with the names
        // before them (one pass, where comparing every two names cost more than writing them).
        let mut seen = 0u128;
        for (at, (range, _)) in self.pairs.iter().enumerate() {
            let here = name(range);
            let bit = 1u128 << name_bit(here);
            if seen & bit != 0 {
                let earlier = self.pairs.get(..at).unwrap_or_default();
                if earlier.iter().any(|(other, _)| name(other) == here) {
                    return true;
                }
            }
            seen |= bit;
        }
        false
    }

    /// The tags of a game's tag section read alone, as the checker reads them but without
    /// lexing its moves: what a question about tags needs (`jaque select --tag`). The
    /// section ends at the first thing that is neither a tag pair nor a comment.
    ///
    /// ```
    /// use jaque::pgn::Tags;
    /// let game = b"[White \"Tal\"] {a note}\n[Black \"Botvinnik\"]\n\n1. e4 [Event \"late\"] *";
    /// let tags = Tags::of_game(game);
    /// assert_eq!(tags.iter().collect::<Vec<_>>(), [("White", "Tal"), ("Black", "Botvinnik")]);
    /// ```
    pub fn of_game(bytes: &[u8]) -> Tags {
        let (text, _) = super::syntax::decode(bytes);
        let section = TagSection::of(text.as_bytes());
        let (start, end) = (section.start(), section.end());
        let in_section =
            |r: Range<usize>| r.start.saturating_sub(start)..r.end.saturating_sub(start);
        let pairs = (section.pairs.into_iter()).map(|(n, v)| (in_section(n), in_section(v)));
        let text = text.get(start..end).unwrap_or_default();
        Tags::of_section(text, pairs, section.escapes)
    }

    /// The value of the last tag called `name`: a repeated tag takes its last value, as the
    /// checker's report and python-chess's headers have it.
    pub fn last(&self, name: &str) -> Option<&str> {
        let bytes = self.text.as_bytes();
        let (_, value) = (self.pairs.iter().rev())
            .find(|(n, _)| bytes.get(n.clone()) == Some(name.as_bytes()))?;
        self.text.get(value.clone())
    }
}

/// Equal when the pairs are, however each was read.
impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Tags {}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> FromIterator<(&'a str, &'a str)> for Tags {
    fn from_iter<I: IntoIterator<Item = (&'a str, &'a str)>>(pairs: I) -> Tags {
        let mut tags = Tags::default();
        for (name, value) in pairs {
            tags.push(name, value);
        }
        tags
    }
}

/// Where the tag pairs of a game's tag section are in its bytes, read without lexing the
/// moves: the section ends at the first thing that is neither a tag pair nor a comment.
pub struct TagSection {
    /// Each pair's name and value (as written, between the quotes), byte ranges.
    pub pairs: Vec<(Range<usize>, Range<usize>)>,
    /// Where each pair ends, just past its `]`.
    pub ends: Vec<usize>,
    /// Some value may hold an escape.
    pub escapes: bool,
}

impl TagSection {
    /// The section at the start of `bytes` (a game's, as read, or decoded).
    ///
    /// ```
    /// use jaque::pgn::TagSection;
    /// let section = TagSection::of(b"[White \"Tal\"]\n{c}\n[Black \"B\"]\n\n1. e4 *");
    /// assert_eq!((section.pairs.len(), section.ends), (2, vec![13, 29]));
    /// ```
    pub fn of(bytes: &[u8]) -> TagSection {
        let mut section = TagSection {
            pairs: Vec::new(),
            ends: Vec::new(),
            escapes: false,
        };
        let mut i = 0;
        while let Some(&byte) = bytes.get(i) {
            let rest = bytes.get(i..).unwrap_or_default();
            let to = |b: u8| rest.iter().position(|&r| r == b);
            i += match byte {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'\x0b' => 1,
                b'[' => match super::syntax::tag(rest) {
                    Ok(((name, value, used), may_escape)) => {
                        let shift = |r: Range<usize>| r.start + i..r.end + i;
                        section.pairs.push((shift(name), shift(value)));
                        section.ends.push(i + used);
                        section.escapes |= may_escape;
                        used
                    }
                    Err(_) => break,
                },
                b'{' => to(b'}').map_or(rest.len(), |at| at + 1),
                b';' => to(b'\n').unwrap_or(rest.len()),
                b'%' if i == 0 || bytes.get(i - 1) == Some(&b'\n') => {
                    to(b'\n').unwrap_or(rest.len())
                }
                _ => break,
            };
        }
        section
    }

    /// Where the first pair's name starts (0 without pairs).
    fn start(&self) -> usize {
        self.pairs.first().map_or(0, |(name, _)| name.start)
    }

    /// Where the last pair's value ends (0 without pairs).
    fn end(&self) -> usize {
        self.pairs.last().map_or(0, |(_, value)| value.end)
    }
}

/// The bit of 128 that [`Tags::has_repeated_names`] gives a name: a hash of its length and its
/// first and last bytes, so that equal names have the same bit.
fn name_bit(name: &[u8]) -> u32 {
    let edge = |byte: Option<&u8>| u64::from(byte.copied().unwrap_or(0));
    let sketch = (name.len() as u64) << 16 | edge(name.first()) << 8 | edge(name.last());
    (sketch.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 57) as u32
}

#[cfg(test)]
mod tests {
    use super::Tags;

    #[test]
    fn repeated_names_are_found_however_alike_the_names_and_however_many() {
        let repeated = |names: &[String]| {
            let tags: Tags = names.iter().map(|n| (n.as_str(), "v")).collect();
            tags.has_repeated_names()
        };
        let alike: Vec<String> = ["Eat", "Ebt", "Ect", "E", "", "EE"]
            .map(String::from)
            .to_vec();
        assert!(
            !repeated(&alike),
            "same length, first and last byte, but not the same"
        );
        for many in [alike.len(), 31, 32, 33, 40, 64, 65, 200] {
            let mut names: Vec<String> = (0..many).map(|i| format!("N{i}x")).collect();
            assert!(!repeated(&names), "{many} names");
            for (first, second) in [(0, many - 1), (many / 2, many - 1), (0, 1)] {
                let copy = names[first].clone();
                let kept = std::mem::replace(&mut names[second], copy);
                assert!(repeated(&names), "{many} names, {first} and {second} equal");
                names[second] = kept;
            }
        }
    }

    #[test]
    fn pairs_come_back_in_order_and_the_first_of_a_name_counts() {
        let tags: Tags = [("Event", "a"), ("", ""), ("Site", "ü\"x"), ("Event", "b")]
            .into_iter()
            .collect();
        assert_eq!(tags.len(), 4);
        assert_eq!(
            tags.iter().collect::<Vec<_>>(),
            [("Event", "a"), ("", ""), ("Site", "ü\"x"), ("Event", "b")]
        );
        assert_eq!(tags.get("Event"), Some("a"));
        assert_eq!(tags.get("Site"), Some("ü\"x"));
        assert_eq!(tags.get("Round"), None);
        assert!(Tags::default().is_empty());
    }

    #[test]
    fn a_section_is_read_in_place_and_escaped_values_are_undone() {
        let section = "[Event \"a\"]\n[Site \"say \\\"hi\\\"\"]\n[Event \"b\"]";
        let pairs = [(1..6, 8..9), (13..17, 19..29), (33..38, 40..41)];
        let tags = Tags::of_section(section, pairs.into_iter(), true);
        let expected: Tags = [("Event", "a"), ("Site", "say \"hi\""), ("Event", "b")]
            .into_iter()
            .collect();
        assert_eq!(tags, expected);
        assert_eq!(tags.get("Site"), Some("say \"hi\""));
        assert_eq!(format!("{tags:?}"), format!("{expected:?}"));
    }
}
