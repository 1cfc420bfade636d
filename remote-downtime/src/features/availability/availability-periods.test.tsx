import { screen, waitFor, within } from '@testing-library/react';
import Highcharts from 'highcharts';
import { DateTime } from 'luxon';
import { SECTION_TEST_ID, withRemoteMessages } from '@linepulse/shared';
import { ROUTES, type AnalyticsInterval, type CustomPeriod, type DowntimeIntervalStats } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { downtimeList, durations, measures, summary, topReasons, unitsInfo } from '../../testing/downtime-fixtures';
import { AvailabilityPage } from './availability-page';

const Page = withRemoteMessages(messages, AvailabilityPage);
jest.setTimeout(120_000);

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});
let fetch: ReturnType<typeof mockFetch>;
afterEach(() => fetch?.restore());

const HOUR = 3_600_000;
const LABEL: Record<AnalyticsInterval, string> = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' };
const STEP: Record<AnalyticsInterval, number> = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR, month: 30 * 24 * HOUR };
const COUNT: Record<AnalyticsInterval, number> = { hour: 24, day: 7, week: 7, month: 3 };
const lyon = testFactory({ production_units: [...testFactory().production_units, { id: 'pu-3', name: 'Line 3', converted_unit_name: null, packages: null }] });
const UNITS = lyon.production_units;

/** Every unit with every interval, each cell's availability telling its unit and column apart (90 % + 1 % per unit − 0.1 % per column). */
function stats(interval: AnalyticsInterval): DowntimeIntervalStats[] {
  const from = Date.parse('2026-10-05T04:00:00.000Z');
  return UNITS.map((unit, u) => ({
    production_unit_id: unit.id,
    production_unit_name: unit.name,
    downtimes_per_interval: Array.from({ length: COUNT[interval] }, (_, i) => ({
      start_time: new Date(from + i * STEP[interval]).toISOString(),
      end_time: new Date(from + (i + 1) * STEP[interval]).toISOString(),
      ...measures(HOUR, 0, (HOUR * (10 - u - 1 + i / 10)) / 100, 0, 1),
    })),
  }));
}

/** Over the last six weeks: a period that is seen by week. */
const LAST_PERIOD: CustomPeriod = {
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'P-6W',
  start_date: DateTime.now().minus({ days: 50 }).toFormat('yyyy-LL-dd'),
  end_date: DateTime.now().minus({ days: 8 }).toFormat('yyyy-LL-dd'),
  days: 43,
};

function render(route = '/f-lyon/availability-downtime') {
  fetch = mockFetch({
    'POST /api/production-units/downtimes-info': unitsInfo,
    'POST /api/production-units/downtimes-info-interval': (request: MockedRequest) => jsonResponse(stats((request.body as { interval: AnalyticsInterval }).interval)),
    'POST /api/top-downtime-reasons': topReasons,
    'POST /api/v2/production-units/downtimes-summary': summary,
    'POST /api/production-units/downtime-durations': durations,
    'POST /api/production-units/downtimes': (request: MockedRequest) => jsonResponse(downtimeList(20, (request.body as { offset?: number }).offset ?? 0)),
    'PUT /api/user/preferences': {},
  });
  return renderWithProviders(<Page />, {
    factories: [lyon],
    customPeriods: [LAST_PERIOD],
    route,
    path: ROUTES.availabilityDowntime.path,
    user: TEST_USERS.operation,
  });
}

const allDrawn = () => waitFor(() => expect(document.querySelectorAll(`[data-testid="${SECTION_TEST_ID}"][data-state="loading"]`)).toHaveLength(0), { timeout: 30_000 });
const heatmapRequests = () => fetch.requests.filter((r) => new URL(r.url).pathname.endsWith('/downtimes-info-interval'));

/** The heatmap as Highcharts holds it: per row (unit), its cells' columns and values. */
function drawnRows(): Map<number, { x: number; value: number | null }[]> {
  const chart = Highcharts.charts.find((c) => c?.series.some((s) => s.type === 'heatmap'));
  const series = chart?.series.find((s) => s.type === 'heatmap');
  const rows = new Map<number, { x: number; value: number | null }[]>();
  for (const point of series?.points ?? []) {
    const y = point.y ?? -1;
    rows.set(y, [...(rows.get(y) ?? []), { x: point.x, value: (point as unknown as { value: number | null }).value }]);
  }
  for (const cells of rows.values()) cells.sort((a, b) => a.x - b.x);
  return rows;
}

