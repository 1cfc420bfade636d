import { expect, test } from '@playwright/test';
import { captureAccessToken } from '../support/api';
import { mainKpisResponse, resetPeriod, sectionsReady } from '../support/overview';
import { ApiWatch } from '../support/page-checks';
import { storageStatePath } from '../support/users';

test.use({ storageState: storageStatePath('admin') });

/** Method, path with query and body: two requests with the same key asked the api the same thing. */
function requestKey(method: string, url: string, body: string | null): string {
  const { pathname, search } = new URL(url);
  return `${method} ${pathname}${search} ${body ?? ''}`;
}

test('the company overview’s first load asks the api nothing twice', async ({ page }) => {
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  // Leave the page the token came from, so none of its requests is counted with the next load's.
  await page.goto('about:blank');

  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/dashboard-api/')) sent.push(requestKey(request.method(), request.url(), request.postData()));
  });
  // A new document: an empty cache, the host's session load and the page's figures, as a user gets them.
  // Not 'networkidle': the live stream (decision 49) stays open; every other call must have ended.
  const watch = new ApiWatch(page);
  const figures = mainKpisResponse(page);
  await page.goto('/company-overview');
  await figures;
  await sectionsReady(page);
  await watch.settled();

  const repeated = sent.filter((key, index) => sent.indexOf(key) !== index);
  expect(repeated, `sent twice:\n${repeated.join('\n')}`).toEqual([]);
  // The session (preferences, factories, account, custom periods, currencies, the active factory's
  // shifts and products) and the page (KPIs, KPIs by interval, opportunities) were all asked for.
  const paths = sent.map((key) => key.split(' ')[1]);
  for (const path of ['/api/user/preferences', '/api/user/factories', '/api/custom-periods', '/api/currency-list', '/api/kpis/by-groups', '/api/opportunities']) {
    expect(paths).toContain(path);
  }
});
