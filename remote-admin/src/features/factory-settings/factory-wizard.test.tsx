import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { currenciesQuery, withRemoteMessages } from '@linepulse/shared';
import { jsonResponse, mockFetch, renderWithProviders, testFactory } from '@linepulse/shared/testing';
import type { FactoryConfiguration } from '@linepulse/contracts';
import { messages } from '../../messages';
import { FactorySettingsPage } from './factory-settings-page';

jest.setTimeout(60_000);

const Page = withRemoteMessages(messages, FactorySettingsPage);
const LYON = testFactory({ id: 'f0000000-0000-4000-8000-000000000001', name: 'Lyon', timezone: 'Europe/Paris', currency: 'EUR' });
const CONFIGURATION: FactoryConfiguration = {
  production_units: [
    { id: 'u0000000-0000-4000-8000-000000000001', key: 'l1', name: 'Line 1', converted_unit_name: null, packages: null, cost_per_hour: 100, downtime_delay_seconds: 60 },
  ],
  work_shifts: [{ id: 'w0000000-0000-4000-8000-000000000001', key: 'am', name: 'Morning', production_units: ['l1'], start: '06:00', end: '14:00', days: ['monday'] }],
  products: [],
  downtime_reasons: [],
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function renderAt(route: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  fetchMock = mockFetch({ [`GET /factories/${LYON.id}/configuration`]: CONFIGURATION, ...routes });
  const notifier = { success: jest.fn(), error: jest.fn() };
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/factory/:id" element={<Page />} />
      <Route path="/factories" element={<p>factories list</p>} />
    </Routes>,
    { route, factories: [LYON], services: { notifier } },
  );
  act(() => rendered.queryClient.setQueryData(currenciesQuery().queryKey, ['CAD', 'EUR', 'USD']));
  return { ...rendered, notifier, requests: fetchMock.requests };
}

const next = () => screen.getByRole('button', { name: 'Next' });

test('each settings step is checked before the next, with its message under the field', async () => {
  const { userEvent: user } = renderAt('/factory/new');
  expect(screen.getByRole('heading', { level: 1, name: 'New factory' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '1. General' })).toHaveAttribute('aria-current', 'step');
  // The Machines step waits for the factory to exist.
  expect(screen.getByRole('button', { name: '10. Machines' })).toBeDisabled();

  await user.click(next());
  expect(await screen.findByText('The factory name is required')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '1. General' })).toHaveAttribute('aria-current', 'step');
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Lyon/Nord');
  expect(await screen.findByText('The factory name can only contain letters, digits, hyphens, underscores and spaces')).toBeInTheDocument();
  await user.clear(screen.getByRole('textbox', { name: /Name/ }));
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Lyon Nord');
  await user.click(next());

  // Calendar: hour and minute each said apart; the live example follows the production-day start.
  expect(screen.getByRole('heading', { level: 2, name: 'Calendar' })).toHaveFocus();
  const hour = screen.getByRole('textbox', { name: /Hour/ });
  await user.clear(hour);
  await user.type(hour, '24');
  await user.click(next());
  expect(await screen.findByText('The hour must be between 0 and 23')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '2. Calendar' })).toHaveAttribute('aria-current', 'step');
  await user.clear(hour);
  await user.type(hour, '6');
  const example = screen.getByText('Yesterday').closest('dl')!;
  expect(example).toHaveTextContent(/6:00\s?AM/);
  await user.click(next());

  // Money, then objectives with the projected OEE live.
  await user.selectOptions(screen.getByRole('combobox', { name: /Currency/ }), 'CAD');
  await user.click(next());
  await user.type(screen.getByRole('textbox', { name: /Availability objective/ }), '90');
  await user.type(screen.getByRole('textbox', { name: /Performance objective/ }), '101');
  await user.type(screen.getByRole('textbox', { name: /Quality objective/ }), '99');
  await user.click(next());
  expect(screen.getByRole('button', { name: '4. Objectives' })).toHaveAttribute('aria-current', 'step');
  expect(screen.getByText('Each objective must be a whole number from 1 to 100')).toBeInTheDocument();
  const performance = screen.getByRole('textbox', { name: /Performance objective/ });
  await user.clear(performance);
  await user.type(performance, '95');
  expect(screen.getByText('84.65%')).toBeInTheDocument();
});

test('editing: the summary warns that a calendar change alters past figures; saving sends only what changed', async () => {
  const { userEvent: user, requests, notifier } = renderAt(`/factory/${LYON.id}`, {
    [`PUT /factories/${LYON.id}`]: (request) => jsonResponse({ ...LYON, ...(request.body as object) }),
    'GET /user/factories': [LYON],
    [`GET /factories/${LYON.id}/recomputation`]: { pending_units: 1, total_units: 2 },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Factory settings — Lyon' })).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: '2. Calendar' }));
  await user.selectOptions(screen.getByRole('combobox', { name: /Time zone/ }), 'Europe/London');
  await user.click(screen.getByRole('button', { name: '9. Summary' }));
  const summary = screen.getByRole('region', { name: 'Summary' });
  expect(within(summary).getByText('This change alters past figures')).toBeInTheDocument();
  expect(within(summary).getByText('Europe/London')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('Factory Lyon saved'));
  const puts = requests.filter((r) => r.method === 'PUT');
  // The configuration did not change: only the settings are sent.
  expect(puts.map((r) => r.url)).toEqual([expect.stringContaining(`/factories/${LYON.id}`)]);
  expect(puts[0]!.body).toMatchObject({ name: 'Lyon', timezone: 'Europe/London', production_day_minutes_from_midnight: 360 });
  expect(await screen.findByText('1 of 2 lines recomputed')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '10. Machines' })).toHaveAttribute('aria-current', 'step');
  // The session's factories are asked again, so the navigation and every screen see the new settings.
  expect(requests.some((r) => r.method === 'GET' && r.url.endsWith('/user/factories'))).toBe(true);
});

test('a duplicate name answered by the api lands on the General step under the name', async () => {
  const { userEvent: user } = renderAt(`/factory/${LYON.id}`, {
    [`PUT /factories/${LYON.id}`]: () =>
      jsonResponse({ errors: [{ code: 'CS_FAC_PUT_20001', arguments: { name: 'Paris' }, message: 'duplicate' }] }, 409),
  });
  const name = await screen.findByRole('textbox', { name: /Name/ });
  await user.clear(name);
  await user.type(name, 'Paris');
  await user.click(screen.getByRole('button', { name: '9. Summary' }));
  expect(screen.queryByText('This change alters past figures')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('A factory with the same name already exists (Paris)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '1. General' })).toHaveAttribute('aria-current', 'step');
});

test('an unknown factory id says so', async () => {
  renderAt('/factory/f0000000-0000-4000-8000-000000000009');
  expect(await screen.findByText(/not found|not allowed/i)).toBeInTheDocument();
});
