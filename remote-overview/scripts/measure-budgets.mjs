// Budgets of the company overview (docs/architecture.md, "Budgets"), measured: node remote-overview/scripts/measure-budgets.mjs (api running at
// https://localhost:8443 with the built apps; E2E_BASE_URL to change). Prints:
// - the remote's own JavaScript loaded by /company-overview inside the host (gzip), shared singletons excluded
//   because the host provides them;
// - time from navigation to the overview's first figures drawn (performance mark), median of 5;
// - the request waterfall up to the figures: every request that starts before the figures are drawn,
//   chained when one starts only after another has answered (an upper bound on real dependencies),
//   for the whole page load (/config.json, provider metadata, api) and for the api calls alone.
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
let depths = null;
const DATA_PATH = /\/(config\.json|oidc\/|api\/|dashboard-api\/)/;
for (let run = 0; run < 5; run += 1) {
  const js = [];
  const requests = [];
  const onResponse = async (response) => {
    const url = response.url();
    if (url.includes('/remotes/overview/') && url.endsWith('.js')) js.push(await response.body().catch(() => Buffer.alloc(0)));
  };
  const onFinished = (request) => {
    const url = request.url();
    if (!DATA_PATH.test(url)) return;
    const t = request.timing();
    requests.push({ path: new URL(url).pathname, start: t.startTime, end: t.startTime + t.responseEnd });
  };
  page.on('response', onResponse);
  page.on('requestfinished', onFinished);
  const navigatedAt = Date.now();
  await page.goto(`${base}/company-overview`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('linepulse:overview-data-drawn').length > 0, null, { timeout: 30_000 });
  const [drawnAt, origin] = await page.evaluate(() => [performance.getEntriesByName('linepulse:overview-data-drawn')[0].startTime, performance.timeOrigin]);
  times.push(drawnAt);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  page.off('requestfinished', onFinished);
  if (run === 0) {
    remoteBytes = js.reduce((s, b) => s + b.length, 0);
    remoteGzip = js.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
    // Only what leads to the figures: requests of this page load started before they were drawn.
    const before = requests.filter((r) => r.start >= navigatedAt - 5 && r.start < origin + drawnAt).sort((a, b) => a.start - b.start);
    const chain = (list) => {
      const level = list.map(() => 1);
      list.forEach((r, i) => list.slice(0, i).forEach((p, j) => { if (p.end <= r.start) level[i] = Math.max(level[i], level[j] + 1); }));
      return { depth: Math.max(0, ...level), levels: list.map((r, i) => `${level[i]} ${r.path}`) };
    };
    depths = { all: chain(before), api: chain(before.filter((r) => /\/(api|dashboard-api)\//.test(r.path))) };
  }
}
await browser.close();
const median = [...times].sort((a, b) => a - b)[2];
console.log(`remote-overview own JS on /company-overview: ${(remoteBytes / 1024).toFixed(1)} KiB, ${(remoteGzip / 1024).toFixed(1)} KiB gzip (budget 150 KiB)`);
console.log(`navigation → overview figures drawn: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms (budget 1500 ms)`);
console.log(`requests before the figures, by chain level:\n  ${depths.all.levels.join('\n  ')}`);
console.log(`waterfall depth (upper bound, by timing): api calls ${depths.api.depth} (budget 2); whole page load ${depths.all.depth}`);
