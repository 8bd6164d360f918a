// The page's side of the worker (worker.js): the editor's text sent once, then its edits;
// the worker's answers for the newest version only; questions about the text answered
// asynchronously.

export class Checker {
  /**
   * `onProgress({read, total})` while a large text is checked; `onResult({summary,
   * diagnostics, error})` once the newest version is (diagnostics: parsed here, not in the
   * worker, so that they cross between threads as one string); `onLost()` when the worker
   * lost the text (after a stop) and wants it again (`open`).
   */
  constructor(module, { onProgress, onResult, onLost }) {
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.worker.postMessage({ module });
    this.worker.onmessage = ({ data }) => this.receive(data);
    Object.assign(this, { onProgress, onResult, onLost });
    this.version = 0;
    this.questions = new Map(); // id → resolve
    this.asked = 0;
  }

  /**
   * A new text: a string, a file (a `File`, which the worker reads), or its bytes (an
   * `ArrayBuffer`, handed to the worker).
   */
  open(text) {
    this.version += 1;
    const transfer = text instanceof ArrayBuffer ? [text] : [];
    this.worker.postMessage({ version: this.version, open: text }, transfer);
  }

  /** The changes of an editor's transaction (CodeMirror's `ChangeSet`). */
  edit(changes) {
    const edits = [];
    // Each change in the text the ones before it made: its start there, the old length.
    changes.iterChanges((fromA, toA, fromB, _toB, inserted) => {
      edits.push([fromB, fromB + (toA - fromA), inserted.toString()]);
    });
    this.version += 1;
    this.worker.postMessage({ version: this.version, edits });
  }

  /**
   * The answer of `question` about the text as it is now (see Document.ask), or undefined
   * where the text changed before the answer came.
   */
  ask(question, at) {
    return this.post({ ask: question, at });
  }

  /** The games the query `text` matches, as `ask` answers (see Document.query). */
  query(text) {
    return this.post({ ask: "query", text });
  }

  /**
   * The forms that complete the query `text` at `at` (see Jaque.completeQuery), or undefined
   * where jaque stopped; a query's completion does not depend on the editor's text.
   */
  completeQuery(text, at) {
    return this.post({ ask: "complete-query", text, at }, false);
  }

  /**
   * Opens the position index in `file` (a `File`, read by the worker), closing the one open:
   * {games, positions}, or {error}.
   */
  openIndex(file) {
    return this.post({ ask: "open-index", file }, false);
  }

  /** The tree of the position `fen` in the open index (see Jaque.tree), or null with none. */
  tree(fen) {
    return this.post({ ask: "tree", fen }, false);
  }

  /** The answer of `question`; undefined if `versioned` and the text changed meanwhile. */
  post(question, versioned = true) {
    const id = ++this.asked;
    const version = this.version;
    this.worker.postMessage({ id, ...question });
    const answer = new Promise((resolve) => this.questions.set(id, resolve));
    return versioned ? answer.then((a) => (this.version === version ? a : undefined)) : answer;
  }

  receive(data) {
    if (data.id !== undefined) {
      this.questions.get(data.id)?.(data.answer);
      this.questions.delete(data.id);
    } else if (data.lost) {
      this.onLost();
    } else if (data.version === this.version) {
      if (data.progress) this.onProgress(data.progress);
      else if (data.error) this.onResult({ summary: null, diagnostics: [], error: data.error });
      else this.onResult({ summary: data.summary, diagnostics: JSON.parse(data.diagnostics) });
    }
  }
}
