import { screen } from '@testing-library/react';
import { withRemoteMessages } from '@linepulse/shared';
import { mockFetch, renderWithProviders, testFactory } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { FactoriesPage } from './factories-page';

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

test('the factories page lists every factory with a link to its settings, then the e-mail report recipients', async () => {
  fetchMock = mockFetch({ 'GET /account/email-report-recipients': { account_domain: 'demo.linepulse.test', entries: [] } });
  const Page = withRemoteMessages(messages, FactoriesPage);
  renderWithProviders(<Page />, {
    factories: [
      testFactory({
        id: 'f1',
        name: 'Monterrey',
        currency: 'MXN',
        timezone: 'America/Monterrey',
        objectives: [
          { objective_type: 'quality', value: 99 },
          { objective_type: 'availability', value: 90 },
          { objective_type: 'performance', value: 95 },
        ],
        oee_target: 84.65,
        updated_at: '2024-03-01T18:30:00.000Z',
      }),
      testFactory({ id: 'f2', name: 'Nueva', objectives: [], oee_target: null, updated_at: undefined }),
    ],
  });
  expect(screen.getByRole('link', { name: 'Monterrey' })).toHaveAttribute('href', '/factory/f1');
  expect(screen.getByRole('cell', { name: 'MXN' })).toBeInTheDocument();
  // Objectives in A / P / Q order whatever order they came in, the OEE target, and the last change in the factory's time zone.
  expect(screen.getByRole('cell', { name: '90 % / 95 % / 99 %' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '84.65%' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Mar 1, 2024, 12:30 PM' })).toBeInTheDocument();
  // A factory without objectives nor a known change shows N/D.
  expect(screen.getAllByRole('cell', { name: 'N/D' })).toHaveLength(3);
  // The account's allow-list of report recipients, in its own section below the list.
  expect(await screen.findByRole('heading', { name: 'E-mail report recipients' })).toBeInTheDocument();
  expect(await screen.findByText('No other recipient allowed yet.')).toBeInTheDocument();
});
