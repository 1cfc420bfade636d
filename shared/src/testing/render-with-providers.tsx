import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { customPeriodsQuery } from '../api/get-custom-periods';
import { preferencesQuery } from '../api/get-preferences';
import { userFactoriesQuery } from '../api/get-user-factories';
import { activeFactoryIdAtom, userAtom } from '../state/atoms';
import { createQueryClient } from '../state/query-client';
import { createStoreNotifier } from '../state/notifier';
import { configureServices, type Services } from '../services/services';
import {
  defaultPreferences,
  type CustomPeriod,
  type Factory,
  type Language,
  type ThemeName,
  type TilelyticsPreferences,
  type UserClaims,
} from '@linepulse/contracts';
import { AppProviders } from '../ui/app-providers';

export type TestStore = ReturnType<typeof createStore>;

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The URL the memory router starts at; '/' by default. */
  route?: string;
  /** A route pattern (e.g. ROUTES.factoryDashboard.path) so the UI gets its params from `route`. */
  path?: string;
  theme?: ThemeName;
  language?: Language;
  /** The tilelytics part of the loaded preferences (period, saved filter); the defaults otherwise. */
  tilelytics?: Partial<TilelyticsPreferences>;
  /** The signed-in user; nobody by default. */
  user?: UserClaims | null;
  /** The user's factories (the first one becomes active); empty by default, loaded either way. */
  factories?: Factory[];
  /** The account's custom periods, in the cache as if loaded at sign-in; none by default. */
  customPeriods?: CustomPeriod[];
  /** Services to use instead of the test ones (a fake token and https://api.test bases). */
  services?: Partial<Services>;
  /** A store prepared by the test; a fresh one by default. */
  store?: TestStore;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: TestStore;
  /** This test's own QueryClient (a fresh one each render: no cache shared between tests). */
  queryClient: QueryClient;
  userEvent: ReturnType<typeof userEvent.setup>;
}

export const TEST_API_BASE = 'https://api.test/api';
export const TEST_DASHBOARD_API_BASE = 'https://api.test/dashboard-api';

/**
 * Renders UI with the real providers (query cache, Fluent theme, intl messages, jotai store, router), as
 * the host renders remote pages: the session (user, preferences, factories, custom periods) is in place
 * as if loaded at sign-in, and theme and language follow the preferences, so a change shows at once.
 * Each call gets a fresh QueryClient with the product's defaults (no retries). Services are configured
 * with a fake token so API calls reach a mocked fetch.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderWithProvidersResult {
  const {
    route = '/',
    path,
    theme = 'light',
    language = 'en',
    tilelytics,
    user = null,
    factories = [],
    customPeriods = [],
    services,
    store = createStore(),
    ...renderOptions
  } = options;
  const queryClient = createQueryClient();
  store.set(userAtom, user);
  const preferences = defaultPreferences();
  queryClient.setQueryData(preferencesQuery().queryKey, { ...preferences, language, theme, tilelytics: { ...preferences.tilelytics, ...tilelytics } });
  queryClient.setQueryData(userFactoriesQuery().queryKey, factories);
  queryClient.setQueryData(customPeriodsQuery().queryKey, customPeriods);
  if (factories[0] && !store.get(activeFactoryIdAtom)) store.set(activeFactoryIdAtom, factories[0].id);
  configureServices({
    tokenProvider: { getAccessToken: () => Promise.resolve('test-token') },
    apiBase: TEST_API_BASE,
    dashboardApiBase: TEST_DASHBOARD_API_BASE,
    notifier: createStoreNotifier(store),
    ...services,
  });
  const result = render(
    <AppProviders queryClient={queryClient} store={store}>
      <MemoryRouter initialEntries={[route]}>
        {path ? (
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </AppProviders>,
    renderOptions,
  );
  return { ...result, store, queryClient, userEvent: userEvent.setup() };
}
