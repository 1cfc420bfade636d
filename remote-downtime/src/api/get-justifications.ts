import { queryOptions } from '@tanstack/react-query';
import type { JustificationList } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

export interface JustificationListFilter {
  factoryId: string;
  /** The lines shown; empty: every line of the factory (the api's default, so a line added later is included). */
  unitIds: readonly string[];
  hours: number;
}

function pathOf({ factoryId, unitIds, hours }: JustificationListFilter): string {
  const search = new URLSearchParams();
  if (unitIds.length > 0) search.set('production_unit_ids', unitIds.join(','));
  search.set('hours', String(hours));
  return `factories/${encodeURIComponent(factoryId)}/justifications?${search.toString()}`;
}

/** GET /factories/{id}/justifications: the recent downtimes of the lines, newest first, and the factory's reasons. */
export function getJustifications(filter: JustificationListFilter, signal?: AbortSignal): Promise<JustificationList> {
  return apiRequest<JustificationList>('api', pathOf(filter), { signal });
}

/** The list is live: a change on a line of the factory (a person's or a machine's) refetches it. */
export function justificationsQuery(filter: JustificationListFilter) {
  return queryOptions({
    queryKey: ['justifications', filter.factoryId, [...filter.unitIds], filter.hours] as const,
    queryFn: ({ signal }) => getJustifications(filter, signal),
    meta: LIVE_QUERY_META,
  });
}
