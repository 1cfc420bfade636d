import { screen, waitFor, within } from '@testing-library/react';
import { withRemoteMessages } from '@linepulse/shared';
import { ROUTES, type AlertList, type UserClaims } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testAlert, testFactory, type MockedRequest } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { TEST_IDS } from '../../test-ids';
import { AlertsPage } from './alerts-page';

const Page = withRemoteMessages(messages, AlertsPage);
jest.setTimeout(60_000);

// Lyon (Paris time) and Québec (Toronto's time).
const lyon = testFactory();
const quebec = testFactory({ id: 'f0000000-0000-4000-8000-000000000002', name: 'Québec', timezone: 'America/Toronto' });

// Newest first, as the api answers: Québec's silent line (open), Lyon's stop (resolved, acknowledged).
const SILENT = testAlert({
  id: 'a0000000-0000-4000-8000-000000000002',
  rule_name: 'Silent line',
  kind: 'no_data',
  minutes: 15,
  factory_id: quebec.id,
  factory_name: 'Québec',
  production_unit_id: 'pu-2',
  production_unit_name: 'Line 2',
  since: '2026-11-26T14:00:00Z',
  opened_at: '2026-11-26T14:15:00Z',
});
const STOPPED = testAlert({
  id: 'a0000000-0000-4000-8000-000000000001',
  resolved_at: '2026-11-26T10:30:00Z',
  acknowledged_at: '2026-11-26T10:05:00Z',
  acknowledged_by: 'Olivier Tremblay',
});
const LIST: AlertList = { alerts: [SILENT, STOPPED], unacknowledged: 1 };

let fetch: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetch?.restore());

function render({ user = TEST_USERS.operation, route = '/alerts', language = 'en' }: { user?: UserClaims; route?: string; language?: 'en' | 'fr' } = {}) {
  const notifier = { success: jest.fn(), error: jest.fn() };
  const result = renderWithProviders(<Page />, { factories: [lyon, quebec], route, path: ROUTES.alerts.path, user, language, services: { notifier } });
  return { ...result, notifier };
}

const alertRequests = (requests: MockedRequest[]): URL[] => requests.filter((r) => r.method === 'GET' && r.url.includes('/alerts')).map((r) => new URL(r.url));

test('lists the account’s alerts newest first: rule, line, factory, state, since when in the factory’s time, who acknowledged', async () => {
  fetch = mockFetch({ 'GET /api/alerts': LIST });
  render();
  expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Alerts, newest first' });
  expect(table).toHaveAttribute('data-testid', TEST_IDS.alertsTable);
  const [header, first, second] = within(table).getAllByRole('row');
  expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Alert', 'Line and factory', 'State and time', 'Acknowledgement']);
  expect(first).toHaveAttribute('data-state', 'open');
  expect(first).toHaveTextContent('Silent line');
  expect(first).toHaveTextContent('No data from Line 2 for 15 minutes');
  expect(first).toHaveTextContent('Line 2 · Québec');
  // 14:00 UTC is 9:00 in Québec (Toronto's zone).
  expect(first).toHaveTextContent(/Open since Nov 26, 9:00\sAM/);
  expect(second).toHaveAttribute('data-state', 'resolved');
  expect(second).toHaveTextContent('Line 1 down for more than 20 minutes');
  expect(second).toHaveTextContent(/From Nov 26, 10:42\sAM to Nov 26, 11:30\sAM/);
  expect(second).toHaveTextContent('Acknowledged by Olivier Tremblay');
  expect(screen.getByText('2 alerts shown, 1 open')).toBeInTheDocument();
  expect(within(first!).getByRole('button', { name: 'Acknowledge Silent line, Line 2 · Québec' })).toBeInTheDocument();
  expect(within(second!).queryByRole('button')).not.toBeInTheDocument();

  const [asked] = alertRequests(fetch.requests);
  expect(asked!.pathname).toBe('/api/alerts');
  expect(Object.fromEntries(asked!.searchParams)).toEqual({ status: 'all', limit: '100' });
});

test('filters by open alerts and by factory, each choice asked of the api', async () => {
  fetch = mockFetch({ 'GET /api/alerts': (request) => jsonResponse(new URL(request.url).searchParams.get('status') === 'open' ? { alerts: [SILENT], unacknowledged: 1 } : LIST) });
  const { userEvent } = render();
  await screen.findByRole('table', { name: 'Alerts, newest first' });

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Alerts shown' }), 'Open alerts only');
  await waitFor(() => expect(screen.getByText('1 alert shown, 1 open')).toBeInTheDocument());
  expect(Object.fromEntries(alertRequests(fetch.requests).at(-1)!.searchParams)).toEqual({ status: 'open', limit: '100' });

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Factory' }), 'Québec');
  await waitFor(() => expect(alertRequests(fetch!.requests).at(-1)!.searchParams.get('factory_id')).toBe(quebec.id));
  expect(Object.fromEntries(alertRequests(fetch.requests).at(-1)!.searchParams)).toEqual({ status: 'open', factory_id: quebec.id, limit: '100' });
});

