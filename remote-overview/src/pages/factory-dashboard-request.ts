import { factoryGroupOf, openingSelection, periodRequest, type PagePrefetchContext, type PeriodSelection, type Selection } from '@linepulse/shared';
import type { Factory, KpiGroupRequest, KpisByGroupsRequest } from '@linepulse/contracts';
import { kpisByGroupsQuery } from '../api/post-kpis-by-groups';
import { prefetchEarly } from '../api/use-early-query';

/** The factory's group (all its lines, or the lines of the new filters) and one group per line. */
export function dashboardGroups(factory: Factory, selection: Selection): { factoryGroup: KpiGroupRequest | null; lineGroups: KpiGroupRequest[] } {
  // New filters narrow the dashboard too; filters that leave none of this factory's lines show it whole.
  const base = factoryGroupOf(factory, selection);
  if (!base) return { factoryGroup: null, lineGroups: [] };
  const lineGroups = base.production_unit_ids.map((id) => ({
    ...base,
    name: factory.production_units.find((u) => u.id === id)?.name ?? id,
    production_unit_ids: [id],
  }));
  return { factoryGroup: base, lineGroups };
}

/** The dashboard's first call: the factory's figures for the period, with the 11 preceding periods (the tiles and the trend). */
export function dashboardFactoryRequest(period: PeriodSelection, factoryGroup: KpiGroupRequest | null): KpisByGroupsRequest {
  return { ...periodRequest(period), groups: factoryGroup ? [factoryGroup] : [], preceding_periods: true };
}

/**
 * The factory dashboard's prefetch (`routes.prefetch`): its tiles' call, asked as soon as the session has
 * answered, with the key the page's query uses. Nothing for the TV screen (`?tv=1`: a presenter's wall
 * display, which may rotate through factories), a factory that is not the user's, or a selection not
 * known yet.
 */
export async function prefetchFactoryDashboard(context: PagePrefetchContext): Promise<void> {
  if (context.search.get('tv') === '1') return;
  const opening = await openingSelection(context);
  const factory = opening?.factories.find((f) => f.id === context.params.factoryId);
  if (!opening || !factory) return;
  const { factoryGroup } = dashboardGroups(factory, opening.selection);
  if (!factoryGroup) return;
  await prefetchEarly(context.queryClient, kpisByGroupsQuery(dashboardFactoryRequest(opening.period, factoryGroup)));
}
