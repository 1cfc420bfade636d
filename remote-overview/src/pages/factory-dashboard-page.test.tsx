import { act, screen, waitFor, within } from '@testing-library/react';
import { atom, useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { withRemoteMessages } from '@linepulse/shared';
import { ROUTES } from '@linepulse/contracts';
import { jsonResponse, liveStream, mockFetch, renderWithProviders, TEST_USERS, testFactory } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { TEST_IDS } from '../test-ids';
import { kpis, kpisHandler, lyon } from '../testing/overview-fixtures';
import { FactoryDashboardPage } from './factory-dashboard-page';
import { prefetchFactoryDashboard } from './factory-dashboard-request';

const Dashboard = withRemoteMessages(messages, FactoryDashboardPage);
jest.setTimeout(30_000);

let fetch: ReturnType<typeof mockFetch>;
afterEach(() => fetch?.restore());

const reasons = [
  { downtime_reason_id: 'r1', downtime_reason: 'Nettoyage', category: 'Hygiène', is_planned: true, total_downtime_duration_seconds: 5400 },
  { downtime_reason_id: 'r2', downtime_reason: 'Bourrage', category: 'Mécanique', is_planned: false, total_downtime_duration_seconds: 45 },
];

/** The lines' states now, every line of Lyon in `state` since 10:42 Paris time. */
function unitStates(state: 'running' | 'stopped', inShift = true, shiftChangesAt: string | null = null) {
  return {
    at: '2026-11-26T10:00:00Z',
    units: lyon.production_units.map((u) => ({
      production_unit_id: u.id,
      state,
      since: '2026-11-26T09:42:00Z',
      last_event_at: '2026-11-26T09:42:00Z',
      in_shift: inShift,
      shift_changes_at: shiftChangesAt,
    })),
  };
}

/** Only the clock is set (the states began "today", 10:42 in Lyon); timers run as they do. */
function setClock(iso: string): void {
  jest.useFakeTimers({
    now: Date.parse(iso),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}


function render(language: 'en' | 'fr' = 'en') {
  return renderWithProviders(<Dashboard />, {
    factories: [lyon],
    route: '/f-lyon/dashboard',
    path: ROUTES.factoryDashboard.path,
    user: TEST_USERS.admin,
    language,
  });
}

test('tiles against the factory’s objectives, the production overview per line and the top causes', async () => {
  fetch = mockFetch({
    'POST /api/kpis/by-groups': kpisHandler({ Lyon: kpis(2), 'Yaourts 1': kpis(1), 'Yaourts 2': kpis(1, { availability: null, oee: null, good: 12_345 }) }),
    'POST /api/top-downtime-reasons': reasons,
  });
  render();
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard — Lyon' })).toBeInTheDocument();
  const oee = await screen.findByRole('group', { name: 'OEE' });
  await waitFor(() => expect(within(oee).getByTestId(TEST_IDS.kpiValue)).toHaveTextContent('74.79%'));
  // OEE target 76.64 %: below it, said in words.
  expect(oee).toHaveTextContent('Objective 76.64%');
  expect(oee).toHaveTextContent('Below objective');
  expect(screen.getByRole('group', { name: 'Quality' })).toHaveTextContent('At or above objective');

  const table = await screen.findByRole('table', { name: 'Production overview' });
  const row = within(table).getByRole('row', { name: /Yaourts 2/ });
  expect(row).toHaveTextContent('N/D');
  expect(row).toHaveTextContent('12 345 packs');
  expect(row).toHaveTextContent('1 028'); // 12 345 / 12 per package
  expect(row).toHaveTextContent('47 min'); // unplanned 2 820 000 ms
  // Both lines count in packs: the total adds them up (18 848 + 12 345), packages line by line (1 570 + 1 028).
  const total = within(table).getByRole('row', { name: /All lines/ });
  expect(total).toHaveTextContent('31 193 packs');
  expect(total).toHaveTextContent('2 598');

  const planned = await screen.findByRole('table', { name: 'Top 5 planned causes' });
  expect(within(planned).getByRole('row', { name: /Nettoyage/ })).toHaveTextContent('1 h 30 min');
  const unplanned = screen.getByRole('table', { name: 'Top 5 unplanned causes' });
  expect(within(unplanned).getByRole('row', { name: /Bourrage/ })).toHaveTextContent('45 s');

  const bodies = fetch.requests.filter((r) => r.url.endsWith('/kpis/by-groups')).map((r) => r.body as { groups: { name: string; production_unit_ids: string[] }[]; preceding_periods?: boolean });
  expect(bodies.find((b) => b.preceding_periods)?.groups).toEqual([{ name: 'Lyon', factory_id: 'f-lyon', production_unit_ids: ['u-ly1', 'u-ly2'] }]);
  expect(bodies.find((b) => !b.preceding_periods)?.groups.map((g) => g.production_unit_ids)).toEqual([['u-ly1'], ['u-ly2']]);
  expect(fetch.requests.find((r) => r.url.endsWith('/top-downtime-reasons'))?.body).toMatchObject({ production_unit_ids: ['u-ly1', 'u-ly2'], limit: 5 });
});

test('the total row adds no production of lines counting in different units: N/D, and says why', async () => {
  const montreal = testFactory({
    id: 'f-mtl',
    name: 'Montréal',
    production_units: [
      { id: 'u-emb1', name: 'Embouteillage 1', converted_unit_name: 'caisses', packages: 24 },
      { id: 'u-emb2', name: 'Embouteillage 2', converted_unit_name: 'caisses', packages: 24 },
      { id: 'u-can1', name: 'Canettes 1', converted_unit_name: 'plateaux', packages: 24 },
      { id: 'u-etq', name: 'Étiquetage', converted_unit_name: 'bouteilles', packages: null },
    ],
  });
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({}), 'POST /api/top-downtime-reasons': reasons });
  const { userEvent } = renderWithProviders(<Dashboard />, {
    factories: [montreal],
    route: '/f-mtl/dashboard',
    path: ROUTES.factoryDashboard.path,
    user: TEST_USERS.admin,
    language: 'fr',
  });
  const table = await screen.findByRole('table', { name: 'Aperçu de la production' });
  await waitFor(() => expect(within(table).getByRole('row', { name: /Étiquetage/ })).toHaveTextContent('18 848 bouteilles'));
  const total = within(table).getByRole('row', { name: /Toutes les lignes/ });
  const reason = 'Pas de total\u00a0: les lignes comptent dans des unités différentes (caisses, plateaux et bouteilles).';
  // One explanation for the production, one for the packages: both refuse the same mix of units.
  expect(within(total).getAllByRole('button', { name: reason })).toHaveLength(2);
  expect(total).not.toHaveTextContent('18 848'); // what the factory's unit count would have said
  await userEvent.click(within(total).getAllByRole('button', { name: reason })[0]!);
  // (toHaveTextContent makes the note's no-break space a plain one before comparing.)
  expect(await screen.findByRole('note')).toHaveTextContent(reason.replace('\u00a0', ' '));
});

test('a performance above 100 % is shown as computed and flagged, on the tile and on its line', async () => {
  fetch = mockFetch({
    'POST /api/kpis/by-groups': kpisHandler({ Lyon: kpis(2, { performance: 1.0834 }), 'Yaourts 1': kpis(1, { performance: 1.1667 }), 'Yaourts 2': kpis(1) }),
    'POST /api/top-downtime-reasons': reasons,
  });
  render();
  const tile = await screen.findByRole('group', { name: 'Performance' });
  await waitFor(() => expect(within(tile).getByTestId(TEST_IDS.kpiValue)).toHaveTextContent('108.34%'));
  expect(tile).toHaveTextContent('Above 100 %: check the ideal rates');
  expect(screen.getByRole('group', { name: 'Quality' })).not.toHaveTextContent('check the ideal rates');

  const table = await screen.findByRole('table', { name: 'Production overview' });
  const flagged = within(table).getByRole('row', { name: /Yaourts 1/ });
  expect(flagged).toHaveTextContent('116.67%');
  expect(within(flagged).getByRole('img', { name: 'Above 100 %: check the ideal rates' })).toBeInTheDocument();
  expect(within(within(table).getByRole('row', { name: /Yaourts 2/ })).queryByRole('img', { name: /ideal rates/ })).not.toBeInTheDocument();
});

test('no justified downtime is an empty state, not an empty chart', async () => {
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({}), 'POST /api/top-downtime-reasons': [] });
  render('fr');
  expect(await screen.findAllByText('Aucun arrêt justifié sur cette période.')).toHaveLength(2);
});

