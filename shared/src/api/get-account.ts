import type { Account } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET accounts/{accountId} on the dashboard API: the account settings. */
export function getAccount(accountId: string): Promise<Account> {
  return apiRequest<Account>('dashboard', `accounts/${encodeURIComponent(accountId)}`);
}
