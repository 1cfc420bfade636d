import { screen } from '@testing-library/react';
import { ROUTES, withRemoteMessages } from '@linepulse/shared';
import { renderWithProviders, testFactory } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { CompanyOverviewPage } from './company-overview-page';
import { FactoryDashboardPage } from './factory-dashboard-page';

const Overview = withRemoteMessages(messages, CompanyOverviewPage);
const Dashboard = withRemoteMessages(messages, FactoryDashboardPage);

const lyon = testFactory({
  id: 'f-lyon',
  name: 'Lyon',
  currency: 'EUR',
  oee_target: 76.64,
  production_units: [{ id: 'u1', name: 'Yaourts 1', converted_unit_name: 'packs', packages: 12 }],
});

test('the company overview lists each factory with a link to its dashboard', () => {
  renderWithProviders(<Overview />, { factories: [lyon] });
  expect(screen.getByRole('heading', { level: 1, name: 'Company overview' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the Lyon dashboard' })).toHaveAttribute('href', '/f-lyon/dashboard');
  expect(screen.getByText('76.64%')).toBeInTheDocument();
  expect(screen.getByText('1 production line')).toBeInTheDocument();
});

test('the company overview says so when the account has no factory', () => {
  renderWithProviders(<Overview />, { factories: [] });
  expect(screen.getByText('No factory is configured for your account yet.')).toBeInTheDocument();
});

test('the dashboard shows the route factory’s objectives and lines, in French too', () => {
  renderWithProviders(<Dashboard />, { factories: [lyon], route: '/f-lyon/dashboard', path: ROUTES.factoryDashboard.path, language: 'fr' });
  expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord — Lyon' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Yaourts 1' })).toBeInTheDocument();
});

test('the dashboard of a factory the user cannot see is an error, not an empty page', () => {
  renderWithProviders(<Dashboard />, { factories: [lyon], route: '/someone-else/dashboard', path: ROUTES.factoryDashboard.path });
  expect(screen.getByRole('alert')).toBeInTheDocument();
});
