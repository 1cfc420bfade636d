import { screen, waitFor } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, testFactory } from '../testing';
import { preferencesQuery } from '../api/get-preferences';
import { FactoryPageFrame } from '../ui/factory-page-frame';
import { usePeriod } from './period';
import { selectionAtom } from './selection';

jest.setTimeout(30_000);

const factory = testFactory({
  production_units: [
    { id: '0b0f6a8e-6d3c-4c57-9a55-6f0d5a1c2b3d', name: 'Line 1', converted_unit_name: null, packages: null },
    { id: '7e5b1c2d-8f9a-4b3c-a1d2-e3f4a5b6c7d8', name: 'Line 2', converted_unit_name: null, packages: null },
  ],
});
const [line1] = factory.production_units.map((unit) => unit.id);
const SHIFT = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

/** What the page would ask the api for: the period, the filters, and the address it is at. */
function Probe(): ReactElement {
  const [period] = usePeriod();
  const selection = useAtomValue(selectionAtom);
  const location = useLocation();
  return (
    <output>
      {`${period.option} ${period.startDate ?? ''}..${period.endDate ?? ''} | ${JSON.stringify(selection)} | ${location.search}`}
    </output>
  );
}

function Page(): ReactElement {
  return <FactoryPageFrame title="Dashboard">{() => <Probe />}</FactoryPageFrame>;
}

test('a link with a period, lines and shifts sets them once, before the page asks for data, and leaves the address', async () => {
  const { queryClient } = renderWithProviders(<Page />, {
    factories: [factory],
    path: '/:factoryId/dashboard',
    route: `/${factory.id}/dashboard?start=2026-11-16&end=2026-11-22&lines=${line1}&shifts=${SHIFT}&interval=hour`,
  });
  const output = await screen.findByRole('status');
  expect(output).toHaveTextContent('time_range 2026-11-16..2026-11-22');
  expect(output).toHaveTextContent(`"production_unit_ids":["${line1}"]`);
  expect(output).toHaveTextContent(`"work_shift_ids":{"${factory.id}":["${SHIFT}"]}`);
  // The page's own parameters stay; the link's are gone, so a reload shows what the user left.
  expect(output).toHaveTextContent(/\| \?interval=hour$/);
  // The period is saved to the preferences as any chosen period is.
  await waitFor(() => expect(queryClient.getQueryData(preferencesQuery().queryKey)?.tilelytics).toMatchObject({ selected_time_option: 'time_range', selected_start_date: '2026-11-16', selected_end_date: '2026-11-22' }));
});

test('a link naming every line and no shift shows the whole factory, and a malformed one changes nothing', async () => {
  const all = factory.production_units.map((unit) => unit.id).join(',');
  const first = renderWithProviders(<Page />, { factories: [factory], path: '/:factoryId/dashboard', route: `/${factory.id}/dashboard?start=2026-11-01&end=2026-11-30&lines=${all}` });
  expect(await screen.findByRole('status')).toHaveTextContent('time_range 2026-11-01..2026-11-30 | {"kind":"factories"} |');
  first.unmount();

  const { queryClient } = renderWithProviders(<Page />, { factories: [factory], path: '/:factoryId/dashboard', route: `/${factory.id}/dashboard?start=2026-11-31&end=2026-12-01&lines=x` });
  const output = await screen.findByRole('status');
  expect(output).not.toHaveTextContent('time_range');
  expect(output).toHaveTextContent(/\|$/);
  expect(queryClient.getQueryData(preferencesQuery().queryKey)?.tilelytics.selected_time_option).not.toBe('time_range');
});
