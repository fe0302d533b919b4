#!/usr/bin/env bash
# A short, bounded fuzz pass over every target on stable Rust (cargo-fuzz
# needs nightly flags; RUSTC_BOOTSTRAP=1 lets stable take them). Fails if
# any target finds a crash, a timeout (120 s) or more than 2 GB of memory.
# The timeout is that long because deciding a never-ending move is exact,
# never a lap cap: a position's move can cycle for 10^9 laps, which the
# release build decides in about 7 s and the fuzzers' instrumented build in
# about 30 s (a board the position target found, 1,088,799,144 laps).
#   fuzz/run-short.sh [SECONDS PER TARGET, default 20]
# Installs cargo-fuzz if missing. Builds without a sanitizer (the library
# is safe Rust), which builds and runs faster. On this 2-core machine, with
# cargo-fuzz installed: about 3.5 minutes of build quiet (more since the
# serve target compiles the server stack too: 9 minutes on a loaded machine),
# then SECONDS per target.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
targets=(position block variant game puzzle config chapter glossary notation request serve)
fuzz/seed.sh "${targets[@]}"
cd fuzz
cargo fuzz build --sanitizer none
for t in "${targets[@]}"; do
  echo "== fuzz $t for ${secs}s"
  log=artifacts/run-short-$t.log
  mkdir -p artifacts
  if ! cargo fuzz run --sanitizer none "$t" -- -dict=yaml.dict -max_len=65536 -timeout=120 \
    -rss_limit_mb=2048 -max_total_time="$secs" -print_final_stats=1 > "$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz target $t failed: its input is in fuzz/artifacts/$t"
    exit 1
  fi
  grep -E "^stat::number_of_executed_units" "$log"
done
