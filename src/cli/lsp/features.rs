//! What the server answers: code actions, hover, completion, go to definition, formatting,
//! symbols, folding. Each asks the editor core ([`jaque::ide`]) and writes its answer in the
//! protocol's types.

use jaque::Color;
use jaque::ide::{FoldKind, Hover as Answer, MoveHover, TagHover};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CompletionItem, CompletionItemKind,
    DocumentSymbol, FoldingRange, FoldingRangeKind, Hover, HoverContents, Location, MarkupContent,
    MarkupKind, Position, Range as LspRange, SymbolKind, TextEdit,
};

use super::convert::{quick_fixes, workspace_edit};
use super::document::Document;

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
    let mut actions = Vec::new();
    if asked(&CodeActionKind::QUICKFIX) {
        let touching = (document.core.diagnostics())
            .filter(|p| p.span.start <= to && p.span.end >= from)
            .filter(|p| !p.diagnostic.diagnostic.suggestions.is_empty());
        for placed in touching {
            let fixes = quick_fixes(document, &placed);
            actions.extend(fixes.into_iter().map(CodeActionOrCommand::CodeAction));
        }
    }
    if asked(&CodeActionKind::SOURCE_FIX_ALL) && !automatic {
        actions.extend(fix_all(document).map(CodeActionOrCommand::CodeAction));
    }
    actions
}

/// The edits `jaque fix` would make to the whole document, as one action (`None`: none).
fn fix_all(document: &Document) -> Option<CodeAction> {
    let fixed = document.core.fixed()?;
    let lines = document.lines();
    let edits: Vec<TextEdit> = (fixed.games.iter())
        .flat_map(|game| &game.changes)
        .map(|change| {
            let text = String::from_utf8_lossy(&change.replacement).into_owned();
            TextEdit::new(lines.range(change.span.clone()), text)
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
    match document.core.hover(document.offset(at))? {
        Answer::Move(hover) => {
            let range = document.range(hover.span.clone());
            Some(markdown(move_text(&hover)?, range))
        }
        Answer::Tag(tag) => Some(markdown(
            tag_text(&tag),
            document.range(tag.tag.span.clone()),
        )),
    }
}

/// A move's number and SAN, the board after it, FEN, UCI, check or mate, NAGs; `None` for
/// a move that was not played (illegal, or after one that was not).
fn move_text(hover: &MoveHover) -> Option<String> {
    let after = hover.after.as_ref()?;
    let m = &hover.played;
    let dots = if m.color == Color::White { "." } else { "..." };
    let mut text = format!("**{}{dots} {}**\n\n", m.number, m.san);
    text.push_str("```text\n");
    text.push_str(&super::super::board::draw(after));
    text.push_str("```\n\n");
    text.push_str(&format!("FEN: `{}`\n\n", after.fen()));
    if let Some(uci) = &m.uci {
        text.push_str(&format!("UCI: `{uci}`\n\n"));
    }
    if hover.mate {
        text.push_str("Checkmate\n\n");
    } else if hover.check {
        text.push_str("Check\n\n");
    }
    if !hover.nags.is_empty() {
        let nags: Vec<String> = hover.nags.iter().map(|n| format!("${n}")).collect();
        text.push_str(&format!("NAGs: {}\n", nags.join(" ")));
    }
    Some(text)
}

/// A tag's value, what the tag means, and its problems or that it has none.
fn tag_text(tag: &TagHover) -> String {
    let mut text = format!("**{}**: {}", tag.tag.name, tag.tag.value);
    if let Some(meaning) = tag.meaning {
        text.push_str(&format!("\n\n{}: {meaning}", tag.tag.name));
    }
    match &tag.problems[..] {
        [] => text.push_str("\n\nThe value is valid."),
        problems => problems
            .iter()
            .for_each(|p| text.push_str(&format!("\n\n{p}"))),
    }
    text
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

/// On a move number: the move it numbers, so "go to definition" lands on the move.
pub fn definition(document: &Document, at: Position) -> Option<Location> {
    let span = document.core.definition(document.offset(at))?;
    Some(Location::new(document.uri.clone(), document.range(span)))
}

/// The legal moves (export SAN) of the position where the cursor is.
pub fn completion(document: &Document, at: Position) -> Vec<CompletionItem> {
    (document.core.completion(document.offset(at)).into_iter())
        .map(|m| CompletionItem {
            label: m.san,
            kind: Some(CompletionItemKind::VALUE),
            detail: Some(m.uci),
            ..CompletionItem::default()
        })
        .collect()
}

/// The whole document as `jaque fmt` writes it (games with errors as they are), one edit;
/// none when it is formatted already.
pub fn formatting(document: &Document) -> Vec<TextEdit> {
    let Some(out) = document.core.formatted() else {
        return Vec::new();
    };
    let whole = document.range(0..document.core.text().len());
    vec![TextEdit::new(whole, out)]
}

/// One symbol per game: `White - Black, Event, Date`, its range the game.
pub fn symbols(document: &Document) -> Vec<DocumentSymbol> {
    let lines = document.lines();
    (document.core.symbols().into_iter())
        .map(|symbol| {
            let whole = lines.range(symbol.span);
            #[allow(deprecated)] // `deprecated` is a field LSP keeps for old clients.
            DocumentSymbol {
                name: symbol.name,
                detail: Some(format!("{} plies", symbol.plies)),
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
    let lines = document.lines();
    (document.core.folds().into_iter())
        .map(|fold| {
            let range = lines.range(fold.span);
            FoldingRange {
                start_line: range.start.line,
                end_line: range.end.line,
                kind: (fold.kind == FoldKind::Comment).then_some(FoldingRangeKind::Comment),
                ..FoldingRange::default()
            }
        })
        .collect()
}
