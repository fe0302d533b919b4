// Drives Debian's Chromium (headless, through playwright-core) over a served
// omweso site and checks what a reader sees. Run by tests/browser.rs:
//
//   node tests/browser/check-site.mjs BASE_URL ARTIFACT_DIR
//
// Checks (the DOM contract is in the project's contract notes):
// - every page reachable from index.html (and every page of the search
//   index, and 404.html) loads (HTTP < 400) with no console
//   error, no uncaught exception and no failed request;
// - every diagram shows a visible SVG of non-zero size (but those a puzzle
//   page keeps hidden until the reader plays: the line's replies);
// - the step-through of a multi-frame diagram on the-move.html moves forward
//   and back with the buttons and the arrow keys, and plays;
// - every page has a lang, a title, one <main>, an <h1>, labelled controls
//   (and the search box, but on the printable puzzle sheets);
// - search finds "Nkutemye" and its first result link opens a page with it;
//   no snippet of a result runs from one block or table cell into the next;
// - print.html in print has no words for the screen (Previous and Next,
//   the Text version…) and says how to read a diagram on paper;
// - in print, every frame of a diagram shows, the stepper does not, and
//   diagrams are not split across pages (the-move.pdf is saved);
// - screenshots of the-move.html (desktop, phone, dark) go to ARTIFACT_DIR;
// - at phone width the header is one row, its sections and search behind a
//   Menu button that opens and closes (Escape).
// Prints a JSON report on stdout; exits 1 when any check failed.

import { runCheck, watchErrors } from './chromium.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const [base, artifacts] = process.argv.slice(2);
if (!base || !artifacts) {
  console.error('usage: node check-site.mjs BASE_URL ARTIFACT_DIR');
  process.exit(2);
}
const root = new URL(base);
const MAX_PAGES = 2000;
const DEADLINE = Date.now() + 8 * 60 * 1000;
const SEARCH_TERM = process.env.OMWESO_SEARCH_TERM || 'Nkutemye';
// The live-reload event stream is cut when a page is left: not a failure.
const LIVE_EVENTS = '/__omweso/events';

const problems = [];
const report = { pages: 0, diagrams: 0, svgs: 0, checks: [], problems };
const fail = (msg) => problems.push(msg);
const aborted = [];
const ok = (msg) => report.checks.push(msg);

// The search index's records, each with its text (`x`) decoded: the index
// is {w: the words, the commonest first, d: the records}, a record's text
// the codes of its words (src/site/search.rs, `code`): zero or more of the
// alphabet's last 28 characters, then one of its first 64.
const CODES = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$!#%&'()*+,-./:;<=>?@[]^`{|}~";
function decodeIndex(index) {
  if (!index || !Array.isArray(index.w) || !Array.isArray(index.d)) return null;
  return index.d.map((d) => {
    const words = [];
    let lead = 0, len = 0;
    for (const ch of d.c || '') {
      const v = CODES.indexOf(ch);
      if (v < 0) throw new Error(`not a code: ${ch}`);
      if (v >= 64) { lead = lead * 28 + v - 64; len++; continue; }
      let first = 0;
      for (let k = 0; k < len; k++) first += 64 * 28 ** k;
      const w = index.w[first + lead * 64 + v];
      if (w === undefined) throw new Error('a code past the list of words');
      words.push(w);
      lead = 0; len = 0;
    }
    const x = words.reduce((t, w, i) => t + (i === 0 || w === '\n' || words[i - 1] === '\n' ? '' : ' ') + w, '');
    return { ...d, x };
  });
}

mkdirSync(artifacts, { recursive: true });

