import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CURRENCIES } from '@linepulse/contracts';
import { withErrors } from '@linepulse/contracts';

export const currencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/currency-list',
    {
      schema: {
        summary: 'ISO 4217 codes a factory may use',
        tags: ['reference'],
        security: [{ bearerAuth: [] }],
        response: withErrors({ 200: Type.Array(Type.String({ pattern: '^[A-Z]{3}$' })) }, [401, 403, 500]),
      },
    },
    async () => [...CURRENCIES],
  );
};
