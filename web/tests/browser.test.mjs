// The playground in a real browser: headless Chromium driven by puppeteer-core with real
// keystrokes and clicks, against the built page (run `bash web/build.sh` first):
//
//   node web/tests/browser.test.mjs        # or, in web/: npm test
//
// What it expects comes from the python-chess oracle data in tests/data/pgn (oracle.mjs),
// never from jaque. It prints each check and ends with "N passed, M failed"; it exits 1
// when one failed. No check is about time: waits end when the page shows what is expected
// (or fail after a generous limit, with what the page showed).

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import puppeteer from "puppeteer-core";
import {
  fenPieces,
  fixCases,
  gameCounts,
  mainlineMoves,
  pickCase,
  readData,
  splitGames,
  variationRecords,
} from "./oracle.mjs";
import { explorerChecks } from "./explorer.mjs";
import { readPng } from "./png.mjs";
import { queryChecks } from "./query.mjs";
import { serve } from "./serve.mjs";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));
const SCREENSHOT = fileURLToPath(new URL("screenshot.png", import.meta.url));
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const VIEWPORT = { width: 1280, height: 800 };
// Limits for waiting on the page; a wait that reaches one fails its check.
const WAIT_MS = 30_000;
const BIG_WAIT_MS = 100_000;
// The module's size the page's README promises to stay under ("under 1 MB").
const MODULE_BYTES = 1_000_000;
// The size of the large file: big enough that its check takes many steps of the worker.
const BIG_BYTES = 20 * 1024 * 1024;

// The fix kinds typed in, the code CONTRACT.md gives each, and where jaque's diagnostic
// stands on the oracle's place (the whole token written): at its start for a wrong token,
// inside it for a missing check or mate mark (ORACLE_DATA.md: "jaque's own diagnostic
// columns may point inside it"). The fixes show the exact span either way.
const KINDS = [
  { kind: "castling_zeros", code: "nonstandard_notation", at: "start" },
  { kind: "check_missing", code: "check_annotation", at: "inside" },
  { kind: "mate_missing", code: "check_annotation", at: "inside" },
  { kind: "ambiguous", code: "ambiguous_move", at: "start" },
  { kind: "illegal_one_candidate", code: "illegal_move", at: "start" },
];

const results = [];

