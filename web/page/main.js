// The playground page: an editor whose text a worker holds and checks as it changes (the
// text once, then the edits), a board of the position at the cursor, the list of
// diagnostics, and the toolbar. jaque.wasm is compiled here and runs in the worker, which
// also answers what the cursor asks (the board, completion, the move under the mouse) and
// Fix all and Format: nothing of jaque runs on the page's thread. With a position index
// opened, the board's position has its opening explorer's tree under it (the worker reads
// the index in a module of its own).

import { drawBoard } from "./board.js";
import { setDiagnostics } from "@codemirror/lint";
import { Checker } from "./checker.js";
import { lintDiagnostic, showList, summary } from "./diagnostics.js";
import { createEditor, moveName, opened } from "./editor.js";
import { QueryBox } from "./query.js";
import { download, packText, readFile, savedName, unpackText, utf8Text } from "./files.js";
import { SAMPLE } from "./sample.js";
import { drawTree } from "./tree.js";

// The longest URL Chromium opens (2 MiB): a longer link would not come back.
const LINK_LIMIT = 2 * 1024 * 1024;
// The board follows the cursor once it rests this long: each look reads the whole text.
const BOARD_DELAY_MS = 30;
// How long a message about an action (a copy, a file opened) stays.
const MESSAGE_MS = 4000;

const UNREADABLE_LINK = "the link holds no text this page can read";

const $ = (id) => document.getElementById(id);

class Playground {
  constructor(module, text) {
    this.name = "games.pgn"; // the name Download saves under
    this.flipped = false;
    this.shown = null; // what the board shows: {fen, uci, caption}
    this.index = null; // the position index opened: {name, games}
    this.checker = new Checker(module, {
      onProgress: (progress) => this.showProgress(progress),
      onResult: (result) => this.showResult(result),
      onLost: () => this.checker.open(this.text()),
    });
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.view = createEditor({
      parent: $("editor"),
      text,
      ask: (question, at) => this.checker.ask(question, at),
      // While a file opens, edits go to the text it replaces: the worker has the file's.
      onEdit: (changes) => this.opening || this.checker.edit(changes),
      onCursor: () => this.followCursor(),
    });
    this.checker.open(text);
    this.queryBox = new QueryBox({
      input: $("query"),
      status: $("query-status"),
      problems: $("query-problems"),
      games: $("query-games"),
      completions: $("query-completions"),
      view: this.view,
      ask: (query) => this.checker.query(query),
      complete: (query, at) => this.checker.completeQuery(query, at),
    });
    this.bindToolbar();
    this.bindDrop();
    window.addEventListener("hashchange", () => this.openLink());
    this.showBoard();
  }

  text() {
    return this.view.state.doc.toString();
  }

  /** The worker's answer for the text as it is: the diagnostics marked, listed, counted. */
  showResult(result) {
    if (this.measured) {
      this.measured(result);
      return;
    }
    // A file's answer can come before its text is in the editor: it waits for it.
    if (this.opening) {
      this.early = result;
      return;
    }
    const { view } = this;
    const diagnostics = result.diagnostics.map((d) => lintDiagnostic(view.state.doc, d));
    view.dispatch(setDiagnostics(view.state, diagnostics));
    $("progress").hidden = true;
    $("status").textContent = result.error
      ? `cannot check the text: ${result.error}`
      : summary(result.summary);
    showList($("diagnostics"), view, diagnostics);
    // The games changed: the query is asked of them again.
    this.queryBox.run();
    // The benchmark reads when a text's diagnostics were shown, and when the page was ready.
    performance.mark("jaque:shown");
    if (!performance.getEntriesByName("jaque:ready").length) performance.mark("jaque:ready");
    this.markReady();
  }

  /**
   * For the benchmark: `file` checked by the worker, as `open` has it checked, but not
   * shown: the worker's answer (its diagnostics parsed). The worker then has the editor's
   * text again.
   */
  async check(file) {
    const answer = new Promise((resolve) => (this.measured = resolve));
    this.checker.open(file);
    const result = await answer;
    this.measured = null;
    this.checker.open(this.text());
    return result;
  }

  /** A large text's check under way: how much is read. */
  showProgress({ read, total }) {
    const progress = $("progress");
    progress.hidden = false;
    // Never 100% before the answer: the last game may still be in hand.
    const percent = Math.min(99, Math.floor((100 * read) / Math.max(total, 1)));
    progress.value = percent;
    $("status").textContent = `checking ${percent}%`;
  }

