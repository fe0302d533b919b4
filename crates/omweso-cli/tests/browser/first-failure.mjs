// A site whose first build fails: every page is an error page listing the
// located errors (no overlay on top of it); fixing the site turns the open
// page into the site by itself. Run by tests/browser.rs:
//
//   node tests/browser/first-failure.mjs BASE_URL CONFIG_FILE GOOD_CONFIG_TEXT_FILE
//
// Prints a JSON report on stdout; exits 1 when any check failed.

import { launch } from './chromium.mjs';
import { copyFileSync } from 'node:fs';

const [base, configFile, goodConfig] = process.argv.slice(2);
if (!base || !configFile || !goodConfig) {
  console.error('usage: node first-failure.mjs BASE_URL CONFIG_FILE GOOD_CONFIG_TEXT_FILE');
  process.exit(2);
}
const WAIT_MS = 60000;
const problems = [];
const checks = [];
const fail = (msg) => problems.push(msg);
const ok = (msg) => checks.push(msg);

const { context, close } = await launch();
try {
  const page = context.pages()[0] || (await context.newPage());
  page.on('pageerror', (e) => fail(`uncaught exception: ${e.message}`));
  page.on('console', (m) => {
    // The error page itself answers 500: Chromium logs that one load.
    if (m.type() === 'error' && !m.text().includes('500')) fail(`console error: ${m.text()}`);
  });
  const res = await page.goto(new URL('index.html', base).href, { waitUntil: 'load' });
  if (res.status() !== 500) fail(`the error page answered ${res.status()}, not 500`);
  const text = await page.evaluate(() => document.body.innerText);
  if (!text.includes('Build failed')) fail(`no "Build failed" on the page: ${text.slice(0, 300)}`);
  if (!/omweso\.yaml:\d+/.test(text)) fail(`no located error on the page: ${text.slice(0, 300)}`);
  await page.waitForTimeout(1000);
  if (await page.locator('#omweso-serve-overlay').count()) fail('an overlay covers the error page');
  else ok('the first build failed: the page lists the located errors');

  copyFileSync(goodConfig, configFile);
  const deadline = Date.now() + WAIT_MS;
  let fixed = false;
  while (!fixed && Date.now() < deadline) {
    try {
      fixed = await page.evaluate(() => document.readyState === 'complete'
        && !document.querySelector('ol.omweso-build-errors')
        && !!document.querySelector('figure.omweso-diagram, main h1'));
    } catch {
      // reloading
    }
    if (!fixed) await new Promise((r) => setTimeout(r, 200));
  }
  if (fixed) ok('after the fix the open page became the site by itself');
  else fail('the open page did not turn into the site after the fix');
} catch (e) {
  fail(`the browser run stopped: ${e.stack || e}`);
} finally {
  await close();
}
console.log(JSON.stringify({ checks, problems }, null, 2));
process.exit(problems.length ? 1 : 0);
