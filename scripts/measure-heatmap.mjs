#!/usr/bin/env node
// Heatmap budget of issue 11, measured on the running product: `pnpm budgets:heatmap` (Debian's Chromium
// at CHROMIUM_PATH; the apps built by `pnpm build` or `pnpm start`).
//
// The demo company's largest factory has 6 lines; the budget is for 20 lines × 14 days by hour (6 720
// cells). So the script starts a throwaway instance of the product (the api serving the built apps, the
// embedded provider and a fresh embedded database with the demo data, in a temporary folder, at
// https://localhost:8447), adds a 20-line factory to the demo company as its admin would — factory,
// production configuration, an ingest key, then 15 days of machine states, counts and justifications
// sent to the public ingestion endpoint — and stops the instance at the end, leaving nothing behind.
// With E2E_BASE_URL set it measures that running product instead, adding the factory there once.
//
// Then it signs in as the demo admin, sets the period to the last 14 days and opens the availability
// page of the 20-line factory by hour (`?interval=hour`) five times, printing for each the time from
// navigation start to the moment every heatmap cell is drawn. Figures, not assertions.
// HEATMAP_PROFILE=<file.cpuprofile> also records the last run's JavaScript CPU profile (open it in
// Chromium's DevTools) and prints the functions that took the most time themselves.
import { writeFileSync } from 'node:fs';

const RUNS = 5;
const DAYS = 14;
const LINES = 20;
const FACTORY_NAME = 'Heatmap bench 20 lines';
const OWN_PORT = 8447;

const external = process.env.E2E_BASE_URL;
if (!external) process.env.E2E_BASE_URL = `https://localhost:${OWN_PORT}`;
const { appAuthorization, base, launchChromium, signInAsDemoAdmin, startThrowawayInstance } = await import('./browser-session.mjs');
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // the instance's self-signed certificate, for this script's own calls

/** A reproducible stream of numbers in [0, 1). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * 15 days of one line's events ending now: running with a stop every 30–120 min lasting 2–25 min, most
 * stops justified (planned or unplanned reason), a count every 15 minutes of running.
 */
function lineEvents(key, index, now) {
  const next = random(1000 + index);
  const events = [];
  let t = now - (DAYS + 1) * 86_400_000;
  let n = 0;
  const id = () => `${key}-${(n += 1)}`;
  const iso = (ms) => new Date(ms).toISOString();
  events.push({ id: id(), type: 'product', unit: key, at: iso(t), sku: 'HB-1' });
  while (t < now - 60_000) {
    events.push({ id: id(), type: 'state', unit: key, at: iso(t), state: 'running' });
    const run = (30 + next() * 90) * 60_000;
    for (let c = t + 15 * 60_000; c < Math.min(t + run, now); c += 15 * 60_000) events.push({ id: id(), type: 'count', unit: key, at: iso(c), good: 80 + Math.floor(next() * 20), rejected: Math.floor(next() * 3) });
    t += run;
    if (t >= now) break;
    const stop = (2 + next() * 23) * 60_000;
    events.push({ id: id(), type: 'state', unit: key, at: iso(t), state: 'stopped' });
    const r = next();
    if (r < 0.75) events.push({ id: id(), type: 'justification', unit: key, from: iso(t), to: iso(Math.min(t + stop, now)), reason: r < 0.25 ? 'cleaning' : 'jam' });
    t += stop;
  }
  return events;
}

