import { queryOptions } from '@tanstack/react-query';
import { alertsQuery } from '@linepulse/shared';

/**
 * What the bell shows: the account's 20 newest alerts, open or resolved. Asked with the session's calls
 * at start-up (prefetchSessionData), so the header's bell finds the answer there instead of asking once
 * it renders; the live stream refetches it when an alert changes, so an answer is fresh for a while.
 */
export const BELL_ALERTS = queryOptions({ ...alertsQuery({ status: 'all', factoryId: null, limit: 20 }), staleTime: 30_000 });
