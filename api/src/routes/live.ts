import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ERROR_CODES, FactoryIdParams, LIVE_MAX_FACTORIES, LiveQuerySchema, UnitStatesNowSchema, withErrors } from '@linepulse/contracts';
import { factoryExists } from '../db/factories.ts';
import { apiError, errors } from '../errors.ts';
import { unitStatesNow } from '../live/unit-states.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { MAX_LIVE_STREAMS } from '../plugins/app/live.ts';

/** Seconds a stream lives when its token says nothing of its expiry. */
const DEFAULT_STREAM_SECONDS = 3600;

/**
 * Live screens (issue 25, decision 49): the stream of what changed in some factories of the caller's
 * account, and each line's state now (what the TV shows beside its figures).
 */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.get(
    '/live',
    {
      schema: {
        tags: ['live'],
        security: [{ bearerAuth: [] }],
        summary: 'Server-sent events: what changed in the factories given (state, counts, product, justification, configuration)',
        description:
          'A `text/event-stream`. Events: `ready` (the stream follows the factories), `change` (data: `{ changes: [{ factory_id, kinds, production_unit_ids }] }`, ' +
          'at most one every 250 ms), `reset` (changes may have been missed: refetch everything), `expired` (the token expired: reconnect with a fresh one). ' +
          'Each event carries an id; reconnecting with `Last-Event-ID` replays what followed it (kept an hour). Figures are not pushed: ask the usual calls again.',
        querystring: LiveQuerySchema,
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })) }),
        response: withErrors({ 200: Type.String({ description: 'text/event-stream' }) }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const factoryIds = [...new Set(request.query.factory_ids.toLowerCase().split(','))];
      if (factoryIds.length > LIVE_MAX_FACTORIES) {
        throw apiError(400, ERROR_CODES.validation, `factory_ids holds more than ${LIVE_MAX_FACTORIES} factories.`, { field: 'factory_ids', max: LIVE_MAX_FACTORIES });
      }
      const known = await db.query<{ id: string }>('SELECT id FROM factories WHERE account_id = $1 AND id = ANY($2::uuid[])', [user.account_id, factoryIds]);
      const knownIds = new Set(known.map((row) => row.id));
      const missing = factoryIds.find((id) => !knownIds.has(id));
      if (missing) throw errors.factoryNotFound(missing);
      if (app.live.count >= MAX_LIVE_STREAMS) {
        void reply.header('retry-after', '30');
        throw apiError(503, ERROR_CODES.unavailable, 'This server follows as many live screens as it can; the screen polls meanwhile.', { retry_after: 30 });
      }
      const lastEventId = request.headers['last-event-id'];
      const replay = lastEventId === undefined ? null : await app.live.hub.since(user.account_id, factoryIds, Number(lastEventId));
      app.live.open(request, reply, { accountId: user.account_id, factoryIds, replay, endsAt: request.tokenExpiresAt ?? Date.now() + DEFAULT_STREAM_SECONDS * 1000 });
      return reply;
    },
  );

  app.get(
    '/factories/:id/unit-states',
    {
      schema: {
        tags: ['live'],
        security: [{ bearerAuth: [] }],
        summary: "Each line's state now: running, stopped (since when) or unknown, and when it last sent an event",
        params: FactoryIdParams,
        response: withErrors({ 200: UnitStatesNowSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await factoryExists(db, user.account_id, request.params.id))) throw errors.factoryNotFound(request.params.id);
      return unitStatesNow(db, user.account_id, request.params.id);
    },
  );
};
