import { Type, type Static } from 'typebox';
import { IsoDate, Uuid } from './common';

// Wire schemas of the analytics calls (product §7, plus KPIs by groups and opportunities). The api
// validates and serialises with them; the apps take their types from them (analytics-contracts.ts).

export const TimeRangeOptionSchema = Type.Enum([
  'day', 'lastday', 'week', 'lastweek', 'last7days', 'last30days', 'last90days',
  'month', 'lastmonth', 'year', 'current_custom_period', 'last_custom_period', 'time_range',
] as const);
export const IntervalSchema = Type.Enum(['hour', 'day', 'week', 'month'] as const);
export const DowntimeTypeSchema = Type.Enum(['planned', 'unplanned', 'unjustified'] as const);

/**
 * A number or null, as one JSON-schema type list rather than a union: the response serializer writes a
 * type list inline, while a union is checked by a validator for every value — thousands of times in a
 * heatmap's answer.
 */
export const Nullable = (options: { description?: string } = {}) => Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });

export const windowProps = {
  time_option: Type.Optional(TimeRangeOptionSchema),
  start_date: Type.Optional(Type.Union([IsoDate], { description: 'time_range only: first production day (yyyy-LL-dd)' })),
  end_date: Type.Optional(Type.Union([IsoDate], { description: 'time_range only: last production day, inclusive' })),
  start: Type.Optional(Type.String({ format: 'date-time', description: 'explicit window start (instead of time_option)' })),
  end: Type.Optional(Type.String({ format: 'date-time', description: 'explicit window end, exclusive' })),
};
export const AnalyticsWindowSchema = Type.Object(windowProps);

