import { expect, test, type APIRequestContext } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { signIn } from '../support/sign-in';
import { USERS } from '../support/users';

/**
 * Scheduled e-mail reports (issue 13) on the running stack: the embedded SMTP server receives the test
 * e-mail, the history shows its answer and the message, and the message's unsubscribe link works
 * without signing in. The operation user's reports are removed before and after, so other specs see
 * the demo account as it was.
 */

interface Report {
  id: string;
  title: string;
}

async function removeReports(request: APIRequestContext, token: string, factoryId: string): Promise<void> {
  const list = (await (await request.get(`/api/factories/${factoryId}/user/email-reports`, { headers: bearer(token) })).json()) as Report[];
  for (const report of list) await request.delete(`/api/user/email-reports/${report.id}`, { headers: bearer(token) });
}

test('creates a report from each template within the package, edits, previews, sends a test found in the history with the figures, unsubscribes and deletes', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'operation');
  const token = await captureAccessToken(page);
  const factories = (await (await page.request.get('/api/user/factories', { headers: bearer(token) })).json()) as { id: string; name: string }[];
  const lyon = factories.find((f) => f.name === 'Lyon')!;
  await removeReports(page.request, token, lyon.id);
  const quota = (await (await page.request.get('/api/user/email-reports/quota', { headers: bearer(token) })).json()) as { max: number; used: number };
  test.skip(quota.used !== 0, 'another user of the demo account holds reports: the package count would differ');

  try {
    await page.goto(`/${lyon.id}/my-reports`);
    await expect(page.getByRole('heading', { level: 1, name: 'My reports — Lyon' })).toBeVisible();
    await expect(page.getByText('You have no report for this factory yet.')).toBeVisible();

    const create = async (template: string, title: string): Promise<string> => {
      await page.goto(`/${lyon.id}/my-reports`);
      await page.getByRole('link', { name: `Use this template: ${template}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New report — Lyon' })).toBeVisible();
      await page.getByRole('textbox', { name: /Title/ }).fill(title);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit report — Lyon' })).toBeVisible();
      return new URL(page.url()).pathname.split('/').pop()!;
    };
    // The free package allows 3: the fourth template is locked until one report goes.
    const ids = [
      await create('Factory overview', 'E2E overview'),
      await create('Availability and downtime', 'E2E availability'),
      await create('Downtime by production line', 'E2E lines'),
    ];
    await page.goto(`/${lyon.id}/my-reports`);
    await expect(page.getByText('Locked feature')).toBeVisible();
    await expect(page.getByText('The maximum number of reports (3) has been reached')).toBeVisible();
    await expect(page.getByRole('link', { name: /Use this template/ })).toHaveCount(0);
    const refused = await page.request.post(`/api/factories/${lyon.id}/user/email-reports`, {
      headers: bearer(token),
      data: { title: 'Fourth', template: 'overview', frequency: 'daily', schedule_type: 'last', duration: 1, time_unit: 'day', recipients: ['a@demo.linepulse.test'], production_unit_ids: [], work_shift_ids: [], language: 'en', day: null, time: '07:00', timezone: 'Europe/Paris' },
    });
    expect(refused.status()).toBe(400); // the rules first (no line, no shift)

    await page.getByRole('button', { name: 'Delete E2E overview' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: 'E2E overview' })).toHaveCount(0);
    ids.shift();
    ids.push(await create('Downtime by shift', 'E2E shifts'));

    // Edit: weekly on Monday; the list shows the new schedule.
    await page.goto(`/${lyon.id}/my-reports/${ids[1]}`);
    await page.getByRole('combobox', { name: 'Frequency' }).selectOption('weekly');
    await page.getByRole('combobox', { name: 'Day' }).selectOption('Monday');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The report was saved')).toBeVisible();
    await page.goto(`/${lyon.id}/my-reports`);
    await expect(page.getByRole('row', { name: /E2E lines/ })).toContainText('Weekly (Monday) at 07:00');

    // Preview, then a test to me: found in the history with the SMTP server's answer.
    await page.getByRole('link', { name: 'E2E lines' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText(/^Subject: E2E lines — Lyon — Downtime by production line/)).toBeVisible();
    await expect(page.frameLocator('iframe[title="Preview of the e-mail as it would be sent now"]').getByRole('heading', { name: 'E2E lines' })).toBeVisible();
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(page.getByText(`A test was sent to ${USERS.operation.email}`)).toBeVisible();
    const history = page.getByRole('table', { name: 'Delivery history' });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history).toContainText('Sent');
    await expect(history).toContainText(/250 .*stored as/);
    await history.getByRole('button', { name: 'View the message' }).click();
    const message = page.getByRole('dialog').frameLocator('iframe');
    await expect(message.getByRole('heading', { name: 'Downtime by type per line' })).toBeVisible();
    await expect(message.getByRole('img', { name: 'Downtime by type per line' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The figures of the message are those of downtimes-info for its window, lines and shifts.
    const deliveries = (await (await page.request.get(`/api/user/email-reports/${ids[1]}/deliveries`, { headers: bearer(token) })).json()) as { id: string; window_start: string; window_end: string }[];
    const sent = (await (await page.request.get(`/api/user/email-reports/${ids[1]}/deliveries/${deliveries[0]!.id}`, { headers: bearer(token) })).json()) as { text: string };
    const report = (await (await page.request.get(`/api/user/email-reports/${ids[1]}`, { headers: bearer(token) })).json()) as { production_unit_ids: string[]; work_shift_ids: string[] };
    const info = (await (
      await page.request.post('/api/production-units/downtimes-info', {
        headers: bearer(token),
        data: { start: deliveries[0]!.window_start, end: deliveries[0]!.window_end, production_unit_ids: report.production_unit_ids, work_shift_ids: report.work_shift_ids },
      })
    ).json()) as { production_unit_name: string; total: number; downtime_occurrences: number }[];
    expect(info.length).toBeGreaterThan(0);
    for (const unit of info) {
      // Product §9: hours and minutes, seconds under a minute; the milliseconds rounded once (decision 37).
      const seconds = Math.round(unit.total / 1000);
      const minutes = Math.round(unit.total / 60_000);
      const duration = seconds < 60 ? `${seconds} s` : minutes >= 60 ? `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes % 60} min`;
      const line = sent.text.split('\n').find((l) => l.startsWith(`${unit.production_unit_name} |`));
      expect(line, unit.production_unit_name).toBeDefined();
      expect(line!.split(' | ')[2]).toBe(duration);
      expect(line!.split(' | ')[6]).toBe(String(unit.downtime_occurrences));
    }

    // "Open in Linepulse" opens the availability page on the report's period, lines and shifts: the page
    // asks for them (the period as whole production days), and the address no longer carries them.
    const open = new URL(/https?:\/\/[^\s]+\/availability-downtime\?[^\s]+/.exec(sent.text)![0]);
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/production-units/downtimes-info') && r.method() === 'POST');
    await page.goto(`${open.pathname}${open.search}`);
    const body = (await asked).postDataJSON() as { time_option: string; start_date: string; end_date: string; production_unit_ids: string[]; work_shift_ids?: string[] };
    expect(body.time_option).toBe('time_range');
    expect(body.start_date).toBe(open.searchParams.get('start'));
    expect(body.end_date).toBe(open.searchParams.get('end'));
    expect(Date.parse(`${body.start_date}T00:00:00Z`)).toBeLessThanOrEqual(Date.parse(deliveries[0]!.window_start));
    expect([...body.production_unit_ids].sort()).toEqual([...report.production_unit_ids].sort());
    expect([...(body.work_shift_ids ?? [])].sort()).toEqual([...report.work_shift_ids].sort());
    await expect(page).toHaveURL(new RegExp(`/${lyon.id}/availability-downtime$`));
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('time_range');

    // Unsubscribe through the message's own link, signed out: a translated page, and the report stops.
    const link = /https?:\/\/[^\s]+\/api\/email-reports\/[^\s]+\/unsubscribe\?[^\s]+/.exec(sent.text)![0];
    const anonymous = await page.context().browser()!.newContext({ ignoreHTTPSErrors: true });
    const visitor = await anonymous.newPage();
    await visitor.goto(link.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
    await expect(visitor.getByText(`Stop sending this report to ${USERS.operation.email}?`)).toBeVisible();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByRole('status')).toContainText('You are unsubscribed from this report');
    await anonymous.close();
    await page.goto(`/${lyon.id}/my-reports`);
    const row = page.getByRole('row', { name: /E2E lines/ });
    await expect(row.getByRole('switch')).not.toBeChecked();
    await expect(row).toContainText('None');

    // Delete with the confirmation.
    for (const title of ['E2E availability', 'E2E lines', 'E2E shifts']) {
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    }
    await expect(page.getByText('You have no report for this factory yet.')).toBeVisible();
  } finally {
    await removeReports(page.request, token, lyon.id);
  }
});
