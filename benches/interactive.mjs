// Time to interactive on the bundled rulebook, in headless Chromium: from
// navigation start to the moment a reader can act on the page's engine.
//   node benches/interactive.mjs BASE_URL [RUNS]   (see benches/interactive.sh)
// For each page, a fresh browser context (nothing cached) and RUNS loads;
// prints the median and the range, in ms, of:
// - analysis.html: the board ready, then every legal move of the starting
//   position listed (the module fetched, compiled, and asked 16 times);
// - a puzzle page: the pits to pick in place (no engine needed), then a
//   wrong move's frames drawn by the engine in the page;
// - a chapter: "Try a move" clicked, the board to pick drawn by the engine.
import { createRequire } from 'node:module';
const require = createRequire(new URL('../crates/omweso-cli/tests/browser/', import.meta.url));
const { chromium } = require('playwright-core');

const [base, runsArg] = process.argv.slice(2);
const runs = Number(runsArg || 5);
const browser = await chromium.launch({
  executablePath: process.env.OMWESO_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const now = (page) => page.evaluate(() => performance.now());
const cases = {
  'analysis.html: board ready': async (p) => {
    await p.goto(base + 'analysis.html');
    await p.waitForSelector('#analysis[data-ready="true"]');
    const ready = await now(p);
    await p.waitForFunction(() => /legal move/.test(document.querySelector('.an-status').textContent), null, { polling: 'raf', timeout: 60000 });
    return [ready, await now(p)];
  },
  'puzzle page: pits to pick': async (p) => {
    // the first puzzle of the index (the bundled puzzles change when
    // they are regenerated)
    await p.goto(base + 'puzzles/index.html');
    const first = await p.$eval('main a[href$=".html"]:not([href^="../"])', (a) => a.href);
    await p.goto(first);
    await p.waitForSelector('.omw-pick-pit', { state: 'attached' });
    const ready = await now(p);
    // a pit holding two seeds or more (a move starts there), and where the
    // rules offer a choice of direction, the first one offered
    const pits = await p.$$eval('.omw-pick-pit', (l) => l
      .filter((t) => Number((/\((\d+) seeds?\)/.exec(t.getAttribute('aria-label')) || [])[1]) >= 2)
      .map((t) => t.dataset.pit));
    await p.click(`.omw-pick-pit[data-pit="${pits[0]}"]`);
    const offered = await p.$('.offered');
    if (offered) await offered.click();
    await p.waitForSelector('.trainer-frames .try-frame svg', { timeout: 60000 });
    return [ready, await now(p)];
  },
  'chapter: Try a move': async (p) => {
    await p.goto(base + 'reverse-capture.html');
    await p.waitForSelector('#pos-reverse-chain .try-open');
    const ready = await now(p);
    await p.click('#pos-reverse-chain .try-open');
    await p.waitForSelector('#pos-reverse-chain .try-pick .omw-pick-pit', { state: 'attached', timeout: 60000 });
    return [ready, await now(p)];
  },
};
const labels = {
  'analysis.html: board ready': 'every move of the start listed',
  'puzzle page: pits to pick': 'a wrong move drawn by the engine',
  'chapter: Try a move': 'the board to pick drawn by the engine',
};
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const fmt = (xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
for (const [name, run] of Object.entries(cases)) {
  const first = [], second = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const [a, b] = await run(page);
    first.push(a); second.push(b);
    await context.close();
  }
  console.log(`${name}: ${fmt(first)}; ${labels[name]}: ${fmt(second)}`);
}
await browser.close();
