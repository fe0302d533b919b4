#!/usr/bin/env bash
# What an author waits for under `omweso serve`: generate a rulebook of N
# chapters (DIAGRAMS random mid-game moves each, as benches/site-scale.sh),
# plus one position file (`content/positions/bench-edit.yaml`, id
# `bench-edit`, the first diagram of chapter 0 with an id) shown by one
# chapter (`ref: bench-edit` appended to the middle chapter). Start
# `omweso serve --port 0`, wait for the first build, then RUNS times
#   - chapter edit: append a line holding a new word to the middle chapter
#     and poll its page over http until the word is served;
#   - position edit: give the position file a new caption and poll the
#     middle chapter's page until the caption is served.
# Prints the median, min and max milliseconds from just before the write
# to the first answer holding the new text, for each kind of edit.
#
#   benches/serve-edit.sh [CHAPTERS]         default 1000
#   DIAGRAMS=3 RUNS=5 benches/serve-edit.sh 1000
#   BASE=/tmp/omweso-main benches/serve-edit.sh 1000   # and an earlier binary
#   ONLY=/tmp/omweso-main benches/serve-edit.sh 1000   # that binary alone, no cargo
#
# The machine may be shared: compare the rows of one run, not of two.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000}
DIAGRAMS=${DIAGRAMS:-3}
RUNS=${RUNS:-5}
TARGET=${CARGO_TARGET_DIR:-$PWD/target}
OMWESO=$TARGET/release/omweso
GEN=$TARGET/release/examples/gen_site
if [ -n "${ONLY:-}" ]; then
  [ -x "$GEN" ] || cargo build --release -q --example gen_site
else
  cargo build --release -q -p omweso-cli && cargo build --release -q --example gen_site
fi
WORK=$(mktemp -d)
SERVER=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

"$GEN" "$WORK/gen" "$N" "$DIAGRAMS" 1 >/dev/null
SITE=$WORK/gen/omweso
MID=$(printf 'chapter-%05d' $((N / 2)))
# the position file: chapter 0's first diagram, with an id
mkdir -p "$SITE/content/positions"
{
  echo "id: bench-edit"
  awk '/^```omweso$/ {on = 1; next} on && /^```$/ {exit} on' "$SITE/content/chapter-00000.md"
} >"$WORK/position.yaml"
cp "$WORK/position.yaml" "$SITE/content/positions/bench-edit.yaml"
printf '\n```omweso\nref: bench-edit\n```\n' >>"$SITE/content/$MID.md"
cp "$SITE/content/$MID.md" "$WORK/chapter.md"

run() { # name, binary
  local name=$1 bin=$2
  rm -rf "$WORK/serve-out"
  "$bin" serve --root "$SITE" --port 0 --out "$WORK/serve-out" >"$WORK/url" 2>"$WORK/log-$name" &
  SERVER=$!
  local url=""
  for _ in $(seq 600); do
    url=$(sed -n 's/^serving //p' "$WORK/url" 2>/dev/null || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { echo "$name: serve printed no address" >&2; cat "$WORK/log-$name" >&2; exit 1; }
  local started
  started=$(date +%s.%N)
  # a request waits for the first build
  curl -sf -o /dev/null --max-time 600 "${url}index.html"
  printf '%-8s first build served after %.1f s\n' "$name" "$(echo "$(date +%s.%N) - $started" | bc)"
  python3 - "$url" "$SITE" "$MID" "$RUNS" "$name" "$WORK/position.yaml" <<'EOF'
import os, statistics, sys, time, urllib.request
url, site, mid, runs, name, position = sys.argv[1:7]
runs = int(runs)
chapter = os.path.join(site, "content", mid + ".md")
pos_file = os.path.join(site, "content", "positions", "bench-edit.yaml")
page = f"{url}{mid}.html"

def wait_for(word, limit=120.0):
    start = time.monotonic()
    while time.monotonic() - start < limit:
        try:
            with urllib.request.urlopen(page, timeout=limit) as r:
                if word.encode() in r.read():
                    return
        except OSError:
            pass
        time.sleep(0.002)
    sys.exit(f"{name}: {word} not served within {limit} s")

def edit(kind, k):
    word = f"Benchedit{kind}{k}x{os.getpid()}"
    t0 = time.monotonic()
    if kind == "chapter":
        with open(chapter, "a") as f:
            f.write(f"\nA line added: {word}.\n")
    else:
        text = open(position).read()
        text = "".join(
            f"caption: Position edit {word}.\n" if line.startswith("caption:") else line
            for line in text.splitlines(keepends=True))
        tmp = pos_file + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, pos_file)
    wait_for(word)
    ms = (time.monotonic() - t0) * 1000
    time.sleep(1.5)  # let anything the server does after the page settle
    return ms

for kind in ("chapter", "position"):
    times = [edit(kind, k) for k in range(runs)]
    print(f"{name:8} {kind:8} edit: median {statistics.median(times):7.0f} ms, "
          f"min {min(times):7.0f}, max {max(times):7.0f}  "
          f"({', '.join(f'{t:.0f}' for t in times)})", flush=True)
EOF
  kill "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  SERVER=
  # the site back as generated, for the next binary
  cp "$WORK/position.yaml" "$SITE/content/positions/bench-edit.yaml"
  cp "$WORK/chapter.md" "$SITE/content/$MID.md"
}

echo "$N chapters x $DIAGRAMS diagrams, $RUNS edits of each kind, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
if [ -n "${ONLY:-}" ]; then
  run only "$ONLY"
else
  run omweso "$OMWESO"
  [ -n "${BASE:-}" ] && run base "$BASE"
fi
exit 0
