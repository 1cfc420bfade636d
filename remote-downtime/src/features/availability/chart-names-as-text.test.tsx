import { waitFor } from '@testing-library/react';
import { SECTION_TEST_ID, withRemoteMessages } from '@linepulse/shared';
import { ROUTES } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { downtimeList, durations, intervalStats, summary, topReasons, unitsInfo } from '../../testing/downtime-fixtures';
import { AvailabilityPage } from './availability-page';

const Page = withRemoteMessages(messages, AvailabilityPage);
jest.setTimeout(60_000);

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});
let fetch: ReturnType<typeof mockFetch>;
afterEach(() => fetch?.restore());

// Issue 21: names set by admins, as the probe set them.
const LINK = '<a href="https://evil.example/login">Relogin here</a>';
const BIG = '<b style="font-size:60px;fill:red">Jam</b>';

test('the availability charts draw a line and a reason named with markup as text: no link, no restyled text', async () => {
  const named = <T extends { production_unit_id: string; production_unit_name: string }>(rows: T[]): T[] =>
    rows.map((row) => (row.production_unit_id === 'pu-1' ? { ...row, production_unit_name: LINK } : row));
  fetch = mockFetch({
    'POST /api/production-units/downtimes-info': named(unitsInfo),
    'POST /api/production-units/downtimes-info-interval': named(intervalStats()),
    'POST /api/top-downtime-reasons': topReasons.map((reason) => (reason.downtime_reason === 'Jam' ? { ...reason, downtime_reason: BIG } : reason)),
    'POST /api/v2/production-units/downtimes-summary': summary,
    'POST /api/production-units/downtime-durations': durations,
    'POST /api/production-units/downtimes': (request: MockedRequest) => jsonResponse(downtimeList(10, (request.body as { offset?: number }).offset ?? 0)),
  });
  const factory = testFactory();
  renderWithProviders(<Page />, {
    factories: [{ ...factory, production_units: factory.production_units.map((unit) => (unit.id === 'pu-1' ? { ...unit, name: LINK } : unit)) }],
    route: '/f-lyon/availability-downtime',
    path: ROUTES.availabilityDowntime.path,
    user: TEST_USERS.operation,
  });
  await waitFor(() => expect(document.querySelectorAll(`[data-testid="${SECTION_TEST_ID}"][data-state="loading"]`)).toHaveLength(0), { timeout: 30_000 });
  await waitFor(() => expect(document.querySelectorAll('.highcharts-xaxis-labels text').length).toBeGreaterThan(0), { timeout: 20_000 });

  const charts = [...document.querySelectorAll('.highcharts-container')];
  expect(charts.length).toBeGreaterThanOrEqual(3);
  for (const chart of charts) {
    expect(chart.querySelectorAll('a')).toHaveLength(0);
    expect([...chart.querySelectorAll('[style]')].filter((e) => /60px|fill:\s*red/.test(e.getAttribute('style') ?? ''))).toEqual([]);
  }
  const labels = [...document.querySelectorAll('.highcharts-xaxis-labels text, .highcharts-yaxis-labels text')].map((t) => t.textContent);
  // The per-line graph's category and the top causes' bar, as written.
  expect(labels).toContain(LINK);
  expect(labels).toContain(BIG);
});
