import { FluentProvider, useModalAttributes } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { LinepulseIntlProvider } from '../i18n/intl-provider';
import type { Language, ThemeName } from '@linepulse/contracts';
import { usePreferences } from '../state/hooks';
import { ThemeNameContext } from '../theme/theme-context';
import { fluentThemeFor } from '../theme/themes';

type Store = NonNullable<Parameters<typeof JotaiProvider>[0]['store']>;

// Inline style, not a class: FluentProvider copies its classes onto portal mount nodes (menus,
// dialogs), and a full-height class there would cover the page.
const ROOT_STYLE = { minHeight: '100%', display: 'flex', flexDirection: 'column' } as const;

export interface AppProvidersProps {
  /**
   * The page's one QueryClient (`createQueryClient()`), made by whoever starts the page: the host, or
   * the sister-product embed. Remotes render inside it and share its cache.
   */
  queryClient: QueryClient;
  /** A fixed theme (an embed); by default the user's preferences decide, and a change shows at once. */
  theme?: ThemeName;
  /** A fixed language (an embed); by default the user's preferences decide. */
  language?: Language;
  /** A jotai store of its own (tests, an embed); without it the default store is used. */
  store?: Store;
  /** Set the page's `lang` attribute (the host and a full-page embed; not inside another product). */
  documentLanguage?: boolean;
  /**
   * These providers hold a page for its whole life (the host, an embed), so they keep the page's modal
   * layer alive (`ModalLayer`). Not in component tests: there the layer's focus guards would be the
   * first stop of jsdom's Tab, which does not skip them as a browser's focus manager does.
   */
  wholePage?: boolean;
  children?: ReactNode;
}

/**
 * Keeps Fluent's modal layer (tabster's modalizer and restorer) alive for the page's life. Fluent starts
 * it with the first modal and disposes of it with the last component that uses it: when a dialog was the
 * only one, closing it disposed of the layer while it was giving the page back, and the whole page stayed
 * hidden from screen readers (`aria-hidden` left on the app's root). The header's bell used to hold it;
 * its popover now loads when asked for (decision 60).
 */
function ModalLayer(): null {
  useModalAttributes();
  return null;
}

function ThemedProviders({ theme, language, documentLanguage, wholePage, children }: Omit<AppProvidersProps, 'queryClient' | 'store'>): ReactElement {
  const preferences = usePreferences();
  const shownTheme = theme ?? preferences.theme;
  const shownLanguage = language ?? preferences.language;
  useEffect(() => {
    if (documentLanguage) document.documentElement.lang = shownLanguage;
  }, [documentLanguage, shownLanguage]);
  return (
    <ThemeNameContext.Provider value={shownTheme}>
      <FluentProvider theme={fluentThemeFor(shownTheme)} style={ROOT_STYLE} lang={shownLanguage}>
        {wholePage ? <ModalLayer /> : null}
        <LinepulseIntlProvider language={shownLanguage}>{children}</LinepulseIntlProvider>
      </FluentProvider>
    </ThemeNameContext.Provider>
  );
}

/**
 * The query cache, (optionally) a jotai store, the Fluent theme and intl messages: what every Linepulse
 * UI renders inside.
 */
export function AppProviders({ queryClient, store, ...themed }: AppProvidersProps): ReactElement {
  const content = <ThemedProviders {...themed} />;
  return (
    <QueryClientProvider client={queryClient}>{store ? <JotaiProvider store={store}>{content}</JotaiProvider> : content}</QueryClientProvider>
  );
}
