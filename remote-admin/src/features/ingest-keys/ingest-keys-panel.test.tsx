import { screen, waitFor, within } from '@testing-library/react';
import { RemoteIntlProvider, type RemoteMessages } from '@linepulse/shared';
import { TEST_API_BASE, jsonResponse, mockFetch, renderWithProviders } from '@linepulse/shared/testing';
import type { FactoryConfiguration, IngestKey } from '@linepulse/contracts';
import { messages as remoteMessages } from '../../messages';
import { IngestKeysPanel, type IngestExampleUnit } from './ingest-keys-panel';
import { ingestKeysMessages } from './messages';

const messages: RemoteMessages = {
  en: { ...remoteMessages.en, ...ingestKeysMessages.en },
  fr: { ...remoteMessages.fr, ...ingestKeysMessages.fr },
  es: { ...remoteMessages.es, ...ingestKeysMessages.es },
};

const FACTORY = 'f0000000-0000-4000-8000-000000000001';
const ACTIVE: IngestKey = { id: 'k0000000-0000-4000-8000-000000000001', prefix: 'lpk_Ab12', created_at: '2026-03-01T09:30:00.000Z', revoked_at: null };
const REVOKED: IngestKey = { id: 'k0000000-0000-4000-8000-000000000002', prefix: 'lpk_Zz99', created_at: '2026-02-01T08:00:00.000Z', revoked_at: '2026-02-15T12:00:00.000Z' };
const CONFIGURATION: FactoryConfiguration = {
  production_units: [{ id: 'u1', key: 'line-1', name: 'Line 1', converted_unit_name: null, packages: null, cost_per_hour: null, downtime_delay_seconds: null }],
  work_shifts: [],
  products: [],
  downtime_reasons: [],
};
const keysPath = `/factories/${FACTORY}/ingest-keys`;

/**
 * A modal dialog hides the rest of the page from assistive technologies; once it has closed, the page
 * must be exposed again. The focus manager's own focus guards (`data-tabster-dummy`) stay hidden.
 */
async function pageExposed(): Promise<void> {
  const exposure = () =>
    [...document.body.children].filter((child) => !child.hasAttribute('data-tabster-dummy')).map((child) => child.getAttribute('aria-hidden'));
  await waitFor(() => expect(exposure()).toEqual([null]));
}

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function renderPanel(routes: Parameters<typeof mockFetch>[0], exampleUnit?: IngestExampleUnit | null) {
  fetchMock = mockFetch({ [`GET /factories/${FACTORY}/configuration`]: CONFIGURATION, ...routes });
  const notifier = { success: jest.fn(), error: jest.fn() };
  const rendered = renderWithProviders(
    <RemoteIntlProvider messages={messages}>
      <IngestKeysPanel factoryId={FACTORY} exampleUnit={exampleUnit} />
    </RemoteIntlProvider>,
    { services: { notifier } },
  );
  return { ...rendered, notifier, requests: fetchMock.requests };
}

