import { expect, test, type Page } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { mainKpisResponse, resetPeriod, sectionsReady } from '../support/overview';
import { ApiWatch } from '../support/page-checks';
import { storageStatePath } from '../support/users';

test.use({ storageState: storageStatePath('admin') });

/** Method, path with query and body: two requests with the same key asked the api the same thing. */
function requestKey(method: string, url: string, body: string | null): string {
  const { pathname, search } = new URL(url);
  return `${method} ${pathname}${search} ${body ?? ''}`;
}

/**
 * Opens `path` in a new document (an empty cache) and returns every api call of its first load, and
 * every request for a remote's files (its manifest, entry and chunks).
 */
async function firstLoadCalls(page: Page, path: string): Promise<string[]> {
  // Leave the page before, so none of its requests is counted with this load's.
  await page.goto('about:blank');
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(api|dashboard-api|remotes)\//.test(pathname)) sent.push(requestKey(request.method(), request.url(), request.postData()));
  });
  // The host's session load and the page's figures, as a user gets them. Not 'networkidle': the live
  // stream (decision 49) stays open; every other call must have ended.
  const watch = new ApiWatch(page);
  const figures = mainKpisResponse(page);
  await page.goto(path);
  await figures;
  await sectionsReady(page);
  await watch.settled();
  page.removeAllListeners('request');
  return sent;
}

// The pages' tiles' calls start at start-up (decision 68) and the pages ask for their other figures while
// they render (useEarlyQuery), before their queries mount: those must join the requests under way, not
// ask again. The entry module asks for the page's remote
// (manifest, entry, routes module) before the host has run: the runtime must take those, not ask again.
test('the company overview’s and a dashboard’s first loads ask the api and the remotes nothing twice', async ({ page }) => {
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
  const lyon = factories.find((f) => f.name === 'Lyon')!;

  const overview = await firstLoadCalls(page, '/company-overview');
  let repeated = overview.filter((key, index) => overview.indexOf(key) !== index);
  expect(repeated, `sent twice:\n${repeated.join('\n')}`).toEqual([]);
  // The session (preferences, factories, account, custom periods, currencies) and the page (KPIs, KPIs
  // by interval, opportunities) were all asked for.
  const paths = overview.map((key) => key.split(' ')[1]);
  for (const path of ['/api/user/preferences', '/api/user/factories', '/api/custom-periods', '/api/currency-list', '/api/kpis/by-groups', '/api/opportunities']) {
    expect(paths).toContain(path);
  }
  // One call for the tiles (the groups with their preceding periods): the page's query took the one the
  // start-up asked for, with the same body.
  expect(overview.filter((key) => key.startsWith('POST /api/kpis/by-groups') && key.includes('"preceding_periods":true'))).toHaveLength(1);
  // The overview's remote was asked for early: its entry preloaded by the entry module, its manifest
  // and entry each fetched once.
  expect(paths.filter((p) => p === '/remotes/overview/mf-manifest.json')).toHaveLength(1);
  expect(paths.filter((p) => p === '/remotes/overview/remoteEntry.js')).toHaveLength(1);
  const preloaded = await page.locator('head link[rel="preload"][as="script"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded).toContain('/remotes/overview/remoteEntry.js');
  // The page's own code too, from the manifest's list (decision 66): it travels with the host's
  // libraries instead of waiting for the routes module to run, and the runtime takes the preloaded copy.
  const pageScript = paths.find((p) => /^\/remotes\/overview\/page-companyOverview\.[0-9a-f]+\.js$/.test(p ?? '')) ?? 'no page-companyOverview script';
  expect(preloaded).toContain(pageScript);
  expect(paths.filter((p) => p === pageScript)).toHaveLength(1);

  const dashboard = await firstLoadCalls(page, `/${lyon.id}/dashboard`);
  repeated = dashboard.filter((key, index) => dashboard.indexOf(key) !== index);
  expect(repeated, `sent twice:\n${repeated.join('\n')}`).toEqual([]);
  expect(dashboard.filter((key) => key.startsWith('POST /api/kpis/by-groups'))).toHaveLength(2); // the factory, its lines
  expect(dashboard.filter((key) => key.startsWith('POST /api/top-downtime-reasons'))).toHaveLength(1);
});

// The host's page names its start-up scripts itself (decision 61): the browser asks for them while it
// parses the page, not once the entry script has arrived and run; the runtime then takes each of them.
// They are few (decision 64: the libraries, the platform, the host's own code), and the host asks for no
// other script of its own before its start-up calls go out but its entry and the language's messages
// (the overview's charts then ask for Highcharts as soon as they mount, before their figures arrive).
test('the host’s start-up scripts are preloaded by its page, asked for once and all used', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await page.goto('about:blank');
  const requested: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin) requested.push(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const figures = mainKpisResponse(page);
  await page.goto('/company-overview');
  await figures;
  await sectionsReady(page);

  const preloaded = await page
    .locator('head link[rel="preload"][as="script"][fetchpriority="low"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  // React, MSAL, Fluent's foundation, luxon… in one script, the platform and the host's code in two more.
  expect(preloaded.length).toBeGreaterThanOrEqual(2);
  expect(preloaded.length).toBeLessThanOrEqual(4);
  expect(preloaded.filter((path) => path.startsWith('/remotes/'))).toEqual([]);
  const started = requested.findIndex((path) => path.startsWith('/api/'));
  expect(started).toBeGreaterThan(0);
  const hostScripts = requested.slice(0, started).filter((path) => path.endsWith('.js') && !path.startsWith('/remotes/'));
  expect(hostScripts.filter((path) => path !== '/main.js' && !preloaded.includes(path) && !/^\/messages-[a-z]+\./.test(path))).toEqual([]);
  // Asked for before the entry script had run (it asks for the runtime configuration first), each once.
  const configAt = requested.indexOf('/config.json');
  expect(configAt).toBeGreaterThan(0);
  for (const path of preloaded) {
    expect(requested.filter((p) => p === path), path).toHaveLength(1);
    expect(requested.indexOf(path), `${path} before /config.json`).toBeLessThan(configAt);
  }
  // The browser reports a preloaded script nobody used a few seconds after the page's load event.
  await page.waitForTimeout(4_000);
  expect(warnings.filter((text) => text.includes('preload'))).toEqual([]);
});
