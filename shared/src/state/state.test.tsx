import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { FACTORY_CACHE_CHECK_MS, FACTORY_CACHE_TTL_MS, defaultPreferences } from '@linepulse/contracts';
import { userFactoriesQuery } from '../api/get-user-factories';
import { preferencesQuery } from '../api/get-preferences';
import { ALL_MESSAGES as MESSAGES } from '../i18n/messages/all';
import { resetServices } from '../services/services';
import { configureTestServices, type TestNotifier } from '../testing/configure-test-services';
import { LANGUAGE_STORAGE_KEY } from '../theme/theme-storage';
import { TEST_USERS, testFactory } from '../testing/fixtures';
import { jsonResponse, mockFetch } from '../testing/mock-fetch';
import { activeFactoryIdAtom, preferencesSavedAtom, userAtom } from './atoms';
import { useFactoryWorkShifts } from './factory-resources';
import { useActiveFactory, useFactories, useFactoriesStatus, usePreferences } from './hooks';
import { currentPreferences, useSavePreferences } from './preferences';
import { createQueryClient } from './query-client';

const lyon = testFactory();
const quebec = testFactory({ id: 'f-quebec', name: 'Québec' });

const setUp = (): { notifier: TestNotifier } => configureTestServices();
afterEach(() => {
  resetServices();
  jest.useRealTimers();
  localStorage.clear();
});

/** The providers a hook sees in the app: one QueryClient, a jotai store, intl, and a route. */
function wrapperFor(client: QueryClient, store: ReturnType<typeof createStore>, route = '/', path = '*') {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <Provider store={store}>
          <IntlProvider locale="en" messages={MESSAGES.en}>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={path} element={children} />
              </Routes>
            </MemoryRouter>
          </IntlProvider>
        </Provider>
      </QueryClientProvider>
    );
  };
}

describe('useFactoryWorkShifts', () => {
  const shifts = [{ production_unit_id: 'pu-1', work_shift: [{ name: 'Morning' }] }];

  it('loads once, serves from the cache, and reloads after 3600 s at a 120 s check', async () => {
    setUp();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const fetch = mockFetch({ 'GET /api/factories/f-lyon/assigned-work-shift-names': shifts });
    const client = createQueryClient();
    const store = createStore();
    store.set(userAtom, TEST_USERS.operation);
    const { result, unmount } = renderHook(() => useFactoryWorkShifts('f-lyon'), { wrapper: wrapperFor(client, store) });
    await waitFor(() => expect(result.current.data).toEqual(shifts));
    const second = renderHook(() => useFactoryWorkShifts('f-lyon'), { wrapper: wrapperFor(client, store) });
    expect(second.result.current.data).toEqual(shifts);
    expect(second.result.current.status).toBe('ready');
    expect(fetch.requests).toHaveLength(1);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(FACTORY_CACHE_TTL_MS - FACTORY_CACHE_CHECK_MS);
    });
    expect(fetch.requests).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(FACTORY_CACHE_CHECK_MS);
    });
    await waitFor(() => expect(fetch.requests).toHaveLength(2));
    // Two hooks show the factory, one request each hour: they share the entry and its check.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(FACTORY_CACHE_TTL_MS - FACTORY_CACHE_CHECK_MS);
    });
    expect(fetch.requests).toHaveLength(2);
    unmount();
    second.unmount();
    fetch.restore();
  });

  it('tries a failed load again at the next 120 s check', async () => {
    setUp();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let calls = 0;
    const fetch = mockFetch({
      'GET /api/factories/f-lyon/assigned-work-shift-names': () => (++calls === 1 ? jsonResponse({}, 503) : jsonResponse(shifts)),
    });
    const store = createStore();
    store.set(userAtom, TEST_USERS.operation);
    const { result, unmount } = renderHook(() => useFactoryWorkShifts('f-lyon'), { wrapper: wrapperFor(createQueryClient(), store) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(FACTORY_CACHE_CHECK_MS - 1_000);
    });
    expect(fetch.requests).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    await waitFor(() => expect(result.current.data).toEqual(shifts));
    expect(fetch.requests).toHaveLength(2);
    unmount();
    fetch.restore();
  });

  it('loads nothing for a user not enabled for the product', () => {
    setUp();
    const fetch = mockFetch({});
    const client = createQueryClient();
    const store = createStore();
    store.set(userAtom, TEST_USERS.notEnabled);
    const { result } = renderHook(() => useFactoryWorkShifts('f-lyon'), { wrapper: wrapperFor(client, store) });
    expect(result.current.status).toBe('idle');
    expect(fetch.requests).toHaveLength(0);
    expect(client.getQueryCache().getAll().filter((query) => query.state.fetchStatus !== 'idle')).toEqual([]);
    fetch.restore();
  });
});

