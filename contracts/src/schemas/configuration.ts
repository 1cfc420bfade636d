import { Type, type Static } from 'typebox';
import { INT4_MAX, Uuid, VisibleText } from './common';

// PUT/GET /api/factories/{id}/configuration. Shapes only; keys, times, days and cross-references are
// checked by routes/configuration.ts so that each problem gets its own code.

const Name = VisibleText(100);
const Key = Type.String({ description: 'Stable key: letters, digits, . : - _ (1 to 64)' });

export const ProductionUnitDeclaration = Type.Object(
  {
    key: Key,
    name: Name,
    converted_unit_name: Type.Optional(Type.Union([VisibleText(50), Type.Null()])),
    packages: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: INT4_MAX }), Type.Null()])),
    cost_per_hour: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 9_999_999_999 }), Type.Null()])),
    downtime_delay_seconds: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 86_400 }), Type.Null()], {
        description: 'No count for longer than this starts a downtime; null: states come from state events only',
      }),
    ),
  },
  { additionalProperties: false },
);

export const WorkShiftDeclaration = Type.Object(
  {
    key: Key,
    name: Name,
    production_units: Type.Array(Type.String(), { minItems: 1, description: 'Production unit keys' }),
    start: Type.String({ description: "Local wall-clock time 'HH:mm'" }),
    end: Type.String({ description: "Local 'HH:mm'; end ≤ start crosses midnight" }),
    days: Type.Array(Type.String(), { minItems: 1, description: 'monday … sunday: the days the shift starts' }),
  },
  { additionalProperties: false },
);

export const ProductDeclaration = Type.Object(
  {
    sku: VisibleText(100),
    name: Name,
    ideal_rate_per_hour: Type.Record(Type.String(), Type.Number({ minimum: 0.0001, maximum: 1e9, description: 'stored with 4 decimals: at least 0.0001' }), {
      description: 'Production unit key → ideal units per hour',
    }),
  },
  { additionalProperties: false },
);

export const DowntimeReasonDeclaration = Type.Object(
  {
    key: Key,
    name: Name,
    category: VisibleText(100),
    is_planned: Type.Boolean(),
    target_seconds: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: INT4_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const FactoryConfigurationBody = Type.Object(
  {
    production_units: Type.Array(ProductionUnitDeclaration, { maxItems: 500 }),
    work_shifts: Type.Array(WorkShiftDeclaration, { maxItems: 500 }),
    products: Type.Array(ProductDeclaration, { maxItems: 10_000 }),
    downtime_reasons: Type.Array(DowntimeReasonDeclaration, { maxItems: 2_000 }),
  },
  { additionalProperties: false },
);
export type FactoryConfigurationInput = Static<typeof FactoryConfigurationBody>;

const WithId = { id: Uuid };

export const FactoryConfigurationSchema = Type.Object({
  production_units: Type.Array(
    Type.Object({
      ...WithId,
      key: Type.String(),
      name: Type.String(),
      converted_unit_name: Type.Union([Type.String(), Type.Null()]),
      packages: Type.Union([Type.Integer(), Type.Null()]),
      cost_per_hour: Type.Union([Type.Number(), Type.Null()]),
      downtime_delay_seconds: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  work_shifts: Type.Array(
    Type.Object({
      ...WithId,
      key: Type.String(),
      name: Type.String(),
      production_units: Type.Array(Type.String()),
      start: Type.String(),
      end: Type.String(),
      days: Type.Array(Type.String()),
    }),
  ),
  products: Type.Array(
    Type.Object({
      ...WithId,
      sku: Type.String(),
      name: Type.String(),
      ideal_rate_per_hour: Type.Record(Type.String(), Type.Number()),
    }),
  ),
  downtime_reasons: Type.Array(
    Type.Object({
      ...WithId,
      key: Type.String(),
      name: Type.String(),
      category: Type.String(),
      is_planned: Type.Boolean(),
      target_seconds: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export type FactoryConfiguration = Static<typeof FactoryConfigurationSchema>;

export const IngestKeySchema = Type.Object({
  id: Uuid,
  prefix: Type.String({ description: 'First characters of the key, to recognise it' }),
  created_at: Type.String({ format: 'date-time' }),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const CreatedIngestKeySchema = Type.Object({
  id: Uuid,
  key: Type.String({ description: 'The secret, shown only in this answer (stored as a SHA-256 hash)' }),
  prefix: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type IngestKey = Static<typeof IngestKeySchema>;
export type CreatedIngestKey = Static<typeof CreatedIngestKeySchema>;

/**
 * GET /api/factories/{id}/recomputation: how far the re-derivation of history asked by configuration and
 * calendar changes has got, for a screen to say "17 of 20 lines recomputed". The small spans that
 * late facts mark are caught up by the next background pass and are not counted.
 */
export const RecomputationSchema = Type.Object({
  pending_units: Type.Integer({ minimum: 0, description: 'Units whose history is still to be re-derived' }),
  total_units: Type.Integer({ minimum: 0, description: 'Production units of the factory' }),
  oldest_pending_since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the oldest change still waiting was saved (ISO 8601, UTC); null when nothing is pending',
  }),
  units: Type.Array(
    Type.Object({
      id: Uuid,
      key: Type.String(),
      name: Type.String(),
      pending: Type.Boolean({ description: 'Its figures still follow the configuration before the change' }),
    }),
    { description: 'The factory’s units in declaration order' },
  ),
});
export type Recomputation = Static<typeof RecomputationSchema>;
