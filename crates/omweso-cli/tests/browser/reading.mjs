// Reading comfort on a served rulebook, in Debian's Chromium. Run by
// tests/browser.rs:
//
//   node tests/browser/reading.mjs BASE_URL ARTIFACT_DIR
//
// Checks:
// - the shipped fonts: on a chapter, the body is set in Source Serif 4 and
//   every heading in one face, Source Sans 3, both loaded from the site's
//   own assets/fonts/ (no request leaves the site's host);
// - at 1366 px a chapter's "On this page" sits in the right margin, beside
//   the text and clear of it, stays in sight (sticky) when the chapter is
//   scrolled and marks the section being read (aria-current); at 390 px it sits above the text, in the flow, and
//   scrolls away with it; neither width scrolls sideways, and no chapter
//   scrolls sideways at 390 px.
// Screenshots of reverse-capture.html scrolled (1366 and 390) go to
// ARTIFACT_DIR. Prints a JSON report; exits 1 when a check failed.

import { runCheck, watchErrors } from './chromium.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const [base, artifacts] = process.argv.slice(2);
if (!base || !artifacts) {
  console.error('usage: node reading.mjs BASE_URL ARTIFACT_DIR');
  process.exit(2);
}
const root = new URL(base);
const problems = [];
const checks = [];
const fail = (m) => problems.push(m);
const ok = (m) => checks.push(m);
mkdirSync(artifacts, { recursive: true });

