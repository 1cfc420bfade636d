import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { storageStatePath } from '../support/users';

/**
 * History import (issue 21) as the demo admin: a small NDJSON export uploaded from a factory's Machines
 * step is stored and derived; the page follows it to "finished" with its counts and lists the refused
 * row by its line. The factory is made for the test and stays (factories cannot be deleted), which is
 * why this spec runs after all the others.
 */
test.use({ storageState: storageStatePath('admin') });

test('uploads a history file from the factory page and shows its steps, counts and refused row', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await captureAccessToken(page, '/factories');
  const name = `Import ${Date.now() % 100_000}`;
  const created = await page.request.post('/api/factories', { headers: bearer(token), data: {
      name,
      timezone: 'UTC',
      objectives: [
        { objective_type: 'availability', value: 90 },
        { objective_type: 'performance', value: 95 },
        { objective_type: 'quality', value: 99 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const factory = (await created.json()) as { id: string };
  const configured = await page.request.put(`/api/factories/${factory.id}/configuration`, {
    headers: bearer(token),
    data: {
      production_units: [{ key: 'L1', name: 'Line 1' }],
      work_shifts: [{ key: 'day', name: 'Day', production_units: ['L1'], start: '00:00', end: '00:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
      products: [{ sku: 'SKU-A', name: 'Bottle', ideal_rate_per_hour: { L1: 600 } }],
      downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
    },
  });
  expect(configured.status()).toBe(200);

  const at = (hoursAgo: number): string => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const lines = [
    { id: 'p1', type: 'product', unit: 'L1', at: at(6), sku: 'SKU-A' },
    { id: 's1', type: 'state', unit: 'L1', at: at(6), state: 'running' },
    { id: 'c1', type: 'count', unit: 'L1', at: at(5), good: 500, rejected: 3 },
    { id: 'x1', type: 'count', unit: 'NOPE', at: at(5), good: 1, rejected: 0 },
    { id: 'c2', type: 'count', unit: 'L1', at: at(4), good: 480, rejected: 2 },
  ].map((event) => JSON.stringify(event));
  const file = join(mkdtempSync(join(tmpdir(), 'linepulse-import-')), 'history.ndjson');
  writeFileSync(file, `${lines.join('\n')}\n`);

  await page.goto(`/factory/${factory.id}`);
  await page.getByRole('button', { name: '10. Machines' }).click();
  const panel = page.getByRole('region', { name: 'Import history' });
  await expect(panel.getByText('No history imported yet.')).toBeVisible();
  await panel.getByLabel('File').setInputFiles(file);
  await expect(panel.getByRole('radio', { name: /NDJSON/ })).toBeChecked();
  await panel.getByRole('button', { name: 'Import' }).click();

  await expect(panel.getByText('Import finished: 4 events stored. The figures include them.')).toBeVisible({ timeout: 120_000 });
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  await expect(panel.getByText('Compute the figures: done')).toBeVisible();
  const refused = panel.getByRole('table', { name: 'Refused rows' }).getByRole('row');
  await expect(refused).toHaveCount(2);
  await expect(refused.nth(1)).toContainText('4');
  await expect(refused.nth(1)).toContainText('Unknown production unit');

  // After a reload the latest import is shown again, from the api.
  await page.reload();
  await page.getByRole('button', { name: '10. Machines' }).click();
  await expect(page.getByRole('region', { name: 'Import history' }).getByText('Latest import: history.ndjson')).toBeVisible();
});
