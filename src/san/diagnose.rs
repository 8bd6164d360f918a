//! From the compiler's results to [`Diagnostic`]s with spans inside the SAN text: what both
//! `jaque san` and the PGN checker show.

use super::ast::{SanBody, Suffix};
use super::error::{SanError, SanWarning};
use super::lang::Lang;
use super::lexer::Glyph;
use super::parser::parse;
use super::resolve::{Marks, Played, Resolved};
use super::writer::to_san;
use crate::diagnostic::{Applicability, Code, Diagnostic, Suggestion};
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;

impl SanError {
    /// The diagnostic of `text`, a SAN move in `lang` that cannot be played in `position`:
    /// at the syntax error's place, else on the whole move; with the candidates of an
    /// ambiguous move, and the move likely meant where there is one, as suggestions that may
    /// be incorrect.
    ///
    /// ```
    /// use jaque::{Code, Position, san::{Lang, play}};
    /// let start = Position::starting();
    /// let error = play(&mut start.clone(), "Nd4", Lang::English).unwrap_err();
    /// let diagnostic = error.diagnostic(&start, "Nd4", Lang::English);
    /// assert_eq!(diagnostic.code, Code::IllegalMove);
    /// assert_eq!(diagnostic.message, "no white knight can reach d4");
    /// let error = play(&mut start.clone(), "Cf3", Lang::English).unwrap_err();
    /// let diagnostic = error.diagnostic(&start, "Cf3", Lang::English);
    /// assert_eq!(diagnostic.suggestions[0].replacement, "Nf3");
    /// assert_eq!(diagnostic.help.as_deref(),
    ///            Some("these look like Spanish or French piece letters: try --lang es; write Nf3"));
    /// ```
    pub fn diagnostic(&self, position: &Position, text: &str, lang: Lang) -> Diagnostic {
        let d = self.unplaced(text);
        let glyph = glyph_of(text);
        let guess = Applicability::MaybeIncorrect;
        match self {
            SanError::Ambiguous { candidates } => candidates.iter().fold(d, |d, candidate| {
                let mut d = d;
                d.suggestions.push(Suggestion {
                    span: 0..text.len(),
                    replacement: format!("{candidate}{glyph}"),
                    applicability: guess,
                });
                d
            }),
            SanError::Illegal(_) => match meant(position, text, lang) {
                Some(mv) => d.with_suggestion(
                    0..text.len(),
                    format!("{}{glyph}", to_san(position, mv)),
                    guess,
                ),
                None => d,
            },
            SanError::Syntax(_) => match in_other_languages(position, text, lang) {
                Some((san, langs)) => {
                    let names = match langs.iter().map(|l| l.name()).collect::<Vec<_>>()[..] {
                        [.., last] if langs.len() > 1 => {
                            let init: Vec<&str> =
                                langs[..langs.len() - 1].iter().map(|l| l.name()).collect();
                            format!("{} or {last}", init.join(", "))
                        }
                        _ => langs.first().map_or("", |l| l.name()).to_string(),
                    };
                    let d = d.with_help(format!(
                        "these look like {names} piece letters: try --lang {}; write {san}",
                        langs[0].code()
                    ));
                    d.with_suggestion(0..text.len(), format!("{san}{glyph}"), guess)
                }
                None => d,
            },
        }
    }

    /// The diagnostic without suggestions.
    fn unplaced(&self, text: &str) -> Diagnostic {
        let whole = 0..text.len();
        match self {
            SanError::Syntax(syntax) => {
                let span = syntax.span.range();
                let span = span.start..span.end.max(span.start + 1);
                Diagnostic::new(
                    Code::Syntax,
                    format!("not a SAN move: {}", syntax.expectation()),
                    format!("expected {}", syntax.expected),
                    span,
                )
            }
            SanError::Ambiguous { .. } => {
                let diagnostic = Diagnostic::new(
                    self.code(),
                    self.to_string(),
                    "matches several legal moves",
                    whole,
                );
                match self.help() {
                    Some(help) => diagnostic.with_help(help),
                    None => diagnostic,
                }
            }
            SanError::Illegal(_) => Diagnostic::new(
                self.code(),
                self.to_string(),
                "no legal move matches",
                whole,
            ),
        }
    }
}

