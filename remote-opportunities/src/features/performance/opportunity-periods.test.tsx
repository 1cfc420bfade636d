import { act, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { SECTION_TEST_ID, periodAtom, withRemoteMessages, type PeriodSelection } from '@linepulse/shared';
import { ROUTES, type OpportunityUnit } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { occurrencesAnswer, targetsAnswer, unitAnswer } from '../../testing/opportunity-fixtures';
import { opportunityPage } from './opportunity-page';
import type { PageKind } from '../../model/kinds';

jest.setTimeout(240_000);

/**
 * The four performance-manager pages over the periods a plant director and a supervisor pick (issue 22):
 * each period asks the api for its own window, and the page shows names (never an id) and durations in
 * hours and minutes.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DECIMAL_HOURS = /\d[.,]\d+\s?h\b/;
const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DAY = id(1);
const EVENING = id(2);
const JAM_JAR = id(3);
const HONEY_JAR = id(4);
const CLEANING = id(5);
const JAM = id(6);
const names = { shifts: { [DAY]: 'Day', [EVENING]: 'Evening' }, products: { [JAM_JAR]: 'Jam jar', [HONEY_JAR]: 'Honey jar' }, reasons: { [CLEANING]: 'Cleaning', [JAM]: 'Jam' } };

function unitOf(): OpportunityUnit {
  const base = unitAnswer({ lost_ms: 95 * 60_000 + 20_000, p95_ms: 3 * 3_600_000 + 7 * 60_000 });
  const row = { occurrences: 3, lost_ms: 90 * 60_000, mean_ms: 30 * 60_000, excess_ms: 40 * 60_000 };
  return {
    ...base,
    breakdowns: [
      { by: 'shift_pair', rows: [{ keys: [DAY, EVENING], ...row }] },
      { by: 'product_pair', rows: [{ keys: [JAM_JAR, HONEY_JAR], ...row }] },
      { by: 'reason', rows: [{ keys: [CLEANING], ...row }] },
      { by: 'shift', rows: [{ keys: [EVENING], ...row }, { keys: [''], ...row }] },
    ],
    names,
  };
}

function occurrencesOf(request: MockedRequest) {
  const answer = occurrencesAnswer(3, (request.body as { offset?: number }).offset ?? 0);
  answer.occurrences = answer.occurrences.map((o, i) => ({
    ...o,
    work_shift_id: EVENING,
    from_work_shift_id: DAY,
    downtimes: o.downtimes.map((d) => ({ ...d, reason_ids: [[JAM], [], [CLEANING, JAM]][i]! })),
  }));
  answer.names = names;
  return jsonResponse(answer);
}

const today = DateTime.now().setZone('Europe/Paris');
const date = (d: DateTime): string => d.toFormat('yyyy-LL-dd');
const current = { id: id(9), name: 'P-now', start_date: date(today.minus({ days: 10 })), end_date: date(today.plus({ days: 10 })), days: 21 };
const PERIODS: PeriodSelection[] = [
  { option: 'lastday', startDate: null, endDate: null },
  { option: 'last7days', startDate: null, endDate: null },
  { option: 'last90days', startDate: null, endDate: null },
  { option: 'time_range', startDate: date(today.minus({ days: 69 })), endDate: date(today) },
  { option: 'current_custom_period', startDate: null, endDate: null },
];

const PAGES: [PageKind, string][] = [
  ['shiftChanges', ROUTES.shiftChanges.path],
  ['lineStarts', ROUTES.lineStarts.path],
  ['productChanges', ROUTES.productChanges.path],
  ['plannedDowntimes', ROUTES.plannedDowntimesWithTarget.path],
];

let fetch: ReturnType<typeof mockFetch>;
afterEach(() => fetch?.restore());

test.each(PAGES)('%s: yesterday, 7 and 90 days, a 70-day range and the current custom period, by name and in h/min', async (kind, path) => {
  const Page = withRemoteMessages(messages, opportunityPage(kind));
  fetch = mockFetch({
    'GET /api/opportunities/targets': targetsAnswer(false),
    'POST /api/opportunities/unit': () => jsonResponse(unitOf()),
    'POST /api/opportunities/occurrences': occurrencesOf,
  });
  const { store } = renderWithProviders(<Page />, {
    factories: [testFactory()],
    customPeriods: [current],
    route: `${path}?factoryId=f-lyon&productionUnitId=pu-1`,
    path,
    user: TEST_USERS.operation,
  });
  const unitBodies = () => fetch.requests.filter((r) => new URL(r.url).pathname === '/api/opportunities/unit').map((r) => r.body as Record<string, unknown>);
  for (const period of PERIODS) {
    act(() => store.set(periodAtom, period));
    const expected = period.option === 'time_range' ? { time_option: 'time_range', start_date: period.startDate, end_date: period.endDate } : { time_option: period.option };
    await waitFor(() => expect(unitBodies().some((b) => JSON.stringify({ ...b, factory_id: undefined, production_unit_id: undefined, kind: undefined, downtime_reason_id: undefined }) === JSON.stringify(expected))).toBe(true));
    await waitFor(() => expect(document.querySelectorAll(`[data-testid="${SECTION_TEST_ID}"][data-state="loading"]`)).toHaveLength(0), { timeout: 60_000 });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Time lost').parentElement).toHaveTextContent('1 h 35 min');
    expect(within(summary).getByText('95th percentile').parentElement).toHaveTextContent('3 h 07 min');
    for (const figure of within(summary).getAllByRole('definition')) expect(figure.textContent).not.toMatch(DECIMAL_HOURS);
    const list = screen.getByRole('table', { name: 'Occurrences' });
    expect(within(list).getAllByText(/\(Jam\)$/).length).toBeGreaterThan(0);
    expect(within(list).getByText(/\(unjustified\)$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(UUID);
  }
});
