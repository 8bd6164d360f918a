// What the browser test expects, read from the vendored python-chess oracle data in
// tests/data/pgn (never from jaque): the fix cases (fix_input.pgn, fix_expected.pgn,
// fix.expect.jsonl), the game records (variations.pgn, record.expect.jsonl) and the game
// counts of the files. tests/data/ORACLE_DATA.md describes the files.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const DATA = fileURLToPath(new URL("../../tests/data/pgn/", import.meta.url));

export function readData(name) {
  return readFileSync(DATA + name, "utf8").replace(/^\uFEFF/, "");
}

function jsonLines(name) {
  return readData(name)
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

/**
 * The games of a file written by the generators, each starting at a tag pair that opens
 * the file or follows a blank line: {firstLine (1-based, in the file), text (its lines,
 * the blank lines after it dropped, LF)}.
 */
export function splitGames(text) {
  const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  const opens = (line, index) => line.startsWith("[") && (index === 0 || lines[index - 1] === "");
  const starts = lines.flatMap((line, index) => (opens(line, index) ? [index] : []));
  return starts.map((start, game) => {
    let end = starts[game + 1] ?? lines.length;
    while (end > start && lines[end - 1] === "") end -= 1;
    return { firstLine: start + 1, text: `${lines.slice(start, end).join("\n")}\n` };
  });
}

/**
 * The fix cases: per game of fix_input.pgn its oracle line (kind, places...), its text, and
 * its text in fix_expected.pgn; `crlf` holds the games written with CRLF line ends.
 */
export function fixCases() {
  const [header, ...games] = jsonLines("fix.expect.jsonl");
  const input = splitGames(readData("fix_input.pgn"));
  const expected = splitGames(readData("fix_expected.pgn"));
  if (input.length !== header.games || expected.length !== header.games) {
    throw new Error(
      `fix files: ${input.length} and ${expected.length} games, the header says ${header.games}`,
    );
  }
  const crlf = new Set(header.surroundings.crlf);
  return games.map((oracle) => ({
    ...oracle,
    crlf: crlf.has(oracle.game),
    input: input[oracle.game],
    expected: expected[oracle.game],
  }));
}

/**
 * How wide the characters before a game's place on its line are: 2 when one lies beyond
 * the BMP (one column, two UTF-16 units), 1 when one is beyond ASCII (one column, more than
 * one byte), else 0.
 */
function widthBefore(fixCase) {
  const place = fixCase.places[0];
  const line = fixCase.input.text.split("\n")[place.line - fixCase.input.firstLine];
  const before = [...line].slice(0, place.column - 1).map((c) => c.codePointAt(0));
  if (before.some((code) => code > 0xffff)) return 2;
  return before.some((code) => code > 0x7f) ? 1 : 0;
}

/**
 * The game of `kind` to type: one place, LF line ends; the widest characters before the
 * place (widthBefore), then the shortest.
 */
export function pickCase(cases, kind) {
  const candidates = cases.filter((c) => c.kind === kind && !c.crlf && c.places.length === 1);
  const length = (c) => c.input.text.length;
  candidates.sort((a, b) => widthBefore(b) - widthBefore(a) || length(a) - length(b));
  if (!candidates.length) throw new Error(`no fix case of kind ${kind}`);
  return candidates[0];
}

/** The game records of variations.pgn: [{game, text, fens}] (fens: after each mainline move). */
export function variationRecords() {
  const texts = splitGames(readData("variations.pgn"));
  return jsonLines("record.expect.jsonl")
    .slice(1)
    .filter((record) => record.file === "variations.pgn")
    .map((record) => ({ game: record.game, text: texts[record.game].text, fens: record.fens }));
}

/** python-chess's game count of each file (record.expect.jsonl's header). */
export function gameCounts() {
  const [header] = jsonLines("record.expect.jsonl");
  return Object.fromEntries(
    Object.entries(header.files).map(([file, facts]) => [file, facts.games]),
  );
}

/**
 * Where each mainline move's SAN stands in a game's text: [{from, to}] in UTF-16 offsets.
 * Comments, tag pairs, variations, NAGs, move numbers and the result are skipped; this
 * finds places to click, what is there comes from the oracle.
 */
export function mainlineMoves(text) {
  const token =
    /\{[^}]*\}|;[^\n]*|\[[^\]]*\]|[()]|\$\d+|\d+\.+|(?:1-0|0-1|1\/2-1\/2|\*)(?=\s|$)|[^\s(){}[\];]+/g;
  const moves = [];
  let depth = 0;
  for (const match of text.matchAll(token)) {
    const [word] = match;
    if (word === "(") depth += 1;
    else if (word === ")") depth -= 1;
    else if (depth === 0 && /^[a-hKQRBNO]/.test(word)) {
      moves.push({ from: match.index, to: match.index + word.length });
    }
  }
  return moves;
}

/**
 * The pieces of a FEN's placement field, as "e4:P" strings, sorted. Read here on purpose, not
 * with the reader of the same field in web/page/board.js: the browser test compares the board
 * that board.js draws with this, and a shared reader would agree with itself.
 */
export function fenPieces(fen) {
  const found = [];
  fen
    .split(" ")[0]
    .split("/")
    .forEach((row, index) => {
      let file = 0;
      for (const c of row) {
        if (/\d/.test(c)) file += Number(c);
        else found.push(`${"abcdefgh"[file++]}${8 - index}:${c}`);
      }
    });
  return found.sort();
}
