//! What export PGN asks of the tag section (PGN standard, section 8.1): the Seven Tag Roster
//! present and first in its order, and `[SetUp "1"]` beside a FEN tag (section 9.7.1), else
//! `missing_tag`; tag values in their forms (`tag_format`); each tag once (`duplicate_tag`).
//! Each problem has a suggestion where its rewrite is certain.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ops::Range;

use super::super::syntax::{Outcome, Token, TokenKind};
use super::super::tags::{SEVEN_TAG_ROSTER, roster_placeholder};
use super::report::Collector;
use crate::diagnostic::{Applicability, Code, Diagnostic, Suggestion};

/// One tag pair of the section, where it is.
struct Pair<'a> {
    name: &'a str,
    value: &'a str,
    /// The whole `[Name "value"]`.
    span: Range<usize>,
    /// The value between its quotes.
    value_span: Range<usize>,
}

/// The tag section of `text` (its tokens `tags`) against export PGN; `marker` is the game's
/// termination marker, the value a missing or malformed Result tag gets.
pub(super) fn check(text: &str, tags: &[Token], marker: Option<Outcome>, out: &mut Collector) {
    if !in_export_form(text, tags) {
        check_each(text, tags, marker, out);
    }
}

/// [`check`] without the shortcut for a section in export form.
fn check_each(text: &str, tags: &[Token], marker: Option<Outcome>, out: &mut Collector) {
    let pairs: Vec<Pair<'_>> = tags.iter().filter_map(|t| pair(text, t)).collect();
    if pairs.is_empty() {
        return;
    }
    roster(text, &pairs, marker, out);
    if let Some(d) = setup(text, &pairs) {
        out.game(d);
    }
    // The first pair of each name, looked up by name: a section of many tags costs a hash
    // a pair, not a comparison with every pair before it.
    let mut first_of: HashMap<&str, &Pair<'_>> = HashMap::with_capacity(pairs.len());
    for pair in &pairs {
        match first_of.entry(pair.name) {
            Entry::Occupied(first) => out.game(duplicate(text, first.get(), pair)),
            Entry::Vacant(slot) => {
                slot.insert(pair);
                if let Some(d) = format(pair, marker) {
                    out.game(d);
                }
            }
        }
    }
}

/// Whether the section is as export PGN has it (or is empty), read without building
/// anything: what nearly every game of a database is, and what every game pays for. Names
/// are compared as [`NameKey`]s, integers.
fn in_export_form(text: &str, tags: &[Token]) -> bool {
    // A section of one to six tags lacks some of the roster, and more than this many are
    // never taken for export form.
    if (1..SEVEN_TAG_ROSTER.len()).contains(&tags.len()) || tags.len() > MAX_EXPORT_TAGS {
        return false;
    }
    let bytes = text.as_bytes();
    let mut keys = [NameKey(0, 0); MAX_EXPORT_TAGS];
    // A bit for each name read, chosen by its key: a name whose bit is clear is new, and
    // only the others are compared with the names before them.
    let mut seen = 0u64;
    // A FEN tag read, and a `[SetUp "1"]`.
    let (mut fen, mut set_up) = (false, false);
    for (index, token) in tags.iter().enumerate() {
        let (Some(name), Some(value)) = (name_bytes(bytes, token), value_bytes(bytes, token))
        else {
            return false;
        };
        let key = NameKey::at(bytes, token);
        // The roster's names are short: their keys are the whole names.
        let in_roster = ROSTER_KEYS.get(index).is_none_or(|&roster| roster == key);
        let Some(slot) = keys.get_mut(index) else {
            return false;
        };
        *slot = key;
        let again = seen & key.bit() != 0
            && keys.iter().zip(tags).take(index).any(|(&k, earlier)| {
                k == key && (key.whole() || name_bytes(bytes, earlier) == Some(name))
            });
        seen |= key.bit();
        fen |= key == FEN_KEY;
        set_up |= key == SET_UP_KEY && value == b"1";
        let malformed = Form::of(name).is_some_and(|form| !form.holds(value));
        if !in_roster || again || malformed {
            return false;
        }
    }
    set_up || !fen
}

