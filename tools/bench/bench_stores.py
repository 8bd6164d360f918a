"""The stores section of tools/bench/benchmarks.py: issue 55's candidate stores for the
position index (redb, fjall, SQLite through rusqlite), measured on the workload the index
implies, by `benches/stores` (its own workspace: the stores never enter jaque's build).

    python3 tools/bench/benchmarks.py --only stores

What runs, in order:
1. `stores bench`: the shared real files concatenated eight times (the whole-process input)
   walked once, every game's distinct mainline positions as entries (64-bit Zobrist key, game,
   ply), repeated to GAMES games (a key that one game of the file alone reaches is made new
   in each copy, so unique positions stay unique); then for each store and layout, in a fresh
   directory, batches of 10,000 games loaded one durable transaction each (one thread), the
   bytes on disk, 10,000 lookups of keys drawn from the entries (warm, checked against the
   truth kept in memory), a compaction and the bytes after it.
2. Cold lookups: COLD_KEYS keys, each in a new process (`stores lookup`) that opens the store
   and looks one key up, after `sync; echo 3 > /proc/sys/vm/drop_caches` where the kernel
   allows it (the table says whether it did).
3. The kill test (`stores kill`): KILLS times a child loading small batches is SIGKILLed at a
   random moment, then the store must open, hold every batch the child reported whole, no
   partial batch, and take a new batch.
4. Each store's cost to the build: a clean `cargo build --release` of the smallest reader of
   it (`benches/stores/tiny/STORE`, CPU and wall seconds), its normal dependencies, and
   whether that reader builds for wasm32-unknown-unknown (with the toolchain of
   web/build.sh: Debian's rustc-web and `-Z build-std`).

Standard library only.
"""

import json
import math
import os
import resource
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from whole_process import SHARED_GAMES, Failed

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "benches/stores/Cargo.toml"
TINY = ROOT / "benches/stores/tiny"
STORES = ["redb", "fjall", "sqlite"]
# A row an entry, and blocks of 10-bit key prefixes: about 4 KB a batch of 10,000 games, few
# enough writes a batch that the B-trees do not slow as they grow (14 bits did, at 100,000
# games: 16,384 leaves touched a batch).
LAYOUTS = ["rows", "blocks10"]
GAMES, QUICK_GAMES = 1_000_000, 100_000
# Seconds of loading a store and layout is given (after it, the batch under way ends the
# load): the rows layouts of the B-trees slow down as they grow, and would take hours.
BUDGET_S, QUICK_BUDGET_S = 180, 60
COLD_KEYS, KILLS = 50, 20
DROP_CACHES = Path("/proc/sys/vm/drop_caches")
# The goals on 1,000,000 games.
GOAL = "build ≥ 100,000 games/s with 2 jobs; index < plain PGN; p99 < 10 ms warm, < 100 ms cold"


def make_input(folder):
    """The whole-process input (`cat ../shared/data/pgn/real/*.pgn` eight times), or None."""
    file = folder / "real-x8.pgn"
    games = sorted(SHARED_GAMES.glob("*.pgn"))
    if not file.exists():
        if not games:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        file.write_bytes(b"".join(path.read_bytes() for path in games) * 8)
    return file


def json_lines(command):
    """The JSON objects `command` printed, one a line; fails if it does."""
    print("$ " + " ".join(map(str, command)), flush=True)
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True)
    if done.returncode != 0:
        raise Failed(f"`{command[1]}` failed: {done.stderr.strip()[-800:]}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def drop_caches():
    """Drops the page cache; whether the kernel let us."""
    try:
        os.sync()
        DROP_CACHES.write_text("3\n")
        return True
    except OSError:
        return False


def cold(binary, result):
    """Open + first lookup in new processes, one key each (the keys the bench wrote beside the
    store): (inside ms, process ms, whether the page cache was dropped before each)."""
    keys = Path(result["dir"]).with_suffix(".keys").read_text().split()
    inside, outside, dropped = [], [], True
    for key in keys:
        dropped &= drop_caches()
        began = time.monotonic()
        [line] = json_lines([binary, "lookup", result["store"], result["layout"], result["dir"], key])
        outside.append((time.monotonic() - began) * 1e3)
        inside.append(line["open_and_lookup_us"] / 1e3)
    return inside, outside, dropped


def zstd19_ratio():
    """Compressed over plain bytes of the shared real files (once: `F` repeats them, which
    zstd's window would find) by `zstd -19`, or None without the zstd CLI."""
    if not shutil.which("zstd"):
        return None
    text = b"".join(path.read_bytes() for path in sorted(SHARED_GAMES.glob("*.pgn")))
    done = subprocess.run(["zstd", "-19", "-T2", "-c", "-q"], input=text, capture_output=True,
                          check=True)
    return len(done.stdout) / len(text)


def build_cost(store):
    """(CPU s, wall s, dependencies, wasm32 result) of the tiny reader of `store`."""
    crate = TINY / store
    with tempfile.TemporaryDirectory(prefix=f"jaque-store-{store}-") as target:
        env = dict(os.environ, CARGO_TARGET_DIR=target, CARGO_TERM_COLOR="never")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.monotonic()
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=crate, env=env, check=True)
        wall = time.monotonic() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        wasm = wasm_build(crate, env)
    tree = subprocess.run(["cargo", "tree", "-e", "normal", "--prefix", "none"], cwd=crate,
                          capture_output=True, text=True, check=True)
    return cpu, wall, len(set(tree.stdout.splitlines())), wasm


