import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@linepulse/shared/testing';
import { UnknownUserScreen } from './unknown-user-screen';

describe('UnknownUserScreen', () => {
  afterEach(() => jest.useRealTimers());

  it('says so, clears storage and signs in again after 5 s', async () => {
    jest.useFakeTimers();
    const clearStorage = jest.fn(() => Promise.resolve());
    const signInAgain = jest.fn();
    renderWithProviders(<UnknownUserScreen clearStorage={clearStorage} signInAgain={signInAgain} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The user has no access or does not exist, redirecting to login');
    expect(clearStorage).toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4999);
    });
    expect(signInAgain).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(signInAgain).toHaveBeenCalledTimes(1);
  });
});
