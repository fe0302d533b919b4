// The diagrams on a phone and under the pointer (issue 12, issue 10 item 6),
// run by tests/browser.rs on a served copy of the bundled rulebook:
//
//   node diagrams.mjs BASE_URL CASES.json ARTIFACTS_DIR
//
// CASES.json: { "pages": ["the-move.html", …], "stepping": ["the-move.html", …] }.
//
// At 390 px and at 360 px wide, on every page listed:
// - every text of every figure (the SVG's words, pit numbers, counts and
//   side names, scaled as drawn, and the HTML around them) is at least
//   11 CSS px;
// - in every frame, no word's box overlaps a pit count's box, every word
//   stays inside the picture, and no sowing path or arrow runs through a
//   count (measured on a copy of the frame with its shared drawings
//   written out, as `<use>` draws them);
// - at 390 px, every text of every figure, and every pit name of every
//   board (`.omw-pitno`, scaled as drawn), is at least 12 CSS px (issue
//   24), and so are the analysis
//   board's pit names (cases.analysis); its selected pit is framed by a
//   square, not a ring (a ring means seeds lifted, a relay or a capture);
// - in every frame of every figure, the board shades the left-hand pits
//   (one block a side) exactly when the frame's key (or the figure's key,
//   which says once the lines several frames share) says what they are,
//   and so does the analysis board under each rule set (cases.variants);
// and on the pages listed for stepping, stepping a figure through all its
// frames with Next and back with Previous leaves both buttons where they
// were (the frames keep one height). On the compare page (cases.compare,
// with cases.variants the rule sets' names): every example is titled by
// its title, says one reason per rule set, each with a link to a section
// that exists, and no "nearest move" or choice-point count; at 1366 px
// its boards' pit names are 12 px or more too. Prints a JSON report;
// exits non-zero on any failure.

import { launch, watchErrors } from './chromium.mjs';
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const [base, casesFile, artifacts] = process.argv.slice(2);
if (!base || !casesFile) {
  console.error('usage: diagrams.mjs BASE_URL CASES.json [ARTIFACTS_DIR]');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));
const failures = [];
const fail = (m) => failures.push(m);
const report = { pages: 0, figures: 0, frames: 0, texts: 0, smallest: {}, stepped: 0, steps: 0 };
const MIN_PX = 11;
// pit names at 390 px (issue 24)
const MIN_NAME_PX = 12;
// how the key names the shaded left-hand pits (narrate::left_hand_pits)
const SHADED = 'shaded: the left-hand pits (1, 2, 15, 16)';

