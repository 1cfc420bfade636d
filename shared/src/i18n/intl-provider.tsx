import type { ReactElement, ReactNode } from 'react';
import { IntlProvider, type ResolvedIntlConfig } from 'react-intl';
import { DEFAULT_LANGUAGE, type Language } from '@linepulse/contracts';
import { loadedMessages, loadMessages } from './messages';
import { useLanguageResource } from './use-language-resource';

const onIntlError: ResolvedIntlConfig['onError'] = (error) => {
  // A message missing in a language falls back to its id; the key-parity test keeps that from happening.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.warn(`[intl] ${error.message}`);
};

export interface LinepulseIntlProviderProps {
  language: Language;
  children?: ReactNode;
}

/**
 * react-intl with the shell's messages for the language. Renders nothing until a language's messages
 * have arrived (the host asks for them first thing, so they are normally there before the shell renders).
 */
export function LinepulseIntlProvider({ language, children }: LinepulseIntlProviderProps): ReactElement | null {
  // The messages of the language once they have arrived; until then those shown before, or nothing.
  const shown = useLanguageResource(language, loadedMessages, loadMessages);
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.language} defaultLocale={DEFAULT_LANGUAGE} messages={shown.value} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
