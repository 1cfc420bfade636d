#!/usr/bin/env node
// Two builds compared on DevTools' slow network (issue 23): `pnpm budgets:compare <origin A> <origin B> [visits] [warm]`;
// with `warm`, on the normal network and CPU with the browser cache warm instead (the returning user).
// Each origin is a running instance serving one build (the second one, e.g.:
// `PORT=8445 PUBLIC_URL=https://localhost:8445 STATIC_ROOT=<a folder holding host/dist and remote-*/dist>
// DATA_DIR=<a new folder> pnpm --filter @linepulse/api start`). Visits to the company overview, cache empty,
// alternate between the two, so that both meet the machine in the same state: its speed moves the figures
// by ±0.2 s between sittings, more than most single changes do (decision 66). Prints each visit's time to
// the figures and the medians. Figures, not assertions.
import { DATA_DRAWN, FIGURES_PAINTED, launchChromium, markTimes, paintedAt, signInAs, slowOverviewVisit } from './browser-session.mjs';

const [originA, originB, visitsArg, mode = 'slow'] = process.argv.slice(2);
if (!originA || !originB || !['slow', 'warm'].includes(mode)) {
  console.error('usage: pnpm budgets:compare https://localhost:8443 https://localhost:8445 [visits, 7 by default] [warm]');
  process.exit(2);
}
const VISITS = Number(visitsArg ?? 7);
const WARM = mode === 'warm';

const browser = await launchChromium();

/** A signed-in tab on `origin`, its company overview loaded once (the sign-in's own requests settled). */
async function signedInTab(origin) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 'admin@demo.linepulse.test', origin);
  await page.goto(`${origin}/company-overview`);
  await markTimes(page, [DATA_DRAWN]);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { origin, page, cdp };
}

/**
 * One visit to the company overview with an empty cache on the slow network and CPU: ms to its figures
 * painted (null for a build without Element Timing) and put in the page.
 */
async function slowVisit({ origin, page, cdp }) {
  const { painted, drawn } = WARM ? await warmVisit(page, origin) : await slowOverviewVisit(page, cdp, { origin, cacheDisabled: true });
  // The page's later requests (charts, the active factory's lists) end before the other build's visit.
  await page.waitForTimeout(1500);
  return { painted: painted === null ? null : Math.round(painted), drawn: Math.round(drawn) };
}

/** One visit on the normal network and CPU, the browser cache warm (the tab has opened the page before). */
async function warmVisit(page, origin) {
  await page.goto('about:blank');
  await page.goto(`${origin}/company-overview`, { waitUntil: 'commit' });
  const [drawn] = await markTimes(page, [DATA_DRAWN]);
  const painted = await paintedAt(page, FIGURES_PAINTED, 15_000).catch(() => null);
  return { painted, drawn };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const tabs = [await signedInTab(originA), await signedInTab(originB)];
  const times = [[], []];
  for (let visit = 0; visit < VISITS; visit += 1) {
    for (const [index, tab] of tabs.entries()) times[index].push(await slowVisit(tab));
  }
  const conditions = WARM ? 'normal network and CPU, cache warm' : 'slow network (1.6 Mbit/s, 150 ms round trip, CPU 4× slower), cache empty';
  console.log(`${conditions}, ${VISITS} alternated visits each:`);
  tabs.forEach((tab, index) => {
    const line = (label, values) => `${label} median ${median(values)} ms (${values.join(', ')})`;
    const painted = times[index].map((t) => t.painted);
    const figures = painted.includes(null) ? 'figures painted: no Element Timing in this build' : line('figures painted:', painted);
    console.log(`  ${index === 0 ? 'A' : 'B'} ${tab.origin}: ${figures}; ${line('put in the page:', times[index].map((t) => t.drawn))}`);
  });
} finally {
  await browser.close();
}
