import { screen, waitFor, within } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { mockFetch, renderWithProviders, testFactory, TEST_USERS } from '../../testing';
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
  const shifts = await screen.findByRole('group', { name: 'Shifts — Lyon' });
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
