import { expect, test, type Locator, type Page } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { productionDay, type Factory } from '../support/figures';
import { storageStatePath } from '../support/users';

/**
 * Issue 25, downtime justification by the people on the line: a supervisor on a 10-inch tablet in
 * portrait justifies and splits a recent downtime; the downtime list every page reads and the export
 * follow at once; undo puts everything back (the demo data is left as found).
 */
test.describe('downtime justification', () => {
  test.use({ storageState: storageStatePath('operation'), viewport: { width: 768, height: 1024 } });

  interface Reason {
    id: string;
    name: string;
    category: string;
    is_planned: boolean;
  }
  interface Downtime {
    id: string;
    production_unit_id: string;
    production_unit_name: string;
    start_time: string;
    end_time: string | null;
    changes: unknown[];
  }

  /** The reasons of the downtime (as the downtime list and the export give them), read through the api. */
  async function listedReasons(page: Page, token: string, downtime: Downtime): Promise<string[]> {
    const start = Date.parse(downtime.start_time);
    const answer = await page.request.post('/api/production-units/downtimes', {
      headers: bearer(token),
      data: { start: new Date(start - 1000).toISOString(), end: new Date(start + 1000).toISOString(), production_unit_ids: [downtime.production_unit_id] },
    });
    expect(answer.status()).toBe(200);
    const items = ((await answer.json()) as { items: { id: string; reasons: { name: string }[] }[] }).items;
    return items.find((i) => i.id === downtime.id)!.reasons.map((r) => r.name).sort();
  }

  /** The person's reason as the card says it: "Reason: …", or "… replaced by: …" beside the machine's. */
  function personReason(reason: Reason): RegExp {
    return new RegExp(`(Reason|replaced by): ${reason.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  }

  async function choose(dialog: Locator, group: Locator, reason: Reason): Promise<void> {
    await group.getByRole('searchbox', { name: 'Search reasons' }).fill(reason.name);
    await group.getByRole('radio', { name: `${reason.name} (${reason.is_planned ? 'planned' : 'unplanned'})` }).check();
    expect(dialog).toBeTruthy();
  }

  test('a supervisor justifies and splits a downtime on a tablet; the list, the export and the figures follow; undo restores', async ({ page }) => {
    const token = await captureAccessToken(page);
    const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as Factory[];
    const factory = factories.find((f) => f.name === 'Monterrey')!;
    const listed = (await (await page.request.get(`/api/factories/${factory.id}/justifications?hours=24`, { headers: bearer(token) })).json()) as {
      downtimes: Downtime[];
      reasons: Reason[];
    };
    // A finished downtime nobody touched yet, long enough to split.
    const downtime = listed.downtimes.find((d) => d.end_time !== null && d.changes.length === 0 && Date.parse(d.end_time) - Date.parse(d.start_time) >= 120_000)!;
    expect(downtime, 'a recent downtime of the demo').toBeTruthy();
    const planned = listed.reasons.find((r) => r.is_planned)!;
    const unplanned = listed.reasons.find((r) => !r.is_planned)!;
    const before = await listedReasons(page, token, downtime);

    await page.goto(`/${factory.id}/justification?line=${downtime.production_unit_id}`);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
    const item = page.locator(`[data-downtime-id="${downtime.id}"]`);
    await expect(item).toBeVisible();
    const originalType = (await item.getAttribute('data-justification-type'))!;
    // Touch-sized, and nothing wider than the tablet.
    const justify = item.getByRole('button', { name: 'Justify', exact: true });
    expect((await justify.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);

    // Justify the whole downtime (planned).
    await justify.click();
    let dialog = page.getByRole('dialog', { name: 'Justify the downtime' });
    await choose(dialog, dialog, planned);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toHaveAttribute('data-justification-type', 'planned');
    // "Reason: …", or beside the machine's reasons, "— replaced by: …" when the machine gave some.
    await expect(item).toContainText(personReason(planned));
    expect(await listedReasons(page, token, downtime)).toEqual([planned.name]);

    // Split it: planned before, unplanned after (the instant the page proposes: the middle).
    await item.getByRole('button', { name: 'Split' }).click();
    dialog = page.getByRole('dialog', { name: 'Split the downtime' });
    await choose(dialog, dialog.getByRole('group', { name: 'Reason before the split' }), planned);
    await choose(dialog, dialog.getByRole('group', { name: 'Reason after the split' }), unplanned);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toHaveAttribute('data-justification-type', 'mixed');
    await expect(item.getByRole('list', { name: 'Parts of the downtime' }).getByRole('listitem')).toHaveCount(2);
    expect(await listedReasons(page, token, downtime)).toEqual([planned.name, unplanned.name].sort());

    // The export of that production day carries the person's reasons. Not the start's UTC date: early in
    // the UTC day that is still tomorrow in Monterrey's calendar, a day the api refuses (a future date).
    const day = productionDay(Date.parse(downtime.start_time), factory);
    const exported = await page.request.get(
      `/api/factories/${factory.id}/export?kind=downtimes&format=csv&production_unit_ids=${downtime.production_unit_id}&start_date=${day}&end_date=${day}`,
      { headers: bearer(token) },
    );
    expect(exported.status()).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain(unplanned.name);

    // The audit list says who and when; undo twice puts the machine's reasons back.
    await item.getByRole('button', { name: /^History \(2\)/ }).click();
    await expect(item.getByRole('list', { name: 'Changes to this downtime, newest first' }).getByRole('listitem')).toHaveCount(2);
    await expect(item.getByRole('list', { name: 'Changes to this downtime, newest first' })).toContainText('Olivier Tremblay');
    await item.getByRole('button', { name: 'Undo last change' }).click();
    await expect(item).toHaveAttribute('data-justification-type', 'planned');
    await item.getByRole('button', { name: 'Undo last change' }).click();
    await expect(item).toHaveAttribute('data-justification-type', originalType);
    await expect(item).not.toContainText(personReason(planned));
    expect(await listedReasons(page, token, downtime)).toEqual(before);
  });

  test('the display sees the downtimes but cannot justify them', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStatePath('display'), ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const token = await captureAccessToken(page);
    const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as Factory[];
    await page.goto(`/${factories.find((f) => f.name === 'Monterrey')!.id}/justification`);
    await expect(page.getByText(/The TV or Display role shows the downtimes but cannot justify them/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Justify', exact: true })).toHaveCount(0);
    await context.close();
  });
});
