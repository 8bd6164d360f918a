// The query box of the playground in the browser test (browser.test.mjs runs these on its
// page): the games listed are those python-chess's query oracle matches
// (tests/data/query/expect.jsonl, written by tools/gen/gen_query_oracle.py), a click goes to
// one, and a query's error is shown under the box where it is.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readData, splitGames } from "./oracle.mjs";

/** The checks, on `page`, whose editor holds variations.pgn; the test's helpers given. */
export async function queryChecks(page, { check, assert, assertEqual, waitFor }) {
  await check(
    "the query box lists the games python-chess's oracle matches; a click goes to one",
    async () => {
      const games = splitGames(readData("variations.pgn"));
      const query = "promote [Nn]";
      const want = queryMatches(query, "pgn/variations.pgn");
      assert(want.length > 1, `the oracle matches games with ${query}`);
      await page.click("[data-testid=query]");
      await page.keyboard.type(query);
      const counted = `${want.length} of ${games.length} games match`;
      await waitFor(
        page,
        `the query status "${counted}"`,
        (counted) => document.querySelector("[data-testid=query-status]").textContent === counted,
        counted,
      );
      const listed = await page.$$eval("[data-testid=query-game]", (items) =>
        items.map((item) => Number(item.dataset.game)),
      );
      assertEqual(listed, want, "the games listed");
      const lines = await page.$$eval("[data-testid=query-game]", (items) =>
        items.map((item) => Number(item.dataset.line)),
      );
      assertEqual(lines, want.map((game) => games[game].firstLine), "their first lines");
      // The second game listed: the cursor goes to its first line.
      await page.click("[data-testid=query-game]:nth-child(2) button");
      const line = await page.evaluate(() => {
        const { state } = window.playground.view;
        return state.doc.lineAt(state.selection.main.head).number;
      });
      assertEqual(line, games[want[1]].firstLine, "the line of the cursor");
    },
  );

  await check("a query's error is shown under the box, where it is, with no games", async () => {
    await page.click("[data-testid=query]", { clickCount: 3 });
    // CONTRACT.md: two conditions side by side are an error; the second starts at column 7.
    await page.keyboard.type("check mate");
    await waitFor(page, "the query's error", () =>
      document.querySelector("[data-testid=query-problem]"),
    );
    const shown = await page.$eval("[data-testid=query-problem]", (item) => ({
      ...item.dataset,
      text: item.textContent,
    }));
    assertEqual([shown.line, shown.column, shown.code], ["1", "7", "bad_query"], "its place");
    assert(shown.text.includes("check mate\n      ^^^^"), `the underline: ${shown.text}`);
    assert(shown.text.includes("help: join them with `and`"), `the help: ${shown.text}`);
    assertEqual(await page.$$eval("[data-testid=query-game]", (items) => items.length), 0, "games");
    await page.click("[data-testid=query]", { clickCount: 3 });
    await page.keyboard.press("Backspace");
    await waitFor(page, "the query cleared", () =>
      document.querySelector("[data-testid=query-status]").textContent === "",
    );
  });

  await check(
    "the query box completes: a name let defines, then count( for co, Escape closes",
    async () => {
      await page.click("[data-testid=query]", { clickCount: 3 });
      await page.keyboard.press("Backspace");
      // docs/query.md: `let NAME = EXPR` names what follows (up to an optional `;`).
      await page.keyboard.type("let knight = n; flipcolor kn");
      await offers(page, waitFor, ["knight"]);
      const detail = await page.$eval("[data-testid=query-completion]", (n) => n.textContent);
      assert(detail.includes("let knight = n"), `the name's definition shown: ${detail}`);
      await page.keyboard.press("Enter");
      assertEqual(await queryText(page), "let knight = n; flipcolor knight", "the name taken");
      assert(await listHidden(page), "the list is closed after the name is taken");
      // `count(SET)`: the one word of the language that starts with `co`, as a form first.
      await page.keyboard.type(" and co");
      await offers(page, waitFor, ["count(", "count"]);
      assertEqual(await chosen(page), "count(", "the first option chosen");
      await page.keyboard.press("ArrowDown");
      assertEqual(await chosen(page), "count", "ArrowDown chooses the next");
      await page.keyboard.press("ArrowUp");
      assertEqual(await chosen(page), "count(", "ArrowUp the one before");
      await page.keyboard.press("Tab");
      const counted = "let knight = n; flipcolor knight and count(";
      assertEqual(await queryText(page), counted, "count( taken with Tab");
      // Escape closes the list and leaves the text as it is (a search box would empty it).
      await page.keyboard.type("kn");
      await offers(page, waitFor, ["knight"]);
      await page.keyboard.press("Escape");
      assert(await listHidden(page), "Escape closes the list");
      assertEqual(await queryText(page), `${counted}kn`, "the text after Escape");
      await page.click("[data-testid=query]", { clickCount: 3 });
      await page.keyboard.press("Backspace");
      await waitFor(page, "the query cleared", () =>
        document.querySelector("[data-testid=query-status]").textContent === "",
      );
    },
  );
}

const queryText = (page) => page.$eval("[data-testid=query]", (input) => input.value);
const listHidden = (page) => page.$eval("[data-testid=query-completions]", (list) => list.hidden);

/** The label of the option the box names as chosen (aria-activedescendant). */
function chosen(page) {
  return page.evaluate(() => {
    const id = document.querySelector("[data-testid=query]").getAttribute("aria-activedescendant");
    return document.getElementById(id)?.dataset.label;
  });
}

/** Waits (with the test's `waitFor`) until the list under the box offers `labels`, in order. */
function offers(page, waitFor, labels) {
  return waitFor(
    page,
    `${JSON.stringify(labels)} offered`,
    (want) =>
      !document.querySelector("[data-testid=query-completions]").hidden &&
      [...document.querySelectorAll("[data-testid=query-completion]")]
        .map((item) => item.dataset.label)
        .join("\n") === want.join("\n"),
    labels,
  );
}

/**
 * The games (0-based) python-chess's oracle (tests/data/query/expect.jsonl, written by
 * tools/gen/gen_query_oracle.py) matches with `query` in `file`.
 */
function queryMatches(query, file) {
  const path = fileURLToPath(new URL("../../tests/data/query/expect.jsonl", import.meta.url));
  const cases = readFileSync(path, "utf8").split("\n").slice(1).filter((line) => line !== "");
  const found = cases
    .map((line) => JSON.parse(line))
    .find((c) => c.query === query && c.file === file);
  if (!found) throw new Error(`the oracle has no ${query} on ${file}`);
  return found.matches.map(([game]) => game);
}

