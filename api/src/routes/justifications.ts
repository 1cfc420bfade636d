import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  FactoryIdParams,
  JUSTIFICATION_DEFAULT_HOURS,
  JustifiableDowntimeSchema,
  JustificationListQuerySchema,
  JustificationListSchema,
  JustificationRequestSchema,
  withErrors,
} from '@linepulse/contracts';
import { factoryExists } from '../db/factories.ts';
import { errors } from '../errors.ts';
import { changeJustification, listJustifiable } from '../justification/justifications.ts';
import { currentUser } from '../plugins/app/auth.ts';

/** Downtime justification by the people on the line (issue 25, decision 50). */
export const justificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const common = { tags: ['justification'], security: [{ bearerAuth: [] }] };

  app.get(
    '/factories/:id/justifications',
    {
      schema: {
        ...common,
        summary: 'The downtimes of the last hours (24 by default, at most 168) of some lines of a factory, newest first, with the machine’s reasons, the person’s parts, the comment and every change',
        params: FactoryIdParams,
        querystring: JustificationListQuerySchema,
        response: withErrors({ 200: JustificationListSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await factoryExists(db, user.account_id, request.params.id))) throw errors.factoryNotFound(request.params.id);
      const ids = request.query.production_unit_ids ? [...new Set(request.query.production_unit_ids.toLowerCase().split(','))] : null;
      return listJustifiable(db, user.account_id, request.params.id, ids, request.query.hours ?? JUSTIFICATION_DEFAULT_HOURS);
    },
  );

  app.post(
    '/factories/:id/justifications',
    {
      schema: {
        ...common,
        summary: 'One change of a downtime’s justification: justify (the whole downtime, or one part), split at an instant into two reasons, comment, or undo the last change',
        description:
          'Not for the display role (403 JUST_ROLE_FORBIDDEN). A person’s reasons are kept beside the machine’s and win over them; every change is kept with who and when. ' +
          'Send an `Idempotency-Key` header (8–100 letters, digits, - or _) to make a retry harmless: the same key answers the downtime as it is (409 JUST_KEY_REUSED for another downtime).',
        params: FactoryIdParams,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,100}$' })) }),
        body: JustificationRequestSchema,
        response: withErrors({ 200: JustifiableDowntimeSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await factoryExists(db, user.account_id, request.params.id))) throw errors.factoryNotFound(request.params.id);
      const key = request.headers['idempotency-key'];
      return changeJustification(db, user, request.params.id, request.body, key ? { idempotencyKey: key } : {});
    },
  );
};
