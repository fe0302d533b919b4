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
// - the board is the figures' and the puzzles' (one board, issue 24): the
//   engine's drawing, read as the reader sees it (each pit's count under
//   its name), its 32 pits named, South at the bottom from the start; a
//   move shown ("Show") puts its frames in the board's place, one board on
//   the page, each frame turned the same with its pits named, with
//   Previous, Play and Next, which stay where they are from frame to frame
//   (the frames reserve the longest words' height); "Back to the board"
//   brings it back; "Turn the board" puts North at the bottom and the link
//   keeps it; playing North against the computer puts North at the bottom;
//   "Replay" shows the last move played frame by frame;
// - a long decision shows progress and Stop ends it at once, leaving the
//   page usable (a new position's moves are then listed);
// - "Computer plays" (within 2,000 positions: a node budget, so that the
//   Rust side can compare its move with the search player's) on the
//   position `computer` reports its move, its status and the evaluation
//   in words (the narrator's sentence, for the Rust side to compare);
// - playing the computer: the reader plays by tapping the board (a pit
//   with one legal move plays it at once, one with several lists them
//   under the board, the first focused, and Enter plays it); the computer
//   (North, quick level) replies by itself after each of the reader's moves; the move list marks the
//   current move, and clicking a move goes back to its position (the
//   computer then waits); the board marks the pit the last move started
//   from, and the key says so; the evaluation is in words (never a number
//   like "+48.90" or "ply"); the link to the game, opened in a new page,
//   restores the same moves, board and current move; Evaluate says the
//   position's evaluation in words; the three levels are
//   times (about 0.5, 2 and 8 s), the strongest the default;
// - "Players' set-ups" reports the board it set, its flags and its note
//   (with the seed), for the Rust side to compare with the set-up policy;
// - "Try a move" on reverse-capture.html's figure reverse-chain draws the
//   position with South's pits to pick (their names and seeds reported; an
//   empty pit and pit 1, by keyboard, picked), lists the moves and plays each (the boards after are reported, for the Rust side
//   to compare with the engine), each in the figure's box; Reset restores the figure;
// - the engine's workers (over http): the engine's script cut off for the
//   board's drawer and the engine, the page says so, and the next change
//   of position starts new workers, draws the board and lists the moves; changes of position with
//   nothing running start no new worker;
// - no console error, no uncaught exception.
// Prints a JSON report on stdout; exits 1 when any check failed.

import { runCheck, watchErrors } from './chromium.mjs';
import { corner } from './board.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, casesFile, artifacts] = process.argv.slice(2);
const { cases, long, computer } = JSON.parse(readFileSync(casesFile, 'utf8'));
// reverse-capture.md's reverse-chain: South's pit 1 starts several ways
const SEVERAL = `variant: shackell-1935
to_move: south
board:
  - [0, 2, 3, 0, 2, 0, 0, 1]
  - [0, 1, 1, 0, 0, 0, 0, 1]
  - [0, 1, 1, 0, 0, 0, 0, 0]
  - [2, 0, 0, 0, 0, 0, 0, 0]
`;
const problems = [];
const report = { cases: 0, moves: 0, played: 0, problems };
const fail = (m) => problems.push(m);

// The board as drawn (the engine's drawing, as a figure's: each pit's count
// is the number written under its name), as a position file's grid: North's
// outer row first, each row as the position file lists it. Waits for the
// drawing of the position shown (the board is busy until it comes).
const drawnBoard = async (p) => {
  await p.waitForSelector('.an-board:not([aria-busy]) .an-drawn svg');
  return p.$eval('.an-board .an-drawn svg', (svg) => {
    const grid = [0, 1, 2, 3].map(() => [0, 0, 0, 0, 0, 0, 0, 0]);
    const counts = Array.from(svg.querySelectorAll('text.omw-count')).map((t) => ({
      x: parseFloat(t.getAttribute('x')), y: parseFloat(t.getAttribute('y')), n: Number(t.textContent.trim()) }));
    for (const t of svg.querySelectorAll('text.omw-pitno')) {
      const label = t.textContent.trim(), n = Number(label.slice(1));
      const x = parseFloat(t.getAttribute('x')), y = parseFloat(t.getAttribute('y'));
      const c = counts.find((k) => Math.abs(k.x - x) < 1 && k.y > y && k.y - y < 40);
      const [r, col] = label[0] === 'N' ? (n <= 8 ? [0, 8 - n] : [1, n - 9]) : (n >= 9 ? [2, 16 - n] : [3, n - 1]);
      grid[r][col] = c ? c.n : 0;
    }
    return grid;
  });
};
// The pits the last-move mark is drawn on: the names drawn inside it.
const drawnMarks = async (p) => {
  await p.waitForSelector('.an-board:not([aria-busy]) .an-drawn svg');
  return p.$$eval('.an-board .an-drawn svg .an-last-mark', (marks) => marks.map((m) => {
    const cx = parseFloat(m.getAttribute('cx')), cy = parseFloat(m.getAttribute('cy')), r = parseFloat(m.getAttribute('r'));
    const inside = Array.from(m.ownerSVGElement.querySelectorAll('text.omw-pitno')).filter((t) =>
      Math.hypot(parseFloat(t.getAttribute('x')) - cx, parseFloat(t.getAttribute('y')) - cy) < r);
    return inside.map((t) => t.textContent.trim()).join(' ');
  }));
};

