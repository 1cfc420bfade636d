// Budgets of issue 4, measured: node remote-overview/scripts/measure-budgets.mjs (api running at
// https://localhost:8443 with the built apps; E2E_BASE_URL to change). Prints:
// - the remote's own JavaScript loaded by /company-overview inside the host (gzip), shared singletons excluded
//   because the host provides them;
// - time from navigation to the overview's first figures drawn (performance mark), median of 5;
// - the deepest chain of api requests (session data, then the page's own calls).
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
const require = createRequire(new URL('../../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const base = process.env.E2E_BASE_URL ?? 'https://localhost:8443';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ ignoreHTTPSErrors: true });
const page = await context.newPage();
await page.goto(`${base}/home`);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByLabel('Email').fill('admin@demo.linepulse.test');
await page.getByLabel('Password').fill('linepulse');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/company-overview/);

const times = [];
let remoteBytes = 0;
let remoteGzip = 0;
let depth = 0;
for (let run = 0; run < 5; run += 1) {
  const js = [];
  const api = [];
  const onResponse = async (response) => {
    const url = response.url();
    if (url.includes('/remotes/overview/') && url.endsWith('.js')) js.push(await response.body().catch(() => Buffer.alloc(0)));
    if (url.includes('/api/') || url.includes('/dashboard-api/')) api.push({ start: response.request().timing().startTime, end: Date.now() });
  };
  page.on('response', onResponse);
  await page.goto(`${base}/company-overview`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('linepulse:overview-data-drawn').length > 0, null, { timeout: 30_000 });
  times.push(await page.evaluate(() => performance.getEntriesByName('linepulse:overview-data-drawn')[0].startTime));
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  if (run === 0) {
    remoteBytes = js.reduce((s, b) => s + b.length, 0);
    remoteGzip = js.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
    // Waterfall depth: requests that start only after an earlier api answer arrived, chained.
    const sorted = api.sort((a, b) => a.start - b.start);
    const level = sorted.map(() => 1);
    sorted.forEach((r, i) => sorted.slice(0, i).forEach((p, j) => { if (p.end <= r.start) level[i] = Math.max(level[i], level[j] + 1); }));
    depth = Math.max(...level);
  }
}
await browser.close();
const median = [...times].sort((a, b) => a - b)[2];
console.log(`remote-overview own JS on /company-overview: ${(remoteBytes / 1024).toFixed(1)} KiB, ${(remoteGzip / 1024).toFixed(1)} KiB gzip (budget 150 KiB)`);
console.log(`navigation → overview figures drawn: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms (budget 1500 ms)`);
console.log(`api request chain depth (upper bound, by timing): ${depth} (budget 2)`);
