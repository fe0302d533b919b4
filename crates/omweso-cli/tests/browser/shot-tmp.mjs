import { chromium } from 'playwright-core';
const [url, out, w, media] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const page = await (await browser.newContext({ viewport: { width: +w, height: 1100 } })).newPage();
const errs = []; page.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()); });
await page.goto(url, { waitUntil: 'load' });
if (media) await page.emulateMedia({ media });
const fig = await page.$('figure.position, figure');
if (fig) { await fig.scrollIntoViewIfNeeded(); }
await page.screenshot({ path: out });
console.log('errors', errs.length, errs.slice(0,3));
await browser.close();
