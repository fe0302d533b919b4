#!/usr/bin/env bash
# Time to interactive on the bundled rulebook (see benches/interactive.mjs):
# builds the rulebook, serves it on a local port, and loads its pages in
# headless Chromium, RUNS times each (default 5), nothing cached.
#   benches/interactive.sh [RUNS]
# Needs chromium and `npm ci --prefix crates/omweso-cli/tests/browser`
# (./test.sh installs both).
set -euo pipefail
exec "$(dirname "$0")/served-rulebook.sh" benches/interactive.mjs "${1:-5}"
