import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderWithProviders, TEST_USERS } from '../testing';
import { usePeriod } from './period';

/** The period a page would show, and a way to choose one as the period picker does. */
function Probe(): ReactElement {
  const [period, setPeriod] = usePeriod();
  return (
    <>
      <output>{period.option}</output>
      <button type="button" onClick={() => setPeriod({ option: 'last7days', startDate: null, endDate: null })}>
        Last 7 days
      </button>
    </>
  );
}

afterEach(() => localStorage.clear());

test('a period chosen by one user of the browser is not taken for another user’s choice', async () => {
  // The supervisor chooses "last 7 days", which is also the preferences' default value.
  const first = renderWithProviders(<Probe />, { user: TEST_USERS.operation });
  expect(screen.getByRole('status')).toHaveTextContent('lastday');
  await first.userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
  expect(screen.getByRole('status')).toHaveTextContent('last7days');
  first.unmount();

  // Back later (preferences saved as last7days): the choice is theirs and is kept.
  const again = renderWithProviders(<Probe />, { user: TEST_USERS.operation, tilelytics: { selected_time_option: 'last7days' } });
  expect(screen.getByRole('status')).toHaveTextContent('last7days');
  again.unmount();

  // The admin signs in on the same browser with untouched preferences: the overview's default, yesterday.
  renderWithProviders(<Probe />, { user: TEST_USERS.admin, tilelytics: { selected_time_option: 'last7days' } });
  expect(screen.getByRole('status')).toHaveTextContent('lastday');
});
