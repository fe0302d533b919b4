#!/bin/sh
# The search player's strength table (docs/PLAYER.md, docs/STRENGTH.md).
#
#   benches/strength.sh            the full set: 200 games per pairing, every variant
#   GAMES=20 benches/strength.sh   a quicker pass
#   NODES=5000 VARIANTS=mcgill-2015 OPPONENTS=greedy,depth:2 benches/strength.sh
#   PLAYER=time:100 VARIANTS=mcgill-2015 benches/strength.sh   100 ms a move
#   OPPONENTS=panel GAMES=40 benches/strength.sh   against the strong panel alone
#   RAYON_NUM_THREADS=1 ...      one core (games run in parallel otherwise)
#
# Opponents: random, greedy, depth:N, nodes:N, time:MS, and panel[:N] (the
# strong panel: material-only alpha-beta at depth N, default 10, with the
# published programs' concentrated set-up; see docs/STRENGTH.md).
#
# Node budgets, not time, so the figures are the same on every machine (only
# the nodes/s column depends on it). Runs at low priority; prints a Markdown
# table to stdout, one line per game to stderr with VERBOSE=1.
set -eu
cd "$(dirname "$0")/.."
GAMES=${GAMES:-200}
NODES=${NODES:-2000}
SEED=${SEED:-1}
VARIANTS=${VARIANTS:-all}
OPPONENTS=${OPPONENTS:-random,greedy,depth:1,depth:2,panel}
cargo build --release --example strength -p omweso >&2
set -- --games "$GAMES" --player "${PLAYER:-nodes:$NODES}" --seed "$SEED" --variants "$VARIANTS" --opponents "$OPPONENTS"
if [ "${VERBOSE:-0}" = 1 ]; then set -- "$@" --verbose; fi
exec nice -n 15 "${CARGO_TARGET_DIR:-target}"/release/examples/strength "$@"
