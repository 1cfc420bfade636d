import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { createIntl } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MESSAGES } from '../i18n/messages';
import { configureServices, resetServices } from '../services/services';
import { TEST_USERS, testFactory } from '../testing/fixtures';
import { jsonResponse, mockFetch } from '../testing/mock-fetch';
import { FACTORY_CACHE_CHECK_MS, FACTORY_CACHE_TTL_MS } from '@linepulse/contracts';
import {
  accountAtom,
  activeFactoryIdAtom,
  currenciesAtom,
  customPeriodsAtom,
  factoriesAtom,
  factoryWorkShiftsCacheAtom,
  preferencesAtom,
  userAtom,
} from './atoms';
import { useFactoryWorkShifts } from './factory-cache';
import { useActiveFactory } from './hooks';
import { loadSessionData } from './session';

const intl = createIntl({ locale: 'en', messages: MESSAGES.en });
const lyon = testFactory();
const quebec = testFactory({ id: 'f-quebec', name: 'Québec' });

function setUp(): { notifier: { success: jest.Mock; error: jest.Mock } } {
  const notifier = { success: jest.fn(), error: jest.fn() };
  configureServices({
    tokenProvider: { getAccessToken: () => Promise.resolve('t') },
    apiBase: 'https://x.test/api',
    dashboardApiBase: 'https://x.test/dashboard-api',
    notifier,
  });
  return { notifier };
}
afterEach(() => {
  resetServices();
  jest.useRealTimers();
});

describe('loadSessionData', () => {
  it('loads preferences, factories (first active), account, custom periods and currencies', async () => {
    const { notifier } = setUp();
    const fetch = mockFetch({
      'GET /api/user/preferences': { language: 'fr', theme: 'light', tilelytics: { selected_time_option: 'week' } },
      'GET /api/user/factories': [lyon, quebec],
      'GET /dashboard-api/accounts/acc-demo': { id: 'acc-demo', name: 'Demo', insights_enabled: true, is_tilelytics: true, domain_name: 'd' },
      'GET /api/custom-periods': [],
      'GET /api/currency-list': ['CAD', 'EUR'],
    });
    const store = createStore();
    await loadSessionData(store, TEST_USERS.admin, notifier, intl);
    fetch.restore();
    expect(store.get(preferencesAtom)).toMatchObject({ language: 'fr', theme: 'light', tilelytics: { selected_time_option: 'week' } });
    expect(store.get(factoriesAtom)).toHaveLength(2);
    expect(store.get(activeFactoryIdAtom)).toBe('f-lyon');
    expect(store.get(accountAtom)?.name).toBe('Demo');
    expect(store.get(customPeriodsAtom)).toEqual([]);
    expect(store.get(currenciesAtom)).toEqual(['CAD', 'EUR']);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('says preferences could not be loaded', async () => {
    const { notifier } = setUp();
    const fetch = mockFetch({ 'GET /api/user/preferences': () => jsonResponse({}, 500) });
    await loadSessionData(createStore(), TEST_USERS.notEnabled, notifier, intl);
    fetch.restore();
    expect(notifier.error).toHaveBeenCalledWith('Preferences could not be loaded, contact the provider');
  });

  it('loads only the preferences for a user not enabled for the product', async () => {
    const { notifier } = setUp();
    const fetch = mockFetch({ 'GET /api/user/preferences': { language: 'es', theme: 'dark', tilelytics: {} } });
    await loadSessionData(createStore(), TEST_USERS.notEnabled, notifier, intl);
    fetch.restore();
    expect(fetch.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/user/preferences']);
  });
});

describe('useFactoryWorkShifts', () => {
  function wrapperFor(store: ReturnType<typeof createStore>) {
    return function Wrapper({ children }: { children?: ReactNode }) {
      return <Provider store={store}>{children}</Provider>;
    };
  }

  it('loads once, serves from the cache, and reloads after 3600 s at a 120 s check', async () => {
    setUp();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const shifts = [{ production_unit_id: 'pu-1', work_shift: [{ name: 'Morning' }] }];
    const fetch = mockFetch({ 'GET /api/factories/f-lyon/assigned-work-shift-names': shifts });
    const store = createStore();
    store.set(userAtom, TEST_USERS.operation);
    const { result, unmount } = renderHook(() => useFactoryWorkShifts('f-lyon'), { wrapper: wrapperFor(store) });
    await waitFor(() => expect(result.current.data).toEqual(shifts));
    const second = renderHook(() => useFactoryWorkShifts('f-lyon'), { wrapper: wrapperFor(store) });
    expect(second.result.current.data).toEqual(shifts);
    expect(fetch.requests).toHaveLength(1);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(FACTORY_CACHE_TTL_MS - FACTORY_CACHE_CHECK_MS);
    });
    expect(fetch.requests).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(FACTORY_CACHE_CHECK_MS);
    });
    await waitFor(() => expect(fetch.requests).toHaveLength(2));
    unmount();
    second.unmount();
    fetch.restore();
  });

  it('loads nothing for a user not enabled for the product', () => {
    setUp();
    const fetch = mockFetch({});
    const store = createStore();
    store.set(userAtom, TEST_USERS.notEnabled);
    const { result } = renderHook(() => useFactoryWorkShifts('f-lyon'), { wrapper: wrapperFor(store) });
    expect(result.current.status).toBe('idle');
    expect(fetch.requests).toHaveLength(0);
    expect(store.get(factoryWorkShiftsCacheAtom)).toEqual({});
    fetch.restore();
  });
});

describe('useActiveFactory', () => {
  it('prefers the route’s factory, else the active one', () => {
    const store = createStore();
    store.set(factoriesAtom, [lyon, quebec]);
    store.set(activeFactoryIdAtom, 'f-lyon');
    const wrapper = (route: string) =>
      function Wrapper({ children }: { children?: ReactNode }) {
        return (
          <Provider store={store}>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path="/:factoryId/dashboard" element={children} />
                <Route path="*" element={children} />
              </Routes>
            </MemoryRouter>
          </Provider>
        );
      };
    expect(renderHook(() => useActiveFactory(), { wrapper: wrapper('/f-quebec/dashboard') }).result.current?.name).toBe('Québec');
    expect(renderHook(() => useActiveFactory(), { wrapper: wrapper('/company-overview') }).result.current?.name).toBe('Lyon');
    expect(renderHook(() => useActiveFactory(), { wrapper: wrapper('/f-nowhere/dashboard') }).result.current).toBeUndefined();
  });
});
