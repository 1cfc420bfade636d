import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { downtimesInfo, downtimesInfoInterval, downtimesSummary, kpisByGroups, topDowntimeReasons } from '../analytics/engine.ts';
import { opportunities } from '../analytics/opportunities.ts';
import { sweep } from '../analytics/rollups.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { IsoDate, Uuid, withErrors } from '@linepulse/contracts';

const TIME_RANGE_OPTION = Type.Enum([
  'day', 'lastday', 'week', 'lastweek', 'last7days', 'last30days', 'last90days',
  'month', 'lastmonth', 'year', 'current_custom_period', 'last_custom_period', 'time_range',
] as const);
const INTERVAL = Type.Enum(['hour', 'day', 'week', 'month'] as const);
/**
 * A number or null, as one JSON-schema type list rather than a union: the response serializer writes a
 * type list inline, while a union is checked by a validator for every value — thousands of times in a
 * heatmap's answer.
 */
const Nullable = (options: { description?: string } = {}) => Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });

const windowProps = {
  time_option: Type.Optional(TIME_RANGE_OPTION),
  start_date: Type.Optional(Type.Union([IsoDate], { description: 'time_range only: first production day (yyyy-LL-dd)' })),
  end_date: Type.Optional(Type.Union([IsoDate], { description: 'time_range only: last production day, inclusive' })),
  start: Type.Optional(Type.String({ format: 'date-time', description: 'explicit window start (instead of time_option)' })),
  end: Type.Optional(Type.String({ format: 'date-time', description: 'explicit window end, exclusive' })),
};

