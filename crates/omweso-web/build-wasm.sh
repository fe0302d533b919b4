#!/usr/bin/env bash
# Builds the WebAssembly module every site ships (src/site/assets/omweso.wasm)
# from this crate, the engine and the diagram renderer. Run it after
# changing any of them: `cargo test` fails while the shipped module is stale.
set -euo pipefail
cd "$(dirname "$0")/../.."
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build --profile wasm -p omweso-web --target wasm32-unknown-unknown
cp "${CARGO_TARGET_DIR:-target}"/wasm32-unknown-unknown/wasm/omweso_web.wasm src/site/assets/omweso.wasm
raw=$(wc -c < src/site/assets/omweso.wasm)
gz=$(gzip -9 -c src/site/assets/omweso.wasm | wc -c)
echo "src/site/assets/omweso.wasm: $raw bytes, $gz gzipped"