def wasm_build(crate, env):
    """Whether `crate` builds for wasm32-unknown-unknown with web/build.sh's toolchain: "yes",
    or "no: " and the first error."""
    if not (Path("/usr/bin/cargo").exists() and shutil.which("wasm-ld")):
        return "not tried: web/build.sh's toolchain is absent"
    env = dict(env, RUSTC="/usr/bin/rustc", RUSTC_BOOTSTRAP="1", RUSTFLAGS="-C linker=wasm-ld")
    done = subprocess.run(["/usr/bin/cargo", "build", "--release", "--quiet", "--target",
                           "wasm32-unknown-unknown", "-Z", "build-std=std,panic_abort"],
                          cwd=crate, env=env, capture_output=True, text=True)
    if done.returncode == 0:
        wasm = Path(env["CARGO_TARGET_DIR"]) / "wasm32-unknown-unknown/release" / f"tiny-{crate.name}.wasm"
        return f"yes ({wasm.stat().st_size / 1024:,.0f} KiB, a program that prints)"
    lines = done.stderr.splitlines()
    if any('failed to find tool "clang"' in line for line in lines):
        return "no: its C needs clang for wasm32, absent (`apt-get install clang`)"
    first = next((i for i, line in enumerate(lines) if line.startswith("error")), None)
    if first is None:
        return "no: " + done.stderr.strip()[-200:].replace("|", "\\|")
    where = [line.strip() for line in lines[first + 1:first + 2] if "-->" in line]
    said = " ".join([lines[first]] + where).replace(str(Path.home()), "~")
    return "no: `" + said.replace("`", "'").replace("|", "\\|") + "`"


def kill_tests(binary, file, folder):
    """{(store, layout): kill test result}."""
    results = {}
    for store in STORES:
        for layout in LAYOUTS:
            [line] = json_lines([binary, "kill", store, layout, "--kills", KILLS, "--pgn", file,
                                 "--dir", folder / "kill"])
            results[store, layout] = line
    return results


def mib(n):
    return f"{n / 2**20:,.0f} MiB"


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else math.nan


