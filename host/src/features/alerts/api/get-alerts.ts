import { queryOptions } from '@tanstack/react-query';
import type { AlertList } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

/** What the bell shows: the newest alerts of the account, open or resolved. */
export const BELL_ALERTS_LIMIT = 20;

/** GET /alerts?status=all&limit=20: the account's newest alerts and how many in-app ones are not acknowledged. */
export function getBellAlerts(signal?: AbortSignal): Promise<AlertList> {
  return apiRequest<AlertList>('api', `alerts?status=all&limit=${BELL_ALERTS_LIMIT}`, { signal });
}

/**
 * The bell's query. Live (decision 49): an alert opened, resolved or acknowledged is announced on the
 * stream, which refetches it. Keyed under 'alerts', as the alerts page (remote-downtime) keys its own:
 * an acknowledgement on either refetches both.
 */
export function bellAlertsQuery() {
  return queryOptions({
    queryKey: ['alerts', 'bell'] as const,
    queryFn: ({ signal }) => getBellAlerts(signal),
    meta: LIVE_QUERY_META,
  });
}
