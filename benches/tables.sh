#!/usr/bin/env bash
# Perft with the dense slider table (the default build, magic-gen/dense.magics) against the
# plain one (one slot per blocker subset: what any other seed builds), criterion, one run:
# both builds of benches/perft.rs, in turns, ROUNDS times, then the median time of each case
# per build and round and the ratio plain / dense (above 1: the dense table is faster).
#
#     bash benches/tables.sh [ROUNDS]
#
# Two builds, because the table is a constant of the library; taking turns keeps the load of
# the machine alike for both.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
plain_seed=0x2a
plain_dir=target/plain-table

cargo bench --quiet --bench perft --no-run
JAQUE_MAGIC_SEED=$plain_seed CARGO_TARGET_DIR=$plain_dir cargo bench --quiet --bench perft --no-run
grep -h "slider table" target/release/build/jaque-*/out/tables.rs "$plain_dir"/release/build/jaque-*/out/tables.rs | sort -u

median() { # criterion's median estimate of one case, in ms
  python3 -c "import json,sys; print('%.3f' % (json.load(open(sys.argv[1]))['median']['point_estimate'] / 1e6))" \
    "$1/criterion/perft/$2/new/estimates.json"
}

printf '%-6s %-16s %10s %10s %8s\n' round case dense_ms plain_ms ratio
for round in $(seq "$rounds"); do
  cargo bench --quiet --bench perft -- --noplot > /dev/null 2>&1
  JAQUE_MAGIC_SEED=$plain_seed CARGO_TARGET_DIR=$plain_dir cargo bench --quiet --bench perft -- --noplot > /dev/null 2>&1
  for case in startpos_perft5 kiwipete_perft4; do
    dense=$(median target "$case")
    plain=$(median "$plain_dir" "$case")
    ratio=$(python3 -c "print('%.3f' % ($plain / $dense))")
    printf '%-6s %-16s %10s %10s %8s\n' "$round" "$case" "$dense" "$plain" "$ratio"
  done
done
