import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { storageStatePath } from '../support/users';

/**
 * The factory wizard (issue 12) as the demo admin: a new factory walked through every step — settings,
 * a line, a shift, a product, a downtime reason — created, given an ingest key, and the `curl` command
 * the page shows is run as shown; the line's figures then appear on the factory's dashboard. The new
 * factory stays (factories cannot be deleted), which is why this spec runs after all the others.
 */
test.use({ storageState: storageStatePath('admin') });

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const current = (page: Page, step: string) => expect(page.getByRole('button', { name: step })).toHaveAttribute('aria-current', 'step');

/** Runs the shown command as a plant's integrator would, trusting the stack's own certificate. */
function runShownCommand(command: string): string {
  const home = mkdtempSync(join(tmpdir(), 'linepulse-curl-'));
  writeFileSync(join(home, '.curlrc'), 'insecure\nsilent\nshow-error\n');
  return execFileSync('sh', ['-c', command], { env: { ...process.env, HOME: home }, encoding: 'utf8' });
}

test('creates a factory through every step, gives it an ingest key, and an event sent with the shown curl command reaches its dashboard', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Zagreb ${Date.now() % 100_000}`;
  await page.goto('/factories');
  await page.getByRole('link', { name: 'New factory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New factory' })).toBeVisible();

  // General: nothing typed is refused with the product §8 message.
  await next(page).click();
  await expect(page.getByText('The factory name is required')).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('combobox', { name: 'Primary language' }).selectOption('fr');
  await next(page).click();

  // Calendar: UTC, production day at 00:00, and the live example follows.
  await current(page, '2. Calendar');
  await page.getByRole('combobox', { name: /Time zone/ }).selectOption('UTC');
  await page.getByRole('textbox', { name: /Hour/ }).fill('25');
  await next(page).click();
  await expect(page.getByText('The hour must be between 0 and 23')).toBeVisible();
  await page.getByRole('textbox', { name: /Hour/ }).fill('0');
  await page.getByRole('textbox', { name: /Minute/ }).fill('0');
  await expect(page.getByText('Yesterday')).toBeVisible();
  await next(page).click();

  await current(page, '3. Money');
  await page.getByRole('combobox', { name: /Currency/ }).selectOption('EUR');
  await next(page).click();

  await current(page, '4. Objectives');
  await page.getByRole('textbox', { name: /Availability objective/ }).fill('90');
  await page.getByRole('textbox', { name: /Performance objective/ }).fill('95');
  await page.getByRole('textbox', { name: /Quality objective/ }).fill('99');
  await expect(page.getByText('84.65%')).toBeVisible();
  await next(page).click();

  // Production lines: one line, its key made from its name.
  await current(page, '5. Production lines');
  await page.getByRole('button', { name: 'Add a production unit' }).click();
  await page.getByRole('group', { name: 'New production unit' }).getByRole('textbox', { name: /^Name/ }).fill('Filler Z1');
  await next(page).click();

  // Work shifts: one shift of 24 hours, every day, on the line.
  await current(page, '6. Work shifts');
  await page.getByRole('button', { name: 'Add a work shift' }).click();
  await page.getByRole('group', { name: 'New work shift' }).getByRole('textbox', { name: /^Name/ }).fill('All day');
  // Each item's group is named after the item once it has a name.
  const shift = page.getByRole('group', { name: 'All day', exact: true });
  await shift.getByRole('checkbox', { name: 'Filler Z1' }).check();
  await shift.getByLabel('Start').fill('00:00');
  await shift.getByLabel('End').fill('00:00');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    const box = shift.getByRole('checkbox', { name: day });
    if (!(await box.isChecked())) await box.check();
  }
  await next(page).click();

  await current(page, '7. Products');
  await page.getByRole('button', { name: 'Add a product' }).click();
  await page.getByRole('group', { name: 'New product' }).getByRole('textbox', { name: /^SKU/ }).fill('ZG-1');
  await page.getByRole('group', { name: 'ZG-1' }).getByRole('textbox', { name: /^Name/ }).fill('Zagreb water');
  await page.getByRole('textbox', { name: /Ideal rate on Filler Z1/ }).fill('1200');
  await next(page).click();

  await current(page, '8. Downtime reasons');
  await page.getByRole('button', { name: 'Add a downtime reason' }).click();
  await page.getByRole('group', { name: 'New downtime reason' }).getByRole('textbox', { name: /^Name/ }).fill('Cleaning');
  // The category offers the factory's other categories (a datalist), and takes a new one.
  await page.getByRole('group', { name: 'Cleaning' }).getByRole('combobox', { name: 'Category' }).fill('Hygiene');
  await next(page).click();

  // The summary, then the creation.
  await current(page, '9. Summary');
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(name)).toBeVisible();
  await expect(summary.getByText('UTC')).toBeVisible();
  await page.getByRole('button', { name: 'Create the factory' }).click();

  // Machines: the new factory's own page; a key is shown once with its curl command.
  await current(page, '10. Machines');
  await expect(page).toHaveURL(/\/factory\/[0-9a-f-]{36}$/);
  const factoryId = page.url().split('/').pop()!;
  await page.getByRole('button', { name: 'Create a key' }).click();
  const command = await page.getByLabel('Command').innerText();
  expect(command).toContain('/api/ingest/v1/events');
  expect(command).toContain('"unit":"filler-z1"');
  const answer = JSON.parse(runShownCommand(command)) as { accepted: number; duplicates: number };
  expect(answer).toEqual({ accepted: 1, duplicates: 0 });

  // The factory is in the session and its configuration is what was walked through.
  const token = await captureAccessToken(page, `/${factoryId}/dashboard`);
  const configuration = await (await page.request.get(`/api/factories/${factoryId}/configuration`, { headers: bearer(token) })).json();
  expect(configuration.production_units.map((u: { key: string; name: string }) => [u.key, u.name])).toEqual([['filler-z1', 'Filler Z1']]);
  expect(configuration.work_shifts[0]).toMatchObject({ name: 'All day', production_units: ['filler-z1'], start: '00:00', end: '00:00' });
  expect(configuration.work_shifts[0].days).toHaveLength(7);
  expect(configuration.products[0]).toMatchObject({ sku: 'ZG-1', ideal_rate_per_hour: { 'filler-z1': 1200 } });
  expect(configuration.downtime_reasons[0]).toMatchObject({ name: 'Cleaning', category: 'Hygiene', is_planned: false });

  // The dashboard of the new factory, over this week (the event is from a moment ago), shows the line's
  // availability, which only the event can give: before it the line had no state at all.
  await choosePeriod(page.request, token, 'week');
  try {
    await page.goto(`/${factoryId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: `Dashboard — ${name}` })).toBeVisible();
    const row = page.getByRole('table', { name: 'Production overview' }).getByRole('row', { name: /Filler Z1/ });
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d+(\.\d+)?\s?%$/);
  } finally {
    await choosePeriod(page.request, token, 'last7days');
  }
});

/** The admin's selected period (a preference), as the period picker would save it. */
async function choosePeriod(request: APIRequestContext, token: string, option: string): Promise<void> {
  const current = await (await request.get('/api/user/preferences', { headers: bearer(token) })).json();
  const answer = await request.put('/api/user/preferences', {
    headers: bearer(token),
    data: { ...current, tilelytics: { ...current.tilelytics, selected_time_option: option, selected_start_date: null, selected_end_date: null } },
  });
  expect(answer.ok()).toBe(true);
}