impl Played {
    /// The warnings of this move, written `text`, placed on the part of the text they are
    /// about; the help names the export SAN.
    pub fn diagnostics(&self, text: &str) -> Vec<Diagnostic> {
        placed(&self.warnings, self.marks.as_deref(), text)
    }
}

impl Resolved {
    /// The warnings of this move, written `text`, as [`Played::diagnostics`] gives them.
    pub fn diagnostics(&self, text: &str) -> Vec<Diagnostic> {
        placed(&self.warnings, self.marks.as_deref(), text)
    }
}

fn placed(warnings: &[SanWarning], marks: Option<&Marks>, text: &str) -> Vec<Diagnostic> {
    let Some(marks) = marks else {
        return Vec::new();
    };
    let whole = 0..text.len();
    warnings
        .iter()
        .map(|warning| {
            let (span, label) = match warning {
                SanWarning::CheckAnnotation { correct, .. } => (
                    marks
                        .suffix
                        .map_or(text.len().saturating_sub(1)..text.len(), |s| s.range()),
                    match correct {
                        Some(Suffix::Mate) => "checkmate: write #",
                        Some(Suffix::Check) => "check: write +",
                        None => "no check here",
                    },
                ),
                SanWarning::OverDisambiguation | SanWarning::DisambiguationOrder => (
                    marks.disambiguation.map_or(whole.clone(), |s| s.range()),
                    "not needed",
                ),
                _ => (whole.clone(), "not export SAN"),
            };
            let canonical = format!("{}{}", marks.canonical, glyph_of(text));
            Diagnostic::new(warning.code(), warning.to_string(), label, span)
                .with_help(format!("write {}", marks.canonical))
                .with_suggestion(0..text.len(), canonical, Applicability::MachineApplicable)
        })
        .collect()
}

/// The glyph written at the end of a move, kept when the move is rewritten.
fn glyph_of(text: &str) -> &'static str {
    Glyph::split_end(text.as_bytes())
        .1
        .map_or("", Glyph::as_str)
}

/// The legal move a SAN that names none most likely meant: the one move of its piece to its
/// square (a wrong or needless origin), else the one move from its origin to its square (a
/// wrong piece letter); a pawn reaching the last rank without a piece, the queen.
fn meant(position: &Position, text: &str, lang: Lang) -> Option<Move> {
    let san = parse(text, lang).ok()?;
    let SanBody::Normal {
        role,
        to,
        promotion,
        ..
    } = san.body
    else {
        return None;
    };
    // A pawn's promotion piece as written; none written, the queen.
    let promoted = |mv: &Move| match promotion {
        Some(piece) => mv.promotion() == Some(piece),
        None => mv.promotion().is_none_or(|r| r == Role::Queen),
    };
    let only = |keep: &dyn Fn(&Move) -> bool| {
        let mut found = position
            .legal_moves()
            .into_iter()
            .filter(|mv| keep(mv) && promoted(mv));
        let first = found.next()?;
        found.next().is_none().then_some(first)
    };
    only(&|mv| mv.role() == role && mv.to() == to).or_else(|| {
        let from = origin(&san.body)?;
        only(&|mv| mv.from() == from && mv.to() == to)
    })
}

/// The square a move's text names as its origin, when it names both file and rank.
fn origin(body: &SanBody) -> Option<crate::square::Square> {
    match *body {
        SanBody::Normal {
            from_file: Some(file),
            from_rank: Some(rank),
            ..
        } => Some(crate::square::Square::new(file, rank)),
        _ => None,
    }
}

/// A text that is not SAN in `lang` but names one legal move in other languages: that
/// move's export SAN and the languages.
fn in_other_languages(position: &Position, text: &str, lang: Lang) -> Option<(String, Vec<Lang>)> {
    let mut found: Option<(Move, Vec<Lang>)> = None;
    for other in Lang::ALL.into_iter().filter(|&l| l != lang) {
        let Ok(resolved) = super::resolve(position, text, other) else {
            continue;
        };
        match &mut found {
            None => found = Some((resolved.mv, vec![other])),
            Some((mv, langs)) if *mv == resolved.mv => langs.push(other),
            Some(_) => return None,
        }
    }
    found.map(|(mv, langs)| (to_san(position, mv), langs))
}
