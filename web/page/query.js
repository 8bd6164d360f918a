// The query box: a query of jaque's language (docs/query.md) asked of the games in the
// editor by the worker (jaque's `query`, the same core as `jaque query` and `jaque lsp`):
// under the box, the query's diagnostics, or how many games it matches and the list of
// them; a click on one puts the cursor at its start. The box completes the language's words
// and the query's names as they are typed (completion.js).

import { QueryCompletion } from "./completion.js";

// A query is asked once typing rests this long.
const QUERY_DELAY_MS = 150;
// The most games listed (all are counted).
const MAX_LISTED = 200;

export class QueryBox {
  /**
   * `ask(text)`: the worker's answer for the query `text` (or undefined: a newer text);
   * `complete(text, at)`: the forms completing it at `at`, listed in `completions`.
   */
  constructor({ input, status, problems, games, completions, view, ask, complete }) {
    Object.assign(this, { input, status, problems, games, view, ask });
    this.asked = 0;
    input.addEventListener("input", () => this.changed());
    const onInsert = () => this.changed();
    this.completion = new QueryCompletion({ input, list: completions, ask: complete, onInsert });
  }

  /** The query typed or completed: asked once typing rests. */
  changed() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), QUERY_DELAY_MS);
  }

  /** Asks the query again (the text changed); shows the newest answer only. */
  async run() {
    const text = this.input.value;
    const asked = ++this.asked;
    if (!text.trim()) {
      this.show(null, text);
      return;
    }
    const answer = await this.ask(text);
    if (asked === this.asked && answer !== undefined) this.show(answer, text);
  }

  show(answer, text) {
    this.problems.replaceChildren(...(answer?.diagnostics ?? []).map((d) => problem(d, text)));
    const games = answer?.games ?? [];
    this.games.replaceChildren(...games.slice(0, MAX_LISTED).map((g) => this.game(g)));
    this.input.classList.toggle("wrong", Boolean(answer?.diagnostics.length));
    if (!answer) this.status.textContent = "";
    else if (answer.diagnostics.length) this.status.textContent = "the query has an error";
    else this.status.textContent = `${games.length} of ${count(answer.total, "game")} match`;
  }

  /** A game matched: its number, line and players; a click goes there. */
  game({ game, from, line, name, plies }) {
    const node = document.createElement("li");
    Object.assign(node.dataset, { testid: "query-game", game, from, line });
    const jump = document.createElement("button");
    jump.type = "button";
    jump.className = "jump";
    const shown = plies.length > 8 ? `${plies.slice(0, 8).join(", ")}, …` : plies.join(", ");
    jump.textContent = `game ${game + 1}, line ${line}: ${name} (plies ${shown})`;
    jump.onclick = () => {
      const at = Math.min(from, this.view.state.doc.length);
      this.view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      this.view.focus();
    };
    node.append(jump);
    return node;
  }
}

/** A diagnostic of the query: where, what, the query with the place underlined, the help. */
function problem({ line, column, from, to, code, message, help }, text) {
  const node = document.createElement("li");
  Object.assign(node.dataset, { testid: "query-problem", line, column, code });
  node.className = "error";
  const title = document.createElement("span");
  title.textContent = `${line}:${column} error[${code}]: ${message}`;
  const lineStart = text.lastIndexOf("\n", Math.max(from - 1, 0)) + 1;
  const lineEnd = text.indexOf("\n", from) < 0 ? text.length : text.indexOf("\n", from);
  const source = text.slice(lineStart, lineEnd);
  const width = Math.max(1, Math.min(to, lineEnd) - from);
  const underline = " ".repeat(from - lineStart) + "^".repeat(width);
  const snippet = document.createElement("pre");
  snippet.textContent = `${source}\n${underline}`;
  node.append(title, snippet);
  if (help) {
    const note = document.createElement("span");
    note.className = "help";
    note.textContent = `help: ${help}`;
    node.append(note);
  }
  return node;
}

function count(n, noun) {
  return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
}
