import { Type, type Static } from 'typebox';
import { IsoDate, Uuid } from './common';
import { DowntimeTypeSchema, windowProps } from './analytics';
import { DOWNTIME_LIST_MAX_LIMIT } from '../wire-limits';

// Wire schemas of the downtime list, the distribution of downtime durations and the production data
// export (issue 11). Shapes as agreed with the screens; additions only (never renames): each row also
// carries `justification_type`, the engine's five-way classification, besides the three-way `type`.
//
// What a downtime is here (docs/domain.md, "Downtime list and durations"): a whole downtime as the
// engine derives it, listed when it overlaps the window and has time inside scheduled time;
// `duration_ms` is that time inside scheduled time (planned + unplanned + unjustified, not clipped to
// the window: a downtime is one row whatever the window cuts); `type` is the kind holding most of it
// (ties: unplanned, then unjustified, then planned), so a wholly planned, unplanned or unjustified
// downtime has that type. Shift and product filters match the shift and product in force at the start.

export const DowntimeSortFieldSchema = Type.Enum(['start', 'end', 'duration', 'unit', 'type', 'reason', 'category', 'shift', 'product'] as const);
export const SortDirectionSchema = Type.Enum(['asc', 'desc'] as const);

export const downtimeFilterProps = {
  ...windowProps,
  production_unit_ids: Type.Optional(Type.Array(Uuid, { description: 'at least one unit of the caller’s account' })),
  work_shift_ids: Type.Optional(Type.Array(Uuid, { description: 'only downtimes starting inside these shifts' })),
  product_ids: Type.Optional(Type.Array(Uuid, { description: 'only downtimes starting while these products run' })),
  types: Type.Optional(Type.Array(DowntimeTypeSchema, { description: 'only downtimes of these types (default: all)' })),
  reason_ids: Type.Optional(Type.Array(Uuid, { description: 'only downtimes justified (in part) with one of these reasons' })),
};
export const DowntimeFilterSchema = Type.Object(downtimeFilterProps);

// The most rows one call answers: in ../wire-limits.ts (no TypeBox: the screen's export reads it).
export { DOWNTIME_LIST_MAX_LIMIT } from '../wire-limits';

export const DowntimeListBodySchema = Type.Object(
  {
    ...downtimeFilterProps,
    sort: Type.Optional(Type.Object({ by: DowntimeSortFieldSchema, direction: SortDirectionSchema }, { description: 'default start desc' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'rows skipped (default 0)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DOWNTIME_LIST_MAX_LIMIT, description: `rows answered (default 100, at most ${DOWNTIME_LIST_MAX_LIMIT})` })),
  },
);

export const DowntimeReasonRefSchema = Type.Object({ id: Uuid, name: Type.String(), category: Type.String(), is_planned: Type.Boolean() });

export const DowntimeRowSchema = Type.Object({
  id: Type.String({ description: 'stable per downtime: production unit id and start instant' }),
  production_unit_id: Uuid,
  production_unit_name: Type.String(),
  start_time: Type.String({ description: 'ISO 8601 with the factory’s offset' }),
  end_time: Type.Union([Type.String(), Type.Null()], { description: 'ISO 8601 with the factory’s offset; null = still running' }),
  duration_ms: Type.Number({ description: 'time inside scheduled time, whole downtime' }),
  type: DowntimeTypeSchema,
  justification_type: Type.Enum(['planned', 'unplanned', 'mixed', 'partially_justified', 'unjustified'] as const),
  reasons: Type.Array(DowntimeReasonRefSchema, { description: 'by justified time, longest first' }),
  category: Type.Union([Type.String(), Type.Null()], { description: 'category of the longest reason' }),
  shift_name: Type.Union([Type.String(), Type.Null()]),
  product_sku: Type.Union([Type.String(), Type.Null()]),
  product_name: Type.Union([Type.String(), Type.Null()]),
});

export const DowntimeListSchema = Type.Object({
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
  items: Type.Array(DowntimeRowSchema),
  reasons: Type.Array(DowntimeReasonRefSchema, { description: 'every reason in the selection, ignoring the types and reason filters' }),
});

export const DowntimeDurationsSchema = Type.Object({
  count: Type.Integer(),
  total_ms: Type.Number(),
  mean_ms: Type.Union([Type.Number(), Type.Null()]),
  median_ms: Type.Union([Type.Number(), Type.Null()], { description: 'nearest-rank percentile 50' }),
  p90_ms: Type.Union([Type.Number(), Type.Null()], { description: 'nearest-rank percentile 90' }),
  p95_ms: Type.Union([Type.Number(), Type.Null()], { description: 'nearest-rank percentile 95' }),
  bins: Type.Array(Type.Object({ from_ms: Type.Number(), to_ms: Type.Number(), count: Type.Integer() }), {
    description: 'equal "nice" widths from 0 up to the 99th percentile; the last bin runs to the longest downtime',
  }),
});

export const ExportKindSchema = Type.Enum(['downtimes', 'production', 'events'] as const);
export const ExportIntervalSchema = Type.Enum(['hour', 'shift', 'day'] as const);
export const ExportFormatSchema = Type.Enum(['csv', 'xlsx'] as const);

export const ExportQuerySchema = Type.Object(
  {
    kind: ExportKindSchema,
    interval: Type.Optional(Type.Union([ExportIntervalSchema], { description: 'production only (default day)' })),
    format: ExportFormatSchema,
    production_unit_ids: Type.Union([Type.String({ maxLength: 40_000 }), Type.Array(Type.String({ maxLength: 40_000 }), { maxItems: 1000 })], {
      description: 'unit ids of the factory, comma-separated or repeated',
    }),
    start_date: IsoDate,
    end_date: Type.Union([IsoDate], { description: 'inclusive; at most 366 days after start_date' }),
  },
);

export type DowntimeSortField = Static<typeof DowntimeSortFieldSchema>;
export type DowntimeFilter = Static<typeof DowntimeFilterSchema>;
export type DowntimeListRequest = Static<typeof DowntimeListBodySchema>;
export type DowntimeReasonRef = Static<typeof DowntimeReasonRefSchema>;
export type DowntimeRow = Static<typeof DowntimeRowSchema>;
export type DowntimeList = Static<typeof DowntimeListSchema>;
export type DowntimeDurations = Static<typeof DowntimeDurationsSchema>;
export type ExportKind = Static<typeof ExportKindSchema>;
export type ExportInterval = Static<typeof ExportIntervalSchema>;
export type ExportFormat = Static<typeof ExportFormatSchema>;
export type ExportQuery = Static<typeof ExportQuerySchema>;
