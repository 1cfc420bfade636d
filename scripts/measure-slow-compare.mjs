#!/usr/bin/env node
// Two builds compared on DevTools' slow network (issue 23): `pnpm budgets:compare <origin A> <origin B> [visits]`.
// Each origin is a running instance serving one build (the second one, e.g.:
// `PORT=8445 PUBLIC_URL=https://localhost:8445 STATIC_ROOT=<a folder holding host/dist and remote-*/dist>
// DATA_DIR=<a new folder> pnpm --filter @linepulse/api start`). Visits to the company overview, cache empty,
// alternate between the two, so that both meet the machine in the same state: its speed moves the figures
// by ±0.2 s between sittings, more than most single changes do (decision 66). Prints each visit's time to
// the figures and the medians. Figures, not assertions.
import { launchChromium, signInAs } from './browser-session.mjs';

const [originA, originB, visitsArg] = process.argv.slice(2);
if (!originA || !originB) {
  console.error('usage: pnpm budgets:compare https://localhost:8443 https://localhost:8445 [visits, 7 by default]');
  process.exit(2);
}
const VISITS = Number(visitsArg ?? 7);
const DRAWN_MARK = 'linepulse:overview-data-drawn';
/** DevTools' slow network of issue 23, as `pnpm budgets` sets it. */
const SLOW = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };

const browser = await launchChromium();

/** A signed-in tab on `origin`, its company overview loaded once (the sign-in's own requests settled). */
async function signedInTab(origin) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 'admin@demo.linepulse.test', origin);
  await page.goto(`${origin}/company-overview`);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, DRAWN_MARK, { timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { origin, page, cdp };
}

/** One visit to the company overview with an empty cache on the slow network and CPU: ms to its figures. */
async function slowVisit({ origin, page, cdp }) {
  await page.goto('about:blank');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: SLOW.latency, downloadThroughput: SLOW.downloadThroughput, uploadThroughput: SLOW.uploadThroughput });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdown });
  try {
    await page.goto(`${origin}/company-overview`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, DRAWN_MARK, { timeout: 120_000 });
    return Math.round(await page.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, DRAWN_MARK));
  } finally {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The page's later requests (charts, the active factory's lists) end before the other build's visit.
    await page.waitForTimeout(1500);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const tabs = [await signedInTab(originA), await signedInTab(originB)];
  const times = [[], []];
  for (let visit = 0; visit < VISITS; visit += 1) {
    for (const [index, tab] of tabs.entries()) times[index].push(await slowVisit(tab));
  }
  console.log(`slow network (1.6 Mbit/s, 150 ms round trip, CPU 4× slower), cache empty, figures drawn, ${VISITS} alternated visits each:`);
  tabs.forEach((tab, index) => console.log(`  ${index === 0 ? 'A' : 'B'} ${tab.origin}: median ${median(times[index])} ms (${times[index].join(', ')})`));
} finally {
  await browser.close();
}
