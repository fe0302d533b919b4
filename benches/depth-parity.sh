#!/usr/bin/env bash
# How much the search's score of a position depends on the parity of the
# depth: the mean of (score at depth 7 − score at depth 8) and (score at 9
# − score at 8) over middle-game positions from panel games (for the
# mover, in seeds), and the mean absolute difference between 9 and 8.
# An evaluation that misjudges the mover's next capture shows a gap: odd
# depths end on the mover's own move (the opponent's reply unseen), even
# ones on the reply. Deterministic (fixed depths), so any load will do.
#
#   benches/depth-parity.sh [VARIANT] [WEIGHTS]
#
# VARIANT: a built-in rule set (default ludii); WEIGHTS: the evaluation's
# M,MOB,T,TA,E (default: the engine's). Environment: GAMES (default 4).
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:-ludii}
weights=(${2:+--weights "$2"})
cargo build --release --quiet --example search_depth
bin=${CARGO_TARGET_DIR:-target}/release/examples/search_depth
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for d in 7 8 9; do
    "$bin" --variants "$variant" --games "${GAMES:-4}" --from 4 --to 60 --every 4 \
        --depth "$d" --time-ms 1 "${weights[@]}" --dump "$work/$d" >/dev/null
done
# fields: variant, position, score (centiseeds), best move, nodes; won or
# lost positions (scores near ±1,000,000) are left out
paste -d' ' "$work/7" "$work/8" "$work/9" | awk -v v="$variant" -v w="${2:-default}" '
    { a = $3; b = $8; c = $13
      if (a*a > 8.1e11 || b*b > 8.1e11 || c*c > 8.1e11) next
      n++; g1 += a - b; g2 += c - b; g3 += (c > b ? c - b : b - c) }
    END { printf "%s weights %s: %d positions, depth 7 - 8: %+.2f seeds, 9 - 8: %+.2f, |9 - 8|: %.2f\n",
          v, w, n, g1 / n / 100, g2 / n / 100, g3 / n / 100 }'
