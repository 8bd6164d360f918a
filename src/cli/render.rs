//! Diagnostics rendered like rustc's, with annotate-snippets (colours on a terminal).

use std::borrow::Cow;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use jaque::{Code, Severity};

/// One diagnostic about one line of input.
pub struct Report<'a> {
    pub severity: Severity,
    pub code: Code,
    pub message: Cow<'a, str>,
    /// Where the line comes from (`games.pgn`, `<argument 2>`, `--fen`).
    pub origin: &'a str,
    /// The line of input, as read.
    pub source: &'a str,
    /// Its 1-based line number.
    pub line: usize,
    /// The byte range in `source` to underline.
    pub span: Range<usize>,
    /// The underline's label.
    pub label: &'a str,
    /// A suggestion, if any.
    pub help: Option<&'a str>,
    /// Where it is, beyond file and line (which game), if anything.
    pub note: Option<&'a str>,
}

/// Renders `report`; `color` for a terminal.
pub fn render(report: &Report<'_>, color: bool) -> String {
    let mut out = Vec::new();
    render_into(report, color, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Renders `report` at the end of `out`: what a check writes for each of its diagnostics,
/// written in place where it can be (see [`plain_into`]).
pub fn render_into(report: &Report<'_>, color: bool, out: &mut Vec<u8>) {
    if color || !plain_into(report, out) {
        out.extend_from_slice(annotated(report, color).as_bytes());
    }
}

/// Bytes of a long line kept on each side of the span for annotate-snippets: more than it
/// shows of a line (its terminal width, 140 columns), so that the cut it draws is its own.
/// Laying out the whole line for each diagnostic made many diagnostics on one long line cost
/// the square of its length.
const WINDOW: usize = 512;

/// `report` laid out by annotate-snippets, given the window of a long line around the span;
/// the column it prints is then corrected to the whole line's.
fn annotated(report: &Report<'_>, color: bool) -> String {
    let end = report.span.end.min(report.source.len());
    let start = report.span.start.min(end);
    let boundary = |at: usize, forward: bool| {
        let mut at = at.min(report.source.len());
        while !report.source.is_char_boundary(at) {
            at = if forward { at + 1 } else { at - 1 };
        }
        at
    };
    let (from, to) = (
        boundary(start.saturating_sub(WINDOW), false),
        boundary(end.saturating_add(WINDOW), true),
    );
    let window = report.source.get(from..to).unwrap_or_default();
    let text = annotated_line(report, (window, start - from..end - from), color);
    if from == 0 {
        return text;
    }
    // annotate-snippets counts a column as a character.
    let skipped = report.source.get(..from).map_or(0, |s| s.chars().count());
    let column = window.get(..start - from).map_or(0, |s| s.chars().count()) + 1;
    let location = |column: usize| format!("{}:{}:{column}", report.origin, report.line);
    text.replacen(&location(column), &location(column + skipped), 1)
}

/// `report` laid out by annotate-snippets, about `source` (its line, or a part of it) and
/// the span there.
fn annotated_line(
    report: &Report<'_>,
    (source, span): (&str, Range<usize>),
    color: bool,
) -> String {
    let level = match report.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let end = span.end.min(source.len());
    let start = span.start.min(end);
    let snippet = Snippet::source(source)
        .line_start(report.line)
        .path(report.origin)
        .annotation(AnnotationKind::Primary.span(start..end).label(report.label));
    let mut group = level
        .primary_title(report.message.as_ref())
        .id(report.code.as_str())
        .element(snippet);
    if let Some(note) = report.note {
        group = group.element(Level::NOTE.message(note));
    }
    if let Some(help) = report.help {
        group = group.element(Level::HELP.message(help));
    }
    renderer(color).render(&[group]).to_string()
}

/// An error in a command-line argument, `text`, given to `flag` (`--tag`), pointing at the
/// bytes `span` of it, as rustc points into code.
pub fn argument(flag: &str, text: &str, error: &jaque::select::FilterError, color: bool) -> String {
    let boundary = |at: usize| {
        (0..=at.min(text.len()))
            .rev()
            .find(|&i| text.is_char_boundary(i))
    };
    let end = boundary(error.span.end).unwrap_or(0);
    let start = boundary(error.span.start).unwrap_or(0).min(end);
    let snippet = Snippet::source(text)
        .line_start(1)
        .path(flag)
        .annotation(AnnotationKind::Primary.span(start..end));
    let mut group = Level::ERROR
        .primary_title(error.message.as_str())
        .element(snippet);
    if let Some(help) = &error.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    renderer(color).render(&[group]).to_string()
}

/// annotate-snippets' renderer: styled for a terminal, plain otherwise.
fn renderer(color: bool) -> Renderer {
    if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
}

/// Source lines up to this long are written here; annotate-snippets cuts longer ones to its
/// terminal width (140 columns less the gutter), which is left to it.
const PLAIN_WIDTH: usize = 120;

/// Up to this many leading blanks; annotate-snippets cuts the start of a line with more.
const PLAIN_INDENT: usize = 20;

/// `report` without colours exactly as annotate-snippets renders it, written at the end of
/// `out` directly for the common case (see [`is_plain`]); `false`, nothing written, for
/// anything else. Its general layout costs far more than checking the game did.
fn plain_into(report: &Report<'_>, out: &mut Vec<u8>) -> bool {
    if !is_plain(report) {
        return false;
    }
    let source = report.source;
    let end = report.span.end.min(source.len());
    let start = report.span.start.min(end);
    let level = match report.severity {
        Severity::Error => "error[",
        Severity::Warning => "warning[",
    };
    let mut digits = itoa::Buffer::new();
    let line = digits.format(report.line);
    let gutter = line.len();
    let blanks = |out: &mut Vec<u8>, n: usize| out.resize(out.len() + n, b' ');
    let margin = |out: &mut Vec<u8>| {
        blanks(out, gutter + 1);
        out.push(b'|');
    };
    for part in [level, report.code.as_str(), "]: ", &report.message, "\n"] {
        out.extend_from_slice(part.as_bytes());
    }
    blanks(out, gutter);
    for part in ["--> ", report.origin, ":", line, ":"] {
        out.extend_from_slice(part.as_bytes());
    }
    out.extend_from_slice(itoa::Buffer::new().format(start + 1).as_bytes());
    out.push(b'\n');
    margin(out);
    out.push(b'\n');
    for part in [line, " | ", source, "\n"] {
        out.extend_from_slice(part.as_bytes());
    }
    margin(out);
    blanks(out, 1 + start);
    out.resize(out.len() + (end - start).max(1), b'^');
    if !report.label.is_empty() {
        out.push(b' ');
        out.extend_from_slice(report.label.as_bytes());
    }
    if report.note.is_some() || report.help.is_some() {
        out.push(b'\n');
        margin(out);
    }
    for (kind, message) in [("note: ", report.note), ("help: ", report.help)] {
        if let Some(message) = message {
            out.push(b'\n');
            blanks(out, gutter);
            for part in [" = ", kind, message] {
                out.extend_from_slice(part.as_bytes());
            }
        }
    }
    true
}

/// Whether `report` is of the common shape that [`plain`] lays out: a source line of
/// printable ASCII, not too long, and texts free of the characters annotate-snippets
/// replaces.
fn is_plain(report: &Report<'_>) -> bool {
    let source = report.source;
    let printable = |text: &str| {
        printable_bytes(text.as_bytes(), false)
            // The bidi overrides are three bytes, the first 0xe2.
            && (!text.as_bytes().contains(&0xe2) || !text.chars().any(replaced_by_renderer))
    };
    !source.is_empty()
        && source.len() <= PLAIN_WIDTH
        && printable_bytes(source.as_bytes(), true)
        && source.bytes().take_while(|&b| b == b' ').count() <= PLAIN_INDENT
        && [report.message.as_ref(), report.label, report.origin]
            .into_iter()
            .chain(report.note)
            .chain(report.help)
            .all(printable)
}

/// Whether no byte of `bytes` is a control character or DEL (nor, with `ascii`, beyond ASCII),
/// read eight at a time: a diagnostic's texts are looked at before each is written, and a
/// test a byte cost more than writing them.
fn printable_bytes(bytes: &[u8], ascii: bool) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // A byte below n has its high bit set in `word - n` and clear in `word`; the lowest such
    // byte is found exactly, and only bytes above a true one can be flagged wrongly.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH;
    let beyond = if ascii { HIGH } else { 0 };
    let plain =
        |word: u64| below(word, b' ') | below(word ^ (ONES * 0x7f), 1) | (word & beyond) == 0;
    let mut words = bytes.chunks_exact(8);
    let whole = words
        .by_ref()
        .all(|word| plain(word.try_into().map_or(0, u64::from_le_bytes)));
    // The tail filled up with spaces.
    let tail = (words.remainder().iter().rev()).fold(u64::from_le_bytes([b' '; 8]), |word, &b| {
        word << 8 | u64::from(b)
    });
    whole && plain(tail)
}

/// The characters annotate-snippets writes otherwise (control characters, tabs, bidi
/// overrides).
fn replaced_by_renderer(c: char) -> bool {
    c < ' ' || matches!(c, '\u{7f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use jaque::Code;

    fn report<'a>(source: &'a str, line: usize, span: Range<usize>, origin: &'a str) -> Report<'a> {
        Report {
            severity: Severity::Warning,
            code: Code::CheckAnnotation,
            message: "38... Rd1+: + written, but the move calls for #".into(),
            origin,
            source,
            line,
            span,
            label: "checkmate: write #",
            help: Some("write Rd1#"),
            note: Some("in game 115: Hagberg,Oivind - Carlsen,M"),
        }
    }

    /// [`plain_into`] as a string, for the tests.
    fn plain(report: &Report<'_>) -> Option<String> {
        let mut out = Vec::new();
        plain_into(report, &mut out).then(|| String::from_utf8(out).unwrap())
    }

    /// Compares the direct rendering with annotate-snippets' (the oracle) where there is one;
    /// returns whether there was.
    fn same_as_annotate_snippets(report: &Report<'_>) -> bool {
        let direct = plain(report);
        if let Some(direct) = &direct {
            assert_eq!(
                direct,
                &annotated(report, false),
                "{:?} {:?} line {} span {:?} label {:?}",
                report.source,
                report.message,
                report.line,
                report.span,
                report.label
            );
        }
        direct.is_some()
    }

    #[test]
    fn lines_spans_and_line_numbers_are_laid_out_as_annotate_snippets_lays_them_out() {
        let mut direct = 0;
        let lines = [1, 9, 10, 99, 100, 4634, 99_999, 1_000_000_000];
        for indent in [0, 1, 7, 20, 21, 27, 40] {
            for length in [
                0, 1, 2, 5, 26, 30, 40, 80, 100, 119, 120, 121, 127, 130, 140, 200,
            ] {
                let body: String = "37.Qe6 Qxh3+ 38.Kg1 Rd1+  0-1 "
                    .chars()
                    .cycle()
                    .take(length)
                    .collect();
                let source = format!("{}{body}", " ".repeat(indent));
                let len = source.len();
                let spans = [
                    0..0,
                    0..1,
                    0..len,
                    len..len,
                    len / 2..len,
                    len / 3..len / 2 + 1,
                    len + 3..len + 9,
                ];
                for line in lines {
                    for span in spans.iter().cloned() {
                        direct += usize::from(same_as_annotate_snippets(&report(
                            &source,
                            line,
                            span,
                            "games.pgn",
                        )));
                    }
                }
            }
        }
        assert!(direct > 1500, "{direct} reports rendered directly");
    }

    #[test]
    fn texts_and_origins_are_laid_out_as_annotate_snippets_lays_them_out() {
        let texts = [
            "",
            "x",
            "Müller ♔ – 王 ✓",
            "a long message that goes on and on beyond the width of any terminal window at all, with words and words and words",
            "quotes \" and \\ backslashes",
        ];
        let origins = ["games.pgn", "<stdin>", "argument 2", "dir with space/ü.pgn"];
        let source = "37.Qe6 Qxh3+ 38.Kg1 Rd1+  0-1";
        let mut direct = 0;
        for origin in origins {
            for text in texts {
                for severity in [Severity::Error, Severity::Warning] {
                    for (note, help) in [
                        (None, None),
                        (Some(text), None),
                        (None, Some(text)),
                        (Some(text), Some("write #")),
                    ] {
                        let mut r = report(source, 2806, 23..24, origin);
                        r.severity = severity;
                        r.message = text.into();
                        r.label = text;
                        r.note = note;
                        r.help = help;
                        direct += usize::from(same_as_annotate_snippets(&r));
                    }
                }
            }
        }
        assert_eq!(
            direct,
            origins.len() * texts.len() * 2 * 4,
            "all rendered directly"
        );
    }

    /// A long line is given to annotate-snippets as a window around the span: the output is
    /// what it makes of the whole line, column and cuts included.
    #[test]
    fn a_window_of_a_long_line_renders_as_the_whole_line() {
        let moves = "37.Qe6 Qxh3+ 38.Kg1 Rd1+ { Müller ♔ – 王 ✓ }\t";
        for length in [1000, 1500, 4000] {
            let source: String = moves.chars().cycle().take(length).collect();
            let len = source.len();
            let starts = [
                0,
                1,
                100,
                511,
                512,
                513,
                700,
                len / 2,
                len - 600,
                len - 20,
                len,
            ];
            for start in starts {
                let start = (0..=start).rev().find(|&i| source.is_char_boundary(i));
                let start = start.unwrap_or(0);
                for width in [0, 1, 4, 30, 700] {
                    let end = (start + width..=len).find(|&i| source.is_char_boundary(i));
                    let r = report(&source, 7, start..end.unwrap_or(len), "games.pgn");
                    for color in [false, true] {
                        assert_eq!(
                            annotated(&r, color),
                            annotated_line(&r, (r.source, r.span.clone()), color),
                            "{length} {:?}",
                            r.span
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn what_annotate_snippets_rewrites_is_left_to_it() {
        for source in [
            "1. e4\te5",
            "1. e4 e5 \u{1}",
            "1. ♘f3 e5",
            "1. e4 \u{202e}e5",
        ] {
            assert!(
                plain(&report(source, 1, 0..2, "games.pgn")).is_none(),
                "{source:?}"
            );
        }
        let mut r = report("1. e4", 1, 0..2, "games.pgn");
        for note in ["a\tb", "a \u{2066}b\u{2069}", "\u{7f}"] {
            r.note = Some(note);
            assert!(plain(&r).is_none(), "{note:?}");
        }
        assert!(plain(&report("1. e4", 1, 0..2, "games.pgn")).is_some());
    }

    /// Eight bytes at a time, the test says what a test of each byte says: every byte value
    /// at every place of texts of every length up to 24, among printable ones.
    #[test]
    fn printable_bytes_agrees_with_a_test_of_each_byte() {
        let each = |bytes: &[u8], ascii: bool| {
            (bytes.iter()).all(|&b| b >= b' ' && b != 0x7f && (!ascii || b < 0x80))
        };
        let mut tested = 0;
        for len in 0..=24 {
            for at in 0..len {
                for byte in 0..=255u8 {
                    // Printable neighbours, one of them beyond ASCII where that is allowed.
                    let mut bytes: Vec<u8> = (0..len).map(|i| b'!' + (i * 7 % 90) as u8).collect();
                    bytes[at] = byte;
                    if len > 1 {
                        bytes[(at + 1) % len] = if byte % 2 == 0 { 0xc3 } else { b'~' };
                    }
                    for ascii in [false, true] {
                        assert_eq!(
                            printable_bytes(&bytes, ascii),
                            each(&bytes, ascii),
                            "{bytes:?} ascii {ascii}"
                        );
                        tested += 1;
                    }
                }
            }
        }
        assert!(tested > 100_000, "{tested}");
    }
}
