#!/usr/bin/env python3
"""The real-world PGN corpus: PGN files copied out of public repositories, with provenance.

The corpus itself lives outside the repository (default `/work/corpus/`); the repository keeps
only its listing, `tests/data/real_world_corpus.tsv` (file, repo, commit, path, licence, bytes,
note), so that a later session can bring the same bytes back.

Repositories are read as bare git directories, one per repository, `MIRRORS/<owner>+<name>/repo`
(the layout the search tool's `fetch` leaves under `/work/.mirror/`). Nothing from them is
built or run: only blobs are read (`git cat-file`).

    # copy what a selection names, write SOURCES.tsv (and the repository's listing)
    tools/oracle/real_world_corpus.py collect SELECTION [--corpus DIR] [--mirrors DIR] [--listing TSV]
    # bring the files of a listing back (fetch every repository it names first)
    tools/oracle/real_world_corpus.py rebuild [--listing tests/data/real_world_corpus.tsv] [--corpus DIR]
    # what is in the corpus: files, games, repositories, encodings, line ends
    tools/oracle/real_world_corpus.py stats [--corpus DIR]

A selection is a text file, one rule a line (`#` starts a comment):

    owner/name <TAB> REV <TAB> GLOB [<TAB> NOTE]

REV is `HEAD` or a commit (for files that only an older commit holds); GLOB is matched with
`fnmatch` against the paths of that commit; NOTE is added to each file's note. Files of
`--max-bytes` (20 MB) and more are skipped.
"""

import argparse
import fnmatch
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_LISTING = os.path.join(ROOT, "tests", "data", "real_world_corpus.tsv")
DEFAULT_CORPUS = "/work/corpus"
DEFAULT_MIRRORS = "/work/.mirror"
COLUMNS = ["file", "repo", "commit", "path", "licence", "bytes", "note"]
LICENCE_FILES = re.compile(r"^(licen[cs]e|copying|unlicense)", re.I)


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"), "repo")
    return os.path.join(base, ".git") if os.path.isdir(os.path.join(base, ".git")) else base


def git(gdir, *args, text=True):
    result = subprocess.run(["git", "--git-dir", gdir, *args], capture_output=True, text=text)
    if result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {result.stderr!s}")
    return result.stdout


def tree(gdir, rev):
    """(path, size, blob) of every file at `rev`."""
    for line in git(gdir, "ls-tree", "-r", "-l", "-z", rev).split("\0"):
        if not line:
            continue
        meta, path = line.split("\t", 1)
        _mode, kind, sha, size = meta.split()
        if kind == "blob" and size.isdigit():
            yield path, int(size), sha


def licence(gdir, rev="HEAD"):
    """The repository's licence, from its LICENSE/COPYING files at `rev` ('unknown' if none)."""
    names = []
    for path, _size, sha in tree(gdir, rev):
        if "/" in path or not LICENCE_FILES.match(path):
            continue
        text = git(gdir, "cat-file", "blob", sha)
        names.append(classify_licence(path, text))
    names = sorted({n for n in names if n})
    return " + ".join(names) if names else "unknown"


def classify_licence(path, text):
    """A licence's SPDX-like name from its text (the title, else telling phrases)."""
    low = " ".join(text[:6000].lower().split())
    titles = [
        ("gnu affero general public license", "AGPL-3.0"),
        ("gnu lesser general public license", "LGPL"),
        ("gnu library general public license version 2", "LGPL-2.0"),
        ("gnu general public license version 3", "GPL-3.0"),
        ("gnu general public license version 2", "GPL-2.0"),
        ("apache license version 2.0", "Apache-2.0"),
        ("apache license", "Apache-2.0"),
        ("the artistic license 2.0", "Artistic-2.0"),
        ("mozilla public license", "MPL-2.0"),
    ]
    found = [(low.find(t), name) for t, name in titles if t in low]
    if found:
        name = min(found)[1]
        if name == "LGPL":
            name = "LGPL-3.0" if "version 3" in low else "LGPL-2.1"
        return name
    if "permission is hereby granted, free of charge" in low:
        return "MIT"
    if "redistribution and use in source and binary forms" in low:
        return "BSD-3-Clause" if "neither the name" in low or "endorse" in low else "BSD-2-Clause"
    if "creative commons" in low or "cc-by" in path.lower():
        if "sharealike" in low.replace("-", "").replace(" ", "") or "by-sa" in path.lower():
            return "CC-BY-SA-4.0"
        if "cc0" in low or "public domain dedication" in low:
            return "CC0-1.0"
        return "CC-BY-4.0"
    if "this is free and unencumbered software" in low:
        return "Unlicense"
    if "gnu general public license" in low or " gpl" in low:
        return "GPL-2.0" if "version 2" in low else "GPL"
    return "other (" + path + ")"