test('a failed call shows an error with a retry that asks again', async () => {
  let calls = 0;
  fetch = mockFetch({
    'GET /api/factories/f-lyon/unit-states': unitStates('running'),
    'POST /api/kpis/by-groups': (request) => {
      calls += 1;
      return calls <= 2 ? jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'x' }] }, 500) : kpisHandler({})(request);
    },
    'POST /api/top-downtime-reasons': reasons,
  });
  const { userEvent } = render();
  const retry = (await screen.findAllByRole('button', { name: 'Retry' }))[0]!;
  await userEvent.click(retry);
  const oee = await screen.findByRole('group', { name: 'OEE' });
  await waitFor(() => expect(within(oee).getByTestId(TEST_IDS.kpiValue)).toHaveTextContent('74.79%'));
});

test('the dashboard of a factory the user cannot see is an error, not an empty page', () => {
  fetch = mockFetch({});
  renderWithProviders(<Dashboard />, { factories: [lyon], route: '/someone-else/dashboard', path: ROUTES.factoryDashboard.path });
  expect(screen.getByRole('alert')).toBeInTheDocument();
});

test('the presenter opens TV mode: the whole window, the factory’s figures, a way out', async () => {
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({}), 'POST /api/top-downtime-reasons': reasons });
  const { userEvent } = renderWithProviders(<Dashboard />, {
    factories: [lyon],
    route: '/f-lyon/dashboard',
    path: ROUTES.factoryDashboard.path,
    user: TEST_USERS.presenter,
  });
  await userEvent.click(screen.getByRole('button', { name: 'TV mode' }));
  const tv = await screen.findByRole('dialog', { name: 'TV mode — Lyon' });
  await waitFor(() => expect(within(within(tv).getByRole('group', { name: 'OEE' })).getByTestId(TEST_IDS.kpiValue)).toHaveTextContent('74.79%'));
  expect(within(tv).queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument();
  await userEvent.click(within(tv).getByRole('button', { name: 'Leave TV mode' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('TV mode is for the presenter role only', async () => {
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({}), 'POST /api/top-downtime-reasons': reasons });
  renderWithProviders(<Dashboard />, { factories: [lyon], route: '/f-lyon/dashboard?tv=1', path: ROUTES.factoryDashboard.path, user: TEST_USERS.admin });
  expect(screen.queryByRole('button', { name: 'TV mode' })).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // Still the ordinary dashboard once its figures arrive (and the test ends with no call in flight).
  const oee = await screen.findByRole('group', { name: 'OEE' });
  await waitFor(() => expect(within(oee).getByTestId(TEST_IDS.kpiValue)).toHaveTextContent('74.79%'));
  await screen.findByRole('table', { name: 'Top 5 planned causes' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

afterEach(() => jest.useRealTimers());

test('live: the lines’ states, and a pushed change refetches the figures and the states without a reload', async () => {
  setClock('2026-11-26T10:00:00Z');
  const stream = liveStream();
  let kpiCalls = 0;
  let state: 'running' | 'stopped' = 'running';
  let inShift = true;
  const figures = kpisHandler({});
  fetch = mockFetch({
    'GET /api/live': stream.handler,
    'GET /api/factories/f-lyon/unit-states': () => jsonResponse(unitStates(state, inShift)),
    'POST /api/kpis/by-groups': (request) => {
      kpiCalls += 1;
      return figures(request);
    },
    'POST /api/top-downtime-reasons': reasons,
  });
  render('fr');
  const lines = await screen.findByRole('list', { name: 'Lignes en ce moment' });
  await waitFor(() => expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent('En marche depuis 10:42'));
  await waitFor(() => expect(screen.getByTestId('live-status')).toHaveTextContent('En direct'));
  await waitFor(() => expect(kpiCalls).toBe(2));
  const liveUrl = fetch.requests.find((r) => r.url.includes('/live'))!;
  expect(liveUrl.url).toContain('factory_ids=f-lyon');
  expect(liveUrl.headers.authorization).toMatch(/^Bearer /);

  state = 'stopped';
  stream.push(`id: 2\nevent: change\ndata: ${JSON.stringify({ changes: [{ factory_id: 'f-lyon', kinds: ['state'], production_unit_ids: [lyon.production_units[0]!.id] }] })}\n\n`);
  await waitFor(() => expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent(/À l’arrêt depuis 10:42/));
  expect(within(lines).getAllByRole('listitem')[0]).toHaveAttribute('data-state', 'stopped');
  expect(within(lines).getAllByRole('listitem')[0]).not.toHaveTextContent('hors de ses quarts');
  await waitFor(() => expect(kpiCalls).toBe(4));

  // The shift ends with the line still stopped: it says so, and is no longer drawn as down.
  inShift = false;
  stream.push(`id: 3\nevent: change\ndata: ${JSON.stringify({ changes: [{ factory_id: 'f-lyon', kinds: ['state'], production_unit_ids: [lyon.production_units[0]!.id] }] })}\n\n`);
  await waitFor(() => expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent(/^.+À l’arrêt depuis 10:42 \(.+\), hors de ses quarts$/));
  expect(within(lines).getAllByRole('listitem')[0]).toHaveAttribute('data-in-shift', 'false');
  await waitFor(() => expect(kpiCalls).toBe(6));
});

test('the strip asks again once a line’s shift has ended, though nothing is announced then', async () => {
  setClock('2026-11-26T10:00:00Z');
  const stream = liveStream();
  let calls = 0;
  fetch = mockFetch({
    'GET /api/live': stream.handler,
    'GET /api/factories/f-lyon/unit-states': () => {
      calls += 1;
      // The shift ends half a second after the first answer; the second answer is past it.
      return jsonResponse(calls === 1 ? unitStates('stopped', true, '2026-11-26T10:00:00.500Z') : unitStates('stopped', false, '2026-11-27T05:00:00Z'));
    },
    'POST /api/kpis/by-groups': kpisHandler({}),
    'POST /api/top-downtime-reasons': reasons,
  });
  render();
  const lines = await screen.findByRole('list', { name: 'Lines now' });
  await waitFor(() => expect(within(lines).getAllByRole('listitem')[0]).toHaveAttribute('data-in-shift', 'true'));
  await waitFor(() => expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent(/Stopped since 10:42 AM \(.+\), outside its shifts$/), { timeout: 5000 });
  expect(within(lines).getAllByRole('listitem')[0]).toHaveAttribute('data-in-shift', 'false');
  expect(calls).toBe(2);
});

test('the start-up’s prefetch asks for the factory’s tiles before the page renders, and the page reads that answer; none for the TV or another factory', async () => {
  fetch = mockFetch({
    'POST /api/kpis/by-groups': kpisHandler({ Lyon: kpis(2), 'Yaourts 1': kpis(1), 'Yaourts 2': kpis(1) }),
    'POST /api/top-downtime-reasons': reasons,
  });
  const shownAtom = atom(false);
  function Later(): ReactElement | null {
    return useAtomValue(shownAtom) ? <Dashboard /> : null;
  }
  const { queryClient, store } = renderWithProviders(<Later />, { factories: [lyon], route: '/f-lyon/dashboard', path: ROUTES.factoryDashboard.path, user: TEST_USERS.admin });
  const tilesCalls = () => fetch.requests.filter((r) => r.url.endsWith('/kpis/by-groups') && (r.body as { preceding_periods?: boolean }).preceding_periods);
  const context = (factoryId: string, search = '') => ({ queryClient, store, user: TEST_USERS.admin, params: { factoryId }, search: new URLSearchParams(search) });

  await prefetchFactoryDashboard(context('f-lyon', '?tv=1'));
  await prefetchFactoryDashboard(context('f-elsewhere'));
  expect(tilesCalls()).toEqual([]);

  await prefetchFactoryDashboard(context('f-lyon'));
  expect(tilesCalls().map((r) => r.body)).toEqual([expect.objectContaining({ time_option: 'lastday', groups: [expect.objectContaining({ name: 'Lyon', factory_id: 'f-lyon' })] })]);
  act(() => store.set(shownAtom, true));
  const oee = await screen.findByRole('group', { name: 'OEE' });
  await waitFor(() => expect(within(oee).getByTestId(TEST_IDS.kpiValue)).toHaveTextContent('74.79%'));
  // The page's own query found that answer.
  expect(tilesCalls()).toHaveLength(1);
});