export const UnitsBodySchema = Type.Object({
  ...windowProps,
  production_unit_ids: Type.Optional(Type.Array(Uuid, { description: 'at least one unit of the caller’s account' })),
  work_shift_ids: Type.Optional(Type.Array(Uuid, { description: 'only time inside these shifts' })),
  product_ids: Type.Optional(Type.Array(Uuid, { description: 'only time while these products run' })),
  interval: Type.Optional(IntervalSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

const measures = {
  availability_rate: Nullable({ description: 'percent; null = N/D' }),
  downtime_occurrences: Type.Integer(),
  total: Type.Number({ description: 'ms' }),
  planned: Type.Number({ description: 'ms' }),
  unplanned: Type.Number({ description: 'ms' }),
  unjustified: Type.Number({ description: 'ms' }),
  in_production: Type.Number({ description: 'scheduled time, ms' }),
  uptime: Type.Number({ description: 'ms' }),
};
export const DowntimeMeasuresSchema = Type.Object(measures);
export const DowntimeInfoSchema = Type.Object({ production_unit_id: Uuid, production_unit_name: Type.String(), ...measures });
export const DowntimeIntervalSchema = Type.Object({ start_time: Type.String(), end_time: Type.String(), ...measures });
export const IntervalStatsSchema = Type.Object({
  production_unit_id: Uuid,
  production_unit_name: Type.String(),
  downtimes_per_interval: Type.Array(DowntimeIntervalSchema),
});
export const TopReasonSchema = Type.Object({
  downtime_reason_id: Uuid,
  downtime_reason: Type.String(),
  category: Type.String(),
  is_planned: Type.Boolean(),
  total_downtime_duration_seconds: Type.Number(),
});
export const DowntimesSummarySchema = Type.Object({
  justification_type_count_summary: Type.Object({
    planned: Type.Integer(), unplanned: Type.Integer(), unjustified: Type.Integer(), mixed: Type.Integer(), partially_justified: Type.Integer(),
  }),
  top_unplanned_downtimes: Type.Array(Type.Object({ downtime_reason_id: Uuid, downtime_reason: Type.String(), category: Type.String(), total_downtime_duration_seconds: Type.Number() })),
  top_downtime_categories: Type.Array(Type.Object({ category: Type.String(), total_downtime_duration_seconds: Type.Number() })),
});

const kpiProps = {
  calendar_ms: Type.Number(),
  scheduled_ms: Type.Number({ description: 'scheduled time ST (in production), ms' }),
  planned_production_ms: Type.Number({ description: 'planned production time PPT = ST − planned downtime, ms (whatever downtime types are reported)' }),
  ideal_production_ms: Type.Number({ description: 'Σ count × ideal cycle time of its product, ms: the time the units made should have taken' }),
  planned_downtime_ms: Type.Number({ description: 'ms; 0 unless planned is among the reported downtime types' }),
  unplanned_downtime_ms: Type.Number({ description: 'ms; 0 unless unplanned is among the reported downtime types' }),
  unjustified_downtime_ms: Type.Number({ description: 'ms; 0 unless unjustified is among the reported downtime types' }),
  uptime_ms: Type.Number(),
  good: Type.Number(),
  rejected: Type.Number(),
  downtime_occurrences: Type.Integer(),
  availability: Nullable({ description: 'fraction 0–1; null = N/D' }),
  ooe_availability: Nullable(),
  performance: Nullable(),
  quality: Nullable(),
  oee: Nullable(),
  ooe: Nullable(),
  teep: Nullable(),
};
export const KpisSchema = Type.Object(kpiProps);
export const PeriodKpisSchema = Type.Object({ start_time: Type.String(), end_time: Type.String(), ...kpiProps });

export const KpiGroupRequestSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  factory_id: Uuid,
  production_unit_ids: Type.Array(Uuid),
  work_shift_ids: Type.Optional(Type.Array(Uuid)),
  product_ids: Type.Optional(Type.Array(Uuid)),
  downtime_types: Type.Optional(Type.Array(DowntimeTypeSchema, { description: 'which downtime durations are reported (the indicators always use all of them)' })),
});
export const KpisBodySchema = Type.Object({
  ...windowProps,
  interval: Type.Optional(IntervalSchema),
  preceding_periods: Type.Optional(Type.Boolean({ description: 'also the 11 preceding periods of the same kind' })),
  groups: Type.Optional(Type.Array(KpiGroupRequestSchema, { maxItems: 50 })),
});
export const KpiGroupResultSchema = Type.Object({
  name: Type.String(),
  factory_id: Uuid,
  start_time: Type.String(),
  end_time: Type.String(),
  total: KpisSchema,
  interval: Type.Optional(IntervalSchema),
  intervals: Type.Optional(Type.Array(PeriodKpisSchema)),
  preceding_periods: Type.Optional(Type.Array(PeriodKpisSchema, { description: 'the 11 preceding periods, oldest first' })),
});
export const KpisResponseSchema = Type.Object({ groups: Type.Array(KpiGroupResultSchema) });

const gainProps = {
  lost_ms: Type.Number(),
  gain_hours: Type.Number(),
  gain_units: Type.Number({ description: 'time × ideal rate of the product running' }),
  gain_currency: Type.Optional(Type.Array(Type.Object({ amount: Type.Number(), currency: Type.String() }), { description: 'financial users only; one entry per currency' })),
};
export const GainSchema = Type.Object(gainProps);
export const OpportunityOccurrenceSchema = Type.Object({
  production_unit_id: Uuid,
  factory_id: Uuid,
  at: Type.String(),
  downtimes: Type.Array(Type.Object({ start_time: Type.String(), end_time: Type.String(), lost_ms: Type.Number() })),
  from_work_shift_id: Type.Optional(Type.String()),
  to_work_shift_id: Type.Optional(Type.String()),
  work_shift_id: Type.Optional(Type.String()),
  from_product_id: Type.Optional(Type.String()),
  to_product_id: Type.Optional(Type.String()),
  downtime_reason_id: Type.Optional(Type.String()),
  downtime_reason: Type.Optional(Type.String()),
  target_seconds: Type.Optional(Type.Number()),
  target_ms: Type.Optional(Type.Number({ description: 'the target of this occurrence (docs/decisions/0025)' })),
  excess_ms: Type.Optional(Type.Number({ description: 'the loss beyond the target: the potential gain' })),
  ...gainProps,
});
export const OpportunitySchema = Type.Object({
  occurrences: Type.Array(OpportunityOccurrenceSchema, { description: 'one page: by time, then line; `limit` from `offset`' }),
  occurrences_total: Type.Integer({ description: 'occurrences in the whole window' }),
  next_offset: Type.Union([Type.Integer(), Type.Null()], { description: 'the offset of the next page; null on the last' }),
  per_unit: Type.Array(Type.Object({ production_unit_id: Uuid, production_unit_name: Type.String(), factory_id: Uuid, ...gainProps })),
  per_factory: Type.Array(Type.Object({ factory_id: Uuid, factory_name: Type.String(), ...gainProps })),
  company: GainSchema,
  per_reason: Type.Optional(Type.Array(
    Type.Object({ production_unit_id: Uuid, factory_id: Uuid, downtime_reason_id: Uuid, downtime_reason: Type.String(), ...gainProps }),
    { description: 'planned downtime above target only: per line and reason, over the whole window' },
  )),
});
export const OpportunitiesBodySchema = Type.Object({
  ...windowProps,
  factory_id: Type.Optional(Uuid),
  company: Type.Optional(Type.Boolean()),
  production_unit_ids: Type.Optional(Type.Array(Uuid, { description: 'at most 1 000' })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'occurrences of each kind per answer (default 1 000; 0 = totals only)' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, description: 'occurrences of each kind skipped: the previous answer’s next_offset' })),
});
export const OpportunitiesResponseSchema = Type.Object({
  start_time: Type.Union([Type.String(), Type.Null()]),
  end_time: Type.Union([Type.String(), Type.Null()]),
  shift_changes: OpportunitySchema,
  line_starts: OpportunitySchema,
  product_changes: OpportunitySchema,
  planned_downtime_above_target: OpportunitySchema,
});

