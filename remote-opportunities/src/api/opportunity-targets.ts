import { queryOptions } from '@tanstack/react-query';
import type { OpportunityTargetRequest, OpportunityTargets } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** GET /opportunities/targets: a factory's per-unit targets and its planned reasons with a target. */
export function getOpportunityTargets(factoryId: string, signal?: AbortSignal): Promise<OpportunityTargets> {
  return apiRequest<OpportunityTargets>('api', `opportunities/targets?factory_id=${encodeURIComponent(factoryId)}`, { signal });
}

export function opportunityTargetsQuery(factoryId: string) {
  return queryOptions({ queryKey: ['opportunity-targets', factoryId] as const, queryFn: ({ signal }) => getOpportunityTargets(factoryId, signal) });
}

/** PUT /opportunities/targets: sets (null: clears) one unit's target for one kind. */
export function putOpportunityTarget(body: OpportunityTargetRequest): Promise<void> {
  return apiRequest<void>('api', 'opportunities/targets', { method: 'PUT', body });
}
