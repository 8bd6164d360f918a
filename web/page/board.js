// The board as SVG, drawn from a FEN: 64 squares, the file and rank labels, the last move
// and the pieces. The pieces are simple shapes drawn here rather than Unicode glyphs, which
// depend on the fonts a machine happens to have (and the page loads none).

const NS = "http://www.w3.org/2000/svg";
const SQUARE = 100; // user units a square; the board's viewBox is 800 x 800
const FILES = "abcdefgh";

// Each piece in a 100 x 100 square, as [element, attributes] pairs; "detail" parts are drawn
// in the opposite colour (the knight's eye, the bishop's cut).
const BASE = ["rect", { x: 26, y: 80, width: 48, height: 10, rx: 3 }];
const SHAPES = {
  p: [
    ["circle", { cx: 50, cy: 33, r: 12 }],
    ["path", { d: "M34 82 Q38 58 50 46 Q62 58 66 82 Z" }],
    BASE,
  ],
  r: [
    [
      "path",
      {
        d: "M30 28 h8 v6 h6 v-6 h12 v6 h6 v-6 h8 v14 l-6 6 v24 l6 6 v6 h-40 v-6 l6 -6 v-24 l-6 -6 z",
      },
    ],
    BASE,
  ],
  n: [
    [
      "path",
      {
        d: "M34 82 C34 70 40 62 48 56 C42 58 34 61 28 57 C23 53 25 46 31 42 C38 36 42 28 47 22 L50 14 L55 21 C67 26 73 40 73 56 C73 68 71 76 70 82 Z",
      },
    ],
    ["circle", { cx: 45, cy: 33, r: 3, detail: true }],
    BASE,
  ],
  b: [
    ["circle", { cx: 50, cy: 17, r: 6 }],
    ["path", { d: "M50 24 C65 34 67 52 58 64 L61 74 H39 L42 64 C33 52 35 34 50 24 Z" }],
    ["path", { d: "M50 38 L57 48", detail: true }],
    BASE,
  ],
  q: [
    ["path", { d: "M24 40 L34 64 L38 34 L44 62 L50 28 L56 62 L62 34 L66 64 L76 40 L68 80 H32 Z" }],
    ...[
      [24, 37],
      [38, 30],
      [50, 25],
      [62, 30],
      [76, 37],
    ].map(([cx, cy]) => ["circle", { cx, cy, r: 5 }]),
    BASE,
  ],
  k: [
    ["path", { d: "M46 12 h8 v8 h8 v8 h-8 v10 h-8 v-10 h-8 v-8 h8 z" }],
    ["path", { d: "M50 42 C30 34 16 52 30 66 L34 80 H66 L70 66 C84 52 70 34 50 42 Z" }],
    BASE,
  ],
};

/** Draws `fen`'s position into `svg` (replacing what it held); `move` (UCI) is highlighted. */
export function drawBoard(svg, fen, { move = null, flipped = false } = {}) {
  const place = (square) => corner(square, flipped);
  svg.replaceChildren(
    group(
      "squares",
      allSquares().map((square) => squareRect(square, place(square))),
    ),
    group(
      "last-move",
      moveSquares(move).map((square) => highlight(place(square))),
    ),
    group("labels", labels(flipped)),
    group(
      "pieces",
      pieces(fen).map(({ square, piece }) => pieceGroup(piece, square, place(square))),
    ),
  );
}

/** The pieces of a FEN's placement field: [{square: "e4", piece: "P"}]. */
function pieces(fen) {
  const found = [];
  fen
    .split(" ")[0]
    .split("/")
    .forEach((row, index) => {
      let file = 0;
      for (const c of row) {
        if (/\d/.test(c)) file += Number(c);
        else found.push({ square: FILES[file++] + (8 - index), piece: c });
      }
    });
  return found;
}

function allSquares() {
  return [...FILES].flatMap((file) => [1, 2, 3, 4, 5, 6, 7, 8].map((rank) => file + rank));
}

/** The top left corner of a square in the viewBox: white at the bottom unless flipped. */
function corner(square, flipped) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]) - 1;
  return flipped
    ? { x: (7 - file) * SQUARE, y: rank * SQUARE }
    : { x: file * SQUARE, y: (7 - rank) * SQUARE };
}

function isLight(square) {
  return (FILES.indexOf(square[0]) + Number(square[1])) % 2 === 1;
}

function squareRect(square, { x, y }) {
  const kind = isLight(square) ? "light" : "dark";
  return element("rect", {
    x,
    y,
    width: SQUARE,
    height: SQUARE,
    class: kind,
    "data-square": square,
  });
}

/** The squares a UCI move leaves and reaches (a promotion's piece letter aside). */
function moveSquares(uci) {
  return uci ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
}

function highlight({ x, y }) {
  return element("rect", { x, y, width: SQUARE, height: SQUARE });
}

/** File letters along the bottom edge and rank numbers along the left one, inside the squares. */
function labels(flipped) {
  const bottom = flipped ? "8" : "1";
  const left = flipped ? "h" : "a";
  return allSquares().flatMap((square) => {
    const { x, y } = corner(square, flipped);
    const kind = isLight(square) ? "on-light" : "on-dark";
    const found = [];
    if (square[1] === bottom)
      found.push(label(square[0], x + SQUARE - 6, y + SQUARE - 6, "end", kind));
    if (square[0] === left) found.push(label(square[1], x + 6, y + 20, "start", kind));
    return found;
  });
}

function label(text, x, y, anchor, kind) {
  const node = element("text", { x, y, "text-anchor": anchor, class: kind });
  node.textContent = text;
  return node;
}

/** A piece (FEN letter: upper case white) on `square`, whose corner is at x, y. */
function pieceGroup(piece, square, { x, y }) {
  const color = piece === piece.toUpperCase() ? "white" : "black";
  const parts = SHAPES[piece.toLowerCase()].map(([name, { detail, ...attributes }]) =>
    element(name, detail ? { ...attributes, class: "detail" } : attributes),
  );
  const node = group(`piece ${color}`, parts);
  node.setAttribute("transform", `translate(${x} ${y})`);
  node.setAttribute("data-piece", piece);
  node.setAttribute("data-square", square);
  return node;
}

function group(className, children) {
  const node = element("g", { class: className });
  node.append(...children);
  return node;
}

function element(name, attributes) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}
