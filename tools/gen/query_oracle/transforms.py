"""The transforms of the board for the oracle (`flip`, `flipvertical`, `fliphorizontal`,
`shift`, `shifthorizontal`, `shiftvertical`), as CQL has them: the query, or the query with
every square written in it moved by one of the transform's maps; pieces keep their colour.
A vertical flip mirrors the files (a↔h), a horizontal one the ranks (1↔8); `flip` is the
eight symmetries of the board. A shift moves the squares by any whole number of files and
ranks that keeps every square written inside it on the board (with none written, it is the
query alone). Written from the language's description, never from jaque's code.
"""

FLIPS = {
    "flip": [lambda f, r: (f, r), lambda f, r: (7 - f, r), lambda f, r: (f, 7 - r),
             lambda f, r: (7 - f, 7 - r), lambda f, r: (r, f), lambda f, r: (7 - r, 7 - f),
             lambda f, r: (7 - r, f), lambda f, r: (r, 7 - f)],
    "flipvertical": [lambda f, r: (f, r), lambda f, r: (7 - f, r)],
    "fliphorizontal": [lambda f, r: (f, r), lambda f, r: (f, 7 - r)],
}


def written(tree):
    """Every square written in a tree (its sets' squares, at any depth)."""
    if isinstance(tree, frozenset):
        return set(tree)
    found = set()
    if isinstance(tree, (tuple, list)):
        for part in tree:
            found |= written(part)
    return found


def moved(tree, move):
    """The tree with every square of its sets moved by `move` (file, rank -> file, rank)."""
    if isinstance(tree, tuple) and tree and tree[0] == "set":
        _, kinds, where = tree
        if where is None:
            return tree
        return ("set", kinds, frozenset(
            8 * rank + file for file, rank in (move(s % 8, s // 8) for s in where)))
    if isinstance(tree, tuple):
        return tuple(moved(part, move) for part in tree)
    if isinstance(tree, list):
        return [moved(part, move) for part in tree]
    return tree


def shifts(squares, files, ranks):
    """The moves by (dx, dy) that keep every square on the board."""
    fs = [s % 8 for s in squares]
    rs = [s // 8 for s in squares]
    if not squares:
        return [lambda f, r: (f, r)]
    dxs = range(-min(fs), 8 - max(fs)) if files else [0]
    dys = range(-min(rs), 8 - max(rs)) if ranks else [0]
    return [lambda f, r, dx=dx, dy=dy: (f + dx, r + dy) for dx in dxs for dy in dys]


def copies(name, tree):
    """The trees a transform joins by `or`."""
    if name in FLIPS:
        moves = FLIPS[name]
    else:
        squares = written(tree)
        moves = shifts(squares, name in ("shift", "shifthorizontal"),
                       name in ("shift", "shiftvertical"))
    return [moved(tree, move) for move in moves]
