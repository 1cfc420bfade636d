import { screen, within } from '@testing-library/react';
import { initials } from '@linepulse/contracts';
import { currentPreferences } from '@linepulse/shared';
import { TEST_USERS, mockFetch, jsonResponse } from '@linepulse/shared/testing';
import { renderHost } from '../../testing/render-host';
import { Header } from './header';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch({ 'PUT /api/user/preferences': (request) => jsonResponse(request.body), 'GET /api/alerts': { alerts: [], unacknowledged: 0 } });
});
afterEach(() => fetchMock.restore());

describe('header', () => {
  it('opens the settings menu with the user, language, theme, terms, sign out and version', async () => {
    const { userEvent } = renderHost(<Header />, { user: TEST_USERS.admin });
    await userEvent.click(screen.getByRole('button', { name: /^Settings, / }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByText('Alice Martin')).toBeInTheDocument();
    expect(screen.getByText('admin@demo.linepulse.test')).toBeInTheDocument();
    expect(screen.getByText('Management')).toBeInTheDocument();
    expect(screen.getAllByText('AM').length).toBeGreaterThan(0);
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'English',
      'Français',
      'Español',
      'Light',
      'Dark',
      'Accessible',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Terms of service' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Full screen' })).not.toBeInTheDocument();
    expect(screen.getByText('Version 1.6.17')).toBeInTheDocument();
  });

  it('offers full screen to the presenter role only', async () => {
    const { userEvent } = renderHost(<Header />, { user: TEST_USERS.presenter });
    await userEvent.click(screen.getByRole('button', { name: /^Settings, / }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Full screen' })).toBeInTheDocument();
    expect(screen.getByText('TV or Display')).toBeInTheDocument();
  });

  it('shows Operation for a supervisor', async () => {
    const { userEvent } = renderHost(<Header />, { user: TEST_USERS.operation });
    await userEvent.click(screen.getByRole('button', { name: /^Settings, / }));
    expect(await screen.findByText('Operation')).toBeInTheDocument();
  });

  it('applies and saves a language at once', async () => {
    const { userEvent, queryClient } = renderHost(<Header />, { user: TEST_USERS.admin });
    await userEvent.click(screen.getByRole('button', { name: /^Settings, / }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Español' }));
    expect(currentPreferences(queryClient).language).toBe('es');
    await screen.findByRole('button', { name: /^Configuración, / });
    expect(fetchMock.requests.at(-1)?.body).toMatchObject({ language: 'es' });
  });

  it('applies and saves the accessible theme as theme accessible', async () => {
    const { userEvent, queryClient } = renderHost(<Header />, { user: TEST_USERS.admin, theme: 'dark' });
    await userEvent.click(screen.getByRole('button', { name: /^Settings, / }));
    const accessible = await screen.findByRole('menuitemradio', { name: 'Accessible' });
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(accessible);
    expect(currentPreferences(queryClient).theme).toBe('accessible');
    expect(fetchMock.requests.at(-1)?.body).toMatchObject({ theme: 'accessible' });
  });

  it('signs out', async () => {
    const { userEvent, sessionActions } = renderHost(<Header />, { user: TEST_USERS.operation });
    await userEvent.click(screen.getByRole('button', { name: /^Settings, / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(sessionActions.signOut).toHaveBeenCalled();
  });

  it('names the settings button in French, with the initials it shows (label in name) and whose they are', () => {
    const user = TEST_USERS.operation;
    renderHost(<Header />, { user, language: 'fr' });
    const shown = initials(user.display_name);
    const button = screen.getByRole('button', { name: `Paramètres, ${shown} (${user.display_name})` });
    expect(button).toHaveTextContent(shown);
  });

  it('lists this product as disabled and the sister product as an external link in the apps menu', async () => {
    const { userEvent } = renderHost(<Header />, { user: TEST_USERS.operation });
    await userEvent.click(screen.getByRole('button', { name: 'Apps' }));
    expect(await screen.findByRole('menuitem', { name: /Linepulse/ })).toHaveAttribute('aria-disabled', 'true');
    const sister = screen.getByRole('menuitem', { name: 'Dashboards (opens in a new tab)' });
    expect(sister).toHaveAttribute('href', 'https://sister.test/');
    expect(sister).toHaveAttribute('target', '_blank');
  });
});
