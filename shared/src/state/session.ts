import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { getAccount } from '../api/get-account';
import { getCurrencyList } from '../api/get-currency-list';
import { getCustomPeriods } from '../api/get-custom-periods';
import { getPreferences } from '../api/get-preferences';
import { getUserFactories } from '../api/get-user-factories';
import { errorMessage } from '../i18n/translate-api-errors';
import { ACCOUNT_SETTINGS_REFRESH_MS, type UserClaims } from '@linepulse/contracts';
import type { Notifier } from '../services/services';
import {
  accountAtom,
  activeFactoryIdAtom,
  currenciesAtom,
  customPeriodsAtom,
  factoriesAtom,
  factoriesStatusAtom,
  preferencesAtom,
  preferencesStatusAtom,
} from './atoms';
import { useNotifier } from './notifier';

type Store = ReturnType<typeof useStore>;

export interface SessionLoadOptions {
  /** false when the embedding product sets language and theme itself. */
  preferences?: boolean;
}

function report(notifier: Notifier, intl: IntlShape, error: unknown): void {
  const text = errorMessage(intl, error);
  if (text) notifier.error(text);
}

/**
 * What the product loads on sign-in (product §4): preferences (normalised), then for a user enabled for
 * the product, factories (the first one becomes active), account settings, custom periods and
 * currencies. Failures are reported through the notifier; each part fails on its own.
 */
export async function loadSessionData(
  store: Store,
  user: UserClaims,
  notifier: Notifier,
  intl: IntlShape,
  options: SessionLoadOptions = {},
): Promise<void> {
  const tasks: Promise<unknown>[] = [];
  if (options.preferences !== false) {
    store.set(preferencesStatusAtom, 'loading');
    tasks.push(
      getPreferences().then(
        (preferences) => {
          store.set(preferencesAtom, preferences);
          store.set(preferencesStatusAtom, 'ready');
        },
        () => {
          store.set(preferencesStatusAtom, 'error');
          notifier.error(intl.formatMessage({ id: 'error.preferencesLoad' }));
        },
      ),
    );
  }
  if (user.is_tilelytics) {
    store.set(factoriesStatusAtom, 'loading');
    tasks.push(
      getUserFactories().then(
        (factories) => {
          store.set(factoriesAtom, factories);
          const active = store.get(activeFactoryIdAtom);
          if (!active || !factories.some((factory) => factory.id === active)) {
            store.set(activeFactoryIdAtom, factories[0]?.id ?? null);
          }
          store.set(factoriesStatusAtom, 'ready');
        },
        (error: unknown) => {
          store.set(factoriesStatusAtom, 'error');
          report(notifier, intl, error);
        },
      ),
      refreshAccount(store, user, notifier, intl),
      getCustomPeriods().then((periods) => store.set(customPeriodsAtom, periods), (error: unknown) => report(notifier, intl, error)),
      getCurrencyList().then((currencies) => store.set(currenciesAtom, currencies), (error: unknown) => report(notifier, intl, error)),
    );
  }
  await Promise.all(tasks);
}

async function refreshAccount(store: Store, user: UserClaims, notifier: Notifier, intl: IntlShape): Promise<void> {
  if (!user.account_id) return;
  try {
    store.set(accountAtom, await getAccount(user.account_id));
  } catch (error) {
    report(notifier, intl, error);
  }
}

/**
 * Loads the session data whenever the signed-in user changes, and refreshes the account settings
 * every hour (product §4). The host mounts it once; an embedding product may too.
 */
export function useSessionData(user: UserClaims | null, options: SessionLoadOptions = {}): void {
  const store = useStore();
  const notifier = useNotifier();
  const intl = useIntl();
  const loadPreferences = options.preferences !== false;
  const userId = user?.user_id;
  useEffect(() => {
    if (!user) return undefined;
    void loadSessionData(store, user, notifier, intl, { preferences: loadPreferences });
    if (!user.is_tilelytics) return undefined;
    const timer = setInterval(() => void refreshAccount(store, user, notifier, intl), ACCOUNT_SETTINGS_REFRESH_MS);
    return () => clearInterval(timer);
    // Reload only when another user signs in, not when the language (intl) changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, store, loadPreferences]);
}
