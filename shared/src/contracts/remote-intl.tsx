import type { ComponentType, ReactElement, ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@linepulse/contracts';
import type { PreloadablePage } from './lazy-page';

export type RemoteMessages = Record<Language, Record<string, string>>;

/**
 * A remote ships its own translations (it is deployed apart from the host): this provider layers them
 * over the host's messages for the current language, so a remote page can use both.
 */
export function RemoteIntlProvider({ messages, children }: { messages: RemoteMessages; children: ReactNode }): ReactElement {
  const parent = useIntl();
  const language: Language = isLanguage(parent.locale) ? parent.locale : DEFAULT_LANGUAGE;
  return (
    <IntlProvider
      locale={parent.locale}
      defaultLocale={parent.defaultLocale}
      messages={{ ...parent.messages, ...messages[language] } as Record<string, string>}
      onError={parent.onError}
    >
      {children}
    </IntlProvider>
  );
}

/** Wraps a remote page so it renders with the remote's own translations layered over the host's. */
export function withRemoteMessages(messages: RemoteMessages, Page: ComponentType): ComponentType {
  function PageWithMessages(): ReactElement {
    return (
      <RemoteIntlProvider messages={messages}>
        <Page />
      </RemoteIntlProvider>
    );
  }
  PageWithMessages.displayName = `WithRemoteMessages(${Page.displayName ?? Page.name ?? 'Page'})`;
  // A lazy page stays preloadable through its messages.
  const preload = (Page as PreloadablePage).preload;
  return preload ? Object.assign(PageWithMessages, { preload }) : PageWithMessages;
}

/** Keys present in one language but missing in another, as `fr: some.key`; empty when complete. */
export function missingTranslations(messages: RemoteMessages): string[] {
  const all = new Set(Object.values(messages).flatMap((m) => Object.keys(m)));
  return (Object.keys(messages) as Language[]).flatMap((language) =>
    [...all].filter((key) => !(key in messages[language])).map((key) => `${language}: ${key}`),
  );
}
