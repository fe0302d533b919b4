// Puzzles played on the board, in a real browser. Run by tests/browser.rs:
//
//   node tests/browser/puzzle.mjs BASE_URL CASE_JSON ARTIFACT_DIR
//
// CASE_JSON: {first: {id, side, wrong: {pit, move}, right: {pit, move},
// empty_pit, line: {step, wrong: {pit, move} | null, right: {pit, move}}},
// what: {id, wrong, right}, second: {id, right: {pit, move}}}, chosen by
// the Rust side from the verified puzzles (pit numbers of the mover; a
// move's pit may offer a choice of direction, then its button is clicked;
// `what`: indices of the answers a "what happens?" page offers).
// Does, at phone width (390 px), what a reader does:
// - on the first puzzle (a win in two): pick a pit with no legal move,
//   then a wrong move (mouse), then Try again and the solution (keyboard:
//   focus and Enter); the page then plays the defender's reply and asks
//   for the second move: a wrong one, Try again, and a winning one;
// - on a "what happens?" puzzle: a wrong answer, then the right one;
// - on the second: the solution at once (touch-sized click);
// - on the puzzle index: read the solved/missed marks and "next unsolved",
//   then open every "Print a sheet" link and count the sheet's puzzles.
// Reports what the page showed (texts, the board after the wrong move as
// the engine in the page played it, localStorage) for the Rust side to
// compare with the engine; fails on any console error or exception.

import { runCheck, watchErrors } from './chromium.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, caseFile, artifacts] = process.argv.slice(2);
const { first, what, second } = JSON.parse(readFileSync(caseFile, 'utf8'));
const problems = [];
const report = { problems };
const fail = (m) => problems.push(m);

