import { Type, type Static } from 'typebox';
import { Uuid, UuidList } from './schemas/common';
import { LIVE_KINDS, LIVE_MAX_FACTORIES, type LiveKind } from './live-rules';

/**
 * Live screens (issue 25, docs/decisions/0049-live-screens.md): `GET /api/live` is a stream of
 * server-sent events saying what changed in the factories a screen shows; the screen then asks the
 * same calls as always. Figures are never pushed: they have one code path.
 *
 * The wire schemas. The kinds of change, the limits and timings are in live-rules.ts (no TypeBox: the
 * screens import them), re-exported here.
 */

export * from './live-rules';

/** One factory's changes in a message of the stream (event `change`). */
export const LiveChangeSchema = Type.Object({
  factory_id: Uuid,
  kinds: Type.Array(Type.Unsafe<LiveKind>(Type.String({ enum: [...LIVE_KINDS] }))),
  /** The units whose facts changed; null: the factory as a whole (configuration, or too many to list). */
  production_unit_ids: Type.Union([Type.Array(Uuid), Type.Null()]),
});
export type LiveChange = Static<typeof LiveChangeSchema>;

/** The data of a `change` event: every factory of the stream that changed since its previous message. */
export interface LiveMessage {
  changes: LiveChange[];
}

export const LiveQuerySchema = Type.Object(
  {
    /** Comma-separated factory ids, at most LIVE_MAX_FACTORIES. */
    factory_ids: UuidList(LIVE_MAX_FACTORIES),
  },
  { additionalProperties: false },
);
export type LiveQuery = Static<typeof LiveQuerySchema>;

/** A production unit's state now (the TV's line strip), by the domain's rules (explicit states, or counts for a unit with a downtime delay). */
export const UnitStateNowSchema = Type.Object({
  production_unit_id: Uuid,
  /** unknown: nothing received from the unit yet. */
  state: Type.Union([Type.Literal('running'), Type.Literal('stopped'), Type.Literal('unknown')]),
  /** Since when it is in that state, when known. */
  since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The last state, count or counter event received from it. */
  last_event_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Now inside one of its work shifts (always, for a line without any): a stop outside them is no downtime. */
  in_shift: Type.Boolean(),
  /** When `in_shift` next changes (its shift's end, or the next one's start), within a week; else null. */
  shift_changes_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type UnitStateNow = Static<typeof UnitStateNowSchema>;
export const UnitStatesNowSchema = Type.Object({ at: Type.String({ format: 'date-time' }), units: Type.Array(UnitStateNowSchema) });
export type UnitStatesNow = Static<typeof UnitStatesNowSchema>;
