import type { ReactElement, ReactNode } from 'react';
import { IntlProvider, type ResolvedIntlConfig } from 'react-intl';
import { DEFAULT_LANGUAGE, type Language } from '@linepulse/contracts';
import { MESSAGES } from './messages';

const onIntlError: ResolvedIntlConfig['onError'] = (error) => {
  // A message missing in a language falls back to its id; the key-parity test keeps that from happening.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.warn(`[intl] ${error.message}`);
};

export interface LinepulseIntlProviderProps {
  language: Language;
  children?: ReactNode;
}

/** react-intl with the shell's messages for the language. */
export function LinepulseIntlProvider({ language, children }: LinepulseIntlProviderProps): ReactElement {
  return (
    <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={MESSAGES[language]} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
