import { screen } from '@testing-library/react';
import { TEST_USERS, testFactory } from '@linepulse/shared/testing';
import { renderHost } from '../testing/render-host';
import { AppRoutes } from './app-routes';

const factories = [testFactory()];

describe('routes and guards', () => {
  it('redirects / to the home page with its sign-in button', async () => {
    renderHost(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Linepulse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs in with the language and theme as hints', async () => {
    const { userEvent, sessionActions } = renderHost(<AppRoutes />, { route: '/home', language: 'fr', theme: 'accessible' });
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(sessionActions.signIn).toHaveBeenCalledWith({ language: 'fr', theme: 'accessible' });
  });

  it('sends an anonymous visitor of a product page home', async () => {
    renderHost(<AppRoutes />, { route: '/f-lyon/dashboard' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in user from home to the company overview, rendered by its remote', async () => {
    const { remoteLoader } = renderHost(<AppRoutes />, { route: '/home', user: TEST_USERS.operation, factories });
    expect(await screen.findByRole('heading', { name: 'overview:companyOverview' })).toBeInTheDocument();
    expect(remoteLoader.load).toHaveBeenCalledWith('overview');
  });

  it('sends a user not enabled for the product to the unauthorized page', async () => {
    renderHost(<AppRoutes />, { route: '/company-overview', user: TEST_USERS.notEnabled });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to Linepulse' })).toBeInTheDocument();
    expect(screen.getByText(/noaccess@demo\.linepulse\.test/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in as another user' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('sends a non-admin from an admin page to the company overview', async () => {
    renderHost(<AppRoutes />, { route: '/customPeriods/creation', user: TEST_USERS.operation, factories });
    expect(await screen.findByRole('heading', { name: 'overview:companyOverview' })).toBeInTheDocument();
  });

  it('lets an admin reach the admin pages', async () => {
    renderHost(<AppRoutes />, { route: '/factory/f-lyon', user: TEST_USERS.admin, factories });
    expect(await screen.findByRole('heading', { name: 'admin:factorySettings' })).toBeInTheDocument();
  });

  it('sends a user without insights from the opportunities to the company overview', async () => {
    renderHost(<AppRoutes />, { route: '/performance-manager/line-starts', user: TEST_USERS.noInsights, factories });
    expect(await screen.findByRole('heading', { name: 'overview:companyOverview' })).toBeInTheDocument();
  });

  it('mounts the report pages of a factory, creation before edition', async () => {
    renderHost(<AppRoutes />, { route: '/f-lyon/my-reports/creation/overview', user: TEST_USERS.operation, factories });
    expect(await screen.findByRole('heading', { name: 'reports:reportCreation' })).toBeInTheDocument();
  });

  it('shows page not found for any other path', async () => {
    renderHost(<AppRoutes />, { route: '/nothing/here/at/all', user: TEST_USERS.operation, factories });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the company overview' })).toBeInTheDocument();
  });

  it('shows the terms of service to anyone', async () => {
    renderHost(<AppRoutes />, { route: '/terms-of-service' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
  });
});
