import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DowntimeDurationsSchema,
  DowntimeFilterSchema,
  DowntimeListBodySchema,
  DowntimeListSchema,
  withErrors,
} from '@linepulse/contracts';
import { downtimeDurations, downtimeList } from '../analytics/downtime-list.ts';
import { checkIds, MAX_IDS_PER_ARRAY, requestDays } from '../analytics/limits.ts';
import type { WindowRequest } from '../analytics/window.ts';
import type { Db } from '../db/db.ts';
import { apiError } from '../errors.ts';
import { ERROR_CODES } from '@linepulse/contracts';
import { currentUser } from '../plugins/app/auth.ts';
import { clientGoneSignal } from '../plugins/app/heavy-calls.ts';

/**
 * The downtime list and the distribution of downtime durations (issue 11). The same limits as the
 * analytics calls: ids per array, and a call over many unit-days is heavy (queued, per-user, timed out).
 * Both read every downtime of the window, as opportunities do: heavy above HEAVY_UNIT_DAYS unit-days,
 * not ten times it as the sums of rollups (a year of six lines took a second on PGlite).
 */
export const downtimeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['analytics'], security: [{ bearerAuth: [] }] };
  const { unitDays } = app.config.heavyCalls;
  const guarded = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    call: string,
    body: WindowRequest & { production_unit_ids?: string[]; work_shift_ids?: string[]; product_ids?: string[]; reason_ids?: string[] },
    fn: (db: Db) => Promise<T>,
  ): Promise<T> => {
    checkIds(body);
    if ((body.reason_ids?.length ?? 0) > MAX_IDS_PER_ARRAY) {
      throw apiError(400, ERROR_CODES.analyticsTooManyIds, `reason_ids holds more than ${MAX_IDS_PER_ARRAY} ids.`, { field: 'reason_ids', max: MAX_IDS_PER_ARRAY });
    }
    if ((body.production_unit_ids?.length ?? 0) * requestDays(body) <= unitDays) return fn(app.reads);
    return app.heavyCalls.run(reply, currentUser(request).user_id, call, fn, clientGoneSignal(reply));
  };

  app.post(
    '/production-units/downtimes',
    {
      schema: {
        ...common,
        summary: 'Downtimes overlapping the window (whole, with time inside scheduled time), filtered, sorted and paged; with the reasons of the selection',
        body: DowntimeListBodySchema,
        response: withErrors({ 200: DowntimeListSchema }),
      },
    },
    async (request, reply) => guarded(request, reply, 'downtimes', request.body, (db) => downtimeList(db, currentUser(request).account_id, request.body)),
  );

  app.post(
    '/production-units/downtime-durations',
    {
      schema: {
        ...common,
        summary: 'Distribution of the durations of the same downtimes: count, total, mean, nearest-rank median, p90, p95 and bins',
        body: DowntimeFilterSchema,
        response: withErrors({ 200: DowntimeDurationsSchema }),
      },
    },
    async (request, reply) => guarded(request, reply, 'downtime-durations', request.body, (db) => downtimeDurations(db, currentUser(request).account_id, request.body)),
  );
};
