import { expect, test, type Page } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { formatPercent, resetPeriod, sectionsReady } from '../support/overview';
import { signIn } from '../support/sign-in';

/** The availability and downtime page (issue 11) on the built stack with the demo data. */

interface IntervalStats {
  production_unit_name: string;
  downtimes_per_interval: { start_time: string; availability_rate: number | null }[];
}

const cells = (page: Page) => page.locator('.highcharts-heatmap-series .highcharts-point');

/**
 * The last weekday before today (UTC), as `yyyy-mm-dd`: the demo's lines do not run at weekends, so on a
 * Sunday or a Monday "yesterday" has no scheduled production and the heatmap rightly draws nothing.
 */
function lastWeekday(): string {
  const day = new Date();
  do day.setUTCDate(day.getUTCDate() - 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/** Shows one whole weekday (by hour, the default for a day) and returns the heatmap's answer for it. */
async function showLastWeekday(page: Page): Promise<IntervalStats[]> {
  const date = lastWeekday();
  await page.getByRole('combobox', { name: 'Period' }).selectOption('time_range');
  await page.getByLabel('Start date').fill(date);
  await page.getByLabel('End date').fill(date);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/production-units/downtimes-info-interval') && r.ok());
  await page.getByRole('button', { name: 'Apply the dates' }).click();
  const stats = (await (await answer).json()) as IntervalStats[];
  await sectionsReady(page);
  return stats;
}

async function signInWithLastday(page: Page): Promise<string> {
  await signIn(page, 'admin');
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  return token;
}

test('opened from the navigation, the heatmap’s cells agree with downtimes-info-interval, and a cell narrows the page', async ({ page }) => {
  await signInWithLastday(page);
  await page.goto('/company-overview');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // The group of the active factory is open already; another's opens on a click. The active factory
  // comes with the preferences, so the group may open by itself between a look and a click (the click
  // then closes it): click until it stays open, as a user would.
  const group = nav.getByRole('button', { name: 'Factory Lyon' });
  const links = nav.getByRole('list', { name: 'Factory Lyon' });
  await expect(async () => {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(links).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/production-units/downtimes-info-interval') && r.ok());
  await links.getByRole('link', { name: 'Availability and downtime' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Availability and downtime — Lyon' })).toBeVisible();
  await opened;
  await sectionsReady(page);
  const stats = await showLastWeekday(page);

  // One cell per line and interval (a weekday by hour), each named with its line and availability.
  const expected = stats.flatMap((unit) =>
    unit.downtimes_per_interval.map((i) => `${unit.production_unit_name}|${formatPercent('en', i.availability_rate === null ? null : i.availability_rate / 100)}`),
  );
  await expect(cells(page)).toHaveCount(expected.length);
  const labels = await cells(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  const seen = labels.map((label) => {
    const match = /^(.+?), .*: availability (.+)$/.exec(label);
    return match ? `${match[1]}|${match[2]}` : label;
  });
  expect(seen.sort()).toEqual([...expected].sort());
  await expect(page.getByRole('radio', { name: 'Hour' })).toBeChecked();

  // A cell with a figure narrows the page to its line and hour, and the figures follow.
  const index = labels.findIndex((label) => !label.endsWith('N/D'));
  expect(index).toBeGreaterThanOrEqual(0);
  const narrowed = page.waitForRequest((r) => r.url().endsWith('/api/production-units/downtimes-info') && !!r.postDataJSON()?.start);
  await cells(page).nth(index).click();
  const body = (await narrowed).postDataJSON() as { start: string; end: string; production_unit_ids: string[] };
  expect(body.production_unit_ids).toHaveLength(1);
  expect(Date.parse(body.end) - Date.parse(body.start)).toBe(3_600_000);
  await expect(page.getByText(/^Narrowed to .+, .+\.$/)).toBeVisible();
  await expect(page).toHaveURL(/[?&]unit=[^&]+&from=[^&]+&to=/);
  await sectionsReady(page);
  await expect(cells(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Show the whole period' }).click();
  await expect(page.getByText(/^Narrowed to/)).toHaveCount(0);
  await expect(cells(page)).toHaveCount(expected.length);
});

test('the heatmap is usable from the keyboard: Tab reaches a cell, the arrows move along a line, Enter narrows the page', async ({ page }) => {
  const token = await signInWithLastday(page);
  const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
  await page.goto(`/${factories.find((f) => f.name === 'Lyon')!.id}/availability-downtime`);
  await sectionsReady(page);
  await showLastWeekday(page);
  await expect(cells(page).first()).toBeVisible();
  const focused = () => page.evaluate(() => (document.activeElement?.classList.contains('highcharts-point') ? document.activeElement.getAttribute('aria-label') : null));
  let label: string | null = null;
  for (let i = 0; i < 60 && label === null; i++) {
    await page.keyboard.press('Tab');
    label = await focused();
  }
  expect(label).toMatch(/^(.+?), .+: availability .+$/);
  const line = /^(.+?), /.exec(label!)![1]!;
  await page.keyboard.press('ArrowRight');
  const next = await focused();
  expect(next).not.toBe(label);
  expect(next!.startsWith(`${line}, `)).toBe(true);
  const narrowed = page.waitForRequest((r) => r.url().endsWith('/api/production-units/downtimes-info') && !!r.postDataJSON()?.start);
  await page.keyboard.press('Enter');
  const body = (await narrowed).postDataJSON() as { start: string; end: string; production_unit_ids: string[] };
  expect(body.production_unit_ids).toHaveLength(1);
  expect(Date.parse(body.end) - Date.parse(body.start)).toBe(3_600_000);
  await expect(page.getByText(new RegExp(`^Narrowed to ${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, .+\\.$`))).toBeVisible();
});

test('the heatmap follows the interval rules of SPEC §9, and a year or more is "Not allowed"', async ({ page }) => {
  const token = await signInWithLastday(page);
  const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
  await page.goto(`/${factories.find((f) => f.name === 'Lyon')!.id}/availability-downtime`);
  await sectionsReady(page);
  // Yesterday: by hour; a week or a month is longer than the period.
  await expect(page.getByRole('radio', { name: 'Hour' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Week' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Month' })).toBeDisabled();

  // 30 days: by day by default; hours are allowed up to 14 days only.
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last30days');
  await sectionsReady(page);
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Hour' })).toBeDisabled();
  await expect(page.getByText('The hour interval is only available for up to 14 days')).toBeVisible();
  const weekly = page.waitForRequest((r) => r.url().endsWith('/downtimes-info-interval') && r.postDataJSON()?.interval === 'week');
  await page.getByRole('radio', { name: 'Week' }).click();
  await weekly;
  await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  await sectionsReady(page);

  // A range of a year or more: no heatmap at all.
  await page.getByRole('combobox', { name: 'Period' }).selectOption('time_range');
  await page.getByLabel('Start date').fill('2025-01-01');
  await page.getByLabel('End date').fill('2026-01-05');
  await page.getByRole('button', { name: 'Apply the dates' }).click();
  await expect(page.getByRole('region', { name: 'Availability by line and interval' }).getByText('Not allowed')).toBeVisible();
  await expect(cells(page)).toHaveCount(0);
});

test('the downtime list pages on the server, and a chart and a table export', async ({ page }) => {
  const token = await signInWithLastday(page);
  const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
  await page.goto(`/${factories.find((f) => f.name === 'Montréal')!.id}/availability-downtime`);
  const firstPage = page.waitForResponse((r) => r.url().endsWith('/api/production-units/downtimes') && r.ok() && r.request().postDataJSON()?.time_option === 'last7days');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last7days');
  const list = (await (await firstPage).json()) as { total: number; items: { id: string }[] };
  await sectionsReady(page);
  expect(list.total).toBeGreaterThan(100);
  const downtimes = page.getByRole('table', { name: 'Downtimes', exact: true });
  await expect(downtimes.getByRole('row')).toHaveCount(101);
  await expect(page.getByText(`Downtimes 1–100 of ${list.total}`)).toBeVisible();
  const second = page.waitForResponse((r) => r.url().endsWith('/api/production-units/downtimes') && r.request().postDataJSON()?.offset === 100);
  await page.getByRole('button', { name: 'Next' }).click();
  const secondPage = (await (await second).json()) as { items: { id: string }[] };
  await expect(page.getByText(`Downtimes 101–${Math.min(200, list.total)} of ${list.total}`)).toBeVisible();
  expect(secondPage.items.map((item) => item.id)).not.toContain(list.items[0]!.id);

  await page.getByRole('button', { name: 'Export Availability by line and interval' }).click();
  let download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PNG image' }).click();
  expect((await download).suggestedFilename()).toMatch(/^availability-downtime_montreal_last7days-.*_heatmap\.png$/);

  await page.getByRole('button', { name: 'Export Downtime per production line' }).click();
  download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV file' }).click();
  const csv = await download;
  const text = (await import('node:fs')).readFileSync((await csv.path())!, 'utf8');
  // Every text quoted (a name starting like a formula is neutralised: decision 10, issue 21).
  expect(text.split('\n')[0]).toContain('"Line","Availability","Occurrences","Total downtime","Planned downtime"');
  expect(text).toContain('All lines');
});

test.describe('production data export', () => {
  async function openExport(page: Page, user: 'admin' | 'other', factory: string): Promise<string> {
    await signIn(page, user);
    const token = await captureAccessToken(page);
    const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
    await page.goto(`/${factories.find((f) => f.name === factory)!.id}/production-data-export`);
    return token;
  }

  test('a CSV and an Excel file of the downtimes, row counts equal to the downtime list of the same selection', async ({ page }) => {
    const token = await openExport(page, 'admin', 'Lyon');
    const start = page.getByLabel('Start date');
    const end = page.getByLabel('End date');
    const day = await end.inputValue();
    await start.fill(day);
    const answer = page.waitForResponse((r) => r.url().includes('/export?') && r.ok());
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await download;
    const rows = Number((await answer).headers()['x-total-rows']);
    const text = (await import('node:fs')).readFileSync((await csv.path())!, 'utf8');
    const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
    expect(lines.length - 1).toBe(rows);
    await expect(page.getByText(/^Exported .+ rows to .+\.csv\.$/)).toBeVisible();

    // The same day in the downtime list, asked of the api directly.
    const query = new URL((await answer).url()).searchParams;
    const list = (await (
      await page.request.post('/api/production-units/downtimes', {
        headers: bearer(token),
        data: { time_option: 'time_range', start_date: day, end_date: day, production_unit_ids: query.get('production_unit_ids')!.split(','), limit: 1 },
      })
    ).json()) as { total: number };
    expect(rows).toBe(list.total);

    await page.getByRole('radio', { name: 'Excel file' }).check();
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const xlsx = await download;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = (await import('node:fs')).readFileSync((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip, as every .xlsx
  });

  test('production by day as CSV and as Excel: one row per line, each line’s times equal to downtimes-info for the same day', async ({ page }) => {
    const token = await openExport(page, 'admin', 'Lyon');
    // A whole day in the past: the figures of a day still running would move between the calls.
    const yesterday = new Date(Date.parse(`${await page.getByLabel('End date').inputValue()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Start date').fill(yesterday);
    await page.getByLabel('End date').fill(yesterday);
    await page.getByRole('radio', { name: /^Production by interval/ }).check();
    await page.getByRole('radio', { name: 'Day' }).check();

    const csvAnswer = page.waitForResponse((r) => r.url().includes('/export?') && r.ok());
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csvPath = (await (await download).path())!;
    const unitIds = new URL((await csvAnswer).url()).searchParams.get('production_unit_ids')!.split(',');
    const csv = await readSheet('csv', csvPath);
    expect(csv.length - 1).toBe(Number((await csvAnswer).headers()['x-total-rows']));
    expect(csv.length - 1).toBe(unitIds.length); // one production day, one row per line

    await page.getByRole('radio', { name: 'Excel file' }).check();
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const xlsx = await readSheet('xlsx', (await (await download).path())!);
    expect(xlsx[0]).toEqual(csv[0]);
    expect(xlsx.length).toBe(csv.length);

    const info = (await (
      await page.request.post('/api/production-units/downtimes-info', {
        headers: bearer(token),
        data: { time_option: 'time_range', start_date: yesterday, end_date: yesterday, production_unit_ids: unitIds },
      })
    ).json()) as { production_unit_name: string; in_production: number; uptime: number; planned: number; unplanned: number; unjustified: number; downtime_occurrences: number }[];
    const header = csv[0]!;
    // Durations as h:mm:ss (decision 40): text in the CSV, a number of days in Excel; both to the second.
    const figures = (row: string[]) => {
      const cell = (name: string) => row[header.indexOf(name)]!;
      const ms = (name: string): number => {
        const hms = /^(\d+):(\d\d):(\d\d)$/.exec(cell(`${name} (h:mm:ss)`));
        return hms ? ((Number(hms[1]) * 60 + Number(hms[2])) * 60 + Number(hms[3])) * 1000 : Number.NaN;
      };
      return {
        unit: cell('production_unit'), in_production: ms('scheduled_time'), uptime: ms('uptime'), planned: ms('planned_downtime'),
        unplanned: ms('unplanned_downtime'), unjustified: ms('unjustified_downtime'), occurrences: Number(cell('downtime_occurrences')),
      };
    };
    const second = (ms: number): number => Math.round(ms / 1000) * 1000;
    const expected = info.map((u) => ({
      unit: u.production_unit_name, in_production: second(u.in_production), uptime: second(u.uptime), planned: second(u.planned),
      unplanned: second(u.unplanned), unjustified: second(u.unjustified), occurrences: u.downtime_occurrences,
    }));
    const byUnit = (a: { unit: string }, b: { unit: string }) => a.unit.localeCompare(b.unit);
    expect(csv.slice(1).map(figures).sort(byUnit)).toEqual([...expected].sort(byUnit));
    expect(xlsx.slice(1).map(figures).sort(byUnit)).toEqual([...expected].sort(byUnit));
    expect(expected.some((u) => u.in_production > 0)).toBe(true);
  });

  test('a long export can be cancelled', async ({ page }) => {
    await openExport(page, 'admin', 'Montréal');
    await page.getByRole('radio', { name: /^Production by interval/ }).check();
    await page.getByRole('radio', { name: 'Hour' }).check();
    const end = await page.getByLabel('End date').inputValue();
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 300 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Start date').fill(start);
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Export cancelled: nothing was downloaded.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  test('Other Co.’s admin sees only SPEC §8’s message', async ({ page }) => {
    await openExport(page, 'other', 'Hamilton');
    await expect(page.getByRole('main').getByText('Data export only on the integrated ecosystem')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  });
});

/** The rows of a downloaded export as text cells, read by the same library for both formats (the CSV's cells kept as written). */
async function readSheet(format: 'csv' | 'xlsx', file: string): Promise<string[][]> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = format === 'csv' ? await workbook.csv.readFile(file, { map: (value: unknown) => value }) : (await workbook.xlsx.readFile(file)).worksheets[0]!;
  const rows: string[][] = [];
  // A duration (decision 40) comes from Excel as an instant counted from Excel's day 0: written back as the CSV's h:mm:ss.
  const hms = (date: Date): string => {
    const seconds = Math.round((date.getTime() - Date.UTC(1899, 11, 30)) / 1000);
    return `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  };
  sheet.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : v instanceof Date ? hms(v) : String(v)).replace(/^\uFEFF/, ''))),
  );
  return rows;
}
