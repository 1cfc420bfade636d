import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { currenciesQuery, withRemoteMessages } from '@linepulse/shared';
import { jsonResponse, mockFetch, renderWithProviders, testFactory, TEST_USERS } from '@linepulse/shared/testing';
import type { AlertRule, Factory, FactoryConfiguration } from '@linepulse/contracts';
import { messages } from '../../messages';
import { FactorySettingsPage } from '../factory-settings/factory-settings-page';
import { AlertRulesPanel } from './alert-rules-panel';

jest.setTimeout(60_000);

const LINE_1 = 'u0000000-0000-4000-8000-000000000001';
const LINE_2 = 'u0000000-0000-4000-8000-000000000002';
const LYON = testFactory({
  id: 'f0000000-0000-4000-8000-000000000001',
  name: 'Lyon',
  alert_capability: true,
  production_units: [
    { id: LINE_1, name: 'Line 1', converted_unit_name: null, packages: null },
    { id: LINE_2, name: 'Line 2', converted_unit_name: null, packages: null },
  ],
});
const RULES_PATH = `/factories/${LYON.id}/alert-rules`;

const SIGNED: AlertRule = {
  id: 'r0000000-0000-4000-8000-000000000001',
  factory_id: LYON.id,
  name: 'Silent line',
  kind: 'no_data',
  minutes: 15,
  downtime_type: 'any',
  metric: null,
  production_unit_ids: [LINE_2],
  recipients: ['ana@demo.linepulse.test'],
  webhook_url: 'https://hooks.example.com/linepulse',
  webhook_signed: true,
  in_app: false,
  enabled: true,
  created_at: '2026-11-26T10:00:00.000Z',
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const Panel = withRemoteMessages(messages, function PanelPage() {
  return <AlertRulesPanel factory={LYON} />;
});

function renderPanel(routes: Parameters<typeof mockFetch>[0], { factory = LYON, language = 'en' }: { factory?: Factory; language?: 'en' | 'fr' } = {}) {
  fetchMock = mockFetch(routes);
  const notifier = { success: jest.fn(), error: jest.fn() };
  const Page = factory === LYON ? Panel : withRemoteMessages(messages, () => <AlertRulesPanel factory={factory} />);
  const rendered = renderWithProviders(<Page />, { factories: [factory], user: TEST_USERS.admin, services: { notifier }, language });
  return { ...rendered, notifier, requests: fetchMock.requests };
}

const form = () => screen.getByRole('form', { name: /New rule|Edit the rule/ });

test('creates a rule: the form’s values are sent as the api’s input and the new rule is listed', async () => {
  const created: AlertRule = { ...SIGNED, id: 'r0000000-0000-4000-8000-000000000002', name: 'Line 1 stopped', kind: 'line_down', minutes: 30, downtime_type: 'unjustified', production_unit_ids: [LINE_1], recipients: ['ana@demo.linepulse.test', 'bob@demo.linepulse.test'], webhook_signed: true, in_app: true };
  const { userEvent: user, requests, notifier } = renderPanel({
    [`GET ${RULES_PATH}`]: [],
    [`POST ${RULES_PATH}`]: () => jsonResponse(created, 201),
  });
  expect(await screen.findByText('No alert rule yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add a rule' }));
  expect(screen.getByRole('heading', { name: 'New rule' })).toHaveFocus();

  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Line 1 stopped');
  expect(screen.getByRole('radio', { name: 'A line is down for more than N minutes' })).toBeChecked();
  const minutes = screen.getByRole('textbox', { name: /N: minutes/ });
  await user.clear(minutes);
  await user.type(minutes, '30');
  await user.selectOptions(screen.getByRole('combobox', { name: /Downtime counted/ }), 'Unjustified downtime');
  await user.click(screen.getByRole('radio', { name: 'Only these lines' }));
  await user.click(screen.getByRole('checkbox', { name: 'Line 1' }));
  await user.type(screen.getByRole('textbox', { name: /E-mail recipients/ }), 'ana@demo.linepulse.test, bob@demo.linepulse.test');
  await user.type(screen.getByRole('textbox', { name: /Webhook address/ }), 'https://hooks.example.com/linepulse');
  await user.type(screen.getByLabelText(/Webhook secret/), 'a-shared-secret-of-24ch');
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));

  await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('Rule Line 1 stopped saved'));
  const post = requests.find((r) => r.method === 'POST')!;
  expect(post.url).toBe(`https://api.test/api${RULES_PATH}`);
  expect(post.body).toEqual({
    name: 'Line 1 stopped',
    kind: 'line_down',
    minutes: 30,
    downtime_type: 'unjustified',
    production_unit_ids: [LINE_1],
    recipients: ['ana@demo.linepulse.test', 'bob@demo.linepulse.test'],
    webhook_url: 'https://hooks.example.com/linepulse',
    webhook_secret: 'a-shared-secret-of-24ch',
    in_app: true,
    enabled: true,
  });
  const table = screen.getByRole('table', { name: 'Alert rules' });
  const row = within(table).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('Line 1 stopped');
  expect(row).toHaveTextContent('Down for more than 30 minutes (unjustified downtime)');
  expect(row).toHaveTextContent('Line 1');
  expect(row).toHaveTextContent('2 recipients, signed webhook, bell');
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

