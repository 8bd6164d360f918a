//! `jaque san [--fen FEN] [--json] SAN...` and `jaque san --batch FILE|- [--json]`.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use jaque::lint::Lints;
use jaque::san::{self, Lang, Resolved};
use jaque::{Code, Diagnostic, Position, Severity};

use super::lints::{Flags, LintArgs};
use super::render::{Report, render};
use super::stdout::StdoutBuffer;
use super::{Outcome, parse_lang, position_argument};
use jaque::json::{Array, Object};

#[derive(clap::Args)]
pub struct SanArgs {
    /// The position the moves start from (default: the starting position).
    #[arg(long, conflicts_with = "batch")]
    fen: Option<String>,
    /// A file of cases, one `FEN<TAB>SAN` a line, each resolved from its own FEN (`-`:
    /// standard input).
    #[arg(long)]
    batch: Option<PathBuf>,
    /// JSON Lines on standard output, one object per SAN, nothing else.
    #[arg(long)]
    json: bool,
    /// The language of the piece letters: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
    /// Chess960 castling rules.
    #[arg(long)]
    chess960: bool,
    #[command(flatten)]
    lints: LintArgs,
    /// SAN moves, applied one after another.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    moves: Vec<String>,
}

/// One SAN judged against one position.
struct Judgement {
    resolved: Option<Resolved>,
    diagnostics: Vec<Diagnostic>,
}

fn judge(position: &Position, text: &str, lang: Lang, lints: &Lints) -> Judgement {
    let (resolved, mut diagnostics) = match san::resolve(position, text, lang) {
        Ok(resolved) => {
            let diagnostics = resolved.diagnostics(text);
            (Some(resolved), diagnostics)
        }
        Err(error) => (None, vec![error.diagnostic(position, text, lang)]),
    };
    lints.apply(&mut diagnostics);
    Judgement {
        resolved,
        diagnostics,
    }
}

/// Where a SAN came from, for messages.
struct Place<'a> {
    origin: &'a str,
    /// The line of input the SAN is part of.
    source: &'a str,
    /// Where the SAN starts in `source`.
    offset: usize,
    line: usize,
    ply: usize,
}

fn column(source: &str, byte: usize) -> usize {
    source.get(..byte).map_or(1, |s| s.chars().count() + 1)
}

/// Writes the `--json` object of one SAN, its fields in the contract's order.
fn json_line(out: &mut Vec<u8>, fen: &str, text: &str, judgement: &Judgement, place: &Place<'_>) {
    let mut object = Object::open(out);
    object.field("fen", fen);
    object.field("san", text);
    match &judgement.resolved {
        Some(r) => {
            object.field("legal", true);
            object.field("uci", r.mv.uci(r.after.is_chess960()).to_string());
            object.field("fen_after", r.after.fen());
            object.field("check", r.check);
            object.field("mate", r.mate);
        }
        None => {
            object.field("legal", false);
            object.field("uci", None::<&str>);
            object.field("fen_after", None::<&str>);
            object.field("check", false);
            object.field("mate", false);
        }
    }
    let mut diagnostics = Array::open(object.key("diagnostics"));
    for d in &judgement.diagnostics {
        let mut diagnostic = Object::open(diagnostics.item());
        diagnostic.field("severity", d.severity.as_str());
        diagnostic.field("code", d.code.as_str());
        diagnostic.field("message", &d.message);
        diagnostic.field("line", place.line);
        diagnostic.field("column", column(place.source, place.offset + d.span.start));
        diagnostic.field("ply", place.ply);
        diagnostic.field("san", text);
        diagnostic.close();
    }
    diagnostics.close();
    object.close();
    out.push(b'\n');
}

fn print_human(
    out: &mut Vec<u8>,
    position: &Position,
    text: &str,
    judgement: &Judgement,
    place: &Place<'_>,
    color: bool,
) -> io::Result<()> {
    let number = position.fullmove_number();
    let dots = if position.turn() == jaque::Color::White {
        "."
    } else {
        "..."
    };
    if let Some(r) = &judgement.resolved {
        let state = if r.mate {
            ", checkmate"
        } else if r.check {
            ", check"
        } else {
            ""
        };
        writeln!(
            out,
            "{number}{dots} {text}  ({}{state})",
            r.mv.uci(position.is_chess960())
        )?;
    } else {
        writeln!(out, "{number}{dots} {text}")?;
    }
    for d in &judgement.diagnostics {
        let report = Report {
            severity: d.severity,
            code: d.code,
            message: d.message.as_str().into(),
            origin: place.origin,
            source: place.source,
            line: place.line,
            span: place.offset + d.span.start..place.offset + d.span.end,
            label: &d.label,
            help: d.help.as_deref(),
            note: None,
        };
        writeln!(out, "{}", render(&report, color))?;
    }
    Ok(())
}

/// Where judgements go: JSON lines or the human form; and whether any was an error.
struct Output {
    lints: Lints,
    json: bool,
    color: bool,
    errors: bool,
    out: StdoutBuffer,
}

