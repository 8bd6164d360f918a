// The playground's speed in a real Chromium, for tools/bench_web.py (which writes
// BENCHMARKS.md): prints one JSON object.
//
//   node web/tests/bench.mjs --pgn FILE --jaque BINARY [--rounds N]
//
// - ready: milliseconds from navigation to the first check shown (the `jaque:ready` mark
//   of Chromium's performance timeline), each load in a fresh browser context.
// - check: FILE checked by the page's worker (`playground.check`, the text posted, checked
//   in steps and the diagnostics posted back), against `BINARY check --jobs 1 FILE` as a
//   whole process, in turns: [page ms, native ms] a round.
// - keystroke: in a document of FILE's first games (about 1 MB), a key typed at its end,
//   to the `jaque:shown` mark of its diagnostics.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";
import { serve } from "./serve.mjs";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const DOCUMENT_BYTES = 1 << 20;

const { values } = parseArgs({
  options: { pgn: { type: "string" }, jaque: { type: "string" }, rounds: { type: "string" } },
});
const rounds = Number(values.rounds ?? 5);
const text = readFileSync(values.pgn, "utf8");

const root = resolve(fileURLToPath(new URL("../dist", import.meta.url)));
const server = await serve(root);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--headless=new", "--disable-dev-shm-usage"],
});

try {
  const result = { ready: [], check: [], keystroke: [] };
  for (let round = 0; round < rounds; round += 1) {
    result.ready.push(await readyTime());
  }
  const page = await open();
  for (let round = 0; round < rounds; round += 1) {
    // In turns, the order swapped from round to round.
    const pair = round % 2 === 0 ? [pageCheck, nativeCheck] : [nativeCheck, pageCheck];
    const times = {};
    for (const run of pair) times[run.name] = await run(page);
    result.check.push([times.pageCheck, times.nativeCheck]);
  }
  result.keystroke = await keystrokes(page, rounds);
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  server.close();
}

/** A fresh context's page, loaded, its first check shown. */
async function open() {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(url);
  await page.waitForFunction(() => window.playground);
  await page.evaluate(() => window.playground.ready);
  return page;
}

/** Navigation to the first check shown, in a fresh context (nothing cached). */
async function readyTime() {
  const page = await open();
  const ready = await page.evaluate(() => performance.getEntriesByName("jaque:ready")[0].startTime);
  await page.browserContext().close();
  return ready;
}

/** The worker's check of the file, from the page's call to the diagnostics received. */
async function pageCheck(page) {
  return page.evaluate(async (text) => {
    const began = performance.now();
    const result = await window.playground.check(text);
    if (!result?.summary) throw new Error(`no summary: ${JSON.stringify(result?.error)}`);
    return performance.now() - began;
  }, text);
}

/** `jaque check --jobs 1 FILE` as a whole process. */
async function nativeCheck() {
  const began = performance.now();
  const run = spawnSync(values.jaque, ["check", "--jobs", "1", "--no-progress", values.pgn], {
    stdio: ["ignore", "ignore", "ignore"],
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`jaque check: ${run.status}`);
  return performance.now() - began;
}

/** A key typed at the end of a 1 MB document, to its diagnostics shown, `count` times. */
async function keystrokes(page, count) {
  const cut = text.indexOf("\n[", DOCUMENT_BYTES);
  const document = cut < 0 ? text : text.slice(0, cut + 1);
  await page.evaluate((document) => {
    const { view } = window.playground;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: document } });
    view.dispatch({ selection: { anchor: view.state.doc.length } });
    view.focus();
  }, document);
  await settle(page);
  const times = [];
  for (let i = 0; i < count; i += 1) {
    // The key's own time, as the page received it.
    const before = await page.evaluate(() => {
      window.typedAt = null;
      const note = (event) => (window.typedAt = event.timeStamp);
      addEventListener("keydown", note, { once: true, capture: true });
      return performance.getEntriesByName("jaque:shown").length;
    });
    await page.keyboard.type(i % 2 === 0 ? " " : "\n");
    await page.waitForFunction(
      (before) => performance.getEntriesByName("jaque:shown").length > before,
      {},
      before,
    );
    const shown = await page.evaluate(
      () => performance.getEntriesByName("jaque:shown").at(-1).startTime - window.typedAt,
    );
    times.push(shown);
    await settle(page);
  }
  return { bytes: Buffer.byteLength(document), times };
}

/** Waits until no check is under way (the status says no "checking"). */
async function settle(page) {
  await page.waitForFunction(
    () => !document.querySelector("[data-testid=status]")?.textContent.includes("checking"),
  );
  await new Promise((done) => setTimeout(done, 200));
}