async function check(name, body) {
  try {
    await body();
    results.push(true);
    console.log(`ok - ${name}`);
  } catch (error) {
    results.push(false);
    console.log(`FAIL - ${name}\n    ${String(error.stack ?? error).replace(/\n/g, "\n    ")}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function assertEqual(actual, expected, what) {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  assert(a === e, `${what}:\n      got      ${a}\n      expected ${e}`);
}

// The page, through what a user sees and does.

/** Waits until `predicate(arg)` holds in the page; fails saying `what` otherwise. */
async function waitFor(page, what, predicate, arg, timeout = WAIT_MS) {
  try {
    await page.waitForFunction(predicate, { timeout, polling: 50 }, arg);
  } catch (error) {
    throw new Error(`waiting for ${what}: ${error.message}; status "${await statusText(page)}"`);
  }
}

/** Waits for the page's first check to be shown (its module loads first). */
async function pageReady(page) {
  await page.waitForFunction(() => window.playground, { timeout: WAIT_MS });
  await page.evaluate(() => window.playground.ready);
}

/** Waits until the editor holds `text`. */
function waitForText(page, what, text) {
  return waitFor(page, what, (text) => window.playground.view.state.doc.toString() === text, text);
}

/** Waits until the page shows `fen`; fails with the FEN it shows otherwise. */
async function waitForFen(page, what, fen) {
  const shown = () => document.querySelector("[data-testid=fen]").textContent;
  try {
    await waitFor(
      page,
      what,
      (fen) => document.querySelector("[data-testid=fen]").textContent === fen,
      fen,
    );
  } catch (error) {
    throw new Error(
      `${error.message}\n      shown    ${await page.evaluate(shown)}\n      expected ${fen}`,
    );
  }
}

/** Waits until the status counts `games` games ("18,600 games, 3 errors, 0 warnings"). */
function waitForGames(page, games, timeout = WAIT_MS) {
  const counted = `${games.toLocaleString("en")} game${games === 1 ? "" : "s"},`;
  return waitFor(
    page,
    `the status "${counted}"`,
    (counted) => document.querySelector("[data-testid=status]").textContent.startsWith(counted),
    counted,
    timeout,
  );
}

const statusText = (page) => page.$eval("[data-testid=status]", (node) => node.textContent);
const docText = (page) => page.evaluate(() => window.playground.view.state.doc.toString());

/** Replaces the editor's text by typing it, key by key. */
async function typeText(page, text) {
  await page.focus(".cm-content");
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.type(text);
}

async function uploadFile(page, path) {
  const input = await page.$("[data-testid=open]");
  await input.uploadFile(path);
}

/** The diagnostics the page lists: [{line, column, code}]. */
function listed(page) {
  return page.$$eval("[data-testid=diagnostic]", (items) =>
    items.map(({ dataset }) => ({
      line: Number(dataset.line),
      column: Number(dataset.column),
      code: dataset.code,
    })),
  );
}

/** Whether the page lists a diagnostic for each place (a predicate run in the page). */
function placesListed(places) {
  const items = [...document.querySelectorAll("[data-testid=diagnostic]")].map(
    (node) => node.dataset,
  );
  return places.every((place) =>
    items.some(
      (item) =>
        item.code === place.code &&
        Number(item.line) === place.line &&
        Number(item.column) >= place.column &&
        Number(item.column) <= place.last,
    ),
  );
}

/** The screen box of offset `at` in the editor (the side after or before it), scrolled into view. */
async function screenBox(page, at, side) {
  const box = await page.evaluate(
    async (at, side) => {
      const { view } = window.playground;
      view.scrollDOM.scrollTop = view.lineBlockAt(at).top - view.scrollDOM.clientHeight / 3;
      // The editor measures and draws the lines scrolled to in the next frames.
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
      return view.coordsAtPos(at, side);
    },
    at,
    side,
  );
  assert(box, `no screen place for offset ${at}`);
  return box;
}

/** Clicks in the editor at UTF-16 offset `at`, just left of it (where a caret goes). */
async function clickAt(page, at) {
  const box = await screenBox(page, at, -1);
  await page.mouse.click(box.left - 1, (box.top + box.bottom) / 2);
}

/**
 * Clicks `selector` as `page.click` does, finding it again when the page redraws it between
 * finding and clicking (the diagnostics list is drawn again whenever a check ends): a
 * detached element is never clicked, so a retry clicks once.
 */
async function clickRedrawn(page, selector, tries = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.click(selector);
      return;
    } catch (error) {
      if (attempt >= tries || !String(error).includes("detached")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The board's pieces as "e4:P" strings, sorted, and its square count. */
function boardContents(page) {
  return page.$eval("[data-testid=board]", (svg) => ({
    squares: svg.querySelectorAll("rect[data-square]").length,
    pieces: [...svg.querySelectorAll("[data-piece]")]
      .map((p) => `${p.dataset.square}:${p.dataset.piece}`)
      .sort(),
  }));
}

/** The text of a file the browser saves, once it is there whole (it renames it then). */
async function savedFile(path) {
  for (let waited = 0; waited < WAIT_MS; waited += 50) {
    if (existsSync(path)) return readFileSync(path, "utf8");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no file saved at ${path}`);
}

// Texts built from the oracle.

/** `text` with `written` at line, column (in characters) replaced by `fixed`. */
function replaceAt(text, { line, column, written, fixed }) {
  const lines = text.split("\n");
  const characters = [...lines[line - 1]];
  const found = characters.slice(column - 1, column - 1 + [...written].length).join("");
  assert(
    found === written,
    `the text has "${found}" at ${line}:${column}, the oracle says "${written}"`,
  );
  characters.splice(column - 1, [...written].length, ...fixed);
  lines[line - 1] = characters.join("");
  return lines.join("\n");
}

/**
 * The chosen fix cases typed one after another (a blank line between): the text, and each
 * case's place moved to the text's lines.
 */
function typedCases(chosen) {
  let line = 1;
  const cases = chosen.map(({ kind, code, at, fixCase }) => {
    const shift = line - fixCase.input.firstLine;
    line += fixCase.input.text.split("\n").length; // its lines, and the blank line after
    const place = fixCase.places[0];
    const last = place.column + (at === "start" ? 0 : Math.max(0, [...place.written].length - 1));
    return {
      kind,
      fixCase,
      place: { ...place, line: place.line + shift },
      want: { code, line: place.line + shift, column: place.column, last },
    };
  });
  return { text: chosen.map(({ fixCase }) => fixCase.input.text).join("\n"), cases };
}

async function main() {
  const server = await serve(DIST);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--headless=new", "--disable-dev-shm-usage"],
  });
  const temporary = mkdtempSync(join(tmpdir(), "jaque-web-test-"));
  const foreign = [];
  const pageErrors = [];
  try {
    const page = await browser.newPage();
    await page.setViewport(VIEWPORT);
    await browser
      .defaultBrowserContext()
      .overridePermissions(origin, ["clipboard-read", "clipboard-write"]);
    page.on("request", (request) => {
      // data: and blob: URLs are the page's own bytes (CodeMirror's icons, a download).
      if (!/^(data|blob):/.test(request.url()) && !request.url().startsWith(origin))
        foreign.push(request.url());
    });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await runChecks(page, origin, temporary);
  } finally {
    await browser.close();
    server.close();
    rmSync(temporary, { recursive: true, force: true });
  }
  await check("nothing fetched from elsewhere, no error in the page", () => {
    assertEqual(foreign, [], "requests to other origins");
    assertEqual(pageErrors, [], "errors thrown in the page");
  });
}