await runCheck({ viewport: { width: 1280, height: 900 }, report, problems, indent: 2 }, async (context) => {
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(15000);
  let where = '(none)';
  watchErrors(page, fail, () => `${where}: `);
  page.on('requestfailed', (r) => {
    const u = new URL(r.url());
    const err = r.failure()?.errorText || '';
    if (u.pathname === LIVE_EVENTS && err.includes('ERR_ABORTED')) return;
    // Leaving a page cancels what it still loads (e.g. the favicon): such a
    // request is fetched again at the end and must succeed then.
    if (err.includes('ERR_ABORTED')) { aborted.push([where, r.url()]); return; }
    fail(`${where}: request failed: ${r.url()} (${err})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) fail(`${where}: HTTP ${r.status()} for ${r.url()}`);
  });

  async function visit(url) {
    where = new URL(url).pathname;
    const res = await page.goto(url, { waitUntil: 'load' });
    if (!res) fail(`${where}: no response`);
    return res;
  }

  // 1. Crawl every page reachable from index.html, every page the search
  // index lists (entries with a "u" or "url"), and the 404 page.
  const start = new URL('index.html', root).href;
  const queue = [start];
  const seen = new Set(queue);
  const enqueue = (href) => {
    const u = new URL(href, root);
    if (u.origin !== root.origin || !u.pathname.startsWith(root.pathname)) return;
    u.hash = '';
    u.search = '';
    if (!(u.pathname.endsWith('.html') || u.pathname.endsWith('/'))) return;
    if (!seen.has(u.href)) { seen.add(u.href); queue.push(u.href); }
  };
  let entries = null; // the search index's records
  const index = await page.request.get(new URL('assets/search-index.js', root).href);
  if (!index.ok()) fail(`assets/search-index.js: HTTP ${index.status()}`);
  else {
    const text = await index.text();
    const m = /^window\.OMWESO_SEARCH_INDEX = ([\s\S]*);\n$/.exec(text);
    entries = null;
    try { entries = m && decodeIndex(JSON.parse(m[1])); } catch (_) { entries = null; }
    if (!Array.isArray(entries)) fail('assets/search-index.js does not set a list of pages');
    else for (const e of entries) if (e && (e.u || e.url)) enqueue(e.u || e.url);
  }
  enqueue('404.html');
  while (queue.length) {
    if (Date.now() > DEADLINE) { fail(`crawl stopped at the time limit with ${queue.length} pages left`); break; }
    if (report.pages >= MAX_PAGES) { fail(`crawl stopped after ${MAX_PAGES} pages`); break; }
    const url = queue.shift();
    await visit(url);
    report.pages++;
    const info = await page.evaluate(() => {
      const figures = [...document.querySelectorAll('figure.omweso-diagram')].map((f) => {
        const svgs = [...f.querySelectorAll('li.frame > svg')];
        const visible = svgs.filter((s) => {
          const r = s.getBoundingClientRect();
          return r.width > 0 && r.height > 0;
        });
        const stepper = f.querySelector('.stepper');
        return {
          id: f.id,
          // the puzzle trainer's line: drawn, shown once the reader plays
          waiting: !!f.parentElement.closest('[hidden]'),
          frames: f.querySelectorAll('li.frame').length,
          svgs: svgs.length,
          visible: visible.length,
          stepperShown: !!stepper && !stepper.hidden,
          titled: svgs.every((s) => s.getAttribute('role') === 'img' && s.querySelector('title')),
        };
      });
      const images = [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src);
      const links = [...document.querySelectorAll('a[href]')].map((a) => a.href);
      // a printable puzzle sheet is paper: no site furniture
      const sheet = document.body.classList.contains('omweso-sheet');
      const search = sheet || (!!document.getElementById('search-input') && !!document.getElementById('search-results'));
      const a11y = {
        lang: !!document.documentElement.lang,
        main: document.querySelectorAll('main').length,
        h1: document.querySelectorAll('h1').length,
        title: document.title.trim().length > 0,
        unlabelled: [...document.querySelectorAll('button, input')].filter((e) =>
          !(e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length || e.getAttribute('title'))).length,
      };
      // the figures of a page share their drawings (<defs>): every <use>
      // must find its drawing in the page, and no id may be given twice
      const ids = new Map();
      for (const e of document.querySelectorAll('[id]')) ids.set(e.id, (ids.get(e.id) || 0) + 1);
      const twice = [...ids].filter(([, n]) => n > 1).map(([id]) => id);
      const unresolved = [...new Set([...document.querySelectorAll('use')]
        .map((u) => u.getAttribute('href'))
        .filter((h) => !h || !h.startsWith('#') || !ids.has(h.slice(1))))];
      return { figures, images, links, search, a11y, twice, unresolved, uses: document.querySelectorAll('use').length };
    });
    for (const id of info.twice.slice(0, 5)) fail(`${where}: the id "${id}" is given more than once`);
    for (const h of info.unresolved.slice(0, 5)) fail(`${where}: <use href="${h}"> refers to nothing in the page`);
    report.uses = (report.uses || 0) + info.uses;
    if (!info.search) fail(`${where}: no #search-input / #search-results`);
    const a = info.a11y;
    if (!a.lang) fail(`${where}: <html> has no lang`);
    if (!a.title) fail(`${where}: empty <title>`);
    if (a.main !== 1) fail(`${where}: ${a.main} <main> landmarks, not 1`);
    if (a.h1 < 1) fail(`${where}: no <h1> heading`);
    if (a.unlabelled) fail(`${where}: ${a.unlabelled} buttons or inputs without a label`);
    for (const src of info.images) fail(`${where}: image not loaded: ${src}`);
    for (const f of info.figures) {
      report.diagrams++;
      report.svgs += f.svgs;
      if (f.frames === 0) fail(`${where}: diagram #${f.id} has no frames`);
      else if (f.visible === 0 && !f.waiting) fail(`${where}: diagram #${f.id} shows no visible SVG`);
      // the print page's figures are laid out for paper: every frame at
      // once, no stepper
      const printPage = /\/print(-\d+)?\.html$/.test(where);
      if (printPage && f.stepperShown) fail(`${where}: diagram #${f.id} has a stepper on the print page`);
      if (!printPage && f.frames > 1 && !f.stepperShown) fail(`${where}: diagram #${f.id} has ${f.frames} frames but no stepper`);
      if (!f.titled) fail(`${where}: diagram #${f.id} has an SVG without role="img" and a <title>`);
    }
    for (const href of info.links) enqueue(href);
  }
  ok(`crawled ${report.pages} pages, ${report.diagrams} diagrams, ${report.svgs} SVG frames, ${report.uses} shared drawings used`);
  if (!report.uses) fail('no figure uses a shared drawing');
  if (report.pages < 2) fail('the crawl found fewer than 2 pages');
  if (report.diagrams === 0) fail('no diagram on any page');

  // 2. The step-through on the-move.html.
  await visit(new URL('the-move.html', root).href);
  const fig = page.locator('figure.omweso-diagram').filter({ has: page.locator('li.frame:nth-of-type(2)') }).first();
  if ((await fig.count()) === 0) {
    fail('the-move.html: no multi-frame diagram');
  } else {
    await fig.scrollIntoViewIfNeeded();
    const status = fig.locator('.frame-status');
    const state = () => fig.evaluate((f) => {
      const items = [...f.querySelectorAll('li.frame')];
      return {
        status: f.querySelector('.frame-status')?.textContent.trim(),
        shown: items.map((li, i) => (li.hidden ? -1 : i)).filter((i) => i >= 0),
        current: items.map((li, i) => (li.classList.contains('current') ? i : -1)).filter((i) => i >= 0),
        total: items.length,
      };
    });
    const expectFrame = async (n, how) => {
      const s = await state();
      const want = `Frame ${n} of ${s.total}`;
      if (s.status !== want) fail(`the-move.html: after ${how} the status is "${s.status}", not "${want}"`);
      if (s.shown.length !== 1 || s.shown[0] !== n - 1) fail(`the-move.html: after ${how} the frames shown are [${s.shown}], not [${n - 1}]`);
      if (s.current.length !== 1 || s.current[0] !== n - 1) fail(`the-move.html: after ${how} the current frames are [${s.current}]`);
      return s;
    };
    const first = await expectFrame(1, 'loading');
    const visibleSvg = await fig.locator('li.frame:not([hidden]) svg').first().boundingBox();
    if (!visibleSvg || visibleSvg.width < 50 || visibleSvg.height < 20) fail(`the-move.html: the shown frame's SVG is too small: ${JSON.stringify(visibleSvg)}`);
    await fig.locator('button.next').click();
    await expectFrame(2, 'Next');
    await fig.locator('button.prev').click();
    await expectFrame(1, 'Previous');
    await fig.focus();
    await page.keyboard.press('ArrowRight');
    await expectFrame(2, 'ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expectFrame(1, 'ArrowLeft');
    const before = await status.textContent();
    await fig.locator('button.play').click();
    try {
      await page.waitForFunction(
        ([id, text]) => document.getElementById(id)?.querySelector('.frame-status')?.textContent.trim() !== text,
        [await fig.getAttribute('id'), before.trim()],
        { timeout: 10000 },
      );
      ok('Play advances the frames');
    } catch {
      fail('the-move.html: Play did not change the frame within 10 s');
    }
    await fig.locator('button.play').click();
    ok(`step-through: ${first.total} frames, next/prev/arrow keys move one frame`);
  }

  // Print: every frame of a diagram shows, the stepper does not, and no
  // diagram is split across pages (break-inside: avoid); a PDF of the
  // chapter goes with the screenshots.
  await visit(new URL('the-move.html', root).href);
  await page.emulateMedia({ media: 'print' });
  const print = await page.evaluate(() => {
    const f = [...document.querySelectorAll('figure.omweso-diagram')].find((x) => x.querySelectorAll('li.frame').length > 1);
    if (!f) return null;
    const frames = [...f.querySelectorAll('li.frame')];
    const shown = frames.filter((li) => li.getBoundingClientRect().height > 0).length;
    const stepper = f.querySelector('.stepper');
    return {
      frames: frames.length,
      shown,
      stepperShown: !!stepper && stepper.getBoundingClientRect().height > 0,
      breakInside: getComputedStyle(f).breakInside,
    };
  });
  if (!print) fail('the-move.html: no multi-frame diagram to print');
  else {
    if (print.shown !== print.frames) fail(`the-move.html in print: ${print.shown} of ${print.frames} frames show`);
    if (print.stepperShown) fail('the-move.html in print: the stepper buttons show');
    if (print.breakInside !== 'avoid') fail(`the-move.html in print: diagrams have break-inside: ${print.breakInside}`);
    ok(`print: all ${print.frames} frames of a diagram show, no stepper, break-inside: avoid`);
  }
  // Printed, the rulebook has no words for the screen: how to step
  // through a diagram (Previous, Next, Play, the arrow keys, the Text
  // version) is screen-only; the page says how to read it on paper.
  await page.emulateMedia({ media: 'screen' });
  await visit(new URL('print.html', root).href);
  for (const media of ['screen', 'print']) {
    await page.emulateMedia({ media });
    const words = await page.evaluate(() => document.querySelector('main').innerText);
    const screenWords = ['Step through', 'step through', 'Previous and Next', 'arrow keys', 'Text version', 'Try a move'].filter((w) => words.includes(w));
    const paper = words.includes('On paper every frame is printed');
    if (media === 'print' && (screenWords.length || !paper))
      fail(`print.html in print: screen words ${JSON.stringify(screenWords)}, the paper sentence ${paper ? 'shown' : 'missing'}`);
    if (media === 'screen' && (!words.includes('Previous and Next') || paper))
      fail(`print.html on screen: the stepping sentence ${words.includes('Previous and Next') ? 'shown' : 'missing'}, the paper sentence ${paper ? 'shown' : 'hidden'}`);
  }
  ok('print.html: the words for the screen are not printed, the paper sentence is');
  await page.emulateMedia({ media: 'print' });
  await visit(new URL('the-move.html', root).href);
  // The margins of a print dialog's default (the site may set its own with @page).
  await page.pdf({
    path: join(artifacts, 'the-move.pdf'), format: 'A4', printBackground: true, preferCSSPageSize: true,
    margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' },
  });
  await page.emulateMedia({ media: 'screen' });

  // Screenshots of a chapter: desktop, phone width, dark mode; each also
  // of its first multi-frame diagram alone (full pages are too tall to read).
  const chapter = new URL('the-move.html', root).href;
  const shoot = async (name, fullPage) => {
    await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage });
    const figure = page.locator('figure.omweso-diagram').filter({ has: page.locator('li.frame:nth-of-type(2)') }).first();
    if ((await figure.count()) > 0) await figure.screenshot({ path: join(artifacts, `${name}-diagram.png`) });
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(chapter);
  await shoot('the-move', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(chapter);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 2) fail(`the-move.html at 390 px: the page scrolls sideways by ${overflow} px`);
  await shoot('the-move-phone', true);
  // the phone header: one row, its sections and search behind Menu
  const headerHeight = () => page.$eval('.site-header', (e) => e.getBoundingClientRect().height);
  const closed = await headerHeight();
  if (closed > 70) fail(`the-move.html at 390 px: the header takes ${closed} px`);
  if (await page.isVisible('.top-nav')) fail('at 390 px the sections show before Menu is opened');
  await page.click('.menu-toggle');
  if (!(await page.isVisible('.top-nav a[href$="puzzles/index.html"]')) || !(await page.isVisible('#search-input'))) {
    fail('Menu does not show the sections and the search');
  }
  if ((await page.getAttribute('.menu-toggle', 'aria-expanded')) !== 'true') fail('Menu is not marked expanded');
  await page.keyboard.press('Escape');
  if (await page.isVisible('.top-nav')) fail('Escape does not close the menu');
  ok(`phone header: ${closed.toFixed(0)} px, menu opens and closes`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(chapter);
  await shoot('the-move-dark', false);
  await page.emulateMedia({ colorScheme: 'light' });
  await visit(new URL('index.html', root).href);
  await page.screenshot({ path: join(artifacts, 'index.png'), fullPage: false });
  ok('screenshots saved');

  // 3. Search.
  await visit(new URL('index.html', root).href);
  await page.fill('#search-input', SEARCH_TERM);
  const firstResult = page.locator('#search-results a').first();
  try {
    await firstResult.waitFor({ state: 'visible', timeout: 10000 });
    const count = await page.locator('#search-results a').count();
    const href = await firstResult.getAttribute('href');
    await Promise.all([page.waitForLoadState('load'), firstResult.click()]);
    await page.waitForLoadState('load');
    where = new URL(page.url()).pathname;
    const text = await page.evaluate(() => document.body.innerText);
    if (!text.toLowerCase().includes(SEARCH_TERM.toLowerCase())) fail(`search: the result ${href} does not mention ${SEARCH_TERM}`);
    else ok(`search: "${SEARCH_TERM}" found ${count} result(s); ${href} opens and mentions it`);
  } catch (e) {
    fail(`search: no result link for "${SEARCH_TERM}" (${e.message.split('\n')[0]})`);
  }

  // Snippets by block: the index ends each block and table cell with a
  // newline, and no result's snippet runs from one block into the next
  // ("…(2015) Reverse sowing (Okutebuka) the start…"): each snippet,
  // without its ellipses, lies within one block of its record.
  report.snippets = 0;
  if (Array.isArray(entries)) {
    const blocky = entries.filter((e) => (e.x || '').includes('\n')).length;
    if (!blocky) fail('search: no record of the index keeps its blocks apart');
    await visit(new URL('index.html', root).href);
    for (const q of ['Okutebuka', 'reverse sowing', 'McGill', 'captured']) {
      await page.fill('#search-input', q);
      await page.locator('#search-results a').first().waitFor({ state: 'visible', timeout: 10000 })
        .catch(() => fail(`search: no result for "${q}"`));
      const shown = await page.$$eval('#search-results li', (l) => l.map((li) => ({
        href: li.querySelector('a')?.href || '', snippet: li.querySelector('.snippet')?.textContent || '' })));
      for (const r of shown.filter((r) => r.snippet)) {
        const e = entries.find((e) => r.href.endsWith('/' + e.u));
        if (!e) { fail(`search "${q}": no record for ${r.href}`); continue; }
        const words = r.snippet.replace(/^…/, '').replace(/…$/, '');
        if (words.includes('\n') || !e.x.split('\n').some((b) => b.includes(words)))
          fail(`search "${q}": the snippet "${r.snippet}" of ${e.u} runs across blocks`);
        report.snippets++;
      }
    }
    if (report.snippets < 10) fail(`search: only ${report.snippets} snippets checked`);
    else ok(`search: ${report.snippets} snippets, each within one block`);

    // Every word of a page's text is found (the index lists each word once
    // and a record's text as their codes): a word only one record says,
    // taken from the middle of its text, finds that record, its snippet
    // showing the word.
    const norm = (s) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const said = new Map();
    for (const e of entries) {
      for (const w of new Set(norm(e.x || '').split(/\s+/).filter((w) => /^[a-z]{6,}$/.test(w)))) {
        said.set(w, said.has(w) ? null : e);
      }
    }
    // as the page's script stems a query word ("captured" finds "captur")
    const stem = (w) => { const m = /(ing|ed|es|s|e)$/.exec(w); return m && w.length - m[0].length >= 4 ? w.slice(0, -m[0].length) : w; };
    const rare = [...said].filter(([w, e]) => e && entries.every((o) => o === e
      || !norm([o.t, ...(o.h || []), o.x || ''].join(' ')).includes(stem(w))));
    if (!rare.length) fail('search: no word said by one record only');
    for (const [w, e] of rare.slice(Math.floor(rare.length / 2), Math.floor(rare.length / 2) + 3)) {
      await page.fill('#search-input', w);
      const link = page.locator(`#search-results a[href$="${e.u}"]`).first();
      try {
        await link.waitFor({ state: 'visible', timeout: 10000 });
        const sn = await link.evaluate((a) => a.parentElement.querySelector('.snippet')?.textContent || '');
        if (!norm(sn).includes(w)) fail(`search "${w}": the snippet of ${e.u} does not show it: "${sn}"`);
        else ok(`search: "${w}", said by ${e.u} only, found with its snippet`);
      } catch (err) {
        fail(`search "${w}": no result for ${e.u}, the only record saying it`);
      }
    }
  }

  // Requests cancelled by leaving their page: each must load on its own.
  const retried = new Set();
  for (const [from, url] of aborted) {
    if (retried.has(url)) continue;
    retried.add(url);
    const res = await page.request.get(url);
    if (!res.ok()) fail(`${from}: request failed: ${url} (cancelled, then HTTP ${res.status()})`);
  }
  report.cancelled = retried.size;
});
