import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { resetPeriod, sectionsReady } from '../support/overview';
import { signIn } from '../support/sign-in';

/** The performance-manager pages (issue 14) on the built stack with the demo data. */

const summaryGain = (page: Page) => page.getByTestId('opportunity-gain');

test('an opportunity followed from the overview shows the same gain; a target moves it; an occurrence opens its downtime; exports', async ({ page }) => {
  await signIn(page, 'admin');
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  await page.goto('/company-overview');
  const table = page.getByRole('table', { name: 'Largest opportunities' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  // The largest opportunity (the first row): its line, its page and its gain (hours and minutes, product §9).
  const row = table.getByRole('row').nth(1);
  const link = row.getByRole('link');
  const label = (await link.getAttribute('aria-label')) ?? '';
  const [, kind, line] = /^Open (.+) for (.+)$/.exec(label) ?? [];
  const hours = (await row.getByRole('cell').allTextContents()).find((text) => /^(?:[\d\u00a0]+ h \d{2} min|\d+ min|\d+ s)$/.test(text));
  expect(hours).toBeTruthy();
  await link.click();
  await expect(page).toHaveURL(/\/performance-manager\/[a-z-]+\?factoryId=[^&]+&productionUnitId=/);
  await expect(page.getByRole('heading', { level: 1, name: `${kind!} — ${(await page.getByRole('combobox', { name: 'Factory' }).locator('option:checked').textContent())!} — ${line!}` })).toBeVisible();
  await sectionsReady(page);
  await expect(summaryGain(page)).toHaveText(hours!);
  await expect(page.getByRole('region', { name: 'Summary' }).getByText('Money')).toBeVisible();
  const { factoryId, unitId } = await test.step('ids from the URL', () => {
    const url = new URL(page.url());
    return { factoryId: url.searchParams.get('factoryId')!, unitId: url.searchParams.get('productionUnitId')! };
  });

  // Shift changes of the factory's line that has the most over the last 7 days (yesterday alone may
  // have none on the line above: the demo data follow the calendar), against its median, then against
  // a target of zero.
  const lines = ((await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; production_units: { id: string; name: string }[] }[])
    .find((f) => f.id === factoryId)!.production_units;
  let shiftLine = { id: unitId, name: line!, occurrences: -1 };
  for (const candidate of lines) {
    const answer = await page.request.post('/api/opportunities/unit', {
      headers: bearer(token),
      data: { time_option: 'last7days', factory_id: factoryId, production_unit_id: candidate.id, kind: 'shift_changes' },
    });
    const occurrences = ((await answer.json()) as { summary: { occurrences: number } }).summary.occurrences;
    if (occurrences > shiftLine.occurrences) shiftLine = { ...candidate, occurrences };
  }
  expect(shiftLine.occurrences).toBeGreaterThan(0);
  await page.goto(`/performance-manager/shift-changes?factoryId=${factoryId}&productionUnitId=${shiftLine.id}`);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('last7days');
  await sectionsReady(page);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Target', { exact: true }).locator('..')).toContainText('the line’s median over the period');
  const medianGain = (await summaryGain(page).textContent())!;
  await expect(page.getByRole('table', { name: 'By pair of shifts' })).toBeVisible();

  // A target of zero for this line: every minute lost is gain; then back to the median.
  try {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/opportunities/targets') && r.request().method() === 'PUT');
    await page.getByRole('textbox', { name: 'Target in minutes' }).fill('0');
    await page.getByRole('button', { name: 'Save the target' }).click();
    expect((await saved).status()).toBe(204);
    await expect(summary.getByText('Target', { exact: true }).locator('..')).toContainText('set for this line');
    await expect(summaryGain(page)).not.toHaveText(medianGain);
    // Removing it asks first, naming the median that applies then (decision 42).
    await page.getByRole('button', { name: 'Remove the target' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this line’s target?' });
    await expect(confirm).toContainText('The target of 0 s is removed. The line’s median over the period,');
    await confirm.getByRole('button', { name: 'Remove the target' }).click();
    // The page's only modal has closed: nothing of the page stays hidden from screen readers (a page
    // whose only modal was this dialog kept `aria-hidden` on its root: AppProviders' ModalLayer).
    await expect(confirm).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    await expect(summary.getByText('Target', { exact: true }).locator('..')).toContainText('the line’s median over the period');
    await expect(summaryGain(page)).toHaveText(medianGain);
  } finally {
    // Other specs read the demo factories: leave no target behind.
    await page.request.put('/api/opportunities/targets', { headers: bearer(token), data: { factory_id: factoryId, production_unit_id: shiftLine.id, kind: 'shift_changes', target_seconds: null } });
  }

  // Exports: the occurrences as CSV, the distribution as an image.
  const occurrences = page.getByRole('table', { name: 'Occurrences' });
  await expect(occurrences.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Export Occurrences' }).click();
  let download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV file' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('"When","Shifts, products or reason","Downtimes inside","Loss","Beyond the target","Lost units","Lost money","Downtime"');
  await page.getByRole('button', { name: 'Export Distribution of the losses' }).click();
  download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PNG image' }).click();
  expect((await download).suggestedFilename()).toMatch(/^shift-changes_.*_distribution\.png$/);

  // The largest occurrence opens the availability page narrowed to it.
  await occurrences.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/${factoryId}/availability-downtime\\?unit=${shiftLine.id}&from=.+&to=.+`));
  await expect(page.getByText(new RegExp(`^Narrowed to ${shiftLine.name}, `))).toBeVisible({ timeout: 30_000 });
});

test('each of the four pages asks for its line, writes the choice into the URL and shows its figures', async ({ page }) => {
  await signIn(page, 'operation');
  const token = await captureAccessToken(page);
  await resetPeriod(page.request, token);
  const pages = [
    { link: 'Shift changes', path: 'shift-changes', tables: ['By pair of shifts'] },
    { link: 'Line starts', path: 'line-starts', tables: ['By day of the week', 'By shift'] },
    { link: 'Product changes', path: 'product-changes', tables: ['Mean loss by product change (from, in rows, to, in columns)'] },
    { link: 'Planned downtime above target', path: 'planned-downtimes-with-target', tables: ['By reason', 'By shift'] },
  ];
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const entry of pages) {
    await test.step(entry.link, async () => {
      const group = nav.getByRole('button', { name: 'Opportunities' });
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await nav.getByRole('link', { name: entry.link }).click();
      await expect(page).toHaveURL(new RegExp(`/performance-manager/${entry.path}$`));
      await expect(page.getByText('Choose a factory and a production line to see their opportunities.')).toBeVisible();
      await page.getByRole('combobox', { name: 'Factory' }).selectOption({ label: 'Lyon' });
      await page.getByRole('combobox', { name: 'Production line' }).selectOption({ index: 1 });
      await expect(page).toHaveURL(new RegExp(`/performance-manager/${entry.path}\\?factoryId=[^&]+&productionUnitId=[^&]+$`));
      await sectionsReady(page);
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary.getByText('Occurrences', { exact: true })).toBeVisible();
      // No money without financial access, and no target to change for a supervisor.
      await expect(summary.getByText('Money')).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Target in minutes' })).toHaveCount(0);
      const occurrences = Number((await summary.getByText('Occurrences', { exact: true }).locator('..').locator('dd').textContent())?.replace(/\s/g, ''));
      if (occurrences > 0) {
        for (const name of entry.tables) await expect(page.getByRole('table', { name })).toBeVisible();
        await expect(page.getByText(new RegExp(`^Occurrences 1–\\d+ of ${occurrences}$`))).toBeVisible();
      }
      // The URL holds the choice: reloading it shows the same line.
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
    });
  }
});
