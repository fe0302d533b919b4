#!/usr/bin/env bash
# Fill fuzz/corpus/TARGET (the working corpus, not committed) with the seed
# inputs of each target: the repository's own files of that format, the
# hostile regression corpus (tests/data/hostile/FORMAT) and the inputs
# fuzzing found worth keeping (fuzz/seeds/TARGET). Usage: fuzz/seed.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(position block variant game puzzle config chapter glossary notation request serve)
for t in "${targets[@]}"; do
  case $t in
    position) src=(content/positions/*.yaml src/site/scaffold/first-capture.yaml tests/data/hostile/position/*) ;;
    block) src=(content/positions/*.yaml tests/data/hostile/block/* tests/data/hostile/position/*) ;;
    variant) src=(content/variants/*.yaml tests/data/hostile/variant/*) ;;
    game) src=(content/games/*.yaml tests/data/check-game.yaml tests/data/hostile/game/*) ;;
    puzzle) src=(puzzles/*.yaml src/site/scaffold/puzzle.yaml tests/data/hostile/puzzle/*) ;;
    config) src=(omweso.yaml src/site/scaffold/omweso.yaml tests/data/hostile/config/*) ;;
    chapter) src=(content/*.md src/site/scaffold/introduction.md tests/data/hostile/chapter/*) ;;
    glossary) src=(content/glossary.yaml src/site/scaffold/glossary.yaml tests/data/hostile/glossary/*) ;;
    notation) src=() ;;
    request) src=() ;;
    serve) src=() ;;
    *) echo "unknown target $t" >&2; exit 2 ;;
  esac
  dir=fuzz/corpus/$t
  mkdir -p "$dir"
  for f in "${src[@]}"; do
    cp "$f" "$dir/seed-$(basename "$(dirname "$f")")-$(basename "$f")"
  done
  if [ "$t" = notation ]; then
    for m in 1 16 S12 N2C 7AC 5T s7ac 7ACAACCA; do printf '%s' "$m" > "$dir/seed-move-$m"; done
  fi
  if [ "$t" = request ]; then
    # one request of each kind, as the pages write them
    board="2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2"
    printf 'do board\nvariant modern\nto_move south\nboard %s\nseat north\nlabels on\n' "$board" > "$dir/seed-board"
    printf 'do setup\nvariant mcgill-2015\nseed 7\n' > "$dir/seed-setup"
    printf 'do moves\nvariant ludii\nto_move north\nboard %s\npit 3\n' "$board" > "$dir/seed-moves"
    printf 'do play\nvariant shackell-1935\nto_move south\nboard %s\nmove 5\ntheme dark\n' "$board" > "$dir/seed-play"
    printf 'do best\nvariant modern\nto_move south\nboard %s\nnodes 2000\ntime_ms 50\n' "$board" > "$dir/seed-best"
  fi
  if [ "$t" = serve ]; then
    # requests as browsers and attackers write them
    printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:1111\r\n\r\n' > "$dir/seed-home"
    printf 'GET /rules/a%%20b.html HTTP/1.1\r\nHost: localhost\r\nRange: bytes=0-3\r\n\r\nHEAD /style.css HTTP/1.1\r\nHost: [::1]\r\n\r\n' > "$dir/seed-pipelined"
    printf 'GET /../secret HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' > "$dir/seed-dotdot"
    printf 'GET /%%2e%%2e/site-x/secret HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' > "$dir/seed-escaped"
    printf 'GET /..%%5csecret%%00 HTTP/1.0\r\n\r\n' > "$dir/seed-backslash"
    printf 'GET http://127.0.0.1/rules/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' > "$dir/seed-absolute"
    printf 'GET /__omweso/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /__omweso/live.js HTTP/1.1\r\nHost: evil.example\r\n\r\n' > "$dir/seed-live"
  fi
  if [ -d "fuzz/seeds/$t" ]; then cp fuzz/seeds/"$t"/* "$dir"/ 2>/dev/null || true; fi
done