/// The bytes of the name of the tag pair `token`.
fn name_bytes<'a>(bytes: &'a [u8], token: &Token) -> Option<&'a [u8]> {
    match &token.kind {
        TokenKind::Tag { name, .. } => bytes.get(name.clone()),
        _ => None,
    }
}

/// The bytes of the value of the tag pair `token`, as written.
fn value_bytes<'a>(bytes: &'a [u8], token: &Token) -> Option<&'a [u8]> {
    match &token.kind {
        TokenKind::Tag { value, .. } => bytes.get(value.clone()),
        _ => None,
    }
}

/// The most tags a section in export form is taken to have (more are not looked at).
const MAX_EXPORT_TAGS: usize = 32;

/// A tag name as integers: its first eight bytes (zeros after a shorter name) and its length.
/// Two names with different keys differ; with the same key they are the same name when it
/// is [`NameKey::whole`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct NameKey(u64, usize);

impl NameKey {
    const fn of(name: &[u8]) -> NameKey {
        let mut word = 0;
        let mut shift = 0;
        let mut rest = name;
        while let [byte, tail @ ..] = rest
            && shift < 64
        {
            word |= (*byte as u64) << shift;
            shift += 8;
            rest = tail;
        }
        NameKey(word, name.len())
    }

    /// The key of the name of the tag pair `token` in `bytes`: one load of eight bytes where
    /// the text has them (a name is followed by its value), masked to the name's length.
    #[inline]
    fn at(bytes: &[u8], token: &Token) -> NameKey {
        let TokenKind::Tag { name, .. } = &token.kind else {
            return NameKey(0, 0);
        };
        let len = name.len();
        match bytes.get(name.start..).and_then(<[u8]>::first_chunk::<8>) {
            Some(&word) => {
                let mask = u64::MAX.checked_shr(64 - 8 * len.min(8) as u32);
                NameKey(u64::from_le_bytes(word) & mask.unwrap_or(0), len)
            }
            None => NameKey::of(bytes.get(name.clone()).unwrap_or_default()),
        }
    }

    /// A bit of 64 chosen by the key: equal keys have the same bit.
    fn bit(self) -> u64 {
        let mixed = (self.0 ^ self.1 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        1 << (mixed >> 58)
    }

    /// Whether the key holds every byte of its name.
    fn whole(self) -> bool {
        self.1 <= 8
    }
}

/// The keys of the names `FEN` and `SetUp`.
const FEN_KEY: NameKey = NameKey::of(b"FEN");
const SET_UP_KEY: NameKey = NameKey::of(b"SetUp");

/// The keys of the Seven Tag Roster's names, in order.
const ROSTER_KEYS: [NameKey; 7] = {
    let mut keys = [NameKey(0, 0); 7];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = NameKey::of(SEVEN_TAG_ROSTER[i].as_bytes());
        i += 1;
    }
    keys
};

fn pair<'a>(text: &'a str, token: &Token) -> Option<Pair<'a>> {
    let TokenKind::Tag { name, value } = &token.kind else {
        return None;
    };
    Some(Pair {
        name: text.get(name.clone())?,
        value: text.get(value.clone())?,
        span: token.span.clone(),
        value_span: value.clone(),
    })
}