  followCursor() {
    clearTimeout(this.boardTimer);
    this.boardTimer = setTimeout(() => this.showBoard(), BOARD_DELAY_MS);
  }

  /**
   * The board at the cursor, as jaque's `position` has it (on or right after a move, the
   * position after it, or before it where it failed; elsewhere where the next move would
   * be typed), with the move it is after named and its squares marked.
   */
  async showBoard() {
    const { doc, selection } = this.view.state;
    const position = await this.checker.ask("position", selection.main.head);
    // The text or the cursor moved meanwhile: the board follows the newer place.
    if (position === undefined || this.view.state.doc !== doc) return;
    if (this.view.state.selection.main.head !== selection.main.head) return;
    if (!position) {
      this.shown = null;
    } else {
      const side = position.fen.split(" ")[1] === "w" ? "White" : "Black";
      const { last } = position;
      const caption = last ? `after ${moveName(last)}` : `${side} to move`;
      this.shown = { fen: position.fen, uci: last?.uci ?? null, caption };
    }
    this.drawShown();
    this.showTree();
  }

  /** Reads the position index in `file` in the worker; the board's tree shows from it. */
  async openIndex(file) {
    const explorer = $("explorer");
    explorer.hidden = false;
    $("explorer-name").textContent = file.name;
    $("explorer-status").textContent = "reading the index…";
    $("explorer-moves").replaceChildren();
    this.index = null;
    const answer = await this.checker.openIndex(file);
    if (answer.error) {
      $("explorer-status").textContent = `cannot read ${file.name} as an index: ${answer.error}`;
      this.say(`cannot read the index ${file.name}`);
      return;
    }
    this.index = { name: file.name, games: answer.games };
    this.say(`opened the index ${file.name}: ${answer.games} games`);
    this.showTree();
  }

  /** The tree of the board's position in the index opened, if one is. */
  async showTree() {
    if (!this.index) return;
    const { shown } = this;
    const tree = shown ? await this.checker.tree(shown.fen) : null;
    // The board moved on meanwhile: the newer position's tree is on its way.
    if (this.shown !== shown) return;
    drawTree({ status: $("explorer-status"), moves: $("explorer-moves") }, tree);
  }

  drawShown() {
    const board = $("board");
    board.classList.toggle("stale", !this.shown);
    $("fen").textContent = this.shown?.fen ?? "";
    $("copy-fen").disabled = !this.shown;
    if (!this.shown) {
      $("caption").textContent = "no position here (a tag pair, a comment)";
      return;
    }
    $("caption").textContent = this.shown.caption;
    drawBoard(board, this.shown.fen, { move: this.shown.uci, flipped: this.flipped });
  }

  bindToolbar() {
    const input = $("open");
    $("open-button").onclick = () => input.click();
    input.onchange = () => {
      if (input.files[0]) this.open(input.files[0]);
      input.value = "";
    };
    const indexInput = $("open-index");
    $("open-index-button").onclick = () => indexInput.click();
    indexInput.onchange = () => {
      if (indexInput.files[0]) this.openIndex(indexInput.files[0]);
      indexInput.value = "";
    };
    $("fix-all").onclick = () => this.rewrite("fix", "fixed", "nothing to fix with one right answer");
    $("format").onclick = () => this.rewrite("fmt", "formatted", "already in export format");
    $("download").onclick = () => download(this.text(), this.name);
    $("copy-link").onclick = () => this.copyLink();
    $("copy-fen").onclick = () => this.copy(this.shown.fen, "FEN copied");
    $("flip").onclick = () => {
      this.flipped = !this.flipped;
      if (this.shown) this.drawShown();
    };
  }

  /** Files dragged over the page can be dropped anywhere on it. */
  bindDrop() {
    const hint = $("drop-hint");
    const carriesFiles = (event) => event.dataTransfer?.types.includes("Files");
    document.addEventListener("dragover", (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      hint.hidden = false;
    });
    document.addEventListener("dragleave", (event) => {
      if (!event.relatedTarget) hint.hidden = true;
    });
    document.addEventListener("drop", (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      hint.hidden = true;
      if (event.dataTransfer.files[0]) this.open(event.dataTransfer.files[0]);
    });
  }

