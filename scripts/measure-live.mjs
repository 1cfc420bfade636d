#!/usr/bin/env node
// Live screens budget of issue 25, measured on the running product as a user meets it:
// `pnpm budgets:live` (Debian's Chromium at CHROMIUM_PATH; the apps built by `pnpm build`).
//
// Starts a throwaway instance of the product (https://localhost:8448, demo data on a fresh embedded
// database; with E2E_BASE_URL set it measures that running product instead). The demo admin makes an
// ingest key for Monterrey; the demo display signs in and opens Monterrey's TV screen. Then, RUNS times,
// a state event for Monterrey's first line (stopped, running, stopped…) is sent to the public ingestion
// endpoint, and the time from sending it to the TV's line showing the new state is read in the page
// (a MutationObserver on the line's data-state, both clocks the machine's). Prints each time and the
// p50 / p95 / max (budget: p95 ≤ 2 s). Figures, not assertions.
const RUNS = Number(process.env.LIVE_RUNS ?? 20);
const OWN_PORT = 8448;

const external = process.env.E2E_BASE_URL;
if (!external) process.env.E2E_BASE_URL = `https://localhost:${OWN_PORT}`;
const { appAuthorization, base, launchChromium, signInAs, startThrowawayInstance } = await import('./browser-session.mjs');
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // the instance's self-signed certificate, for this script's own calls

const instance = external ? null : await startThrowawayInstance(OWN_PORT, 'linepulse-live-');
const browser = await launchChromium();
try {
  // The admin: an ingest key for Monterrey, and its first line's key and name.
  const adminContext = await browser.newContext({ ignoreHTTPSErrors: true });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, 'admin@demo.linepulse.test');
  const authorization = await appAuthorization(adminPage);
  const api = async (method, path) => {
    const response = await fetch(`${base}/api/${path}`, { method, headers: { authorization } });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const monterrey = (await api('GET', 'user/factories')).find((f) => f.name === 'Monterrey');
  const line = (await api('GET', `factories/${monterrey.id}/configuration`)).production_units[0];
  const { key } = await api('POST', `factories/${monterrey.id}/ingest-keys`);
  await adminContext.close();

  // The display: Monterrey's TV screen, live.
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await signInAs(page, 'display@demo.linepulse.test');
  await page.goto(`${base}/${monterrey.id}/dashboard?tv=1`);
  await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 60_000 });
  const item = page.locator(`[data-testid="overview-line-states"] [data-line="${line.name}"]`);
  await item.waitFor();

  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const state = run % 2 === 0 ? 'stopped' : 'running';
    // Armed before the event is sent: resolves with the page's clock when the line shows `state`.
    const shown = item.evaluate(
      (element, wanted) =>
        new Promise((resolve) => {
          if (element.getAttribute('data-state') === wanted) return resolve(Date.now());
          // eslint-disable-next-line no-undef -- runs in the page, where MutationObserver is a global
          const observer = new MutationObserver(() => {
            if (element.getAttribute('data-state') === wanted) {
              observer.disconnect();
              resolve(Date.now());
            }
          });
          observer.observe(element, { attributes: true, attributeFilter: ['data-state'] });
        }),
      state,
    );
    await new Promise((r) => setTimeout(r, 200));
    const sent = Date.now();
    const answer = await fetch(`${base}/api/ingest/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: [{ id: `measure-live-${sent}-${run}`, type: 'state', unit: line.key, at: new Date(sent).toISOString(), state }] }),
    });
    if (!answer.ok) throw new Error(`ingest: ${answer.status}`);
    const at = await Promise.race([shown, new Promise((r) => setTimeout(() => r(NaN), 30_000))]);
    times.push(at - sent);
    // Past the screen's one refetch a second, so each run starts from a quiet screen.
    await new Promise((r) => setTimeout(r, 1500));
  }
  const seen = times.filter(Number.isFinite).sort((a, b) => a - b);
  const pct = (q) => seen[Math.min(seen.length - 1, Math.ceil((q / 100) * seen.length) - 1)];
  console.log(`ingested state event → TV line changed, ${RUNS} runs: ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`);
  console.log(`p50 ${Math.round(pct(50))} ms, p95 ${Math.round(pct(95))} ms, max ${Math.round(pct(100))} ms (${seen.length} of ${RUNS} shown within 30 s; budget p95 ≤ 2 000 ms)`);
} finally {
  await browser.close();
  await instance?.stop();
}
