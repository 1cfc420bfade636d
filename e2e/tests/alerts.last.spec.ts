import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { storageStatePath } from '../support/users';

/**
 * Issue 25, alerts: a rule "a line down for more than a minute" on a factory with the alert capability
 * fires once to a webhook receiver run by this test, is seen and acknowledged in the app (the header's
 * bell and the history page), and resolves once. A `.last` spec: it leaves a factory behind.
 */
test.describe('alerts', () => {
  test.use({ storageState: storageStatePath('admin') });
  let receiver: Server;
  let hook: string;
  const received: { event: string; alert: { id: string; production_unit_name: string } }[] = [];

  test.beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  });
  test.afterAll(() => receiver.close());

  test('a rule fires once to a webhook, is acknowledged in the app, and resolves once', async ({ page }) => {
    const token = await captureAccessToken(page);
    const api = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
      const answer = await page.request.fetch(`/api/${path}`, { method, headers: bearer(token), ...(data === undefined ? {} : { data }) });
      expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
      return (await answer.json()) as T;
    };
    const name = `E2E Alerts ${Date.now()}`;
    const { id: factory } = await api<{ id: string }>('POST', 'factories', { name, timezone: 'Europe/Paris', alert_capability: true });
    await api('PUT', `factories/${factory}/configuration`, {
      production_units: [{ key: 'press-1', name: 'Press 1' }],
      work_shifts: [{ key: 'all', name: 'All day', production_units: ['press-1'], start: '00:00', end: '00:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
      products: [],
      downtime_reasons: [],
    });
    const { key } = await api<{ key: string }>('POST', `factories/${factory}/ingest-keys`);
    await api('POST', `factories/${factory}/alert-rules`, { name: 'Press down', kind: 'line_down', minutes: 1, production_unit_ids: [], recipients: [], webhook_url: hook, webhook_secret: 'e2e-secret-0123456789', in_app: true, enabled: true });
    const ingest = async (events: unknown[]) => {
      const answer = await page.request.post('/api/ingest/v1/events', { headers: bearer(key), data: { events } });
      expect(answer.status()).toBe(200);
    };
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

    // The tab's live stream is held back until the alert has opened: the bell has its first answer
    // by then, and must still hear of the alert when the stream opens (it resumes from the tab's first
    // answer, decision 49), not at its 30-second poll.
    let openStream!: () => void;
    const streamHeld = new Promise<void>((resolve) => (openStream = resolve));
    await page.route(/\/api\/live\?/, async (route) => {
      await streamHeld;
      await route.continue();
    });
    const bellAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/alerts' && response.ok());
    await page.goto('/company-overview');
    const bell = page.getByRole('button', { name: /^Alerts/ });
    await expect(bell).toBeVisible();
    await bellAnswered;
    const before = (await api<{ unacknowledged: number }>('GET', 'alerts')).unacknowledged;

    // The press stopped five minutes ago: the rule's minute is long past, the alert opens at once.
    await ingest([
      { id: 'e2e-r0', type: 'state', unit: 'press-1', at: minutesAgo(10), state: 'running' },
      { id: 'e2e-s1', type: 'state', unit: 'press-1', at: minutesAgo(5), state: 'stopped' },
    ]);
    await expect.poll(() => received.filter((r) => r.event === 'alert.opened').length, { timeout: 10_000 }).toBe(1);
    expect(received[0]!.alert.production_unit_name).toBe('Press 1');
    openStream();
    // The bell counts it without a reload (pushed live), and it is acknowledged there.
    await expect(bell).toHaveAccessibleName(`Alerts, ${before + 1} not acknowledged`);
    await bell.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: new RegExp(`^Acknowledge Press down, Press 1 · ${name}`) }).click();
    await expect(dialog).toContainText('Acknowledged by Alice Martin');
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName(before === 0 ? 'Alerts' : `Alerts, ${before} not acknowledged`);

    // Running again, for longer than the hold: resolved, once; the history page says so.
    await ingest([{ id: 'e2e-r1', type: 'state', unit: 'press-1', at: minutesAgo(3), state: 'running' }]);
    await expect.poll(() => received.filter((r) => r.event === 'alert.resolved').length, { timeout: 10_000 }).toBe(1);
    await page.goto('/alerts');
    const row = page.getByRole('row', { name: new RegExp(`Press 1.*${name}`) });
    await expect(row).toContainText('Resolved');
    await page.waitForTimeout(1500);
    expect(received.map((r) => r.event)).toEqual(['alert.opened', 'alert.resolved']);
  });
});
