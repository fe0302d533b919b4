// One board, in place (issue 24): every board a reader sees of a position is
// turned as the figure is and names its pits. Run by tests/browser.rs:
//
//   node tests/browser/one-board.mjs BASE_URL CASE_JSON ARTIFACT_DIR
//
// CASE_JSON: {figures: [{page, id}, ...], puzzle: {id}}: chapter figures
// (one drawn from North's seat, North to move; one under rules whose key
// explains the shaded pits, the tallest kind) and a puzzle whose side to
// move is North. For each figure, at 360, 390 and 1366 px:
// - "Try a move" on the figure: the board to pick on has the figure's pit at
//   the bottom left (the same label) and pit names; the figure's box holds
//   one board (its own frames hidden); after a pick, the move's frames (each
//   with its pit names, the bottom-left pit the figure's) in the same box,
//   still one board, with Previous, Play and Next; "Pick another move" goes
//   back to the board to pick on; Reset brings back the documented frames
//   (one board again) and no trace of the try; while picking (every move
//   listed) and after a pick the figure from its board down (board, its
//   words, the controls and the list of moves; the caption above is read
//   before trying) fits within a screen (360×740, a small phone; 390×844, a
//   phone; 1366×900), the whole figure's height reported too
//   and the page is no wider than the screen; stepping through the move's
//   frames leaves the board and its buttons where they are (the frames
//   reserve the longest words' height);
// - on the puzzle: a wrong move's replay frames from the puzzle board's
//   seat (the same bottom-left pit) with pit names, in the board's place
//   (one board in the puzzle's figure); Try again brings the board back;
// - no console error, no uncaught exception.
// Shoots the figure while picking and after a pick at every width
// (try-picking-ID-WIDTH.png, try-in-place-ID-WIDTH.png).
// Prints a JSON report on stdout; exits 1 when any check failed.

import { runCheck, watchErrors } from './chromium.mjs';
import { corner } from './board.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, caseFile, artifacts] = process.argv.slice(2);
const { figures, puzzle } = JSON.parse(readFileSync(caseFile, 'utf8'));
const problems = [];
const report = { problems, figures: {} };
const fail = (m) => problems.push(m);

// the boards shown in a figure (its key's swatches are no boards)
const visibleBoards = (fig) => Array.from(document.querySelectorAll(fig + ' svg:not(.omw-swatch)')).filter((s) => {
  const r = s.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(s).visibility === 'visible';
}).length;