await runCheck({ viewport: { width: 390, height: 900 }, report, problems }, async (context) => {
  const page = await context.newPage();
  watchErrors(page, fail);
  await page.goto(new URL('analysis.html', base).href);
  await page.waitForSelector('#analysis[data-ready="true"]');
  // the moves listed (or the game over); on a timeout, what the page shows
  const settled = () => page.waitForFunction(() => {
    const s = document.querySelector('.an-status').textContent;
    return /legal move|no legal move|game is over/.test(s) && document.querySelector('.an-progress').hidden;
  }, null, { timeout: 60000 }).catch(async (e) => {
    const shown = await page.evaluate(() => ({
      status: document.querySelector('.an-status').textContent,
      progress: document.querySelector('.an-progress').hidden ? 'hidden' : document.querySelector('.an-progress').value,
      computer: document.querySelector('.an-computer-status').textContent,
      moves: document.querySelectorAll('.an-moves li').length,
      lines: document.querySelectorAll('.an-line li').length,
    })).catch(() => null);
    throw new Error(`the moves were not listed within 60 s: ${JSON.stringify(shown)}\n${e.message}`);
  });
  const load = async (yaml) => {
    await page.evaluate(() => { document.querySelector('.an-yaml-box').open = true; });
    await page.fill('.an-yaml', yaml);
    await page.click('.an-load');
  };
  const board = (p = page) => drawnBoard(p);
  const cornerOf = (sel, p = page) => p.$eval(sel, new Function('svg', `return (${corner})(svg)`));
  // the boards shown on the page (the key's swatches are no boards)
  const boards = () => page.evaluate(() => Array.from(document.querySelectorAll('main svg:not(.omw-swatch)')).filter((s) => {
    const r = s.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(s).visibility === 'visible';
  }).length);

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

  // One board (issue 24): the figures' and the puzzles' board, the engine's
  // drawing with its 32 pits named, South at the bottom from the starting
  // position; "Show" puts a move's frames in the board's place (one board
  // on the page), each turned the same with its pits named, with Previous,
  // Play and Next, which stay where they are from frame to frame; "Back to
  // the board" brings the board back; "Turn the board" puts North at the
  // bottom, and the link keeps it.
  await page.click('.an-standard');
  await settled();
  const one = {};
  report.one_board = one;
  await drawnBoard(page);
  one.board = await cornerOf('.an-board .an-drawn svg');
  if (one.board.names !== 32) fail(`the board names ${one.board.names} pits`);
  if (one.board.bottom_left !== 'S1') fail(`the starting position is drawn with ${one.board.bottom_left} bottom left, not S1`);
  one.boards = await boards();
  if (one.boards !== 1) fail(`the page shows ${one.boards} boards`);
  await page.click('.an-moves li:nth-child(1) .an-show');
  await page.waitForSelector('.an-replay .try-frame svg:not(.omw-swatch)', { timeout: 30000 });
  one.frames = await page.$$eval('.an-replay .try-frame svg:not(.omw-swatch)', (l, c) => l.map(new Function('svg', `return (${c})(svg)`)), corner.toString());
  one.frames.forEach((f, i) => {
    if (f.bottom_left !== 'S1') fail(`frame ${i + 1} of a move shown has ${f.bottom_left} bottom left, the board S1`);
    if (f.names !== 32) fail(`frame ${i + 1} of a move shown names ${f.names} pits`);
  });
  one.boards_showing = await boards();
  if (one.boards_showing !== 1) fail(`the page shows ${one.boards_showing} boards while a move's frames are shown`);
  if (await page.isVisible('.an-drawn')) fail("the board stays shown beside the move's frames");
  one.buttons = await page.$$eval('.an-replay .stepper button', (l) => l.filter((b) => !b.hidden).map((b) => b.textContent));
  if (one.frames.length > 1 && !['Previous', 'Play', 'Next'].every((w) => one.buttons.some((b) => b.includes(w))))
    fail(`the move's stepper has ${JSON.stringify(one.buttons)}`);
  // frames reserve the longest words' height: the buttons never move
  one.stepper_tops = [];
  for (let i = 0; i < one.frames.length; i++) {
    one.stepper_tops.push(await page.$eval('.an-replay .stepper', (e) => Math.round(e.getBoundingClientRect().top + scrollY)));
    if (i < one.frames.length - 1) await page.click('.an-replay .stepper .next');
  }
  if (new Set(one.stepper_tops).size !== 1) fail(`the frames' buttons move from frame to frame: ${JSON.stringify(one.stepper_tops)}`);
  await page.screenshot({ path: join(artifacts, 'analysis-frames-phone.png') });
  await page.click('.an-back');
  if (!(await page.isVisible('.an-drawn svg')) || (await page.isVisible('.an-replay'))) fail('"Back to the board" does not bring the board back');
  await page.click('.an-turn');
  await page.waitForSelector('.an-board:not([aria-busy]) .an-drawn svg');
  one.turned = await cornerOf('.an-board .an-drawn svg');
  if (one.turned.bottom_left !== 'N1') fail(`the board turned has ${one.turned.bottom_left} bottom left, not N1`);
  one.turned_link = await page.inputValue('.an-link');
  if (!/[#&]seat=north(&|$)/.test(one.turned_link)) fail(`the link of the turned board, ${one.turned_link}, does not keep its seat`);
  await page.click('.an-turn');
  await page.waitForSelector('.an-board:not([aria-busy]) .an-drawn svg');

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
  // a node budget for this check only: the levels are times, whose move
  // the Rust side could not foresee
  await page.$eval('.an-strength', (s) => { s.add(new Option('2,000 positions', 'nodes 2000')); s.value = 'nodes 2000'; });
  await page.click('.an-computer');
  await page.waitForFunction(() => document.querySelectorAll('.an-line li').length === 1, null, { timeout: 60000 });
  report.computer = {
    move: await page.getAttribute('#analysis', 'data-computer'),
    status: await page.textContent('.an-computer-status'),
    evaluation: await page.textContent('.an-eval'),
  };
  await page.$eval('.an-strength', (s) => { s.remove(s.options.length - 1); s.selectedIndex = s.options.length - 1; });
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

  // Playing the computer: the levels, then a game against North.
  report.levels = await page.$$eval('.an-strength option', (l) => l.map((o) => ({ value: o.value, selected: o.selected })));
  const lines = (p = page) => p.$$eval('.an-line li', (l) => l.map((li) => ({
    move: li.querySelector('.an-ply').textContent, current: li.classList.contains('an-current') })));
  const lastMark = () => drawnMarks(page);
  const pitOf = (move) => move.replace(/^([NS]\d+).*$/, '$1');
  await page.click('.an-standard');
  await settled();
  await page.selectOption('.an-strength', 'time_ms 500');
  const vs = { replies: [], taps: [] };
  // the pits of the side to move by their number of legal moves
  const pitsByMoves = () => page.$$eval('.an-moves li', (l) => {
    const by = {};
    for (const li of l) by[li.dataset.pit] = (by[li.dataset.pit] || 0) + 1;
    return by;
  });
  const mover = () => page.$eval('.an-mover', (s) => (s.value === 'south' ? 'S' : 'N'));
  // A tap on a pit of the side to move with `want` legal moves ('one' or
  // 'several'; the other kind when there is none): one move is played at
  // once; several are listed under the board, the first focused, and
  // Enter (the keyboard's way) plays it. Returns what happened.
  const tapPlay = async (want, play = true) => {
    const by = await pitsByMoves(), side = await mover();
    const one = Object.keys(by).find((p) => by[p] === 1), several = Object.keys(by).find((p) => by[p] > 1);
    const before = (await lines()).length;
    const pit = want === 'one' ? (one || several) : (several || one);
    // (the lowest pit of the kind: pit 1 before pit 2)
    if (!pit) { fail(`no pit to tap (${JSON.stringify(by)})`); return {}; }
    const tap = { pit: side + pit, moves: by[pit] };
    await page.click(`.an-drawn .omw-pick-pit[data-label="${side}${pit}"]`);
    if (by[pit] === 1 && play) {
      await page.waitForFunction((n) => document.querySelectorAll('.an-line li').length > n, before, { timeout: 30000 })
        .catch(() => fail(`a tap on ${side}${pit}, a pit with one legal move, did not play it`));
      tap.played = (await lines())[before]?.move;
      if (!tap.played || !new RegExp(`^${side}${pit}(?!\\d)`).test(tap.played)) fail(`a tap on ${side}${pit} played ${tap.played}`);
      return tap;
    }
    await page.waitForSelector('.an-pit-moves:not([hidden]) .an-pit-play', { timeout: 30000 })
      .catch(() => fail(`a tap on ${side}${pit} offers no moves under the board`));
    tap.offered = await page.$$eval('.an-pit-moves .an-pit-play', (l) => l.map((b) => b.dataset.notation));
    tap.focused = await page.evaluate(() => document.activeElement?.dataset?.notation || null);
    if (tap.offered.length !== by[pit]) fail(`a tap on ${side}${pit} offers ${tap.offered.length} moves, the list has ${by[pit]}`);
    // the first move offered is focused; setting up, the pit keeps the
    // focus (digits change its count)
    if (play && tap.focused !== tap.offered[0]) fail(`after a tap on ${side}${pit} the focus is on ${tap.focused}, not the first move offered`);
    if (!play) {
      tap.pit_focused = await page.evaluate(() => document.activeElement?.dataset?.label || null);
      if (tap.pit_focused !== side + pit) fail(`setting up, a tap on ${side}${pit} moves the focus to ${tap.pit_focused}`);
    }
    await page.waitForTimeout(300);
    if ((await lines()).length !== before) fail(`a tap on ${side}${pit} (${by[pit]} moves${play ? '' : ', setting up'}) played one`);
    await page.screenshot({ path: join(artifacts, play ? 'analysis-pit-moves-phone.png' : 'analysis-pit-moves-setup-phone.png') });
    if (!play) await page.focus('.an-pit-moves .an-pit-play');
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('.an-line li').length > n, before, { timeout: 30000 })
      .catch(() => fail(`Enter on the first move offered for ${side}${pit} did not play it`));
    tap.played = (await lines())[before]?.move;
    if (tap.played !== side + tap.offered[0]) fail(`Enter on ${side}${tap.offered[0]} played ${tap.played}`);
    if (await page.isVisible('.an-pit-moves')) fail('the moves offered stay under the board after one is played');
    return tap;
  };
  // a pit with several moves while playing the computer (reverse-chain,
  // Shackell's rules: S1 starts more than one way): they are listed under
  // the board, the first focused; Enter plays it and the computer replies
  const variant = await page.inputValue('.an-variant');
  await page.selectOption('.an-opponent', 'north');
  await load(SEVERAL);
  await settled();
  vs.several = await tapPlay('several');
  if (!(vs.several.moves > 1) || vs.several.pit !== 'S1') fail(`reverse-chain: S1 has not several moves to offer: ${JSON.stringify(vs.several)}`);
  await page.waitForFunction(() => document.querySelectorAll('.an-line li').length === 2, null, { timeout: 30000 })
    .catch(() => fail('the computer did not reply by itself to a move chosen under the board'));
  await page.selectOption('.an-opponent', '');
  await page.click('.an-first');
  await page.click('.an-standard');
  await page.selectOption('.an-variant', variant);
  await settled();
  // setting up (no move played, nobody playing the computer): a tap
  // selects the pit and offers its moves, never plays at once
  vs.setting_up = await tapPlay('several', false);
  await settled();
  await page.click('.an-first');
  await page.click('.an-standard');
  await settled();
  await page.selectOption('.an-opponent', 'north');
  await settled();
  for (const k of [1, 2]) {
    // from the starting position South's first move is a pit with one move
    const tap = await tapPlay(k === 1 ? 'one' : 'several');
    if (k === 1 && tap.moves !== 1) fail(`the starting position has no pit with one legal move to tap: ${JSON.stringify(tap)}`);
    vs.taps.push(tap);
    const t0 = Date.now();
    // nothing clicked: the computer's reply comes by itself
    await page.waitForFunction((n) => document.querySelectorAll('.an-line li').length === n, 2 * k, { timeout: 30000 })
      .catch(() => fail(`the computer did not reply by itself to the reader's move ${k}`));
    vs.replies.push({ ms: Date.now() - t0, lines: await lines(), last_mark: await lastMark(),
      key: await page.textContent('.an-key-last-text'), evaluation: await page.textContent('.an-eval'),
      status: await page.textContent('.an-computer-status') });
    await settled();
  }
  const game = await lines();
  // the computer's last move, frame by frame, in the board's place
  await page.click('.an-replay-last');
  await page.waitForSelector('.an-replay .try-frame svg:not(.omw-swatch)', { timeout: 30000 });
  vs.replay = { title: await page.textContent('.an-frames-title'), frames: await page.$$eval('.an-replay .try-frame svg:not(.omw-swatch)', (l) => l.length) };
  if (!vs.replay.title.includes(game.length ? game[game.length - 1].move : '?')) fail(`the last move's replay is titled "${vs.replay.title}"`);
  await page.screenshot({ path: join(artifacts, 'analysis-replay-phone.png') });
  await page.click('.an-back');
  const reply = vs.replies[vs.replies.length - 1];
  const lastPlayed = game.length ? game[game.length - 1] : { move: '?', current: false };
  if (!lastPlayed.current) fail('the last move played is not marked current: ' + JSON.stringify(game));
  if (JSON.stringify(reply.last_mark) !== JSON.stringify([pitOf(lastPlayed.move)]))
    fail(`the last-move mark is on ${JSON.stringify(reply.last_mark)} after ${lastPlayed.move}`);
  if (!reply.key.includes(lastPlayed.move)) fail(`the key says "${reply.key}" after ${lastPlayed.move}`);
  for (const r of vs.replies) {
    if (!/^Evaluation, as the computer played N\w+: (.+ is about \d+ seeds? ahead|The sides are about even|.+ wins .*)\.$/.test(r.evaluation))
      fail(`the evaluation is not in words: "${r.evaluation}"`);
  }
  const panel = await page.textContent('.an-game');
  if (/[+-]\d+\.\d\d|\bply\b|score|\bdepth\b/.test(panel)) fail(`a score as a number in the game panel: "${panel}"`);
  // back to the first move: the board, the marks and the list follow, and
  // the computer waits (the board is not at the end of the game)
  await page.click('.an-line li:nth-child(1) .an-ply');
  await settled();
  vs.back = { lines: await lines(), last_mark: await lastMark(), board: await board() };
  if (!vs.back.lines[0].current || vs.back.lines.filter((l) => l.current).length !== 1)
    fail('after clicking move 1 it is not the one current: ' + JSON.stringify(vs.back.lines));
  if (JSON.stringify(vs.back.last_mark) !== JSON.stringify([pitOf(game[0].move)]))
    fail(`after going back to move 1 the last-move mark is on ${JSON.stringify(vs.back.last_mark)}`);
  await page.waitForTimeout(1000);
  if ((await lines()).length !== game.length) fail('going back in the move list made the computer play');
  // the shared link: the same game, board and current move in a new page
  const link = await page.inputValue('.an-link');
  vs.link = link;
  if (!link.startsWith(new URL('analysis.html', base).href + '#')) fail(`the link ${link} is not this page's`);
  const other = await context.newPage();
  watchErrors(other, fail, () => 'the shared link: ');
  await other.goto(link);
  await other.waitForSelector('#analysis[data-ready="true"]');
  await other.waitForFunction(() => /legal move/.test(document.querySelector('.an-status').textContent), null, { timeout: 30000 });
  vs.opened = {
    lines: await lines(other),
    board: await board(other),
    opponent: await other.inputValue('.an-opponent'),
    level: await other.inputValue('.an-strength'),
  };
  if (JSON.stringify(vs.opened.lines) !== JSON.stringify(vs.back.lines))
    fail(`the link gives the moves ${JSON.stringify(vs.opened.lines)}, not ${JSON.stringify(vs.back.lines)}`);
  if (JSON.stringify(vs.opened.board) !== JSON.stringify(vs.back.board))
    fail(`the link gives the board ${JSON.stringify(vs.opened.board)}, not ${JSON.stringify(vs.back.board)}`);
  if (vs.opened.opponent !== 'north') fail(`the link gives the computer ${vs.opened.opponent}, not north`);
  if (vs.opened.level !== 'time_ms 500') fail(`the link gives the level ${vs.opened.level}, not quick (time_ms 500)`);
  await other.setViewportSize({ width: 390, height: 900 });
  await other.screenshot({ path: join(artifacts, 'analysis-vs-computer-phone.png') });
  await other.close();
  report.vs = vs;
  // the computer playing South: the reader's North at the bottom
  await page.selectOption('.an-opponent', 'south');
  await page.waitForSelector('.an-board:not([aria-busy]) .an-drawn svg');
  vs.seat_vs_south = (await cornerOf('.an-board .an-drawn svg')).bottom_left;
  if (vs.seat_vs_south !== 'N1') fail(`playing North against the computer, the board has ${vs.seat_vs_south} bottom left, not N1`);
  await page.selectOption('.an-opponent', '');
  // Evaluate: the computer's estimate of the position shown, in words
  await settled();
  await page.click('.an-evaluate');
  await page.waitForFunction(() => /^Evaluation: /.test(document.querySelector('.an-eval').textContent), null, { timeout: 30000 })
    .catch(() => fail('Evaluate gave no evaluation'));
  vs.evaluated = await page.textContent('.an-eval');
  if (!/^Evaluation: (.+ is about \d+ seeds? ahead|The sides are about even|.+ wins .*)\. (Looked \d+ moves? ahead \([\d,]+ positions?, [\d.]+ s\)\.( Expected line: [NS]\w+(, [NS]\w+)+\.)?|No search was needed: .*)$/.test(vs.evaluated))
    fail(`Evaluate's words: "${vs.evaluated}"`);

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
      // the move's frames in the figure's box, in its frames' place
      return p && p.dataset.played === n && document.querySelector(f + ' .try-board .try-frame svg:not(.omw-swatch)');
    }, [fig, n]);
    report.tried[n] = JSON.parse(await page.getAttribute(fig + ' .try-panel', 'data-after') || 'null');
  }
  await page.screenshot({ path: join(artifacts, 'try-a-move-phone.png') });
  await page.click(fig + ' .try-open'); // Reset
  if (await page.$(fig + ' .try-panel')) fail('Reset leaves the try panel');

  // The engine's workers (over http, where a script load can be cut off):
  // the first two loads of the engine's script (the board's drawer's and
  // the engine's) fail, and the page says so; the next change of position
  // starts new workers and works (the board drawn, the moves listed); changes of
  // position with nothing running start no worker (the module is not
  // fetched and compiled again for each).
  if (new URL(base).protocol !== 'file:') {
    const fresh = await context.newPage();
    await fresh.addInitScript(() => {
      const W = window.Worker;
      window.workersStarted = 0;
      window.Worker = class extends W { constructor(...a) { super(...a); window.workersStarted++; } };
    });
    let cut = 0;
    await fresh.route('**/assets/omweso-engine.js', (r) => (cut++ < 2 ? r.abort() : r.continue()));
    await fresh.goto(new URL('analysis.html', base).href);
    await fresh.waitForSelector('#analysis[data-ready="true"]');
    const said = () => fresh.evaluate(() => document.querySelector('.an-status').textContent);
    await fresh.waitForFunction(() => /failed|cannot be drawn/.test(document.querySelector('.an-status').textContent), null, { timeout: 30000 })
      .catch(() => {});
    const workers = { cut, failed: await said() };
    if (cut < 2) fail(`the engine's script was asked for ${cut} times, not twice (the route sees the workers' requests)`);
    if (!/failed|cannot be drawn/.test(workers.failed)) fail(`the engine's script cut off, the page says: "${workers.failed}"`);
    await fresh.click('.an-standard');
    const listed = () => fresh.waitForFunction(() => /legal moves?\./.test(document.querySelector('.an-status').textContent)
      && document.querySelector('.an-board:not([aria-busy]) .an-drawn svg'), null, { timeout: 30000 });
    await listed().catch(() => {});
    workers.recovered = await said();
    if (!/^\d+ legal moves?\.$/.test(workers.recovered)) fail(`after the engine's script failed, a change of position gives: "${workers.recovered}"`);
    workers.before = await fresh.evaluate(() => window.workersStarted);
    for (const v of await fresh.$$eval('.an-variant option', (l) => l.map((o) => o.value))) {
      await fresh.selectOption('.an-variant', v);
      await listed().catch(() => fail(`the moves of the ${v} start were not listed`));
    }
    await fresh.click('.an-standard');
    await listed().catch(() => fail('the moves of the standard start were not listed'));
    workers.after = await fresh.evaluate(() => window.workersStarted);
    if (workers.after !== workers.before) fail(`changes of position with nothing running started ${workers.after - workers.before} workers`);
    report.workers = workers;
    await fresh.close();
  }
});
