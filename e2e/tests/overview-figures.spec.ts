import { expect, test, type Response } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { expectComparisonToMatch, gotoForMainKpis, groupsOf, mainKpisResponse, resetPeriod, sectionsReady, TEST_IDS, formatPercent } from '../support/overview';
import { storageStatePath } from '../support/users';

test.use({ storageState: storageStatePath('admin') });

test('the company overview shows the api’s figures and follows period, KPI and interval', async ({ page }) => {
  const token = await captureAccessToken(page);
  // Let that first load's figures arrive before the next navigation: its KPI answer would otherwise be
  // the one awaited below, and its body is gone once the page navigates away. (Not 'networkidle': the
  // live stream stays open.)
  await sectionsReady(page);
  await resetPeriod(page.request, token);
  // The flag that this browser's user chose a period (one key per user: `…periodChosen:<user id>`).
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('linepulse.overview.periodChosen')) localStorage.removeItem(key);
  });

  // Default: yesterday, one group per factory.
  let groups = await groupsOf(await gotoForMainKpis(page, '/company-overview'));
  let answer: Promise<Response>;
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('lastday');
  expect(groups.map((g) => g.name).sort()).toEqual(['Lyon', 'Monterrey', 'Montréal']);
  // Yesterday is under 7 days: by hour; week needs 7 days and month 31.
  await expect(page.getByRole('radio', { name: 'Hour' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Week' })).toBeDisabled();
  await expect(page.getByText('The month view needs a period of at least 31 days')).toBeVisible();

  // The api's figures, for a week: the demo's lines do not run at weekends, so on a Sunday or a Monday
  // yesterday may have none to compare.
  answer = mainKpisResponse(page);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last7days');
  groups = await groupsOf(await answer);
  await expectComparisonToMatch(page, groups);

  // Another period: new figures, the api's.
  const before = groups;
  answer = mainKpisResponse(page);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last30days');
  groups = await groupsOf(await answer);
  await expectComparisonToMatch(page, groups);
  expect(JSON.stringify(groups.map((g) => g.total))).not.toBe(JSON.stringify(before.map((g) => g.total)));
  // Under 30 days: by day; hour is limited to 14 days.
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Hour' })).toBeDisabled();
  await expect(page.getByText('The hour interval is only available for up to 14 days')).toBeVisible();
  const byWeek = page.waitForResponse((r) => r.url().endsWith('/api/kpis/by-groups') && r.request().postDataJSON()?.interval === 'week');
  await page.getByRole('radio', { name: 'Week' }).check();
  expect((await byWeek).ok()).toBe(true);
  await expect(page.getByRole('figure', { name: 'OEE by week' })).toBeVisible();

  // The KPI selector changes what the charts show; the tiles keep the api's figures.
  await page.getByRole('tab', { name: 'Availability' }).click();
  await expect(page.getByRole('figure', { name: 'Availability trend: this period and the 11 before' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Availability by week' })).toBeVisible();

  // 90 days: by week by default, month allowed, day limited to 30 days.
  answer = mainKpisResponse(page);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last90days');
  await expectComparisonToMatch(page, await groupsOf(await answer));
  await expect(page.getByRole('radio', { name: 'Day' })).toBeDisabled();
  await expect(page.getByText('The day interval is only available for up to 30 days')).toBeVisible();

  // A date range of 365 days or more: no view by interval.
  answer = mainKpisResponse(page);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('time_range');
  // Inside the demo history (405 days up to now), 371 days long.
  const day = (daysAgo: number): string => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Start date').fill(day(380));
  await page.getByLabel('End date').fill(day(10));
  await page.getByRole('button', { name: 'Apply the dates' }).click();
  await expectComparisonToMatch(page, await groupsOf(await answer));
  await expect(page.getByRole('note').filter({ hasText: 'Not allowed' }).first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Month' })).toBeDisabled();

  // The period was saved to the preferences.
  const saved = await (await page.request.get('/api/user/preferences', { headers: bearer(token) })).json();
  expect(saved.tilelytics).toMatchObject({ selected_time_option: 'time_range', selected_start_date: day(380), selected_end_date: day(10) });

  // Before 1 September 2019 is refused in the form.
  await page.getByLabel('Start date').fill('2019-08-31');
  await page.getByRole('button', { name: 'Apply the dates' }).click();
  await expect(page.getByText('Data is only available from 1 September 2019')).toBeVisible();
  await resetPeriod(page.request, token);
});

test('a chart downloads as an image and a table as CSV and Excel, named after page, factory and period', async ({ page }) => {
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
  const lyon = factories.find((f) => f.name === 'Lyon')!;
  await page.goto(`/${lyon.id}/dashboard`);
  // Seven days always hold production (yesterday may be a day off).
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last7days');
  await sectionsReady(page);

  await page.getByRole('button', { name: /^Export OEE trend/ }).click();
  let download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PNG image' }).click();
  expect((await download).suggestedFilename()).toMatch(/^dashboard_lyon_last7days-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}_trend\.png$/);

  await page.getByRole('button', { name: /^Export OEE trend/ }).click();
  download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'SVG image' }).click();
  const svg = await download;
  expect(svg.suggestedFilename()).toMatch(/_trend\.svg$/);

  await page.getByRole('button', { name: 'Export Production overview' }).click();
  download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV file' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^dashboard_lyon_last7days-.*_production-overview\.csv$/);
  const text = (await import('node:fs')).readFileSync((await csv.path())!, 'utf8');
  expect(text).toContain('"Line","Availability","Performance","Quality","OEE","OOE"');

  await page.getByRole('button', { name: 'Export Production overview' }).click();
  download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel file' }).click();
  const xlsx = await download;
  expect(xlsx.suggestedFilename()).toMatch(/_production-overview\.xlsx$/);
  expect((await import('node:fs')).readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
  await resetPeriod(page.request, token);
});

test('the factory dashboard shows the api’s tiles for the factory', async ({ page }) => {
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
  const monterrey = factories.find((f) => f.name === 'Monterrey')!;
  const answer = gotoForMainKpis(page, `/${monterrey.id}/dashboard`);
  const [group] = await groupsOf(await answer);
  for (const [name, key] of [['Availability', 'availability'], ['Performance', 'performance'], ['Quality', 'quality'], ['OEE', 'oee'], ['OOE', 'ooe']] as const) {
    await expect(page.getByRole('group', { name, exact: true }).getByTestId(TEST_IDS.kpiValue)).toHaveText(formatPercent('en', group!.total[key]));
  }
  await expect(page.getByRole('table', { name: 'Production overview' }).getByRole('row')).toHaveCount(1 + 6 + 1);
  await expect(page.getByRole('table', { name: 'Top 5 unplanned causes' })).toBeVisible();
});
