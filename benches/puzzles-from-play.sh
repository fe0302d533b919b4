#!/usr/bin/env bash
# Puzzles from the search player's games, measured: for every variant and
# goal, `omweso puzzles generate --player search` asks for COUNT puzzles
# under a time limit of SECONDS (a run stopped by the limit keeps what it
# found), all into one folder, so later runs skip what earlier ones found.
# Prints one line per run (found, seconds, puzzles an hour) and a total.
#
#   benches/puzzles-from-play.sh OUT_DIR [SECONDS]
#
# Environment: VARIANTS (default: all four), GOALS as goal:count pairs
# (default below), SEED (31), NODES (1000, positions a move), OMWESO (the
# binary; default target/release/omweso, under $CARGO_TARGET_DIR if set,
# built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: benches/puzzles-from-play.sh OUT_DIR [SECONDS]}
limit=${2:-400}
variants=${VARIANTS:-"shackell-1935 modern ludii mcgill-2015"}
goals=${GOALS:-"what-happens:5 biggest-capture:7 only-safe-move:7 only-saving-move:4 win-now:4 win-in-two:4 win-in-three:3 cut-off-the-head:3"}
seed=${SEED:-31}
nodes=${NODES:-1000}
bin=${OMWESO:-${CARGO_TARGET_DIR:-target}/release/omweso}
[ -x "$bin" ] || cargo build --release --quiet
mkdir -p "$out"
printf '%-14s %-18s %6s %8s %10s\n' variant goal found seconds per-hour
total=0; secs_total=0
for v in $variants; do
  for gc in $goals; do
    g=${gc%%:*}; n=${gc##*:}
    before=$(ls "$out" | wc -l)
    start=$(date +%s.%N)
    rc=0
    timeout "$limit" "$bin" puzzles generate --goal "$g" --variant "$v" --count "$n" \
      --seed "$seed" --player search --nodes "$nodes" --max-games 1000000 --out "$out" \
      >/dev/null 2>"$out.err" || rc=$?
    end=$(date +%s.%N)
    if grep -q "needs a variant" "$out.err"; then continue; fi
    after=$(ls "$out" | wc -l)
    found=$((after - before))
    secs=$(awk "BEGIN{print $end - $start}")
    total=$((total + found)); secs_total=$(awk "BEGIN{print $secs_total + $secs}")
    printf '%-14s %-18s %6d %8.1f %10.0f%s\n' "$v" "$g" "$found" "$secs" \
      "$(awk "BEGIN{print $found * 3600 / $secs}")" "$([ $rc -eq 124 ] && echo '  (time limit)')"
  done
done
printf 'total %d puzzles in %.0f s: %.0f an hour\n' "$total" "$secs_total" "$(awk "BEGIN{print $total * 3600 / $secs_total}")"
rm -f "$out.err"
