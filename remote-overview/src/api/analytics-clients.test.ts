import { resetServices } from '@linepulse/shared';
import { configureTestServices, mockFetch } from '@linepulse/shared/testing';
import { postKpisByGroups } from './post-kpis-by-groups';
import { postOpportunities } from './post-opportunities';

beforeEach(() => configureTestServices({ token: 'tok' }));
afterEach(() => resetServices());

test('the overview’s analytics calls post their body as JSON to their paths', async () => {
  const fetch = mockFetch({
    'POST /api/kpis/by-groups': { groups: [] },
    'POST /api/opportunities': {},
  });
  const kpisBody = { time_option: 'lastday' as const, groups: [{ name: 'Lyon', factory_id: 'f1', production_unit_ids: ['u1'] }], preceding_periods: true };
  await postKpisByGroups(kpisBody);
  await postOpportunities({ time_option: 'lastday', company: true });
  fetch.restore();
  expect(fetch.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/kpis/by-groups', 'POST /api/opportunities']);
  expect(fetch.requests[0]?.body).toEqual(kpisBody);
  expect(fetch.requests[0]?.headers['content-type']).toBe('application/json');
});
