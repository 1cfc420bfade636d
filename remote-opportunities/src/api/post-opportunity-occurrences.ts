import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OpportunityOccurrences, OpportunityOccurrencesRequest } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST /opportunities/occurrences: one page of a unit's occurrences, sorted on the server. */
export function postOpportunityOccurrences(body: OpportunityOccurrencesRequest, signal?: AbortSignal): Promise<OpportunityOccurrences> {
  return apiRequest<OpportunityOccurrences>('api', 'opportunities/occurrences', { method: 'POST', body, signal });
}

/** One page; the page shown stays on screen while the next one loads. */
export function opportunityOccurrencesQuery(body: OpportunityOccurrencesRequest) {
  return queryOptions({
    queryKey: ['opportunity-occurrences', body] as const,
    queryFn: ({ signal }) => postOpportunityOccurrences(body, signal),
    placeholderData: keepPreviousData,
  });
}
