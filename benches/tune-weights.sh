#!/bin/sh
# Evaluation weights measured against the default ones: for each candidate
# (material,mobility,threat,threat_against,exposed), the search player with
# those weights plays the default player, both at NODES positions a move,
# GAMES games per variant (set-up pairs played twice, sides swapped), the
# set-ups drawn by the styles policy (`--setups styles`: under McGill's rules
# the default policy has one arrangement, and every pair would repeat one game).
# Candidates can come from examples/tune_eval.rs (fitted to game results).
#
#   benches/tune-weights.sh 100,40,50,25,5 100,10,50,25,5 ...
#   GAMES=1000 NODES=1000 VARIANTS=mcgill-2015,modern benches/tune-weights.sh W...
#
# Prints the strength example's table for each candidate.
set -eu
cd "$(dirname "$0")/.."
GAMES=${GAMES:-1000}
NODES=${NODES:-1000}
SEED=${SEED:-7}
VARIANTS=${VARIANTS:-mcgill-2015,modern}
cargo build --release --example strength -p omweso >&2
for w in "$@"; do
  echo "weights $w"
  "${CARGO_TARGET_DIR:-target}"/release/examples/strength --games "$GAMES" --player "nodes:$NODES" \
    --opponents "nodes:$NODES" --variants "$VARIANTS" --seed "$SEED" --setups styles --weights "$w" | grep '^| [a-z]'
done
