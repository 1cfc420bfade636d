import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import {
  createFactory,
  factoryExists,
  factoryNameTaken,
  factoryProducts,
  factoryUnitWorkShifts,
  findFactory,
  listFactories,
  updateFactorySettings,
} from '../db/factories.ts';
import { ApiError, apiError, errors } from '../errors.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { validationItems } from '../plugins/app/error-handler.ts';
import { yupProblems } from '../yup-problems.ts';
import {
  CURRENCIES,
  ERROR_CODES,
  factorySettingsSchema,
  type ApiErrorItem,
  type FactorySettings,
} from '@linepulse/contracts';
import { FactoryIdParams, withErrors } from '@linepulse/contracts';
import {
  FactoryProductSchema,
  FactorySchema,
  FactorySettingsSchema,
  NewFactorySchema,
  UnitWorkShiftsSchema,
} from '@linepulse/contracts';
import { accountChangedAfterWrites } from '../analytics/answer-generations.ts';
import { announceConfigurationAfterWrites } from '../live/live-events.ts';

const settingsSchema = factorySettingsSchema(CURRENCIES);
const settingsWithoutObjectives = settingsSchema.omit(['objectives']);
const NO_FACTORY = '00000000-0000-0000-0000-000000000000';

/** The shared yup schema's problems, one item each; its messages are error codes (product §5). */
async function validateSettings(
  body: unknown,
  schema: typeof settingsSchema | typeof settingsWithoutObjectives = settingsSchema,
): Promise<{ settings: FactorySettings } | { problems: ApiErrorItem[] }> {
  const result = await yupProblems<unknown>(schema, body);
  return 'problems' in result ? result : { settings: result.value as FactorySettings };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export const factoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Writes here change what analytics answers mean: answers kept for the account are not used again.
  accountChangedAfterWrites(app);
  announceConfigurationAfterWrites(app);
  const { db } = app;

  app.get(
    '/user/factories',
    {
      schema: {
        summary: "The factories of the caller's account, with units, objectives and OEE target",
        tags: ['factories'],
        security: [{ bearerAuth: [] }],
        response: withErrors({ 200: Type.Array(FactorySchema) }, [401, 403, 500]),
      },
    },
    async (request) => listFactories(db, currentUser(request).account_id),
  );

  app.post(
    '/factories',
    {
      config: { access: 'admin' },
      attachValidation: true,
      schema: {
        summary: 'Create a factory in the caller’s account (administrators); omitted fields take their defaults (docs/product.md §3)',
        tags: ['factories'],
        security: [{ bearerAuth: [] }],
        body: NewFactorySchema,
        response: withErrors({ 201: FactorySchema }, [400, 401, 403, 409, 500]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Partial<Static<typeof NewFactorySchema>>;
      const withDefaults = {
        name: body.name,
        primary_language: body.primary_language ?? 'en',
        timezone: body.timezone,
        year_first_month: body.year_first_month ?? 'january',
        week_first_day: body.week_first_day ?? 'monday',
        currency: body.currency ?? 'CAD',
        production_day_minutes_from_midnight: body.production_day_minutes_from_midnight ?? 0,
        is_calendar_day_business_day: body.is_calendar_day_business_day ?? true,
        ...(body.objectives === undefined ? {} : { objectives: body.objectives }),
      };
      const result = await validateSettings(withDefaults, body.objectives === undefined ? settingsWithoutObjectives : settingsSchema);
      if ('problems' in result) throw new ApiError(400, result.problems);
      if (request.validationError) {
        throw new ApiError(400, validationItems((request.validationError.validation ?? []) as never[], 'body'));
      }
      const settings = result.settings;
      const duplicate = () =>
        apiError(409, ERROR_CODES.factoryDuplicateName, `A factory with the same name already exists (${settings.name})`, {
          name: settings.name,
        });
      if (await factoryNameTaken(db, user.account_id, settings.name, NO_FACTORY)) throw duplicate();
      let id: string;
      try {
        id = await db.transaction((tx) =>
          createFactory(tx, user.account_id, {
            ...settings,
            objectives: settings.objectives ?? [],
            primary_language: settings.primary_language ?? 'en',
            alert_capability: body.alert_capability ?? false,
            forms_workspace_id: body.forms_workspace_id ?? null,
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      const factory = await findFactory(db, user.account_id, id);
      return reply.status(201).send(factory!);
    },
  );

  app.put(
    '/factories/:id',
    {
      config: { access: 'admin' },
      // The shared yup schema below gives the coded problems; the JSON schema documents the body.
      attachValidation: true,
      schema: {
        summary: 'Update factory settings (administrators)',
        tags: ['factories'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        body: FactorySettingsSchema,
        response: withErrors({ 200: FactorySchema }, [400, 401, 403, 404, 409, 500]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params as { id: string };
      if (request.validationError?.validationContext === 'params') {
        throw new ApiError(400, validationItems((request.validationError.validation ?? []) as never[], 'params'));
      }
      if (!(await factoryExists(db, user.account_id, id))) throw errors.factoryNotFound(id);

      const result = await validateSettings(request.body);
      if ('problems' in result) throw new ApiError(400, result.problems);
      if (request.validationError) {
        throw new ApiError(400, validationItems((request.validationError.validation ?? []) as never[], 'body'));
      }
      const { settings } = result;
      const duplicate = () =>
        apiError(409, ERROR_CODES.factoryDuplicateName, `A factory with the same name already exists (${settings.name})`, {
          name: settings.name,
        });
      if (await factoryNameTaken(db, user.account_id, settings.name, id)) throw duplicate();
      try {
        const updated = await db.transaction((tx) => updateFactorySettings(tx, user.account_id, id, settings));
        if (!updated) throw errors.factoryNotFound(id);
        // A new calendar re-derives the past: the background pass starts on it now.
        if (updated.dirtyUnits > 0) app.rollupSweep.soon();
      } catch (error) {
        // Two admins renaming at once: the unique index decides.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      const factory = await findFactory(db, user.account_id, id);
      if (!factory) throw errors.factoryNotFound(id);
      return factory;
    },
  );

  app.get(
    '/factories/:id/assigned-work-shift-names',
    {
      schema: {
        summary: 'Each production unit of the factory with its work shifts (id and name), for every enabled user of the account',
        tags: ['factories'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        response: withErrors({ 200: Type.Array(UnitWorkShiftsSchema) }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await factoryExists(db, user.account_id, request.params.id))) throw errors.factoryNotFound(request.params.id);
      return factoryUnitWorkShifts(db, user.account_id, request.params.id);
    },
  );

  app.get(
    '/factories/:id/products',
    {
      schema: {
        summary: 'Products of the factory (id, SKU, name), for every enabled user of the account',
        tags: ['factories'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        response: withErrors({ 200: Type.Array(FactoryProductSchema) }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await factoryExists(db, user.account_id, request.params.id))) throw errors.factoryNotFound(request.params.id);
      return factoryProducts(db, user.account_id, request.params.id);
    },
  );
};
