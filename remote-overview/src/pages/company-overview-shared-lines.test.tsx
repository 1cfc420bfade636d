import { screen, waitFor, within } from '@testing-library/react';
import { withRemoteMessages } from '@linepulse/shared';
import { TEST_USERS, mockFetch, renderWithProviders } from '@linepulse/shared/testing';
import type { SavedFilter } from '@linepulse/contracts';
import { messages } from '../messages';
import { TEST_IDS } from '../test-ids';
import { kpis, kpisHandler, lyon, montreal, opportunities } from '../testing/overview-fixtures';
import { CompanyOverviewPage } from './company-overview-page';

const Overview = withRemoteMessages(messages, CompanyOverviewPage);

jest.setTimeout(90_000);

const FILTER = '55555555-5555-4555-8555-555555555555';
const DAY = '11111111-1111-4111-8111-111111111111';
const NIGHT = '22222222-2222-4222-8222-222222222222';

// Two groups hold Yaourts 1: the day shift of both lines, and Yaourts 1 day and night.
const lines: SavedFilter = {
  id: FILTER,
  name: 'Yaourts',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  groups: [
    { id: 'g1', name: 'Both lines by day', factory_id: 'f-lyon', production_unit_ids: ['u-ly1', 'u-ly2'], work_shift_ids: [DAY] },
    { id: 'g2', name: 'Yaourts 1', factory_id: 'f-lyon', production_unit_ids: ['u-ly1'], work_shift_ids: [DAY, NIGHT] },
  ],
};

let fetch: ReturnType<typeof mockFetch>;
afterEach(() => {
  fetch?.restore();
  localStorage.clear();
});

function kpiRequests(): { preceding_periods?: boolean; interval?: string; groups: { name: string; production_unit_ids: string[]; work_shift_ids?: string[] }[] }[] {
  return fetch.requests.filter((r) => r.url.endsWith('/kpis/by-groups')).map((r) => r.body as never);
}

test('the saved filter of the preferences comes back on reload; groups sharing a line keep their figures and the total counts the line once', async () => {
  fetch = mockFetch({
    'GET /api/filters': [lines],
    // Each group its own figures; "1" and "2" are the groups that count every line and shift once.
    'POST /api/kpis/by-groups': kpisHandler({ 'Both lines by day': kpis(1), 'Yaourts 1': kpis(2), '1': kpis(4), '2': kpis(1) }),
    'POST /api/opportunities': opportunities,
  });
  renderWithProviders(<Overview />, {
    factories: [lyon, montreal],
    user: TEST_USERS.operation,
    tilelytics: { selected_tilelytics_filter_id: FILTER },
  });

  const downtime = (): HTMLElement => within(screen.getByRole('group', { name: 'Downtime' })).getByTestId(TEST_IDS.kpiValue);
  // The tiles show the total, not N/D: 5 × (1 h + 47 min), not the groups' 1 + 2 that would count Yaourts 1 twice.
  await waitFor(() => expect(downtime()).toHaveTextContent('8 h 55 min'), { timeout: 30_000 });
  expect(screen.getByRole('group', { name: 'OEE' })).not.toHaveTextContent('N/D');

  // Only the saved filter's groups were asked for, never whole factories first.
  const main = kpiRequests().filter((r) => r.preceding_periods);
  expect(main.map((r) => r.groups.map((g) => g.name))).toEqual([['Both lines by day', 'Yaourts 1']]);
  // The total adds up groups that hold each line once: Yaourts 1 with both shifts, Yaourts 2 by day.
  const once = kpiRequests().filter((r) => r.groups.some((g) => g.name === '1'));
  expect(once).toHaveLength(1);
  expect(once[0]?.groups).toEqual([
    { name: '1', factory_id: 'f-lyon', production_unit_ids: ['u-ly1'], work_shift_ids: [DAY, NIGHT] },
    { name: '2', factory_id: 'f-lyon', production_unit_ids: ['u-ly2'], work_shift_ids: [DAY] },
  ]);

  const table = await screen.findByRole('table', { name: 'Comparison of factories and groups' });
  expect(within(table).getByRole('row', { name: /Both lines by day/ })).toHaveTextContent('1 h 47 min');
  expect(within(table).getByRole('row', { name: /^Yaourts 1/ })).toHaveTextContent('3 h 34 min');
  expect(within(table).getByRole('row', { name: /Company/ })).toHaveTextContent('8 h 55 min');
  expect(screen.getByText('Filtered: saved filter Yaourts')).toBeInTheDocument();
  expect(screen.getByText('Comparison groups share Yaourts 1: each group shows all its figures, and the company total counts each line once.')).toHaveAttribute('role', 'note');
});
