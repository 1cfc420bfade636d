import type { Language } from '@linepulse/contracts';

/** What is downloaded one language at a time (the platform's messages, a remote's), kept once it has arrived. */
export interface LanguageCache<T> {
  /** Downloads a language once; a failed download is tried again on the next call. */
  load: (language: Language) => Promise<T>;
  /** The language if it has arrived, else undefined. */
  peek: (language: Language) => T | undefined;
  /** Tests only: as on a page that has just started, nothing has arrived. */
  forget: () => void;
}

export function languageCache<T>(loaders: Record<Language, () => Promise<T>>): LanguageCache<T> {
  const arrived = new Map<Language, T>();
  const inFlight = new Map<Language, Promise<T>>();
  return {
    load: (language) => {
      let download = inFlight.get(language);
      if (!download) {
        download = loaders[language]().then((value) => {
          arrived.set(language, value);
          return value;
        });
        download.catch(() => inFlight.delete(language));
        inFlight.set(language, download);
      }
      return download;
    },
    peek: (language) => arrived.get(language),
    forget: () => {
      arrived.clear();
      inFlight.clear();
    },
  };
}
