#!/usr/bin/env bash
# What the analysis board's levels (a time a move) reach in headless
# Chromium, at full speed and with 4x CPU throttling (see
# benches/web-levels.mjs), on the bundled rulebook built and served locally.
#   benches/web-levels.sh [RATES, default 1,4]
# Needs chromium and `npm ci --prefix crates/omweso-cli/tests/browser`
# (./test.sh installs both).
set -euo pipefail
exec "$(dirname "$0")/served-rulebook.sh" benches/web-levels.mjs "${1:-1,4}"
