import { isLanguage, type Language, type ThemeName } from '@linepulse/contracts';
import { themeFlags, themeFromFlags } from './themes';

/** Local storage keys of what must apply before the preferences arrive (home page, sign-in hints). */
export const DARK_FLAG_STORAGE_KEY = 'linepulse.dark';
export const ACCESSIBLE_FLAG_STORAGE_KEY = 'linepulse.accessible';
export const LANGUAGE_STORAGE_KEY = 'linepulse.language';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Product §4: dark is used unless the flag is stored as the string 'false'. */
export function readDarkFlag(store: Pick<Storage, 'getItem'> | null = storage()): boolean {
  return store?.getItem(DARK_FLAG_STORAGE_KEY) !== 'false';
}

export function readStoredTheme(store: Pick<Storage, 'getItem'> | null = storage()): ThemeName {
  return themeFromFlags({
    dark: readDarkFlag(store),
    accessible: store?.getItem(ACCESSIBLE_FLAG_STORAGE_KEY) === 'true',
  });
}

export function storeTheme(theme: ThemeName, store: Pick<Storage, 'setItem'> | null = storage()): void {
  const flags = themeFlags(theme);
  store?.setItem(DARK_FLAG_STORAGE_KEY, String(flags.dark));
  store?.setItem(ACCESSIBLE_FLAG_STORAGE_KEY, String(flags.accessible));
}

/** The last language used on this browser, else the browser's own when supported. */
export function readStoredLanguage(store: Pick<Storage, 'getItem'> | null = storage()): Language | null {
  const stored = store?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language?.slice(0, 2);
  return isLanguage(browser) ? browser : null;
}

export function storeLanguage(language: Language, store: Pick<Storage, 'setItem'> | null = storage()): void {
  store?.setItem(LANGUAGE_STORAGE_KEY, language);
}
