// The opening explorer of the playground in the browser test (browser.test.mjs runs these on
// its page): the position index tests/index/games.index (made by `jaque index` from
// tests/index/games.pgn, see tests/index/README.md) opened, and the tree under the board
// checked against counts worked out by hand from that PGN, at the start and after 1. e4.

import { fileURLToPath } from "node:url";

const INDEX = fileURLToPath(new URL("index/games.index", import.meta.url));
const PGN = fileURLToPath(new URL("index/games.pgn", import.meta.url));

// By hand, from games.pgn's five games (1. e4 e5 2. Nf3 Nc6 1-0; 1. e4 c5 2. Nf3 0-1;
// 1. e4 e5 2. Bc4 1/2-1/2; 1. d4 d5 1-0; 1. d4 Nf6 *): White won 2 of 5, drew 1, lost 1.
const START = {
  status: "5 games: white 40%, draws 20%, black 20%",
  moves: [
    ["e4", "3", "e2e4: white 33%, draws 33%, black 33%, average rating 1975"],
    ["d4", "2", "d2d4: white 50%, draws 0%, black 0%"],
  ],
};
const AFTER_E4 = {
  status: "3 games: white 33%, draws 33%, black 33%",
  moves: [
    ["e5", "2", "e7e5: white 50%, draws 50%, black 0%, average rating 2100"],
    ["c5", "1", "c7c5: white 0%, draws 0%, black 100%, average rating 1850"],
  ],
};

/** The checks, on `page`; the test's helpers given. */
export async function explorerChecks(page, { check, assertEqual, waitFor, typeText }) {
  await check("a file that is no index is refused as an index, with the reason", async () => {
    await openIndex(page, PGN);
    await waitFor(page, "the explorer saying why", () =>
      document
        .querySelector("[data-testid=explorer-status]")
        .textContent.startsWith("cannot read games.pgn as an index: "),
    );
  });

  await check("an index opened: the board's tree, at the start and after 1. e4", async () => {
    await openIndex(page, INDEX);
    await typeText(page, "1. ");
    await waitForTree(page, waitFor, START.status);
    assertEqual(await treeShown(page), START, "the tree at the start");
    await page.keyboard.type("e4 ");
    await waitForTree(page, waitFor, AFTER_E4.status);
    assertEqual(await treeShown(page), AFTER_E4, "the tree after 1. e4");
    // A position no game of the index reached (with a piece taken: the board the next check
    // waits for, the start's 32 pieces, is not this one).
    await page.keyboard.type("d5 2. exd5 ");
    await waitForTree(page, waitFor, "no game of the index reaches this position");
    assertEqual((await treeShown(page)).moves, [], "no moves");
  });
}

async function openIndex(page, path) {
  const input = await page.$("[data-testid=open-index]");
  await input.uploadFile(path);
}

function waitForTree(page, waitFor, status) {
  return waitFor(
    page,
    `the explorer's status "${status}"`,
    (status) => document.querySelector("[data-testid=explorer-status]").textContent === status,
    status,
  );
}

/** The explorer's status and its rows: [san, games, the row's title]. */
function treeShown(page) {
  return page.evaluate(() => ({
    status: document.querySelector("[data-testid=explorer-status]").textContent,
    moves: [...document.querySelectorAll("[data-testid=explorer-move]")].map((row) => [
      row.querySelector(".san").textContent,
      row.querySelector(".games").textContent,
      row.title,
    ]),
  }));
}
