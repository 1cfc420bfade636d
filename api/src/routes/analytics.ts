import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { downtimesInfo, downtimesInfoInterval, downtimesSummary, kpisByGroups, topDowntimeReasons } from '../analytics/engine.ts';
import { checkIds, checkWindowDays, OPPORTUNITIES_MAX_DAYS, requestDays } from '../analytics/limits.ts';
import { opportunities } from '../analytics/opportunities.ts';
import type { WindowRequest } from '../analytics/window.ts';
import type { Db } from '../db/db.ts';
import { clientGoneSignal } from '../plugins/app/heavy-calls.ts';
import { generationsOf } from '../analytics/answer-generations.ts';
import { SharedAnswers } from '../analytics/shared-answers.ts';
import { Turns } from '../analytics/turns.ts';
import { AnalyticsClock, sharedReadsDb } from '../analytics/shared-reads.ts';
import { encodeAnswer, sendEncoded, type EncodedAnswer } from '../analytics/encoded-answer.ts';
import { currentUser, NEEDS_INSIGHTS } from '../plugins/app/auth.ts';
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

/** The production units a request names (null when it names none: a company's or a factory's). */
function unitIdsOf(body: { production_unit_ids?: readonly string[]; groups?: readonly { production_unit_ids: readonly string[] }[] }): readonly string[] | null {
  return body.production_unit_ids ?? body.groups?.flatMap((g) => g.production_unit_ids) ?? null;
}

