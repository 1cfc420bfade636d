import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import {
  AppProviders,
  RemoteIntlProvider,
  Snackbar,
  configureServices,
  createStoreNotifier,
  customPeriodsAtom,
  factoriesAtom,
  factoriesStatusAtom,
  getCustomPeriods,
  getUserFactories,
  preferencesAtom,
  resetServices,
  userAtom,
  userFromClaims,
  type Notifier,
} from '@linepulse/shared';
import { isLanguage, isTheme, type Language, type ThemeName } from '@linepulse/contracts';
import { messages } from './messages';
import { selectedFactoryIdsAtom } from './model/selection';
import { CompanyOverviewPage } from './pages/company-overview-page';

/** What a sister product gives the company overview when it shows it without the Linepulse host. */
export interface EmbedOptions {
  /** A bearer token for the Linepulse APIs (the product's own sign-in, same provider and audience). */
  getAccessToken: () => Promise<string>;
  /** Base URL of the main analytics API, e.g. https://linepulse.example.com/api. */
  apiBase: string;
  /** Base URL of the dashboard API, e.g. https://linepulse.example.com/dashboard-api. */
  dashboardApiBase: string;
  /** en, fr or es; en by default. */
  locale?: Language;
  /** light, dark or accessible; light by default. */
  theme?: ThemeName;
  /** Show this factory only (else every factory of the user). */
  factoryId?: string;
  /** Where success and error messages go; a snackbar inside the element by default. */
  notifier?: Notifier;
}

/** The token's claims (the api verifies the token; the page only reads role and flags for display). */
function claimsOf(token: string): unknown {
  const payload = token.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as unknown;
}

/**
 * Shows the company overview in `element`, framework-free: no host, no router of the caller, its own
 * store. Returns the function that removes it again.
 */
export function mount(element: HTMLElement, options: EmbedOptions): () => void {
  const store = createStore();
  const language: Language = isLanguage(options.locale) ? options.locale : 'en';
  const theme: ThemeName = isTheme(options.theme) ? options.theme : 'light';
  configureServices({
    tokenProvider: { getAccessToken: options.getAccessToken },
    apiBase: options.apiBase,
    dashboardApiBase: options.dashboardApiBase,
    notifier: options.notifier ?? createStoreNotifier(store),
  });
  store.set(preferencesAtom, { ...store.get(preferencesAtom), language, theme });
  if (options.factoryId) store.set(selectedFactoryIdsAtom, [options.factoryId]);
  store.set(factoriesStatusAtom, 'loading');

  let active = true;
  void (async () => {
    try {
      const user = userFromClaims(claimsOf(await options.getAccessToken()) as Record<string, unknown>);
      if (active && user) store.set(userAtom, user);
    } catch {
      // Without readable claims the overview still works; only the financial columns stay hidden.
    }
  })();
  getUserFactories().then(
    (factories) => {
      if (!active) return;
      store.set(factoriesAtom, options.factoryId ? factories.filter((f) => f.id === options.factoryId) : factories);
      store.set(factoriesStatusAtom, 'ready');
    },
    () => active && store.set(factoriesStatusAtom, 'error'),
  );
  getCustomPeriods().then(
    (periods) => active && store.set(customPeriodsAtom, periods),
    () => undefined,
  );

  const root = createRoot(element);
  root.render(
    <StrictMode>
      <AppProviders theme={theme} language={language} store={store}>
        <MemoryRouter initialEntries={['/company-overview']}>
          <RemoteIntlProvider messages={messages}>
            <CompanyOverviewPage />
            {options.notifier ? null : <Snackbar />}
          </RemoteIntlProvider>
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return () => {
    active = false;
    root.unmount();
    resetServices();
  };
}

export default mount;
