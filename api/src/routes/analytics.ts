import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { downtimesInfo, downtimesInfoInterval, downtimesSummary, kpisByGroups, topDowntimeReasons } from '../analytics/engine.ts';
import { opportunities } from '../analytics/opportunities.ts';
import { sweep } from '../analytics/rollups.ts';
import { currentUser } from '../plugins/app/auth.ts';
import {
  DowntimeInfoSchema as DowntimeInfo,
  DowntimesSummarySchema as Summary,
  IntervalStatsSchema as IntervalStats,
  KpisBodySchema as KpisBody,
  KpisResponseSchema as KpisResponse,
  OpportunitiesBodySchema,
  OpportunitiesResponseSchema,
  TopReasonSchema as TopReason,
  UnitsBodySchema as UnitsBody,
  withErrors,
} from '@linepulse/contracts';

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

  app.post(
    '/opportunities',
    {
      schema: {
        ...common,
        summary: 'Opportunities (shift changes, line starts, product changes, planned downtime above target) for a factory or the company',
        body: OpportunitiesBodySchema,
        response: withErrors({ 200: OpportunitiesResponseSchema }),
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
