import type { ThemeName } from '@linepulse/contracts';
import { browserStorage as storage } from '../i18n/language-storage';
import { themeFlags, themeFromFlags } from './themes';

/** Local storage keys of what must apply before the preferences arrive (home page, sign-in hints). */
export const DARK_FLAG_STORAGE_KEY = 'linepulse.dark';
export const ACCESSIBLE_FLAG_STORAGE_KEY = 'linepulse.accessible';

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

// The language is stored beside the theme; its functions live apart so the host's entry can read it
// before the platform has loaded (`@linepulse/shared/early`).
export { LANGUAGE_STORAGE_KEY, readStoredLanguage, storeLanguage } from '../i18n/language-storage';
