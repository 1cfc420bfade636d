import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsWindow } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** Potential gain: time (ms and hours), units, and money for users with financial access only. */
export interface Gain {
  lost_ms: number;
  gain_hours: number;
  gain_units: number;
  /** One entry per currency; only for users with financial access. */
  gain_currency?: { amount: number; currency: string }[];
}

export interface OpportunityOccurrence extends Gain {
  production_unit_id: string;
  factory_id: string;
  at: string;
  downtimes: { start_time: string; end_time: string; lost_ms: number }[];
  from_work_shift_id?: string;
  to_work_shift_id?: string;
  work_shift_id?: string;
  from_product_id?: string;
  to_product_id?: string;
  downtime_reason_id?: string;
  downtime_reason?: string;
  target_seconds?: number;
}

export interface Opportunity {
  occurrences: OpportunityOccurrence[];
  per_unit: (Gain & { production_unit_id: string; production_unit_name: string; factory_id: string })[];
  per_factory: (Gain & { factory_id: string; factory_name: string })[];
  company: Gain;
}

export const OPPORTUNITY_KINDS = ['shift_changes', 'line_starts', 'product_changes', 'planned_downtime_above_target'] as const;
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number];

export type OpportunitiesResponse = { start_time: string | null; end_time: string | null } & Record<OpportunityKind, Opportunity>;

export interface OpportunitiesRequest extends AnalyticsWindow {
  factory_id?: string;
  company?: boolean;
  production_unit_ids?: string[];
}

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
