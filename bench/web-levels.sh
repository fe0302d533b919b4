#!/usr/bin/env bash
# What the analysis board's levels (a time a move) reach in headless
# Chromium, at full speed and with 4x CPU throttling (see
# bench/web-levels.mjs): builds the rulebook, serves it on a local port.
#   bench/web-levels.sh [RATES, default 1,4]
# Needs chromium and `npm ci --prefix crates/omweso-cli/tests/browser`
# (./test.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
out=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$out"' EXIT
target/release/omweso build --out "$out/site" >/dev/null
port=$((20000 + RANDOM % 20000))
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site" >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
  sleep 0.1
done
node bench/web-levels.mjs "http://127.0.0.1:$port/" "${1:-1,4}"
