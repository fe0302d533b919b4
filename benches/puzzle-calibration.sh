#!/usr/bin/env bash
# How the bundled puzzles' ratings hold up (issue 23): per difficulty, the
# share a depth-2 search (`omweso bestmove --depth 2`'s player) solves, the
# share of answers capturing nothing that the biggest capture solves, and
# with DEEP (positions a move, default 20000 = 20 times the generator's
# budget) the share whose answer is clearly the best move at that budget.
# Deterministic: node and depth budgets only. Prints a Markdown table.
#
#   benches/puzzle-calibration.sh [DIR]
#
# Environment: DEEP (0 to skip the deep judge), OMWESO (the binary; default
# target/release/omweso, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-puzzles}
deep=${DEEP:-20000}
bin=${OMWESO:-${CARGO_TARGET_DIR:-target}/release/omweso}
[ -x "$bin" ] || cargo build --release --quiet -p omweso-cli
if [ "$deep" = 0 ]; then
  "$bin" puzzles calibrate "$dir"
else
  "$bin" puzzles calibrate "$dir" --deep "$deep"
fi