describe('ingest keys panel', () => {
  it('lists the keys by prefix, creation and status; only active keys can be revoked', async () => {
    renderPanel({ [`GET ${keysPath}`]: [ACTIVE, REVOKED] });
    expect(screen.getByRole('status')).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['lpk_Ab12…', 'Mar 1, 2026, 9:30 AM', 'Active', 'Revoke lpk_Ab12…']);
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('Revoked on Feb 15, 2026, 12:00 PM');
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there is no key yet', async () => {
    renderPanel({ [`GET ${keysPath}`]: [] });
    expect(await screen.findByText('No ingest key yet.')).toBeInTheDocument();
  });

  it('shows the error with a retry when the keys cannot be loaded', async () => {
    renderPanel({ [`GET ${keysPath}`]: () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500) });
    expect(await screen.findByText('The ingest keys could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a new key once, with a curl command for the first unit, then only its prefix', async () => {
    const secret = 'lpk_Nw34secretsecretsecret-_';
    const { userEvent: user, requests } = renderPanel({
      [`GET ${keysPath}`]: [ACTIVE],
      [`POST ${keysPath}`]: () => jsonResponse({ id: 'k0000000-0000-4000-8000-000000000003', key: secret, prefix: 'lpk_Nw34', created_at: '2026-03-02T10:00:00.000Z' }, 201),
    });
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await screen.findAllByRole('row');
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Your new ingest key' });
    expect(within(dialog).getByLabelText('Ingest key')).toHaveValue(secret);
    const command = within(dialog).getByLabelText('Command').textContent ?? '';
    // The api's public address the platform calls (TEST_API_BASE here), where /ingest/v1/events is served.
    expect(command).toContain(`curl -X POST '${TEST_API_BASE}/ingest/v1/events'`);
    expect(command).toContain(`-H 'Authorization: Bearer ${secret}'`);
    expect(JSON.parse(/-d '(.*)'$/.exec(command)![1]!)).toMatchObject({ events: [{ type: 'state', unit: 'line-1', state: 'running' }] });
    expect(within(dialog).getByText(/that Line 1 is running/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy the command' }));
    expect(writeText).toHaveBeenCalledWith(command);
    expect(within(dialog).getByText('Copied')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText(secret, { exact: false })).not.toBeInTheDocument();
    await pageExposed();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('lpk_Nw34…');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('says the command needs a unit while none is declared, and when copying is refused', async () => {
    const { userEvent: user } = renderPanel(
      {
        [`GET ${keysPath}`]: [],
        [`POST ${keysPath}`]: () => jsonResponse({ id: 'k0000000-0000-4000-8000-000000000003', key: 'lpk_x', prefix: 'lpk_x', created_at: '2026-03-02T10:00:00.000Z' }, 201),
      },
      null,
    );
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    await screen.findByText('No ingest key yet.');
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Declare a production unit first, then replace UNIT-KEY in the command with its key.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Command')).toHaveTextContent('"unit":"UNIT-KEY"');
    await user.click(within(dialog).getByRole('button', { name: 'Copy the key' }));
    expect(within(dialog).getByText('Copying failed: select the text and copy it.')).toBeInTheDocument();
  });

  it('says so when a key cannot be created', async () => {
    const { userEvent: user } = renderPanel({
      [`GET ${keysPath}`]: [],
      [`POST ${keysPath}`]: () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500),
    });
    await screen.findByText('No ingest key yet.');
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The key could not be created');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  // One dialog opening per test: a second opening in the same jsdom page can stay hidden from the
  // queries under load (the focus manager's timers), which says nothing about the panel.
  it('revokes nothing when the confirmation is cancelled', async () => {
    const { userEvent: user, requests } = renderPanel({ [`GET ${keysPath}`]: [ACTIVE] });
    await user.click(await screen.findByRole('button', { name: 'Revoke lpk_Ab12…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the key lpk_Ab12…?' });
    expect(within(dialog).getByText('Batches sent with this key will be refused from now on. This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await pageExposed();
    expect(screen.getByRole('button', { name: 'Revoke lpk_Ab12…' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('revokes a key once confirmed', async () => {
    const { userEvent: user, requests, notifier } = renderPanel({
      [`GET ${keysPath}`]: [ACTIVE],
      [`DELETE ${keysPath}/${ACTIVE.id}`]: { ...ACTIVE, revoked_at: '2026-03-03T08:00:00.000Z' },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke lpk_Ab12…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the key lpk_Ab12…?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked on Mar 3, 2026, 8:00 AM')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(notifier.success).toHaveBeenCalledWith('Key lpk_Ab12… revoked');
    await pageExposed();
    expect(screen.queryByRole('button', { name: 'Revoke lpk_Ab12…' })).not.toBeInTheDocument();
  });

  it('keeps the key and says why when the revocation is refused', async () => {
    const { userEvent: user } = renderPanel({
      [`GET ${keysPath}`]: [ACTIVE],
      [`DELETE ${keysPath}/${ACTIVE.id}`]: () => jsonResponse({ errors: [{ code: 'ING_KEY_404', arguments: {}, message: 'gone' }] }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke lpk_Ab12…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('This ingest key does not exist or you are not allowed to see it')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
