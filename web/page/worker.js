// Holds the editor's text as a jaque `Document` and checks it away from the page's thread,
// so that typing never waits for it. The text comes once (`open`), then as the editor's
// edits: each edit re-checks only the games it touched.
//
// In:  {module}, once: the compiled jaque.wasm, shared with the page.
//      {version, open}: a new text: a string, or a file (a `File`, read here while the page
//        reads it too, gzip unpacked), or its bytes.
//      {version, edits: [[from, to, insert], ...]}: the editor's changes, in UTF-16 units,
//        each in the text the ones before it made.
//      {id, ask, at}: a question about the text (Document.ask); {id, ask: "query", text}:
//        the games the query `text` matches (Document.query); {id, ask: "complete-query",
//        text, at}: the forms completing the query `text` at `at` (Jaque.completeQuery).
//      {id, ask: "open-index", file}: a position index (a `File`) to read (Explorer.open);
//        {id, ask: "tree", fen}: the opening explorer's tree of `fen` in it (Explorer.tree).
// Out: {version, progress} after each step that leaves games to check;
//      {version, summary, diagnostics} once all are (diagnostics: their JSON, a string);
//      {version, error} where jaque stopped, or the text is none (binary, compressed);
//      {lost: true} for edits with no text to edit (after a stop): the page sends the text
//        again;
//      {id, answer} (answer undefined where jaque stopped).
// `version` counts the texts and edits the page sent: an answer is for the one it names.

import { readFile } from "./files.js";
import { Explorer } from "./explorer.js";
import { load } from "./jaque.js";

// Bytes of games a step: small enough that an edit or a question waits little for the step
// in hand, large enough that a big file takes few messages.
const STEP_BYTES = 256 * 1024;
// The least time between two messages of progress.
const PROGRESS_MS = 100;

let module = null;
let jaque = null;
let document = null;
let version = 0;
let running = false;
let answered = true; // the diagnostics of this version are sent
let reading = false; // a file is being read: the messages after it wait
const waiting = []; // messages that came before the module was ready
const explorer = new Explorer(); // the index opened, in a module of its own

self.onmessage = async ({ data }) => {
  // The index's questions need neither the text nor the page's module.
  if (data.ask === "open-index") {
    self.postMessage({ id: data.id, answer: await explorer.open(data.file) });
  } else if (data.ask === "tree") {
    self.postMessage({ id: data.id, answer: explorer.tree(data.fen) });
  } else if (data.module) {
    module = data.module;
    jaque = await load(module);
  } else {
    waiting.push(data);
  }
  drain();
};

/** Takes the messages waiting, while there is an instance to take them. */
function drain() {
  while (jaque && !reading && waiting.length) {
    const message = waiting.shift();
    if (message.open instanceof Blob) read(message);
    else take(message);
  }
  if (jaque && document && !answered && !running) run();
}

/** Reads the file of an `open` message, then takes it and the messages after it. */
async function read(message) {
  reading = true;
  try {
    waiting.unshift({ ...message, open: await readFile(message.open) });
  } catch (error) {
    document?.free();
    document = null;
    self.postMessage({ version: message.version, error: `cannot read the file: ${error.message}` });
  }
  reading = false;
  drain();
}

function take(message) {
  try {
    if ("open" in message) {
      document?.free();
      document = jaque.document(message.open);
      version = message.version;
      answered = false;
    } else if (message.edits) {
      if (!document) {
        self.postMessage({ lost: true });
        return;
      }
      for (const [from, to, insert] of message.edits) document.edit(from, to, insert);
      version = message.version;
      answered = false;
    } else if (message.ask === "complete-query") {
      self.postMessage({ id: message.id, answer: jaque.completeQuery(message.text, message.at) });
    } else if (message.ask === "query") {
      self.postMessage({ id: message.id, answer: document?.query(message.text) });
    } else if (message.ask) {
      const answer = document?.ask(message.ask, message.at);
      self.postMessage({ id: message.id, answer });
    }
  } catch (error) {
    stopped(error);
    if (message.ask) self.postMessage({ id: message.id, answer: undefined });
  }
}

/** Checks the games left to check, a step at a time, reading messages between steps. */
async function run() {
  running = true;
  let progressed = performance.now();
  try {
    while (document) {
      const { progress, summary, error } = document.check(STEP_BYTES);
      if (progress.done) {
        // Bytes that are no text (a binary or compressed file) have no games: said why.
        if (error) self.postMessage({ version, error: `the text has no games: ${error}` });
        else self.postMessage({ version, summary, diagnostics: document.diagnostics() });
        answered = true;
        break;
      }
      // The page draws the progress: ten times a second is enough, and drawing is work
      // done on the other core while this one checks.
      if (performance.now() - progressed >= PROGRESS_MS) {
        self.postMessage({ version, progress });
        progressed = performance.now();
      }
      await nextTask();
    }
  } catch (error) {
    stopped(error);
  } finally {
    running = false;
  }
}

/**
 * A trap leaves the instance's memory as it was mid-call: the text is dropped (the page
 * sends it again with its next edit) and the next call gets a new instance.
 */
function stopped(error) {
  self.postMessage({ version, error: `jaque stopped: ${error.message}` });
  document = null;
  jaque = null;
  load(module).then((fresh) => {
    jaque = fresh;
    drain();
  });
}

/** Resolves after the messages already queued are handled (a task, not a timer: no delay). */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
