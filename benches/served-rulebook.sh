#!/usr/bin/env bash
# Builds the bundled rulebook, serves it on a local port and runs
# `node SCRIPT URL ARGS...` against it (the browser benchmarks'
# common part; the server stops and the build is removed at the end).
#   benches/served-rulebook.sh SCRIPT [ARGS...]
# Needs chromium and `npm ci --prefix crates/omweso-cli/tests/browser`
# (./test.sh installs both).
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,7p' "$0"; exit 2; }
script=$1
shift
cd "$(dirname "$0")/.."
cargo build --release -q
out=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$out"' EXIT
"${CARGO_TARGET_DIR:-target}"/release/omweso build --out "$out/site" >/dev/null
port=$((20000 + RANDOM % 20000))
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site" >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
  sleep 0.1
done
node "$script" "http://127.0.0.1:$port/" "$@"
