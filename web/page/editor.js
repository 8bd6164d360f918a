// The editor: CodeMirror with jaque's diagnostics (from the worker), the legal moves as
// completions, and a card with the move under the mouse.

import { autocompletion } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, insertNewline } from "@codemirror/commands";
import { lintGutter, linter, lintKeymap } from "@codemirror/lint";
import { searchKeymap } from "@codemirror/search";
import { EditorState } from "@codemirror/state";
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  hoverTooltip,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { drawBoard } from "./board.js";
import { pgnHighlighting } from "./pgn.js";

// How long the text rests before it is checked again: a burst of keys within a frame is one
// check; the worker drops a text that a newer one overtakes, so no longer wait is needed.
const LINT_DELAY_MS = 10;

const texts = new WeakMap();

/** The text of a document (CodeMirror's `Text` is immutable, so it is made once). */
export function textOf(doc) {
  let text = texts.get(doc);
  if (text === undefined) {
    text = doc.toString();
    texts.set(doc, text);
  }
  return text;
}

/**
 * An editor in `parent` holding `text`. `lint(view)` answers the diagnostics (a promise);
 * `onCursor(view)` is called when the cursor or the text changes.
 */
export function createEditor({ parent, text, jaque, lint, onCursor }) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        EditorView.lineWrapping,
        pgnHighlighting,
        linter(lint, { delay: LINT_DELAY_MS }),
        lintGutter(),
        autocompletion({ override: [(context) => completeMove(jaque, context)], icons: false }),
        hoverTooltip((view, pos, side) => moveCard(jaque, view, side < 0 ? pos - 1 : pos)),
        // PGN has no indentation to carry over: Enter starts a plain new line.
        keymap.of([
          { key: "Enter", run: insertNewline },
          ...defaultKeymap,
          ...historyKeymap,
          ...searchKeymap,
          ...lintKeymap,
        ]),
        EditorView.updateListener.of((update) => {
          if (update.docChanged || update.selectionSet) onCursor(update.view);
        }),
        EditorView.contentAttributes.of({ "aria-label": "PGN text", spellcheck: "false" }),
      ],
    }),
  });
}

/**
 * The legal moves that start with the word before the cursor. While typing, nothing is
 * offered once the word is a whole move already (its check mark aside), so that Enter
 * after a move starts a new line rather than taking a suggestion.
 */
function completeMove(jaque, context) {
  const word = context.matchBefore(/[A-Za-z][\w=+#-]*/) ?? { from: context.pos, text: "" };
  if (word.text === "" && !context.explicit) return null;
  const moves = jaque.at(textOf(context.state.doc)).complete(word.from);
  const whole = moves.some(
    ({ san }) => san === word.text || san.replace(/[+#]$/, "") === word.text,
  );
  if (whole && !context.explicit) return null;
  const options = moves
    .filter(({ san }) => san.startsWith(word.text))
    .map(({ san, uci }) => ({ label: san, detail: uci }));
  if (!options.length) return null;
  // SAN is case-sensitive (b is a pawn's file, B a bishop): the list is filtered here, and
  // again at each key typed while it is open, without waiting for a new query.
  const update = (_result, _from, _to, next) => completeMove(jaque, next);
  return { from: word.from, options, filter: false, update };
}

/** The tooltip for the move at `at`: its SAN, and if it was played, its position. */
function moveCard(jaque, view, at) {
  const move = at < 0 ? null : jaque.at(textOf(view.state.doc)).hover(at);
  if (!move) return null;
  return { pos: move.from, end: move.to, above: true, create: () => ({ dom: card(move) }) };
}

function card(move) {
  const node = document.createElement("div");
  node.className = "move-card";
  const title = document.createElement("strong");
  title.textContent = moveName(move);
  node.append(title);
  if (!move.played) {
    node.append(paragraph("not played: see the diagnostic"));
    return node;
  }
  const facts = [`UCI ${move.uci}`];
  if (move.mate) facts.push("checkmate");
  else if (move.check) facts.push("check");
  node.append(paragraph(facts.join(" · ")));
  const board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  board.setAttribute("viewBox", "0 0 800 800");
  board.classList.add("board");
  drawBoard(board, move.fen, { move: move.uci });
  const fen = document.createElement("code");
  fen.textContent = move.fen;
  node.append(board, fen);
  return node;
}

/** "12. Nf3" or "12... Nf6". */
export function moveName({ number, color, san }) {
  return `${number}${color === "white" ? "." : "..."} ${san}`;
}

function paragraph(text) {
  const node = document.createElement("p");
  node.textContent = text;
  return node;
}