  async open(file) {
    // The worker reads the file too, and starts on it while this thread reads it.
    this.checker.open(file);
    const opening = (this.opening = {});
    const text = await this.readText(file);
    if (this.opening !== opening) return; // another file came meanwhile
    this.opening = null;
    const early = this.early;
    this.early = null;
    // Unread, or another text came meanwhile (which the worker checks now).
    if (text === undefined) return;
    this.name = savedName(file.name);
    this.showText(text);
    if (early) this.showResult(early);
    // A link of the previous text would no longer match the page.
    history.replaceState(null, "", location.pathname + location.search);
    this.say(`opened ${file.name}`);
  }

  /** The text of `file` as jaque reads it, or undefined (said why) where it cannot be read. */
  async readText(file) {
    try {
      const bytes = await readFile(file);
      return utf8Text(bytes) ?? (await this.checker.ask("text"));
    } catch (error) {
      this.say(`cannot read ${file.name}: ${error.message}`);
      return undefined;
    }
  }

  /** Opens the text of the link in the address bar, if it holds one. */
  async openLink() {
    if (location.hash.length <= 1) return;
    const text = await textOfLink();
    if (text === null) this.say(UNREADABLE_LINK);
    else this.setText(text);
  }

  /** Replaces the text by `text`, sent whole to the worker. */
  setText(text) {
    this.checker.open(text);
    this.showText(text);
  }

  /** Puts `text` in the editor, which the worker has already. */
  showText(text) {
    const { doc } = this.view.state;
    this.view.dispatch({
      changes: { from: 0, to: doc.length, insert: text },
      selection: { anchor: 0 },
      scrollIntoView: true,
      annotations: opened.of(true),
    });
  }

  /** Replaces the text by the worker's `question` of it, `fix` or `fmt` (Fix all, Format). */
  async rewrite(question, done, unchanged) {
    const old = this.text();
    const text = await this.checker.ask(question);
    // The text changed while the worker worked: the answer is not for it.
    if (text === undefined) return;
    if (text === old) {
      this.say(unchanged);
      return;
    }
    // One change over the part that differs: the cursor and the undo history stay useful.
    this.view.dispatch({ changes: difference(old, text), userEvent: "input.fix" });
    this.say(done);
  }

  async copyLink() {
    const url = new URL(location.href);
    url.hash = await packText(this.text());
    if (url.href.length > LINK_LIMIT) {
      this.say("the text is too long for a link: download it instead");
      return;
    }
    history.replaceState(null, "", url);
    await this.copy(url.href, "link copied", "the link is in the address bar");
  }

  async copy(text, done, failed = "copying was not allowed") {
    try {
      await navigator.clipboard.writeText(text);
      this.say(done);
    } catch {
      this.say(failed);
    }
  }

  /** A short message about an action, for a few seconds. */
  say(message) {
    const node = $("message");
    node.textContent = message;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => (node.textContent = ""), MESSAGE_MS);
  }
}

/** The change that turns `old` into `text`: what lies between their common start and end. */
function difference(old, text) {
  const shorter = Math.min(old.length, text.length);
  let start = 0;
  while (start < shorter && old[start] === text[start]) start += 1;
  let end = 0;
  while (end < shorter - start && old[old.length - 1 - end] === text[text.length - 1 - end])
    end += 1;
  return { from: start, to: old.length - end, insert: text.slice(start, text.length - end) };
}

/** The text held in the address bar's fragment; null when there is none or it is unreadable. */
async function textOfLink() {
  const packed = location.hash.slice(1);
  if (!packed) return null;
  try {
    return await unpackText(packed);
  } catch {
    return null;
  }
}

async function start() {
  try {
    const module = await WebAssembly.compileStreaming(
      fetch(new URL("jaque.wasm", import.meta.url)),
    );
    const linked = await textOfLink();
    const page = new Playground(module, linked ?? SAMPLE);
    if (location.hash.length > 1 && linked === null) page.say(UNREADABLE_LINK);
    // For tests, benchmarks and the curious: the editor, a promise of the first check
    // shown, the page's way to open a file (a `File` or `Blob`), and the worker's check of
    // a file alone.
    window.playground = Object.freeze({
      view: page.view,
      ready: page.ready,
      open: (file) => page.open(file),
      check: (file) => page.check(file),
    });
  } catch (error) {
    $("status").textContent = `cannot start: ${error.message}`;
  }
}

start();
