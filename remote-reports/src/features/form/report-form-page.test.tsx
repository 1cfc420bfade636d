import { screen, waitFor, within } from '@testing-library/react';
import { snackbarAtom, withRemoteMessages } from '@linepulse/shared';
import { ROUTES, type EmailReport } from '@linepulse/contracts';
import { TEST_USERS, jsonResponse, mockFetch, renderWithProviders, testFactory } from '@linepulse/shared/testing';
import { messages } from '../../messages';
import { ReportFormPage } from './report-form-page';

const Page = withRemoteMessages(messages, ReportFormPage);
// Generous: on a busy machine the longest of these runs past a minute.
jest.setTimeout(180_000);

const UNITS = Array.from({ length: 7 }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, name: `Line ${i + 1}` }));
const SHIFTS = [
  { id: '10000000-0000-4000-8000-000000000001', name: 'Morning' },
  { id: '10000000-0000-4000-8000-000000000002', name: 'Night' },
];
const OPTIONS = { production_units: UNITS, work_shifts: SHIFTS };

const saved = (overrides: Partial<EmailReport> = {}): EmailReport => ({
  id: '20000000-0000-4000-8000-000000000001',
  factory_id: 'f-lyon',
  title: 'Lyon shifts',
  template: 'downtime_by_shift',
  frequency: 'weekly',
  schedule_type: 'last',
  duration: 1,
  time_unit: 'week',
  recipients: ['operation@demo.linepulse.test'],
  production_unit_ids: [UNITS[0]!.id],
  work_shift_ids: [SHIFTS[0]!.id],
  language: 'en',
  day: 1,
  time: '07:00',
  timezone: 'Europe/Paris',
  active: true,
  next_delivery_at: '2026-11-30T06:00:00.000Z',
  last_delivery: null,
  warnings: [],
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

let restore: (() => void) | null = null;
afterEach(() => restore?.());

function renderCreation(routes: Parameters<typeof mockFetch>[0]) {
  const fetch = mockFetch({ 'GET /user/email-reports/options': OPTIONS, ...routes });
  restore = fetch.restore;
  const result = renderWithProviders(<Page />, {
    factories: [testFactory()],
    route: '/f-lyon/my-reports/creation/downtime_by_shift',
    path: ROUTES.reportCreation.path,
    user: TEST_USERS.operation,
  });
  return { ...result, requests: fetch.requests };
}

test('creation: the template from the route, SPEC §5 refusals before any call, a warning beyond 5 lines, then the saved body', async () => {
  const { userEvent, requests } = renderCreation({ 'POST /f-lyon/user/email-reports': (request) => jsonResponse({ ...saved(), ...(request.body as object) }, 201) });
  const template = await screen.findByRole('combobox', { name: 'Template' });
  expect(template).toHaveValue('downtime_by_shift');
  // The first 5 lines and every shift (at most 5) are selected; the user is the first recipient.
  expect(screen.getByRole('checkbox', { name: 'Line 5' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Line 6' })).not.toBeChecked();
  expect(screen.getByRole('textbox', { name: /Recipients/ })).toHaveValue(TEST_USERS.operation.email);

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Give the report a title')).toBeInTheDocument();
  expect(requests.some((r) => r.method === 'POST')).toBe(false);

  await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Lyon <shifts>');
  const recipients = screen.getByRole('textbox', { name: /Recipients/ });
  await userEvent.clear(recipients);
  await userEvent.type(recipients, 'a@demo.linepulse.test, not-an-address');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Frequency' }), 'weekly');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Only letters, digits, spaces, hyphens and underscores')).toBeInTheDocument();
  expect(screen.getByText('One of the addresses is not a valid e-mail address')).toBeInTheDocument();
  expect(screen.getByText('Choose a weekday (weekly) or a day from 1 to 28 (monthly)')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('checkbox', { name: 'Line 6' }));
  expect(screen.getByText(/More than the recommended 5 production lines/)).toBeInTheDocument();
  for (const name of ['Morning', 'Night']) await userEvent.click(screen.getByRole('checkbox', { name }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Select at least one shift')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Night' }));

  const title = screen.getByRole('textbox', { name: /Title/ });
  await userEvent.clear(title);
  await userEvent.type(title, 'Lyon shifts');
  await userEvent.clear(recipients);
  await userEvent.type(recipients, 'a@demo.linepulse.test; b@demo.linepulse.test');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Day' }), 'Monday');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
  const post = requests.find((r) => r.method === 'POST')!;
  expect(post.body).toMatchObject({
    title: 'Lyon shifts',
    template: 'downtime_by_shift',
    frequency: 'weekly',
    day: 1,
    recipients: ['a@demo.linepulse.test', 'b@demo.linepulse.test'],
    production_unit_ids: UNITS.slice(0, 6).map((u) => u.id),
    work_shift_ids: [SHIFTS[1]!.id],
    timezone: 'Europe/Paris',
  });
});

test('creation: a refusal of the server is shown translated (the package limit)', async () => {
  const { userEvent } = renderCreation({
    'POST /f-lyon/user/email-reports': () => jsonResponse({ errors: [{ code: 'RPT_LIMIT_REACHED', arguments: { max: 3 }, message: 'limit' }] }, 409),
  });
  await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Fourth');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The maximum number of reports (3) has been reached');
});

test('edition: preview of the e-mail, a test sent to me, and the delivery history', async () => {
  const report = saved();
  const fetch = mockFetch({
    'GET /user/email-reports/options': OPTIONS,
    [`GET /user/email-reports/${report.id}`]: report,
    [`GET /user/email-reports/${report.id}/deliveries`]: [
      {
        id: '30000000-0000-4000-8000-000000000001', report_id: report.id, kind: 'scheduled', due_at: '2026-11-23T06:00:00.000Z', status: 'failed', attempts: 5,
        recipients: ['a@demo.linepulse.test', 'relay@evil.example'], skipped_recipients: ['relay@evil.example'], window_start: '2026-11-16T05:00:00.000Z',
        window_end: '2026-11-23T05:00:00.000Z', subject: null, smtp_response: 'a@demo.linepulse.test: 550 Mailbox unavailable', sent_at: null,
        next_attempt_at: null, created_at: '2026-11-23T06:00:00.000Z',
      },
    ],
    'POST /f-lyon/user/email-reports/preview': { subject: 'Lyon shifts — Lyon — Downtime by shift', html: '<p>Night 1 h 05 min</p>', text: 'Night', window_start: '2026-11-16T05:00:00.000Z', window_end: '2026-11-23T05:00:00.000Z' },
    [`POST /user/email-reports/${report.id}/test`]: { status: 'sent', smtp_response: '250 queued' },
  });
  restore = fetch.restore;
  const { userEvent, store } = renderWithProviders(<Page />, {
    factories: [testFactory()],
    route: `/f-lyon/my-reports/${report.id}`,
    path: ROUTES.reportEdition.path,
    user: TEST_USERS.operation,
  });
  expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('Lyon shifts');
  expect(screen.getByRole('combobox', { name: 'Day' })).toHaveValue('1');

  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText('Subject: Lyon shifts — Lyon — Downtime by shift')).toBeInTheDocument();
  expect(screen.getByTitle('Preview of the e-mail as it would be sent now')).toHaveAttribute('srcdoc', '<p>Night 1 h 05 min</p>');
  expect(fetch.requests.find((r) => r.url.endsWith('/preview'))!.body).toMatchObject({ title: 'Lyon shifts', day: 1 });

  await userEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
  await waitFor(() => expect(fetch.requests.some((r) => r.url.endsWith('/test'))).toBe(true));
  await waitFor(() => expect(JSON.stringify(store.get(snackbarAtom))).toContain(`A test was sent to ${TEST_USERS.operation.email}`));

  const history = await screen.findByRole('table', { name: 'Delivery history' });
  expect(within(history).getByText('Failed')).toBeInTheDocument();
  expect(within(history).getByText(/550 Mailbox unavailable/)).toBeInTheDocument();
  // A recipient the account may not address any more is listed apart (decision 32).
  expect(within(history).getByText('Not sent (address not allowed): relay@evil.example')).toBeInTheDocument();
});

