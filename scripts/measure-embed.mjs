#!/usr/bin/env node
// `pnpm budgets:embed`: issue 24's embed budgets, measured as the sister product's page meets them.
//
// Needs the product running with the sister page's origin allowed:
//   EMBED_ORIGINS=http://localhost:8444 pnpm start
// Serves e2e/embed/index.html (the sister product's page, plain HTML) from http://localhost:8444
// (e2e/support/sister-product.cjs, the end-to-end tests' server), signs
// in to Linepulse as the demo admin for a token, then opens the page with that token five times with the
// browser cache disabled and five times warm. Prints:
// - the embed's own JavaScript on the wire (Chrome DevTools Protocol encodedDataLength of every script
//   the page received from Linepulse: a page that has none of it), budget 250 KiB;
// - the time from `mount()` (the page's `sister:mount` mark) to the overview's figures drawn
//   (`linepulse:overview-data-drawn`), median of five, budget 1.5 s.
// Figures only: it exits 0 whatever they are.
import sisterProduct from '../e2e/support/sister-product.cjs';
import { appAuthorization, base, launchChromium, markTimes, signInAsDemoAdmin } from './browser-session.mjs';

const { SISTER_ORIGIN: SISTER, sisterPage, startSisterProduct } = sisterProduct;
const RUNS = 5;
const BUDGET = { js: 250 * 1024, mountToFiguresMs: 1500 };
const MOUNT_MARK = 'sister:mount';
const DRAWN_MARK = 'linepulse:overview-data-drawn';

const sister = await startSisterProduct();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const browser = await launchChromium();
try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsDemoAdmin(page);
  const token = (await appAuthorization(page)).replace(/^Bearer /, '');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' && e.response.url.startsWith(base)) scripts.set(e.requestId, { url: e.response.url, wire: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const script = scripts.get(e.requestId);
    if (script) script.wire = e.encodedDataLength;
  });

  const visit = async (cacheDisabled) => {
    await page.goto('about:blank');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled });
    scripts.clear();
    await page.goto(sisterPage({ token, origin: base }));
    const status = page.locator('#embed-status');
    const [mountedAt, drawnAt] = await markTimes(page, [MOUNT_MARK, DRAWN_MARK]);
    if ((await status.textContent()) !== 'mounted') throw new Error(`the sister page says: ${await status.textContent()}`);
    const ms = drawnAt - mountedAt;
    await page.waitForLoadState('networkidle');
    return { ms, js: [...scripts.values()].reduce((total, s) => total + s.wire, 0), files: [...scripts.values()] };
  };

  const cold = [];
  for (let run = 0; run < RUNS; run += 1) cold.push(await visit(true));
  await visit(false);
  const warm = [];
  for (let run = 0; run < RUNS; run += 1) warm.push(await visit(false));

  const verdict = (value, budget) => (value <= budget ? 'OK' : 'OVER');
  console.log(`\nEmbed budgets (issue 24): the sister page at ${SISTER} embedding the overview from ${base}\n`);
  console.log(`embed's own JavaScript on the wire (first visit): ${kib(cold[0].js)} in ${cold[0].files.length} files — budget ${kib(BUDGET.js)}: ${verdict(cold[0].js, BUDGET.js)}`);
  const coldMs = median(cold.map((r) => r.ms));
  const warmMs = median(warm.map((r) => r.ms));
  console.log(`mount() → figures drawn, cache empty, median of ${RUNS}: ${Math.round(coldMs)} ms (${cold.map((r) => Math.round(r.ms)).join(', ')}) — budget ${BUDGET.mountToFiguresMs} ms: ${verdict(coldMs, BUDGET.mountToFiguresMs)}`);
  console.log(`mount() → figures drawn, cache warm, median of ${RUNS}: ${Math.round(warmMs)} ms (${warm.map((r) => Math.round(r.ms)).join(', ')}) — budget ${BUDGET.mountToFiguresMs} ms: ${verdict(warmMs, BUDGET.mountToFiguresMs)}`);
  console.log('\nbiggest files of the first visit:');
  for (const file of [...cold[0].files].sort((a, b) => b.wire - a.wire).slice(0, 10)) console.log(`  ${kib(file.wire).padStart(10)}  ${new URL(file.url).pathname}`);
} finally {
  await browser.close();
  await sister.close();
}