/** Every unit the api answered has its row, with a cell for each of its intervals holding its own figure. */
async function expectEveryRow(interval: AnalyticsInterval): Promise<void> {
  const expected = stats(interval);
  await waitFor(
    () => {
      const rows = drawnRows();
      expect([...rows.keys()].sort()).toEqual(expected.map((_, y) => y));
      expected.forEach((unit, y) => {
        expect(rows.get(y)?.map((cell) => cell.x)).toEqual(unit.downtimes_per_interval.map((_, x) => x));
        expect(rows.get(y)?.map((cell) => Number(cell.value?.toFixed(4)))).toEqual(unit.downtimes_per_interval.map((cell) => Number(((cell.availability_rate ?? 0) / 100).toFixed(4))));
      });
    },
    { timeout: 20_000 },
  );
}

/** The interval checked is the one the heatmap was asked for, and never one the period greys out. */
async function expectUsableInterval(interval: AnalyticsInterval): Promise<void> {
  await waitFor(() => expect(screen.getByRole('radio', { name: LABEL[interval] })).toBeChecked());
  const picker = screen.getByRole('radiogroup');
  for (const radio of within(picker).getAllByRole('radio')) {
    if ((radio as HTMLInputElement).checked) expect(radio).not.toBeDisabled();
  }
  expect(heatmapRequests().at(-1)?.body).toMatchObject({ interval });
}

async function choose(userEvent: ReturnType<typeof render>['userEvent'], option: string): Promise<void> {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), option);
  await allDrawn();
}

test('after each change of period every line keeps its row in the heatmap, drawn at an interval the period allows', async () => {
  const { userEvent } = render();
  await allDrawn();

  // Yesterday: by hour.
  await expectUsableInterval('hour');
  await expectEveryRow('hour');

  // Last 90 days: by month (61 to 89 days and more refuse the week).
  await choose(userEvent, 'Last 90 days');
  await expectUsableInterval('month');
  await expectEveryRow('month');

  // A date range of 70 days: by month as well.
  await choose(userEvent, 'Date range');
  const end = DateTime.now().minus({ days: 1 });
  const start = end.minus({ days: 69 });
  const startInput = await screen.findByLabelText('Start date');
  const endInput = screen.getByLabelText('End date');
  await userEvent.clear(startInput);
  await userEvent.type(startInput, start.toFormat('yyyy-LL-dd'));
  await userEvent.clear(endInput);
  await userEvent.type(endInput, end.toFormat('yyyy-LL-dd'));
  await userEvent.click(screen.getByRole('button', { name: 'Apply the dates' }));
  await allDrawn();
  await waitFor(() => expect(heatmapRequests().at(-1)?.body).toMatchObject({ time_option: 'time_range', start_date: start.toFormat('yyyy-LL-dd') }));
  await expectUsableInterval('month');
  await expectEveryRow('month');

  // This week: by hour, unless it began less than an hour ago (then the page says so).
  await choose(userEvent, 'This week');
  const checked = within(screen.getByRole('radiogroup'))
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked);
  for (const radio of checked) expect(radio).not.toBeDisabled();
  if (checked.length > 0) {
    await expectUsableInterval('hour');
    await expectEveryRow('hour');
  }

  // Last custom period, six weeks: by week, every line with all its weeks.
  await choose(userEvent, 'Last custom period');
  await expectUsableInterval('week');
  await expectEveryRow('week');

  // Back to yesterday: its answer is in the cache, drawn at once in the chart that held the weeks.
  await choose(userEvent, 'Yesterday');
  await expectUsableInterval('hour');
  await expectEveryRow('hour');
});

test('an interval picked for one period is not left checked and greyed out on a period that refuses it', async () => {
  const { userEvent } = render('/f-lyon/availability-downtime?interval=hour');
  await allDrawn();
  await expectUsableInterval('hour');

  await choose(userEvent, 'Last 90 days');
  await expectUsableInterval('month');
  expect(screen.getByRole('radio', { name: 'Hour' })).toBeDisabled();
  expect(screen.getByRole('radio', { name: 'Hour' })).not.toBeChecked();
  await expectEveryRow('month');

  await choose(userEvent, 'Last custom period');
  await expectUsableInterval('week');
  await expectEveryRow('week');
});
