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

