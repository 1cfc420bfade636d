/**
 * The alerts page's selection, kept in its address (`/alerts?status=open&factory=<id>`) so that a link,
 * a reload or the back button shows the same alerts.
 */
export interface AlertFilterState {
  status: 'open' | 'all';
  /** One of the user's factories, or null for all of them. */
  factoryId: string | null;
}

/** The first page's size, and what "Show more" adds: the api answers at most ALERTS_LIMIT_MAX. */
export const ALERTS_PAGE = 100;
export const ALERTS_LIMIT_MAX = 500;

/** The selection the address holds; anything unknown (a factory not the user's) reads as the default. */
export function alertFilterFromSearch(search: URLSearchParams, factoryIds: readonly string[]): AlertFilterState {
  const factory = search.get('factory');
  return {
    status: search.get('status') === 'open' ? 'open' : 'all',
    factoryId: factory !== null && factoryIds.includes(factory) ? factory : null,
  };
}

/** The address's parameters for a selection (defaults left out), keeping any other parameter. */
export function withAlertFilter(search: URLSearchParams, filter: AlertFilterState): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filter.status === 'open') next.set('status', 'open');
  else next.delete('status');
  if (filter.factoryId !== null) next.set('factory', filter.factoryId);
  else next.delete('factory');
  return next;
}

/** The next size of the list after "Show more", or null when the api gives no more. */
export function nextAlertsLimit(limit: number, shown: number): number | null {
  if (shown < limit || limit >= ALERTS_LIMIT_MAX) return null;
  return Math.min(limit + ALERTS_PAGE, ALERTS_LIMIT_MAX);
}
