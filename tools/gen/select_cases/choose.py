"""Which games a `jaque select` command line selects, as the contract says
(docs/cli.md, ../shared/CONTRACT.md "Selecting"), decided on the facts python-chess read
(facts.py), never by jaque:

- `--tag 'NAME OP VALUE'`: a missing tag fails whatever OP; `=`/`!=` compare text, `~` is
  `re.search`; `<` `<=` `>` `>=` compare numbers as numbers, or dates (`YYYY.MM.DD`, `??`
  for an unknown field) for tags whose name ends in `Date`, on the leading fields both
  know; a value that is no number (no date) fails.
- `--player`: `re.search` on White or Black; `--result`: the Result tag is one of these
  (`1/2` names the draw); `--plies A..B`: the mainline plies before the first error.
- `--fen`, `--moves`: the EPD (`board.epd()`) of a mainline position, or with `--variations`
  of any position of the game, is the target's; each one given must be reached.
- `--status`: `oracle_status.status_of` of the position after the plies played; `--valid`:
  python-chess met no error; `--invert`: the games that fail.
- `--games A..B` (numbered from 1), then `--dedupe` (the same start EPD and mainline moves;
  for a game with an error, the moves before it and the words after it: see `key_of`; the
  first kept) or `--dedupe=position` (the same final EPD and plies before the first error),
  then `--limit N` (the first N written)."""

import re

import chess

from .targets import board_after

OPERATORS = ("!=", "<=", ">=", "=", "~", "<", ">")
DATE = re.compile(r"(\d{4}|\?{4})(?:\.(\d{2}|\?{2})(?:\.(\d{2}|\?{2}))?)?")
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "1/2": "1/2-1/2", "*": "*"}


def parse_tag_filter(text):
    """`NAME OP VALUE` as (name, op, value)."""
    name = re.match(r"[A-Za-z0-9_]+", text).group(0)
    rest = text[len(name):].lstrip()
    op = next(o for o in OPERATORS if rest.startswith(o))
    value = rest[len(op):].strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return name, op, value


def date_fields(text):
    """A date's fields, None where unknown; None for no date."""
    m = DATE.fullmatch(text.strip())
    if not m:
        return None
    return [None if f is None or f.startswith("?") else int(f) for f in m.groups()]


def compare_dates(game, wanted):
    """-1, 0, 1 on the leading fields both know; None if they know none."""
    order = None
    for mine, theirs in zip(game, wanted):
        if mine is None or theirs is None:
            break
        if mine != theirs:
            return -1 if mine < theirs else 1
        order = 0
    return order


def number(text):
    return float(text.strip()) if NUMBER.fullmatch(text.strip()) else None


def tag_passes(tags, name, op, value):
    have = tags.get(name)
    if have is None:
        return False
    if op == "=":
        return have == value
    if op == "!=":
        return have != value
    if op == "~":
        return re.search(value, have) is not None
    if name.endswith("Date"):
        mine, theirs = date_fields(have), date_fields(value)
        order = compare_dates(mine, theirs) if mine and theirs else None
    else:
        mine, theirs = number(have), number(value)
        order = None if mine is None else (mine > theirs) - (mine < theirs)
    if order is None:
        return False
    return {"<": order < 0, "<=": order <= 0, ">": order > 0, ">=": order >= 0}[op]


def between(text):
    """`A..B`, `A..`, `..B` or `A` as an inclusive (least, most)."""
    if ".." in text:
        a, b = text.split("..")
        return int(a) if a else 0, int(b) if b else float("inf")
    return int(text), int(text)


def target_of(flag, text):
    """The EPD of a `--fen` or `--moves` argument."""
    if flag == "--fen":
        return chess.Board(text).epd()
    sans = " ".join(w.lstrip("0123456789.") for w in text.split())
    return board_after(sans).epd()


def parse(args):
    """A command line's filters as a dict."""
    spec = {"tags": [], "targets": [], "variations": False, "valid": False, "invert": False,
            "player": None, "results": None, "plies": None, "status": None, "games": None,
            "limit": None, "dedupe": None}
    it = iter(args)
    for flag in it:
        if flag == "--tag":
            spec["tags"].append(parse_tag_filter(next(it)))
        elif flag in ("--fen", "--moves"):
            spec["targets"].append(target_of(flag, next(it)))
        elif flag in ("--variations", "--valid", "--invert"):
            spec[flag[2:]] = True
        elif flag == "--player":
            spec["player"] = next(it)
        elif flag == "--result":
            spec["results"] = {RESULTS[r.strip()] for r in next(it).split(",")}
        elif flag in ("--plies", "--games"):
            spec[flag[2:]] = between(next(it))
        elif flag in ("--status", "--limit"):
            spec[flag[2:]] = next(it)
        elif flag.startswith("--dedupe"):
            spec["dedupe"] = flag.partition("=")[2] or "moves"
        else:
            raise ValueError(f"no oracle for {flag}")
    return spec


def passes(spec, f):
    """Whether the game of facts `f` passes every filter of `spec` (before --invert)."""
    tags = f.tags
    if not all(tag_passes(tags, *t) for t in spec["tags"]):
        return False
    player = spec["player"]
    if player and not any(c in tags and re.search(player, tags[c]) for c in ("White", "Black")):
        return False
    if spec["results"] is not None and tags.get("Result", "").strip() not in spec["results"]:
        return False
    if spec["plies"] and not spec["plies"][0] <= len(f.moves) <= spec["plies"][1]:
        return False
    seen = f.tree_epds if spec["variations"] else f.mainline_epds
    if not all(t in seen for t in spec["targets"]):
        return False
    if spec["status"] and f.status != spec["status"]:
        return False
    return not (spec["valid"] and f.errors)


def key_of(spec, f):
    """What duplicates share. For `--dedupe`, a game with an error shares the words of its
    moves from the error on too (check marks aside): moves that cannot be played are told
    apart by their text, so that games that differ after an error, or games that all fail at
    their first move (written in another language), are not dropped as one."""
    if spec["dedupe"] == "position":
        return f.final_epd, len(f.moves)
    return f.start_epd, f.moves, f.after_error


def selected(args, facts):
    """The 0-based indices of the games of `facts` that `args` selects, in input order."""
    spec = parse(args)
    chosen = [i for i, f in enumerate(facts) if passes(spec, f) != spec["invert"]]
    if spec["games"]:
        least, most = spec["games"]
        chosen = [i for i in chosen if least <= i + 1 <= most]
    if spec["dedupe"]:
        seen, kept = set(), []
        for i in chosen:
            key = key_of(spec, facts[i])
            if key not in seen:
                seen.add(key)
                kept.append(i)
        chosen = kept
    if spec["limit"] is not None:
        chosen = chosen[:int(spec["limit"])]
    return chosen


def wanted_epds(spec_lists):
    """Every target EPD of these command lines (the facts keep only those)."""
    return {t for args in spec_lists for t in parse(args)["targets"]}
