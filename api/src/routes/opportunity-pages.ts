import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  OpportunityOccurrencesBodySchema,
  OpportunityOccurrencesSchema,
  OpportunityTargetBodySchema,
  OpportunityTargetsQuerySchema,
  OpportunityTargetsSchema,
  OpportunityUnitBodySchema,
  OpportunityUnitSchema,
  PRECEDING_PERIODS,
  withErrors,
  type UserClaims,
} from '@linepulse/contracts';
import { Type } from 'typebox';
import { checkWindowDays, OPPORTUNITIES_MAX_DAYS, requestDays } from '../analytics/limits.ts';
import { opportunityOccurrences, opportunityTargets, opportunityUnit, setOpportunityTarget } from '../analytics/opportunity-pages.ts';
import type { WindowRequest } from '../analytics/window.ts';
import type { Db } from '../db/db.ts';
import { apiError } from '../errors.ts';
import { currentUser, NEEDS_INSIGHTS } from '../plugins/app/auth.ts';
import { accountChanged } from '../analytics/answer-generations.ts';

/** Admins and directors set the per-unit targets (issue 14). */
const canSetTargets = (user: UserClaims): boolean => user.is_admin || user.role === 'director';

/**
 * The performance-manager pages (issue 14): one unit's opportunities of one kind, their occurrences and
 * the per-unit targets, for users with insights only (NEEDS_INSIGHTS, product §6). A call over more
 * unit-days than the heavy limit (the window and, for the page's trend, the 11 periods before it) is
 * heavy: queued, one per user, timed out (decision 0017).
 */
export const opportunityPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['analytics'], security: [{ bearerAuth: [] }] };
  const { unitDays } = app.config.heavyCalls;
  const guarded = async <T>(request: FastifyRequest, reply: FastifyReply, call: string, body: WindowRequest, periods: number, fn: (db: Db) => Promise<T>): Promise<T> => {
    // Before anything heavy: an explicit window longer than a year is refused at once.
    if ((body.start !== undefined && body.end !== undefined) || body.time_option === 'time_range') checkWindowDays(requestDays(body) * 86_400_000, OPPORTUNITIES_MAX_DAYS);
    if (periods * requestDays(body) <= unitDays) return fn(app.reads);
    return app.heavyCalls.run(reply, currentUser(request).user_id, call, fn);
  };

  app.post(
    '/opportunities/unit',
    {
      config: NEEDS_INSIGHTS,
      schema: {
        ...common,
        summary: 'One unit’s opportunities of one kind: summary with percentiles and target, potential gain, distribution, trend over the window and the 11 periods before, breakdowns',
        body: OpportunityUnitBodySchema,
        response: withErrors({ 200: OpportunityUnitSchema }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return guarded(request, reply, 'opportunities/unit', request.body, PRECEDING_PERIODS + 1, (db) => opportunityUnit(db, user.account_id, user.is_financial_admin, request.body));
    },
  );

  app.post(
    '/opportunities/occurrences',
    {
      config: NEEDS_INSIGHTS,
      schema: {
        ...common,
        summary: 'One unit’s occurrences of one kind over the window, sorted (at, lost, excess) and paged',
        body: OpportunityOccurrencesBodySchema,
        response: withErrors({ 200: OpportunityOccurrencesSchema }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return guarded(request, reply, 'opportunities/occurrences', request.body, 1, (db) => opportunityOccurrences(db, user.account_id, user.is_financial_admin, request.body));
    },
  );

  app.get(
    '/opportunities/targets',
    {
      config: NEEDS_INSIGHTS,
      schema: {
        ...common,
        summary: 'A factory’s per-unit targets (shift changes, line starts, product changes) and its planned reasons with a target',
        querystring: OpportunityTargetsQuerySchema,
        response: withErrors({ 200: OpportunityTargetsSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return opportunityTargets(app.db, user.account_id, request.query.factory_id, canSetTargets(user));
    },
  );

  app.put(
    '/opportunities/targets',
    {
      config: NEEDS_INSIGHTS,
      schema: {
        ...common,
        summary: 'Sets one unit’s target for one kind, in seconds (null: back to the unit’s median); admins and directors only',
        body: OpportunityTargetBodySchema,
        response: withErrors({ 204: Type.Null() }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!canSetTargets(user)) throw apiError(403, ERROR_CODES.opportunityTargetForbidden, 'Only administrators and directors set opportunity targets.');
      await setOpportunityTarget(app.db, user.account_id, user.user_id, request.body);
      // The overview's kept opportunities answers count the old target.
      accountChanged(user.account_id);
      return reply.status(204).send(null);
    },
  );
};
