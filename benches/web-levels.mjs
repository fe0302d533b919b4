// What the analysis board's levels reach in headless Chromium: the module's
// search (`do best`, `time_ms` 500, 2000, 8000) on two positions, at full
// speed and with CPU throttling (CDP Emulation.setCPUThrottlingRate, a
// phone-class CPU at 4x), asked as the page asks it: through the page's
// engine client (omweso.js: the Web Worker) and, to check that throttling
// reaches the search, on the page's main thread (omweso-engine.js loaded
// into the page). Prints one line a search: depth, positions, the module's
// time and the page's (from the request to the answer).
//   node benches/web-levels.mjs BASE_URL [RATES, default 1,4]   (see benches/web-levels.sh)
import { createRequire } from 'node:module';
const require = createRequire(new URL('../crates/omweso-cli/tests/browser/', import.meta.url));
const { chromium } = require('playwright-core');

const [base, ratesArg] = process.argv.slice(2);
const rates = (ratesArg || '1,4').split(',').map(Number);
const positions = {
  // the checking arrangement, modern rules, South's first move
  start: 'variant modern\nto_move south\nboard 4 4 4 4 4 4 4 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4 4 4 4 4 4 4 4\nflags first_move opponent_first_move before_first_capture\n',
  // a middle game (the browser tests' computer position)
  middle: 'variant modern\nto_move south\nboard 2 0 3 1 0 2 4 0 1 3 0 2 5 0 1 2 0 4 2 1 3 0 2 6 3 1 0 2 2 4 0 1\n',
};
const levels = [500, 2000, 8000];
const browser = await chromium.launch({
  executablePath: process.env.OMWESO_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
console.log(`${new Date().toISOString()}  ${base}`);
try {
  for (const rate of rates) {
    const page = await browser.newPage();
    await page.goto(base + 'analysis.html');
    await page.waitForSelector('#analysis[data-ready="true"]');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    // the engine on the main thread too (over http only: it fetches the module)
    const main = base.startsWith('http') && await page.evaluate(async () => {
      await new Promise((ok, ko) => {
        const s = document.createElement('script');
        s.src = 'assets/omweso-engine.js'; s.onload = ok; s.onerror = ko;
        document.head.appendChild(s);
      });
      window.mainEngine = await OmwesoEngine.load(await fetch('assets/omweso.wasm'));
      return true;
    });
    for (const where of main ? ['worker', 'main'] : ['worker']) {
      for (const [name, pos] of Object.entries(positions)) {
        for (const ms of levels) {
          const r = await page.evaluate(async ([where, req]) => {
            const t = performance.now();
            let a;
            if (where === 'main') a = window.mainEngine.answer(req);
            else {
              window.benchClient = window.benchClient || window.OmwesoEngineClient(new URL('assets/', document.baseURI).href);
              a = await window.benchClient.ask(req);
            }
            return { depth: a.depth, nodes: a.nodes, time_ms: a.time_ms, page_ms: Math.round(performance.now() - t), best: a.best && a.best.notation, evaluation: a.evaluation };
          }, [where, `do best\n${pos}time_ms ${ms}\n`]);
          console.log(`cpu/${rate}  ${where.padEnd(6)}  ${name.padEnd(6)}  time_ms ${String(ms).padStart(4)}:  depth ${String(r.depth).padStart(2)}, ${String(r.nodes).padStart(9)} positions, module ${r.time_ms} ms, page ${r.page_ms} ms, plays ${r.best} (${r.evaluation})`);
        }
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
