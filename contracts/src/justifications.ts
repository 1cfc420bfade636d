import { Type, type Static } from 'typebox';
import { Uuid, UuidList } from './schemas/common';
import { DowntimeReasonRefSchema } from './schemas/downtimes';
import { JUSTIFICATION_COMMENT_MAX, JUSTIFICATION_MAX_HOURS } from './justification-rules';

/**
 * Downtime justification by the people on the line (issue 25, docs/decisions/0050-downtime-justification.md).
 * A person's reasons are kept beside the machine's (never over them) and win where they cover a
 * downtime; every change is kept with who and when, and the last one can be undone.
 *
 * The wire schemas. The limits and who may justify are in justification-rules.ts (no TypeBox: the
 * screens import them), re-exported here.
 */

export * from './justification-rules';

export const JustificationActionSchema = Type.Union([Type.Literal('justify'), Type.Literal('split'), Type.Literal('comment'), Type.Literal('undo')]);
export type JustificationAction = Static<typeof JustificationActionSchema>;

/** A part of a downtime and its reason; `to` null: until the downtime ends. */
export const JustificationPartSchema = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  reason: DowntimeReasonRefSchema,
});
export type JustificationPart = Static<typeof JustificationPartSchema>;

/** One change of a downtime's justification, as the audit list shows it. */
export const JustificationChangeSchema = Type.Object({
  id: Uuid,
  action: JustificationActionSchema,
  /** The person's parts after the change (empty: none, the machine's reasons apply). */
  parts: Type.Array(JustificationPartSchema),
  comment: Type.Union([Type.String(), Type.Null()]),
  user_name: Type.String(),
  at: Type.String({ format: 'date-time' }),
  /** Undone by a later change. */
  undone: Type.Boolean(),
});
export type JustificationChange = Static<typeof JustificationChangeSchema>;

/** A downtime as the justification page shows it. */
export const JustifiableDowntimeSchema = Type.Object({
  /** `<production unit id>:<start instant>`, as in the downtime list. */
  id: Type.String(),
  production_unit_id: Uuid,
  production_unit_name: Type.String(),
  start_time: Type.String({ format: 'date-time' }),
  /** null: still stopped. */
  end_time: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Wall-clock length so far (ms). */
  duration_ms: Type.Number(),
  justification_type: Type.Union([
    Type.Literal('planned'),
    Type.Literal('unplanned'),
    Type.Literal('mixed'),
    Type.Literal('partially_justified'),
    Type.Literal('unjustified'),
  ]),
  /** The reasons the machines sent for this downtime (kept; a person's parts win over them). */
  machine_reasons: Type.Array(DowntimeReasonRefSchema),
  /** The person's parts (empty: none). */
  parts: Type.Array(JustificationPartSchema),
  comment: Type.Union([Type.String(), Type.Null()]),
  /** Every change, newest first. */
  changes: Type.Array(JustificationChangeSchema),
});
export type JustifiableDowntime = Static<typeof JustifiableDowntimeSchema>;

export const JustificationListQuerySchema = Type.Object(
  {
    /** Comma-separated unit ids of the factory; all its lines when omitted. */
    production_unit_ids: Type.Optional(UuidList(100)),
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: JUSTIFICATION_MAX_HOURS })),
  },
  { additionalProperties: false },
);
export type JustificationListQuery = Static<typeof JustificationListQuerySchema>;

export const JustificationListSchema = Type.Object({
  downtimes: Type.Array(JustifiableDowntimeSchema),
  /** The factory's reasons, for the picker (grouped by category on screen). */
  reasons: Type.Array(DowntimeReasonRefSchema),
});
export type JustificationList = Static<typeof JustificationListSchema>;

/**
 * A change (POST /api/factories/{id}/justifications). `downtime_start` names the downtime (with the unit).
 * - justify: `reason_id` for the whole downtime, or for part `part_index` of a split one;
 * - split: at `at` (inside the downtime, or inside the part it falls in), `reason_ids` for the two halves;
 * - comment: `comment` (empty: removed);
 * - undo: the last change not undone.
 * Send an `Idempotency-Key` header to make a retry harmless: the same key answers the same downtime
 * without changing it again.
 */
export const JustificationRequestSchema = Type.Object(
  {
    production_unit_id: Uuid,
    downtime_start: Type.String({ format: 'date-time' }),
    action: JustificationActionSchema,
    reason_id: Type.Optional(Uuid),
    part_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
    at: Type.Optional(Type.String({ format: 'date-time' })),
    reason_ids: Type.Optional(Type.Tuple([Uuid, Uuid])),
    comment: Type.Optional(Type.String({ maxLength: JUSTIFICATION_COMMENT_MAX * 2 })),
  },
  { additionalProperties: false },
);
export type JustificationRequest = Static<typeof JustificationRequestSchema>;
