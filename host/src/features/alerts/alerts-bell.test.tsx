import { screen, waitFor, within } from '@testing-library/react';
import type { AlertList } from '@linepulse/contracts';
import { jsonResponse, liveStream, mockFetch, TEST_USERS, testAlert, testFactory } from '@linepulse/shared/testing';
import { renderHost } from '../../testing/render-host';
import { Header } from '../header/header';

jest.setTimeout(30_000);

// Lyon (Paris time); the alerts are its own.
const lyon = testFactory();

const open = testAlert();
const resolved = testAlert({
  id: 'a0000000-0000-4000-8000-000000000002',
  rule_name: 'Silent line',
  kind: 'no_data',
  minutes: 15,
  production_unit_id: 'pu-2',
  production_unit_name: 'Line 2',
  since: '2026-11-26T07:00:00Z',
  opened_at: '2026-11-26T07:15:00Z',
  resolved_at: '2026-11-26T08:05:00Z',
  acknowledged_at: '2026-11-26T07:20:00Z',
  acknowledged_by: 'Olivier Tremblay',
});


/**
 * The bell's dialog. Found with `hidden: true`: under load, jsdom sometimes sees Fluent's focus trap mark
 * the open popover itself hidden from the accessibility tree (a jsdom timing artefact, seen on an
 * unchanged tree too); in Chromium the dialog is exposed (e2e/tests/alerts.last.spec.ts uses it by role).
 */
function openDialog(): Promise<HTMLElement> {
  // Fluent's popover opens after its motion and positioning: on a busy machine past the default 1 s.
  return screen.findByRole('dialog', { name: 'Recent alerts', hidden: true }, { timeout: 5000 });
}

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function renderBell(list: AlertList | (() => AlertList), options: Parameters<typeof renderHost>[1] = {}, routes: Parameters<typeof mockFetch>[0] = {}) {
  fetchMock = mockFetch({ 'GET /api/alerts': () => jsonResponse(typeof list === 'function' ? list() : list), ...routes });
  return { ...renderHost(<Header />, { user: TEST_USERS.operation, factories: [lyon], ...options }), requests: fetchMock.requests };
}

test('says how many alerts are not acknowledged in the button’s name, and lists the newest in a dialog', async () => {
  const { userEvent, requests } = renderBell({ alerts: [open, resolved], unacknowledged: 2 });
  const bell = await screen.findByRole('button', { name: 'Alerts, 2 not acknowledged' });
  expect(requests[0]!.url).toBe('https://api.test/api/alerts?status=all&limit=20');

  await userEvent.click(bell);
  const dialog = await openDialog();
  const items = within(dialog).getAllByRole('listitem', { hidden: true });
  expect(items).toHaveLength(2);
  // Line, factory, rule, since when (the factory's clock: Paris), open or resolved, who acknowledged.
  expect(items[0]).toHaveTextContent('Line stopped 20 min');
  expect(items[0]).toHaveTextContent('Line 1 down for more than 20 minutes');
  expect(items[0]).toHaveTextContent('Line 1 · Lyon');
  expect(items[0]).toHaveTextContent(/Open since Nov 26, 10:42\sAM/);
  expect(items[0]).toHaveTextContent('Open');
  expect(items[1]).toHaveTextContent('No data from Line 2 for 15 minutes');
  expect(items[1]).toHaveTextContent(/From Nov 26, 8:00\sAM to Nov 26, 9:05\sAM/);
  expect(items[1]).toHaveTextContent('Resolved');
  expect(items[1]).toHaveTextContent('Acknowledged by Olivier Tremblay');
  expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'All alerts', hidden: true })).toHaveAttribute('href', '/alerts');
});