await runCheck({ viewport: { width: 390, height: 900 }, report, problems }, async (context) => {
  const page = await context.newPage();
  let where = '';
  watchErrors(page, fail, () => where);
  const cornerOf = (sel) => page.$eval(sel, new Function('svg', `return (${corner})(svg)`));
  const boards = (fig) => page.evaluate(new Function('fig', `return (${visibleBoards})(fig)`), fig);
  // a small phone (360×740), a phone (390×844), a laptop (1366×900)
  // from the top of the figure's board (`part`) to the figure's bottom
  const fromBoard = (fig, part) => page.$eval(fig, (e, p) => {
    const board = e.querySelector(p);
    return Math.round(e.getBoundingClientRect().bottom - board.getBoundingClientRect().top);
  }, part);
  for (const figure of figures) {
    report.figures[figure.id] = {};
    for (const [width, screen] of [[360, 740], [390, 844], [1366, 900]]) {
      where = `${figure.id} at ${width} px: `;
      const r = {};
      report.figures[figure.id][width] = r;
      await page.setViewportSize({ width, height: screen });
      await page.goto(new URL(figure.page, base).href);
      const fig = '#' + figure.id;
      r.figure = await cornerOf(`${fig} > .frames > .frame svg`);
      r.boards_before = await boards(fig);
      if (r.boards_before !== 1) fail(`${where}the figure shows ${r.boards_before} boards before a try`);
      await page.click(fig + ' .try-open');
      await page.waitForSelector(fig + ' .try-pick .omw-pick-pit');
      r.pick = await cornerOf(fig + ' .try-pick svg');
      if (r.pick.bottom_left !== r.figure.bottom_left)
        fail(`${where}the pick board's bottom-left pit is ${r.pick.bottom_left}, the figure's ${r.figure.bottom_left}`);
      if (r.pick.names !== 32) fail(`${where}the pick board names ${r.pick.names} pits`);
      r.boards_picking = await boards(fig);
      if (r.boards_picking !== 1) fail(`${where}the figure shows ${r.boards_picking} boards while picking`);
      // while picking, every move listed, the figure keeps within 1.2 screens
      await page.waitForFunction((f) => document.querySelector(f + ' .try-status').textContent === '', fig, { timeout: 60000 });
      r.whole_picking = await page.$eval(fig, (e) => Math.round(e.getBoundingClientRect().height));
      r.height_picking = await fromBoard(fig, '.try-pick');
      if (r.height_picking > screen) fail(`${where}the figure from its board down while picking is ${r.height_picking} px tall, more than a screen (${screen} px)`);
      await page.$eval(fig, (e) => e.scrollIntoView());
      await page.locator(fig).screenshot({ path: join(artifacts, `try-picking-${figure.id}-${width}.png`) });
      // the first move listed, played by its pit on the board
      await page.waitForSelector(fig + ' .try-move');
      const first = await page.$eval(fig + ' .try-move', (b) => b.dataset.notation);
      await page.click(fig + ' .try-move');
      await page.waitForFunction(([f, n]) => {
        const p = document.querySelector(f + ' .try-panel');
        return p && p.dataset.played === n && document.querySelector(f + ' .try-board .try-frame svg:not(.omw-swatch)');
      }, [fig, first], { timeout: 30000 });
      r.played = first;
      r.frames = await page.$$eval(fig + ' .try-board .try-frame svg:not(.omw-swatch)', (l, c) => l.map(new Function('svg', `return (${c})(svg)`)), corner.toString());
      r.frames.forEach((f, i) => {
        if (f.bottom_left !== r.figure.bottom_left)
          fail(`${where}frame ${i + 1} of the move has ${f.bottom_left} bottom left, the figure ${r.figure.bottom_left}`);
        if (f.names !== 32) fail(`${where}frame ${i + 1} of the move names ${f.names} pits`);
      });
      r.boards_after_pick = await boards(fig);
      if (r.boards_after_pick !== 1) fail(`${where}the figure shows ${r.boards_after_pick} boards after a pick`);
      if (await page.isVisible(fig + ' > .frames')) fail(`${where}the figure's own frames stay shown after a pick`);
      r.buttons = await page.$$eval(fig + ' .try-board .stepper button', (l) => l.filter((b) => !b.hidden).map((b) => b.textContent));
      if (r.frames.length > 1 && !['Play', 'Next'].every((w) => r.buttons.some((b) => b.includes(w))))
        fail(`${where}the move's stepper has ${JSON.stringify(r.buttons)}`);
      // the arrow keys step the move's frames, as the figure's
      if (r.frames.length > 1) {
        await page.focus(fig);
        await page.keyboard.press('ArrowRight');
        r.after_arrow = await page.textContent(fig + ' .try-board .frame-status');
        if (r.after_arrow !== `Frame 2 of ${r.frames.length}`) fail(`${where}ArrowRight on the figure shows "${r.after_arrow}"`);
        await page.keyboard.press('ArrowLeft');
      }
      // the frames reserve the longest words' height: through every frame
      // the board and the buttons stay where they are
      r.frame_tops = [];
      for (let i = 0; i < r.frames.length; i++) {
        r.frame_tops.push(await page.$eval(fig + ' .try-board', (b) => {
          const top = (e) => Math.round(e.getBoundingClientRect().top + scrollY);
          return [top(b.querySelector('.try-frame')), top(b.querySelector('.stepper'))].join(' ');
        }));
        if (i < r.frames.length - 1) await page.click(fig + ' .try-board .stepper .next');
      }
      if (new Set(r.frame_tops).size !== 1) fail(`${where}the board or its buttons move from frame to frame: ${JSON.stringify(r.frame_tops)}`);
      r.whole = await page.$eval(fig, (e) => Math.round(e.getBoundingClientRect().height));
      r.height = await fromBoard(fig, '.try-board');
      if (r.height > screen) fail(`${where}the figure from its board down after a pick is ${r.height} px tall, more than a screen (${screen} px)`);
      r.page_width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (r.page_width > width) fail(`${where}the page after a pick is ${r.page_width} px wide`);
      await page.$eval(fig, (e) => e.scrollIntoView());
      await page.locator(fig).screenshot({ path: join(artifacts, `try-in-place-${figure.id}-${width}.png`) });
      // back to the board to pick on, then Reset
      await page.click(fig + ' .try-again');
      if (!(await page.isVisible(fig + ' .try-pick svg'))) fail(`${where}"Pick another move" shows no board to pick on`);
      r.boards_again = await boards(fig);
      if (r.boards_again !== 1) fail(`${where}the figure shows ${r.boards_again} boards after "Pick another move"`);
      await page.click(fig + ' .try-open');
      if (await page.$(fig + ' .try-board, ' + fig + ' .try-panel')) fail(`${where}Reset leaves the try's board or panel`);
      if (!(await page.isVisible(fig + ' > .frames'))) fail(`${where}Reset does not bring back the figure's frames`);
      r.boards_reset = await boards(fig);
      if (r.boards_reset !== 1) fail(`${where}the figure shows ${r.boards_reset} boards after Reset`);
    }
  }

  // the puzzle: a wrong move's replay, turned as the puzzle's board
  where = 'puzzle: ';
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(new URL(`puzzles/${puzzle.id}.html`, base).href);
  await page.waitForSelector('#puzzle-start .omw-pick-pit');
  const p = {};
  report.puzzle = p;
  p.board = await cornerOf('#puzzle-start svg');
  const data = JSON.parse(await page.textContent('#puzzle-data'));
  // a wrong move whose pit offers no choice of direction
  const wrong = data.attempts.find((a) => !a.ok
    && data.attempts.filter((b) => parseInt(b.move, 10) === parseInt(a.move, 10)).length === 1);
  if (!wrong) throw new Error('the puzzle has no wrong move to play');
  p.wrong = wrong.move;
  await page.click(`#puzzle-start .omw-pick-pit[data-pit="${parseInt(wrong.move, 10)}"]`);
  await page.waitForSelector('.trainer-frames .try-frame svg:not(.omw-swatch)', { timeout: 30000 });
  p.frames = await page.$$eval('.trainer-frames .try-frame svg:not(.omw-swatch)', (l, c) => l.map(new Function('svg', `return (${c})(svg)`)), corner.toString());
  p.frames.forEach((f, i) => {
    if (f.bottom_left !== p.board.bottom_left)
      fail(`${where}replay frame ${i + 1} has ${f.bottom_left} bottom left, the puzzle's board ${p.board.bottom_left}`);
    if (f.names !== 32) fail(`${where}replay frame ${i + 1} names ${f.names} pits`);
  });
  await page.$eval('#puzzle-start', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(artifacts, 'puzzle-replay-390.png') });
  // in the board's place: one board in the puzzle's figure, the replay
  p.boards_replay = await boards('#puzzle-start');
  if (p.boards_replay !== 1) fail(`${where}the puzzle's figure shows ${p.boards_replay} boards during the replay`);
  if (!(await page.$('#puzzle-start .trainer-frames .try-frame svg'))) fail(`${where}the replay is not in the puzzle's figure`);
  await page.click('.trainer-again');
  if (!(await page.isVisible('#puzzle-start > .frames'))) fail(`${where}Try again does not bring back the puzzle's board`);
  if (await page.$('.trainer-frames svg')) fail(`${where}Try again leaves the replay`);
  p.boards_again = await boards('#puzzle-start');
  if (p.boards_again !== 1) fail(`${where}the puzzle's figure shows ${p.boards_again} boards after Try again`);
  await page.screenshot({ path: join(artifacts, 'puzzle-again-390.png') });
});
