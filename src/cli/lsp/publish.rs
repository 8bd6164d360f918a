//! `publishDiagnostics` written from text kept per game. A game's diagnostics are turned
//! into JSON once, when it is checked, with holes where their positions go: publishing
//! fills the holes with the game's place in the document and copies the rest, so that a
//! keystroke in a large file neither clones nor serialises the diagnostics of the games it
//! did not touch, also when it moves them down a line.

use std::io::Write;

use lsp_types::{Diagnostic, Position, Range, Uri};

/// Diagnostics as JSON text (comma-separated objects) with holes for their positions,
/// which are relative to the game's start.
#[derive(Default)]
pub struct Template {
    text: String,
    /// Where each position goes in `text`, in order.
    holes: Vec<(usize, Position)>,
}

impl Template {
    /// The template of a game's diagnostics, placed as if the game began the document.
    pub fn new(diagnostics: &[Diagnostic]) -> Template {
        let mut template = Template::default();
        for (i, d) in diagnostics.iter().enumerate() {
            if i > 0 {
                template.text.push(',');
            }
            template.diagnostic(d);
        }
        template
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// One diagnostic as `lsp_types` serialises it: the fields jaque sets, in its order.
    fn diagnostic(&mut self, d: &Diagnostic) {
        self.text.push_str(r#"{"range":"#);
        self.range(d.range);
        if let Some(severity) = d.severity {
            self.field("severity", &severity);
        }
        if let Some(code) = &d.code {
            self.field("code", code);
        }
        if let Some(source) = &d.source {
            self.field("source", source);
        }
        self.field("message", &d.message);
        if let Some(related) = &d.related_information {
            self.text.push_str(r#","relatedInformation":["#);
            for (i, r) in related.iter().enumerate() {
                if i > 0 {
                    self.text.push(',');
                }
                self.text.push_str(r#"{"location":{"uri":"#);
                self.json(&r.location.uri);
                self.text.push_str(r#","range":"#);
                self.range(r.location.range);
                self.text.push('}');
                self.field("message", &r.message);
                self.text.push('}');
            }
            self.text.push(']');
        }
        self.text.push('}');
    }

    fn range(&mut self, range: Range) {
        self.text.push_str(r#"{"start":"#);
        self.holes.push((self.text.len(), range.start));
        self.text.push_str(r#","end":"#);
        self.holes.push((self.text.len(), range.end));
        self.text.push('}');
    }

    fn field(&mut self, name: &str, value: &impl serde::Serialize) {
        self.text.push_str(",\"");
        self.text.push_str(name);
        self.text.push_str("\":");
        self.json(value);
    }

    fn json(&mut self, value: &impl serde::Serialize) {
        let json = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
        self.text.push_str(&json);
    }

    /// Appends the diagnostics to `out` for a game that starts at `line` and `column`.
    pub fn write(&self, out: &mut Vec<u8>, line: u32, column: u32) {
        let text = self.text.as_bytes();
        let mut copied = 0;
        for &(at, p) in &self.holes {
            out.extend_from_slice(text.get(copied..at).unwrap_or_default());
            copied = at;
            let character = match p.line {
                0 => p.character.saturating_add(column),
                _ => p.character,
            };
            out.extend_from_slice(br#"{"line":"#);
            number(out, p.line.saturating_add(line));
            out.extend_from_slice(br#","character":"#);
            number(out, character);
            out.push(b'}');
        }
        out.extend_from_slice(text.get(copied..).unwrap_or_default());
    }

    /// About how long the text is with its holes filled.
    fn len(&self) -> usize {
        self.text.len() + 32 * self.holes.len()
    }
}

/// Appends `n` in decimal: `write!` goes through the formatting machinery, which for the
/// tens of thousands of positions of a large file's diagnostics is the slow part.
fn number(out: &mut Vec<u8>, n: u32) {
    let mut digits = [b'0'; 10];
    let mut start = digits.len();
    let mut rest = n;
    for slot in digits.iter_mut().rev() {
        *slot = b'0' + (rest % 10) as u8;
        start -= 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(digits.get(start..).unwrap_or_default());
}

/// The `publishDiagnostics` notification of a document: each game's template with the
/// line and column where the game starts. Written as bytes, made text once at the end:
/// each piece is already text.
pub fn notification<'t>(
    uri: &Uri,
    version: Option<i32>,
    games: impl Iterator<Item = (&'t Template, u32, u32)>,
) -> String {
    let games: Vec<_> = games.filter(|(t, _, _)| !t.is_empty()).collect();
    let len = games.iter().map(|(t, _, _)| t.len() + 1).sum::<usize>();
    let mut out = Vec::with_capacity(len + 200);
    out.extend_from_slice(br#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","#);
    out.extend_from_slice(br#""params":{"uri":"#);
    let uri = serde_json::to_string(uri).unwrap_or_else(|_| "null".into());
    out.extend_from_slice(uri.as_bytes());
    out.extend_from_slice(br#","diagnostics":["#);
    for (i, (template, line, column)) in games.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        template.write(&mut out, line, column);
    }
    out.push(b']');
    if let Some(version) = version {
        out.extend_from_slice(br#","version":"#);
        let _ = write!(out, "{version}");
    }
    out.extend_from_slice(b"}}");
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jaque::pgn::{Checker, Options, Splitter};
    use lsp_types::{
        DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
        PublishDiagnosticsParams,
    };

    fn uri() -> Uri {
        "file:///tmp/a%20b/g.pgn".parse().unwrap()
    }

    /// Diagnostics with every field jaque sets, or leaves out: a real game's (its
    /// missing tags, an ambiguous move with its candidates) and hand-made
    /// ones with what JSON must escape, and without a code or a range.
    fn diagnostics() -> Vec<Diagnostic> {
        let text = "[Event \"\\\"Café\\\"\"]\n[SetUp \"1\"]\n\
                    [FEN \"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\"]\n\n{ 𝄞 } 1. Nd2 *\n";
        let raw = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
        let record = Checker::new(Options::default()).record(&raw);
        let mut all = crate::cli::lsp::convert::game_diagnostics(&uri(), &record);
        assert!(
            all.iter().any(|d| d.related_information.is_some()),
            "{all:?}"
        );
        let at = |line, character| Position::new(line, character);
        all.push(Diagnostic {
            range: Range::new(at(2, 1), at(3, 0)),
            severity: Some(DiagnosticSeverity::WARNING),
            code: Some(NumberOrString::String("a\"b\\c\u{1}".into())),
            source: Some("jaque".into()),
            message: "line\nbreak, tab\t, quote \", 𝄞".into(),
            related_information: Some(vec![DiagnosticRelatedInformation {
                location: Location::new(uri(), Range::new(at(0, 4), at(1, 0))),
                message: "candidate: Nbd2".into(),
            }]),
            ..Diagnostic::default()
        });
        all.push(Diagnostic {
            message: "3 more problems in this game not shown".into(),
            ..Diagnostic::default()
        });
        all
    }

    /// `d` moved to a game that starts at `line` and `column`, field by field.
    fn moved(d: &Diagnostic, line: u32, column: u32) -> Diagnostic {
        let shift = |range: &mut Range| {
            for p in [&mut range.start, &mut range.end] {
                if p.line == 0 {
                    p.character += column;
                }
                p.line += line;
            }
        };
        let mut d = d.clone();
        shift(&mut d.range);
        for related in d.related_information.iter_mut().flatten() {
            shift(&mut related.location.range);
        }
        d
    }

    /// What `lsp_types` and `serde_json` write is the oracle.
    #[test]
    fn a_template_filled_is_what_serde_writes() {
        let diagnostics = diagnostics();
        let template = Template::new(&diagnostics);
        for (line, column) in [(0, 0), (7, 0), (12_345, 3), (4_000_000_000, 9)] {
            let mut written = Vec::new();
            template.write(&mut written, line, column);
            let written = String::from_utf8(written).unwrap();
            let expected: Vec<String> = (diagnostics.iter())
                .map(|d| serde_json::to_string(&moved(d, line, column)).unwrap())
                .collect();
            assert_eq!(written, expected.join(","), "at {line}:{column}");
        }
    }

    #[test]
    fn a_notification_is_what_serde_writes() {
        let diagnostics = diagnostics();
        let (first, second) = diagnostics.split_at(2);
        let templates = [
            Template::new(first),
            Template::new(&[]),
            Template::new(second),
        ];
        let places = [(0, 0), (3, 0), (10, 2)];
        let games = templates.iter().zip(places).map(|(t, (l, c))| (t, l, c));
        let written = notification(&uri(), Some(7), games);
        let mut expected: Vec<Diagnostic> = first.iter().map(|d| moved(d, 0, 0)).collect();
        expected.extend(second.iter().map(|d| moved(d, 10, 2)));
        let params = PublishDiagnosticsParams::new(uri(), expected, Some(7));
        let params = serde_json::to_string(&params).unwrap();
        let expected = format!(
            r#"{{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{params}}}"#
        );
        assert_eq!(written, expected);
        let closed = notification(&uri(), None, std::iter::empty());
        let params = PublishDiagnosticsParams::new(uri(), Vec::new(), None);
        assert!(closed.ends_with(&format!(
            r#""params":{}}}"#,
            serde_json::to_string(&params).unwrap()
        )));
    }
}
