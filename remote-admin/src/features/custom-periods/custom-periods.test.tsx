import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { customPeriodsQuery, withRemoteMessages } from '@linepulse/shared';
import { jsonResponse, mockFetch, renderWithProviders } from '@linepulse/shared/testing';
import type { CustomPeriod } from '@linepulse/contracts';
import { messages } from '../../messages';
import { CustomPeriodFormPage } from './custom-period-form-page';
import { CustomPeriodsPage } from './custom-periods-page';

const Q1: CustomPeriod = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Q1-24', start_date: '2024-01-01', end_date: '2024-03-31', days: 91 };
const Q3: CustomPeriod = { id: 'a0000000-0000-4000-8000-000000000003', name: 'Q3-24', start_date: '2024-07-01', end_date: '2024-09-30', days: 92 };

const List = withRemoteMessages(messages, CustomPeriodsPage);
const Form = withRemoteMessages(messages, CustomPeriodFormPage);

/** The admin routes of custom periods, as the host mounts them. */
function AdminRoutes(): React.ReactElement {
  return (
    <Routes>
      <Route path="/customPeriods" element={<List />} />
      <Route path="/customPeriods/creation" element={<Form />} />
      <Route path="/customPeriods/:id" element={<Form />} />
    </Routes>
  );
}

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function renderAt(route: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  fetchMock = mockFetch(routes);
  const notifier = { success: jest.fn(), error: jest.fn() };
  const rendered = renderWithProviders(<AdminRoutes />, { route, customPeriods: [Q3, Q1], services: { notifier } });
  return { ...rendered, notifier, requests: fetchMock.requests };
}

async function fill(user: ReturnType<typeof renderAt>['userEvent'], values: { name?: string; start?: string; end?: string }): Promise<void> {
  const fields: [string, string | undefined][] = [
    ['Name', values.name],
    ['Start', values.start],
    ['End', values.end],
  ];
  for (const [label, value] of fields) {
    if (value === undefined) continue;
    const input = screen.getByLabelText(label, { exact: false });
    await user.clear(input);
    if (value !== '') await user.type(input, value);
  }
}

