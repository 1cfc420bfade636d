import { Type } from 'typebox';
import { IsoDate, Uuid } from './common';

// Wire shapes of product §3 as JSON schemas: the api validates and serialises with them, and
// ../entities.ts takes the apps' types from them, so the two cannot drift apart.

const LANGUAGE = Type.Enum(['en', 'fr', 'es'] as const);
const THEME = Type.Enum(['light', 'dark', 'accessible'] as const);
const TIME_OPTION = Type.Enum([
  'lastday', 'week', 'lastweek', 'last7days', 'last30days', 'last90days',
  'month', 'lastmonth', 'current_custom_period', 'last_custom_period', 'time_range',
] as const);
const MONTH = Type.Enum([
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
] as const);
const WEEK_DAY = Type.Enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const);
const OBJECTIVE_TYPE = Type.Enum(['availability', 'performance', 'quality'] as const);

export const PreferencesSchema = Type.Object(
  {
    language: LANGUAGE,
    theme: THEME,
    tilelytics: Type.Object({
      selected_time_option: TIME_OPTION,
      selected_start_date: Type.Union([IsoDate, Type.Null()]),
      selected_end_date: Type.Union([IsoDate, Type.Null()]),
      selected_tilelytics_filter_id: Type.Union([Uuid, Type.Null()]),
    }),
  },

);

/** PUT body: the same, but dates and filter id may be omitted (they default to null). */
export const PreferencesBody = Type.Object({
  language: LANGUAGE,
  theme: THEME,
  tilelytics: Type.Object({
    selected_time_option: TIME_OPTION,
    selected_start_date: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    selected_end_date: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    selected_tilelytics_filter_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  }),
});

export const ObjectiveSchema = Type.Object({
  objective_type: OBJECTIVE_TYPE,
  value: Type.Integer({ minimum: 1, maximum: 100, description: 'whole percent' }),
});

export const FactorySchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    timezone: Type.String(),
    primary_language: LANGUAGE,
    year_first_month: MONTH,
    week_first_day: WEEK_DAY,
    currency: Type.String(),
    production_day_minutes_from_midnight: Type.Integer(),
    is_calendar_day_business_day: Type.Boolean(),
    production_units: Type.Array(
      Type.Object({
        id: Uuid,
        name: Type.String(),
        converted_unit_name: Type.Union([Type.String(), Type.Null()]),
        packages: Type.Union([Type.Integer(), Type.Null()]),
      }),
    ),
    objectives: Type.Array(ObjectiveSchema),
    oee_target: Type.Union([Type.Number(), Type.Null()], { description: 'availability × performance × quality objectives, percent' }),
    alert_capability: Type.Boolean(),
    forms_workspace_id: Type.Union([Type.String(), Type.Null()]),
    updated_at: Type.Optional(Type.String({ description: 'When the settings or the production configuration last changed (ISO 8601, UTC)' })),
  },

);

export const FactorySettingsSchema = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    primary_language: Type.Optional(Type.Enum(['en', 'fr', 'es'] as const, { description: 'Omitted: the stored language is kept' })),
    timezone: Type.String({ description: 'IANA time zone' }),
    year_first_month: MONTH,
    week_first_day: WEEK_DAY,
    currency: Type.String({ description: 'One of GET /currency-list' }),
    production_day_minutes_from_midnight: Type.Integer({ minimum: 0, maximum: 1439 }),
    is_calendar_day_business_day: Type.Boolean(),
    objectives: Type.Array(ObjectiveSchema, { minItems: 3, maxItems: 3 }),
  },
  { additionalProperties: false },
);

/** POST /factories: product §3 fields; all but name and timezone have defaults. */
export const NewFactorySchema = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    timezone: Type.String({ description: 'IANA time zone' }),
    primary_language: Type.Optional(LANGUAGE),
    year_first_month: Type.Optional(MONTH),
    week_first_day: Type.Optional(WEEK_DAY),
    currency: Type.Optional(Type.String({ description: 'One of GET /currency-list (default CAD)' })),
    production_day_minutes_from_midnight: Type.Optional(Type.Integer({ minimum: 0, maximum: 1439, description: 'default 0' })),
    is_calendar_day_business_day: Type.Optional(Type.Boolean({ description: 'default true' })),
    objectives: Type.Optional(Type.Array(ObjectiveSchema, { minItems: 3, maxItems: 3, description: 'default none (no OEE target)' })),
    alert_capability: Type.Optional(Type.Boolean({ description: 'default false' })),
    forms_workspace_id: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  },
  { additionalProperties: false },
);

// A shift and a product carry their id: the analytics calls and saved filters narrow by these ids, and
// every enabled user of the account may narrow by shift and product (product §6), not only administrators.
const WorkShiftNameSchema = Type.Object({ id: Uuid, name: Type.String() });

export const UnitWorkShiftsSchema = Type.Object({
  production_unit_id: Uuid,
  work_shift: Type.Array(WorkShiftNameSchema),
});

export const UserUnitWorkShiftsSchema = Type.Object({
  factory_id: Uuid,
  production_unit_id: Uuid,
  work_shift: Type.Array(WorkShiftNameSchema),
});

export const FactoryProductSchema = Type.Object({ id: Uuid, sku: Type.String(), name: Type.String() });

export const AccountSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    insights_enabled: Type.Boolean(),
    is_tilelytics: Type.Boolean(),
    domain_name: Type.String(),
    integrated_ecosystem: Type.Boolean({ description: 'data export (production-data-export) is available' }),
  },

);

export const CustomPeriodSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    start_date: IsoDate,
    end_date: IsoDate,
    days: Type.Integer({ description: 'Inclusive day count' }),
  },

);
