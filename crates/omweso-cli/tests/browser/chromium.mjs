// Debian's Chromium under playwright-core, as every browser check starts it:
// headless, a fresh profile, and no background traffic (this machine has no
// network but loopback). Shared by the scripts run by tests/browser.rs.

import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Launch Chromium with its own throw-away profile. `close()` ends the
// browser and removes the profile.
export async function launch(viewport) {
  const profile = mkdtempSync(join(tmpdir(), 'omweso-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.OMWESO_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      // Shared memory in /tmp, not /dev/shm, which a container may cap at
      // 64 MB (too little for a renderer that reloads many times).
      '--disable-dev-shm-usage',
    ],
    ...(viewport ? { viewport } : {}),
    timeout: 60000,
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

// Report every console error and uncaught exception of `page` to `fail`,
// each message prefixed by `where()` (what the page is doing).
export function watchErrors(page, fail, where = () => '') {
  page.on('console', (m) => { if (m.type() === 'error') fail(`${where()}console error: ${m.text()}`); });
  page.on('pageerror', (e) => fail(`${where()}uncaught exception: ${e.message}`));
}

// A browser check from start to end: Chromium launched at `viewport`,
// `body(context)` run, then, whatever happened, `cleanUp()` (when given)
// and the browser closed; an error thrown is one more problem (`the run
// failed: ` and its stack). Then `report` is printed as JSON (`indent`
// spaces) and the process ends: 1 when `problems` (the array the check's
// `fail` pushes to) holds any, else 0.
//
// A renderer that crashes (Chromium's own failure: "Page crashed") is
// always a problem, named as such. When the check gives `again` (which
// puts the site and its arrays back as at the start), a run in which a
// renderer crashed is run once more in a new browser, and
// `report.crashed` says what crashed the first time; a second crash fails.
export async function runCheck({ viewport, report, problems, indent = 1, cleanUp, again }, body) {
  for (let attempt = 1; ; attempt++) {
    const crashes = [];
    const { context, close } = await launch(viewport);
    const onCrash = (page) => page.on('crash', () => crashes.push(`the renderer of ${page.url()} crashed`));
    context.pages().forEach(onCrash);
    context.on('page', onCrash);
    try {
      await body(context);
    } catch (e) {
      problems.push(`the run failed: ${e.stack || e}`);
    } finally {
      if (cleanUp) cleanUp();
      await close();
    }
    if (!crashes.length) break;
    if (attempt === 1 && again) {
      report.crashed = crashes;
      again();
      continue;
    }
    problems.push(...crashes);
    break;
  }
  console.log(JSON.stringify(report, null, indent));
  process.exit(problems.length ? 1 : 0);
}