test('creation: each recipient the server refuses is shown translated under the recipients, and goes once they are edited', async () => {
  const refusal = (index: number, address: string) => ({ code: 'RPT_RECIPIENT_NOT_ALLOWED', arguments: { field: 'recipients', index, address }, message: `${address} is not allowed` });
  const { userEvent, requests } = renderCreation({
    'POST /f-lyon/user/email-reports': () => jsonResponse({ errors: [refusal(1, 'relay@evil.example'), refusal(2, 'x@spam.example')] }, 400),
  });
  await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Lyon shifts');
  const recipients = screen.getByRole('textbox', { name: /Recipients/ });
  await userEvent.clear(recipients);
  await userEvent.type(recipients, 'a@demo.linepulse.test, relay@evil.example, x@spam.example');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
  const first = 'relay@evil.example cannot receive this account’s reports: use an address of your company or of a colleague, or ask an administrator to allow it';
  const second = 'x@spam.example cannot receive this account’s reports: use an address of your company or of a colleague, or ask an administrator to allow it';
  // Next to the field: its description, read with it by screen readers; not in the form's general error.
  await waitFor(() => expect(recipients).toHaveAccessibleDescription(expect.stringContaining(first)));
  expect(recipients).toHaveAccessibleDescription(expect.stringContaining(second));
  expect(recipients).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('The report could not be saved')).not.toBeInTheDocument();
  await userEvent.clear(recipients);
  await userEvent.type(recipients, 'a@demo.linepulse.test');
  expect(screen.queryByText(first)).not.toBeInTheDocument();
});

