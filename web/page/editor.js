// The editor: CodeMirror whose edits go to the worker, with jaque's diagnostics (set by the
// page when the worker answers), the legal moves as completions, and a card with the move
// under the mouse (both asked of the worker).

import { autocompletion } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, insertNewline } from "@codemirror/commands";
import { lintGutter, lintKeymap } from "@codemirror/lint";
import { searchKeymap } from "@codemirror/search";
import { Annotation, EditorState } from "@codemirror/state";
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

/** Marks a transaction that replaces the whole text, which the page sends the worker whole. */
export const opened = Annotation.define();

/**
 * An editor in `parent` holding `text`. `onEdit(changes)` is called with each transaction's
 * changes (but an `opened` one's); `onCursor(view)` when the cursor or the text changes;
 * `ask(question, at)` answers questions about the text (a promise, see Checker.ask).
 */
export function createEditor({ parent, text, ask, onEdit, onCursor }) {
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
        lintGutter(),
        autocompletion({ override: [(context) => completeMove(ask, context)], icons: false }),
        hoverTooltip((view, pos, side) => moveCard(ask, side < 0 ? pos - 1 : pos)),
        // PGN has no indentation to carry over: Enter starts a plain new line.
        keymap.of([
          { key: "Enter", run: insertNewline },
          ...defaultKeymap,
          ...historyKeymap,
          ...searchKeymap,
          ...lintKeymap,
        ]),
        EditorView.updateListener.of((update) => {
          for (const transaction of update.transactions) {
            if (transaction.docChanged && !transaction.annotation(opened)) {
              onEdit(transaction.changes);
            }
          }
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
async function completeMove(ask, context) {
  const word = context.matchBefore(/[A-Za-z][\w=+#-]*/) ?? { from: context.pos, text: "" };
  if (word.text === "" && !context.explicit) return null;
  const moves = await ask("complete", word.from);
  return moves ? offer(moves, word, context.explicit) : null;
}

/** The moves of `moves` that start with `word`; the same moves again as more is typed. */
function offer(moves, word, explicit) {
  const whole = moves.some(
    ({ san }) => san === word.text || san.replace(/[+#]$/, "") === word.text,
  );
  if (whole && !explicit) return null;
  const options = moves
    .filter(({ san }) => san.startsWith(word.text))
    .map(({ san, uci }) => ({ label: san, detail: uci }));
  if (!options.length) return null;
  // SAN is case-sensitive (b is a pawn's file, B a bishop): the list is filtered here, and
  // again at each key typed while it is open, from the same moves (the position is the same).
  const update = (_result, from, to, next) =>
    offer(moves, { from, text: next.state.sliceDoc(from, to) }, next.explicit);
  return { from: word.from, options, filter: false, update };
}

/** The tooltip for the move at `at`: its SAN, and if it was played, its position. */
async function moveCard(ask, at) {
  const move = at < 0 ? null : await ask("hover", at);
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
