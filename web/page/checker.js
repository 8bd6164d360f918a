// The page's side of the checking worker (worker.js): each text gets a generation number,
// and only the newest text's answer is awaited; an older request resolves to null.

export class Checker {
  /** `onProgress({read, total})` is called while a text larger than a step is checked. */
  constructor(module, onProgress) {
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.worker.postMessage({ module });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.onProgress = onProgress;
    this.generation = 0;
    this.pending = null; // {generation, resolve} of the newest text
  }

  /** {summary, diagnostics, error} of `text`, or null when a newer text came first. */
  check(text) {
    this.pending?.resolve(null);
    const generation = ++this.generation;
    this.worker.postMessage({ generation, text });
    return new Promise((resolve) => {
      this.pending = { generation, resolve };
    });
  }

  receive({ generation, progress, ...result }) {
    if (generation !== this.pending?.generation) return;
    if (progress) {
      this.onProgress(progress);
    } else {
      this.pending.resolve(result);
      this.pending = null;
    }
  }
}
