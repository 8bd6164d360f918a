// jaque's diagnostics in the editor: their places turned into CodeMirror offsets, their
// suggestions into quick fixes, and the list beside the editor.

import { forEachDiagnostic } from "@codemirror/lint";

// The list shows this many; the editor marks them all. More would cost the page more to
// draw than anyone reads.
const LIST_LIMIT = 500;
// The items drawn with the editor's marks; the rest follow a frame later.
const FIRST_ITEMS = 40;
// The newest fill of each list: a frame's rest is drawn only for it.
const fills = new WeakMap();

/**
 * A diagnostic of the worker (places in UTF-16 units, as CodeMirror counts) as CodeMirror's
 * linter wants it, fixes as actions.
 */
export function lintDiagnostic(doc, diagnostic) {
  const from = Math.min(diagnostic.from, doc.length);
  const to = Math.min(Math.max(from, diagnostic.to), doc.length);
  return {
    from,
    to,
    severity: diagnostic.severity === "error" ? "error" : "warning",
    message: `${diagnostic.code}: ${diagnostic.message}`,
    renderMessage: () => describe(diagnostic),
    actions: diagnostic.suggestions.map((suggestion) => fix(suggestion, from)),
    jaque: diagnostic,
  };
}

/**
 * A suggestion as a quick fix. Its span is kept relative to the diagnostic's start: the
 * editor maps that start through edits made since the check, and `apply` receives it.
 */
function fix(suggestion, from) {
  const start = suggestion.from - from;
  const end = suggestion.to - from;
  const certain = suggestion.applicability === "machine_applicable";
  return {
    name: `${certain ? "fix" : "maybe"}: ${suggestion.replacement.trim() || "delete"}`,
    markClass: certain ? "certain" : "maybe",
    apply: (view, at) =>
      view.dispatch({
        changes: { from: at + start, to: at + end, insert: suggestion.replacement },
        userEvent: "input.fix",
      }),
  };
}

/** The code and the message, for the tooltip and the list. */
function describe({ code, message }) {
  const node = document.createElement("span");
  const label = document.createElement("code");
  label.className = "code";
  label.textContent = code;
  node.append(label, " ", message);
  return node;
}

/**
 * Fills `list` with `diagnostics` (lint diagnostics of `lintDiagnostic`), in file order: the
 * first screenful at once, the rest in the next frame (unless a newer list came first).
 */
export function showList(list, view, diagnostics) {
  const shown = diagnostics.slice(0, LIST_LIMIT);
  const items = shown.slice(0, FIRST_ITEMS).map((diagnostic) => item(view, diagnostic));
  if (!diagnostics.length) items.push(note("nothing to report"));
  list.replaceChildren(...items);
  const filled = {};
  fills.set(list, filled);
  requestAnimationFrame(() => {
    if (fills.get(list) !== filled) return;
    const rest = shown.slice(FIRST_ITEMS).map((diagnostic) => item(view, diagnostic));
    if (diagnostics.length > LIST_LIMIT) {
      const more = diagnostics.length - LIST_LIMIT;
      rest.push(note(`and ${more} more, marked in the text (F8 goes to the next)`));
    }
    list.append(...rest);
  });
}

function note(text) {
  const node = document.createElement("li");
  node.className = "note";
  node.textContent = text;
  return node;
}

/** One diagnostic: where, how bad, its code and message (a click goes there), its fixes. */
function item(view, diagnostic) {
  const { line, column, code, severity } = diagnostic.jaque;
  const node = document.createElement("li");
  Object.assign(node.dataset, { testid: "diagnostic", line, column, code, severity });
  node.className = diagnostic.severity;

  const jump = document.createElement("button");
  jump.type = "button";
  jump.className = "jump";
  const where = document.createElement("span");
  where.className = "where";
  where.textContent = `${line}:${column}`;
  const level = document.createElement("span");
  level.className = "severity";
  level.textContent = severity;
  jump.append(where, level, describe(diagnostic.jaque));
  jump.onclick = () => goTo(view, diagnostic);
  node.append(jump);

  for (const action of diagnostic.actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `fix ${action.markClass}`;
    button.dataset.testid = "fix";
    button.textContent = action.name;
    button.onclick = () => applyFix(view, diagnostic, action);
    node.append(button);
  }
  return node;
}

/** Selects the diagnostic's span, where it is now, and shows it. */
function goTo(view, diagnostic) {
  const range = currentRange(view.state, diagnostic);
  if (!range) return;
  view.dispatch({ selection: { anchor: range.from, head: range.to }, scrollIntoView: true });
  view.focus();
}

function applyFix(view, diagnostic, action) {
  const range = currentRange(view.state, diagnostic);
  if (!range) return;
  action.apply(view, range.from, range.to);
  view.focus();
}

/** Where the editor holds `diagnostic` now (moved by edits since the check), or null. */
function currentRange(state, diagnostic) {
  let found = null;
  forEachDiagnostic(state, (d, from, to) => {
    if (d === diagnostic) found = { from, to };
  });
  return found;
}

/** "3 games, 2 errors, 1 warning", of a check's summary. */
export function summary({ games, errors, warnings }) {
  return [count(games, "game"), count(errors, "error"), count(warnings, "warning")].join(", ");
}

function count(n, noun) {
  return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
}
