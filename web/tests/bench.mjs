// The playground's speed in a real Chromium, for tools/bench/bench_web.py (which writes
// BENCHMARKS.md): prints one JSON object.
//
//   node web/tests/bench.mjs --pgn FILE --jaque BINARY [--rounds N]
//
// - ready: milliseconds from navigation to the first check shown (the `jaque:ready` mark
//   of Chromium's performance timeline), each load in a fresh browser context.
// - check: FILE checked in the page's worker (`playground.check`: the file handed to the
//   worker as an opened file is, read and checked there in steps, its diagnostics parsed in
//   the page) and FILE opened in the page (`playground.open`, as a file chosen or dropped,
//   to its text in the editor and its diagnostics shown: the `jaque:shown` mark), against
//   `BINARY check --jobs 1 FILE` as a whole process, in turns: [worker ms, page ms, native
//   ms] a round, after `warm_up` rounds not counted.
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
const WARM_UP = 2;

const { values } = parseArgs({
  options: { pgn: { type: "string" }, jaque: { type: "string" }, rounds: { type: "string" } },
});
const rounds = Number(values.rounds ?? 5);
const raw = readFileSync(values.pgn);
// The file's bytes, one character each, for the page to make the file of (not its UTF-8
// reading: the real files mix encodings, and the page reads them as they are).
const bytes = raw.toString("latin1");
const text = raw.toString("utf8");

const root = resolve(fileURLToPath(new URL("../dist", import.meta.url)));
const server = await serve(root);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--headless=new", "--disable-dev-shm-usage"],
});

try {
  const result = { ready: [], check: [], keystroke: [], warm_up: WARM_UP };
  for (let round = 0; round < rounds; round += 1) {
    result.ready.push(await readyTime());
  }
  const page = await open();
  // Rounds in turns, the order swapped from round to round; the first WARM_UP rounds are
  // not counted (the browser compiles the module's busiest functions again, optimised,
  // while they run: the first checks run the quickly compiled code).
  for (let round = 0; round < WARM_UP + rounds; round += 1) {
    const runs = [workerCheck, pageOpen, nativeCheck];
    const times = {};
    for (const run of round % 2 === 0 ? runs : runs.reverse()) {
      await emptied(page);
      times[run.name] = await run(page);
    }
    if (round >= WARM_UP) result.check.push([times.workerCheck, times.pageOpen, times.nativeCheck]);
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

/** The file checked by the page's worker, to its diagnostics parsed in the page. */
async function workerCheck(page) {
  return page.evaluate(async (bytes) => {
    const file = new File([Uint8Array.from(bytes, (c) => c.charCodeAt(0))], "R.pgn");
    const began = performance.now();
    const result = await window.playground.check(file);
    if (!result?.summary) throw new Error(`no summary: ${JSON.stringify(result?.error)}`);
    return performance.now() - began;
  }, bytes);
}

/** The file opened in the page, to its diagnostics shown. */
async function pageOpen(page) {
  return page.evaluate(async (bytes) => {
    // The file, as the page would be given it (made before the clock starts).
    const file = new File([Uint8Array.from(bytes, (c) => c.charCodeAt(0))], "R.pgn");
    const shown = new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        const mark = list.getEntriesByName("jaque:shown")[0];
        if (mark) {
          observer.disconnect();
          resolve(mark.startTime);
        }
      });
      observer.observe({ type: "mark" });
    });
    const began = performance.now();
    await window.playground.open(file);
    const status = document.querySelector("[data-testid=status]").textContent;
    const ended = await shown;
    if (!/games?,/.test(document.querySelector("[data-testid=status]").textContent)) {
      throw new Error(`no summary: ${status}`);
    }
    return ended - began;
  }, bytes);
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

/**
 * The editor emptied, its check shown and the page at rest: no run pays for the one before
 * (the worker's check gives the worker the editor's text again, checked anew).
 */
async function emptied(page) {
  const before = await page.evaluate(() => {
    const { view } = window.playground;
    const marks = performance.getEntriesByName("jaque:shown").length;
    if (view.state.doc.length > 0) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: "" } });
      return marks;
    }
    return marks - 1;
  });
  await page.waitForFunction(
    (before) => performance.getEntriesByName("jaque:shown").length > before,
    {},
    before,
  );
  await settle(page);
}

/** Waits until no check is under way (the status says no "checking"). */
async function settle(page) {
  await page.waitForFunction(
    () => !document.querySelector("[data-testid=status]")?.textContent.includes("checking"),
  );
  await new Promise((done) => setTimeout(done, 200));
}
