import { launch } from './chromium.mjs';
const css = process.argv[2] || '';
const { context, close } = await launch({ width: 390, height: 844 });
const page = await context.newPage();
for (const [w,h] of [[390,844],[360,740],[1366,900]]) {
await page.setViewportSize({ width: w, height: h });
await page.goto('http://127.0.0.1:8765/never-ending-moves.html');
await page.addStyleTag({ content: css });
const fig = '#pos-never-ending-mcgill';
await page.click(fig + ' .try-open');
await page.waitForSelector(fig + ' .try-pick .omw-pick-pit');
await page.waitForFunction((f) => document.querySelector(f + ' .try-status').textContent === '', fig, {timeout: 60000});
console.log(w, 'fig', await page.$eval(fig, (e) => e.getBoundingClientRect().height), await page.$eval(fig + ' .try-panel', (e) => e.getBoundingClientRect().height));
await page.$eval(fig, (e) => e.scrollIntoView());
await page.locator(fig).screenshot({ path: `/tmp/rd/pick2-${w}.png` });
}
await close();
