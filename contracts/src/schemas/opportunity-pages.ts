import { Type, type Static } from 'typebox';
import { Uuid } from './common';
import { Nullable, windowProps } from './analytics';
import { SortDirectionSchema } from './downtimes';
import { OPPORTUNITY_TARGET_MAX_SECONDS } from '../wire-limits';

// Wire schemas of the performance-manager pages (issue 14): one unit's opportunities of one kind, the
// per-unit targets. What the figures mean: docs/domain.md §8 and docs/decisions/0025.

export const OpportunityKindSchema = Type.Enum(['shift_changes', 'line_starts', 'product_changes', 'planned_downtime_above_target'] as const);
/** The kinds whose target a user sets per unit (a planned reason's target is the reason's own). */
export const OpportunityTargetKindSchema = Type.Enum(['shift_changes', 'line_starts', 'product_changes'] as const);
export const OpportunitySortSchema = Type.Enum(['at', 'lost', 'excess'] as const);

const unitProps = {
  ...windowProps,
  factory_id: Uuid,
  production_unit_id: Uuid,
  kind: OpportunityKindSchema,
  downtime_reason_id: Type.Optional(Type.Union([Uuid], { description: 'planned downtime only: one planned reason with a target (default: all of them)' })),
};
export const OpportunityUnitBodySchema = Type.Object(unitProps);
export const OpportunityOccurrencesBodySchema = Type.Object({
  ...unitProps,
  sort: Type.Optional(OpportunitySortSchema),
  direction: Type.Optional(SortDirectionSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'default 50' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});

const Money = Type.Array(Type.Object({ amount: Type.Number(), currency: Type.String() }), { description: 'financial users only; one entry per currency' });
const gain = {
  gain_hours: Type.Number({ description: 'time beyond the target, hours' }),
  gain_units: Type.Number({ description: 'that time at the ideal rate of the product running' }),
  gain_currency: Type.Optional(Money),
};
const lossSums = {
  occurrences: Type.Integer(),
  lost_ms: Type.Number(),
  mean_ms: Nullable({ description: 'null without occurrences' }),
  excess_ms: Type.Number({ description: 'time beyond the target' }),
};

export const OpportunityNamesSchema = Type.Object({
  shifts: Type.Record(Type.String(), Type.String()),
  products: Type.Record(Type.String(), Type.String()),
  reasons: Type.Record(Type.String(), Type.String()),
});

export const OpportunityUnitSchema = Type.Object({
  start_time: Type.String(),
  end_time: Type.String(),
  timezone: Type.String({ description: 'the factory’s zone, for times shown' }),
  summary: Type.Object({
    ...lossSums,
    above_target: Type.Integer({ description: 'occurrences longer than their target' }),
    median_ms: Nullable({ description: 'nearest rank, as p90 and p95' }),
    p90_ms: Nullable(),
    p95_ms: Nullable(),
    target_ms: Nullable({ description: 'null: several planned reasons, each with its own target; or, with target_source median, no occurrence in the window to take a median from (no target)' }),
    target_source: Type.Union([Type.Enum(['reason', 'unit', 'median'] as const), Type.Null()]),
    ...gain,
  }),
  distribution: Type.Array(
    Type.Object({ from_ms: Type.Number(), to_ms: Type.Number(), count: Type.Integer() }),
    { description: 'bins of the losses as the downtime durations’ (contracts downtime-durations.ts): [from, to), the last open-ended' },
  ),
  trend: Type.Array(Type.Object({ start_time: Type.String(), end_time: Type.String(), ...lossSums }), { description: 'the 11 preceding periods, then the window' }),
  breakdowns: Type.Array(Type.Object({
    by: Type.Enum(['shift_pair', 'weekday', 'shift', 'product_pair', 'reason'] as const),
    rows: Type.Array(Type.Object({ keys: Type.Array(Type.String(), { description: 'shift, product or reason ids; an ISO weekday 1–7; "" = none' }), ...lossSums })),
  })),
  names: OpportunityNamesSchema,
});

export const OpportunityOccurrenceRowSchema = Type.Object({
  at: Type.String(),
  work_shift_id: Type.Union([Type.String(), Type.Null()], { description: 'the shift in force at that instant' }),
  from_work_shift_id: Type.Optional(Type.String()),
  from_product_id: Type.Optional(Type.String()),
  to_product_id: Type.Optional(Type.String()),
  downtime_reason_id: Type.Optional(Type.String()),
  downtimes: Type.Array(Type.Object({
    start_time: Type.String(),
    end_time: Type.String(),
    lost_ms: Type.Number(),
    reason_ids: Type.Array(Type.String()),
  })),
  lost_ms: Type.Number(),
  target_ms: Type.Number(),
  excess_ms: Type.Number(),
  lost_units: Type.Number({ description: 'the loss at the ideal rate of the product running' }),
  lost_currency: Type.Optional(Money),
});
export const OpportunityOccurrencesSchema = Type.Object({
  occurrences: Type.Array(OpportunityOccurrenceRowSchema),
  occurrences_total: Type.Integer(),
  next_offset: Type.Union([Type.Integer(), Type.Null()]),
  timezone: Type.String(),
  names: OpportunityNamesSchema,
});

export const OpportunityTargetsQuerySchema = Type.Object({ factory_id: Uuid });
export const OpportunityTargetsSchema = Type.Object({
  targets: Type.Array(Type.Object({ production_unit_id: Uuid, kind: OpportunityTargetKindSchema, target_seconds: Type.Integer() })),
  planned_reasons: Type.Array(Type.Object({ id: Uuid, name: Type.String(), target_seconds: Type.Integer() }), { description: 'planned reasons with a target: the fourth kind’s choices' }),
  can_edit: Type.Boolean({ description: 'admins and directors set targets' }),
});
// A target's seconds at most: in ../wire-limits.ts (no TypeBox: the target form checks it).
export { OPPORTUNITY_TARGET_MAX_SECONDS } from '../wire-limits';
export const OpportunityTargetBodySchema = Type.Object({
  factory_id: Uuid,
  production_unit_id: Uuid,
  kind: OpportunityTargetKindSchema,
  target_seconds: Type.Union([Type.Integer({ minimum: 0, maximum: OPPORTUNITY_TARGET_MAX_SECONDS }), Type.Null()]),
});

export type OpportunityKindName = Static<typeof OpportunityKindSchema>;
export type OpportunityTargetKind = Static<typeof OpportunityTargetKindSchema>;
export type OpportunitySort = Static<typeof OpportunitySortSchema>;
export type OpportunityUnitRequest = Static<typeof OpportunityUnitBodySchema>;
export type OpportunityUnit = Static<typeof OpportunityUnitSchema>;
export type OpportunityOccurrencesRequest = Static<typeof OpportunityOccurrencesBodySchema>;
export type OpportunityOccurrences = Static<typeof OpportunityOccurrencesSchema>;
export type OpportunityOccurrenceRow = Static<typeof OpportunityOccurrenceRowSchema>;
export type OpportunityTargets = Static<typeof OpportunityTargetsSchema>;
export type OpportunityTargetRequest = Static<typeof OpportunityTargetBodySchema>;
export type OpportunityNames = Static<typeof OpportunityNamesSchema>;