/** Adds the 20-line factory to the demo company through the api (once per product). */
async function ensureFactory(headers) {
  const json = async (method, path, body, extra = {}) => {
    const res = await fetch(`${base}${path}`, { method, headers: { ...headers, ...extra, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const existing = (await json('GET', '/api/user/factories')).find((f) => f.name === FACTORY_NAME);
  if (existing) return existing;
  const started = Date.now();
  const { id } = await json('POST', '/api/factories', { name: FACTORY_NAME, timezone: 'America/Toronto' });
  const keys = Array.from({ length: LINES }, (_, i) => `line${String(i + 1).padStart(2, '0')}`);
  await json('PUT', `/api/factories/${id}/configuration`, {
    production_units: keys.map((key, i) => ({ key, name: `Line ${i + 1}` })),
    work_shifts: [
      { key: 'day', name: 'Day', production_units: keys, start: '06:00', end: '14:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] },
      { key: 'evening', name: 'Evening', production_units: keys, start: '14:00', end: '22:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] },
      { key: 'night', name: 'Night', production_units: keys, start: '22:00', end: '06:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] },
    ],
    products: [{ sku: 'HB-1', name: 'Carton', ideal_rate_per_hour: Object.fromEntries(keys.map((k) => [k, 400])) }],
    downtime_reasons: [
      { key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false },
      { key: 'cleaning', name: 'Cleaning', category: 'Sanitation', is_planned: true },
    ],
  });
  const { key } = await json('POST', `/api/factories/${id}/ingest-keys`);
  const now = Date.now();
  const events = keys.flatMap((k, i) => lineEvents(k, i, now)).sort((a, b) => (a.at ?? a.from).localeCompare(b.at ?? b.from));
  for (let i = 0; i < events.length; i += 1000) {
    await json('POST', '/api/ingest/v1/events', { events: events.slice(i, i + 1000) }, { authorization: `Bearer ${key}` });
  }
  console.log(`added "${FACTORY_NAME}": ${LINES} lines, ${events.length} events over ${DAYS + 1} days, in ${Math.round((Date.now() - started) / 1000)} s`);
  return (await json('GET', '/api/user/factories')).find((f) => f.id === id);
}

/** Writes a CDP CPU profile and prints the 25 functions with the most self time. */
function printProfile(profile, file) {
  writeFileSync(file, JSON.stringify(profile));
  const interval = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const self = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (counts.get(node.id) ?? 0) * interval);
  }
  console.log(`CPU profile written to ${file}; most self time:`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
}

const instance = external ? null : await startThrowawayInstance(OWN_PORT, 'linepulse-heatmap-');
const browser = await launchChromium();
try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsDemoAdmin(page);
  const headers = { authorization: await appAuthorization(page) };

  const factory = await ensureFactory(headers);
  const end = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const start = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
  const preferences = await (await context.request.get(`${base}/api/user/preferences`, { headers })).json();
  await context.request.put(`${base}/api/user/preferences`, {
    headers,
    data: { ...preferences, tilelytics: { ...preferences.tilelytics, selected_time_option: 'time_range', selected_start_date: start, selected_end_date: end } },
  });
  // The first opening derives the new factory's history (as the first user after an ingestion would); not timed.
  await page.goto(`${base}/${factory.id}/availability-downtime?interval=hour`);
  await page.waitForSelector('.highcharts-heatmap-series .highcharts-point', { timeout: 120_000 });

  const expected = factory.production_units.length * DAYS * 24;
  const times = [];
  const profileFile = process.env.HEATMAP_PROFILE;
  const cdp = profileFile ? await context.newCDPSession(page) : null;
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto('about:blank');
    const profiling = cdp && run === RUNS - 1;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${base}/${factory.id}/availability-downtime?interval=hour`);
    // Cells of hours the factory's calendar adds or drops (a time change) make the count approximate.
    await page.waitForFunction((n) => globalThis.document.querySelectorAll('.highcharts-heatmap-series .highcharts-point').length >= n - 24, expected, { timeout: 60_000, polling: 'raf' });
    times.push(await page.evaluate(() => performance.now()));
    if (profiling) printProfile((await cdp.send('Profiler.stop')).profile, profileFile);
    if (process.env.HEATMAP_DETAIL) {
      console.log(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/api\/|\.js$/.test(e.name)).map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(/^.*\/\/[^/]+/, '')} ${e.encodedBodySize}`).join('\n')));
    }
  }
  await context.request.put(`${base}/api/user/preferences`, { headers, data: preferences });
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`\nHeatmap of ${factory.name}: ${factory.production_units.length} lines × ${DAYS} days by hour (~${expected} cells), navigation → every cell drawn`);
  console.log(`runs: ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`);
  console.log(`median of ${RUNS}: ${Math.round(sorted[Math.floor(RUNS / 2)])} ms (budget 1 500 ms)`);
} finally {
  await browser.close();
  await instance?.stop();
}