test('reads its selection from the address', async () => {
  fetch = mockFetch({ 'GET /api/alerts': { alerts: [], unacknowledged: 0 } });
  render({ route: `/alerts?status=open&factory=${lyon.id}` });
  expect(await screen.findByText('No open alert')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Alerts shown' })).toHaveValue('open');
  expect(screen.getByRole('combobox', { name: 'Factory' })).toHaveValue(lyon.id);
  expect(Object.fromEntries(alertRequests(fetch.requests)[0]!.searchParams)).toEqual({ status: 'open', factory_id: lyon.id, limit: '100' });
});

test('says when there is no alert yet', async () => {
  fetch = mockFetch({ 'GET /api/alerts': { alerts: [], unacknowledged: 0 } });
  render();
  expect(await screen.findByText('No alert yet')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('says when the alerts could not be loaded, and loads them again on Retry', async () => {
  let fail = true;
  fetch = mockFetch({ 'GET /api/alerts': () => (fail ? jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'down' }] }, 500) : jsonResponse(LIST)) });
  const { userEvent } = render();
  expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('GEN_500');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table', { name: 'Alerts, newest first' })).toBeInTheDocument();
});

test('acknowledges an alert: the request is sent and the row says who, with the focus kept on it', async () => {
  const acknowledged = { ...SILENT, acknowledged_at: '2026-11-26T14:20:00Z', acknowledged_by: 'Olivier Tremblay' };
  let list = LIST;
  fetch = mockFetch({
    'GET /api/alerts': () => jsonResponse(list),
    'POST /acknowledge': () => {
      list = { alerts: [acknowledged, STOPPED], unacknowledged: 0 };
      return jsonResponse(acknowledged);
    },
  });
  const { userEvent } = render();
  const table = await screen.findByRole('table', { name: 'Alerts, newest first' });
  await userEvent.click(within(table).getByRole('button', { name: 'Acknowledge Silent line, Line 2 · Québec' }));
  const first = within(table).getAllByRole('row')[1]!;
  await waitFor(() => expect(first).toHaveTextContent('Acknowledged by Olivier Tremblay'));
  expect(first).toHaveFocus();
  const post = fetch.requests.find((r) => r.method === 'POST')!;
  expect(post.url).toBe(`https://api.test/api/alerts/${SILENT.id}/acknowledge`);
  expect(screen.getByText('Silent line acknowledged (Line 2)')).toBeInTheDocument();
});

test('a refusal of the acknowledgement is said in the snackbar', async () => {
  fetch = mockFetch({
    'GET /api/alerts': LIST,
    'POST /acknowledge': () => jsonResponse({ errors: [{ code: 'ALERT_404', arguments: {}, message: 'gone' }] }, 404),
  });
  const { userEvent, notifier } = render();
  await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge Silent line, Line 2 · Québec' }));
  await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('This alert does not exist any more'));
  expect(screen.getByRole('button', { name: 'Acknowledge Silent line, Line 2 · Québec' })).toBeEnabled();
});

test('the display role reads the alerts without acknowledge buttons, and is told why', async () => {
  fetch = mockFetch({ 'GET /api/alerts': LIST });
  render({ user: TEST_USERS.presenter });
  const table = await screen.findByRole('table', { name: 'Alerts, newest first' });
  expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  expect(within(table).getByText('Not acknowledged yet')).toBeInTheDocument();
  expect(screen.getByText('Your role shows the alerts; acknowledging them is for the other roles.')).toBeInTheDocument();
});

test('shows older alerts on request, keeping the rows shown meanwhile', async () => {
  const many = Array.from({ length: 100 }, (_, index) => testAlert({ id: `b0000000-0000-4000-8000-${String(index).padStart(12, '0')}`, rule_name: `Rule ${index}` }));
  fetch = mockFetch({ 'GET /api/alerts': (request) => jsonResponse({ alerts: new URL(request.url).searchParams.get('limit') === '100' ? many : [...many, STOPPED], unacknowledged: 100 }) });
  const { userEvent } = render();
  expect(await screen.findByText('100 alerts shown, 100 open')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Show older alerts' }));
  // The hundred rows stay while the longer list is asked.
  expect(screen.getByRole('table', { name: 'Alerts, newest first' })).toBeInTheDocument();
  expect(await screen.findByText('101 alerts shown, 100 open')).toBeInTheDocument();
  expect(alertRequests(fetch.requests).at(-1)!.searchParams.get('limit')).toBe('200');
  expect(screen.queryByRole('button', { name: 'Show older alerts' })).not.toBeInTheDocument();
});

test('speaks French', async () => {
  fetch = mockFetch({ 'GET /api/alerts': LIST });
  render({ language: 'fr' });
  expect(screen.getByRole('heading', { level: 1, name: 'Alertes' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Alertes, les plus récentes d’abord' });
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Alerte', 'Ligne et usine', 'État et heure', 'Acquittement']);
  const [, first, second] = within(table).getAllByRole('row');
  expect(first).toHaveTextContent('Aucune donnée de Line 2 depuis 15 minutes');
  expect(first).toHaveTextContent('Ouverte depuis le 26 nov., 9:00');
  expect(second).toHaveTextContent('Line 1 à l’arrêt depuis plus de 20 minutes');
  expect(second).toHaveTextContent('Acquittée par Olivier Tremblay');
  expect(within(first!).getByRole('button', { name: 'Acquitter Silent line, Line 2 · Québec' })).toBeInTheDocument();
  expect(screen.getByText('2 alertes affichées, 1 ouverte')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Alertes affichées' })).toBeInTheDocument();
});
