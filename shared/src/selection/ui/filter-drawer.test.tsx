import { screen, waitFor, within } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import type { SavedFilter } from '@linepulse/contracts';
import { preferencesQuery } from '../../api/get-preferences';
import { useSessionReady } from '../../state/session-ready';
import { jsonResponse, mockFetch, renderWithProviders, testFactory, TEST_USERS } from '../../testing';
import { selectionAtom } from '../selection';
import { FilterDrawer } from './filter-drawer';

jest.setTimeout(60_000);

const factory = testFactory();
const [line1, line2] = factory.production_units.map((unit) => unit.id) as [string, string];
const DAY = '11111111-1111-4111-8111-111111111111';
const NIGHT = '22222222-2222-4222-8222-222222222222';
const BOTTLE = '33333333-3333-4333-8333-333333333333';
const CAN = '44444444-4444-4444-8444-444444444444';

/** The factory's shifts and products as the calls every enabled user may make answer them. */
const optionRoutes = {
  'GET /api/factories/f-lyon/assigned-work-shift-names': [
    { production_unit_id: line1, work_shift: [{ id: DAY, name: 'Day' }, { id: NIGHT, name: 'Night' }] },
    { production_unit_id: line2, work_shift: [{ id: DAY, name: 'Day' }] },
  ],
  'GET /api/factories/f-lyon/products': [
    { id: BOTTLE, sku: 'B-1', name: 'Bottle' },
    { id: CAN, sku: 'C-1', name: 'Can' },
  ],
};

/** What the overview would ask the api for. */
function SelectionProbe(): ReactElement {
  return <output data-testid="selection">{JSON.stringify(useAtomValue(selectionAtom))}</output>;
}

function selectionShown(): unknown {
  return JSON.parse(screen.getByTestId('selection').textContent ?? 'null') as unknown;
}

afterEach(() => localStorage.clear());

