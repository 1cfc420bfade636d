import { queryOptions } from '@tanstack/react-query';
import type { AlertList } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

export interface AlertListFilter {
  /** open: only the alerts not resolved yet; all: the history. */
  status: 'open' | 'all';
  /** One factory's alerts; null: every factory of the account. */
  factoryId: string | null;
  /** How many of the newest (the api answers at most 500). */
  limit: number;
}

function pathOf({ status, factoryId, limit }: AlertListFilter): string {
  const search = new URLSearchParams({ status });
  if (factoryId !== null) search.set('factory_id', factoryId);
  search.set('limit', String(limit));
  return `alerts?${search.toString()}`;
}

/** GET /alerts: the account's alerts, newest first, and how many in-app ones are not acknowledged. */
export function getAlerts(filter: AlertListFilter, signal?: AbortSignal): Promise<AlertList> {
  return apiRequest<AlertList>('api', pathOf(filter), { signal });
}

/**
 * Live (decision 49): an alert opened, resolved or acknowledged is announced on the stream. Keyed under
 * 'alerts', as the header's bell keys its own (in the host): an acknowledgement here refetches the bell.
 */
export function alertsQuery(filter: AlertListFilter) {
  return queryOptions({
    queryKey: ['alerts', 'list', filter.status, filter.factoryId, filter.limit] as const,
    queryFn: ({ signal }) => getAlerts(filter, signal),
    meta: LIVE_QUERY_META,
  });
}
