// What the browser tests read off a drawn board, shared by them.

// In the page (serialised into it, so self-contained): the label of the
// pit drawn at the bottom left of an SVG board (the pit name with the
// largest y, then the smallest x), and how many pit names it has.
export const corner = (svg) => {
  const names = Array.from(svg.querySelectorAll('text.omw-pitno')).map((t) => ({
    label: t.textContent.trim(),
    x: parseFloat(t.getAttribute('x')),
    y: parseFloat(t.getAttribute('y')),
  }));
  if (!names.length) return { bottom_left: null, names: 0 };
  const maxY = Math.max(...names.map((n) => n.y));
  const bottom = names.filter((n) => Math.abs(n.y - maxY) < 1).sort((a, b) => a.x - b.x);
  return { bottom_left: bottom[0].label, names: names.length };
};
