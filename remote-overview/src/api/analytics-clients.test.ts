import { resetServices } from '@linepulse/shared';
import { configureTestServices, mockFetch } from '@linepulse/shared/testing';
import { postDowntimesInfo } from './post-downtimes-info';
import { postDowntimesInfoInterval } from './post-downtimes-info-interval';
import { postDowntimesSummary } from './post-downtimes-summary';
import { postKpisByGroups } from './post-kpis-by-groups';
import { postOpportunities } from './post-opportunities';
import { postTopDowntimeReasons } from './post-top-downtime-reasons';

beforeEach(() => configureTestServices({ token: 'tok' }));
afterEach(() => resetServices());

const window = { time_option: 'lastday' as const, production_unit_ids: ['u1'] };

test('the analytics calls post their body to their product §7 paths', async () => {
  const fetch = mockFetch({
    'POST /api/production-units/downtimes-info': [],
    'POST /api/production-units/downtimes-info-interval': [],
    'POST /api/top-downtime-reasons': [],
    'POST /api/v2/production-units/downtimes-summary': {},
    'POST /api/kpis/by-groups': { groups: [] },
    'POST /api/opportunities': {},
  });
  await postDowntimesInfo(window);
  await postDowntimesInfoInterval({ ...window, interval: 'hour' });
  await postTopDowntimeReasons({ ...window, limit: 5 });
  await postDowntimesSummary(window);
  await postKpisByGroups({ time_option: 'lastday', groups: [{ name: 'Lyon', factory_id: 'f1', production_unit_ids: ['u1'] }], preceding_periods: true });
  await postOpportunities({ time_option: 'lastday', company: true });
  fetch.restore();
  expect(fetch.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
    'POST /api/production-units/downtimes-info',
    'POST /api/production-units/downtimes-info-interval',
    'POST /api/top-downtime-reasons',
    'POST /api/v2/production-units/downtimes-summary',
    'POST /api/kpis/by-groups',
    'POST /api/opportunities',
  ]);
  expect(fetch.requests[1]?.body).toEqual({ ...window, interval: 'hour' });
  expect(fetch.requests[4]?.headers['content-type']).toBe('application/json');
});
