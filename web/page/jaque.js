// The WebAssembly module's calls as JavaScript functions (web/src/abi.rs is the other side):
// a text goes in as UTF-8 in memory the module lends, an answer comes back as a length and
// bytes, read and given back.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Loads jaque.wasm from `url` (or takes a compiled `WebAssembly.Module`). */
export async function load(source) {
  const instance =
    source instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(source, {})
      : (await WebAssembly.instantiateStreaming(fetch(source), {})).instance;
  return new Jaque(instance.exports);
}

export class Jaque {
  constructor(exports) {
    this.exports = exports;
  }

  /**
   * Calls `name` with `text` as its first two arguments (its UTF-8 in the module's memory,
   * which the call takes, and its length), then `args`; returns what the call returns.
   */
  give(name, text, ...args) {
    const { memory, jaque_alloc } = this.exports;
    const bytes = encoder.encode(text);
    const input = jaque_alloc(bytes.length);
    new Uint8Array(memory.buffer, input, bytes.length).set(bytes);
    return this.exports[name](input, bytes.length, ...args);
  }

  /** Calls `name` with `text` (and more integer arguments); the answer as a string. */
  call(name, text, ...args) {
    // The memory may grow during the call: `read` makes its views after it.
    return this.read(this.give(name, text, ...args));
  }

  /**
   * Every game checked: {games, summary: {games, moves, errors, warnings}}, `games` the
   * objects of `jaque check --json` of the games with a diagnostic (the others are counted).
   */
  check(text) {
    const { games, summary } = lines(this.call("jaque_check", text));
    return { games, summary };
  }

  /** A session checking `text` a part at a time (see `Session`). */
  session(text) {
    return new Session(this, this.give("jaque_session_new", text));
  }

  /** An answer of `length` bytes at `output`, read and given back. */
  read(output) {
    const { memory, jaque_free } = this.exports;
    const length = new DataView(memory.buffer).getUint32(output, true);
    const answer = decoder.decode(new Uint8Array(memory.buffer, output + 4, length));
    jaque_free(output, length + 4);
    return answer;
  }

  /** The text as `jaque fix` writes it. */
  fix(text) {
    return this.call("jaque_fix", text);
  }

  /** The text as `jaque fmt` writes it. */
  fmt(text) {
    return this.call("jaque_fmt", text);
  }

  /**
   * The `Document` of `text`, for the questions at the cursor: made once per text (the last
   * one is kept, and freed when another text is asked about).
   */
  at(text) {
    if (this.document?.text !== text) {
      this.document?.free();
      this.document = new Document(this, this.give("jaque_document_new", text), text);
    }
    return this.document;
  }
}

/** A text checked a part at a time: `step(bytes)` checks about that many more bytes of it. */
export class Session {
  constructor(jaque, handle) {
    this.jaque = jaque;
    this.handle = handle;
  }

  /**
   * {games, progress: {read, total, done}, summary: {games, moves, errors, warnings}, error}:
   * the games of the step with a diagnostic; read and total in bytes; the summary of every
   * game so far.
   */
  step(bytes) {
    return lines(this.jaque.read(this.jaque.exports.jaque_session_step(this.handle, bytes)));
  }

  /** Ends the session (done or not). */
  free() {
    this.jaque.exports.jaque_session_free(this.handle);
    this.handle = 0;
  }
}

/** The JSON lines of a check: the games, the progress and summary, an error where the bytes are no text. */
function lines(text) {
  const answer = { games: [], progress: null, summary: null, error: null };
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const object = JSON.parse(line);
    if ("progress" in object) Object.assign(answer, object);
    else if ("error" in object) answer.error = object.error;
    else answer.games.push(object);
  }
  return answer;
}

/** A text cut into games, asked about at places counted in UTF-16 units (web/src/document.rs). */
export class Document {
  constructor(jaque, handle, text) {
    this.jaque = jaque;
    this.handle = handle;
    this.text = text;
  }

  ask(name, at) {
    return JSON.parse(this.jaque.read(this.jaque.exports[name](this.handle, at)));
  }

  /** The move at `at`, or null: {from, to, played, fen, number, color, san, uci, check, mate}. */
  hover(at) {
    return this.ask("jaque_document_hover", at);
  }

  /**
   * The board's position at `at`, or null in a tag pair or a comment: {fen, last}, `last` the
   * move it is after ({number, color, san, uci}) or null.
   */
  position(at) {
    return this.ask("jaque_document_position", at);
  }

  /** The legal moves at `at`: [{san, uci}]. */
  complete(at) {
    return this.ask("jaque_document_complete", at);
  }

  free() {
    this.jaque.exports.jaque_document_free(this.handle);
    this.handle = 0;
  }
}
