// The opening explorer under the board: the tree of the board's position in the index the
// user opened (`jaque tree --json`'s object, from the worker), a row a move played there,
// with its games and how they scored: White's wins, the draws and Black's wins as shares of
// its games (a game without a result counts in the games only, as in `jaque tree`).

/** Shows `tree` (null: no position at the cursor) in `status` and the table body `moves`. */
export function drawTree({ status, moves }, tree) {
  if (!tree) {
    status.textContent = "no position here";
    moves.replaceChildren();
    return;
  }
  if (tree.error) {
    status.textContent = `no tree: ${tree.error}`;
    moves.replaceChildren();
    return;
  }
  status.textContent = tree.games
    ? `${count(tree.games, "game")}: ${shares(tree)}`
    : "no game of the index reaches this position";
  moves.replaceChildren(...tree.moves.map(row));
}

/** A move's row: its SAN, games, and the three shares as a bar. */
function row(move) {
  const node = document.createElement("tr");
  Object.assign(node.dataset, { testid: "explorer-move", uci: move.uci });
  const rating = move.average_rating === null ? "" : `, average rating ${move.average_rating}`;
  node.title = `${move.uci}: ${shares(move)}${rating}`;
  node.append(cell(move.san, "san"), cell(String(move.games), "games"), bar(move));
  return node;
}

/** The shares of White's wins, draws and Black's wins, each a part of the bar as wide. */
function bar(score) {
  const node = cell("", "bar");
  const parts = document.createElement("div");
  parts.className = "score-bar";
  for (const [side, n] of [
    ["white", score.white],
    ["draws", score.draws],
    ["black", score.black],
  ]) {
    const part = document.createElement("span");
    part.className = side;
    part.style.width = `${percent(n, score.games)}%`;
    // A share too narrow to hold its number shows it in the row's title only.
    part.textContent = percent(n, score.games) >= 12 ? `${percent(n, score.games)}%` : "";
    parts.append(part);
  }
  node.append(parts);
  return node;
}

function cell(text, className) {
  const node = document.createElement("td");
  node.className = className;
  node.textContent = text;
  return node;
}

/** "white 40%, draws 20%, black 20%". */
function shares(score) {
  const share = (n) => `${percent(n, score.games)}%`;
  return `white ${share(score.white)}, draws ${share(score.draws)}, black ${share(score.black)}`;
}

function percent(n, games) {
  return games ? Math.round((100 * n) / games) : 0;
}

function count(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