test('creates a shift projection rule: the metric is chosen and sent, and a missing objective is said at the metric', async () => {
  const objectiveMissing = { errors: [{ code: 'ALERT_OBJECTIVE_MISSING', arguments: { metric: 'oee' }, message: 'no OEE target' }] };
  const { userEvent: user, requests, notifier } = renderPanel({ [`GET ${RULES_PATH}`]: [], [`POST ${RULES_PATH}`]: () => jsonResponse(objectiveMissing, 400) });
  await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Shift behind');
  expect(screen.queryByRole('combobox', { name: /Projected figure/ })).not.toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: /is projected below the factory’s objective/ }));
  // The downtime type is a stop's; the minutes say when the shift is first judged.
  expect(screen.queryByRole('combobox', { name: /Downtime counted/ })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /N: minutes/ })).toHaveAccessibleDescription(/^Judge after the shift’s first N minutes/);
  const metric = screen.getByRole('combobox', { name: /Projected figure/ });
  expect(metric).toHaveValue('availability');
  const minutes = screen.getByRole('textbox', { name: /N: minutes/ });
  await user.clear(minutes);
  await user.type(minutes, '60');
  await user.selectOptions(metric, 'OEE');
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));

  const missing = 'This factory has no objective for OEE: set the factory’s objectives first (OEE needs the availability, performance and quality ones)';
  expect(await screen.findByText(missing)).toHaveAttribute('role', 'alert');
  expect(metric).toHaveAccessibleDescription(expect.stringContaining(missing));
  expect(metric).toHaveAttribute('aria-invalid', 'true');
  expect(metric).toHaveFocus();
  expect(screen.getByText('The rule was not saved: see the messages under the fields.')).toHaveAttribute('role', 'alert');
  expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
    name: 'Shift behind',
    kind: 'shift_projection',
    minutes: 60,
    metric: 'oee',
    production_unit_ids: [],
    recipients: [],
    webhook_url: null,
    in_app: true,
    enabled: true,
  });

  // Availability has its objective: choosing it takes the refusal away, and the rule is saved and listed.
  fetchMock!.restore();
  fetchMock = mockFetch({ [`POST ${RULES_PATH}`]: (request) => jsonResponse({ ...SIGNED, ...(request.body as object), id: 'r0000000-0000-4000-8000-000000000003', downtime_type: 'any', webhook_signed: false }, 201) });
  await user.selectOptions(metric, 'Availability');
  expect(screen.queryByText(missing)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));
  await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('Rule Shift behind saved'));
  expect(fetchMock.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ kind: 'shift_projection', metric: 'availability' });
  const row = within(screen.getByRole('table', { name: 'Alert rules' })).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('Shift projected below the objective (Availability), judged after its first 60 minutes');
});

