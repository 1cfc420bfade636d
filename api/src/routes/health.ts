import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/**
 * GET /api/health: liveness plus a database check, for load balancers. No token needed. The check never
 * waits behind requests (Db.ping): PostgreSQL on a connection of its own, PGlite by its open instance.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    async (request, reply) => {
      try {
        await app.db.ping();
        return { status: 'ok' as const, database: app.db.kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: app.db.kind });
      }
    },
  );
};