export type AnalyticsWindow = Static<typeof AnalyticsWindowSchema>;
export type AnalyticsTimeOption = Static<typeof TimeRangeOptionSchema>;
export type AnalyticsInterval = Static<typeof IntervalSchema>;
export type DowntimeType = Static<typeof DowntimeTypeSchema>;
export type DowntimeMeasures = Static<typeof DowntimeMeasuresSchema>;
export type DowntimeInfo = Static<typeof DowntimeInfoSchema>;
export type DowntimeInterval = Static<typeof DowntimeIntervalSchema>;
export type DowntimeIntervalStats = Static<typeof IntervalStatsSchema>;
export type TopDowntimeReason = Static<typeof TopReasonSchema>;
export type DowntimesSummary = Static<typeof DowntimesSummarySchema>;
export type Kpis = Static<typeof KpisSchema>;
export type PeriodKpis = Static<typeof PeriodKpisSchema>;
export type KpiGroupRequest = Static<typeof KpiGroupRequestSchema>;
export type KpisByGroupsRequest = Static<typeof KpisBodySchema> & { groups: KpiGroupRequest[] };
export type KpiGroupResult = Static<typeof KpiGroupResultSchema>;
export type KpisByGroupsResponse = Static<typeof KpisResponseSchema>;
export type Gain = Static<typeof GainSchema>;
export type OpportunityOccurrence = Static<typeof OpportunityOccurrenceSchema>;
export type Opportunity = Static<typeof OpportunitySchema>;
export type OpportunitiesRequest = Static<typeof OpportunitiesBodySchema>;
export type OpportunitiesResponse = Static<typeof OpportunitiesResponseSchema>;
/** What the production-unit calls select besides the window. */
export type UnitSelection = Static<typeof UnitsBodySchema> & { production_unit_ids: string[] };