describe('the read-only session hooks', () => {
  it('never load themselves, and show what the loader puts in the cache', async () => {
    setUp();
    const fetch = mockFetch({ 'GET /api/user/factories': [lyon, quebec] });
    const client = createQueryClient();
    const { result } = renderHook(() => ({ factories: useFactories(), status: useFactoriesStatus() }), {
      wrapper: wrapperFor(client, createStore()),
    });
    expect(result.current).toEqual({ factories: [], status: 'idle' });
    expect(fetch.requests).toHaveLength(0);

    // Whoever starts the page loads the session (the host at sign-in, an embed its own).
    const loader = renderHook(() => useQuery(userFactoriesQuery()), { wrapper: wrapperFor(client, createStore()) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.factories.map((f) => f.name)).toEqual(['Lyon', 'Québec']);
    expect(fetch.requests).toHaveLength(1);
    loader.unmount();
    fetch.restore();
  });

  it('keep the same empty list until factories arrive (memoised readers do not churn)', () => {
    const { result, rerender } = renderHook(() => useFactories(), { wrapper: wrapperFor(createQueryClient(), createStore()) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('prefer the route’s factory, else the active one', () => {
    const client = createQueryClient();
    client.setQueryData(userFactoriesQuery().queryKey, [lyon, quebec]);
    const store = createStore();
    store.set(activeFactoryIdAtom, 'f-lyon');
    const active = (route: string) =>
      renderHook(() => useActiveFactory(), { wrapper: wrapperFor(client, store, route, route.endsWith('/dashboard') ? '/:factoryId/dashboard' : '*') }).result
        .current;
    expect(active('/f-quebec/dashboard')?.name).toBe('Québec');
    expect(active('/company-overview')?.name).toBe('Lyon');
    expect(active('/f-nowhere/dashboard')).toBeUndefined();
  });
});

describe('preferences', () => {
  it('start from this browser’s language before they load', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const { result } = renderHook(() => usePreferences(), { wrapper: wrapperFor(createQueryClient(), createStore()) });
    expect(result.current.language).toBe('fr');
  });

  it('apply a change at once and save the changes one after another, the last one last', async () => {
    setUp();
    const answers: ((response: Response) => void)[] = [];
    const fetch = mockFetch({ 'PUT /api/user/preferences': () => new Promise<Response>((resolve) => answers.push(resolve)) });
    const client = createQueryClient();
    client.setQueryData(preferencesQuery().queryKey, defaultPreferences());
    const store = createStore();
    store.set(userAtom, TEST_USERS.admin);
    const { result } = renderHook(() => ({ save: useSavePreferences(), preferences: usePreferences() }), { wrapper: wrapperFor(client, store) });

    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = result.current.save({ language: 'es' });
      second = result.current.save({ tilelytics: { selected_time_option: 'week' } });
    });
    expect(currentPreferences(client).tilelytics.selected_time_option).toBe('week');
    await waitFor(() => expect(result.current.preferences.language).toBe('es'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    // The second save waits for the first answer.
    await waitFor(() => expect(fetch.requests).toHaveLength(1));
    expect(fetch.requests[0]?.body).toMatchObject({ language: 'es', tilelytics: { selected_time_option: defaultPreferences().tilelytics.selected_time_option } });
    answers[0]?.(jsonResponse(fetch.requests[0]?.body));
    await waitFor(() => expect(fetch.requests).toHaveLength(2));
    expect(fetch.requests[1]?.body).toMatchObject({ language: 'es', tilelytics: { selected_time_option: 'week' } });
    answers[1]?.(jsonResponse(fetch.requests[1]?.body));
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    fetch.restore();
  });

  it('say a failed save and keep the change for the session', async () => {
    const { notifier } = setUp();
    const fetch = mockFetch({ 'PUT /api/user/preferences': () => jsonResponse({}, 500) });
    const client = createQueryClient();
    const store = createStore();
    store.set(userAtom, TEST_USERS.admin);
    const { result } = renderHook(() => useSavePreferences(), { wrapper: wrapperFor(client, store) });
    let saved!: Promise<boolean>;
    act(() => {
      saved = result.current({ theme: 'dark' });
    });
    await expect(saved).resolves.toBe(false);
    expect(notifier.error).toHaveBeenCalledWith('Your preferences could not be saved. They apply to this session only.');
    expect(currentPreferences(client).theme).toBe('dark');
    fetch.restore();
  });

  it('are only applied, not saved, where the page says not to save them (an embed in another product)', async () => {
    setUp();
    const fetch = mockFetch({});
    const client = createQueryClient();
    client.setQueryData(preferencesQuery().queryKey, defaultPreferences());
    const store = createStore();
    store.set(userAtom, TEST_USERS.admin);
    store.set(preferencesSavedAtom, false);
    const { result } = renderHook(() => useSavePreferences(), { wrapper: wrapperFor(client, store) });
    await act(async () => {
      await expect(result.current({ tilelytics: { selected_time_option: 'week' } })).resolves.toBe(true);
    });
    expect(currentPreferences(client).tilelytics.selected_time_option).toBe('week');
    expect(fetch.requests).toHaveLength(0);
    fetch.restore();
  });

  it('are only applied, not saved, when nobody is signed in', async () => {
    setUp();
    const fetch = mockFetch({});
    const client = createQueryClient();
    const { result } = renderHook(() => useSavePreferences(), { wrapper: wrapperFor(client, createStore()) });
    await act(async () => {
      await expect(result.current({ language: 'fr' })).resolves.toBe(true);
    });
    expect(currentPreferences(client).language).toBe('fr');
    expect(fetch.requests).toHaveLength(0);
    fetch.restore();
  });
});
