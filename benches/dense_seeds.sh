#!/usr/bin/env bash
# The dense search (with shared slots) over the 20 seeds of magic-gen's search benchmark: one
# round of candidates, 200 order steps and 100 hole steps each, on one thread; prints seed,
# table entries and seconds, then the range and median.
#
#     bash benches/dense_seeds.sh [MAGIC-GEN OPTIONS...]    # default: --rounds 1 --steps 200 --holes 100
set -euo pipefail
cd "$(dirname "$0")/.."
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--rounds 1 --steps 200 --holes 100)
cargo build --quiet --release -p magic-gen
# The seeds of magic-gen/benches/search.rs: the default one, small ones, then an LCG's values.
seeds=$(python3 - <<'PY'
M = 2**64
s = [0x006a61717565, 0, 1, 2, 3, 42, 1234, M - 1]
x = 0x0123456789abcdef
while len(s) < 20:
    x = (x * 6364136223846793005 + 1442695040888963407) % M
    s.append(x)
print(' '.join(hex(v) for v in s))
PY
)
results=()
for seed in $seeds; do
  start=$(date +%s.%N)
  entries=$(target/release/magic-gen --seed "$seed" "${options[@]}" --jobs 1 2>/dev/null \
    | sed -n 's/^# seed .* table_entries \([0-9]*\)$/\1/p')
  end=$(date +%s.%N)
  seconds=$(python3 -c "print('%.1f' % ($end - $start))")
  printf '%-20s %8s %6s s\n' "$seed" "$entries" "$seconds"
  results+=("$entries")
done
printf '%s\n' "${results[@]}" | sort -n | python3 -c "
import sys, statistics
v = [int(l) for l in sys.stdin if l.strip()]
print(f'{len(v)} seeds: {min(v)} to {max(v)} entries, median {statistics.median(v):g}')"
