import { screen, waitFor, within } from '@testing-library/react';
import { withRemoteMessages } from '@linepulse/shared';
import { jsonResponse, mockFetch, renderWithProviders } from '@linepulse/shared/testing';
import type { Language } from '@linepulse/contracts';
import { messages } from '../../messages';
import { EmailRecipientsPanel } from './email-recipients-panel';

const PATH = '/account/email-report-recipients';
const STORED = { account_domain: 'demo.linepulse.test', entries: ['auditor@firm.example', '@partner.example'] };

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function renderPanel(routes: Parameters<typeof mockFetch>[0], language: Language = 'en') {
  fetchMock = mockFetch(routes);
  const notifier = { success: jest.fn(), error: jest.fn() };
  const Panel = withRemoteMessages(messages, EmailRecipientsPanel);
  const rendered = renderWithProviders(<Panel />, { services: { notifier }, language });
  return { ...rendered, notifier, requests: fetchMock.requests };
}

const puts = <R extends { method: string }>(requests: R[]): R[] => requests.filter((r) => r.method === 'PUT');

describe('e-mail report recipients panel', () => {
  it('shows the account’s domain as always allowed and the allow-list entries', async () => {
    renderPanel({ [`GET ${PATH}`]: STORED });
    expect(screen.getByRole('region', { name: 'E-mail report recipients' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Allowed recipients' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual(['auditor@firm.example', '@partner.example']);
    expect(screen.getByText('Always allowed: every address of demo.linepulse.test and its subdomains, and the addresses of your users.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the list' })).toBeDisabled();
  });

  it('says when the list is empty', async () => {
    renderPanel({ [`GET ${PATH}`]: { account_domain: 'demo.linepulse.test', entries: [] } });
    expect(await screen.findByText('No other recipient allowed yet.')).toBeInTheDocument();
  });

  it('shows the error with a retry when the list cannot be loaded', async () => {
    renderPanel({ [`GET ${PATH}`]: () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500) });
    expect(await screen.findByText('The e-mail report recipients could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('adds an entry with the keyboard, as the api stores it, saves the list and says so', async () => {
    const { userEvent: user, requests, notifier } = renderPanel({
      [`GET ${PATH}`]: STORED,
      [`PUT ${PATH}`]: (request) => jsonResponse({ account_domain: STORED.account_domain, entries: (request.body as { entries: string[] }).entries }),
    });
    const input = await screen.findByRole('textbox', { name: 'Address or @domain' });
    await user.type(input, '  @Supplier.Example{Enter}');
    expect(input).toHaveValue('');
    expect(screen.getByText('@supplier.example')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('E-mail report recipients saved'));
    expect(puts(requests).map((r) => r.body)).toEqual([{ entries: ['auditor@firm.example', '@partner.example', '@supplier.example'] }]);
    expect(screen.getByRole('button', { name: 'Save the list' })).toBeDisabled();
  });

  it('removes an entry and saves the list without it', async () => {
    const { userEvent: user, requests, notifier } = renderPanel({
      [`GET ${PATH}`]: STORED,
      [`PUT ${PATH}`]: { account_domain: STORED.account_domain, entries: ['@partner.example'] },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove auditor@firm.example' }));
    expect(screen.queryByText('auditor@firm.example')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalled());
    expect(puts(requests).map((r) => r.body)).toEqual([{ entries: ['@partner.example'] }]);
  });

  it('discards the changes', async () => {
    const { userEvent: user, requests } = renderPanel({ [`GET ${PATH}`]: STORED });
    await user.click(await screen.findByRole('button', { name: 'Remove @partner.example' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByText('@partner.example')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the list' })).toBeDisabled();
    expect(puts(requests)).toEqual([]);
  });

  it('refuses an invalid or duplicate entry under the field before any call', async () => {
    const { userEvent: user, requests } = renderPanel({ [`GET ${PATH}`]: STORED });
    const input = await screen.findByRole('textbox', { name: 'Address or @domain' });
    await user.type(input, 'partner.example');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This is neither an e-mail address nor @domain');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('partner.example');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    await user.clear(input);
    await user.type(input, 'Auditor@firm.example{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('This entry is already in the list');
    await user.clear(input);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type an address or @domain');
    expect(screen.getByRole('button', { name: 'Save the list' })).toBeDisabled();
    expect(puts(requests)).toEqual([]);
  });

  it('shows each entry the api refuses next to it, translated, and keeps the changes', async () => {
    const { userEvent: user, notifier } = renderPanel({
      [`GET ${PATH}`]: STORED,
      [`PUT ${PATH}`]: () =>
        jsonResponse(
          { errors: [{ code: 'RPT_ALLOW_ENTRY_INVALID', arguments: { field: 'entries', index: 1, entry: '@partner.example' }, message: 'no' }] },
          400,
        ),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Address or @domain' }), 'night@plant.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    const refused = await screen.findByText('@partner.example is neither an e-mail address nor @domain');
    expect(refused).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Remove @partner.example' })).toHaveAccessibleDescription('@partner.example is neither an e-mail address nor @domain');
    expect(screen.getByText('The list was not saved: see the refused entries.')).toBeInTheDocument();
    expect(screen.getByText('night@plant.example')).toBeInTheDocument();
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('says why the list could not be saved when the api fails', async () => {
    const { userEvent: user } = renderPanel({
      [`GET ${PATH}`]: STORED,
      [`PUT ${PATH}`]: () => jsonResponse({ errors: [{ code: 'GEN_500', arguments: {}, message: 'boom' }] }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove @partner.example' }));
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be saved');
    expect(alert).toHaveTextContent('GEN_500');
    expect(screen.getByRole('button', { name: 'Save the list' })).toBeEnabled();
  });

  it('speaks French and Spanish', async () => {
    const { unmount } = renderPanel({ [`GET ${PATH}`]: STORED }, 'fr');
    expect(await screen.findByRole('list', { name: 'Destinataires autorisés' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Destinataires des rapports par courriel' })).toBeInTheDocument();
    expect(screen.getByText('Toujours autorisées : toutes les adresses de demo.linepulse.test et de ses sous-domaines, et les adresses de vos utilisateurs.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer @partner.example' })).toBeInTheDocument();
    unmount();
    fetchMock?.restore();
    const { userEvent: user } = renderPanel({ [`GET ${PATH}`]: STORED }, 'es');
    const input = await screen.findByRole('textbox', { name: 'Dirección o @dominio' });
    await user.type(input, 'nadie{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('No es una dirección de correo ni un @dominio');
    expect(screen.getByRole('button', { name: 'Guardar la lista' })).toBeDisabled();
  });
});
