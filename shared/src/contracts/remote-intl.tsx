import type { ComponentType, ReactElement, ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@linepulse/contracts';
import { languageCache, type LanguageCache } from '../i18n/language-cache';
import { readStoredLanguage } from '../i18n/language-storage';
import { useLanguageResource } from '../i18n/use-language-resource';
import type { PreloadablePage } from './lazy-page';

export type RemoteMessages = Record<Language, Record<string, string>>;

/**
 * A remote's own translations one language at a time (2.1.0): each loader downloads one language, e.g.
 * `() => import('./messages/fr').then((m) => m.fr)`, so a page downloads the language it shows only
 * (decision 57).
 */
export type RemoteMessageLoaders = Record<Language, () => Promise<Record<string, string>>>;

const isLoaders = (messages: RemoteMessages | RemoteMessageLoaders): messages is RemoteMessageLoaders => typeof messages.en === 'function';

/** One cache per remote's loaders: each language downloaded once. */
const caches = new WeakMap<RemoteMessageLoaders, LanguageCache<Record<string, string>>>();

function cacheOf(loaders: RemoteMessageLoaders): LanguageCache<Record<string, string>> {
  let cache = caches.get(loaders);
  if (!cache) caches.set(loaders, (cache = languageCache(loaders)));
  return cache;
}

/** Downloads a language of a remote's messages once; a failed download is tried again on the next call. */
export function loadRemoteMessages(loaders: RemoteMessageLoaders, language: Language): Promise<Record<string, string>> {
  return cacheOf(loaders).load(language);
}

/**
 * A remote ships its own translations (it is deployed apart from the host): this provider layers them
 * over the host's messages for the current language, so a remote page can use both. Given loaders, it
 * draws nothing until the remote's language has arrived, and keeps the previous one during a change.
 */
export function RemoteIntlProvider({ messages, children }: { messages: RemoteMessages | RemoteMessageLoaders; children: ReactNode }): ReactElement | null {
  const parent = useIntl();
  const language: Language = isLanguage(parent.locale) ? parent.locale : DEFAULT_LANGUAGE;
  // Messages given whole are all there at once; loaders bring one language at a time.
  const source = isLoaders(messages) ? cacheOf(messages) : { peek: (wanted: Language) => messages[wanted], load: (wanted: Language) => Promise.resolve(messages[wanted]) };
  const own = useLanguageResource(language, source.peek, source.load);
  if (!own) return null;
  return (
    <IntlProvider
      locale={parent.locale}
      defaultLocale={parent.defaultLocale}
      messages={{ ...parent.messages, ...own.value } as Record<string, string>}
      onError={parent.onError}
    >
      {children}
    </IntlProvider>
  );
}

/**
 * Wraps a remote page so it renders with the remote's own translations layered over the host's. With
 * loaders, preloading the page (the host does at start, from the address) also asks for the remote's
 * messages in the language this browser last showed, so they travel with the page's code.
 */
export function withRemoteMessages(messages: RemoteMessages | RemoteMessageLoaders, Page: ComponentType): ComponentType {
  function PageWithMessages(): ReactElement {
    return (
      <RemoteIntlProvider messages={messages}>
        <Page />
      </RemoteIntlProvider>
    );
  }
  PageWithMessages.displayName = `WithRemoteMessages(${Page.displayName ?? Page.name ?? 'Page'})`;
  // A lazy page stays preloadable through its messages.
  const preloadPage = (Page as PreloadablePage).preload;
  if (!isLoaders(messages)) return preloadPage ? Object.assign(PageWithMessages, { preload: preloadPage }) : PageWithMessages;
  const preload = (): Promise<unknown> =>
    Promise.all([loadRemoteMessages(messages, readStoredLanguage() ?? DEFAULT_LANGUAGE), preloadPage?.()]);
  return Object.assign(PageWithMessages, { preload });
}

/** Keys present in one language but missing in another, as `fr: some.key`; empty when complete. */
export function missingTranslations(messages: RemoteMessages): string[] {
  const all = new Set(Object.values(messages).flatMap((m) => Object.keys(m)));
  return (Object.keys(messages) as Language[]).flatMap((language) =>
    [...all].filter((key) => !(key in messages[language])).map((key) => `${language}: ${key}`),
  );
}
