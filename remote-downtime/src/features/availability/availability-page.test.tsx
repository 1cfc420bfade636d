import { screen, waitFor, within } from '@testing-library/react';
import { SECTION_TEST_ID, withRemoteMessages } from '@linepulse/shared';
import { ROUTES } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { downtimeList, durations, intervalStats, summary, topReasons, unitsInfo } from '../../testing/downtime-fixtures';
import { AvailabilityPage } from './availability-page';

const Page = withRemoteMessages(messages, AvailabilityPage);
jest.setTimeout(60_000);

// jsdom has no canvas (the heatmap series asks for one): say so quietly instead of logging errors.
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

let fetch: ReturnType<typeof mockFetch>;
afterEach(() => fetch?.restore());

const lyon = testFactory();

function answers(overrides: Record<string, unknown> = {}) {
  return {
    'POST /api/production-units/downtimes-info': unitsInfo,
    'POST /api/production-units/downtimes-info-interval': intervalStats(),
    'POST /api/top-downtime-reasons': topReasons,
    'POST /api/v2/production-units/downtimes-summary': summary,
    'POST /api/production-units/downtime-durations': durations,
    'POST /api/production-units/downtimes': (request: MockedRequest) => jsonResponse(downtimeList(250, (request.body as { offset?: number }).offset ?? 0)),
    ...overrides,
  };
}

function render(route = '/f-lyon/availability-downtime', notifier = { success: jest.fn(), error: jest.fn() }) {
  const result = renderWithProviders(<Page />, {
    factories: [lyon],
    route,
    path: ROUTES.availabilityDowntime.path,
    user: TEST_USERS.operation,
    services: { notifier },
  });
  return { ...result, notifier };
}

const allDrawn = () => waitFor(() => expect(document.querySelectorAll(`[data-testid="${SECTION_TEST_ID}"][data-state="loading"]`)).toHaveLength(0), { timeout: 30_000 });
const paths = (requests: MockedRequest[]) => requests.map((r) => new URL(r.url).pathname);

