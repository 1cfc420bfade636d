// What the measuring scripts (`pnpm budgets`, `pnpm budgets:heatmap`, `pnpm budgets:embed`) share: Debian's Chromium with the
// flags this machine's closed network needs, and the real sign-in of the demo admin.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

/** The running product's origin: E2E_BASE_URL, https://localhost:8443 by default. */
export const base = (process.env.E2E_BASE_URL ?? 'https://localhost:8443').replace(/\/$/, '');

/** DevTools' slow network of issue 23: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip; CPU 4× slower. */
export const SLOW_NETWORK = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };

/** Element Timing identifier of the company overview's KPI figures (remote-overview's `FIGURES_PAINTED`). */
export const FIGURES_PAINTED = 'linepulse-kpi-figures';
/** The mark the company overview sets when React has put its first figures in the page (`DATA_DRAWN_MARK`). */
export const DATA_DRAWN = 'linepulse:overview-data-drawn';

/**
 * One visit to the company overview at `origin` on the slow network and CPU, the browser cache disabled or
 * not (`cdp`: the page's DevTools session, network enabled): when its KPI figures were painted (null for
 * a build without Element Timing), when they were put in the page (`drawn`), and the times of `marks`
 * (other performance marks the page sets), all from navigation. The network and CPU are set back afterwards.
 */
export async function slowOverviewVisit(page, cdp, { origin = base, cacheDisabled, marks = [] }) {
  await page.goto('about:blank');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  const { latency, downloadThroughput, uploadThroughput, cpuSlowdown } = SLOW_NETWORK;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput, uploadThroughput });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  try {
    await page.goto(`${origin}/company-overview`, { waitUntil: 'commit', timeout: 120_000 });
    const times = await markTimes(page, [DATA_DRAWN, ...marks], 120_000);
    // A build from before the figures carried Element Timing (compared by `pnpm budgets:compare`) has none.
    const painted = await paintedAt(page, FIGURES_PAINTED, 15_000).catch(() => null);
    return { painted, drawn: times[0], marks: times.slice(1) };
  } finally {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/**
 * When the browser first painted the page's elements carrying the Element Timing `identifier`
 * (`elementtiming` attribute), in ms from navigation: what a user sees, after styles, layout and paint.
 * A page's own marks are set when its code has put the figures in the page, which can be well before.
 */
export function paintedAt(page, identifier, timeout = 60_000) {
  return page.evaluate(
    ([name, limit]) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing marked elementtiming="${name}" was painted within ${limit} ms`)), limit);
        new globalThis.PerformanceObserver((list, observer) => {
          const entry = list.getEntries().find((e) => e.identifier === name);
          if (!entry) return;
          globalThis.clearTimeout(timer);
          observer.disconnect();
          resolve(entry.renderTime || entry.loadTime);
        }).observe({ type: 'element', buffered: true });
      }),
    [identifier, timeout],
  );
}

/**
 * Waits until the page has set every one of `marks` (performance marks) and returns their times from
 * navigation, in their order. The marks carry their own times, so the wait only needs to notice them: it
 * looks every 100 ms on a timer. Playwright's default, a check at every animation frame, makes the browser
 * run a frame (style, paint) every 16 ms while the page loads and cuts React's rendering into smaller
 * slices between them — work a user's browser does not do, which put ~0.35 s on the slow network's figure.
 */
export async function markTimes(page, marks, timeout = 60_000) {
  await page.waitForFunction((names) => names.every((mark) => performance.getEntriesByName(mark).length > 0), marks, { timeout, polling: 100 });
  return page.evaluate((names) => names.map((mark) => performance.getEntriesByName(mark)[0].startTime), marks);
}

/** Headless Chromium (CHROMIUM_PATH, /usr/bin/chromium by default) without background networking. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs in as the demo admin through the embedded provider, as a user does. */
export function signInAsDemoAdmin(page) {
  return signInAs(page, 'admin@demo.linepulse.test');
}

/** Signs in as a demo user (password `linepulse`) through the embedded provider, as a user does. */
export async function signInAs(page, email, origin = base) {
  await page.goto(`${origin}/home`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('linepulse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login-callback'));
}

/**
 * The Authorization header the product itself sends (`Bearer …`): the company overview is opened and
 * its first api call read, so the measuring script calls the api with the signed-in user's token.
 */
export async function appAuthorization(page) {
  const request = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers().authorization, { timeout: 60_000 });
  await page.goto(`${base}/company-overview`);
  return (await request).headers().authorization;
}

/**
 * A throwaway instance of the product at https://localhost:<port> (the api serving the built apps, the
 * embedded provider and a fresh embedded database with the demo data, in a temporary folder), ready once
 * /config.json answers (it answers 503 while the demo history is being made; /api/health answers from the
 * first second); `stop()` ends it and leaves nothing behind. Set E2E_BASE_URL to that origin
 * before importing this module.
 */
export async function startThrowawayInstance(port, prefix) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const child = spawn('pnpm', ['--filter', '@linepulse/api', 'start'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/config.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 300_000) throw new Error('the instance did not answer within 5 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.log(`instance ready at ${base} in ${Math.round((Date.now() - started) / 1000)} s (demo data on a fresh embedded database)`);
  return {
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the page has finished no new resource for `quietMs` (Playwright's 'networkidle' never
 * comes while the live stream, an event stream open as long as the page, is connected: decision 49). A
 * resource is listed in the page's Resource Timing once it has finished, so the open stream never is.
 */
export async function untilQuiet(page, { quietMs = 500, timeout = 60_000 } = {}) {
  await page.waitForLoadState('load', { timeout });
  const deadline = Date.now() + timeout;
  let count = -1;
  let since = Date.now();
  for (;;) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now !== count) {
      count = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`the page did not settle within ${timeout} ms`);
    await page.waitForTimeout(100);
  }
}
