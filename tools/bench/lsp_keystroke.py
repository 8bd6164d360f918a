#!/usr/bin/env python3
"""Measures how fast `jaque lsp` republishes after one keystroke in one game of a big file.

    cargo build --release && python3 tools/bench/lsp_keystroke.py
    python3 tools/bench/lsp_keystroke.py --copies 100 --edits 20 --full   # whole text per change

Opens a document made of tests/data/pgn/generated.pgn repeated (100 copies: about 20 MB),
waits for its diagnostics, then types characters one at a time into one game in the
middle of it (a move's SAN gets a character and loses it again, alternately) and times,
for each, from writing the `didChange` to reading the document's next `publishDiagnostics`
(read, not parsed, unless --parse).
Prints the open time and the median and max of the keystrokes. A ranged change is sent (what
an editor sends when the server asks for incremental sync); --full sends the whole text.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
URI = "file:///nonexistent-jaque-lsp-keystroke/big.pgn"


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def read_body(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            sys.exit("jaque lsp ended")
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return proc.stdout.read(length)


def read(proc):
    return json.loads(read_body(proc))


def published(proc, version):
    """Reads until the document's diagnostics for `version`; how many there were."""
    while True:
        message = read(proc)
        params = message.get("params", {})
        if (message.get("method") == "textDocument/publishDiagnostics"
                and params.get("uri") == URI and params.get("version") == version):
            return len(params["diagnostics"])


def published_quickly(proc, version):
    """Reads until the document's diagnostics for `version`, without parsing them: Python's
    JSON parser takes longer over thousands of diagnostics than the server takes to send
    them, and an editor's parser is not what is measured (--parse parses them all)."""
    version_end = re.compile(rb'"version":(\d+)\}\}\s*$')
    while True:
        body = read_body(proc)
        head = body[:300]
        found = version_end.search(body[-40:])
        if (b'"textDocument/publishDiagnostics"' in head and json.dumps(URI).encode() in head
                and found and int(found.group(1)) == version):
            return


def document(copies):
    with open(os.path.join(ROOT, "tests/data/pgn/generated.pgn")) as f:
        games = f.read().rstrip() + "\n\n"
    return games * copies, games.count("\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=100)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--parse", action="store_true")
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/jaque"))
    args = parser.parse_args()
    text, per_copy = document(args.copies)
    proc = subprocess.Popen([args.binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    read(proc)
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    start = time.perf_counter()
    doc = {"uri": URI, "languageId": "pgn", "version": 1, "text": text}
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": doc}})
    count = published(proc, 1)
    print(f"open: {len(text) / 1e6:.1f} MB, {count} diagnostics, "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    # The first game of the middle copy: `1. Nc3` on the line after its tags and blank line.
    line = (args.copies // 2) * per_copy + 9
    lines = text.split("\n")
    times = []
    for i in range(args.edits):
        typing = i % 2 == 0
        # Column 6 is just after `Nc3`: a `+` typed, then taken away.
        if typing:
            change = {"range": r(line, 6, 6), "text": "+"}
            lines[line] = lines[line][:6] + "+" + lines[line][6:]
        else:
            change = {"range": r(line, 6, 7), "text": ""}
            lines[line] = lines[line][:6] + lines[line][7:]
        if args.full:
            change = {"text": "\n".join(lines)}
        version = i + 2
        params = {"textDocument": {"uri": URI, "version": version}, "contentChanges": [change]}
        start = time.perf_counter()
        send(proc, {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": params})
        if args.parse:
            published(proc, version)
        else:
            published_quickly(proc, version)
        times.append((time.perf_counter() - start) * 1000)
    print(f"keystroke ({'full' if args.full else 'ranged'} change, {args.edits} edits): "
          f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    read(proc)
    send(proc, {"jsonrpc": "2.0", "method": "exit"})
    proc.wait()


def r(line, start, end):
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


if __name__ == "__main__":
    main()
