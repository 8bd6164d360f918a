//! What the server answers: code actions, hover, completion, formatting, symbols, folding.
//! Each reads the games the document keeps (checked when it last changed).

use jaque::pgn::syntax::TokenKind;
use jaque::pgn::{Fixer, Options, Verdict, format_records};
use jaque::{Applicability, Color};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CompletionItem, CompletionItemKind,
    DocumentSymbol, FoldingRange, FoldingRangeKind, Hover, HoverContents, Location, MarkupContent,
    MarkupKind, Position, Range as LspRange, SymbolKind, TextEdit,
};

use super::convert::{diagnostic, quick_fix, workspace_edit};
use super::document::{Document, Game, range};

/// The quick fixes of the diagnostics that touch `wanted`, then "fix all in file"; only the
/// kinds in `only` when the client names some. "Fix all" fixes, so checks, the whole
/// document again: not when the client asks by itself (`automatic`, as an editor does on
/// every cursor move), only when the user does.
pub fn code_actions(
    document: &Document,
    wanted: LspRange,
    only: Option<&[CodeActionKind]>,
    automatic: bool,
) -> Vec<CodeActionOrCommand> {
    let asked = |kind: &CodeActionKind| {
        only.is_none_or(|only| only.iter().any(|k| kind.as_str().starts_with(k.as_str())))
    };
    let (from, to) = (document.offset(wanted.start), document.offset(wanted.end));
    let index = document.index();
    let mut actions = Vec::new();
    let games = if asked(&CodeActionKind::QUICKFIX) {
        &document.games[..]
    } else {
        &[]
    };
    for game in games {
        for d in &game.record().report().diagnostics {
            let span = &d.diagnostic.span;
            let (start, end) = (game.offset + span.start, game.offset + span.end);
            if start > to || end < from {
                continue;
            }
            for suggestion in &d.diagnostic.suggestions {
                let lsp = diagnostic(&index, &document.uri, game.offset, d);
                actions.push(CodeActionOrCommand::CodeAction(quick_fix(
                    &index,
                    &document.uri,
                    game,
                    suggestion,
                    lsp,
                )));
            }
        }
    }
    if asked(&CodeActionKind::SOURCE_FIX_ALL) && !automatic {
        actions.extend(fix_all(document).map(CodeActionOrCommand::CodeAction));
    }
    actions
}

/// The edits `jaque fix` would make to the whole document, as one action (`None`: none).
fn fix_all(document: &Document) -> Option<CodeAction> {
    // Fixing reads the whole document again: not worth it when nothing can be fixed.
    let fixable = document
        .games
        .iter()
        .flat_map(|g| &g.record().report().diagnostics);
    let fixable = fixable.flat_map(|d| &d.diagnostic.suggestions);
    if !fixable
        .into_iter()
        .any(|s| s.applicability == Applicability::MachineApplicable)
    {
        return None;
    }
    let fixed = Fixer::new(Options::default(), document.lints, false).fix(document.text.as_bytes());
    let index = document.index();
    let edits: Vec<TextEdit> = fixed
        .games
        .iter()
        .flat_map(|game| &game.changes)
        .map(|change| {
            let text = String::from_utf8_lossy(&change.replacement).into_owned();
            TextEdit::new(range(&index, change.span.clone()), text)
        })
        .collect();
    (!edits.is_empty()).then(|| CodeAction {
        title: "Fix all in file (jaque fix)".into(),
        kind: Some(CodeActionKind::SOURCE_FIX_ALL),
        edit: Some(workspace_edit(&document.uri, edits)),
        ..CodeAction::default()
    })
}

/// On a move: the position after it; on a tag: its value, what it means, and whether the
/// value is valid (the tag lints' word on it).
pub fn hover(document: &Document, at: Position) -> Option<Hover> {
    let offset = document.offset(at);
    let game = document.game_at(offset)?;
    let rel = offset - game.offset;
    let record = game.record();
    let index = document.index();
    let shift = |span: &std::ops::Range<usize>| game.offset + span.start..game.offset + span.end;
    if let Some(i) = record.moves().iter().position(|m| m.span.contains(&rel)) {
        let text = move_hover(game, i)?;
        return Some(markdown(
            text,
            range(&index, shift(&record.moves()[i].span)),
        ));
    }
    let tag = record.tags().iter().find(|t| t.span.contains(&rel))?;
    let mut text = format!("**{}**: {}", tag.name, tag.value);
    if let Some(meaning) = super::tags::meaning(&tag.name) {
        text.push_str(&format!("\n\n{}: {meaning}", tag.name));
    }
    let problems: Vec<&str> = record
        .report()
        .diagnostics
        .iter()
        .filter(|d| {
            tag.span.start <= d.diagnostic.span.start && d.diagnostic.span.end <= tag.span.end
        })
        .map(|d| d.diagnostic.message.as_str())
        .collect();
    match problems[..] {
        [] => text.push_str("\n\nThe value is valid."),
        _ => problems
            .iter()
            .for_each(|p| text.push_str(&format!("\n\n{p}"))),
    }
    Some(markdown(text, range(&index, shift(&tag.span))))
}

