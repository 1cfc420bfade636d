import { queryOptions } from '@tanstack/react-query';
import type { Alert, AlertList } from '@linepulse/contracts';
import { LIVE_QUERY_META } from '../live/use-live-updates';
import { apiRequest } from './http';

/** Which alerts a list asks for: the header's bell (the 20 newest) and the alerts page (its selection). */
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
 * A list of alerts. Live (decision 49): an alert opened, resolved or acknowledged is announced on the
 * stream. Every list is keyed under 'alerts' (the bell's and each selection of the alerts page): an
 * acknowledgement on either invalidates ['alerts'] and refetches both.
 */
export function alertsQuery(filter: AlertListFilter) {
  return queryOptions({
    queryKey: ['alerts', filter.status, filter.factoryId, filter.limit] as const,
    queryFn: ({ signal }) => getAlerts(filter, signal),
    meta: LIVE_QUERY_META,
  });
}

/** POST /alerts/{id}/acknowledge: the alert, acknowledged (by whoever did first). 403 JUST_ROLE_FORBIDDEN for the display role. */
export function postAlertAcknowledgement(alertId: string): Promise<Alert> {
  return apiRequest<Alert>('api', `alerts/${encodeURIComponent(alertId)}/acknowledge`, { method: 'POST' });
}
