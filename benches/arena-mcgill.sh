#!/bin/sh
# The McGill arena: omweso's search player against the program that won the
# McGill COMP-424 Omweso tournament in 2015 (kelzha/omweso), inside the
# course's own Java framework (cryptokrok/mancala.omweso_AI_engine), sides
# swapped. See docs/STRENGTH.md for how to get the two sources (they are
# never committed here, and never fetched by this script).
#
#   benches/arena-mcgill.sh FRAMEWORK_DIR KELZHA_DIR [GAMES] [MS]
#
#   FRAMEWORK_DIR  a checkout of cryptokrok/mancala.omweso_AI_engine
#   KELZHA_DIR     a checkout of kelzha/omweso
#   GAMES          games, sides swapped (default 20)
#   MS             omweso's time a move in ms (default 300)
#
# Environment:
#   SETUP=policy        omweso's set-up from `omweso setup` (the engine's
#                       policy, seed SEED + game pair), kelzha its own (default)
#   SETUP=same          both players from omweso's policy arrangement
#   SETUP=styles        both players from one arrangement drawn by the
#                       players' styles (`omweso setup --styles`), a new one
#                       for each pair of games: play alone, from varied set-ups
#   SETUP=balanced      as styles, but drawn until the first mover is within
#                       BALANCE seeds (default 4) of level at the start
#                       (`omweso setup --balanced`): play alone, from
#                       arrangements that do not hand the first mover the game;
#                       BALANCE_NODES=N judges each draw with N positions
#                       (default 300,000; deeper is steadier, see STRENGTH.md);
#                       BALANCE_NODES=300000,3000000 judges in turn, keeping
#                       a draw only when both call it level (cheaper than
#                       the deep judge alone)
#   SETUP=concentrated  omweso from kelzha's own arrangement (17 in pit 8,
#                       3 in pits 10-14), kelzha its own
#   ENGINE_ARGS="..."   omweso bestmove's options instead of --time-ms MS
#                       (e.g. "--panel 10": the native panel player)
#   SEED=1  CHECK=0 (skip the move check)  VERBOSE=1 (each move, omweso's score
#                       and the seeds on each side; cut moves explained)
#   OMWESO=path         the omweso binary to play (default: built here), e.g.
#                       a copy of an earlier build to compare with
#   SETUP_OMWESO=path   the omweso binary that draws the set-ups (default
#                       OMWESO): two builds' matches from the same
#                       arrangements, paired game by game (a balanced draw
#                       depends on the search that scores it)
#
# Prints one line a game, then a W-D-L table with the mean time a move of
# each side, then the move check: every framework position met, each of its
# legal moves compared with `omweso moves` (the one expected difference: the
# framework cuts a move at 200 laps, where a truly never-ending move is
# annulled; such moves are counted apart).
set -eu
[ $# -ge 2 ] || { sed -n '2,45p' "$0"; exit 2; }
FRAMEWORK=$(cd "$1" && pwd)
KELZHA=$(cd "$2" && pwd)
GAMES=${3:-20}
MS=${4:-300}
cd "$(dirname "$0")/.."
HERE=$(pwd)
if [ -z "${OMWESO:-}" ]; then
    cargo build --release -p omweso-cli >&2
    OMWESO=${CARGO_TARGET_DIR:-$HERE/target}/release/omweso
fi

BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
mkdir -p "$BUILD/src" "$BUILD/classes"
# the framework (boardgame, omweso packages) and kelzha's player, copied
# so that the patch below touches only this copy
cp -r "$FRAMEWORK/src/boardgame" "$FRAMEWORK/src/omweso" "$BUILD/src/"
cp -r "$KELZHA/src/s260573260" "$BUILD/src/"
# kelzha's MyBoardState.move returns boolean where the framework's
# CCBoardState.move (which it overrides) returns void: make it void
sed -i '/public boolean move(Move m)/,/^    }/{
    s/public boolean move(Move m)/public void move(Move m)/
    s/return false;/return;/
    s/return true;/return;/
}' "$BUILD/src/s260573260/mytools/MyBoardState.java"
javac -nowarn -d "$BUILD/classes" \
    $(find "$BUILD/src" -name '*.java') \
    "$HERE/benches/arena/Arena.java" >&2

set -- --omweso "$OMWESO" --games "$GAMES" --ms "$MS" --setup "${SETUP:-policy}" --seed "${SEED:-1}"
if [ -n "${SETUP_OMWESO:-}" ]; then set -- "$@" --setup-omweso "$SETUP_OMWESO"; fi
if [ -n "${ENGINE_ARGS:-}" ]; then set -- "$@" --engine-args "$ENGINE_ARGS"; fi
if [ "${CHECK:-1}" = 0 ]; then set -- "$@" --no-check; fi
if [ "${VERBOSE:-0}" = 1 ]; then set -- "$@" --verbose; fi
java -cp "$BUILD/classes" Arena "$@"