await runCheck({ viewport: { width: 1366, height: 900 }, report: { checks, problems }, problems }, async (context) => {
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(15000);
  watchErrors(page, fail);
  const fontRequests = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol !== 'data:' && u.host !== root.host) fail(`a request leaves the site: ${r.url()}`);
    if (r.resourceType() === 'font') fontRequests.push(u.pathname);
  });
  const open = async (path) => {
    await page.goto(new URL(path, root).href, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
  };

  // --- the shipped fonts
  await open('the-move.html');
  const type = await page.evaluate(() => {
    const family = (el) => getComputedStyle(el).fontFamily;
    const first = (f) => f.split(',')[0].trim().replace(/"/g, '');
    const heads = [...document.querySelectorAll('h1, h2, h3, h4')].map((h) => first(family(h)));
    const loaded = [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replace(/"/g, '')} ${f.weight} ${f.style}`);
    return {
      body: first(family(document.querySelector('.chapter > p'))),
      heads,
      loaded,
      serif: document.fonts.check('17px "Source Serif 4"'),
      sans: document.fonts.check('bold 17px "Source Sans 3"'),
    };
  });
  if (type.body !== 'Source Serif 4') fail(`the text is set in ${type.body}, not Source Serif 4`);
  const faces = [...new Set(type.heads)];
  if (type.heads.length < 3 || faces.length !== 1 || faces[0] !== 'Source Sans 3') {
    fail(`headings are set in ${faces.join(', ')} (${type.heads.length} headings), not one face, Source Sans 3`);
  }
  for (const want of ['Source Serif 4 400 normal', 'Source Serif 4 700 normal', 'Source Sans 3 700 normal']) {
    if (!type.loaded.includes(want)) fail(`font face not loaded: ${want} (loaded: ${type.loaded.join('; ')})`);
  }
  if (!type.serif || !type.sans) fail('document.fonts.check says a shipped face is not ready');
  const bad = fontRequests.filter((p) => !p.startsWith(`${root.pathname.replace(/\/$/, '')}/assets/fonts/`));
  if (fontRequests.length === 0 || bad.length) fail(`fonts requested: ${fontRequests.join(', ')}`);
  ok(`type: body ${type.body}, ${type.heads.length} headings in ${faces.join(', ')}; fonts fetched: ${[...new Set(fontRequests)].length}`);

  // --- On this page: in the right margin at 1366 px, sticky
  const tocAt = async (width, height) => {
    await page.setViewportSize({ width, height });
    await open('reverse-capture.html');
    const before = await page.evaluate(() => {
      const r = (el) => { const b = el.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width }; };
      const toc = document.querySelector('.chapter > .toc');
      const inner = toc.querySelector('.toc-inner');
      const text = [...document.querySelectorAll('.chapter > p')];
      return {
        toc: r(inner),
        heading: inner.querySelector('.toc-heading').textContent,
        textLeft: Math.min(...text.map((p) => p.getBoundingClientRect().left)),
        textRight: Math.max(...text.map((p) => p.getBoundingClientRect().right)),
        firstText: r(text[0]),
        overflow: document.documentElement.scrollWidth - innerWidth,
        scrollable: document.documentElement.scrollHeight - innerHeight,
      };
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(150);
    const after = await page.evaluate(() => {
      const b = document.querySelector('.chapter > .toc > .toc-inner').getBoundingClientRect();
      // the section being read: the last heading above the top third
      const links = [...document.querySelectorAll('.chapter > .toc a')];
      let want = null;
      for (const a of links) {
        const h = document.getElementById(a.getAttribute('href').slice(1));
        if (h && h.getBoundingClientRect().top <= innerHeight / 3) want = a.textContent;
      }
      const marked = links.filter((a) => a.getAttribute('aria-current') === 'location').map((a) => a.textContent);
      return { top: b.top, bottom: b.bottom, scrollY, want, marked };
    });
    await page.screenshot({ path: join(artifacts, `reverse-capture-scrolled-${width}.png`) });
    return { before, after };
  };

  const wide = await tocAt(1366, 900);
  if (wide.before.heading !== 'On this page') fail(`the panel's heading is ${wide.before.heading}`);
  if (!(wide.before.toc.left >= wide.before.textRight + 16)) {
    fail(`at 1366 px On this page (left ${wide.before.toc.left}) is not in the right margin (text ends at ${wide.before.textRight})`);
  }
  if (wide.before.toc.right > 1366) fail(`at 1366 px On this page runs off the screen (right ${wide.before.toc.right})`);
  if (!(wide.before.toc.top < wide.before.firstText.bottom)) fail('at 1366 px On this page does not start beside the text');
  if (wide.before.scrollable < 2000) fail(`reverse-capture.html is too short to test scrolling (${wide.before.scrollable} px)`);
  if (!(wide.after.scrollY > 1000 && wide.after.top >= 0 && wide.after.top <= 40 && wide.after.bottom <= 900)) {
    fail(`at 1366 px On this page does not stay in sight when scrolled to ${wide.after.scrollY}: top ${wide.after.top}, bottom ${wide.after.bottom}`);
  }
  if (wide.before.overflow > 2) fail(`at 1366 px the page scrolls sideways by ${wide.before.overflow} px`);
  if (!wide.after.want || wide.after.marked.length !== 1 || wide.after.marked[0] !== wide.after.want) {
    fail(`at 1366 px On this page marks ${JSON.stringify(wide.after.marked)}, not the section being read (${wide.after.want})`);
  }
  ok(`1366 px: marks "${wide.after.marked[0]}"; On this page at x ${Math.round(wide.before.toc.left)} (text ends at ${Math.round(wide.before.textRight)}), top ${Math.round(wide.after.top)} px after scrolling ${Math.round(wide.after.scrollY)} px`);

  const phone = await tocAt(390, 844);
  if (!(phone.before.toc.bottom <= phone.before.firstText.top)) {
    fail(`at 390 px On this page (bottom ${phone.before.toc.bottom}) is not above the text (top ${phone.before.firstText.top})`);
  }
  if (!(phone.before.toc.left >= 0 && phone.before.toc.right <= 390)) fail('at 390 px On this page leaves the screen');
  if (!(phone.after.bottom < 0)) {
    fail(`at 390 px On this page stays in sight when scrolled to ${phone.after.scrollY} (top ${phone.after.top}): it should scroll away`);
  }
  ok(`390 px: On this page above the text, gone after scrolling ${Math.round(phone.after.scrollY)} px (bottom ${Math.round(phone.after.bottom)})`);

  // --- no chapter scrolls sideways at 390 px (a wide table scrolls in its own box)
  const chapters = await page.$$eval('.chapter-list a', (as) => as.map((a) => a.getAttribute('href')));
  for (const c of chapters) {
    await open(c);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    if (overflow > 2) fail(`${c} at 390 px scrolls sideways by ${overflow} px`);
  }
  ok(`390 px: ${chapters.length} chapters, none scrolls sideways`);
});