// In the page: measure every figure (`shaded`: how the key names the
// shaded left-hand pits). Runs in the browser.
function measure(shaded) {
  const out = { figures: 0, frames: 0, texts: 0, smallest: Infinity, where: '', names: Infinity, nameWhere: '', shaded: 0, unshaded: 0, problems: [] };
  const problem = (m) => { if (out.problems.length < 20) out.problems.push(m); };
  // a laid-out element (not display: none, e.g. a closed text version)
  const laidOut = (e) => e.getClientRects().length > 0;
  const sizeOf = (e) => parseFloat(getComputedStyle(e).fontSize);
  // a copy of `svg` with every <use> replaced by what it draws, placed
  // off screen at the same width, for measuring
  const flatten = (svg, width) => {
    const copy = svg.cloneNode(true);
    const resolve = (root) => {
      for (const u of [...root.querySelectorAll('use')]) {
        const id = (u.getAttribute('href') || '').slice(1);
        const target = document.getElementById(id);
        const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        g.setAttribute('transform', `translate(${u.getAttribute('x') || 0} ${u.getAttribute('y') || 0})`);
        if (target) {
          const t = target.cloneNode(true);
          resolve(t);
          g.appendChild(t);
        }
        u.replaceWith(g);
      }
    };
    resolve(copy);
    for (const d of [...copy.querySelectorAll('defs')]) d.remove();
    for (const e of [...copy.querySelectorAll('[id]')]) e.removeAttribute('id');
    const box = document.createElement('div');
    box.style.cssText = `position:absolute;left:-20000px;top:0;width:${width}px;visibility:visible`;
    copy.style.width = `${width}px`;
    copy.style.maxWidth = 'none';
    box.appendChild(copy);
    document.body.appendChild(box);
    return { copy, box };
  };
  // the box of a text's ink on the screen: the laid-out box is the font's
  // (ascent to descent, which a face like Source Sans 3 makes tall), so its
  // top and bottom are moved to the glyphs' own, measured in the same font
  // on a canvas
  const ctx = document.createElement('canvas').getContext('2d');
  const inkRect = (t) => {
    const r = t.getBoundingClientRect();
    const cs = getComputedStyle(t);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const m = ctx.measureText(t.textContent);
    const k = r.height / (m.fontBoundingBoxAscent + m.fontBoundingBoxDescent);
    const baseline = r.top + m.fontBoundingBoxAscent * k;
    return { left: r.left, right: r.right, top: baseline - m.actualBoundingBoxAscent * k, bottom: baseline + m.actualBoundingBoxDescent * k };
  };
  const overlap = (a, b, slack = 0.5) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;
  for (const fig of document.querySelectorAll('figure.omweso-diagram')) {
    if (!laidOut(fig)) continue;
    out.figures++;
    // the HTML around the pictures
    for (const e of fig.querySelectorAll('*')) {
      if (e.closest('svg')) continue;
      const own = [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      if (!own || !laidOut(e)) continue;
      out.texts++;
      const px = sizeOf(e);
      if (px < out.smallest) { out.smallest = px; out.where = `#${fig.id} <${e.tagName.toLowerCase()} class="${e.className}">`; }
    }
    // the frames' pictures, each (shown or not) at the width the figure
    // shows them
    const svgs = [...fig.querySelectorAll(':scope > .frames > .frame > svg')];
    const shown = svgs.find((s) => s.getBoundingClientRect().width > 0);
    if (!shown) { problem(`#${fig.id}: no frame shows`); continue; }
    const width = shown.getBoundingClientRect().width;
    for (const svg of svgs) {
      out.frames++;
      const frame = svg.parentElement.dataset.frame;
      const where = `#${fig.id} ${frame}`;
      const { copy, box } = flatten(svg, width);
      try {
        // the shaded left-hand pits have their key line exactly when the
        // board shades them (issue 24)
        const zones = copy.querySelectorAll('.omw-reverse-zone').length;
        // (under the frame, or in the figure's key when several frames
        // would say it)
        const keys = [svg.parentElement.querySelector('.frame-key'), fig.querySelector(':scope > .figure-key')];
        const said = keys.some((key) => !!key && key.textContent.includes(shaded));
        if (zones !== 0 && zones !== 2) problem(`${where}: ${zones} shaded blocks, not one a side`);
        if ((zones > 0) !== said) problem(`${where}: ${zones} shaded blocks, and the key ${said ? 'says' : 'does not say'} what they are`);
        if (zones > 0) out.shaded++; else out.unshaded++;
        const scale = copy.getBoundingClientRect().width / copy.viewBox.baseVal.width;
        const picture = copy.getBoundingClientRect();
        const texts = [...copy.querySelectorAll('text')].filter((t) => t.textContent.trim());
        const counts = [];
        const words = [];
        for (const t of texts) {
          out.texts++;
          const px = sizeOf(t) * scale;
          if (px < out.smallest) { out.smallest = px; out.where = `${where} "${t.textContent.trim()}" (${t.getAttribute('class')})`; }
          if (t.classList.contains('omw-pitno') && px < out.names) { out.names = px; out.nameWhere = `${where} "${t.textContent.trim()}"`; }
          const r = inkRect(t);
          (t.classList.contains('omw-count') ? counts : words).push({ t, r });
        }
        for (const w of words) {
          const name = `"${w.t.textContent.trim()}"`;
          if (w.r.left < picture.left - 0.5 || w.r.right > picture.right + 0.5 || w.r.top < picture.top - 0.5 || w.r.bottom > picture.bottom + 0.5) {
            problem(`${where}: ${name} runs outside the picture`);
          }
          for (const c of counts) {
            if (overlap(w.r, c.r)) problem(`${where}: ${name} overlaps the count ${c.t.textContent.trim()}`);
          }
        }
        // the sowing paths and arrows run between the pits, never through
        // a count
        const lines = copy.querySelectorAll('.omw-path, .omw-path-cw, .omw-arrow, .omw-capture-arrow');
        for (const p of lines) {
          const len = p.getTotalLength();
          const m = p.getScreenCTM();
          for (let s = 0; s <= len; s += 2) {
            const q = p.getPointAtLength(s).matrixTransform(m);
            const hit = counts.find((c) => q.x > c.r.left + 1 && q.x < c.r.right - 1 && q.y > c.r.top + 1 && q.y < c.r.bottom - 1);
            if (hit) { problem(`${where}: a ${p.getAttribute('class')} line runs through the count ${hit.t.textContent.trim()}`); break; }
          }
        }
      } finally {
        box.remove();
      }
    }
  }
  return out;
}

const { context, close } = await launch();
try {
  const page = await context.newPage();
  let now = '';
  watchErrors(page, fail, () => now);
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    let smallest = { px: Infinity, where: '' };
    let names = { px: Infinity, where: '' };
    for (const p of cases.pages) {
      now = `${p} at ${width} px: `;
      await page.goto(new URL(p, base).href, { waitUntil: 'load' });
      // measured in the shipped faces, not in a fallback
      await page.evaluate(() => document.fonts.ready);
      const m = await page.evaluate(measure, SHADED);
      report.pages++;
      report.figures += m.figures;
      report.frames += m.frames;
      report.texts += m.texts;
      report.shaded = (report.shaded || 0) + m.shaded;
      report.unshaded = (report.unshaded || 0) + m.unshaded;
      if (m.figures === 0) fail(`${p}: no figure`);
      for (const pr of m.problems) fail(`${p} at ${width} px: ${pr}`);
      if (m.smallest < smallest.px) smallest = { px: m.smallest, where: `${p} ${m.where}` };
      if (m.names < names.px) names = { px: m.names, where: `${p} ${m.nameWhere}` };
    }
    report.names = report.names || {};
    report.names[width] = { px: Math.round(names.px * 100) / 100, where: names.where };
    if (width === 390 && !(names.px >= MIN_NAME_PX)) fail(`at 390 px a pit name is ${names.px.toFixed(2)} px (< ${MIN_NAME_PX}): ${names.where}`);
    report.smallest[width] = { px: Math.round(smallest.px * 100) / 100, where: smallest.where };
    // every text of a board 12 px or more at 390 px (issue 24), 11 at 360
    const min = width >= 390 ? MIN_NAME_PX : MIN_PX;
    if (!(smallest.px >= min)) fail(`at ${width} px the smallest text of a figure is ${smallest.px.toFixed(2)} px (< ${min}): ${smallest.where}`);
    if (artifacts && width === 390) {
      mkdirSync(artifacts, { recursive: true });
      await page.goto(new URL(cases.pages[0], base).href, { waitUntil: 'load' });
      const fig = page.locator('figure.omweso-diagram').filter({ has: page.locator('li.frame:nth-of-type(2)') }).first();
      if (await fig.count()) await fig.screenshot({ path: join(artifacts, 'diagram-390.png') });
    }
  }

  // The analysis board at 390 px: pit names of 12 px or more, and the
  // selected pit framed by a square (not the key's ring).
  if (cases.analysis) {
    await page.setViewportSize({ width: 390, height: 844 });
    now = `${cases.analysis} at 390 px: `;
    await page.goto(new URL(cases.analysis, base).href, { waitUntil: 'load' });
    await page.waitForSelector('.an-board:not([aria-busy]) .an-drawn svg text.omw-pitno');
    await page.evaluate(() => document.fonts.ready);
    await page.locator('.an-board .omw-pick-pit').nth(20).click();
    const a = await page.evaluate(() => {
      // pit names as drawn: the SVG's font size scaled as the board is
      const names = [...document.querySelectorAll('.an-board .an-drawn svg text.omw-pitno')].filter((e) => e.getClientRects().length && e.textContent.trim());
      const svg = document.querySelector('.an-board .an-drawn svg');
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const sel = document.querySelector('.an-board .an-selected-mark');
      return {
        names: names.length,
        smallest: Math.min(...names.map((e) => parseFloat(getComputedStyle(e).fontSize) * scale)),
        // a square's corners (rx, in CSS px as drawn), or a ring
        selectedRadius: sel ? (sel.tagName === 'circle' ? '50%' : String(parseFloat(sel.getAttribute('rx') || '0') * scale) + 'px') : null,
      };
    });
    report.analysis = a;
    if (a.names !== 32) fail(`${now}${a.names} pit names shown, expected 32`);
    // the shading in the board's key exactly when the board is shaded,
    // under each rule set (the first listed shades, McGill's does not)
    report.analysis.shading = {};
    for (const v of cases.variants) {
      await page.selectOption('.an-variant', v);
      await page.waitForTimeout(300);
      await page.waitForSelector('.an-board:not([aria-busy]) .an-drawn svg');
      const sh = await page.evaluate((line) => ({
        zones: document.querySelectorAll('.an-drawn svg .omw-reverse-zone').length,
        said: (document.querySelector('.an-key-shaded') || {}).textContent || '',
        shown: !!document.querySelector('.an-key-shaded .frame-key') && document.querySelector('.an-key-shaded .frame-key').getClientRects().length > 0,
      }), SHADED);
      report.analysis.shading[v] = sh.zones;
      const said = sh.said.includes(SHADED) && sh.shown;
      if ((sh.zones > 0) !== said) fail(`${now}under ${v} the board has ${sh.zones} shaded blocks, and its key ${said ? 'says' : 'does not say'} what they are`);
    }
    if (!(a.smallest >= MIN_NAME_PX)) fail(`${now}a pit name is ${a.smallest} px (< ${MIN_NAME_PX})`);
    if (a.selectedRadius === null) fail(`${now}no pit selected after a click`);
    else if (/50%/.test(a.selectedRadius) || parseFloat(a.selectedRadius) >= 10) fail(`${now}the selected pit is framed by a ring (border-radius ${a.selectedRadius}), the key's mark for seeds lifted`);
  }

  // The compare page says why, rule set by rule set.
  if (cases.compare) {
    report.compare = { examples: 0, reasons: 0, links: 0 };
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      now = `${cases.compare} at ${width} px: `;
      await page.goto(new URL(cases.compare, base).href, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const c = await page.evaluate(() => {
        const names = [];
        for (const t of document.querySelectorAll('text.omw-pitno')) {
          const svg = t.ownerSVGElement;
          const w = svg.getBoundingClientRect().width;
          if (w > 0) names.push(parseFloat(getComputedStyle(t).fontSize) * w / svg.viewBox.baseVal.width);
        }
        return {
          text: document.querySelector('main').innerText,
          smallestName: Math.min(...names),
          examples: [...document.querySelectorAll('section.comparison')].map((s) => ({
            id: s.id,
            title: s.querySelector('h2').textContent.trim(),
            figures: [...s.querySelectorAll('figure')].map((f) => f.getAttribute('aria-label') || ''),
            reasons: [...s.querySelectorAll('.compare-reasons > li')].map((li) => ({
              variant: li.dataset.variant,
              // the sentence alone: without the rule set's name and the link
              text: (() => { const k = li.cloneNode(true); k.querySelectorAll('strong, a').forEach((e) => e.remove()); return k.textContent.trim(); })(),
              links: [...li.querySelectorAll('a.compare-why')].map((a) => a.href),
            })),
          })),
        };
      });
      if (!(c.smallestName >= MIN_NAME_PX)) fail(`${now}a board's pit name is ${c.smallestName.toFixed(2)} px (< ${MIN_NAME_PX})`);
      for (const bad of ['nearest move', 'choice point', 'Position `', 'Position capture']) {
        if (c.text.includes(bad)) fail(`${now}the page says "${bad}"`);
      }
      if (c.examples.length === 0) fail(`${now}no example`);
      if (width !== 1366) continue;
      for (const ex of c.examples) {
        report.compare.examples++;
        if (!ex.title || /^Position\b/.test(ex.title) || ex.title === ex.id.replace(/^compare-/, '')) fail(`${ex.id}: titled "${ex.title}", not by the example's title`);
        for (const f of ex.figures) {
          if (!f.startsWith(ex.title)) fail(`${ex.id}: a board is named "${f}", not after "${ex.title}"`);
        }
        const got = ex.reasons.map((r) => r.variant).sort();
        if (JSON.stringify(got) !== JSON.stringify([...cases.variants].sort())) fail(`${ex.id}: reasons for ${JSON.stringify(got)}, expected one per rule set ${JSON.stringify(cases.variants)}`);
        for (const r of ex.reasons) {
          report.compare.reasons++;
          if (r.text.length < 30 || !/[.]$/.test(r.text)) fail(`${ex.id} ${r.variant}: no reason in a sentence: "${r.text}"`);
          if (r.links.length !== 1) fail(`${ex.id} ${r.variant}: ${r.links.length} links to the chapter that explains, expected 1`);
          for (const href of r.links) {
            report.compare.links++;
            const u = new URL(href);
            const target = await context.newPage();
            try {
              const resp = await target.goto(href, { waitUntil: 'load' });
              if (resp && !resp.ok()) fail(`${ex.id} ${r.variant}: ${href} answers ${resp.status()}`);
              const id = decodeURIComponent(u.hash.slice(1));
              if (id && !(await target.evaluate((i) => !!document.getElementById(i), id))) fail(`${ex.id} ${r.variant}: ${href} has no #${id}`);
            } finally {
              await target.close();
            }
          }
        }
      }
    }
  }

  // Stepping does not move the buttons, at a phone's width and a desktop's.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    for (const p of cases.stepping) {
      now = `${p} at ${width} px: `;
      await page.goto(new URL(p, base).href, { waitUntil: 'load' });
      const figs = page.locator('figure.omweso-diagram.js').filter({ has: page.locator('li.frame:nth-of-type(2)') });
      const n = await figs.count();
      if (n === 0) fail(`${p}: no figure with a stepper`);
      for (let i = 0; i < n; i++) {
        const fig = figs.nth(i);
        const id = await fig.getAttribute('id');
        const at = () => fig.evaluate((f) => {
          const box = (sel) => {
            const r = f.querySelector(`:scope > .stepper ${sel}`).getBoundingClientRect();
            return [r.left + scrollX, r.top + scrollY, r.width, r.height].map((v) => Math.round(v * 10) / 10);
          };
          return { next: box('.next'), prev: box('.prev'), shown: [...f.querySelectorAll(':scope > .frames > .frame')].findIndex((li) => !li.hidden) };
        });
        const first = await at();
        const frames = await fig.locator(':scope > .frames > .frame').count();
        const same = (a, b) => a.every((v, k) => Math.abs(v - b[k]) <= 0.5);
        const check = async (how) => {
          const now2 = await at();
          report.steps++;
          if (!same(now2.next, first.next) || !same(now2.prev, first.prev)) {
            fail(`${p} #${id} at ${width} px: after ${how} (frame ${now2.shown + 1}) the buttons moved: next ${JSON.stringify(first.next)} → ${JSON.stringify(now2.next)}, previous ${JSON.stringify(first.prev)} → ${JSON.stringify(now2.prev)}`);
            return false;
          }
          return true;
        };
        let ok = true;
        for (let k = 1; k < frames && ok; k++) {
          await fig.locator(':scope > .stepper .next').click();
          ok = await check('Next');
        }
        const last = await at();
        if (last.shown !== frames - 1) fail(`${p} #${id}: Next reached frame ${last.shown + 1} of ${frames}`);
        for (let k = 1; k < frames && ok; k++) {
          await fig.locator(':scope > .stepper .prev').click();
          ok = await check('Previous');
        }
        report.stepped++;
      }
    }
  }
} finally {
  await close();
}
report.failures = failures;
console.log(JSON.stringify(report, null, 1));
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
