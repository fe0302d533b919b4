#!/usr/bin/env python3
"""Bytes of a built site's pages by part: the frames' pictures
(<svg class="omw-diagram">), the keys (<ul class="frame-key…">, their
swatches included), the text twins (<details class="text-twin">), the
frames' words (<div class="frame-words"> without the keys inside) and the
rest, for the chapters' pages and the print parts (print*.html) apart,
counting only pages with a figure; and every file's bytes in all.
Prints a Markdown table per site (docs/PERFORMANCE.md's by-part tables).

    benches/page-parts.py SITE [SITE...]

e.g. after `gen_site /tmp/gen 1000 3 1` and `omweso build --root
/tmp/gen/omweso --out /tmp/out-new` (and the same with a base binary into
/tmp/out-base): `benches/page-parts.py /tmp/out-base /tmp/out-new`.
"""
import os
import re
import sys

PARTS = [
    ("frames' pictures (SVG)", re.compile(rb'<svg class="omw-diagram".*?</svg>', re.S)),
    ("keys under the frames (and the figures' keys)", re.compile(rb'<ul class="frame-key[^"]*">.*?</ul>', re.S)),
    ("text twins", re.compile(rb'<details class="text-twin">.*?</details>', re.S)),
    ("frames' words", re.compile(rb'<div class="frame-words">.*?</div>', re.S)),
]


def parts(html):
    """Sizes of each part in one page, each counted once (a key inside a
    frame's words counts as a key)."""
    sizes = []
    rest = html
    for _, pat in PARTS:
        found = pat.findall(rest)
        sizes.append(sum(map(len, found)))
        rest = pat.sub(b"", rest)
    return sizes, len(rest)


def site(root):
    totals = {"chapters": [0] * (len(PARTS) + 1), "print parts": [0] * (len(PARTS) + 1)}
    pages = {"chapters": 0, "print parts": 0}
    whole = 0
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            whole += os.path.getsize(path)
            if not name.endswith(".html"):
                continue
            data = open(path, "rb").read()
            if b'class="omweso-diagram"' not in data:
                continue
            kind = "print parts" if name.startswith("print") else "chapters"
            pages[kind] += 1
            sizes, rest = parts(data)
            for i, s in enumerate(sizes + [rest]):
                totals[kind][i] += s
    return totals, pages, whole


def main():
    for root in sys.argv[1:]:
        totals, pages, whole = site(root)
        print(f"{root}: {whole:,} bytes in all")
        print(f"| part of the pages | chapters ({pages['chapters']}) | print parts ({pages['print parts']}) |")
        print("|---|---:|---:|")
        names = [n for n, _ in PARTS] + ["prose, chrome, captions, lists, steppers"]
        for i, n in enumerate(names):
            print(f"| {n} | {totals['chapters'][i]:,} | {totals['print parts'][i]:,} |")
        print(f"| **all** | {sum(totals['chapters']):,} | {sum(totals['print parts']):,} |")


if __name__ == "__main__":
    main()
