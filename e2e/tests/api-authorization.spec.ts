import { expect, test } from '@playwright/test';
import { bearer, captureAccessToken } from '../support/api';
import { storageStatePath } from '../support/users';

interface FactoryWire {
  id: string;
  name: string;
  timezone: string;
  year_first_month: string;
  week_first_day: string;
  currency: string;
  production_day_minutes_from_midnight: number;
  is_calendar_day_business_day: boolean;
  objectives: { objective_type: string; value: number }[];
}

function settingsOf(factory: FactoryWire) {
  const { name, timezone, year_first_month, week_first_day, currency, production_day_minutes_from_midnight, is_calendar_day_business_day, objectives } = factory;
  return { name, timezone, year_first_month, week_first_day, currency, production_day_minutes_from_midnight, is_calendar_day_business_day, objectives };
}

test.describe('the api authorises every call on the server', () => {
  test('an admin-only call made with a supervisor token is refused, the same call as admin succeeds', async ({ browser }) => {
    const operation = await browser.newContext({ storageState: storageStatePath('operation') });
    const operationToken = await captureAccessToken(await operation.newPage());
    const factories = (await (await operation.request.get('/api/user/factories', { headers: bearer(operationToken) })).json()) as FactoryWire[];
    const factory = factories[0];
    expect(factory).toBeDefined();

    const refused = await operation.request.put(`/api/factories/${factory!.id}`, {
      headers: bearer(operationToken),
      data: { ...settingsOf(factory!), name: 'Renamed by a supervisor' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errors[0].code).toBe('AUTH_ADMIN_REQUIRED');

    const admin = await browser.newContext({ storageState: storageStatePath('admin') });
    const adminToken = await captureAccessToken(await admin.newPage());
    const accepted = await admin.request.put(`/api/factories/${factory!.id}`, {
      headers: bearer(adminToken),
      data: settingsOf(factory!),
    });
    expect(accepted.status()).toBe(200);
    expect(((await accepted.json()) as FactoryWire).name).toBe(factory!.name);
    await operation.close();
    await admin.close();
  });

  test('no one reads another account’s data, and calls without a token are refused', async ({ browser, request }) => {
    const demo = await browser.newContext({ storageState: storageStatePath('admin') });
    const demoToken = await captureAccessToken(await demo.newPage());
    const demoFactories = (await (await demo.request.get('/api/user/factories', { headers: bearer(demoToken) })).json()) as FactoryWire[];

    const other = await browser.newContext({ storageState: storageStatePath('other') });
    const otherToken = await captureAccessToken(await other.newPage());
    const products = await other.request.get(`/api/factories/${demoFactories[0]!.id}/products`, { headers: bearer(otherToken) });
    expect(products.status()).toBe(404);

    const anonymous = await request.get('/api/user/factories');
    expect(anonymous.status()).toBe(401);
    await demo.close();
    await other.close();
  });
});
