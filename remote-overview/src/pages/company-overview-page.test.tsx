import { act, screen, waitFor, within } from '@testing-library/react';
import { atom, useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { DateTime } from 'luxon';
import { PERIOD_CHOSEN_STORAGE_KEY, periodWindow, withRemoteMessages, type PeriodSelection } from '@linepulse/shared';
import { allowedIntervals, type TimeOption } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { FIGURES_PAINTED, TEST_IDS } from '../test-ids';
import { kpis, kpisHandler, lyon, montreal, opportunities } from '../testing/overview-fixtures';
import { CompanyOverviewPage } from './company-overview-page';
import { prefetchCompanyOverview } from './company-overview-request';

const Overview = withRemoteMessages(messages, CompanyOverviewPage);

jest.setTimeout(30_000);

let fetch: ReturnType<typeof mockFetch>;
afterEach(() => {
  fetch?.restore();
  localStorage.clear();
});

function kpiTile(name: string): HTMLElement {
  return within(screen.getByRole('group', { name })).getByTestId(TEST_IDS.kpiValue);
}

function kpiRequests(): { time_option?: string; interval?: string; preceding_periods?: boolean; groups: { name: string }[] }[] {
  return fetch.requests.filter((r) => r.url.endsWith('/kpis/by-groups')).map((r) => r.body as never);
}

test('shows yesterday by default: one group per factory, tiles, comparison with the company total, opportunities', async () => {
  fetch = mockFetch({
    'POST /api/kpis/by-groups': kpisHandler({ Lyon: kpis(1), Montréal: kpis(2) }),
    'POST /api/opportunities': opportunities,
  });
  renderWithProviders(<Overview />, { factories: [lyon, montreal], user: TEST_USERS.admin });

  await waitFor(() => expect(kpiTile('OEE')).toHaveTextContent('74.79%'));
  const [main, byInterval] = [kpiRequests().find((r) => r.preceding_periods), kpiRequests().find((r) => r.interval)];
  expect(main).toMatchObject({ time_option: 'lastday', groups: [{ name: 'Lyon' }, { name: 'Montréal' }] });
  // Yesterday is under 7 days: by hour.
  expect(byInterval).toMatchObject({ time_option: 'lastday', interval: 'hour' });
  expect(kpiTile('Quality')).toHaveTextContent('97.80%');
  // The browser records when the figures were painted (the budgets read it).
  expect(kpiTile('Quality')).toHaveAttribute('elementtiming', FIGURES_PAINTED);
  expect(kpiTile('Downtime')).toHaveTextContent('5 h 21 min');
  // Both factories aim at 97 % quality; their availability objectives differ (90 % and 85 %).
  expect(screen.getByRole('group', { name: 'Quality' })).toHaveTextContent('Objective 97.00%');
  expect(screen.getByRole('group', { name: 'Availability' })).toHaveTextContent('Objectives differ by factory');
  expect(screen.getByRole('group', { name: 'Availability' })).not.toHaveTextContent(/Objective \d/);

  // The table follows once the tiles are painted.
  const table = await screen.findByRole('table', { name: 'Comparison of factories and groups' });
  expect(within(table).getByRole('link', { name: 'Open the Lyon dashboard' })).toHaveAttribute('href', '/f-lyon/dashboard');
  expect(within(table).getByRole('row', { name: /Company/ })).toBeInTheDocument();

  await waitFor(() => expect(screen.getByTestId(TEST_IDS.potentialGain)).toHaveTextContent('4 h 00 min'));
  const opportunitiesTable = screen.getByRole('table', { name: 'Largest opportunities' });
  const link = within(opportunitiesTable).getByRole('link', { name: 'Open Shift changes for Yaourts 1' });
  expect(link).toHaveAttribute('href', '/performance-manager/shift-changes?factoryId=f-lyon&productionUnitId=u-ly1');
  expect(within(opportunitiesTable).getByRole('link', { name: 'Open Planned downtime above target for Yaourts 2' })).toHaveAttribute(
    'href',
    '/performance-manager/planned-downtimes-with-target?factoryId=f-lyon&productionUnitId=u-ly2&downtimeReasonId=r-clean',
  );
  // Money only for users with financial access.
  expect(within(opportunitiesTable).getByRole('columnheader', { name: 'Gain (money)' })).toBeInTheDocument();
});

test('hides money from users without financial access', async () => {
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({}), 'POST /api/opportunities': opportunities });
  renderWithProviders(<Overview />, { factories: [lyon, montreal], user: TEST_USERS.operation });
  const table = await screen.findByRole('table', { name: 'Largest opportunities' });
  expect(within(table).queryByRole('columnheader', { name: 'Gain (money)' })).not.toBeInTheDocument();
});