test('acknowledges an alert: the request is sent, the alert says who, and the count follows', async () => {
  let count = 1;
  const { userEvent, requests } = renderBell(() => ({ alerts: [count === 1 ? open : { ...open, acknowledged_at: '2026-11-26T10:30:00Z', acknowledged_by: 'Olivier Tremblay' }], unacknowledged: count }), {}, {
    'POST /acknowledge': () => {
      count = 0;
      return jsonResponse({ ...open, acknowledged_at: '2026-11-26T10:30:00Z', acknowledged_by: 'Olivier Tremblay' });
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 not acknowledged' }));
  const dialog = await openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge Line stopped 20 min, Line 1 · Lyon', hidden: true }));

  await waitFor(() => expect(within(dialog).getByText('Acknowledged by Olivier Tremblay')).toBeInTheDocument());
  const post = requests.find((r) => r.method === 'POST')!;
  expect(post.url).toBe(`https://api.test/api/alerts/${open.id}/acknowledge`);
  expect(within(dialog).queryByRole('button', { name: /^Acknowledge/, hidden: true })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('status', { hidden: true })).toHaveTextContent('Line stopped 20 min acknowledged (Line 1)');
  // The focus stays on the alert (its button is gone), which now says who acknowledged it.
  expect(within(dialog).getAllByRole('listitem', { hidden: true })[0]).toHaveFocus();
  // The count follows. The open popover is modal: the page around it, the bell's button included, is
  // hidden from screen readers (once the modalizer applies, at a moment the test does not control).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Alerts', hidden: true })).toBeInTheDocument());
});

test('the display role sees the alerts but no acknowledge button', async () => {
  const { userEvent } = renderBell({ alerts: [open], unacknowledged: 1 }, { user: TEST_USERS.presenter });
  await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 not acknowledged' }));
  const dialog = await openDialog();
  expect(within(dialog).getByText('Line stopped 20 min')).toBeInTheDocument();
  expect(within(dialog).getByText('Not acknowledged yet')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: /Acknowledge/, hidden: true })).not.toBeInTheDocument();
});

test('a pushed alert refetches the bell and is announced politely', async () => {
  const stream = liveStream();
  let list: AlertList = { alerts: [resolved], unacknowledged: 0 };
  const { requests } = renderBell(() => list, {}, { 'GET /api/live': stream.handler });
  expect(await screen.findByRole('button', { name: 'Alerts' })).toBeInTheDocument();
  const live = await waitFor(() => {
    const request = requests.find((r) => r.url.includes('/live'));
    expect(request).toBeDefined();
    return request!;
  });
  expect(live.url).toContain(`factory_ids=${lyon.id}`);
  const before = requests.filter((r) => r.url.includes('/alerts')).length;

  list = { alerts: [open, resolved], unacknowledged: 1 };
  stream.push(`id: 2\nevent: change\ndata: ${JSON.stringify({ changes: [{ factory_id: lyon.id, kinds: ['alert'], production_unit_ids: ['pu-1'] }] })}\n\n`);
  expect(await screen.findByRole('button', { name: 'Alerts, 1 not acknowledged' })).toBeInTheDocument();
  expect(requests.filter((r) => r.url.includes('/alerts')).length).toBeGreaterThan(before);
  expect(screen.getByRole('status')).toHaveTextContent('New alert: Line stopped 20 min. Line 1 down for more than 20 minutes, Lyon.');
});

test('an alert list that cannot be loaded says so in the dialog, with a retry', async () => {
  let fail = true;
  fetchMock = mockFetch({
    'GET /api/alerts': () => (fail ? jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'down' }] }, 500) : jsonResponse({ alerts: [], unacknowledged: 0 })),
  });
  const { userEvent } = renderHost(<Header />, { user: TEST_USERS.operation, factories: [lyon] });
  await userEvent.click(screen.getByRole('button', { name: 'Alerts' }));
  const dialog = await openDialog();
  expect(await within(dialog).findByText('The alerts could not be loaded')).toBeInTheDocument();
  fail = false;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Retry', hidden: true }));
  expect(await within(dialog).findByText('No alert yet')).toBeInTheDocument();
});

test('speaks French, and is not there for a user not enabled for the product', async () => {
  const { unmount } = renderBell({ alerts: [open, resolved], unacknowledged: 2 }, { language: 'fr' });
  expect(await screen.findByRole('button', { name: 'Alertes, 2 non acquittées' })).toBeInTheDocument();
  unmount();
  fetchMock?.restore();
  renderBell({ alerts: [], unacknowledged: 0 }, { user: TEST_USERS.notEnabled });
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Alerts/ })).not.toBeInTheDocument();
});
