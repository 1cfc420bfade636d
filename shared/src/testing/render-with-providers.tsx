import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore, useAtomValue } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { activeFactoryIdAtom, factoriesAtom, factoriesStatusAtom, preferencesAtom, userAtom } from '../state/atoms';
import { createStoreNotifier } from '../state/notifier';
import { configureServices, type Services } from '../services/services';
import {
  defaultPreferences,
  type Factory,
  type Language,
  type ThemeName,
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
  /** The signed-in user; nobody by default. */
  user?: UserClaims | null;
  /** The user's factories (the first one becomes active); empty by default, loaded either way. */
  factories?: Factory[];
  /** Services to use instead of the test ones (a fake token and https://api.test bases). */
  services?: Partial<Services>;
  /** A store prepared by the test; a fresh one by default. */
  store?: TestStore;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: TestStore;
  userEvent: ReturnType<typeof userEvent.setup>;
}

/** Like the host: theme and language follow the preferences, so a change in the UI shows at once. */
function PreferredProviders({ children }: { children: ReactNode }): ReactElement {
  const { theme, language } = useAtomValue(preferencesAtom);
  return (
    <AppProviders theme={theme} language={language}>
      {children}
    </AppProviders>
  );
}

export const TEST_API_BASE = 'https://api.test/api';
export const TEST_DASHBOARD_API_BASE = 'https://api.test/dashboard-api';

/**
 * Renders UI with the real providers (Fluent theme, intl messages, jotai store, router), as the host
 * renders remote pages. Services are configured with a fake token so API calls reach a mocked fetch.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderWithProvidersResult {
  const {
    route = '/',
    path,
    theme = 'light',
    language = 'en',
    user = null,
    factories = [],
    services,
    store = createStore(),
    ...renderOptions
  } = options;
  store.set(userAtom, user);
  store.set(preferencesAtom, { ...defaultPreferences(), language, theme });
  store.set(factoriesAtom, factories);
  store.set(factoriesStatusAtom, 'ready');
  if (factories[0] && !store.get(activeFactoryIdAtom)) store.set(activeFactoryIdAtom, factories[0].id);
  configureServices({
    tokenProvider: { getAccessToken: () => Promise.resolve('test-token') },
    apiBase: TEST_API_BASE,
    dashboardApiBase: TEST_DASHBOARD_API_BASE,
    notifier: createStoreNotifier(store),
    ...services,
  });
  const result = render(
    <Provider store={store}>
      <PreferredProviders>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
      </PreferredProviders>
    </Provider>,
    renderOptions,
  );
  return { ...result, store, userEvent: userEvent.setup() };
}
