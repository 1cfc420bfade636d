import { useEffect, useState } from 'react';
import type { Language } from '@linepulse/contracts';

/** Waits between tries of a language's download that failed (offline for a moment, a server restarting). */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

export interface Shown<T> {
  language: Language;
  value: T;
}

/**
 * Something downloaded one language at a time (messages): `peek` gives it if it has arrived, `load`
 * downloads it (once; a failed download is tried again). Returns the language's own once it has arrived;
 * until then the one shown before (a change of language keeps the page as it was for the moment the new
 * one takes), or null on the very first render of a page that has none yet.
 */
export function useLanguageResource<T>(language: Language, peek: (language: Language) => T | undefined, load: (language: Language) => Promise<T>): Shown<T> | null {
  const ready = peek(language);
  const [shown, setShown] = useState<Shown<T> | null>(ready !== undefined ? { language, value: ready } : null);
  useEffect(() => {
    if (ready !== undefined) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number): void => {
      load(language).then(
        (value) => {
          if (!cancelled) setShown({ language, value });
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
    // `peek` and `load` read module-level caches: only the language and whether it has arrived matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, ready]);
  return ready !== undefined ? { language, value: ready } : shown;
}
