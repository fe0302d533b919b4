#!/usr/bin/env bash
# The README's test command. On a fresh machine it first installs what the
# tests need, then runs every test of the workspace:
#   - Debian packages: chromium (browser test), poppler-utils (pdftoppm, PDF
#     sheet test), fonts-dejavu-core (PNG and PDF text), nodejs and npm,
#     strace (holds a build between its renames to kill it there);
#   - npm: playwright-core for the browser test (from its package-lock).
# Nothing is skipped: what cannot be installed makes the run fail.
# Arguments go to `cargo test` (e.g. ./test.sh -p omweso-engine).
set -euo pipefail
cd "$(dirname "$0")"

sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi

need=()
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
command -v strace >/dev/null 2>&1 || need+=(strace)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing Debian packages: ${need[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

browser=crates/omweso-cli/tests/browser
if [ ! -e "$browser/node_modules/.package-lock.json" ] ||
   [ "$browser/package-lock.json" -nt "$browser/node_modules/.package-lock.json" ]; then
  echo "== npm ci --prefix $browser (playwright-core for the browser test)"
  npm ci --prefix "$browser" --no-audit --no-fund
fi

echo "== cargo test --release --workspace $*"
exec cargo test --release --workspace "$@"