test('a supervisor narrows the overview by shift and product, with no word about administrators', async () => {
  const fetch = mockFetch(optionRoutes);
  const { userEvent } = renderWithProviders(
    <>
      <FilterDrawer factories={[factory]} />
      <SelectionProbe />
    </>,
    { user: TEST_USERS.operation, factories: [factory] },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  const shifts = await screen.findByRole('group', { name: 'Shifts — Lyon' }, { timeout: 15_000 });
  const night = within(shifts).getByRole('checkbox', { name: 'Night' });
  expect(night).toBeEnabled();
  expect(night).toBeChecked();
  await userEvent.click(night);
  const products = screen.getByRole('group', { name: 'Products — Lyon' });
  await userEvent.click(within(products).getByRole('checkbox', { name: 'Can (C-1)' }));
  expect(screen.queryByText(/administrators/i)).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

  await waitFor(() =>
    expect(selectionShown()).toEqual({
      kind: 'filters',
      filters: { production_unit_ids: [line1, line2], downtime_types: ['planned', 'unplanned', 'unjustified'], work_shift_ids: { 'f-lyon': [DAY] }, product_ids: { 'f-lyon': [BOTTLE] } },
    }),
  );
  fetch.restore();
  // The administrators-only configuration is never asked for.
  expect(fetch.requests.some((request) => request.url.includes('/configuration'))).toBe(false);
});

const MORNINGS = '55555555-5555-4555-8555-555555555555';
const OTHER = '66666666-6666-4666-8666-666666666666';
const savedFilter = (id: string, name: string, groups: SavedFilter['groups']): SavedFilter => ({ id, name, groups, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });
const mornings = savedFilter(MORNINGS, 'Mornings', [
  { id: 'g1', name: 'Line 1 days', factory_id: 'f-lyon', production_unit_ids: [line1], work_shift_ids: [DAY] },
  { id: 'g2', name: 'Both lines', factory_id: 'f-lyon', production_unit_ids: [line1, line2], work_shift_ids: [DAY, NIGHT] },
]);
const other = savedFilter(OTHER, 'Other', [{ id: 'g3', name: 'Line 2', factory_id: 'f-lyon', production_unit_ids: [line2], work_shift_ids: [DAY] }]);

/** The overview's view of the session: whether it may ask for figures, and of which selection. */
function OverviewProbe(): ReactElement {
  const { ready } = useSessionReady();
  return (
    <>
      <output data-testid="ready">{String(ready)}</output>
      <SelectionProbe />
    </>
  );
}

test('after a reload the saved filter of the preferences is applied again, before the overview asks for figures', async () => {
  let answer: (response: Response) => void = () => undefined;
  const fetch = mockFetch({ 'GET /api/filters': () => new Promise<Response>((resolve) => (answer = resolve)) });
  renderWithProviders(
    <>
      <FilterDrawer factories={[factory]} />
      <OverviewProbe />
    </>,
    { user: TEST_USERS.operation, factories: [factory], tilelytics: { selected_tilelytics_filter_id: MORNINGS } },
  );
  // The saved filters are loading: the overview waits rather than asking for whole factories first.
  await waitFor(() => expect(fetch.requests.map((r) => r.method + ' ' + new URL(r.url).pathname)).toEqual(['GET /api/filters']));
  expect(screen.getByTestId('ready').textContent).toBe('false');
  expect(selectionShown()).toEqual({ kind: 'factories' });

  answer(jsonResponse([other, mornings]));
  await waitFor(() => expect(screen.getByTestId('ready').textContent).toBe('true'));
  expect(selectionShown()).toEqual({
    kind: 'groups',
    groups: mornings.groups.map(({ id: _id, ...group }) => group),
    savedFilterId: MORNINGS,
    savedFilterName: 'Mornings',
  });
  expect(screen.getByText('Filtered: saved filter Mornings')).toBeInTheDocument();
  // Both groups hold Line 1: the drawer says what the total means.
  expect(screen.getByRole('note')).toHaveTextContent('Comparison groups share Line 1: each group shows all its figures, and the company total counts each line once.');
  fetch.restore();
});

test('a saved filter deleted meanwhile is forgotten quietly: the preference is cleared, whole factories are shown', async () => {
  const fetch = mockFetch({ 'GET /api/filters': [other], 'PUT /api/user/preferences': (request) => jsonResponse(request.body) });
  const { queryClient, store } = renderWithProviders(<OverviewProbe />, {
    user: TEST_USERS.operation,
    factories: [factory],
    tilelytics: { selected_tilelytics_filter_id: MORNINGS, selected_time_option: 'last30days' },
  });
  await waitFor(() => expect(fetch.requests.some((r) => r.method === 'PUT')).toBe(true));
  const put = fetch.requests.find((r) => r.method === 'PUT');
  expect(put?.body).toMatchObject({ tilelytics: { selected_tilelytics_filter_id: null, selected_time_option: 'last30days' } });
  expect(queryClient.getQueryData(preferencesQuery().queryKey)?.tilelytics.selected_tilelytics_filter_id).toBeNull();
  await waitFor(() => expect(screen.getByTestId('ready').textContent).toBe('true'));
  expect(selectionShown()).toEqual({ kind: 'factories' });
  // Quietly: no message.
  expect(screen.queryByRole('alert')).toBeNull();
  expect(JSON.stringify(store.get(selectionAtom))).toBe('{"kind":"factories"}');
  fetch.restore();
});

test('leaving the saved filter for new filters clears the preference, so a reload does not bring it back', async () => {
  const fetch = mockFetch({ ...optionRoutes, 'GET /api/filters': [mornings], 'PUT /api/user/preferences': (request) => jsonResponse(request.body) });
  const { userEvent, queryClient } = renderWithProviders(
    <>
      <FilterDrawer factories={[factory]} />
      <OverviewProbe />
    </>,
    { user: TEST_USERS.operation, factories: [factory], tilelytics: { selected_tilelytics_filter_id: MORNINGS } },
  );
  await waitFor(() => expect(selectionShown()).toMatchObject({ kind: 'groups', savedFilterId: MORNINGS }), { timeout: 15_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await screen.findByRole('group', { name: 'Shifts — Lyon' }, { timeout: 15_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Show whole factories' }));
  expect(selectionShown()).toEqual({ kind: 'factories' });
  await waitFor(() => expect(fetch.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
  expect(queryClient.getQueryData(preferencesQuery().queryKey)?.tilelytics.selected_tilelytics_filter_id).toBeNull();
  fetch.restore();
});

test('the saved-filter form warns when two groups share a line, and still saves them', async () => {
  const fetch = mockFetch({
    ...optionRoutes,
    'GET /api/filters': [],
    'GET /api/filter-groups': [],
    'POST /api/filters': (request) => jsonResponse({ ...savedFilter(OTHER, 'Lines', []), ...(request.body as object) }, 201),
  });
  const { userEvent } = renderWithProviders(<FilterDrawer factories={[factory]} />, { user: TEST_USERS.operation, factories: [factory] });
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await userEvent.click(await screen.findByRole('tab', { name: 'Saved filters' }, { timeout: 15_000 }));
  await userEvent.click(await screen.findByRole('button', { name: 'New saved filter' }, { timeout: 15_000 }));
  const form = screen.getByRole('form', { name: 'New saved filter' });
  await userEvent.type(within(form).getByRole('textbox', { name: /Filter name/ }), 'Lines');
  const first = within(form).getByRole('group', { name: 'Comparison group 1' });
  await userEvent.type(within(first).getByRole('textbox', { name: /Group name/ }), 'Both lines');
  await userEvent.click(within(form).getByRole('button', { name: 'Add a comparison group' }));
  const second = within(form).getByRole('group', { name: 'Comparison group 2' });
  await userEvent.type(within(second).getByRole('textbox', { name: /Group name/ }), 'Line 1');
  await userEvent.click(within(second).getByRole('checkbox', { name: 'Line 2' }));

  expect(within(second).getByRole('status')).toHaveTextContent(
    'Shares Line 1 with comparison group 1: each group will show all its figures, and the company total counts each line once.',
  );
  expect(within(first).queryByRole('status')).toBeNull();
  const save = within(form).getByRole('button', { name: 'Save the filter' });
  expect(save).toBeEnabled();
  await userEvent.click(save);
  await waitFor(() => expect(fetch.requests.some((r) => r.method === 'POST')).toBe(true));
  expect(fetch.requests.find((r) => r.method === 'POST')?.body).toEqual({
    name: 'Lines',
    groups: [
      { name: 'Both lines', factory_id: 'f-lyon', production_unit_ids: [line1, line2], work_shift_ids: [DAY, NIGHT] },
      { name: 'Line 1', factory_id: 'f-lyon', production_unit_ids: [line1], work_shift_ids: [DAY, NIGHT] },
    ],
  });
  fetch.restore();
});
