#!/usr/bin/env bash
# The search player's speed in the middle game, a baseline commit against
# the working tree, in the same run: nodes a fixed depth costs (the same
# for any machine: the positions and the search are deterministic), the
# time it takes, nodes a second, and the depth reached in a fixed time.
# Runs `examples/search_depth.rs` (the working tree's copy, in both builds)
# alternately, baseline first, ROUNDS times.
#
#   benches/search-depth.sh BASE_REV [ARGS...]
#
# ARGS go to the example (default: --variants mcgill-2015,shackell-1935
# --games 6 --from 4 --to 60 --every 4 --depth 9 --time-ms 300).
# Environment: ROUNDS (default 1); DUMP=PREFIX also writes each build's
# fixed-depth results (score, best move, nodes a position) to
# PREFIX.base.ROUND and PREFIX.tree.ROUND and counts the positions where
# they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: benches/search-depth.sh BASE_REV [ARGS...]}
shift
if [ $# -eq 0 ]; then
    set -- --variants mcgill-2015,shackell-1935 --games 6 --from 4 --to 60 --every 4 --depth 9 --time-ms 300
fi
here=$(pwd)
work=$(mktemp -d)
trap 'git -C "$here" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/base" "$base" >/dev/null
cp examples/search_depth.rs "$work/base/examples/search_depth.rs"
mkdir -p "$work/base/examples/common"
cp examples/common/mod.rs "$work/base/examples/common/mod.rs"
target=${CARGO_TARGET_DIR:-$here/target}
(cd "$work/base" && CARGO_TARGET_DIR="$work/target" cargo build --release --quiet --example search_depth)
cargo build --release --quiet --example search_depth
for round in $(seq "${ROUNDS:-1}"); do
    dump_base=() dump_tree=()
    if [ -n "${DUMP:-}" ]; then
        dump_base=(--dump "$DUMP.base.$round") dump_tree=(--dump "$DUMP.tree.$round")
    fi
    echo "== baseline $(git rev-parse --short "$base") (round $round)"
    "$work/target/release/examples/search_depth" "$@" "${dump_base[@]}"
    echo "== working tree (round $round)"
    "$target/release/examples/search_depth" "$@" "${dump_tree[@]}"
    if [ -n "${DUMP:-}" ]; then
        # fields: variant, position, score, best move, nodes
        paste -d' ' "$DUMP.base.$round" "$DUMP.tree.$round" | awk '
            { n++; if ($3 != $8) s++; if ($4 != $9) b++; if ($5 != $10) k++ }
            END { printf "positions %d: score differs %d, best move differs %d, nodes differ %d\n", n, s, b, k }'
    fi
done