await runCheck({ viewport: { width: 390, height: 900 }, report, problems }, async (context) => {
  const page = await context.newPage();
  watchErrors(page, fail);
  const status = () => page.textContent('.trainer-status');
  const play = async (mv, how) => {
    // on the board the reader is playing on (after a reply, the board
    // after it; the start hidden)
    const pit = `.pickable .omw-pick-pit[data-pit="${mv.pit}"]`;
    if (how === 'keyboard') {
      await page.focus(pit);
      await page.keyboard.press('Enter');
    } else {
      await page.click(pit);
    }
    const choice = `.trainer-choice[data-move="${mv.move}"]`;
    if (await page.$('.trainer-choice')) {
      report.choices = (report.choices || 0) + 1;
      if (how === 'keyboard') { await page.focus(choice); await page.keyboard.press('Enter'); }
      else await page.click(choice);
    }
    await page.waitForFunction((m) => document.querySelector('.trainer').dataset.played === m, mv.move);
  };

  await page.goto(new URL(`puzzles/${first.id}.html`, base).href);
  await page.waitForSelector('.omw-pick-pit');
  report.targets = await page.$$eval('.omw-pick-pit', (l) => l.map((t) => t.getAttribute('aria-label')));
  report.intro = await status();
  await page.click(`.omw-pick-pit[data-pit="${first.empty_pit}"]`);
  report.empty = await status();
  await play(first.wrong, 'mouse');
  report.wrong = {
    status: await status(),
    verdict: await page.getAttribute('.trainer', 'data-verdict'),
    again: await page.isVisible('.trainer-again'),
  };
  await page.waitForSelector('.trainer-frames .try-frame svg:not(.omw-swatch)', { timeout: 30000 });
  report.wrong.after = JSON.parse(await page.getAttribute('.trainer-frames', 'data-after') || 'null');
  report.wrong.progress = await page.textContent('.trainer-progress');
  await page.screenshot({ path: join(artifacts, 'puzzle-wrong-phone.png'), fullPage: true });
  await page.click('.trainer-again');
  if (await page.isVisible('.trainer-again')) fail('Try again stays visible after a retry');
  if (await page.$('.trainer-frames svg')) fail('Try again leaves the wrong move\'s frames');
  await play(first.right, 'keyboard');
  report.right = {
    status: await status(),
    prompt: await page.textContent('.trainer-prompt'),
    verdict: await page.getAttribute('.trainer', 'data-verdict'),
    solution_open: await page.$eval('details.solution', (d) => d.open),
    step: await page.getAttribute('.trainer', 'data-step'),
    solved: await page.getAttribute('.trainer', 'data-solved'),
    // the defender's reply drawn, the board turned to the position after it
    reply_frames: await page.$$eval('.trainer-replies figure .frame', (l) => l.length),
    start_hidden: await page.$eval('#puzzle-start', (f) => f.hidden),
    board: await page.$eval(`#puzzle-turn-${first.line.step}`, (f) => !f.hidden && f.offsetParent !== null),
    targets: await page.$$eval(`#puzzle-turn-${first.line.step} .omw-pick-pit`, (l) => l.map((t) => t.getAttribute('aria-label'))),
  };
  await page.screenshot({ path: join(artifacts, 'puzzle-line-phone.png'), fullPage: true });
  const line = first.line;
  if (line.wrong) {
    await play(line.wrong, 'mouse');
    report.line_wrong = {
      status: await status(),
      verdict: await page.getAttribute('.trainer', 'data-verdict'),
      again: await page.isVisible('.trainer-again'),
      solved: await page.getAttribute('.trainer', 'data-solved'),
    };
    await page.waitForSelector('.trainer-frames .try-frame svg:not(.omw-swatch)', { timeout: 30000 });
    report.line_wrong.after = JSON.parse(await page.getAttribute('.trainer-frames', 'data-after') || 'null');
    await page.click('.trainer-again');
  }
  await play(line.right, 'mouse');
  report.line_right = {
    status: await status(),
    verdict: await page.getAttribute('.trainer', 'data-verdict'),
    solved: await page.getAttribute('.trainer', 'data-solved'),
    solution_open: await page.$eval('details.solution', (d) => d.open),
  };
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: join(artifacts, 'puzzle-line-solved.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  // solved: picking again does nothing
  await page.click(`#puzzle-turn-${first.line.step} .omw-pick-pit[data-pit="${line.right.pit}"]`);
  if ((await status()) !== report.line_right.status) fail('a pick after the solution changed the verdict');

  // a "what happens?": a wrong answer, then the right one
  await page.goto(new URL(`puzzles/${what.id}.html`, base).href);
  await page.waitForSelector('.trainer-outcome');
  report.what = {
    intro: await status(),
    offered: await page.$$eval('.trainer-outcome', (l) => l.map((b) => b.textContent)),
  };
  await page.click(`.trainer-outcome[data-choice="${what.wrong}"]`);
  report.what.wrong = {
    status: await status(),
    disabled: await page.$eval(`.trainer-outcome[data-choice="${what.wrong}"]`, (b) => b.disabled),
    solution_open: await page.$eval('details.solution', (d) => d.open),
  };
  await page.click(`.trainer-outcome[data-choice="${what.right}"]`);
  report.what.right = {
    status: await status(),
    solved: await page.getAttribute('.trainer', 'data-solved'),
    solution_open: await page.$eval('details.solution', (d) => d.open),
  };
  await page.screenshot({ path: join(artifacts, 'puzzle-what-happens-phone.png'), fullPage: true });

  await page.goto(new URL(`puzzles/${second.id}.html`, base).href);
  await page.waitForSelector('.omw-pick-pit');
  await play(second.right, 'mouse');
  report.second = {
    status: await status(),
    verdict: await page.getAttribute('.trainer', 'data-verdict'),
    progress: await page.textContent('.trainer-progress'),
    next: await page.getAttribute('.trainer-progress a.next-unsolved', 'href'),
  };
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: join(artifacts, 'puzzle-solved.png'), fullPage: true });
  report.storage = await page.evaluate(() => {
    const k = Object.keys(localStorage).find((x) => x.startsWith('omweso-puzzles:'));
    return k ? JSON.parse(localStorage.getItem(k)) : null;
  });
  // a reload keeps it
  await page.reload();
  report.again = await status();

  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(new URL('puzzles/index.html', base).href);
  await page.waitForSelector('.trainer-progress');
  report.index = {
    progress: await page.textContent('.trainer-progress'),
    next: await page.getAttribute('.trainer-progress a.next-unsolved', 'href'),
    marks: await page.$$eval('li.solved > a, li.failed > a', (l) => l.map((a) =>
      [a.getAttribute('href'), a.parentNode.classList.contains('solved') ? 'solved' : 'failed'])),
  };
  await page.screenshot({ path: join(artifacts, 'puzzle-index-phone.png') });
  // the sheets linked from the index, each a page that loads cleanly
  const sheets = await page.$$eval('.puzzle-sheets a', (l) => l.map((a) => [a.getAttribute('href'), a.textContent]));
  report.sheets = [];
  for (const [href, title] of sheets) {
    await page.goto(new URL(`puzzles/${href}`, base).href);
    await page.waitForLoadState('load');
    report.sheets.push({
      href, title,
      puzzles: await page.$$eval('.puzzle', (l) => l.length),
      boards: await page.$$eval('.puzzle svg', (l) => l.length),
      answers: await page.$$eval('.key tbody tr', (l) => l.length),
      back: await page.getAttribute('.sheet-back a', 'href'),
      font: await page.evaluate(async () => { await document.fonts.ready; return document.fonts.check('12px "Source Sans 3"'); }),
    });
  }
  if (sheets.length) {
    await page.goto(new URL(`puzzles/${sheets[0][0]}`, base).href);
    await page.screenshot({ path: join(artifacts, 'puzzle-sheet-phone.png') });
  }
});
