import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import {
  accountQuery,
  activeFactoryIdAtom,
  currenciesQuery,
  customPeriodsQuery,
  errorMessage,
  preferencesQuery,
  storeLanguage,
  storeTheme,
  useNotifier,
  userFactoriesQuery,
} from '@linepulse/shared';
import type { Factory, UserClaims } from '@linepulse/contracts';
import { BELL_ALERTS } from '../alerts/bell-alerts';

/** Says a failure once (each failed attempt once), with a fixed message or the api's translated errors. */
function useReportFailure(query: UseQueryResult<unknown>, messageId?: string): void {
  const notifier = useNotifier();
  const intl = useIntl();
  const reported = useRef(0);
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!error || reported.current === errorUpdatedAt) return;
    reported.current = errorUpdatedAt;
    const text = messageId ? intl.formatMessage({ id: messageId }) : errorMessage(intl, error);
    if (text) notifier.error(text);
  }, [error, errorUpdatedAt, messageId, notifier, intl]);
}

/** The first factory becomes the active one when none is (or the active one is not the user's). */
function useFirstFactoryActive(factories: Factory[] | undefined): void {
  const [activeId, setActiveId] = useAtom(activeFactoryIdAtom);
  useEffect(() => {
    if (!factories) return;
    if (!activeId || !factories.some((factory) => factory.id === activeId)) setActiveId(factories[0]?.id ?? null);
  }, [factories, activeId, setActiveId]);
}

/** Which of the session's calls a user gets (product §4): the one rule for the hooks and the start-up's prefetch. */
function sessionCalls(user: UserClaims | null): { preferences: boolean; product: boolean; account: boolean } {
  const product = !!user?.is_tilelytics;
  return { preferences: user !== null, product, account: product && !!user?.account_id };
}

/**
 * Starts the session's calls as soon as the user is known at start-up, by the same rule as
 * useSessionData, whose queries then find them under way or answered (same keys, long stale times).
 */
export function prefetchSessionData(queryClient: QueryClient, user: UserClaims): void {
  const calls = sessionCalls(user);
  if (calls.preferences) void queryClient.prefetchQuery(preferencesQuery());
  if (calls.product) {
    void queryClient.prefetchQuery(userFactoriesQuery());
    void queryClient.prefetchQuery(customPeriodsQuery());
    void queryClient.prefetchQuery(currenciesQuery());
    // The header's bell, shown to the same users: its call goes with the others, not after the shell renders.
    void queryClient.prefetchQuery(BELL_ALERTS);
  }
  if (calls.account) void queryClient.prefetchQuery(accountQuery(user.account_id));
}

/**
 * What the product loads on sign-in (product §4), into the page's one cache where the platform's
 * read-only hooks hand it to every remote: preferences (normalised) for anyone signed in; for a user
 * enabled for the product, factories (the first one becomes active), account settings (refreshed every
 * hour by their query), custom periods and currencies. Each part fails on its own and says so through
 * the notifier. The keys are not per user: signing in or out is a page load (a redirect), so each
 * user starts with an empty cache.
 */
export function useSessionData(user: UserClaims | null): void {
  const calls = sessionCalls(user);
  const preferences = useQuery({ ...preferencesQuery(), enabled: calls.preferences });
  const factories = useQuery({ ...userFactoriesQuery(), enabled: calls.product });
  const account = useQuery({ ...accountQuery(user?.account_id ?? ''), enabled: calls.account });
  const customPeriods = useQuery({ ...customPeriodsQuery(), enabled: calls.product });
  const currencies = useQuery({ ...currenciesQuery(), enabled: calls.product });

  useReportFailure(preferences, 'error.preferencesLoad');
  useReportFailure(factories);
  useReportFailure(account);
  useReportFailure(customPeriods);
  useReportFailure(currencies);
  useFirstFactoryActive(factories.data);

  // The next visit starts in the user's language and theme before the server answers.
  const loaded = preferences.data;
  useEffect(() => {
    if (!loaded) return;
    storeTheme(loaded.theme);
    storeLanguage(loaded.language);
  }, [loaded]);
}
