#!/usr/bin/env bash
# The engine in a reader's browser against the engine natively, in one run:
# `moves` (every legal move, answered as JSON) for N random 64-seed
# positions, natively and through the shipped WebAssembly module in Node
# (V8, the engine of Chromium). Prints moves/s for both.
#   benches/wasm-speed.sh [N, default 2000]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
cargo build --release -q -p omweso-web --example requests
ex=${CARGO_TARGET_DIR:-target}/release/examples/requests
"$ex" "$n" > /tmp/omweso-wasm-requests.json
for run in 1 2 3; do
  "$ex" "$n" --native
  ms=$(node crates/omweso-web/tests/node/answer.js src/site/assets/omweso-engine.js \
    src/site/assets/omweso.wasm < /tmp/omweso-wasm-requests.json 2>&1 >/tmp/omweso-wasm-answers.json |
    sed -E 's/.* in ([0-9.]+) ms/\1/')
  moves=$(grep -o '\\"notation\\":' /tmp/omweso-wasm-answers.json | wc -l)
  awk -v n="$n" -v m="$moves" -v ms="$ms" \
    'BEGIN { printf "wasm:   %d requests, %d moves in %.1f ms: %.0f moves/s (answers as JSON included)\n", n, m, ms, m / ms * 1000 }'
done
