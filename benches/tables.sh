#!/usr/bin/env bash
# Perft with the dense slider table (the default build: magic-gen/dense.magics, shared slots)
# against another build, criterion: both builds of benches/perft.rs, in turns, ROUNDS times,
# then the median time of each case per build and round and the ratio other / dense (above 1:
# this build is faster).
#
#     bash benches/tables.sh [ROUNDS]        # against the plain table: one slot per blocker
#                                            # subset, what any other seed builds
#     bash benches/tables.sh ROUNDS REV      # against the default build of git revision REV
#                                            # (say, the commit before a table change)
#
# Two builds, because the table is a constant of the library (and cargo refuses two copies of
# jaque in one lockfile); taking turns keeps the load of the machine alike for both.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
rev=${2:-}

if [ -n "$rev" ]; then
  other_src=target/tables-rev
  other_dir=target/tables-rev-target
  rm -rf "$other_src"
  mkdir -p "$other_src"
  git archive "$rev" | tar -x -C "$other_src"
  other_label="rev $(git rev-parse --short "$rev")"
  other() { (cd "$other_src" && CARGO_TARGET_DIR="$PWD/../tables-rev-target" cargo bench --quiet --bench perft "$@"); }
else
  other_dir=target/plain-table
  other_label="seed 0x2a"
  other() { JAQUE_MAGIC_SEED=0x2a CARGO_TARGET_DIR=$other_dir cargo bench --quiet --bench perft "$@"; }
fi

cargo bench --quiet --bench perft --no-run
other --no-run
echo "this build:  $(grep -h "slider table" target/release/build/jaque-*/out/tables.rs | sort -u)"
echo "other build ($other_label): $(grep -h "slider table" "$other_dir"/release/build/jaque-*/out/tables.rs | sort -u)"

median() { # criterion's median estimate of one case, in ms
  python3 -c "import json,sys; print('%.3f' % (json.load(open(sys.argv[1]))['median']['point_estimate'] / 1e6))" \
    "$1/criterion/perft/$2/new/estimates.json"
}

printf '%-6s %-16s %10s %10s %8s\n' round case this_ms other_ms ratio
for round in $(seq "$rounds"); do
  cargo bench --quiet --bench perft -- --noplot > /dev/null 2>&1
  other -- --noplot > /dev/null 2>&1
  for case in startpos_perft5 kiwipete_perft4; do
    this=$(median target "$case")
    that=$(median "$other_dir" "$case")
    ratio=$(python3 -c "print('%.3f' % ($that / $this))")
    printf '%-6s %-16s %10s %10s %8s\n' "$round" "$case" "$this" "$that" "$ratio"
  done
done
