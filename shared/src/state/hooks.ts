import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { defaultPreferences, type Account, type CustomPeriod, type Factory, type Preferences, type UserClaims } from '@linepulse/contracts';
import { accountQuery } from '../api/get-account';
import { currenciesQuery } from '../api/get-currency-list';
import { customPeriodsQuery } from '../api/get-custom-periods';
import { preferencesQuery } from '../api/get-preferences';
import { userFactoriesQuery } from '../api/get-user-factories';
import { readStoredLanguage, readStoredTheme } from '../theme/theme-storage';
import { activeFactoryIdAtom, userAtom } from './atoms';
import { loadStatusOf, type LoadStatus } from './load-status';

/*
 * The read-only session remotes use. These hooks never start a load (`enabled: false`): the host loads
 * the session at sign-in, an embed loads its own, and a reader re-renders when the data arrives. Empty
 * values are module constants so that memoised consumers see the same reference until data comes.
 */
const NO_FACTORIES: Factory[] = [];
const NO_CUSTOM_PERIODS: CustomPeriod[] = [];
const NO_CURRENCIES: string[] = [];

/** The signed-in user, or null. */
export function useUser(): UserClaims | null {
  return useAtomValue(userAtom);
}

/** The user's factories (empty until loaded). */
export function useFactories(): Factory[] {
  return useQuery({ ...userFactoriesQuery(), enabled: false }).data ?? NO_FACTORIES;
}

export function useFactoriesStatus(): LoadStatus {
  return loadStatusOf(useQuery({ ...userFactoriesQuery(), enabled: false }));
}

/**
 * The factory of the route's `:factoryId` when the route has one, else the active factory. Undefined
 * while factories load, or when the route names a factory the user cannot see.
 */
export function useActiveFactory(): Factory | undefined {
  const { factoryId } = useParams();
  const factories = useFactories();
  const activeId = useAtomValue(activeFactoryIdAtom);
  const id = factoryId ?? activeId;
  return factories.find((factory) => factory.id === id);
}

/** The signed-in user's account settings (refreshed hourly by whoever loads the session), or null. */
export function useAccount(): Account | null {
  const accountId = useUser()?.account_id ?? '';
  return useQuery({ ...accountQuery(accountId), enabled: false }).data ?? null;
}

export function useCustomPeriods(): CustomPeriod[] {
  return useQuery({ ...customPeriodsQuery(), enabled: false }).data ?? NO_CUSTOM_PERIODS;
}

export function useCurrencies(): string[] {
  return useQuery({ ...currenciesQuery(), enabled: false }).data ?? NO_CURRENCIES;
}

/** What applies before the preferences load (and when signed out): language and theme of this browser. */
export function initialPreferences(): Preferences {
  const base = defaultPreferences();
  return { ...base, theme: readStoredTheme(), language: readStoredLanguage() ?? base.language };
}

/** The user's preferences; before they load, and when signed out, this browser's language and theme. */
export function usePreferences(): Preferences {
  const [initial] = useState(initialPreferences);
  return useQuery({ ...preferencesQuery(), enabled: false }).data ?? initial;
}

/** Whether the preferences are loaded; 'idle' where nobody loads them (an embed sets its own). */
export function usePreferencesStatus(): LoadStatus {
  return loadStatusOf(useQuery({ ...preferencesQuery(), enabled: false }));
}