test('an account without insights is told why there are no opportunities, and they are not asked for', async () => {
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({ Lyon: kpis(1) }), 'POST /api/opportunities': opportunities });
  renderWithProviders(<Overview />, { factories: [lyon], user: { ...TEST_USERS.admin, insights_enabled: false, is_wx_user: false }, language: 'fr' });
  await waitFor(() => expect(kpiTile('TRG')).toHaveTextContent('%'));
  expect(screen.getByTestId(TEST_IDS.opportunitiesNeedInsights)).toHaveTextContent('offre Insights, qui n’est pas activée');
  expect(screen.queryByTestId(TEST_IDS.potentialGain)).not.toBeInTheDocument();
  expect(fetch.requests.some((r) => r.url.endsWith('/opportunities'))).toBe(false);
});

test('a new period asks the api again and is saved to the preferences', async () => {
  fetch = mockFetch({
    'POST /api/kpis/by-groups': kpisHandler({}),
    'POST /api/opportunities': opportunities,
    'PUT /api/user/preferences': (request) => jsonResponse(request.body),
  });
  const { userEvent } = renderWithProviders(<Overview />, { factories: [lyon], user: TEST_USERS.admin });
  await waitFor(() => expect(kpiTile('OEE')).toHaveTextContent('74.79%'));

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'last30days');
  await waitFor(() => expect(kpiRequests().some((r) => r.time_option === 'last30days' && r.preceding_periods)).toBe(true));
  // Under 30 days: by day by default; hour is limited to 14 days, month needs 31.
  expect(kpiRequests().find((r) => r.time_option === 'last30days' && r.interval)?.interval).toBe('day');
  expect(screen.getByRole('radio', { name: 'Hour' })).toBeDisabled();
  expect(screen.getByRole('radio', { name: 'Month' })).toBeDisabled();
  expect(screen.getByText('The hour interval is only available for up to 14 days')).toBeInTheDocument();
  expect(screen.getByText('The month view needs a period of at least 31 days')).toBeInTheDocument();
  const saved = fetch.requests.find((r) => r.method === 'PUT');
  expect(saved?.body).toMatchObject({ tilelytics: { selected_time_option: 'last30days' } });
});

test('every period change asks for an interval its window allows, and no greyed-out interval stays selected', async () => {
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({}), 'POST /api/opportunities': opportunities, 'PUT /api/user/preferences': (r) => jsonResponse(r.body) });
  const { userEvent } = renderWithProviders(<Overview />, { factories: [lyon, montreal], user: TEST_USERS.admin });
  const period = (): PeriodSelection => {
    const last = kpiRequests().at(-1) as unknown as { time_option: TimeOption; start_date?: string; end_date?: string };
    return { option: last.time_option, startDate: last.start_date ?? null, endDate: last.end_date ?? null };
  };
  /** The interval asked for the latest period is one its window allows, and it is the one shown as chosen, enabled. */
  const expectAllowedInterval = async (option: TimeOption, expected?: string): Promise<void> => {
    await waitFor(() => expect(kpiRequests().some((r) => r.time_option === option && r.interval)).toBe(true));
    const asked = kpiRequests().filter((r) => r.time_option === option && r.interval).at(-1)!.interval!;
    const window = periodWindow(period(), lyon, [])!;
    expect(allowedIntervals(window, lyon)).toContain(asked);
    if (expected) expect(asked).toBe(expected);
    const checked = screen.getByRole('radio', { checked: true });
    expect(checked).toBeEnabled();
    expect(checked).toHaveAttribute('value', asked);
    await waitFor(() => expect(screen.getByRole('figure', { name: new RegExp(`by ${asked}`, 'i') })).toBeInTheDocument());
  };

  await expectAllowedInterval('lastday', 'hour');
  await userEvent.click(screen.getByRole('radio', { name: 'Day' }));
  await expectAllowedInterval('lastday', 'day');

  // 90 days: day and week are too long (30 and 60 days at most): by month, not the day picked before.
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'last90days');
  await expectAllowedInterval('last90days', 'month');
  expect(screen.getByRole('radio', { name: 'Day' })).toBeDisabled();
  expect(screen.getByRole('radio', { name: 'Day' })).not.toBeChecked();

  // A time range of 70 days, ending yesterday: by month as well (decision 0036).
  const end = DateTime.now().setZone(lyon.timezone).minus({ days: 2 });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'time_range');
  await userEvent.type(await screen.findByLabelText('Start date'), end.minus({ days: 69 }).toFormat('yyyy-LL-dd'));
  await userEvent.type(screen.getByLabelText('End date'), end.toFormat('yyyy-LL-dd'));
  await userEvent.click(screen.getByRole('button', { name: 'Apply the dates' }));
  await expectAllowedInterval('time_range', 'month');

  // The current week: whatever its length so far, an interval it allows (day when a day has passed, as picked).
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'week');
  const week = periodWindow({ option: 'week', startDate: null, endDate: null }, lyon, []);
  if (week && allowedIntervals(week, lyon).length > 0) await expectAllowedInterval('week', allowedIntervals(week, lyon).includes('day') ? 'day' : 'hour');
  else await waitFor(() => expect(screen.getAllByText(/This period began less than an hour ago/).length).toBeGreaterThan(0));
  // Five periods, each drawn: longer than the file's other tests.
}, 120_000);