test('the refusals of decision 32 read in French and Spanish too', async () => {
  const { createIntl } = await import('react-intl');
  const text = (locale: 'fr' | 'es', id: string, values: Record<string, string | number>) =>
    createIntl({ locale, messages: messages[locale] as Record<string, string> }).formatMessage({ id }, values);
  expect(text('fr', 'error.RPT_RECIPIENT_NOT_ALLOWED', { address: 'a@evil.example' })).toMatch(/^a@evil\.example ne peut pas recevoir/);
  expect(text('es', 'error.RPT_TEST_RATE_LIMITED', { scope: 'user', max: 5, window_minutes: 60, retry_after_minutes: 1 })).toBe(
    'Usted envió 5 correos de prueba en los últimos 60 minutos. Vuelva a intentarlo en 1 minuto.',
  );
  expect(text('fr', 'error.RPT_TEST_RATE_LIMITED', { scope: 'account', max: 20, window_minutes: 60, retry_after_minutes: 12 })).toBe(
    'Votre entreprise a envoyé 20 courriels d’essai dans les 60 dernières minutes. Réessayez dans 12 minutes.',
  );
});

test('saving with the title left untouched and empty: the title is flagged and takes the focus, and the form says what to correct', async () => {
  const { userEvent, requests } = renderCreation({});
  const title = await screen.findByRole('textbox', { name: /Title/ });
  expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(title).toHaveFocus());
  await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
  expect(title).toHaveAccessibleDescription('Give the report a title');
  expect(screen.getByText('One field needs correcting: it is marked above.')).toBeInTheDocument();
  expect(requests.some((r) => r.method === 'POST')).toBe(false);

  // The first field in error takes the focus, wherever it is: here the recipients, below.
  await userEvent.type(title, 'Lyon shifts');
  const recipients = screen.getByRole('textbox', { name: /Recipients/ });
  await userEvent.clear(recipients);
  await userEvent.click(title);
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await waitFor(() => expect(recipients).toHaveFocus());
  expect(recipients).toHaveAccessibleDescription(expect.stringContaining('Add at least one recipient'));
  expect(requests.some((r) => r.url.endsWith('/preview'))).toBe(false);
});

test('lines and shifts: 5 recommended is said from the start, a sixth line stays checked and is warned about next to the lines', async () => {
  const { userEvent } = renderCreation({});
  const lines = await screen.findByRole('group', { name: 'Production lines' });
  expect(lines).toHaveAccessibleDescription('5 of 7 selected; 5 lines recommended for an e-mail easy to read');
  const shifts = screen.getByRole('group', { name: 'Shifts' });
  expect(shifts).toHaveAccessibleDescription('2 of 2 selected; 5 shifts recommended for an e-mail easy to read');
  await userEvent.click(within(lines).getByRole('checkbox', { name: 'Line 6' }));
  await userEvent.click(within(lines).getByRole('checkbox', { name: 'Line 7' }));
  expect(within(lines).getByRole('checkbox', { name: 'Line 6' })).toBeChecked();
  expect(within(lines).getByRole('checkbox', { name: 'Line 7' })).toBeChecked();
  expect(lines).toHaveAccessibleDescription('7 of 7 selected; 5 lines recommended for an e-mail easy to read');
  expect(within(lines).getByText('More than the recommended 5 production lines: the e-mail may be long to read.')).toBeInTheDocument();
  expect(within(shifts).queryByText(/More than the recommended/)).not.toBeInTheDocument();
});

test('the recommendation and the form’s summary read in French and Spanish too', async () => {
  const { createIntl } = await import('react-intl');
  const text = (locale: 'fr' | 'es', id: string, values: Record<string, string | number>) =>
    createIntl({ locale, messages: messages[locale] as Record<string, string> }).formatMessage({ id }, values);
  expect(text('fr', 'reports.note.production_unit_ids', { selected: 6, total: 7, recommended: 5 })).toBe(
    '6 sur 7 sélectionnées\u00a0; 5 lignes recommandées pour un courriel facile à lire',
  );
  expect(text('es', 'reports.note.work_shift_ids', { selected: 2, total: 2, recommended: 5 })).toBe('2 de 2 seleccionados; se recomiendan 5 turnos para un correo fácil de leer');
  expect(text('fr', 'reports.invalid', { count: 2 })).toBe('2 champs sont à corriger\u00a0: ils sont signalés plus haut.');
  expect(text('es', 'reports.invalid', { count: 1 })).toBe('Hay un campo que corregir: está señalado más arriba.');
});
