// Live reload in a real browser: with `omweso serve` running on SITE_DIR,
// editing a chapter reloads the open page with the new text; breaking the
// config shows the build errors in an overlay over the last good page (also
// on a page opened while the build is broken); fixing it removes the overlay.
// Run by tests/browser.rs:
//
//   node tests/browser/live-reload.mjs BASE_URL SITE_DIR CHAPTER_STEM ARTIFACT_DIR
//
// Prints a JSON report on stdout; exits 1 when any check failed.

import { runCheck, watchErrors } from './chromium.mjs';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, site, stem, artifacts] = process.argv.slice(2);
if (!base || !site || !stem || !artifacts) {
  console.error('usage: node live-reload.mjs BASE_URL SITE_DIR CHAPTER_STEM ARTIFACT_DIR');
  process.exit(2);
}
const WAIT_MS = 60000;
const LIVE_EVENTS = '/__omweso/events';
const problems = [];
const checks = [];
const fail = (msg) => problems.push(msg);
const ok = (msg) => checks.push(msg);

mkdirSync(artifacts, { recursive: true });

function watch(page, name) {
  watchErrors(page, fail, () => `${name}: `);
  page.on('requestfailed', (r) => {
    const err = r.failure()?.errorText || '';
    // Reloading cuts the event stream and whatever the page still loaded.
    if (err.includes('ERR_ABORTED')) return;
    if (new URL(r.url()).pathname === LIVE_EVENTS) return;
    fail(`${name}: request failed: ${r.url()} (${err})`);
  });
}

/// Poll `probe` (which may run across reloads) until it returns true.
async function until(page, what, probe) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    try {
      if (await page.evaluate(probe)) return true;
    } catch (e) {
      // The page is reloading, unless its renderer crashed (which runCheck
      // reports).
      if (/crash/i.test(String(e))) {
        fail(`the renderer crashed while waiting for ${what}`);
        return false;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  fail(`timed out after ${WAIT_MS / 1000} s waiting for ${what}`);
  return false;
}

const chapterFile = join(site, 'content', `${stem}.md`);
const configFile = join(site, 'omweso.yaml');
const config = readFileSync(configFile, 'utf8');
const chapter = readFileSync(chapterFile, 'utf8');
let marker;
// the site's configuration is put back however the run ends
const cleanUp = () => writeFileSync(configFile, config);
// After a renderer crash, the run starts again from the site as it was.
const again = () => {
  writeFileSync(chapterFile, chapter);
  checks.length = 0;
  problems.length = 0;
};
const viewport = { width: 1000, height: 800 };
await runCheck({ viewport, report: { checks, problems }, problems, indent: 2, cleanUp, again }, async (context) => {
  marker = `Livereloadmarker${Date.now()}`;
  const page = context.pages()[0] || (await context.newPage());
  watch(page, 'page');
  const url = new URL(`${stem}.html`, base).href;
  await page.goto(url, { waitUntil: 'load' });
  // Give the event stream a moment to connect.
  await until(page, 'the live-reload script', () => !!document.querySelector('script[src="/__omweso/live.js"]'));
  await page.waitForTimeout(500);

  // 1. An edit reloads the page with the new text.
  appendFileSync(chapterFile, `\n\n${marker} was added while the page was open.\n`);
  if (await until(page, 'the edited text after a reload', new Function(`return document.body.innerText.includes(${JSON.stringify(marker)})`))) {
    ok('an edited chapter reloads the open page');
  }

  // 2. A broken build: the overlay lists the located error; the page
  // underneath is still the last good one.
  writeFileSync(configFile, `${config}\nno_such_setting: 1\n`);
  if (await until(page, 'the error overlay', () => {
    const o = document.getElementById('omweso-serve-overlay');
    return !!o && o.innerText.includes('omweso.yaml');
  })) {
    const text = await page.locator('#omweso-serve-overlay').innerText();
    const under = await page.evaluate(() => document.body.innerText);
    if (!under.includes(marker)) fail('under the overlay the page is not the last good build');
    if (!/omweso\.yaml:\d+(:\d+)?:/.test(text)) fail(`the overlay shows no file:line location: ${text}`);
    ok(`a failed build shows the overlay: ${text.split('\n').filter((l) => l.includes('omweso.yaml'))[0]}`);
    await page.screenshot({ path: join(artifacts, 'live-error-overlay.png') });
  }

  // A page opened while the build is broken shows the errors at once.
  const second = await context.newPage();
  watch(second, 'second page');
  await second.goto(new URL('index.html', base).href, { waitUntil: 'load' });
  if (await until(second, 'the overlay on a newly opened page', () => !!document.getElementById('omweso-serve-overlay'))) {
    ok('a page opened during a failed build shows the overlay');
  }
  await second.close();

  // 3. Fixed: the overlay goes away.
  writeFileSync(configFile, config);
  if (await until(page, 'the overlay to go after the fix', () => document.readyState === 'complete' && !document.getElementById('omweso-serve-overlay') && document.body.innerText.length > 0)) {
    ok('fixing the build removes the overlay');
  } else {
    // What the page heard from the server, to tell a lost note from a
    // reload that did not happen.
    const heard = await page.evaluate(() => (window.omwesoServeEvents || []).join('; ')).catch((e) => `unreadable: ${e}`);
    fail(`after the fix the page (${page.url()}) heard: ${heard}`);
  }
});
