// The analysis board in a real browser, against the command line's engine.
// Run by tests/browser.rs:
//
//   node tests/browser/analysis.mjs BASE_URL CASES_JSON ARTIFACT_DIR
//
// CASES_JSON: a list of {yaml, moves: [{notation, captured, never_ending,
// board_after, text}]} from `omweso moves --format json`, and `long`: the
// YAML of a position with a move that takes seconds to decide.
// Checks, at phone width (390 px):
// - for every case: the YAML pasted and loaded gives the same legal moves,
//   in the same order, in the same words (`text`, the narrator's); playing
//   the first move puts its board_after on the board;
// - a long decision shows progress and Stop ends it at once, leaving the
//   page usable (a new position's moves are then listed);
// - "Computer plays" (quick) on the position `computer` reports its move
//   and its words, for the Rust side to compare with the search player;
// - "Players' set-ups" reports the board it set, its flags and its note
//   (with the seed), for the Rust side to compare with the set-up policy;
// - "Try a move" on reverse-capture.html's figure reverse-chain draws the
//   position with South's pits to pick (their names and seeds reported; an
//   empty pit and pit 1, by keyboard, picked), lists the moves and plays each (the boards after are reported, for the Rust side
//   to compare with the engine); Reset restores the figure;
// - no console error, no uncaught exception.
// Prints a JSON report on stdout; exits 1 when any check failed.

import { launch, watchErrors } from './chromium.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, casesFile, artifacts] = process.argv.slice(2);
const { cases, long, computer } = JSON.parse(readFileSync(casesFile, 'utf8'));
const problems = [];
const report = { cases: 0, moves: 0, played: 0, problems };
const fail = (m) => problems.push(m);