test('a date range is checked before it is used: format, 1 September 2019, order', async () => {
  fetch = mockFetch({ 'POST /api/kpis/by-groups': kpisHandler({}), 'POST /api/opportunities': opportunities, 'PUT /api/user/preferences': (r) => jsonResponse(r.body) });
  const { userEvent } = renderWithProviders(<Overview />, { factories: [lyon], user: TEST_USERS.admin });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'time_range');
  await userEvent.type(await screen.findByLabelText('Start date'), '2019-08-31');
  await userEvent.type(screen.getByLabelText('End date'), '2019-08-30');
  await userEvent.click(screen.getByRole('button', { name: 'Apply the dates' }));
  expect(await screen.findAllByText('Data is only available from 1 September 2019')).toHaveLength(2);
  expect(kpiRequests().some((r) => r.time_option === 'time_range')).toBe(false);

  await userEvent.clear(screen.getByLabelText('Start date'));
  await userEvent.type(screen.getByLabelText('Start date'), '2020-02-10');
  await userEvent.clear(screen.getByLabelText('End date'));
  await userEvent.type(screen.getByLabelText('End date'), '2021-03-01');
  await userEvent.click(screen.getByRole('button', { name: 'Apply the dates' }));
  await waitFor(() => expect(kpiRequests().some((r) => r.time_option === 'time_range')).toBe(true));
  // 385 days: no view by interval.
  expect(await screen.findAllByText('Not allowed')).not.toHaveLength(0);
  expect(kpiRequests().some((r) => r.interval && r.time_option === 'time_range')).toBe(false);
});

test('an api failure is an alert with a retry, in French too', async () => {
  fetch = mockFetch({
    'POST /api/kpis/by-groups': () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500),
    'POST /api/opportunities': opportunities,
  });
  renderWithProviders(<Overview />, { factories: [lyon], user: TEST_USERS.admin, language: 'fr' });
  const alerts = await screen.findAllByRole('alert');
  expect(alerts[0]).toHaveTextContent('GEN_500');
  expect(screen.getAllByRole('button', { name: 'Réessayer' }).length).toBeGreaterThan(0);
});

test('says so when the account has no factory', () => {
  fetch = mockFetch({});
  renderWithProviders(<Overview />, { factories: [] });
  expect(screen.getByText('No factory is configured for your account yet.')).toBeInTheDocument();
});

test('the start-up’s prefetch asks for the tiles’ figures before the page renders, and the page reads that answer', async () => {
  fetch = mockFetch({
    'POST /api/kpis/by-groups': kpisHandler({ Lyon: kpis(1), Montréal: kpis(2) }),
    'POST /api/opportunities': opportunities,
  });
  const shownAtom = atom(false);
  function Later(): ReactElement | null {
    return useAtomValue(shownAtom) ? <Overview /> : null;
  }
  // The session in place as at start-up, the page not rendered yet.
  const { queryClient, store } = renderWithProviders(<Later />, { factories: [lyon, montreal], user: TEST_USERS.admin, tilelytics: { selected_time_option: 'last7days' } });
  localStorage.setItem(`${PERIOD_CHOSEN_STORAGE_KEY}:${TEST_USERS.admin.user_id}`, '1');
  await prefetchCompanyOverview({ queryClient, store, user: TEST_USERS.admin, params: {}, search: new URLSearchParams() });
  expect(kpiRequests()).toEqual([expect.objectContaining({ time_option: 'last7days', preceding_periods: true, groups: [expect.objectContaining({ name: 'Lyon' }), expect.objectContaining({ name: 'Montréal' })] })]);

  act(() => store.set(shownAtom, true));
  await waitFor(() => expect(kpiTile('OEE')).toHaveTextContent('74.79%'));
  // The page's own query found that answer: the figures were asked for once.
  expect(kpiRequests().filter((r) => r.preceding_periods)).toHaveLength(1);
});