async function runChecks(page, origin, temporary) {
  await check("jaque.wasm is under the 1 MB web/README.md promises", () => {
    const size = statSync(join(DIST, "jaque.wasm")).size;
    assert(size < MODULE_BYTES, `jaque.wasm is ${size} bytes, not under ${MODULE_BYTES}`);
    // The index's module, loaded only when an index is opened, is built beside it.
    assert(existsSync(join(DIST, "jaque-index.wasm")), "no jaque-index.wasm");
  });

  await check("the page loads and shows its first check", async () => {
    await page.goto(`${origin}/`);
    await pageReady(page);
    const status = await statusText(page);
    assert(/^[\d,]+ games?, /.test(status), `status: ${status}`);
  });

  const cases = fixCases();
  const chosen = KINDS.map((kind) => ({ ...kind, fixCase: pickCase(cases, kind.kind) }));
  const typed = typedCases(chosen);

  await check(
    `typed games of ${KINDS.length} fix kinds: a diagnostic listed at each oracle place`,
    async () => {
      await typeText(page, typed.text);
      assertEqual(await docText(page), typed.text, "the text typed");
      const wants = typed.cases.map((c) => c.want);
      try {
        await waitFor(page, "the diagnostics at the oracle places", placesListed, wants);
      } catch (error) {
        throw new Error(
          `${error.message}\n      wanted ${JSON.stringify(wants)}\n      listed ${JSON.stringify(await listed(page))}`,
        );
      }
    },
  );

  const byKind = Object.fromEntries(typed.cases.map((c) => [c.kind, c]));
  let expectedText = typed.text;

  await check(
    "a quick fix from the diagnostics list writes the oracle's text, nothing else",
    async () => {
      const { place, want } = byKind.castling_zeros;
      const item = `[data-testid=diagnostic][data-line="${want.line}"][data-column="${want.column}"][data-code="${want.code}"]`;
      await clickRedrawn(page, `${item} button.fix.certain`);
      expectedText = replaceAt(expectedText, place);
      await waitForText(page, "the text fixed", expectedText);
    },
  );

  await check(
    "a quick fix from the lint tooltip writes the oracle's text, nothing else",
    async () => {
      const { place, want } = byKind.check_missing;
      await waitFor(page, "the list of the fixed text", placesListed, [want]);
      // The mouse goes where the page lists the diagnostic, as a user's would.
      const item = (await listed(page)).find(
        (d) =>
          d.code === want.code &&
          d.line === want.line &&
          d.column >= want.column &&
          d.column <= want.last,
      );
      const at = await page.evaluate(({ line, column }) => {
        const { from, text } = window.playground.view.state.doc.line(line);
        return from + [...text].slice(0, column - 1).join("").length;
      }, item);
      const box = await screenBox(page, at, 1);
      expectedText = replaceAt(expectedText, place);
      // A click on the tooltip's button can land as the tooltip closes (it follows the
      // mouse and the redrawn diagnostics): then the text is unchanged, and the user's
      // next hover and click is what this does, twice at most, saying so.
      const action = ".cm-tooltip-lint .cm-diagnosticAction.certain";
      const fixed = (text) => window.playground.view.state.doc.toString() === text;
      for (let attempt = 1; ; attempt++) {
        await page.mouse.move(box.left + 2, (box.top + box.bottom) / 2);
        // No tooltip on a later attempt: the earlier click's fix came late; judged below.
        const shown = await page
          .waitForSelector(action, { timeout: attempt === 1 ? WAIT_MS : 5_000 })
          .then(() => true, () => false);
        if (shown) await clickRedrawn(page, action);
        const ok = await page
          .waitForFunction(fixed, { timeout: 10_000, polling: 50 }, expectedText)
          .then(() => true, () => false);
        await page.mouse.move(0, 0);
        if (ok) break;
        if (attempt >= 3 || !shown) {
          await waitForText(page, "the text fixed", expectedText);
          break;
        }
        console.log(`  (the tooltip's quick fix clicked again: attempt ${attempt + 1})`);
      }
    },
  );

  await check("Fix all gives fix_expected.pgn's games; Download saves them", async () => {
    await waitFor(page, "the list of the fixed text", placesListed, [byKind.mate_missing.want]);
    await page.click("[data-testid=fix-all]");
    const want = chosen.map(({ fixCase }) => fixCase.expected.text).join("\n");
    await waitForText(page, "the text fixed", want);
    const cdp = await page.createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: temporary });
    await page.click("[data-testid=download]");
    assertEqual(await savedFile(join(temporary, "games.pgn")), want, "the file saved");
  });

  await check(
    "the FEN at the cursor is python-chess's, and the board shows its pieces",
    async () => {
      const records = variationRecords();
      // A game from a [FEN] and one from the start, each with variations and comments.
      const picks = [
        records.find((r) => r.text.includes("[FEN ") && r.text.includes("(") && r.fens.length >= 6),
        records.find(
          (r) =>
            !r.text.includes("[FEN ") &&
            r.text.includes("(") &&
            r.text.includes("{") &&
            r.fens.length >= 12,
        ),
      ];
      for (const record of picks) {
        const path = join(temporary, `variations-${record.game}.pgn`);
        writeFileSync(path, record.text);
        await uploadFile(page, path);
        await waitForText(page, "the game opened", record.text);
        const moves = mainlineMoves(record.text);
        assertEqual(moves.length, record.fens.length, `game ${record.game}: mainline moves found`);
        for (const k of new Set([1, Math.ceil(moves.length / 2), moves.length])) {
          const fen = record.fens[k - 1];
          // Right after the move (the board shows the move just played) ...
          await clickAt(page, moves[k - 1].to);
          await waitForFen(page, `game ${record.game} move ${k}`, fen);
          assertEqual(
            (await boardContents(page)).pieces,
            fenPieces(fen),
            `game ${record.game} move ${k}: the board`,
          );
          // ... and one step on, where the next move would be typed.
          await page.keyboard.press("ArrowRight");
          await waitForFen(page, `game ${record.game} after move ${k}`, fen);
        }
      }
    },
  );

  await check("Format writes the export format (fmt_expected.pgn's tags and moves)", async () => {
    const input = splitGames(readData("fmt_input.pgn"))[0].text;
    const want = splitGames(readData("fmt_expected.pgn"))[0].text;
    const path = join(temporary, "sloppy.pgn");
    writeFileSync(path, input);
    await uploadFile(page, path);
    await waitForText(page, "the game opened", input);
    await page.click("[data-testid=format]");
    await waitFor(
      page,
      "the text formatted",
      (text) => window.playground.view.state.doc.toString() !== text,
      input,
    );
    const got = await docText(page);
    // Line breaks and the spaces inside parentheses are each writer's own (tests/library/fmt.rs).
    const words = (text) =>
      text
        .split("\n")
        .filter((l) => !l.startsWith("["))
        .join(" ")
        .replace(/[()]/g, " $& ")
        .split(/\s+/)
        .filter(Boolean);
    const tags = (text) => text.split("\n").filter((l) => l.startsWith("["));
    // The roster in its order; the tags after it jaque writes in ASCII order, as the PGN
    // standard's export format asks, python-chess in the order it read them.
    assertEqual(tags(got).slice(0, 7), tags(want).slice(0, 7), "the seven tag roster");
    assertEqual(tags(got).sort(), tags(want).sort(), "the tag pairs");
    assertEqual(words(got), words(want), "movetext words");
  });

  await check("completion offers the legal moves; Enter takes Nf3", async () => {
    await typeText(page, "1. e4 e5 2. Nf");
    await page.waitForSelector(".cm-tooltip-autocomplete li", { timeout: WAIT_MS });
    const offered = await page.$$eval(".cm-tooltip-autocomplete li .cm-completionLabel", (labels) =>
      labels.map((l) => l.textContent),
    );
    // After 1. e4 e5 the only knight move to the f file is g1-f3.
    assertEqual(offered, ["Nf3"], "the moves offered");
    // A user reads the list before taking a move; CodeMirror ignores Enter for the list's
    // first 75 ms (its interactionDelay), lest a key meant for the text take a move.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await page.keyboard.press("Enter");
    assertEqual(await docText(page), "1. e4 e5 2. Nf3", "the text");
  });

  await check("Copy link puts the text in the URL; the link opens it again", async () => {
    const text = await docText(page);
    await page.click("[data-testid=copy-link]");
    await waitFor(page, "a link", () => location.hash.length > 1);
    await page.reload();
    await pageReady(page);
    assertEqual(await docText(page), text, "the text of the link");
  });

  await check(
    "a 20 MB file: a key typed during its check is taken at once; every game counted",
    async () => {
      const counts = gameCounts();
      const variations = readData("variations.pgn");
      // generated.pgn ends inside a comment that never closes: it goes last, once.
      const generated = readData("generated.pgn");
      const copies = Math.ceil((BIG_BYTES - generated.length) / (variations.length + 1));
      const text = `${`${variations}\n`.repeat(copies)}${generated}`;
      const games = copies * counts["variations.pgn"] + counts["generated.pgn"];
      const path = join(temporary, "big.pgn");
      writeFileSync(path, text);
      await uploadFile(page, path);
      await waitFor(
        page,
        "the check under way",
        (length) => {
          const progress = document.querySelector("[data-testid=progress]");
          return (
            window.playground.view.state.doc.length === length &&
            !progress.hidden &&
            progress.value < 100
          );
        },
        text.length,
        BIG_WAIT_MS,
      );
      await page.focus(".cm-content");
      await page.keyboard.press("End");
      await page.keyboard.type(" ");
      const seen = await page.evaluate(() => {
        const progress = document.querySelector("[data-testid=progress]");
        return {
          typed: window.playground.view.state.doc.line(1).text.endsWith("] "),
          checking: !progress.hidden && (!progress.hasAttribute("value") || progress.value < 100),
          status: document.querySelector("[data-testid=status]").textContent,
        };
      });
      assert(seen.typed, "the key typed is not in the text");
      assert(
        seen.checking && seen.status.startsWith("checking"),
        `the check is over before the key: ${JSON.stringify(seen)}`,
      );
      await waitForGames(page, games, BIG_WAIT_MS);
      assert(await page.$eval("[data-testid=progress]", (p) => p.hidden), "the progress bar stays");
    },
  );

  await check("a file dropped on the page is opened", async () => {
    const text = fixCases()[0].input.text;
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "dropped.pgn"));
      for (const type of ["dragover", "drop"]) {
        document.body.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    }, text);
    await waitForText(page, "the file's text", text);
  });

  await check("a .pgn.gz file is read (gzip told by its bytes)", async () => {
    const text = readData("variations.pgn");
    const path = join(temporary, "variations.pgn.gz");
    writeFileSync(path, gzipSync(text));
    await uploadFile(page, path);
    await waitForText(page, "the file's text", text);
    await waitForGames(page, gameCounts()["variations.pgn"]);
  });

  // The editor holds variations.pgn (the check above).
  await queryChecks(page, { check, assert, assertEqual, waitFor });

  await check("a file of UTF-8 and Latin-1 games, CRLF, reads as jaque reads it", async () => {
    const games = ["Réti", "Nimzowitsch"].map(
      (white) => `[White "${white}"]\n[Black "Müller"]\n\n1. e4 {à bientôt} e5 2. Ke3 *\n`,
    );
    // Lines ended by CRLF; the second game in Latin-1: one byte for é, ü, à (each of them
    // is in Latin-1).
    const crlf = (text) => text.replace(/\n/g, "\r\n");
    const bytes = Buffer.concat([
      Buffer.from(crlf(`${games[0]}\n`), "utf8"),
      Buffer.from(crlf(games[1]), "latin1"),
    ]);
    const path = join(temporary, "mixed.pgn");
    writeFileSync(path, bytes);
    await uploadFile(page, path);
    await waitForText(page, "both games in their own encodings", `${games[0]}\n${games[1]}`);
    await waitForGames(page, 2);
    // The king's move is illegal in both: the editor underlines exactly it, twice.
    await waitFor(
      page,
      "Ke3 underlined, and only Ke3, in both games",
      () =>
        [...document.querySelectorAll(".cm-lintRange-error")]
          .map((node) => node.textContent)
          .join(",") === "Ke3,Ke3",
    );
  });

  await check("a file that is no text is refused with the reason, in the status", async () => {
    const path = join(temporary, "binary.pgn");
    writeFileSync(path, Buffer.from([0, 0, 1, 2, 3, 0x50, 0x4b, 0, 0, 0xff]));
    await uploadFile(page, path);
    await waitFor(page, "the status saying why", () =>
      document
        .querySelector("[data-testid=status]")
        .textContent.startsWith("cannot check the text: the text has no games: the input is not text"),
    );
  });

  await explorerChecks(page, { check, assertEqual, waitFor, typeText });

  await check("screenshot at 1280x800: the board drawn with the start position", async () => {
    await typeText(page, "1. ");
    await waitForGames(page, 1);
    await waitFor(
      page,
      "the start position",
      () => document.querySelectorAll("[data-testid=board] [data-piece]").length === 32,
    );
    await page.mouse.move(0, 0);
    const board = await boardContents(page);
    assertEqual(board.squares, 64, "squares drawn");
    assertEqual(
      board.pieces,
      fenPieces("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
      "pieces drawn",
    );
    await page.screenshot({ path: SCREENSHOT });
    const png = readPng(readFileSync(SCREENSHOT));
    assertEqual([png.width, png.height], [VIEWPORT.width, VIEWPORT.height], "screenshot size");
    await assertBoardPixels(page, png);
  });
}

