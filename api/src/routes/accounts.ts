import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { findAccount } from '../db/accounts.ts';
import { errors } from '../errors.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { Uuid, withErrors } from '@linepulse/contracts';
import { AccountSchema } from '@linepulse/contracts';

/** Dashboard API: account settings. Only the caller's own account exists for them. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/accounts/:accountId',
    {
      schema: {
        summary: "The caller's account settings",
        tags: ['dashboard'],
        security: [{ bearerAuth: [] }],
        params: Type.Object({ accountId: Uuid }),
        response: withErrors({ 200: AccountSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { accountId } = request.params;
      if (accountId !== user.account_id) throw errors.accountNotFound(accountId);
      const account = await findAccount(app.db, accountId);
      if (!account) throw errors.accountNotFound(accountId);
      return account;
    },
  );
};
