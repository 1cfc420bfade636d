import { screen, waitFor, within } from '@testing-library/react';
import { withRemoteMessages } from '@linepulse/shared';
import { ROUTES, type EmailReport, type UserClaims } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { MyReportsPage } from './my-reports-page';

const Page = withRemoteMessages(messages, MyReportsPage);
jest.setTimeout(60_000);

const report = (id: string, title: string, overrides: Partial<EmailReport> = {}): EmailReport => ({
  id,
  factory_id: 'f-lyon',
  title,
  template: 'overview',
  frequency: 'daily',
  schedule_type: 'last',
  duration: 1,
  time_unit: 'day',
  recipients: ['a@demo.linepulse.test', 'b@demo.linepulse.test'],
  production_unit_ids: ['pu-1'],
  work_shift_ids: ['ws-1'],
  language: 'en',
  day: null,
  time: '06:30',
  timezone: 'Europe/Paris',
  active: true,
  next_delivery_at: '2026-11-24T05:30:00.000Z',
  last_delivery: { at: '2026-11-23T05:30:02.000Z', status: 'sent', kind: 'scheduled' },
  warnings: [],
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

let restore: (() => void) | null = null;
afterEach(() => restore?.());

function render(routes: Parameters<typeof mockFetch>[0], user: UserClaims = TEST_USERS.operation) {
  const fetch = mockFetch(routes);
  restore = fetch.restore;
  const result = renderWithProviders(<Page />, { factories: [testFactory()], route: '/f-lyon/my-reports', path: ROUTES.myReports.path, user });
  return { ...result, requests: fetch.requests };
}

test('lists the reports with their schedule and outcome; the switch and a confirmed delete call the api', async () => {
  let list = [report('r1', 'Morning'), report('r2', 'Weekly lines', { frequency: 'weekly', day: 1, active: false, next_delivery_at: null, last_delivery: { at: '2026-11-23T05:30:02.000Z', status: 'failed', kind: 'test' } })];
  const { userEvent, requests } = render({
    'GET /user/email-reports/quota': { package: 'free', max: 3, used: 2 },
    'GET /f-lyon/user/email-reports': () => jsonResponse(list),
    'PUT /user/email-reports/r2/active': (request) => {
      list = list.map((r) => (r.id === 'r2' ? { ...r, active: (request.body as { active: boolean }).active } : r));
      return jsonResponse(list[1]);
    },
    'DELETE /user/email-reports/r1': () => {
      list = list.filter((r) => r.id !== 'r1');
      return jsonResponse(undefined, 204);
    },
  });
  const table = await screen.findByRole('table', { name: 'My reports' });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1]!).getByRole('link', { name: 'Morning' })).toHaveAttribute('href', '/f-lyon/my-reports/r1');
  expect(rows[1]).toHaveTextContent('Factory overview');
  expect(rows[1]).toHaveTextContent('Daily at 06:30');
  expect(rows[1]).toHaveTextContent('(Europe/Paris)');
  expect(rows[1]).toHaveTextContent('a@demo.linepulse.test, b@demo.linepulse.test');
  expect(within(rows[1]!).getByText('Sent')).toBeInTheDocument();
  expect(rows[2]).toHaveTextContent('Weekly (Monday) at 06:30');
  expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
  expect(screen.getByText('2 of 3 reports of your subscription are used.')).toBeInTheDocument();

  const toggle = screen.getByRole('switch', { name: 'Send Weekly lines' });
  expect(toggle).not.toBeChecked();
  await userEvent.click(toggle);
  await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ active: true }));

  await userEvent.click(screen.getByRole('button', { name: 'Delete Morning' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Morning' })).not.toBeInTheDocument());
  expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);

  // The four templates open the creation page with the template in the route (the page is hidden from
  // assistive technologies until the closed dialog has left: seconds on a loaded machine).
  expect(await screen.findByRole('link', { name: 'Use this template: Downtime by shift' }, { timeout: 15_000 })).toHaveAttribute('href', '/f-lyon/my-reports/creation/downtime_by_shift');
});

test('a deletion asks first: cancelling deletes nothing', async () => {
  const { userEvent, requests } = render({
    'GET /user/email-reports/quota': { package: 'free', max: 3, used: 1 },
    'GET /f-lyon/user/email-reports': [report('r1', 'Morning')],
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Morning' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
  expect(dialog).toHaveTextContent('Morning and its delivery history will be deleted.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: 'Morning' })).toBeInTheDocument();
  expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
});

test('empty list, and creation locked with the package’s message when every report is used', async () => {
  render({ 'GET /user/email-reports/quota': { package: 'free', max: 3, used: 3 }, 'GET /f-lyon/user/email-reports': [] });
  expect(await screen.findByText('You have no report for this factory yet.')).toBeInTheDocument();
  expect(await screen.findByText('Locked feature')).toBeInTheDocument();
  expect(screen.getByText('The maximum number of reports (3) has been reached')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Use this template/ })).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Use this template' }).every((b) => b.hasAttribute('disabled') || b.getAttribute('aria-disabled') === 'true')).toBe(true);
});

test('a failed load shows the error with a retry', async () => {
  render({ 'GET /user/email-reports/quota': { package: 'free', max: 3, used: 0 }, 'GET /f-lyon/user/email-reports': () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'x' }] }, 500) });
  expect(await screen.findByRole('button', { name: /Retry/ })).toBeInTheDocument();
});

test('the display (presenter) sees the templates but is offered none: it writes no report', async () => {
  render({ 'GET /user/email-reports/quota': { package: 'free', max: 3, used: 0 }, 'GET /f-lyon/user/email-reports': [] }, TEST_USERS.presenter);
  expect(await screen.findByText('The display account cannot create, change or send reports')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Use this template/ })).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Use this template' }).every((button) => button.hasAttribute('disabled'))).toBe(true);
});
