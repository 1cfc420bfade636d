import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listCustomPeriods } from '../db/custom-periods.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { withErrors } from '@linepulse/contracts';
import { CustomPeriodSchema } from '@linepulse/contracts';

export const customPeriodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/custom-periods',
    {
      schema: {
        summary: "The account's custom periods, newest first (days counts both ends)",
        tags: ['custom periods'],
        security: [{ bearerAuth: [] }],
        response: withErrors({ 200: Type.Array(CustomPeriodSchema) }, [401, 403, 500]),
      },
    },
    async (request) => listCustomPeriods(app.db, currentUser(request).account_id),
  );
};
