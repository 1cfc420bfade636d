import { queryOptions } from '@tanstack/react-query';
import type { OpportunitiesRequest, OpportunitiesResponse } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

export const OPPORTUNITY_KINDS = ['shift_changes', 'line_starts', 'product_changes', 'planned_downtime_above_target'] as const satisfies readonly (keyof OpportunitiesResponse)[];
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number];

/** POST /opportunities: shift changes, line starts, product changes and planned downtime above target. */
export function postOpportunities(body: OpportunitiesRequest, signal?: AbortSignal): Promise<OpportunitiesResponse> {
  return apiRequest<OpportunitiesResponse>('api', 'opportunities', { method: 'POST', body, signal });
}

/** Opportunities of one request body (the company's, or the lines in scope). */
export function opportunitiesQuery(body: OpportunitiesRequest) {
  return queryOptions({
    queryKey: ['opportunities', body] as const,
    queryFn: ({ signal }) => postOpportunities(body, signal),
  });
}
