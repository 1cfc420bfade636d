import { act, render, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import {
  AppProviders,
  accountQuery,
  activeFactoryIdAtom,
  createQueryClient,
  currenciesQuery,
  customPeriodsQuery,
  preferencesQuery,
  resetServices,
  userAtom,
  userFactoriesQuery,
} from '@linepulse/shared';
import { TEST_USERS, configureTestServices, jsonResponse, mockFetch, testFactory, type TestNotifier } from '@linepulse/shared/testing';
import { ACCOUNT_SETTINGS_REFRESH_MS, type UserClaims } from '@linepulse/contracts';
import { SessionData } from './session-data';
import { prefetchSessionData } from './use-session-data';

const lyon = testFactory();
const quebec = testFactory({ id: 'f-quebec', name: 'Québec' });
const account = { id: 'acc-demo', name: 'Demo', insights_enabled: true, is_tilelytics: true, domain_name: 'd' };

let notifier: TestNotifier;
beforeEach(() => {
  ({ notifier } = configureTestServices());
});
afterEach(() => {
  resetServices();
  jest.useRealTimers();
  localStorage.clear();
});

/** The host at sign-in: an empty cache (nothing seeded, unlike component tests), the user from the token. */
function signIn(user: UserClaims, queryClient = createQueryClient()) {
  const store = createStore();
  store.set(userAtom, user);
  const view = render(
    <AppProviders queryClient={queryClient} store={store}>
      <MemoryRouter>
        <SessionData />
      </MemoryRouter>
    </AppProviders>,
  );
  return { queryClient, store, unmount: view.unmount };
}

/** The session's answers for a user of Lyon alone, and Lyon's work shifts and products. */
const lyonSession = (theme: 'light' | 'dark') => ({
  'GET /api/user/preferences': { language: 'en', theme, tilelytics: {} },
  'GET /api/user/factories': [lyon],
  'GET /dashboard-api/accounts/acc-demo': account,
  'GET /api/custom-periods': [],
  'GET /api/currency-list': ['EUR'],
  'GET /api/factories/f-lyon/assigned-work-shift-names': [],
  'GET /api/factories/f-lyon/products': [],
});

const paths = (fetch: ReturnType<typeof mockFetch>): string[] => fetch.requests.map((r) => new URL(r.url).pathname);

describe('SessionData', () => {
  it('loads preferences, factories (first active), account, custom periods and currencies into the cache', async () => {
    const fetch = mockFetch({
      'GET /api/user/preferences': { language: 'fr', theme: 'light', tilelytics: { selected_time_option: 'week' } },
      'GET /api/user/factories': [lyon, quebec],
      'GET /dashboard-api/accounts/acc-demo': account,
      'GET /api/custom-periods': [],
      'GET /api/currency-list': ['CAD', 'EUR'],
      'GET /api/factories/f-lyon/assigned-work-shift-names': [],
      'GET /api/factories/f-lyon/products': [],
    });
    const { queryClient, store, unmount } = signIn(TEST_USERS.admin);
    await waitFor(() => expect(store.get(activeFactoryIdAtom)).toBe('f-lyon'));
    await waitFor(() => expect(queryClient.getQueryData(currenciesQuery().queryKey)).toEqual(['CAD', 'EUR']));
    expect(queryClient.getQueryData(preferencesQuery().queryKey)).toMatchObject({ language: 'fr', theme: 'light', tilelytics: { selected_time_option: 'week' } });
    expect(queryClient.getQueryData(userFactoriesQuery().queryKey)).toHaveLength(2);
    expect(queryClient.getQueryData(accountQuery('acc-demo').queryKey)).toMatchObject({ name: 'Demo' });
    expect(queryClient.getQueryData(customPeriodsQuery().queryKey)).toEqual([]);
    // The active factory's work shifts and products are kept warm too; nothing is asked twice.
    await waitFor(() => expect(paths(fetch)).toContain('/api/factories/f-lyon/products'));
    expect(new Set(paths(fetch)).size).toBe(fetch.requests.length);
    expect(localStorage.getItem('linepulse.language')).toBe('fr');
    expect(notifier.error).not.toHaveBeenCalled();
    unmount();
    fetch.restore();
  });

  it('started at start-up (prefetchSessionData), each call is made once: the mounted session finds them under way', async () => {
    const fetch = mockFetch({ ...lyonSession('dark'), 'GET /api/alerts': { alerts: [], unacknowledged: 0 } });
    const queryClient = createQueryClient();
    prefetchSessionData(queryClient, TEST_USERS.admin);
    await waitFor(() => expect(paths(fetch)).toHaveLength(6));
    // The header bell's alerts go with the session's calls.
    expect(paths(fetch).sort()).toEqual(['/api/alerts', '/api/currency-list', '/api/custom-periods', '/api/user/factories', '/api/user/preferences', '/dashboard-api/accounts/acc-demo']);
    const view = signIn(TEST_USERS.admin, queryClient);
    await waitFor(() => expect(paths(fetch)).toContain('/api/factories/f-lyon/products'));
    expect(new Set(paths(fetch)).size).toBe(fetch.requests.length);
    view.unmount();
    fetch.restore();
  });

  it('keeps the active factory warm only once the page\'s own calls have answered and the page is quiet', async () => {
    const fetch = mockFetch(lyonSession('light'));
    const queryClient = createQueryClient();
    // The page's figures, on their way for a while.
    let answer: (value: number) => void = () => undefined;
    void queryClient.fetchQuery({ queryKey: ['page-figures'], queryFn: () => new Promise<number>((resolve) => (answer = resolve)) });
    const { store, unmount } = signIn(TEST_USERS.admin, queryClient);
    await waitFor(() => expect(store.get(activeFactoryIdAtom)).toBe('f-lyon'));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(paths(fetch)).not.toContain('/api/factories/f-lyon/products');
    act(() => answer(42));
    await waitFor(() => expect(paths(fetch)).toEqual(expect.arrayContaining(['/api/factories/f-lyon/products', '/api/factories/f-lyon/assigned-work-shift-names'])));
    unmount();
    fetch.restore();
  });

  it('a user not enabled for the product gets only preferences at start-up', async () => {
    const fetch = mockFetch({ 'GET /api/user/preferences': { language: 'en', theme: 'light', tilelytics: {} } });
    const queryClient = createQueryClient();
    prefetchSessionData(queryClient, TEST_USERS.notEnabled);
    await waitFor(() => expect(queryClient.getQueryData(preferencesQuery().queryKey)).toBeDefined());
    expect(paths(fetch)).toEqual(['/api/user/preferences']);
    fetch.restore();
  });

  it('says preferences could not be loaded', async () => {
    const fetch = mockFetch({ 'GET /api/user/preferences': () => jsonResponse({}, 500) });
    const { unmount } = signIn(TEST_USERS.notEnabled);
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('Preferences could not be loaded, contact the provider'));
    expect(notifier.error).toHaveBeenCalledTimes(1);
    unmount();
    fetch.restore();
  });

  it('says each other failure once, with the api’s translated error', async () => {
    const errors = [{ code: 'AUTH_403', arguments: {}, message: 'no' }];
    const fetch = mockFetch({
      'GET /api/user/preferences': { language: 'en', theme: 'light', tilelytics: {} },
      'GET /api/user/factories': [],
      'GET /dashboard-api/accounts/acc-demo': account,
      'GET /api/custom-periods': () => jsonResponse({ errors }, 403),
      'GET /api/currency-list': [],
    });
    const { unmount } = signIn(TEST_USERS.admin);
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('You are not allowed to do this'));
    expect(notifier.error).toHaveBeenCalledTimes(1);
    unmount();
    fetch.restore();
  });

  it('loads only the preferences for a user not enabled for the product', async () => {
    const fetch = mockFetch({ 'GET /api/user/preferences': { language: 'es', theme: 'dark', tilelytics: {} } });
    const { queryClient, unmount } = signIn(TEST_USERS.notEnabled);
    await waitFor(() => expect(queryClient.getQueryData(preferencesQuery().queryKey)).toMatchObject({ language: 'es' }));
    expect(paths(fetch)).toEqual(['/api/user/preferences']);
    unmount();
    fetch.restore();
  });

  it('refreshes the account settings every hour', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const fetch = mockFetch({
      'GET /api/user/preferences': { language: 'en', theme: 'light', tilelytics: {} },
      'GET /api/user/factories': [],
      'GET /dashboard-api/accounts/acc-demo': account,
      'GET /api/custom-periods': [],
      'GET /api/currency-list': [],
    });
    const accountCalls = (): number => paths(fetch).filter((path) => path.endsWith('/accounts/acc-demo')).length;
    const { unmount } = signIn(TEST_USERS.admin);
    await waitFor(() => expect(accountCalls()).toBe(1));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ACCOUNT_SETTINGS_REFRESH_MS - 1_000);
    });
    expect(accountCalls()).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    await waitFor(() => expect(accountCalls()).toBe(2));
    // Only the account: the rest of the session is loaded once.
    expect(paths(fetch).filter((path) => path.endsWith('/user/factories'))).toHaveLength(1);
    unmount();
    fetch.restore();
  });
});
