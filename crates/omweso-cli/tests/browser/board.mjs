// What the browser tests read off a drawn board, shared by them.

// In the page (serialised into it, so self-contained): the label of the
// pit drawn at the bottom left of an SVG board (the pit name with the
// largest y, then the smallest x), and how many pit names it has. A page's
// boards draw what they share by `<use>` of an earlier frame's definitions
// (issue 27), so the names are found by following each `<use>` to what it
// draws, at its offset; what a frame only defines is not drawn.
export const corner = (svg) => {
  const names = [];
  const num = (el, a) => parseFloat(el.getAttribute(a) || '0');
  const visit = (el, dx, dy, depth) => {
    const tag = el.tagName.toLowerCase();
    if (depth > 16 || tag === 'defs' || tag === 'title' || tag === 'desc') return;
    if (tag === 'text') {
      if (el.classList.contains('omw-pitno'))
        names.push({ label: el.textContent.trim(), x: dx + num(el, 'x'), y: dy + num(el, 'y') });
      return;
    }
    if (tag === 'use') {
      const ref = svg.ownerDocument.getElementById((el.getAttribute('href') || '').replace(/^#/, ''));
      if (ref) visit(ref, dx + num(el, 'x'), dy + num(el, 'y'), depth + 1);
      return;
    }
    for (const c of el.children) visit(c, dx, dy, depth);
  };
  for (const c of svg.children) visit(c, 0, 0, 0);
  if (!names.length) return { bottom_left: null, names: 0 };
  const maxY = Math.max(...names.map((n) => n.y));
  const bottom = names.filter((n) => Math.abs(n.y - maxY) < 1).sort((a, b) => a.x - b.x);
  return { bottom_left: bottom[0].label, names: names.length };
};
