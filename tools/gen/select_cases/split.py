"""Where games start in a PGN byte stream, as jaque's splitter cuts them (src/pgn/split/),
written again here so that the oracle never asks jaque: a game ends after its termination
marker at depth 0 and the comments and blank lines after it; a tag pair after movetext
starts the next game (the marker missing); after a section of tags with no movetext, a
blank line and then an `Event` tag, or a tag of a name the section has had, start a game
of its own. python-chess's `read_game` cuts some files otherwise (a comment before the first
tags is a game of its own, tag sections without movetext run together): each game's text
is cut here and read by python-chess alone.

Lines end at LF (CRLF counts once); the inputs have no lone CR."""

import re

TAG = re.compile(rb'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"((?:[^"\\\r\n]|\\.)*)"[ \t]*\]')
MARKERS = (b"1-0", b"0-1", b"1/2-1/2", b"*", b"1/2")
DELIMITERS = b" \t\r\n{};()[$"


def _ends_with_marker(word):
    """Whether a movetext word is a termination marker, alone or glued to a move (`e5*`)."""
    if word in MARKERS:
        return True
    return word.endswith(b"*") or any(word.endswith(m) and len(word) > len(m) and
                                      not word[-len(m) - 1:-len(m)].isdigit()
                                      for m in (b"1-0", b"0-1", b"1/2-1/2"))


class _State:
    def __init__(self):
        self.starts = [0]
        self.mode = "tags"       # tags | movetext | ended
        self.names = set()       # tag names of the section
        self.blank = False       # a blank line since the last tag (tags mode)
        self.depth = 0

    def start(self, at):
        if at > self.starts[-1]:
            self.starts.append(at)
        self.mode, self.names, self.blank, self.depth = "tags", set(), False, 0


def _skip_space(data, i, state):
    """Skips white space from `i`; notes a blank line."""
    line_has_text = i > 0 and data[i - 1:i] not in (b"\n",)
    while i < len(data) and data[i] in b" \t\r\n\x0b\x0c":
        if data[i] == 0x0A:
            if not line_has_text:
                state.blank = True
            line_has_text = False
        i += 1
    return i


def game_starts(data):
    """The byte offsets where the games of `data` start (the first at 0)."""
    state = _State()
    i = 0
    n = len(data)
    while i < n:
        i = _skip_space(data, i, state)
        if i >= n:
            break
        c = data[i:i + 1]
        if c == b"{":
            end = data.find(b"}", i)
            i = n if end < 0 else end + 1
        elif c == b";" or (c == b"%" and (i == 0 or data[i - 1] == 0x0A)):
            end = data.find(b"\n", i)
            i = n if end < 0 else end
        elif c == b"[" and TAG.match(data, i):
            i = _tag(data, i, state)
        else:
            i = _movetext(data, i, state)
    return state.starts


def _tag(data, i, state):
    m = TAG.match(data, i)
    name = m.group(1)
    if state.mode in ("movetext", "ended") or (
            state.mode == "tags" and state.blank and state.names and
            (name == b"Event" or name in state.names)):
        state.start(i)
    state.names.add(name)
    state.blank = False
    return m.end()


def _movetext(data, i, state):
    c = data[i:i + 1]
    if state.mode == "ended":
        state.start(i)
    if c == b"(":
        state.depth += 1
        state.mode = "movetext"
        return i + 1
    if c == b")":
        state.depth = max(0, state.depth - 1)
        state.mode = "movetext"
        return i + 1
    j = i + 1
    while j < len(data) and data[j] not in DELIMITERS:
        j += 1
    word = data[i:j]
    state.mode = "ended" if state.depth == 0 and _ends_with_marker(word) else "movetext"
    return j


def line_numbers(data, starts):
    """The 1-based line of each offset of `starts` (sorted)."""
    lines, line, at = [], 1, 0
    for s in starts:
        line += data.count(b"\n", at, s)
        at = s
        lines.append(line)
    return lines
