import { isLanguage, type Language } from '@linepulse/contracts';

export const LANGUAGE_STORAGE_KEY = 'linepulse.language';

/** The browser's local storage, or null where it is not there or refused (private modes, tests). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The last language used on this browser, else the browser's own when supported. */
export function readStoredLanguage(store: Pick<Storage, 'getItem'> | null = browserStorage()): Language | null {
  const stored = store?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language?.slice(0, 2);
  return isLanguage(browser) ? browser : null;
}

export function storeLanguage(language: Language, store: Pick<Storage, 'setItem'> | null = browserStorage()): void {
  store?.setItem(LANGUAGE_STORAGE_KEY, language);
}
