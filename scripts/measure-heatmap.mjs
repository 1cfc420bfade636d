#!/usr/bin/env node
// Heatmap budget of issue 11, measured on the running product: `pnpm budgets:heatmap` (the api serving
// the built apps at E2E_BASE_URL, https://localhost:8443 by default; Debian's Chromium at CHROMIUM_PATH).
//
// Signs in as the demo admin, sets the period to the last 14 days, then opens the availability page of
// the factory with the most lines by hour (`?interval=hour`) five times and prints, for each, the time
// from navigation start to the moment every heatmap cell is drawn. Figures, not assertions.
import { base, launchChromium, signInAsDemoAdmin } from './browser-session.mjs';

const RUNS = 5;
const DAYS = 14;

const browser = await launchChromium();
try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsDemoAdmin(page);
  const authorization = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers().authorization);
  await page.goto(`${base}/company-overview`);
  const headers = { authorization: (await authorization).headers().authorization };

  const factories = await (await context.request.get(`${base}/api/user/factories`, { headers })).json();
  const factory = [...factories].sort((a, b) => b.production_units.length - a.production_units.length)[0];
  const end = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const start = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
  const preferences = await (await context.request.get(`${base}/api/user/preferences`, { headers })).json();
  await context.request.put(`${base}/api/user/preferences`, {
    headers,
    data: { ...preferences, tilelytics: { ...preferences.tilelytics, selected_time_option: 'time_range', selected_start_date: start, selected_end_date: end } },
  });

  const expected = factory.production_units.length * DAYS * 24;
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto('about:blank');
    await page.goto(`${base}/${factory.id}/availability-downtime?interval=hour`);
    // Cells of hours the factory's calendar adds or drops (a time change) make the count approximate.
    await page.waitForFunction((n) => globalThis.document.querySelectorAll('.highcharts-heatmap-series .highcharts-point').length >= n - 24, expected, { timeout: 60_000, polling: 'raf' });
    times.push(await page.evaluate(() => performance.now()));
  }
  await context.request.put(`${base}/api/user/preferences`, { headers, data: preferences });
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`\nHeatmap of ${factory.name}: ${factory.production_units.length} lines × ${DAYS} days by hour (~${expected} cells), navigation → every cell drawn`);
  console.log(`runs: ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`);
  console.log(`median of ${RUNS}: ${Math.round(sorted[Math.floor(RUNS / 2)])} ms (budget 1 500 ms)`);
} finally {
  await browser.close();
}
