// Checks the page's text away from the page's thread, so that typing never waits for it.
//
// Messages in: {module} once (the compiled jaque.wasm, shared with the page), then
// {generation, text} for each text to check. Out: {generation, progress} after each step
// that leaves more to read, then {generation, summary, diagnostics, error} at the end
// (summary: the counts of games, moves, errors and warnings; diagnostics: all of them).
// A newer text abandons an older one between two steps: only the latest text counts.

import { load } from "./jaque.js";

// Bytes of text a step: small enough that a newer text waits little for the step in hand,
// large enough that a big file takes few messages.
const STEP_BYTES = 256 * 1024;

let module = null;
let jaque = null;
let latest = null; // the newest text not yet taken up
let running = false;

self.onmessage = async ({ data }) => {
  if (data.module) {
    module = data.module;
    jaque = await load(module);
  } else {
    latest = data;
  }
  if (jaque && latest && !running) run();
};

/** Checks texts until none waits. */
async function run() {
  running = true;
  while (latest) {
    const job = latest;
    latest = null;
    try {
      await check(job);
    } catch (error) {
      const said = `jaque stopped: ${error.message}`;
      self.postMessage({ generation: job.generation, summary: null, diagnostics: [], error: said });
      // A trap leaves the instance's memory as it was mid-call: the next text gets a new one.
      jaque = await load(module);
    }
  }
  running = false;
}

/** Checks one text a step at a time, giving way between steps to read newer messages. */
async function check({ generation, text }) {
  const session = jaque.session(text);
  const diagnostics = [];
  try {
    for (;;) {
      const { games, progress, summary, error } = session.step(STEP_BYTES);
      for (const game of games) diagnostics.push(...game.diagnostics);
      if (error || progress.done) {
        self.postMessage({ generation, summary, diagnostics, error });
        return;
      }
      self.postMessage({ generation, progress });
      await nextTask();
      if (latest) return;
    }
  } finally {
    session.free();
  }
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