/// On a move number: the move it numbers, the SAN token after it (comments between are
/// skipped; for `12...` that is Black's move), so "go to definition" lands on the move.
pub fn definition(document: &Document, at: Position) -> Option<Location> {
    let offset = document.offset(at);
    let game = document.game_at(offset)?;
    let rel = offset - game.offset;
    let tokens = game.record().tokens();
    let is_number = |kind: &TokenKind| matches!(kind, TokenKind::MoveNumber { .. });
    // The cursor may sit just after the dots: `12.|e4`, `12...|`.
    let number = tokens
        .iter()
        .position(|t| is_number(&t.kind) && t.span.start <= rel && rel <= t.span.end)?;
    let san = tokens
        .get(number + 1..)?
        .iter()
        .find(|t| t.kind != TokenKind::Comment)
        .filter(|t| t.kind == TokenKind::San)?;
    let span = game.offset + san.span.start..game.offset + san.span.end;
    Some(Location::new(
        document.uri.clone(),
        range(&document.index(), span),
    ))
}

fn markdown(value: String, range: LspRange) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(range),
    }
}

/// Move `i` of the game: its number and SAN, the board after it, FEN, UCI, check or mate,
/// NAGs. `None` for a move that was not played (illegal, or after one that was).
fn move_hover(game: &Game, i: usize) -> Option<String> {
    let record = game.record();
    let m = record.moves().get(i)?;
    let after = record.position_after(i)?;
    let dots = if m.color == Color::White { "." } else { "..." };
    let mut text = format!("**{}{dots} {}**\n\n", m.number, m.san);
    text.push_str("```text\n");
    text.push_str(&super::super::board::draw(&after));
    text.push_str("```\n\n");
    text.push_str(&format!("FEN: `{}`\n\n", after.fen()));
    if let Verdict::Played(mv) = m.verdict {
        text.push_str(&format!("UCI: `{}`\n\n", mv.uci(after.is_chess960())));
    }
    if m.mate {
        text.push_str("Checkmate\n\n");
    } else if m.check {
        text.push_str("Check\n\n");
    }
    let nags: Vec<String> = record.nags(i).map(|n| format!("${n}")).collect();
    if !nags.is_empty() {
        text.push_str(&format!("NAGs: {}\n", nags.join(" ")));
    }
    Some(text)
}

/// The legal moves (export SAN) of the position where the cursor is in the movetext: after
/// the move before it in its line of play; a word under the cursor is the move being typed.
pub fn completion(document: &Document, at: Position) -> Vec<CompletionItem> {
    let offset = document.offset(at);
    let Some(game) = document.game_at(offset) else {
        return Vec::new();
    };
    let Some(position) = game.record().position_at(offset - game.offset) else {
        return Vec::new();
    };
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let san = jaque::san::to_san(&position, mv);
            CompletionItem {
                label: san,
                kind: Some(CompletionItemKind::VALUE),
                detail: Some(mv.uci(position.is_chess960()).to_string()),
                ..CompletionItem::default()
            }
        })
        .collect()
}

/// The whole document as `jaque fmt` writes it (games with errors as they are), one edit;
/// none when it is formatted already or a game could not be read whole.
pub fn formatting(document: &Document) -> Vec<TextEdit> {
    let out = format_records(document.games.iter().map(Game::record));
    if out.is_empty() || out == document.text {
        return Vec::new();
    }
    let index = document.index();
    vec![TextEdit::new(range(&index, 0..document.text.len()), out)]
}

/// One symbol per game: `White - Black, Event, Date`, its range the game.
pub fn symbols(document: &Document) -> Vec<DocumentSymbol> {
    let index = document.index();
    document
        .games
        .iter()
        .map(|game| {
            let report = game.record().report();
            let tag = |name| report.tag(name).unwrap_or("?").to_string();
            let name = format!(
                "{} - {}, {}, {}",
                tag("White"),
                tag("Black"),
                tag("Event"),
                tag("Date")
            );
            let span = game.span();
            let trimmed = span.start..span.start + game.record().text().trim_end().len();
            let whole = range(&index, trimmed);
            #[allow(deprecated)] // `deprecated` is a field LSP keeps for old clients.
            DocumentSymbol {
                name,
                detail: Some(format!("{} plies", report.plies)),
                kind: SymbolKind::EVENT,
                tags: None,
                deprecated: None,
                range: whole,
                selection_range: LspRange::new(whole.start, whole.start),
                children: None,
            }
        })
        .collect()
}

/// A fold per game, per variation and per comment that spans lines.
pub fn folding(document: &Document) -> Vec<FoldingRange> {
    let index = document.index();
    let mut folds = Vec::new();
    let mut fold = |start: usize, end: usize, kind: Option<FoldingRangeKind>| {
        let LspRange {
            start: first,
            end: last,
        } = range(&index, start..end);
        if last.line > first.line {
            folds.push(FoldingRange {
                start_line: first.line,
                end_line: last.line,
                kind,
                ..FoldingRange::default()
            });
        }
    };
    for game in &document.games {
        let text = game.record().text();
        fold(game.offset, game.offset + text.trim_end().len(), None);
        let tokens = game.record().tokens();
        for comment in tokens.iter().filter(|t| t.kind == TokenKind::Comment) {
            let span = &comment.span;
            let kind = Some(FoldingRangeKind::Comment);
            fold(game.offset + span.start, game.offset + span.end, kind);
        }
        for line in game.record().lines() {
            let open = line.open.and_then(|t| tokens.get(t));
            let close = line.close.and_then(|t| tokens.get(t));
            if let (Some(open), Some(close)) = (open, close) {
                fold(
                    game.offset + open.span.start,
                    game.offset + close.span.end,
                    None,
                );
            }
        }
    }
    folds
}
