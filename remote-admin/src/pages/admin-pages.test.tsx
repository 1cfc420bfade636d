import { act, screen } from '@testing-library/react';
import { customPeriodsQuery, withRemoteMessages } from '@linepulse/shared';
import { renderWithProviders, testFactory } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { CustomPeriodsPage } from './custom-periods-page';
import { FactoriesPage } from './factories-page';

test('the factories page lists every factory with a link to its settings', () => {
  renderWithProviders(withRemote(FactoriesPage), { factories: [testFactory({ id: 'f1', name: 'Monterrey', currency: 'MXN' })] });
  expect(screen.getByRole('link', { name: 'Monterrey' })).toHaveAttribute('href', '/factory/f1');
  expect(screen.getByRole('cell', { name: 'MXN' })).toBeInTheDocument();
});

test('the custom periods page lists the periods and offers a new one', async () => {
  const { queryClient } = renderWithProviders(withRemote(CustomPeriodsPage));
  expect(screen.getByText('No custom period yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'New custom period' })).toHaveAttribute('href', '/customPeriods/creation');
  // A custom period created elsewhere arrives in the cache: the page shows it without a reload.
  act(() => queryClient.setQueryData(customPeriodsQuery().queryKey, [{ id: 'p1', name: 'Q1-24', start_date: '2024-01-01', end_date: '2024-03-31', days: 91 }]));
  expect(await screen.findByRole('link', { name: 'Q1-24' })).toHaveAttribute('href', '/customPeriods/p1');
});

function withRemote(Page: () => React.ReactElement): React.ReactElement {
  const Wrapped = withRemoteMessages(messages, Page);
  return <Wrapped />;
}
