import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { IntlProvider, type ResolvedIntlConfig } from 'react-intl';
import { DEFAULT_LANGUAGE, type Language } from '@linepulse/contracts';
import { loadedMessages, loadMessages, type Messages } from './messages';

const onIntlError: ResolvedIntlConfig['onError'] = (error) => {
  // A message missing in a language falls back to its id; the key-parity test keeps that from happening.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.warn(`[intl] ${error.message}`);
};

/** Waits between tries of a language's download that failed (offline for a moment, a server restarting). */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

interface Shown {
  language: Language;
  messages: Messages;
}

/**
 * The messages to show for `language`: its own once they have arrived; until then those of the language
 * shown before (a change of language keeps the page as it was for the moment the new one takes), or null
 * on the very first render of a page that has none yet.
 */
function useLanguageMessages(language: Language): Shown | null {
  const ready = loadedMessages(language);
  const [shown, setShown] = useState<Shown | null>(ready ? { language, messages: ready } : null);
  useEffect(() => {
    if (ready) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number): void => {
      loadMessages(language).then(
        (messages) => {
          if (!cancelled) setShown({ language, messages });
        },
        (error: unknown) => {
          if (cancelled) return;
          console.warn(`[intl] the ${language} messages could not be loaded; trying again`, error);
          timer = setTimeout(() => attempt(tries + 1), RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
        },
      );
    };
    attempt(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [language, ready]);
  return ready ? { language, messages: ready } : shown;
}

export interface LinepulseIntlProviderProps {
  language: Language;
  children?: ReactNode;
}

/**
 * react-intl with the shell's messages for the language. Renders nothing until a language's messages
 * have arrived (the host asks for them first thing, so they are normally there before the shell renders).
 */
export function LinepulseIntlProvider({ language, children }: LinepulseIntlProviderProps): ReactElement | null {
  const shown = useLanguageMessages(language);
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.language} defaultLocale={DEFAULT_LANGUAGE} messages={shown.messages} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
