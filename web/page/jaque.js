// The WebAssembly module's calls as JavaScript functions (web/src/abi.rs is the other side):
// a text goes in as UTF-8 in memory the module lends, an answer comes back as a length and
// bytes, read and given back. The worker (worker.js) is the one user: it holds the editor's
// text as a `Document` in the module, and an index the user opened in the index's module.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// The questions answered by a text, not JSON.
const TEXTS = new Set(["text", "fix", "fmt"]);

/** Instantiates a compiled jaque.wasm (`WebAssembly.Module`). */
export async function load(module) {
  return new Jaque((await WebAssembly.instantiate(module, {})).exports);
}

export class Jaque {
  constructor(exports) {
    this.exports = exports;
  }

  /**
   * `text` (a string, or its UTF-8 bytes in an `ArrayBuffer`) copied into memory the module
   * lends, for a call that takes it: [address, length].
   */
  lend(text) {
    const { memory, jaque_alloc } = this.exports;
    const bytes = typeof text === "string" ? encoder.encode(text) : new Uint8Array(text);
    const at = jaque_alloc(bytes.length);
    new Uint8Array(memory.buffer, at, bytes.length).set(bytes);
    return [at, bytes.length];
  }

  /** An answer at `output`, as a string, read and given back. */
  read(output) {
    // The memory may have grown during the call: the views are made after it.
    const { memory, jaque_free } = this.exports;
    const length = new DataView(memory.buffer).getUint32(output, true);
    const answer = decoder.decode(new Uint8Array(memory.buffer, output + 4, length));
    jaque_free(output, length + 4);
    return answer;
  }

  /**
   * The forms that complete the word before UTF-16 offset `at` of the query `text`, the names
   * its `let`s define first: [{label, insert, detail, kind}], kind "keyword", "piece" or
   * "name". A query needs no document.
   */
  completeQuery(text, at) {
    return JSON.parse(this.read(this.exports.jaque_query_complete(...this.lend(text), at)));
  }

  /**
   * A position index read from a file's bytes (an `ArrayBuffer`), held in the module's
   * memory: {index (its handle), games, positions}, or {error} saying why it cannot be read.
   * Only jaque-index.wasm has the index's calls.
   */
  openIndex(bytes) {
    return JSON.parse(this.read(this.exports.jaque_index_open(...this.lend(bytes))));
  }

  /**
   * The opening explorer's tree of the position `fen` in the index `handle`, the object
   * `jaque tree --json` prints: {fen, games, white, draws, black, average_rating, moves:
   * [{san, uci, games, white, draws, black, average_rating}], top_games}; or {error}.
   */
  tree(handle, fen) {
    return JSON.parse(this.read(this.exports.jaque_index_tree(handle, ...this.lend(fen))));
  }

  /** Gives back an index of `openIndex`. */
  freeIndex(handle) {
    this.exports.jaque_index_free(handle);
  }

  /** A `Document` of `text` (a string, or the UTF-8 bytes of one in an `ArrayBuffer`). */
  document(text) {
    return new Document(this, this.exports.jaque_document_new(...this.lend(text)));
  }
}

/** The editor's text in the module: edited, checked a part at a time, asked about. */
export class Document {
  constructor(jaque, handle) {
    this.jaque = jaque;
    this.handle = handle;
  }

  call(name, ...args) {
    return this.jaque.read(this.jaque.exports[name](this.handle, ...args));
  }

  /** UTF-16 units `from`..`to` replaced by `insert`. */
  edit(from, to, insert) {
    this.jaque.exports.jaque_document_edit(this.handle, from, to, ...this.jaque.lend(insert));
  }

  /**
   * About `bytes` more of the games not yet checked, checked: {progress: {read, total, done},
   * summary: {games, moves, errors, warnings}} of the games checked so far.
   */
  check(bytes) {
    return JSON.parse(this.call("jaque_document_check", bytes));
  }

  /**
   * The diagnostics of the games checked, as JSON (for the page to parse, not this thread):
   * [{from, to, line, column, severity, code, message, suggestions: [{from, to,
   * replacement, applicability}]}], places in UTF-16 units.
   */
  diagnostics() {
    return this.call("jaque_document_diagnostics");
  }

  /**
   * A question about the text: `hover` (the move at `at` or null: {from, to, played, fen,
   * number, color, san, uci, check, mate}), `position` (the board at `at` or null: {fen,
   * last}), `complete` (the legal moves at `at`: [{san, uci}]); `text` (the text as the
   * document read it), `fix` and `fmt` (the text as `jaque fix` and `jaque fmt` write it).
   */
  ask(question, at) {
    const answer = this.call(`jaque_document_${question}`, at);
    return TEXTS.has(question) ? answer : JSON.parse(answer);
  }

  /**
   * The games the query `text` matches: {diagnostics (the query's, places in UTF-16 units of
   * it), games: [{game, from, to, line, name, plies}], total}.
   */
  query(text) {
    const { exports } = this.jaque;
    const answer = exports.jaque_document_query(this.handle, ...this.jaque.lend(text));
    return JSON.parse(this.jaque.read(answer));
  }

  free() {
    this.jaque.exports.jaque_document_free(this.handle);
    this.handle = 0;
  }
}