test('heatmap, top causes, per-line table with its total, summary, durations and the first page of downtimes', async () => {
  fetch = mockFetch(answers());
  render();
  expect(screen.getByRole('heading', { level: 1, name: 'Availability and downtime — Lyon' })).toBeInTheDocument();
  await allDrawn();

  // 2 lines × 3 hours, one cell each (jsdom has no canvas, which the heatmap series uses to draw its
  // cells: their colours and labels are checked in the browser, end to end, and by the model's tests).
  const heat = screen.getByRole('region', { name: 'Availability by line and interval' });
  await waitFor(() => expect(heat).toHaveTextContent('Chart with 6 data points.'), { timeout: 20_000 });

  // Per line in the factory's order, with a total computed from the sums (not an average of percentages).
  const table = screen.getByRole('table', { name: 'Downtime per production line' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Line 1', 'Line 2', 'All lines']);
  // Line 1: uptime 20.5 h of 22 h planned production = 93.18 %; Line 2: 17 h of 19 h = 89.47 %;
  // together 37.5 h of 41 h = 91.46 % (the mean of the two would be 91.33 %).
  expect(rows[0]).toHaveTextContent('93.18%');
  expect(rows[1]).toHaveTextContent('89.47%');
  expect(rows[2]).toHaveTextContent('91.46%');
  expect(rows[2]).toHaveTextContent('7'); // occurrences 4 + 3

  expect(within(screen.getByRole('table', { name: 'Top 5 planned causes' })).getByRole('row', { name: /Cleaning/ })).toHaveTextContent('1 h 30 min');
  expect(within(screen.getByRole('table', { name: 'Top 5 unplanned causes' })).getByRole('row', { name: /Jam/ })).toHaveTextContent('45 min');

  const counts = screen.getByLabelText('Downtimes by justification');
  expect(within(counts).getByText('Partially justified').parentElement).toHaveTextContent('1');
  expect(within(counts).getByText('Unplanned').parentElement).toHaveTextContent('5');
  expect(screen.getByText('95th percentile').parentElement).toHaveTextContent('25 min');
  // The durations count the list's downtimes, not the occurrences beside them, and say so.
  const spread = screen.getByRole('region', { name: 'Distribution of downtime durations' });
  expect(within(spread).queryByText('Occurrences', { selector: 'dt' })).not.toBeInTheDocument();
  expect(within(spread).getByText('Downtimes', { selector: 'dt' }).parentElement).toHaveTextContent('12');
  expect(within(spread).getByText(/The occurrences and the summary count only those that began inside both/)).toBeInTheDocument();

  expect(screen.getByText('Downtimes 1–100 of 250')).toBeInTheDocument();
  // What the list counts, beside the occurrences of the table above, which count differently.
  expect(screen.getByText(/including those that began before it or outside a shift \(the occurrences above/)).toBeInTheDocument();
  const list = within(screen.getByRole('table', { name: 'Downtimes' })).getAllByRole('row');
  expect(list).toHaveLength(101);
  // One downtime's type, and an end on its start's day as a time only.
  expect(list[1]).toHaveTextContent('Unplanned');
  expect(list[1]).not.toHaveTextContent('Unplanned downtime');
  expect(within(list[1]!).getAllByRole('cell')[2]).toHaveTextContent(/^8:40:00\sAM$/);
});

test('a period without downtime: the summary says so instead of empty tables', async () => {
  const none = { justification_type_count_summary: { planned: 0, unplanned: 0, unjustified: 0, mixed: 0, partially_justified: 0 }, top_unplanned_downtimes: [], top_downtime_categories: [] };
  fetch = mockFetch(answers({ 'POST /api/v2/production-units/downtimes-summary': none }));
  render();
  await allDrawn();
  const section = screen.getByRole('region', { name: 'Downtime summary' });
  expect(within(section).getByText('No downtime in this period.')).toBeInTheDocument();
  expect(within(section).queryByRole('table')).not.toBeInTheDocument();
});

test('each data set is asked for once, even when two sections show it; the list pages on the server', async () => {
  fetch = mockFetch(answers());
  const { userEvent } = render();
  await allDrawn();
  const asked = paths(fetch.requests);
  for (const path of ['downtimes-info', 'downtimes-info-interval', 'top-downtime-reasons', 'downtimes-summary', 'downtime-durations', 'downtimes']) {
    expect(asked.filter((p) => p.endsWith(`/${path}`))).toHaveLength(1);
  }
  const list = fetch.requests.find((r) => new URL(r.url).pathname.endsWith('/downtimes'))!;
  expect(list.body).toMatchObject({ time_option: 'lastday', production_unit_ids: ['pu-1', 'pu-2'], offset: 0, limit: 100, sort: { by: 'start', direction: 'desc' } });

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getByText('Downtimes 101–200 of 250')).toBeInTheDocument());
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getByText('Downtimes 201–250 of 250')).toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Sorting by duration starts again at the first page, ascending.
  await userEvent.click(screen.getByRole('button', { name: 'Duration' }));
  await waitFor(() => expect(screen.getByText('Downtimes 1–100 of 250')).toBeInTheDocument());
  expect(fetch.requests.at(-1)?.body).toMatchObject({ offset: 0, sort: { by: 'duration', direction: 'asc' } });
  expect(within(screen.getByRole('table', { name: 'Downtimes' })).getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'ascending');

  // Leaving out a type asks the server for the others only.
  await userEvent.click(screen.getByRole('checkbox', { name: 'Planned downtime' }));
  await waitFor(() => expect(fetch.requests.at(-1)?.body).toMatchObject({ types: ['unplanned', 'unjustified'], offset: 0 }));
});

test('a failed data set shows its own quiet error with a retry, and no snackbar', async () => {
  let failures = 1;
  fetch = mockFetch(
    answers({
      'POST /api/production-units/downtimes-info': () =>
        failures-- > 0 ? jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500) : jsonResponse(unitsInfo),
    }),
  );
  const { notifier, userEvent } = render();
  await allDrawn();
  const section = screen.getByRole('region', { name: 'Downtime per production line' });
  expect(section).toHaveAttribute('data-state', 'error');
  expect(screen.getByRole('table', { name: 'Top 5 planned causes' })).toBeInTheDocument();
  expect(notifier.error).not.toHaveBeenCalled();
  await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(section).toHaveAttribute('data-state', 'ready'));
  expect(within(section).getByRole('table', { name: 'Downtime per production line' })).toBeInTheDocument();
});