/**
 * The screenshot's pixels where the board is: the light squares one colour, the dark ones
 * another, each white piece's body a third and each black piece's a fourth.
 */
async function assertBoardPixels(page, png) {
  const squares = await page.$$eval("[data-testid=board] rect[data-square]", (rects) =>
    rects.map((rect) => {
      const box = rect.getBoundingClientRect();
      return { square: rect.dataset.square, x: box.x, y: box.y, size: box.width };
    }),
  );
  const colour = (x, y) => png.pixel(Math.round(x), Math.round(y)).join(",");
  const sets = { light: new Set(), dark: new Set(), white: new Set(), black: new Set() };
  for (const { square, x, y, size } of squares) {
    const light = ("abcdefgh".indexOf(square[0]) + Number(square[1])) % 2 === 1;
    // A top right corner has no label; a piece's body is low in the middle of its square.
    sets[light ? "light" : "dark"].add(colour(x + size - 4, y + 4));
    const rank = square[1];
    if (rank === "1" || rank === "2") sets.white.add(colour(x + size / 2, y + size * 0.7));
    if (rank === "7" || rank === "8") sets.black.add(colour(x + size / 2, y + size * 0.7));
  }
  for (const [name, set] of Object.entries(sets))
    assertEqual(set.size, 1, `colours of the ${name} parts`);
  const all = new Set(Object.values(sets).map((set) => [...set][0]));
  assertEqual(all.size, 4, "four different colours");
}

await main();
const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
