import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DatabaseCheck } from '../database-check.ts';

/**
 * GET /api/health: liveness plus a database check, for load balancers. No token needed. The check
 * never waits behind requests (Db.ping: PostgreSQL on a connection of its own; PGlite, which runs one
 * statement at a time on a thread of its own, by its thread being there), and a probe is answered from
 * the check made in the background at most 3 s before (database-check.ts), so a busy database's
 * scheduling does not make the api look slow. PGlite's statements never run on the api's thread
 * (decision 30), so a long one does not hold this answer either.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const database = new DatabaseCheck(() => app.db.ping(), {
    onFailure: (error) => app.log.error({ err: error }, 'health check: database unreachable'),
  });
  app.addHook('onReady', async () => database.start());
  app.addHook('onClose', async () => database.stop());
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness and database check',
        tags: ['system'],
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]) }),
          503: Type.Object({ status: Type.Literal('error'), database: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]) }),
        },
      },
    },
    async (_request, reply) => {
      if (await database.reachable()) return { status: 'ok' as const, database: app.db.kind };
      return reply.status(503).send({ status: 'error' as const, database: app.db.kind });
    },
  );
};