test('says what is wrong under each field before anything is sent', async () => {
  const { userEvent: user, requests } = renderPanel({ [`GET ${RULES_PATH}`]: [] });
  await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
  const minutes = screen.getByRole('textbox', { name: /N: minutes/ });
  await user.clear(minutes);
  await user.type(minutes, '1441');
  await user.click(screen.getByRole('radio', { name: 'Only these lines' }));
  await user.type(screen.getByRole('textbox', { name: /E-mail recipients/ }), 'ana@demo.linepulse.test not-an-address');
  await user.type(screen.getByRole('textbox', { name: /Webhook address/ }), 'http://hooks.example.com/x');
  await user.type(screen.getByLabelText(/Webhook secret/), 'short');
  await user.click(screen.getByRole('switch', { name: 'Show in the bell of the app' }));
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));

  expect(await screen.findByText('Give the rule a name')).toBeInTheDocument();
  expect(screen.getByText('Enter a whole number of minutes from 1 to 1440')).toBeInTheDocument();
  expect(screen.getByText('Choose at least one line, or all of them')).toBeInTheDocument();
  expect(screen.getByText('not-an-address is not an e-mail address')).toBeInTheDocument();
  expect(screen.getByText('The webhook address must start with https:// (http:// only on this machine) and hold no password')).toBeInTheDocument();
  expect(screen.getByText('The secret must have 16 to 200 characters')).toBeInTheDocument();
  // The first field in error takes the focus.
  expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();
  expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);

  // With the webhook cleared and the bell off, nobody would be told.
  await user.clear(screen.getByRole('textbox', { name: /E-mail recipients/ }));
  await user.clear(screen.getByRole('textbox', { name: /Webhook address/ }));
  await user.clear(screen.getByLabelText(/Webhook secret/));
  expect(screen.getByText('Choose at least one way to be told: recipients, a webhook or the bell')).toHaveAttribute('role', 'alert');
});

test('a refusal of the api is said next to the form, translated, with everything typed kept', async () => {
  const { userEvent: user, requests } = renderPanel({
    [`GET ${RULES_PATH}`]: [],
    [`POST ${RULES_PATH}`]: () =>
      jsonResponse({ errors: [{ code: 'RPT_RECIPIENT_NOT_ALLOWED', arguments: { index: 1, address: 'eve@elsewhere.example' }, message: 'not allowed' }] }, 400),
  });
  await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Stops');
  await user.type(screen.getByRole('textbox', { name: /E-mail recipients/ }), 'ana@demo.linepulse.test, eve@elsewhere.example');
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));

  expect(await screen.findByText(/^eve@elsewhere\.example cannot receive this account’s e-mails/)).toBeInTheDocument();
  expect(screen.getByText('The rule was not saved: see the messages under the fields.')).toHaveAttribute('role', 'alert');
  expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Stops');
  expect(screen.getByRole('textbox', { name: /E-mail recipients/ })).toHaveValue('ana@demo.linepulse.test, eve@elsewhere.example');
  expect(screen.getByRole('textbox', { name: /E-mail recipients/ })).toHaveFocus();
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

  // Changing the recipients takes the refusal away; another refusal is said above the buttons.
  fetchMock!.restore();
  fetchMock = mockFetch({ [`POST ${RULES_PATH}`]: () => jsonResponse({ errors: [{ code: 'ALERT_RULES_TOO_MANY', arguments: { max: 50 }, message: 'too many' }] }, 409) });
  await user.clear(screen.getByRole('textbox', { name: /E-mail recipients/ }));
  expect(screen.queryByText(/cannot receive this account’s e-mails/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));
  expect(await screen.findByText(/This factory already has 50 alert rules/)).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Stops');
});