def describe(data):
    """Encoding, line ends and a game count estimate of a PGN file's bytes, for the note."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    elif data.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-bom"
    else:
        try:
            data.decode("ascii")
            encoding = "ascii"
        except UnicodeDecodeError:
            try:
                data.decode("utf-8")
                encoding = "utf-8"
            except UnicodeDecodeError:
                encoding = "latin-1"
    crlf = data.count(b"\r\n")
    cr = data.count(b"\r") - crlf
    lf = data.count(b"\n") - crlf
    ends = "+".join(k for k, v in (("LF", lf), ("CRLF", crlf), ("CR", cr)) if v) or "none"
    if data[:2] == b"\xff\xfe":
        text = data.decode("utf-16-le", "replace")
    elif data[:2] == b"\xfe\xff":
        text = data.decode("utf-16-be", "replace")
    else:
        text = data.decode("latin-1")
    # tag sections: lines starting with `[` after a non-blank line that does not
    sections, previous = 0, ""
    for line in text.splitlines():
        if line.lstrip().startswith("[") and not previous.lstrip().startswith("["):
            sections += 1
        if line.strip():
            previous = line
    return encoding, ends, sections


def corpus_name(repo, path):
    owner, name = repo.split("/")
    return f"{owner}__{name}/{path.replace('/', '__')}"


def read_listing(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert lines[0].split("\t") == COLUMNS, f"{path}: unexpected header {lines[0]!r}"
    return [dict(zip(COLUMNS, line.split("\t"))) for line in lines[1:] if line]


def write_listing(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(str(row[c]) for c in COLUMNS) + "\n")


def collect(args):
    rows, seen, licences = [], set(), {}
    with open(args.selection, encoding="utf-8") as f:
        rules = [
            line.split("\t")
            for line in f.read().splitlines()
            if line.strip() and not line.lstrip().startswith("#")
        ]
    for rule in rules:
        repo, rev, pattern = rule[0], rule[1], rule[2]
        extra = rule[3] if len(rule) > 3 else ""
        gdir = git_dir(args.mirrors, repo)
        commit = git(gdir, "rev-parse", rev + "^{commit}").strip()
        if repo not in licences:
            licences[repo] = licence(gdir)
        matched = 0
        for path, size, sha in tree(gdir, commit):
            if not fnmatch.fnmatchcase(path, pattern):
                continue
            matched += 1
            name = corpus_name(repo, path)
            if name in seen:
                continue
            if size >= args.max_bytes:
                print(f"skip (too large, {size} bytes): {repo} {path}", file=sys.stderr)
                continue
            data = subprocess.run(
                ["git", "--git-dir", gdir, "cat-file", "blob", sha], capture_output=True, check=True
            ).stdout
            encoding, ends, tags = describe(data)
            if not data.strip():
                print(f"skip (empty): {repo} {path}", file=sys.stderr)
                continue
            seen.add(name)
            out = os.path.join(args.corpus, name)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as f:
                f.write(data)
            note = f"{encoding}; {ends}; ~{tags} tag sections"
            if extra:
                note += "; " + extra
            rows.append(
                {
                    "file": name,
                    "repo": repo,
                    "commit": commit,
                    "path": path,
                    "licence": licences[repo],
                    "bytes": len(data),
                    "note": note.replace("\t", " "),
                }
            )
        if matched == 0:
            print(f"warning: no file matched {repo} {rev} {pattern}", file=sys.stderr)
    write_listing(os.path.join(args.corpus, "SOURCES.tsv"), rows)
    if args.listing:
        write_listing(args.listing, rows)
    print(f"{len(rows)} files from {len({r['repo'] for r in rows})} repositories", file=sys.stderr)


def rebuild(args):
    rows = read_listing(args.listing)
    missing = set()
    for row in rows:
        gdir = git_dir(args.mirrors, row["repo"])
        if not os.path.isdir(gdir):
            missing.add(row["repo"])
            continue
        data = subprocess.run(
            ["git", "--git-dir", gdir, "cat-file", "blob", f"{row['commit']}:{row['path']}"],
            capture_output=True,
        ).stdout
        if len(data) != int(row["bytes"]):
            print(f"size differs ({len(data)} != {row['bytes']}): {row['file']}", file=sys.stderr)
            continue
        out = os.path.join(args.corpus, row["file"])
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
    write_listing(os.path.join(args.corpus, "SOURCES.tsv"), rows)
    for repo in sorted(missing):
        print(f"not fetched yet: {repo}", file=sys.stderr)
    return 1 if missing else 0


def stats(args):
    rows = read_listing(os.path.join(args.corpus, "SOURCES.tsv"))
    encodings, ends = {}, {}
    total = 0
    for row in rows:
        with open(os.path.join(args.corpus, row["file"]), "rb") as f:
            data = f.read()
        encoding, end, _tags = describe(data)
        encodings[encoding] = encodings.get(encoding, 0) + 1
        ends[end] = ends.get(end, 0) + 1
        total += len(data)
    print(f"files: {len(rows)}, repositories: {len({r['repo'] for r in rows})}, bytes: {total}")
    print("encodings: " + ", ".join(f"{k} {v}" for k, v in sorted(encodings.items())))
    print("line ends: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("selection")
    c.add_argument("--listing", default=DEFAULT_LISTING)
    c.add_argument("--max-bytes", type=int, default=20_000_000)
    r = sub.add_parser("rebuild")
    r.add_argument("--listing", default=DEFAULT_LISTING)
    s = sub.add_parser("stats")
    for p in (c, r, s):
        p.add_argument("--corpus", default=DEFAULT_CORPUS)
        p.add_argument("--mirrors", default=DEFAULT_MIRRORS)
    args = parser.parse_args()
    return {"collect": collect, "rebuild": rebuild, "stats": stats}[args.command](args) or 0


if __name__ == "__main__":
    sys.exit(main())
