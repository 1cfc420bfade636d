import { FluentProvider } from '@fluentui/react-components';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { LinepulseIntlProvider } from '../i18n/intl-provider';
import type { Language, ThemeName } from '@linepulse/contracts';
import { ThemeNameContext } from '../theme/theme-context';
import { fluentThemeFor } from '../theme/themes';

type Store = NonNullable<Parameters<typeof JotaiProvider>[0]['store']>;

// Inline style, not a class: FluentProvider copies its classes onto portal mount nodes (menus,
// dialogs), and a full-height class there would cover the page.
const ROOT_STYLE = { minHeight: '100%', display: 'flex', flexDirection: 'column' } as const;

export interface AppProvidersProps {
  theme: ThemeName;
  language: Language;
  /** A jotai store of its own (tests, an embed); without it the default store is used. */
  store?: Store;
  /** Set the page's `lang` attribute (the host and a full-page embed; not inside another product). */
  documentLanguage?: boolean;
  children?: ReactNode;
}

/** Fluent theme, intl messages and (optionally) a jotai store: what every Linepulse UI renders inside. */
export function AppProviders({ theme, language, store, documentLanguage = false, children }: AppProvidersProps): ReactElement {
  useEffect(() => {
    if (documentLanguage) document.documentElement.lang = language;
  }, [documentLanguage, language]);
  const content = (
    <ThemeNameContext.Provider value={theme}>
      <FluentProvider theme={fluentThemeFor(theme)} style={ROOT_STYLE} lang={language}>
        <LinepulseIntlProvider language={language}>{children}</LinepulseIntlProvider>
      </FluentProvider>
    </ThemeNameContext.Provider>
  );
  return store ? <JotaiProvider store={store}>{content}</JotaiProvider> : content;
}