const UnitsBody = Type.Object({
  ...windowProps,
  production_unit_ids: Type.Optional(Type.Array(Uuid, { description: 'at least one unit of the caller’s account' })),
  work_shift_ids: Type.Optional(Type.Array(Uuid, { description: 'only time inside these shifts' })),
  product_ids: Type.Optional(Type.Array(Uuid, { description: 'only time while these products run' })),
  interval: Type.Optional(INTERVAL),
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

const DowntimeInfo = Type.Object({ production_unit_id: Uuid, production_unit_name: Type.String(), ...measures });
const IntervalStats = Type.Object({
  production_unit_id: Uuid,
  production_unit_name: Type.String(),
  downtimes_per_interval: Type.Array(Type.Object({ start_time: Type.String(), end_time: Type.String(), ...measures })),
});
const TopReason = Type.Object({
  downtime_reason_id: Uuid,
  downtime_reason: Type.String(),
  category: Type.String(),
  is_planned: Type.Boolean(),
  total_downtime_duration_seconds: Type.Number(),
});
const Summary = Type.Object({
  justification_type_count_summary: Type.Object({
    planned: Type.Integer(), unplanned: Type.Integer(), unjustified: Type.Integer(), mixed: Type.Integer(), partially_justified: Type.Integer(),
  }),
  top_unplanned_downtimes: Type.Array(Type.Object({ downtime_reason_id: Uuid, downtime_reason: Type.String(), category: Type.String(), total_downtime_duration_seconds: Type.Number() })),
  top_downtime_categories: Type.Array(Type.Object({ category: Type.String(), total_downtime_duration_seconds: Type.Number() })),
});

const kpiProps = {
  calendar_ms: Type.Number(),
  scheduled_ms: Type.Number(),
  planned_downtime_ms: Type.Number(),
  unplanned_downtime_ms: Type.Number(),
  unjustified_downtime_ms: Type.Number(),
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
const Kpis = Type.Object(kpiProps);
const PeriodKpis = Type.Object({ start_time: Type.String(), end_time: Type.String(), ...kpiProps });

const KpisBody = Type.Object({
  ...windowProps,
  interval: Type.Optional(INTERVAL),
  preceding_periods: Type.Optional(Type.Boolean({ description: 'also the 11 preceding periods of the same kind' })),
  groups: Type.Optional(Type.Array(Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    factory_id: Uuid,
    production_unit_ids: Type.Array(Uuid),
    work_shift_ids: Type.Optional(Type.Array(Uuid)),
    product_ids: Type.Optional(Type.Array(Uuid)),
    downtime_types: Type.Optional(Type.Array(Type.Enum(['planned', 'unplanned', 'unjustified'] as const))),
  }), { maxItems: 50 })),
});
const KpisResponse = Type.Object({
  groups: Type.Array(Type.Object({
    name: Type.String(),
    factory_id: Uuid,
    start_time: Type.String(),
    end_time: Type.String(),
    total: Kpis,
    interval: Type.Optional(INTERVAL),
    intervals: Type.Optional(Type.Array(PeriodKpis)),
    preceding_periods: Type.Optional(Type.Array(PeriodKpis)),
  })),
});

/** Analytics calls of product §7 plus KPIs by groups; all sums of derived rollups (src/analytics). */
export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['analytics'], security: [{ bearerAuth: [] }] };
  app.post(
    '/production-units/downtimes-info',
    { schema: { ...common, summary: 'Downtime per production unit over a window (durations in ms)', body: UnitsBody, response: withErrors({ 200: Type.Array(DowntimeInfo) }) } },
    async (request) => downtimesInfo(app.db, currentUser(request).account_id, request.body),
  );
  app.post(
    '/production-units/downtimes-info-interval',
    {
      schema: { ...common, summary: 'Downtime per production unit per interval (hour, day, week, month; default by window length)', body: UnitsBody, response: withErrors({ 200: Type.Array(IntervalStats) }) },
      // A heatmap answers thousands of unit-hours (1.5 MB for 20 units × 14 days): the engine builds
      // exactly the documented shape, and the native JSON.stringify writes it in a third of the time
      // of the schema-compiled serializer (bench/README.md).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => downtimesInfoInterval(app.db, currentUser(request).account_id, request.body),
  );
  app.post(
    '/top-downtime-reasons',
    { schema: { ...common, summary: 'Top planned and top unplanned downtime reasons (limit each, default 5)', body: UnitsBody, response: withErrors({ 200: Type.Array(TopReason) }) } },
    async (request) => topDowntimeReasons(app.db, currentUser(request).account_id, request.body),
  );
  app.post(
    '/v2/production-units/downtimes-summary',
    { schema: { ...common, summary: 'Justification types of downtimes starting in the window and scheduled time, top unplanned reasons and categories', body: UnitsBody, response: withErrors({ 200: Summary }) } },
    async (request) => downtimesSummary(app.db, currentUser(request).account_id, request.body),
  );
  app.post(
    '/kpis/by-groups',
    { schema: { ...common, summary: 'Times, counts and indicators (fractions, null = N/D) per group, per interval and for the 11 preceding periods', body: KpisBody, response: withErrors({ 200: KpisResponse }) } },
    async (request) => kpisByGroups(app.db, currentUser(request).account_id, request.body),
  );

  const Gain = {
    lost_ms: Type.Number(),
    gain_hours: Type.Number(),
    gain_units: Type.Number({ description: 'time × ideal rate of the product running' }),
    gain_currency: Type.Optional(Type.Array(Type.Object({ amount: Type.Number(), currency: Type.String() }), { description: 'financial users only; one entry per currency' })),
  };
  const Opportunity = Type.Object({
    occurrences: Type.Array(Type.Object({
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
      ...Gain,
    })),
    per_unit: Type.Array(Type.Object({ production_unit_id: Uuid, production_unit_name: Type.String(), factory_id: Uuid, ...Gain })),
    per_factory: Type.Array(Type.Object({ factory_id: Uuid, factory_name: Type.String(), ...Gain })),
    company: Type.Object(Gain),
  });
  app.post(
    '/opportunities',
    {
      schema: {
        ...common,
        summary: 'Opportunities (shift changes, line starts, product changes, planned downtime above target) for a factory or the company',
        body: Type.Object({
          ...windowProps,
          factory_id: Type.Optional(Uuid),
          company: Type.Optional(Type.Boolean()),
          production_unit_ids: Type.Optional(Type.Array(Uuid)),
        }),
        response: withErrors({
          200: Type.Object({
            start_time: Type.Union([Type.String(), Type.Null()]),
            end_time: Type.Union([Type.String(), Type.Null()]),
            shift_changes: Opportunity,
            line_starts: Opportunity,
            product_changes: Opportunity,
            planned_downtime_above_target: Opportunity,
          }),
        }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return opportunities(app.db, user.account_id, user.is_financial_admin, request.body);
    },
  );

  // Background refresh: dirty ranges and live units' current hour, every minute.
  const seconds = Number(process.env.ROLLUP_REFRESH_SECONDS ?? 60);
  if (seconds > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sweep(app.db)
        .catch((error: unknown) => app.log.warn({ err: error }, 'rollup sweep failed'))
        .finally(() => {
          running = false;
        });
    }, seconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
