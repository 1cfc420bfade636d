import { queryOptions } from '@tanstack/react-query';
import { ACCOUNT_SETTINGS_REFRESH_MS, type Account } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET accounts/{accountId} on the dashboard API: the account settings. */
export function getAccount(accountId: string, signal?: AbortSignal): Promise<Account> {
  return apiRequest<Account>('dashboard', `accounts/${encodeURIComponent(accountId)}`, { signal });
}

/** The account settings, loaded at sign-in and refreshed every hour (product §4), tab shown or not. */
export function accountQuery(accountId: string) {
  return queryOptions({
    queryKey: ['accounts', accountId] as const,
    queryFn: ({ signal }) => getAccount(accountId, signal),
    staleTime: ACCOUNT_SETTINGS_REFRESH_MS,
    gcTime: Infinity,
    refetchInterval: ACCOUNT_SETTINGS_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}