/// The roster's tags that are missing (each inserted before the next roster tag present, or
/// after the last tag, with `?` values as export format has them), or that are out of order.
fn roster(text: &str, pairs: &[Pair<'_>], marker: Option<Outcome>, out: &mut Collector) {
    // Where each roster tag is among the pairs, by rank.
    let mut at = [None; SEVEN_TAG_ROSTER.len()];
    for (slot, name) in at.iter_mut().zip(SEVEN_TAG_ROSTER) {
        *slot = pairs.iter().position(|p| p.name == name);
    }
    let in_order = at
        .iter()
        .flatten()
        .enumerate()
        .all(|(i, &index)| index == i);
    let first = pairs.first().map_or(0..0, |p| p.span.clone());
    if !in_order {
        out.game(
            Diagnostic::new(
                Code::MissingTag,
                "the Seven Tag Roster is out of order: Event, Site, Date, Round, White, Black, Result come first",
                "the roster starts here",
                first,
            )
            .with_help("`jaque fmt` writes the tags in export order"),
        );
        return;
    }
    if at.iter().all(Option::is_some) {
        return;
    }
    // One message and one help line, each written once: many sections of a database (an
    // opening file's, say) lack the whole roster.
    let mut message = String::with_capacity(96);
    message.push_str("the Seven Tag Roster lacks ");
    let mut help = String::with_capacity(160);
    help.push_str("add");
    for (rank, _) in at.iter().enumerate().filter(|(_, index)| index.is_none()) {
        if !message.ends_with(' ') {
            message.push_str(", ");
        }
        message.push_str(SEVEN_TAG_ROSTER[rank]);
        help.push(' ');
        push_tag_line(&mut help, SEVEN_TAG_ROSTER[rank], marker);
    }
    let mut d = Diagnostic::new(Code::MissingTag, message, "in this tag section", first);
    // Lines go in only between whole lines: a tag that shares its line with something else
    // (another tag, a marker) leaves no certain place for them.
    if pairs.iter().all(|p| on_its_own_line(text, &p.span)) {
        d.suggestions = insertions(text, pairs, &at, marker);
    }
    d.help = Some(help);
    out.game(d);
}

/// The missing roster tags (the ranks without an index among `pairs` in `at`) as insertions:
/// each goes before the first roster tag present that comes after it, else after the last
/// roster tag (or the last tag, when there is none), on a line of its own; those that go to
/// one place are inserted together, in roster order.
fn insertions(
    text: &str,
    pairs: &[Pair<'_>],
    at: &[Option<usize>],
    marker: Option<Outcome>,
) -> Vec<Suggestion> {
    let Some(last_pair) = pairs.last() else {
        return Vec::new();
    };
    let line_end = line_end_after(text, &last_pair.span);
    let last = at
        .iter()
        .flatten()
        .filter_map(|&i| pairs.get(i))
        .next_back();
    let last = last.unwrap_or(last_pair);
    let mut insertions: Vec<Suggestion> = Vec::new();
    for (rank, _) in at.iter().enumerate().filter(|(_, index)| index.is_none()) {
        let next = at
            .iter()
            .skip(rank + 1)
            .flatten()
            .find_map(|&i| pairs.get(i));
        let place = next.map_or(last.span.end, |next| next.span.start);
        let index = match insertions.iter().position(|s| s.span.start == place) {
            Some(index) => index,
            None => {
                insertions.push(Suggestion {
                    span: place..place,
                    replacement: String::with_capacity(160),
                    applicability: Applicability::MachineApplicable,
                });
                insertions.len() - 1
            }
        };
        let Some(Suggestion { replacement, .. }) = insertions.get_mut(index) else {
            continue;
        };
        if next.is_none() {
            replacement.push_str(line_end);
        }
        push_tag_line(replacement, SEVEN_TAG_ROSTER[rank], marker);
        if next.is_some() {
            replacement.push_str(line_end);
        }
    }
    insertions
}

/// A FEN tag (the last) without `[SetUp "1"]`, which the standard asks of a game that starts
/// from a set-up position: inserted after the FEN tag, where python-chess and lichess write
/// it, or its other value made `1` (the game starts from the FEN's position either way).
fn setup(text: &str, pairs: &[Pair<'_>]) -> Option<Diagnostic> {
    let fen = pairs.iter().rev().find(|p| p.name == "FEN")?;
    let (span, replacement, d) = match pairs.iter().rev().find(|p| p.name == "SetUp") {
        Some(set_up) if set_up.value == "1" => return None,
        Some(set_up) => (
            set_up.value_span.clone(),
            "1".to_string(),
            Diagnostic::new(
                Code::MissingTag,
                format!(
                    "the game has a FEN tag, but its SetUp tag says {:?}, not \"1\"",
                    set_up.value
                ),
                "the game starts from the FEN's position",
                set_up.value_span.clone(),
            ),
        ),
        None => {
            let before = match on_its_own_line(text, &fen.span) {
                true => line_end_after(text, &fen.span),
                false => " ",
            };
            let d = Diagnostic::new(
                Code::MissingTag,
                "the game has a FEN tag but no [SetUp \"1\"]",
                "a set-up position, not announced",
                fen.span.clone(),
            );
            let end = fen.span.end;
            (end..end, format!("{before}[SetUp \"1\"]"), d)
        }
    };
    let help = match span.is_empty() {
        true => "add [SetUp \"1\"] after the FEN tag",
        false => "write [SetUp \"1\"]",
    };
    Some(
        d.with_help(help)
            .with_suggestion(span, replacement, Applicability::MachineApplicable),
    )
}

/// The tag pair of a missing roster tag, as export format writes it.
fn push_tag_line(out: &mut String, name: &str, marker: Option<Outcome>) {
    for part in ["[", name, " \"", roster_placeholder(name, marker), "\"]"] {
        out.push_str(part);
    }
}

/// Whether the text at `span` has its line to itself (blanks aside): read as bytes up to the
/// line feeds around it, as `str` reads it where a byte beyond ASCII is in the way.
fn on_its_own_line(text: &str, span: &Range<usize>) -> bool {
    let bytes = text.as_bytes();
    let before = bytes.get(..span.start).unwrap_or_default().iter().rev();
    let after = bytes.get(span.end..).unwrap_or_default().iter();
    match (blank_to_line_feed(before), blank_to_line_feed(after)) {
        (Some(before), Some(after)) => before && after,
        _ => on_its_own_line_by_chars(text, span),
    }
}

/// Whether `bytes` are blanks up to a line feed or their end; `None` at a byte beyond ASCII
/// first (a blank or not, as `char::is_whitespace` says).
fn blank_to_line_feed<'a>(bytes: impl Iterator<Item = &'a u8>) -> Option<bool> {
    for &byte in bytes {
        match byte {
            b'\n' => return Some(true),
            b'\t'..=b'\r' | b' ' => {}
            0x80.. => return None,
            _ => return Some(false),
        }
    }
    Some(true)
}

/// [`on_its_own_line`] read as `str`.
fn on_its_own_line_by_chars(text: &str, span: &Range<usize>) -> bool {
    let before = text.get(..span.start).unwrap_or_default();
    let after = text.get(span.end..).unwrap_or_default();
    let line_start = before.rsplit('\n').next().unwrap_or_default();
    let line_end = after.split('\n').next().unwrap_or_default();
    line_start.trim().is_empty() && line_end.trim().is_empty()
}

/// The line end used after the tag at `span`: `\r\n` where the file has it.
fn line_end_after(text: &str, span: &Range<usize>) -> &'static str {
    match text.get(span.end..) {
        Some(rest) if rest.starts_with("\r\n") => "\r\n",
        _ => "\n",
    }
}

/// A tag given again: removed with its line, certainly where it says the same as the first.
fn duplicate(text: &str, first: &Pair<'_>, again: &Pair<'_>) -> Diagnostic {
    let same = first.value == again.value;
    let d = Diagnostic::new(
        Code::DuplicateTag,
        format!("the tag {} is given twice", again.name),
        if same {
            "again, with the same value"
        } else {
            "again, with another value"
        },
        again.span.clone(),
    );
    // The pair and the line end after it.
    let end = again.span.end + line_end_after(text, &again.span).len();
    let end = if text
        .get(again.span.end..end)
        .is_some_and(|s| s.trim().is_empty())
    {
        end
    } else {
        again.span.end
    };
    let applicability = if same {
        Applicability::MachineApplicable
    } else {
        Applicability::MaybeIncorrect
    };
    let mut d = d.with_suggestion(again.span.start..end, "", applicability);
    d.help = Some(format!("remove the second {} tag", again.name));
    d
}

/// The form some tags' values must have: dates `YYYY.MM.DD` (`?` for what is unknown),
/// times `HH:MM:SS`, results one of the four, ratings and counts in digits.
#[derive(Clone, Copy)]
enum Form {
    Date,
    Time,
    Result,
    Count,
}

impl Form {
    /// The form of the tag `name`'s value, if its tag has one.
    fn of(name: &[u8]) -> Option<Form> {
        match name {
            b"Date" | b"EventDate" | b"UTCDate" => Some(Form::Date),
            b"Time" | b"UTCTime" => Some(Form::Time),
            b"Result" => Some(Form::Result),
            b"WhiteElo" | b"BlackElo" | b"PlyCount" => Some(Form::Count),
            _ => None,
        }
    }

    /// Whether `value` is in this form.
    fn holds(self, value: &[u8]) -> bool {
        match self {
            Form::Date => is_date(value),
            Form::Time => is_time(value),
            Form::Result => std::str::from_utf8(value)
                .ok()
                .and_then(Outcome::parse)
                .is_some(),
            Form::Count => is_count(value),
        }
    }
}

/// A value not in the form its tag has (see [`Form`]).
fn format(pair: &Pair<'_>, marker: Option<Outcome>) -> Option<Diagnostic> {
    let value = pair.value;
    let form = Form::of(pair.name.as_bytes()).filter(|form| !form.holds(value.as_bytes()))?;
    let (expected, fixed) = match form {
        Form::Date => ("YYYY.MM.DD", date(value)),
        Form::Time => ("HH:MM:SS", None),
        Form::Result => (
            "1-0, 0-1, 1/2-1/2 or *",
            marker.map(|m| m.as_str().to_string()),
        ),
        Form::Count => ("digits", None),
    };
    let d = Diagnostic::new(
        Code::TagFormat,
        format!(
            "the {} tag's value {value:?} is not in the form {expected}",
            pair.name
        ),
        format!("not {expected}"),
        pair.value_span.clone(),
    );
    Some(match fixed {
        Some(fixed) => d.with_suggestion(
            pair.value_span.clone(),
            fixed,
            Applicability::MachineApplicable,
        ),
        None => d,
    })
}

fn is_date(value: &[u8]) -> bool {
    in_form(value, b"####.##.##")
}

/// Whether `value` has the shape of `form`: `#` a digit or `?`, anything else itself.
fn in_form(value: &[u8], form: &[u8]) -> bool {
    value.len() == form.len()
        && value.iter().zip(form).all(|(&b, &f)| match f {
            b'#' => b.is_ascii_digit() || b == b'?',
            _ => b == f,
        })
}

/// The date a value certainly means: with dots where it has `-` or `/` between year, month
/// and day, and `?` for the parts it leaves out (`1959` is `1959.??.??`, `?` is
/// `????.??.??`).
fn date(value: &str) -> Option<String> {
    let mut dotted = value.replace(['-', '/'], ".");
    if dotted.is_empty() || dotted == "?" {
        dotted = "????".to_string();
    }
    let parts = dotted.split('.').count();
    if (1..3).contains(&parts) {
        dotted.push_str(&".??".repeat(3 - parts));
    }
    (dotted != value && is_date(dotted.as_bytes())).then_some(dotted)
}

fn is_time(value: &[u8]) -> bool {
    in_form(value, b"##:##:##")
}

fn is_count(value: &[u8]) -> bool {
    matches!(value, b"?" | b"-" | b"") || value.iter().all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::super::super::syntax::tokenize;
    use super::{Collector, NameKey, check_each, in_export_form};
    use crate::diagnostic::Family;
    use crate::xorshift::XorShift;

    /// Wherever a section is taken to be in export form, checking each tag finds nothing to
    /// say; and the shortcut is taken often; and every diagnostic is of the tag family. On
    /// random sections of roster tags, tags whose names share their first eight bytes, values
    /// in and out of form, repeats and orders.
    #[test]
    fn a_section_taken_for_export_form_has_no_tag_diagnostic() {
        let pairs: [(&str, &str); 19] = [
            ("Event", "e"),
            ("Site", "s"),
            ("Date", "2024.01.02"),
            ("Date", "2024-01-02"),
            ("Round", "1"),
            ("White", "w"),
            ("Black", "b"),
            ("Result", "1-0"),
            ("Result", "won"),
            ("WhiteElo", "2700"),
            ("WhiteElo", "high"),
            ("WhiteTeam", "x"),
            ("WhiteTeamCountry", "y"),
            ("EventDate", "2024.??.??"),
            ("EventDates", "soon"),
            ("Annotator", "a"),
            ("FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"),
            ("SetUp", "1"),
            ("SetUp", "0"),
        ];
        let roster = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
                      [White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n";
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next() >> 40;
        let (mut taken, mut given) = (0, 0);
        for round in 0..20_000 {
            // Half the sections start with the whole roster, in order.
            let mut text = if round % 2 == 0 {
                roster.to_string()
            } else {
                String::new()
            };
            for _ in 0..next() % 12 {
                let (name, value) = pairs[next() as usize % pairs.len()];
                text.push_str(&format!("[{name} \"{value}\"]\n"));
            }
            let (tokens, _) = tokenize(&text);
            let mut out = Collector::default();
            check_each(&text, &tokens, None, &mut out);
            // The checker skips this check where the tag family is allowed: it gives no other.
            let codes = out.diagnostics.iter().map(|(d, _, _)| d.code);
            assert!(
                codes.clone().all(|code| code.family() == Family::Tags),
                "{text}"
            );
            given += codes.count();
            if in_export_form(&text, &tokens) {
                assert!(out.diagnostics.is_empty(), "{text}");
                taken += 1;
            }
        }
        assert!(taken > 1_000 && given > 10_000, "{taken} {given}");
    }

    /// Blanks, line ends, white space beyond ASCII and other characters: what decides
    /// whether a span has its line to itself.
    const AROUND_LINES: [&str; 12] = [
        " ", "\t", "\r", "\n", "\u{b}", "\u{c}", "\u{a0}", "\u{85}", "\u{3000}", "é", "[", "x",
    ];

    /// Read as bytes, a span has its line to itself where reading it as `str` says so, on
    /// random texts of [`AROUND_LINES`].
    #[test]
    fn own_lines_read_as_bytes_read_as_characters() {
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let mut own = 0;
        for _ in 0..20_000 {
            let text: String = (0..8).map(|_| *rng.pick(&AROUND_LINES)).collect();
            let bounds: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            for (i, &start) in bounds.iter().enumerate() {
                for &end in &bounds[i..] {
                    let span = start..end;
                    let by_chars = super::on_its_own_line_by_chars(&text, &span);
                    assert_eq!(
                        super::on_its_own_line(&text, &span),
                        by_chars,
                        "{text:?} {span:?}"
                    );
                    own += usize::from(by_chars);
                }
            }
        }
        assert!(own > 10_000, "{own}");
    }

    #[test]
    fn names_with_the_same_key_are_the_same_name_when_the_key_is_whole() {
        let key = |name: &str| NameKey::of(name.as_bytes());
        assert_eq!(key("WhiteTeam"), key("WhiteTeaX"));
        assert!(!key("WhiteTeam").whole());
        assert_ne!(key("White"), key("Whitf"));
        assert_ne!(key("White"), key("White\0"));
        assert!(key("WhiteElo").whole());
        // Read in place, with eight bytes after the name's start or fewer.
        let text = "[Event \"x\"][WhiteTeamCountry \"y\"][Si \"\"]";
        let (tokens, _) = tokenize(text);
        let names = ["Event", "WhiteTeamCountry", "Si"];
        assert_eq!(tokens.len(), names.len());
        for (token, name) in tokens.iter().zip(names) {
            assert_eq!(NameKey::at(text.as_bytes(), token), key(name), "{name}");
            assert_eq!(key(name).bit(), NameKey::at(text.as_bytes(), token).bit());
        }
    }
}
