//! What export PGN asks of the tag section (PGN standard, section 8.1): the Seven Tag Roster
//! present and first in its order (`missing_tag`), tag values in their forms (`tag_format`),
//! each tag once (`duplicate_tag`). Each problem has a suggestion where its rewrite is certain.

use std::ops::Range;

use super::super::format::SEVEN_TAG_ROSTER;
use super::super::syntax::{Outcome, Token, TokenKind};
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
    if in_export_form(text, tags, marker) {
        return;
    }
    let pairs: Vec<Pair<'_>> = tags.iter().filter_map(|t| pair(text, t)).collect();
    if pairs.is_empty() {
        return;
    }
    roster(text, &pairs, marker, out);
    for (index, pair) in pairs.iter().enumerate() {
        if let Some(first) = pairs[..index].iter().find(|p| p.name == pair.name) {
            out.game(duplicate(text, first, pair));
        } else if let Some(d) = format(pair, marker) {
            out.game(d);
        }
    }
}

/// Whether the section is as export PGN has it (or is empty), read without building
/// anything: what nearly every game of a database is, and what every game pays for.
fn in_export_form(text: &str, tags: &[Token], marker: Option<Outcome>) -> bool {
    let mut names: [&str; 32] = [""; 32];
    for (index, token) in tags.iter().enumerate() {
        let Some(pair) = pair(text, token) else {
            return false;
        };
        let in_roster = SEVEN_TAG_ROSTER
            .get(index)
            .is_none_or(|&name| name == pair.name);
        let Some(slot) = names.get_mut(index) else {
            return false;
        };
        *slot = pair.name;
        if !in_roster || names[..index].contains(&pair.name) || format(&pair, marker).is_some() {
            return false;
        }
    }
    tags.is_empty() || tags.len() >= SEVEN_TAG_ROSTER.len()
}

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

/// The tag pair of a missing roster tag, as export format writes it.
fn push_tag_line(out: &mut String, name: &str, marker: Option<Outcome>) {
    for part in ["[", name, " \"", placeholder(name, marker), "\"]"] {
        out.push_str(part);
    }
}

/// The value export format writes for an unknown roster tag.
fn placeholder(name: &str, marker: Option<Outcome>) -> &'static str {
    match name {
        "Date" => "????.??.??",
        "Result" => marker.unwrap_or(Outcome::Unknown).as_str(),
        _ => "?",
    }
}

/// Whether the text at `span` has its line to itself (blanks aside).
fn on_its_own_line(text: &str, span: &Range<usize>) -> bool {
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

/// A value not in the form its tag has: dates `YYYY.MM.DD` (`?` for what is unknown), times
/// `HH:MM:SS`, results one of the four, ratings and counts in digits.
fn format(pair: &Pair<'_>, marker: Option<Outcome>) -> Option<Diagnostic> {
    let value = pair.value;
    let (expected, fixed) = match pair.name {
        "Date" | "EventDate" | "UTCDate" if !is_date(value) => ("YYYY.MM.DD", date(value)),
        "Time" | "UTCTime" if !is_time(value) => ("HH:MM:SS", None),
        "Result" if Outcome::parse(value).is_none() => (
            "1-0, 0-1, 1/2-1/2 or *",
            marker.map(|m| m.as_str().to_string()),
        ),
        "WhiteElo" | "BlackElo" | "PlyCount" if !is_count(value) => ("digits", None),
        _ => return None,
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

fn is_date(value: &str) -> bool {
    in_form(value, b"####.##.##")
}

/// Whether `value` has the shape of `form`: `#` a digit or `?`, anything else itself.
fn in_form(value: &str, form: &[u8]) -> bool {
    value.len() == form.len()
        && value.bytes().zip(form).all(|(b, &f)| match f {
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
    (dotted != value && is_date(&dotted)).then_some(dotted)
}

fn is_time(value: &str) -> bool {
    in_form(value, b"##:##:##")
}

fn is_count(value: &str) -> bool {
    matches!(value, "?" | "-" | "") || value.bytes().all(|b| b.is_ascii_digit())
}
