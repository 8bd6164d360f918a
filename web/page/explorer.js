// The worker's opening explorer: a position index the user opened, read into memory by the
// index's module (jaque-index.wasm, fetched and compiled the first time an index is opened:
// it is larger than the page's and most visits need none), and the tree of a position in it.
// Nothing is written anywhere: the file's bytes are read once and held in the module.

import { load } from "./jaque.js";

export class Explorer {
  constructor() {
    this.module = null; // jaque-index.wasm, compiled
    this.jaque = null; // its instance
    this.index = 0; // the open index's handle, 0 for none
  }

  /**
   * Opens the index in `file` (a `File`), closing the one open: {games, positions}, or
   * {error} saying why it cannot be read.
   */
  async open(file) {
    this.close();
    try {
      this.module ??= await WebAssembly.compileStreaming(
        fetch(new URL("jaque-index.wasm", import.meta.url)),
      );
      this.jaque ??= await load(this.module);
      const { index, games, positions, error } = this.jaque.openIndex(await file.arrayBuffer());
      if (error) return { error };
      this.index = index;
      return { games, positions };
    } catch (error) {
      // A trap leaves the instance's memory as it was mid-call: the next index gets a new one.
      this.jaque = null;
      return { error: `jaque stopped: ${error.message}` };
    }
  }

  /** The tree of the position `fen` in the open index (see Jaque.tree), null with none. */
  tree(fen) {
    if (!this.index) return null;
    try {
      return this.jaque.tree(this.index, fen);
    } catch (error) {
      this.jaque = null;
      this.index = 0;
      return { error: `jaque stopped: ${error.message}` };
    }
  }

  close() {
    if (this.index) this.jaque.freeIndex(this.index);
    this.index = 0;
  }
}