impl Output {
    fn emit(
        &mut self,
        position: &Position,
        fen: &str,
        text: &str,
        judgement: &Judgement,
        place: &Place<'_>,
    ) {
        self.errors |= judgement
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error);
        let buffer = &mut self.out.buffer;
        if self.json {
            json_line(buffer, fen, text, judgement, place);
        } else {
            let _ = print_human(buffer, position, text, judgement, place, self.color);
        }
        // A closed standard output ends nothing here: the exit status still tells.
        let _ = self.out.record_done();
    }

    /// The position the moves reached, alone on its line, in the human form (the JSON
    /// says it in each object's `fen_after`).
    fn reached(&mut self, position: &Position) {
        if !self.json {
            let buffer = &mut self.out.buffer;
            let _ = position.write_fen(buffer);
            buffer.push(b'\n');
            let _ = self.out.record_done();
        }
    }

    fn outcome(&mut self) -> Outcome {
        let _ = self.out.flush();
        if self.errors {
            Outcome::Errors
        } else {
            Outcome::Clean
        }
    }
}

pub fn run(args: SanArgs, flags: Flags, color: super::color::ColorChoice) -> Outcome {
    // The levels of a `jaque.toml` beside the batch file, or in the current directory.
    let batch_file = args.batch.as_deref().filter(|path| *path != Path::new("-"));
    let lints = match flags.lints_for(batch_file) {
        Ok(lints) => lints,
        Err(error) => {
            eprintln!("error: {error}");
            return Outcome::Failed;
        }
    };
    let mut output = Output {
        lints,
        json: args.json,
        color: color.stdout(),
        errors: false,
        out: StdoutBuffer::new(),
    };
    match &args.batch {
        Some(path) => run_batch(&args, path, &mut output),
        None => run_moves(&args, &mut output, color),
    }
}

/// `--batch FILE`: every `FEN<TAB>SAN` line judged from its own FEN.
fn run_batch(args: &SanArgs, path: &Path, output: &mut Output) -> Outcome {
    let stdin = path == Path::new("-");
    let origin = match stdin {
        true => "<stdin>".to_string(),
        false => path.display().to_string(),
    };
    let mut bytes = Vec::new();
    let read = match stdin {
        true => io::stdin().lock().read_to_end(&mut bytes).map(drop),
        false => std::fs::read(path).map(|read| bytes = read),
    };
    if let Err(error) = read {
        eprintln!("error: cannot read {origin}: {error}");
        return Outcome::Failed;
    }
    let text = String::from_utf8_lossy(&bytes);
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let place = Place {
            origin: &origin,
            source: line,
            offset: 0,
            line: index + 1,
            ply: 1,
        };
        batch_line(args, line, place, output);
    }
    output.outcome()
}

/// One line of a batch file, `place` at its start.
fn batch_line(args: &SanArgs, line: &str, place: Place<'_>, output: &mut Output) {
    let Some((fen, san)) = line.split_once('\t') else {
        let judgement = Judgement {
            resolved: None,
            diagnostics: vec![Diagnostic::new(
                Code::Syntax,
                "expected a FEN, a tab, and a SAN move",
                "no tab in this line",
                0..line.len(),
            )],
        };
        output.emit(&Position::starting(), line, "", &judgement, &place);
        return;
    };
    match Position::from_fen_with(fen, args.chess960) {
        Ok(position) => {
            let place = Place {
                offset: fen.len() + 1,
                ..place
            };
            let judgement = judge(&position, san, args.lang, &output.lints);
            output.emit(&position, fen, san, &judgement, &place);
            if let Some(resolved) = &judgement.resolved {
                output.reached(&resolved.after);
            }
        }
        Err(error) => {
            let judgement = Judgement {
                resolved: None,
                diagnostics: vec![error.diagnostic_in(fen, 0)],
            };
            output.emit(&Position::starting(), fen, san, &judgement, &place);
        }
    }
}

/// The moves given as arguments, one after another from `--fen` (or the starting position),
/// until one cannot be played; then, in the human form, the FEN of the position reached.
fn run_moves(args: &SanArgs, output: &mut Output, color: super::color::ColorChoice) -> Outcome {
    let mut position = match position_argument(args.fen.as_deref(), args.chess960, color) {
        Ok(position) => position,
        Err(outcome) => return outcome,
    };
    for (index, text) in args.moves.iter().enumerate() {
        let origin = format!("<argument {}>", index + 1);
        let place = Place {
            origin: &origin,
            source: text,
            offset: 0,
            line: 1,
            ply: index + 1,
        };
        let judgement = judge(&position, text, args.lang, &output.lints);
        let fen = position.fen();
        output.emit(&position, &fen, text, &judgement, &place);
        match &judgement.resolved {
            Some(resolved) => position = resolved.after,
            None => {
                let rest = args.moves.len() - index - 1;
                if rest > 0 {
                    let _ = output.out.flush();
                    eprintln!(
                        "note: {rest} move(s) after this one were not checked: they would start from an unknown position"
                    );
                }
                break;
            }
        }
    }
    output.reached(&position);
    output.outcome()
}
