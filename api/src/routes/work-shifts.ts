import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { accountUnitWorkShifts } from '../db/factories.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { withErrors } from '@linepulse/contracts';
import { UserUnitWorkShiftsSchema } from '@linepulse/contracts';

export const workShiftRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/work-shifts',
    {
      schema: {
        summary: "Work shifts (id and name) of every production unit in the caller's account",
        tags: ['factories'],
        security: [{ bearerAuth: [] }],
        response: withErrors({ 200: Type.Array(UserUnitWorkShiftsSchema) }, [401, 403, 500]),
      },
    },
    async (request) => accountUnitWorkShifts(app.db, currentUser(request).account_id),
  );
};