/** Analytics calls of product §7 plus KPIs by groups; all sums of derived rollups (src/analytics). */
export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['analytics'], security: [{ bearerAuth: [] }] };
  const { unitDays } = app.config.heavyCalls;
  // Identical requests share one computation while it runs, and its answer for ANALYTICS_CACHE_SECONDS
  // while nothing it read has changed in this process (answer-generations.ts, decision 27).
  // After that, for ANALYTICS_STALE_SECONDS, the kept answer is given at once while a new one is made
  // (decision 28).
  const staleMs = app.config.analyticsStaleSeconds * 1000;
  const answers = new SharedAnswers(app.config.analyticsCacheSeconds * 1000, 200, staleMs);
  // Light computations take turns, ANALYTICS_CONCURRENT at once (heavy ones have their own queue).
  const turns = new Turns(app.config.analyticsConcurrent);
  // Light computations of one moment share their reads: the same `now` for the same units within a
  // second (never past a write seen here), and one read of setups and of the current hour (decision 29).
  const clock = new AnalyticsClock(Math.min(1000, app.config.analyticsCacheSeconds * 1000));
  const readsDb = sharedReadsDb(app.reads, new SharedAnswers(app.config.analyticsCacheSeconds * 1000, 500));
  /**
   * Runs an analytics call after the limits on ids; a call over more unit-days than `limit` (lines in
   * scope × window days) is heavy: limited per user, queued server-wide, stopped after a timeout.
   * `store` keeps the answers (opportunities keep theirs longer than the other calls).
   */
  const guarded = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    call: string,
    body: WindowRequest & Parameters<typeof checkIds>[0],
    units: number,
    limit: number,
    fn: (db: Db, now: number) => Promise<T>,
    store: SharedAnswers = answers,
  ): Promise<EncodedAnswer> => {
    checkIds(body);
    // Identical requests of one account share one computation and, for a few seconds, its answer (they
    // would be the same): fifty users opening the same overview cost one. The key carries what the
    // answer read (the account's and its units' write counters). A heavy one stops when all the clients
    // waiting for it have gone. The answer is kept as the bytes it is sent as (decision 28).
    const user = currentUser(request);
    const unitIds = unitIdsOf(body);
    const generations = generationsOf(user.account_id, unitIds);
    return store.get(
      JSON.stringify([call, user.account_id, user.is_financial_admin, body, generations]),
      async (stop) => {
        const value =
          units * requestDays(body) <= limit
            ? await turns.run(() => fn(readsDb, clock.now(JSON.stringify([user.account_id, unitIds, generations]))))
            : await app.heavyCalls.run(reply, user.user_id, call, (db) => fn(db, Date.now()), stop);
        return encodeAnswer(reply, value);
      },
      clientGoneSignal(reply),
    );
  };
  const opportunityAnswers = new SharedAnswers(app.config.opportunitiesCacheSeconds * 1000, 50, staleMs);
  const unitsOf = (body: { production_unit_ids?: readonly string[] }) => body.production_unit_ids?.length ?? 0;
  app.post(
    '/production-units/downtimes-info',
    { schema: { ...common, summary: 'Downtime per production unit over a window (durations in ms)', body: UnitsBody, response: withErrors({ 200: Type.Array(DowntimeInfo) }) } },
    async (request, reply) => sendEncoded(reply, await guarded(request, reply, 'downtimes-info', request.body, unitsOf(request.body), 10 * unitDays, (db, now) => downtimesInfo(db, currentUser(request).account_id, request.body, now))),
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
    async (request, reply) =>
      sendEncoded(reply, await guarded(request, reply, 'downtimes-info-interval', request.body, unitsOf(request.body), 10 * unitDays, (db, now) => downtimesInfoInterval(db, currentUser(request).account_id, request.body, now))),
  );
  app.post(
    '/top-downtime-reasons',
    { schema: { ...common, summary: 'Top planned and top unplanned downtime reasons (limit each, default 5)', body: UnitsBody, response: withErrors({ 200: Type.Array(TopReason) }) } },
    async (request, reply) => sendEncoded(reply, await guarded(request, reply, 'top-downtime-reasons', request.body, unitsOf(request.body), 10 * unitDays, (db, now) => topDowntimeReasons(db, currentUser(request).account_id, request.body, now))),
  );
  app.post(
    '/v2/production-units/downtimes-summary',
    { schema: { ...common, summary: 'Justification types of downtimes starting in the window and scheduled time, top unplanned reasons and categories', body: UnitsBody, response: withErrors({ 200: Summary }) } },
    async (request, reply) => sendEncoded(reply, await guarded(request, reply, 'downtimes-summary', request.body, unitsOf(request.body), 10 * unitDays, (db, now) => downtimesSummary(db, currentUser(request).account_id, request.body, now))),
  );
  app.post(
    '/kpis/by-groups',
    { schema: { ...common, summary: 'Times, counts and indicators (fractions, null = N/D) per group, per interval and for the 11 preceding periods', body: KpisBody, response: withErrors({ 200: KpisResponse }) } },
    async (request, reply) => {
      const body = request.body;
      // The 11 preceding periods are read too.
      const units = (body.groups ?? []).reduce((n, g) => n + g.production_unit_ids.length, 0) * (body.preceding_periods ? 12 : 1);
      return sendEncoded(reply, await guarded(request, reply, 'kpis/by-groups', body, units, 10 * unitDays, (db, now) => kpisByGroups(db, currentUser(request).account_id, body, now)));
    },
  );

  app.post(
    '/opportunities',
    {
      // Product §6: opportunities are for users with insights (the performance-manager routes too).
      config: NEEDS_INSIGHTS,
      schema: {
        ...common,
        summary: 'Opportunities (shift changes, line starts, product changes, planned downtime above target) for a factory or the company',
        body: OpportunitiesBodySchema,
        response: withErrors({ 200: OpportunitiesResponseSchema }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      // Before anything heavy: the whole history of a company is refused at once.
      if ((body.start !== undefined && body.end !== undefined) || body.time_option === 'time_range') checkWindowDays(requestDays(body) * 86_400_000, OPPORTUNITIES_MAX_DAYS);
      const units = body.production_unit_ids
        ? body.production_unit_ids.length
        : (await app.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM production_units WHERE account_id = $1 AND ($2::uuid IS NULL OR factory_id = $2::uuid)',
            [user.account_id, body.company ? null : (body.factory_id ?? null)],
          ))[0]!.n;
      // Identical requests of one account (the overview's panel for every user of a company) share one
      // computation, and its answer for OPPORTUNITIES_CACHE_SECONDS (longer than other calls').
      return sendEncoded(reply, await guarded(request, reply, 'opportunities', body, units, unitDays, (db, now) => opportunities(db, user.account_id, user.is_financial_admin, body, now), opportunityAnswers));
    },
  );
};
