import { queryOptions } from '@tanstack/react-query';
import type { OpportunityUnit, OpportunityUnitRequest } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST /opportunities/unit: one unit's summary, distribution, trend and breakdowns for one kind. */
export function postOpportunityUnit(body: OpportunityUnitRequest, signal?: AbortSignal): Promise<OpportunityUnit> {
  return apiRequest<OpportunityUnit>('api', 'opportunities/unit', { method: 'POST', body, signal });
}

/** The page's figures of one choice and period (one request in flight per body). */
export function opportunityUnitQuery(body: OpportunityUnitRequest) {
  return queryOptions({ queryKey: ['opportunity-unit', body] as const, queryFn: ({ signal }) => postOpportunityUnit(body, signal) });
}
