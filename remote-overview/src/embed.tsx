import { PortalMountNodeProvider, RendererProvider, createCSSRuleFromTheme } from '@fluentui/react-components';
import { createShadowDOMRenderer } from '@griffel/shadow-dom';
import { createStore } from 'jotai';
import { getShadowDOMAPI } from 'tabster';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import {
  AppProviders,
  RemoteIntlProvider,
  Snackbar,
  configureServices,
  createQueryClient,
  createStoreNotifier,
  fluentThemeFor,
  ExternalLinksContext,
  customPeriodsQuery,
  getUserFactories,
  initialPreferences,
  loadMessages,
  loadRemoteMessages,
  notifierAtom,
  preferencesQuery,
  preferencesSavedAtom,
  selectedFactoryIdsAtom,
  userAtom,
  userFactoriesQuery,
  type ExternalLinks,
} from '@linepulse/shared';
import { userFromClaims } from '@linepulse/contracts';
import { isLanguage, isTheme, type Language, type ThemeName } from '@linepulse/contracts';
import { embedOptionProblems, type EmbedOptions } from './embed-options';
import { messageLoaders } from './message-loaders';
import { CompanyOverviewPage } from './pages/company-overview-page';

/** The token's claims (the api verifies the token; the page only reads role and flags for display). */
function claimsOf(token: string): unknown {
  const payload = token.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as unknown;
}

/** Where an embed draws: a shadow root on the sister product's element, so styles stay apart both ways. */
interface IsolatedPlace {
  shadow: ShadowRoot;
  /** React's root. */
  content: HTMLElement;
  /** Where menus, dialogs and messages open (Fluent portals), inside the shadow root too. */
  portals: HTMLElement;
}

/**
 * Opens the embed's place in `element`. The sister page's rules do not reach inside a shadow root, and
 * `all: initial` stops what would be inherited (its font, colour, line height); the embed's own rules
 * (Griffel's, see `mount`) are adopted by the shadow root, never added to the page. The theme's
 * variables are declared on the host, where everything inside, portals included, inherits them
 * (FluentProvider's own declaration goes to the page's head, where it matches nothing inside).
 * The host's rules are a constructed style sheet, not a `<style>` element: a sister page whose
 * Content-Security-Policy refuses inline styles (no `'unsafe-inline'` in `style-src`) blocks elements,
 * not style sheets made through the CSS object model, so the theme still applies there.
 */
function isolatedPlace(element: HTMLElement, theme: ThemeName): IsolatedPlace {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const hostRules = new CSSStyleSheet();
  hostRules.replaceSync(`:host { all: initial; display: block; }\n${createCSSRuleFromTheme(':host', fluentThemeFor(theme))}`);
  const content = document.createElement('div');
  const portals = document.createElement('div');
  shadow.replaceChildren(content, portals);
  shadow.adoptedStyleSheets = [hostRules];
  return { shadow, content, portals };
}

/**
 * Shows the company overview in `element`, framework-free: no host, no router of the caller, its own
 * store and its own QueryClient (the embed starts the page, so it makes the page's one cache). Returns
 * the function that removes it again.
 */
export function mount(element: HTMLElement, options: EmbedOptions): () => void {
  const problems = embedOptionProblems(element, options, window.location.href);
  if (problems.length > 0) throw new TypeError(`Linepulse embed: ${problems.join('; ')}`);
  const store = createStore();
  const queryClient = createQueryClient();
  const language: Language = isLanguage(options.locale) ? options.locale : 'en';
  const theme: ThemeName = isTheme(options.theme) ? options.theme : 'light';
  // The platform's messages come one language at a time, and nothing is drawn before they are here: ask
  // now, before React's first render (the intl provider keeps trying if this fails).
  loadMessages(language).catch(() => undefined);
  loadRemoteMessages(messageLoaders, language).catch(() => undefined);
  const notifier = options.notifier ?? createStoreNotifier(store);
  // This embed's registration: another embed on the page unmounting leaves it in force (services.ts).
  const releaseServices = configureServices({
    tokenProvider: { getAccessToken: options.getAccessToken },
    apiBase: options.apiBase,
    dashboardApiBase: options.dashboardApiBase,
    notifier,
  });
  store.set(notifierAtom, notifier);
  // The sister product sets language and theme, so the user's preferences are not loaded: these stand
  // in for them. What the user picks here is saved only when the sister product asks for it.
  queryClient.setQueryData(preferencesQuery().queryKey, { ...initialPreferences(), language, theme });
  store.set(preferencesSavedAtom, options.savePreferences === true);
  if (options.factoryId) store.set(selectedFactoryIdsAtom, [options.factoryId]);

  let active = true;
  void (async () => {
    try {
      const user = userFromClaims(claimsOf(await options.getAccessToken()) as Record<string, unknown>);
      if (active && user) store.set(userAtom, user);
    } catch {
      // Without readable claims the overview still works; only the financial columns stay hidden.
    }
  })();
  // The embed's session: the factories (only the one asked for, when asked: the page's read-only hooks
  // see this narrower list under the usual key) and the custom periods. A failure stays in the cache,
  // where the page shows it.
  void queryClient.prefetchQuery({
    ...userFactoriesQuery(),
    queryFn: async ({ signal }) => {
      const factories = await getUserFactories(signal);
      return options.factoryId ? factories.filter((f) => f.id === options.factoryId) : factories;
    },
  });
  void queryClient.prefetchQuery(customPeriodsQuery());

  // The focus manager (tabster) must look through shadow roots to trap focus in a dialog or move along
  // a menu: it reads this when the page's first Fluent UI creates it (a sister product that already
  // runs Fluent UI has created it without, and should set the same before it does).
  const focusWindow = window as Window & { __tabsterShadowDOMAPI?: ReturnType<typeof getShadowDOMAPI> };
  focusWindow.__tabsterShadowDOMAPI ??= getShadowDOMAPI();
  const place = isolatedPlace(element, theme);

  const links: ExternalLinks = {
    base: options.linepulseUrl ?? new URL(options.apiBase, window.location.href).origin,
    ...(options.onNavigate ? { onNavigate: options.onNavigate } : {}),
  };
  const root = createRoot(place.content);
  root.render(
    <StrictMode>
      <RendererProvider renderer={createShadowDOMRenderer(place.shadow)} targetDocument={document}>
        <PortalMountNodeProvider value={place.portals}>
          <AppProviders queryClient={queryClient} theme={theme} language={language} store={store} wholePage>
            <MemoryRouter initialEntries={['/company-overview']}>
              <ExternalLinksContext.Provider value={links}>
                <RemoteIntlProvider messages={messageLoaders}>
                  <CompanyOverviewPage />
                  {options.notifier ? null : <Snackbar />}
                </RemoteIntlProvider>
              </ExternalLinksContext.Provider>
            </MemoryRouter>
          </AppProviders>
        </PortalMountNodeProvider>
      </RendererProvider>
    </StrictMode>,
  );
  return () => {
    active = false;
    root.unmount();
    place.shadow.replaceChildren();
    place.shadow.adoptedStyleSheets = [];
    void queryClient.cancelQueries();
    queryClient.clear();
    releaseServices();
  };
}

export type { EmbedOptions };
export default mount;