test('editing keeps the webhook secret unless a new one is typed', async () => {
  const { userEvent: user, requests } = renderPanel({
    [`GET ${RULES_PATH}`]: [SIGNED],
    [`PUT ${RULES_PATH}/${SIGNED.id}`]: (request) => jsonResponse({ ...SIGNED, ...(request.body as object), webhook_signed: true }),
  });
  await user.click(await screen.findByRole('button', { name: 'Edit Silent line' }));
  expect(screen.getByRole('heading', { name: 'Edit the rule Silent line' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'No data from a line for N minutes' })).toBeChecked();
  expect(screen.getByRole('textbox', { name: /N: minutes/ })).toHaveValue('15');
  expect(screen.getByRole('checkbox', { name: 'Line 2' })).toBeChecked();
  expect(screen.getByText('A secret is set. Leave this empty to keep it, or type a new one (16 to 200 characters).')).toBeInTheDocument();
  expect(screen.getByLabelText(/Webhook secret/)).toHaveValue('');

  const minutes = screen.getByRole('textbox', { name: /N: minutes/ });
  await user.clear(minutes);
  await user.type(minutes, '10');
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));
  await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
  const put = requests.find((r) => r.method === 'PUT')!;
  expect(put.url).toBe(`https://api.test/api${RULES_PATH}/${SIGNED.id}`);
  expect(put.body).toEqual({
    name: 'Silent line',
    kind: 'no_data',
    minutes: 10,
    production_unit_ids: [LINE_2],
    recipients: ['ana@demo.linepulse.test'],
    webhook_url: 'https://hooks.example.com/linepulse',
    in_app: false,
    enabled: true,
  });
  expect(put.body).not.toHaveProperty('webhook_secret');

  // A new secret typed is sent.
  await user.click(await screen.findByRole('button', { name: 'Edit Silent line' }));
  await user.type(screen.getByLabelText(/Webhook secret/), 'a-brand-new-secret-123');
  await user.click(screen.getByRole('button', { name: 'Save the rule' }));
  await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
  expect(requests.filter((r) => r.method === 'PUT')[1]!.body).toMatchObject({ webhook_secret: 'a-brand-new-secret-123' });
});

test('deletes a rule after a confirmation', async () => {
  const { userEvent: user, requests, notifier } = renderPanel({
    [`GET ${RULES_PATH}`]: [SIGNED],
    [`DELETE ${RULES_PATH}/${SIGNED.id}`]: () => jsonResponse(undefined, 204),
  });
  await user.click(await screen.findByRole('button', { name: 'Delete Silent line' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete the rule Silent line?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('Rule Silent line deleted'));
  expect(requests.find((r) => r.method === 'DELETE')!.url).toBe(`https://api.test/api${RULES_PATH}/${SIGNED.id}`);
  expect(await screen.findByText('No alert rule yet.')).toBeInTheDocument();
});

test('a factory without the alert capability is told alerts are not in its subscription, as when the api says so', async () => {
  const { requests, unmount } = renderPanel({}, { factory: { ...LYON, alert_capability: false } });
  expect(screen.getByText('Alerts are not part of this factory’s subscription. Contact your provider to add them.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add a rule' })).not.toBeInTheDocument();
  expect(requests).toEqual([]);
  unmount();
  fetchMock?.restore();

  renderPanel({ [`GET ${RULES_PATH}`]: () => jsonResponse({ errors: [{ code: 'ALERT_CAPABILITY_REQUIRED', arguments: {}, message: 'no' }] }, 403) });
  expect(await screen.findByText('Alerts are not part of this factory’s subscription. Contact your provider to add them.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add a rule' })).not.toBeInTheDocument();
});

test('speaks French', async () => {
  const { userEvent: user } = renderPanel({ [`GET ${RULES_PATH}`]: [SIGNED] }, { language: 'fr' });
  const table = await screen.findByRole('table', { name: 'Règles d’alerte' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Aucune donnée pendant 15 minutes');
  await user.click(screen.getByRole('button', { name: 'Modifier Silent line' }));
  expect(screen.getByRole('radio', { name: 'Aucune donnée d’une ligne depuis N minutes' })).toBeChecked();
});

test('is the wizard’s Alerts step, after the machines', async () => {
  const configuration: FactoryConfiguration = { production_units: [], work_shifts: [], products: [], downtime_reasons: [] };
  fetchMock = mockFetch({ [`GET /factories/${LYON.id}/configuration`]: configuration, [`GET ${RULES_PATH}`]: [SIGNED] });
  const Page = withRemoteMessages(messages, FactorySettingsPage);
  const { userEvent: user, queryClient } = renderWithProviders(
    <Routes>
      <Route path="/factory/:id" element={<Page />} />
    </Routes>,
    { route: `/factory/${LYON.id}`, factories: [LYON], user: TEST_USERS.admin },
  );
  queryClient.setQueryData(currenciesQuery().queryKey, ['CAD', 'EUR']);
  await user.click(await screen.findByRole('button', { name: '11. Alerts' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Alerts' })).toBeInTheDocument();
  expect(await screen.findByRole('table', { name: 'Alert rules' })).toHaveTextContent('Silent line');
  expect(form).toThrow();
});