const { context, close } = await launch({ width: 390, height: 900 });
try {
  const page = await context.newPage();
  watchErrors(page, fail);
  await page.goto(new URL('analysis.html', base).href);
  await page.waitForSelector('#analysis[data-ready="true"]');
  const settled = () => page.waitForFunction(() => {
    const s = document.querySelector('.an-status').textContent;
    return /legal move|no legal move|game is over/.test(s) && document.querySelector('.an-progress').hidden;
  }, null, { timeout: 60000 });
  const load = async (yaml) => {
    await page.evaluate(() => { document.querySelector('.an-yaml-box').open = true; });
    await page.fill('.an-yaml', yaml);
    await page.click('.an-load');
  };
  const board = () => page.$$eval('.an-row', (rows) => rows.map((r) =>
    Array.from(r.querySelectorAll('.an-count')).map((c) => Number(c.textContent || '0'))));

  for (const [i, c] of cases.entries()) {
    await load(c.yaml);
    const err = await page.textContent('.an-yaml-error');
    if (err) { fail(`case ${i}: the YAML was refused: ${err}`); continue; }
    await settled();
    const shown = await page.$$eval('.an-moves li', (ls) => ls.map((l) => ({
      notation: l.dataset.notation, text: l.querySelector('.an-outcome').textContent })));
    const want = c.moves.map((m) => m.notation);
    const got = shown.map((m) => m.notation);
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      fail(`case ${i}: moves ${JSON.stringify(got)}, the command line gives ${JSON.stringify(want)}`);
      continue;
    }
    c.moves.forEach((m, k) => {
      // the page shows the narrator's sentence, as the command line words it
      const t = shown[k].text.trim();
      if (t !== m.text) fail(`case ${i}, move ${m.notation}: "${t}", the command line says "${m.text}"`);
    });
    report.cases++;
    report.moves += shown.length;
    const first = c.moves.findIndex((m) => m.board_after);
    if (first >= 0) {
      await page.click(`.an-moves li:nth-child(${first + 1}) .an-play`);
      await page.waitForFunction(() => document.querySelectorAll('.an-line li').length === 1);
      const after = await board();
      if (JSON.stringify(after) !== JSON.stringify(c.moves[first].board_after))
        fail(`case ${i}: after ${c.moves[first].notation} the board is ${JSON.stringify(after)}, not ${JSON.stringify(c.moves[first].board_after)}`);
      else report.played++;
      await settled();
      await page.click('.an-undo');
      await settled();
    }
  }

  // A long decision: progress, then Stop.
  await load(long);
  await page.waitForFunction(() => !document.querySelector('.an-progress').hidden);
  await page.waitForTimeout(1500);
  const before = await page.$$eval('.an-moves li', (l) => l.length);
  const t0 = Date.now();
  await page.click('.an-stop');
  await page.waitForFunction(() => /Stopped/.test(document.querySelector('.an-status').textContent), null, { timeout: 2000 })
    .catch(() => fail('Stop did not stop the decision within 2 s'));
  report.stop_ms = Date.now() - t0;
  report.listed_before_stop = before;
  if (!(await page.isHidden('.an-progress'))) fail('the progress bar stays after Stop');
  await page.screenshot({ path: join(artifacts, 'analysis-stopped-phone.png'), fullPage: true });
  // the page still works: a new position is decided
  await page.click('.an-standard');
  await settled();
  const n = await page.$$eval('.an-moves li', (l) => l.length);
  if (n !== 8) fail(`after Stop, the starting position lists ${n} moves, not 8`);

  // the computer: the search player in the module, quick strength
  await load(computer);
  await settled();
  await page.selectOption('.an-strength', '2000');
  await page.click('.an-computer');
  await page.waitForFunction(() => document.querySelectorAll('.an-line li').length === 1, null, { timeout: 60000 });
  report.computer = {
    move: await page.getAttribute('#analysis', 'data-computer'),
    status: await page.textContent('.an-computer-status'),
  };
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: join(artifacts, 'analysis.png'), fullPage: true });

  // Players' set-ups: both sides drawn by the set-up policy in the module;
  // the board, the flags and the note's seed reported for the Rust side
  await page.click('.an-undo');
  await settled();
  await page.click('.an-players');
  await page.waitForFunction(() => /seed \d+/.test(document.querySelector('.an-setup-note').textContent), null, { timeout: 30000 });
  await settled();
  report.players = {
    note: await page.textContent('.an-setup-note'),
    board: await board(),
    variant: await page.inputValue('.an-variant'),
    to_move: await page.inputValue('.an-mover'),
    flags: await page.$$eval('.an-setup input[type=checkbox]', (l) => l.map((b) => b.checked)),
    moves: await page.$$eval('.an-moves li', (l) => l.length),
  };
  await page.$eval('.an-setup', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(artifacts, 'analysis-setup.png') });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.$eval('.an-board', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(artifacts, 'analysis-setup-phone.png') });

  // "Try a move" on a chapter figure: every move listed, each played.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(new URL('reverse-capture.html', base).href);
  const fig = '#pos-reverse-chain';
  await page.click(fig + ' .try-open');
  await page.waitForFunction((f) => document.querySelectorAll(f + ' .try-move').length > 0
    && document.querySelector(f + ' .try-status').textContent === '', fig, { timeout: 30000 });
  const tried = await page.$$eval(fig + ' .try-move', (l) => l.map((b) => b.dataset.notation));
  // pits picked on the drawn board: South's 16, named with their seeds;
  // an empty pit has no move; pit 1 offers its three directions
  await page.waitForSelector(fig + ' .try-pick .omw-pick-pit');
  report.pick_pits = await page.$$eval(fig + ' .try-pick .omw-pick-pit', (l) => l.map((t) => t.getAttribute('aria-label')));
  await page.click(fig + ' .try-pick .omw-pick-pit[data-pit="2"]');
  report.pick_empty = await page.textContent(fig + ' .try-status');
  await page.focus(fig + ' .try-pick .omw-pick-pit[data-pit="1"]');
  await page.keyboard.press('Enter');
  report.pick_offered = await page.$$eval(fig + ' .try-move.offered', (l) => l.map((b) => b.dataset.notation));
  report.tried = {};
  for (const [k, n] of tried.entries()) {
    await page.click(`${fig} .try-move:nth-child(${k + 1})`);
    await page.waitForFunction(([f, n]) => {
      const p = document.querySelector(f + ' .try-panel');
      return p && p.dataset.played === n && p.querySelector('.try-frame svg');
    }, [fig, n]);
    report.tried[n] = JSON.parse(await page.getAttribute(fig + ' .try-panel', 'data-after') || 'null');
  }
  await page.screenshot({ path: join(artifacts, 'try-a-move-phone.png') });
  await page.click(fig + ' .try-open'); // Reset
  if (await page.$(fig + ' .try-panel')) fail('Reset leaves the try panel');
} catch (e) {
  fail('the run failed: ' + (e.stack || e));
} finally {
  await close();
}
console.log(JSON.stringify(report, null, 1));
process.exit(problems.length ? 1 : 0);
