import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CUSTOM_PERIOD_ERROR_ARGUMENTS,
  CustomPeriodIdParams,
  CustomPeriodInputSchema,
  CustomPeriodSchema,
  ERROR_CODES,
  customPeriodConflicts,
  customPeriodSchema,
  withErrors,
  type CustomPeriod,
  type CustomPeriodInput,
} from '@linepulse/contracts';
import {
  deleteCustomPeriod,
  findCustomPeriod,
  insertCustomPeriod,
  listCustomPeriods,
  lockAccountCustomPeriods,
  updateCustomPeriod,
} from '../db/custom-periods.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError, apiError } from '../errors.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { validationItems } from '../plugins/app/error-handler.ts';
import { yupProblems } from '../yup-problems.ts';
import { accountChangedAfterWrites } from '../analytics/answer-generations.ts';

const rules = customPeriodSchema();
const notFound = (id: string): ApiError => apiError(404, ERROR_CODES.customPeriodNotFound, 'Custom period not found.', { id });

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Custom periods (product §5, §7, §8). Everyone of the account reads the list (every period picker offers
 * the current and the last one); only administrators read one, create, change or delete. Another
 * account's period answers 404 CP_404 like an unknown one.
 */
export const customPeriodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Writes here change what analytics answers mean: answers kept for the account are not used again.
  accountChangedAfterWrites(app);
  const { db } = app;
  const tags = ['custom periods'];
  const security = [{ bearerAuth: [] }];

  /**
   * Checks a POST or PUT body against the shared rules, then, holding the account's custom-period lock,
   * against the other periods (duplicate name, overlap), and writes it. Any problem leaves everything as
   * it was.
   */
  async function save(request: FastifyRequest, periodId: string | null): Promise<CustomPeriod> {
    const user = currentUser(request);
    const { validationError } = request;
    if (validationError?.validationContext === 'params') {
      throw new ApiError(400, validationItems((validationError.validation ?? []) as never[], 'params'));
    }
    const checked = await yupProblems<CustomPeriodInput>(rules, request.body, CUSTOM_PERIOD_ERROR_ARGUMENTS);
    if (periodId !== null && !(await findCustomPeriod(db, user.account_id, periodId))) throw notFound(periodId);
    if ('problems' in checked) throw new ApiError(400, checked.problems);
    if (validationError) throw new ApiError(400, validationItems((validationError.validation ?? []) as never[], 'body'));
    const period: CustomPeriodInput = { ...checked.value, name: checked.value.name.trim() };
    const duplicate = (): ApiError =>
      apiError(409, ERROR_CODES.customPeriodDuplicateName, `A custom period with this name already exists (${period.name})`, { field: 'name', name: period.name });

    const write = async (tx: Queryable): Promise<CustomPeriod> => {
      await lockAccountCustomPeriods(tx, user.account_id);
      const stored = await listCustomPeriods(tx, user.account_id);
      if (periodId !== null && !stored.some((p) => p.id === periodId)) throw notFound(periodId);
      const conflicts = customPeriodConflicts(period, stored, periodId);
      if (conflicts.length > 0) {
        throw new ApiError(
          409,
          conflicts.map((c) => ({
            code: c.code,
            arguments: { field: c.field, name: c.name },
            message: c.code === ERROR_CODES.customPeriodOverlap ? `The period overlaps ${c.name}` : `A custom period with this name already exists (${c.name})`,
          })),
        );
      }
      const id = periodId ?? (await insertCustomPeriod(tx, user.account_id, period));
      if (periodId !== null) await updateCustomPeriod(tx, user.account_id, periodId, period);
      return (await findCustomPeriod(tx, user.account_id, id))!;
    };
    try {
      return await db.transaction(write);
    } catch (error) {
      // The unique index folds case with the database's lower(), which may join names the check did not.
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  app.get(
    '/custom-periods',
    {
      schema: {
        summary: "The account's custom periods, newest first (days counts both ends)",
        tags,
        security,
        response: withErrors({ 200: Type.Array(CustomPeriodSchema) }, [401, 403, 500]),
      },
    },
    async (request) => listCustomPeriods(db, currentUser(request).account_id),
  );

  app.post(
    '/custom-periods',
    {
      config: { access: 'admin' },
      // The shared rules give the coded problems; the JSON schema documents the body.
      attachValidation: true,
      schema: {
        summary: 'Create a custom period (administrators): product §5 rules, no duplicate name, no overlap',
        tags,
        security,
        body: CustomPeriodInputSchema,
        response: withErrors({ 201: CustomPeriodSchema }, [400, 401, 403, 409, 500]),
      },
    },
    async (request, reply) => reply.status(201).send(await save(request, null)),
  );

  app.get(
    '/custom-periods/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'One custom period of the account (administrators); any other id is 404 CP_404',
        tags,
        security,
        params: CustomPeriodIdParams,
        response: withErrors({ 200: CustomPeriodSchema }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const period = await findCustomPeriod(db, currentUser(request).account_id, id);
      if (!period) throw notFound(id);
      return period;
    },
  );

  app.put(
    '/custom-periods/:id',
    {
      config: { access: 'admin' },
      attachValidation: true,
      schema: {
        summary: 'Change a custom period of the account (administrators); the same rules as creation, the period not compared with itself',
        tags,
        security,
        params: CustomPeriodIdParams,
        body: CustomPeriodInputSchema,
        response: withErrors({ 200: CustomPeriodSchema }, [400, 401, 403, 404, 409, 500]),
      },
    },
    async (request) => save(request, (request.params as { id: string }).id.toLowerCase()),
  );

  app.delete(
    '/custom-periods/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Delete a custom period of the account (administrators)',
        tags,
        security,
        params: CustomPeriodIdParams,
        response: withErrors({ 204: Type.Null({ description: 'No content' }) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      if (!(await deleteCustomPeriod(db, currentUser(request).account_id, id))) throw notFound(id);
      return reply.status(204).send(null);
    },
  );
};