describe('custom periods list', () => {
  it('lists name, start, end and days, each period opening its edition', () => {
    renderAt('/customPeriods');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Q3-24' })).toHaveAttribute('href', `/customPeriods/${Q3.id}`);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Q1-24', '2024-01-01', '2024-03-31', '91', 'Delete Q1-24']);
    expect(screen.getByRole('link', { name: 'New custom period' })).toHaveAttribute('href', '/customPeriods/creation');
  });

  it('deletes a period after a confirmation, and it leaves the session’s periods', async () => {
    const { userEvent: user, queryClient, requests, notifier } = renderAt('/customPeriods', { [`DELETE /custom-periods/${Q1.id}`]: () => jsonResponse(undefined, 204), 'GET /custom-periods': [Q3] });
    await user.click(screen.getByRole('button', { name: 'Delete Q1-24' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the custom period Q1-24?' });
    // Cancelling deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    // The page is hidden from assistive technology until the dialog's closing motion ends.
    await user.click(await screen.findByRole('button', { name: 'Delete Q1-24' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Q1-24' })).not.toBeInTheDocument());
    expect(queryClient.getQueryData(customPeriodsQuery().queryKey)).toEqual([Q3]);
    expect(notifier.success).toHaveBeenCalledWith('Custom period Q1-24 deleted');
  });

  it('says so when a deletion is refused, and keeps the period', async () => {
    const { userEvent: user } = renderAt('/customPeriods', {
      [`DELETE /custom-periods/${Q1.id}`]: () => jsonResponse({ errors: [{ code: 'CP_404', arguments: {}, message: 'gone' }] }, 404),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Q1-24' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This custom period does not exist or you are not allowed to see it')).toBeInTheDocument();
  });

  it('shows the error with a retry when the list cannot be loaded', async () => {
    fetchMock = mockFetch({ 'GET /custom-periods': () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500) });
    const { queryClient } = renderWithProviders(<AdminRoutes />, { route: '/customPeriods' });
    // As if the session had not loaded them: the page asks, and the api fails.
    await act(() => queryClient.resetQueries({ queryKey: customPeriodsQuery().queryKey }));
    expect(await screen.findByText('The custom periods could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('custom period form (product §5 rules, §8 messages)', () => {
  it.each([
    [{ name: '' }, 'The name is required'],
    [{ name: 'Spring' + '2' }, 'The name can have at most 6 characters'],
    [{ name: 'Q2/24' }, 'The name can only contain letters, digits, hyphens, underscores and spaces'],
    [{ start: '' }, 'The start date is required'],
    [{ end: '' }, 'The end date is required'],
    [{ start: '2024-06-30', end: '2024-06-01' }, 'The start date must be before the end date'],
    [{ start: '2023-12-01', end: '2024-06-30' }, 'A custom period can cover at most 185 days'],
    [{ name: 'q1-24' }, 'A custom period with this name already exists (Q1-24)'],
    [{ start: '2024-03-15' }, 'This period overlaps another custom period (Q1-24)'],
  ])('%p: "%s", and nothing sent', async (change, message) => {
    const { userEvent: user, requests } = renderAt('/customPeriods/creation');
    await fill(user, { name: 'Q2-24', start: '2024-04-01', end: '2024-06-30', ...change });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('creates a period: the day count live, then POST, the session’s periods and back to the list', async () => {
    const created: CustomPeriod = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Q2-24', start_date: '2024-04-01', end_date: '2024-06-30', days: 91 };
    const { userEvent: user, requests, queryClient, notifier } = renderAt('/customPeriods/creation', { 'POST /custom-periods': () => jsonResponse(created, 201), 'GET /custom-periods': [Q3, created, Q1] });
    expect(screen.getByRole('heading', { name: 'New custom period' })).toBeInTheDocument();
    await fill(user, { name: 'Q2-24', start: '2024-04-01', end: '2024-06-30' });
    expect(screen.getByText('91 days, both ends included')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Custom periods' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Q2-24', start_date: '2024-04-01', end_date: '2024-06-30' });
    expect(queryClient.getQueryData<CustomPeriod[]>(customPeriodsQuery().queryKey)?.map((p) => p.name)).toEqual(['Q3-24', 'Q2-24', 'Q1-24']);
    expect(notifier.success).toHaveBeenCalledWith('Custom period Q2-24 saved');
  });

  it('edits a period read from the api, keeping its own name, and shows the api’s refusal under its field', async () => {
    let answer = jsonResponse({ errors: [{ code: 'CP_OVERLAP', arguments: { field: 'start_date', name: 'Q0-24' }, message: 'overlap' }] }, 409);
    const { userEvent: user, requests } = renderAt(`/customPeriods/${Q1.id}`, {
      [`GET /custom-periods/${Q1.id}`]: Q1,
      [`PUT /custom-periods/${Q1.id}`]: () => answer,
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Q1-24')).toBeInTheDocument();
    await fill(user, { end: '2024-03-30' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This period overlaps another custom period (Q0-24)')).toBeInTheDocument();
    answer = jsonResponse({ ...Q1, end_date: '2024-03-30', days: 90 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Custom periods' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { name: 'Q1-24', start_date: '2024-01-01', end_date: '2024-03-30' },
      { name: 'Q1-24', start_date: '2024-01-01', end_date: '2024-03-30' },
    ]);
  });

  it('says when the edited period does not exist', async () => {
    renderAt('/customPeriods/a0000000-0000-4000-8000-00000000000f', {
      'GET /custom-periods/a0000000-0000-4000-8000-00000000000f': () => jsonResponse({ errors: [{ code: 'CP_404', arguments: {}, message: 'not found' }] }, 404),
    });
    expect(await screen.findByText('This custom period does not exist or you are not allowed to see it')).toBeInTheDocument();
  });
});