def store_rows(corpus, results, colds, kills, zstd_ratio):
    """The main table: a row a store and layout."""
    plain = corpus["pgn_bytes"] * corpus["games"] / corpus["file_games"]
    zstd = plain * zstd_ratio if zstd_ratio else None
    lines = ["| store | layout | games loaded | load: games/s | entries/s | a batch: first, "
             "last | bytes an entry: loaded, compacted | vs plain PGN | vs PGN zstd -19 | warm "
             "p50 / p90 / p99 | cold: open + first lookup, median / max | process, median | "
             "kill test |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        key = (r["store"], r["layout"])
        inside, outside, _ = colds[key]
        kill = kills.get(key)
        size = min(r["bytes"], r["compacted_bytes"]) * corpus["games"] / r["games"]
        p50, p90, p99, _ = r["warm_us"]
        passed = f"{kill['passed']}/{kill['kills']}" if kill else "–"
        lines.append(
            f"| {r['store']} | {r['layout']} | {r['games']:,} | {r['games'] / r['load_s']:,.0f} | "
            f"{r['entries'] / r['load_s']:,.0f} | {r['batch_s'][0]:.2f} s, "
            f"{r['batch_s'][2]:.2f} s | {r['bytes'] / r['entries']:.1f}, "
            f"{r['compacted_bytes'] / r['entries']:.1f} | {size / plain:.2f}x | "
            f"{f'{size / zstd:.2f}x' if zstd else '–'} | {p50:,.0f} / {p90:,.0f} / {p99:,.0f} µs "
            f"| {median(inside):.1f} / {max(inside):.1f} ms | {median(outside):.1f} ms | "
            f"{passed} |")
    return lines


def cost_rows(costs):
    """The second table: what each store costs the build."""
    lines = ["| store | clean release build of its tiny reader: CPU / wall | normal "
             "dependencies (with the reader) | builds for wasm32-unknown-unknown |",
             "|---|---|---|---|"]
    for store, (cpu, wall, deps, wasm) in costs.items():
        lines.append(f"| {store} | {cpu:.0f} s / {wall:.0f} s | {deps} | {wasm} |")
    return lines


def notes(corpus, results, budget, dropped):
    """What the tables measured, said under them."""
    return (
        f"{corpus['games']:,} games (the {corpus['file_games']:,} of `F`, the shared real files "
        f"eight times, repeated; a key that one game alone reaches is made new for each game "
        f"id, {corpus['unique_share']:.0%} of the entries), {corpus['entries']:,} entries (a "
        f"game's distinct mainline positions: 64-bit Zobrist key, game, ply of the first "
        f"occurrence), loaded in batches of {corpus['batch_games']:,} games sorted by key, each "
        f"a durable transaction (redb `Durability::Immediate`, fjall `PersistMode::SyncAll`, "
        f"SQLite WAL with `synchronous = FULL`), on one thread (fjall flushes and compacts on "
        f"threads of its own). Layouts: `rows`, a row an entry (key ++ game → ply); `blocks10`, "
        f"a value per batch and 10-bit key prefix, its posting lists delta- and varint-encoded, "
        f"keys cut to 40 bits (benches/stores/src/blocks.rs). A load stops after the batch that "
        f"passes {budget} s: rate and size are of the games loaded, the size scaled to all the "
        f"games for the ratios. Bytes: blocks allocated on disk (fjall's journal included), "
        f"after the load and after a compaction (redb `compact`, fjall flush and major "
        f"compaction, SQLite `VACUUM`) and reopening; the ratio takes the smaller; zstd -19 is "
        f"of the shared real files once. Warm: {results[0]['lookups']:,} keys drawn from the "
        f"entries (so a key as often as games reach it: the start position is in every game), "
        f"looked up in the loading process after the load, every answer checked against the "
        f"truth. Cold: {COLD_KEYS} keys, each a new process opening the store, the page cache "
        f"{'dropped before each' if dropped else 'not dropped (the kernel refused)'}; process: "
        f"the whole process from outside. Kill test: {KILLS} SIGKILLs at random moments of a "
        f"load of small batches; passed: the store opened, held every batch reported whole and "
        f"no partial one, and took a new batch. Goals (issue 55): {GOAL}.")


def section(run):
    """The section: (commands, Markdown lines)."""
    file = make_input(run.target_dir() / "whole-process")
    if file is None:
        return [], ["Not measured: the shared games are absent."]
    command, _, _ = run.cargo(["build", "--release", "--manifest-path", str(MANIFEST)])
    binary = run.target_dir(str(MANIFEST)) / "release" / "stores"
    work = run.target_dir() / "stores-bench"
    games, budget = (QUICK_GAMES, QUICK_BUDGET_S) if run.quick else (GAMES, BUDGET_S)
    bench = [binary, "bench", "--pgn", file, "--games", games, "--dir", work, "--budget-s",
             budget, "--cold-keys", COLD_KEYS, "--stores", ",".join(STORES), "--layouts",
             ",".join(LAYOUTS)]
    [corpus, *results] = json_lines(bench)
    corpus = corpus["corpus"]
    colds = {(r["store"], r["layout"]): cold(binary, r) for r in results}
    dropped = all(d for _, _, d in colds.values())
    kills = kill_tests(binary, file, work)
    costs = {store: build_cost(store) for store in STORES}
    shutil.rmtree(work, ignore_errors=True)
    run.mode = "one run of each, one store after another"
    errors = [f"{s} {l}: {e}" for (s, l), k in kills.items() for e in k["errors"][:2]]
    lines = store_rows(corpus, results, colds, kills, zstd19_ratio()) + [""] + cost_rows(costs)
    lines += ["", notes(corpus, results, budget, dropped)]
    lines += ["", "Kill test errors: " + "; ".join(errors)] if errors else []
    return [command, " ".join(map(str, bench))], lines
