// Screenshots of a built site's pages, for people to look at before they call
// a change to what readers see done (not run by the tests).
//
//   node crates/omweso-cli/tests/browser/screens.mjs BASE_URL OUT_DIR PAGE...
//
// BASE_URL is a served site (e.g. `omweso serve`, or `python3 -m http.server`
// in public/); each PAGE (e.g. `the-move.html`, `puzzles/index.html#x`) is
// shot at 1366 px and at 390 px wide, the whole page, as
// OUT_DIR/<page>-1366.png and OUT_DIR/<page>-390.png. WIDTHS=360,1366 and
// FULL=0 (the first screen only) change what is taken; MEDIA=print shoots
// the pages as they print (suffix -print). Console errors are printed.

import { launch } from './chromium.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const [base, out, ...pages] = process.argv.slice(2);
if (!base || !out || pages.length === 0) {
  console.error('usage: screens.mjs BASE_URL OUT_DIR PAGE...');
  process.exit(2);
}
const widths = (process.env.WIDTHS || '1366,390').split(',').map(Number);
const full = process.env.FULL !== '0';
const media = process.env.MEDIA || 'screen';
mkdirSync(out, { recursive: true });

const { context, close } = await launch();
try {
  const page = await context.newPage();
  await page.emulateMedia({ media });
  page.on('console', (m) => { if (m.type() === 'error') console.error(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => console.error(`uncaught exception: ${e.message}`));
  for (const p of pages) {
    for (const w of widths) {
      await page.setViewportSize({ width: w, height: w > 600 ? 900 : 844 });
      await page.goto(new URL(p, base.endsWith('/') ? base : `${base}/`).href, { waitUntil: 'networkidle' });
      const name = p.replace(/[^A-Za-z0-9._-]+/g, '_');
      const file = join(out, `${name}-${w}${media === 'print' ? '-print' : ''}.png`);
      await page.screenshot({ path: file, fullPage: full });
      console.log(file);
    }
  }
} finally {
  await close();
}