test('a page narrowed to a heatmap cell (from its URL) asks for that line and interval and says so', async () => {
  fetch = mockFetch(answers({ 'POST /api/production-units/downtimes-info-interval': intervalStats('2026-11-22T13:00:00.000Z', 1).slice(1) }));
  const { userEvent } = render('/f-lyon/availability-downtime?unit=pu-2&from=2026-11-22T13:00:00.000Z&to=2026-11-22T14:00:00.000Z');
  await allDrawn();
  expect(screen.getByText(/^Narrowed to Line 2, /)).toBeInTheDocument();
  const info = fetch.requests.find((r) => new URL(r.url).pathname.endsWith('/downtimes-info'))!;
  expect(info.body).toEqual({ start: '2026-11-22T13:00:00.000Z', end: '2026-11-22T14:00:00.000Z', production_unit_ids: ['pu-2'] });
  expect(fetch.requests.find((r) => new URL(r.url).pathname.endsWith('/downtimes-info-interval'))?.body).toMatchObject({ interval: 'hour' });

  const before = fetch.requests.length;
  await userEvent.click(screen.getByRole('button', { name: 'Show the whole period' }));
  await waitFor(() => expect(screen.queryByText(/^Narrowed to/)).not.toBeInTheDocument());
  await waitFor(() => expect(fetch.requests.slice(before).some((r) => (r.body as { time_option?: string }).time_option === 'lastday')).toBe(true));
});

test('the interval picked is kept in the URL, so the view can be shared', async () => {
  fetch = mockFetch(answers());
  const { userEvent } = render('/f-lyon/availability-downtime?interval=day');
  await allDrawn();
  expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
  expect(fetch.requests.find((r) => new URL(r.url).pathname.endsWith('/downtimes-info-interval'))?.body).toMatchObject({ interval: 'day' });
  await userEvent.click(screen.getByRole('radio', { name: 'Hour' }));
  await waitFor(() => expect(fetch.requests.at(-1)?.body).toMatchObject({ interval: 'hour' }));
});

test('"Export downtimes" writes every downtime of the selection, all pages, in a file named for the selection', async () => {
  const downloads: { blob: Blob; name: string }[] = [];
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    downloads.push({ blob, name: '' });
    return `blob:test/${downloads.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function name(this: HTMLAnchorElement) {
    downloads.at(-1)!.name = this.download;
  });
  try {
    // 12 345 downtimes: pages of 100 on screen, pages of the api's largest size for the file.
    fetch = mockFetch(
      answers({
        'POST /api/production-units/downtimes': (request: MockedRequest) => {
          const body = request.body as { offset?: number; limit?: number };
          const offset = body.offset ?? 0;
          return jsonResponse({ ...downtimeList(12345, offset, Math.min(body.limit ?? 100, 12345 - offset)), limit: body.limit ?? 100 });
        },
      }),
    );
    const { userEvent } = render();
    await allDrawn();
    expect(screen.getByText('Downtimes 1–100 of 12 345')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export Downtimes' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV file' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(downloads[0]!.blob);
    });
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 12345);
    // The file's name says the page, the factory and the period, not the page of the list.
    expect(downloads[0]!.name).toMatch(/^availability-downtime_lyon_.+_downtimes\.csv$/);
    expect(downloads[0]!.name).not.toMatch(/1-100/);
    // Asked with the list's sort and filters, page after page of 5 000 (three calls, not 25 of 500).
    const asked = fetch.requests.filter((r) => new URL(r.url).pathname.endsWith('/downtimes') && (r.body as { limit?: number }).limit === 5000);
    expect(asked.map((r) => (r.body as { offset: number }).offset)).toEqual([0, 5000, 10000]);
    expect(asked[0]?.body).toMatchObject({ time_option: 'lastday', sort: { by: 'start', direction: 'desc' } });
  } finally {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
    click.mockRestore();
  }
});
