import { groupsOf, openingSelection, periodRequest, type PagePrefetchContext, type PeriodSelection } from '@linepulse/shared';
import type { Factory, KpiGroupRequest, KpisByGroupsRequest } from '@linepulse/contracts';
import { kpisByGroupsQuery } from '../api/post-kpis-by-groups';
import { prefetchEarly } from '../api/use-early-query';

/** The factories the overview shows: those picked in its selector, or all of the user's. */
export function chosenFactories(factories: Factory[], selectedIds: readonly string[] | null): Factory[] {
  return selectedIds ? factories.filter((factory) => selectedIds.includes(factory.id)) : factories;
}

/** The overview's first call: each group's figures for the period, with the 11 preceding periods (the tiles' trend). */
export function overviewMainRequest(period: PeriodSelection, groups: KpiGroupRequest[]): KpisByGroupsRequest {
  return { ...periodRequest(period), groups, preceding_periods: true };
}

/**
 * The company overview's prefetch (`routes.prefetch`): its first call — the one its KPI tiles show —
 * asked as soon as the session has answered, with the key the page's query uses, so that the page joins
 * the request in flight or reads its answer. Nothing is asked when the opening selection cannot be known
 * yet (a saved filter still to be applied again) or has no lines.
 */
export async function prefetchCompanyOverview(context: PagePrefetchContext): Promise<void> {
  const opening = await openingSelection(context);
  if (!opening) return;
  const groups = groupsOf(opening.selection, chosenFactories(opening.factories, opening.selectedFactoryIds));
  if (groups.length === 0) return;
  await prefetchEarly(context.queryClient, kpisByGroupsQuery(overviewMainRequest(opening.period, groups)));
}
