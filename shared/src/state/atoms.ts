import { atom } from 'jotai';
import {
  defaultPreferences,
  type Account,
  type CustomPeriod,
  type Factory,
  type FactoryProduct,
  type Preferences,
  type UnitWorkShifts,
  type UserClaims,
} from '@linepulse/contracts';
import { readStoredLanguage, readStoredTheme, storeLanguage, storeTheme } from '../theme/theme-storage';

/** Loading status of a piece of session data. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The signed-in user (from the ID token's claims); null when signed out. */
export const userAtom = atom<UserClaims | null>(null);

function initialPreferences(): Preferences {
  const base = defaultPreferences();
  return { ...base, theme: readStoredTheme(), language: readStoredLanguage() ?? base.language };
}

const loadedPreferencesAtom = atom<Preferences | null>(null);

/**
 * The user's preferences. Before they load (and when signed out) language and theme come from this
 * browser's local storage; every write keeps local storage in step so the next visit starts right.
 * Write through `useSavePreferences()` to also save them on the server.
 */
export const preferencesAtom = atom(
  (get): Preferences => get(loadedPreferencesAtom) ?? initialPreferences(),
  (_get, set, next: Preferences) => {
    set(loadedPreferencesAtom, next);
    storeTheme(next.theme);
    storeLanguage(next.language);
  },
);
export const preferencesStatusAtom = atom<LoadStatus>('idle');

/** Account settings from the dashboard API (refreshed hourly). */
export const accountAtom = atom<Account | null>(null);

export const factoriesAtom = atom<Factory[]>([]);
export const factoriesStatusAtom = atom<LoadStatus>('idle');

/** The factory the user works on; the first one after sign-in, then the last one visited. */
export const activeFactoryIdAtom = atom<string | null>(null);
export const activeFactoryAtom = atom((get): Factory | undefined => {
  const id = get(activeFactoryIdAtom);
  return get(factoriesAtom).find((factory) => factory.id === id);
});

export const customPeriodsAtom = atom<CustomPeriod[]>([]);
export const currenciesAtom = atom<string[]>([]);

/** A cached per-factory resource (product §4: kept 3600 s, checked every 120 s). */
export interface CacheEntry<T> {
  status: Exclude<LoadStatus, 'idle'>;
  data?: T;
  error?: unknown;
  /** When the data (or the failure) arrived, ms since epoch; the start time while loading. */
  fetchedAt: number;
}

export const factoryWorkShiftsCacheAtom = atom<Record<string, CacheEntry<UnitWorkShifts[]>>>({});
export const factoryProductsCacheAtom = atom<Record<string, CacheEntry<FactoryProduct[]>>>({});
