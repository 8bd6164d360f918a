// Completion in the query box, as an editor offers it: the words and forms of the language
// and the names the query's `let`s define (jaque's `QueryDocument::completion`, which `jaque
// lsp` answers too), asked of the worker as a word is typed and listed under the box with
// what each is. The arrows choose, Enter or Tab inserts the form in place of the word begun,
// Escape closes, a click takes one; Ctrl+Space asks where no word is begun. WAI-ARIA's
// combobox: the box keeps the focus and names the option chosen (aria-activedescendant).

// The word before the cursor, as the core reads a word: letters, digits and `_`.
const WORD_BEFORE = /[A-Za-z0-9_]*$/;
// Keys that move the cursor within the box: the word is another, the list closes.
const CURSOR_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);

export class QueryCompletion {
  /**
   * `ask(text, at)`: the forms that complete the query `text` at UTF-16 offset `at` (a
   * promise); `onInsert()` after a form is inserted (the box's value changed).
   */
  constructor({ input, list, ask, onInsert }) {
    Object.assign(this, { input, list, ask, onInsert });
    this.options = [];
    this.asked = 0;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("aria-expanded", "false");
    list.setAttribute("role", "listbox");
    list.hidden = true;
    input.addEventListener("input", () => this.offer(false));
    input.addEventListener("keydown", (event) => this.key(event));
    input.addEventListener("blur", () => this.close());
    input.addEventListener("click", () => this.close());
    // The box keeps the focus when an option is pressed; the click takes it.
    list.addEventListener("mousedown", (event) => event.preventDefault());
    list.addEventListener("click", (event) => {
      const option = event.target.closest("[role=option]");
      if (option) this.take(Number(option.dataset.index));
    });
  }

  /** The word before the cursor: its place in UTF-16 units and its text. */
  word() {
    const to = this.input.selectionStart ?? this.input.value.length;
    const text = WORD_BEFORE.exec(this.input.value.slice(0, to))[0];
    return { from: to - text.length, to, text };
  }

  /** Lists the forms for the word before the cursor; while typing, once a word is begun. */
  async offer(explicit) {
    const asked = ++this.asked;
    const word = this.word();
    if (!word.text && !explicit) {
      this.close();
      return;
    }
    const forms = await this.ask(this.input.value, word.to);
    // Only the newest answer is shown, and only while the box has the focus.
    if (asked !== this.asked || document.activeElement !== this.input) return;
    // A form that inserts the word as typed would add nothing.
    this.show((forms ?? []).filter((form) => form.insert !== word.text));
  }

  show(options) {
    this.options = options;
    this.list.replaceChildren(...options.map((form, index) => this.option(form, index)));
    this.list.hidden = !options.length;
    this.input.setAttribute("aria-expanded", String(options.length > 0));
    this.choose(options.length ? 0 : -1);
  }

  /** An option: the form's label, and what it is. */
  option({ label, detail, kind }, index) {
    const node = document.createElement("li");
    node.id = `${this.list.id}-${index}`;
    node.setAttribute("role", "option");
    node.className = kind;
    Object.assign(node.dataset, { testid: "query-completion", index, label, kind });
    const name = document.createElement("span");
    name.className = "label";
    name.textContent = label;
    const about = document.createElement("span");
    about.className = "detail";
    about.textContent = detail;
    node.append(name, about);
    return node;
  }

  /** Makes the option at `index` the one chosen (-1: none). */
  choose(index) {
    this.active = index;
    for (const [i, node] of [...this.list.children].entries()) {
      node.setAttribute("aria-selected", String(i === index));
    }
    const node = this.list.children[index];
    if (node) {
      this.input.setAttribute("aria-activedescendant", node.id);
      node.scrollIntoView({ block: "nearest" });
    } else {
      this.input.removeAttribute("aria-activedescendant");
    }
  }

  key(event) {
    // A key that composes a character (an input method's) is not the list's.
    if (event.isComposing) return;
    if (event.key === " " && event.ctrlKey) {
      event.preventDefault();
      this.offer(true);
      return;
    }
    const count = this.options.length;
    if (!count) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      this.choose((this.active + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if (event.key === "Enter" || event.key === "Tab") {
      this.take(this.active);
    } else if (event.key === "Escape") {
      // Not the search box's own Escape, which would empty it.
      this.close();
    } else {
      if (CURSOR_KEYS.has(event.key)) this.close();
      return;
    }
    event.preventDefault();
  }

  /** Inserts the option at `index` in place of the word begun before the cursor. */
  take(index) {
    const form = this.options[index];
    this.close();
    if (!form) return;
    const { from, to } = this.word();
    this.input.setRangeText(form.insert, from, to, "end");
    this.onInsert();
  }

  close() {
    this.asked += 1;
    if (!this.options.length) return;
    this.show([]);
  }
}
