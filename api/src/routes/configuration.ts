import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { applyConfiguration, readConfiguration, type ConfigurationDeclaration } from '../db/configuration.ts';
import { factoryExists } from '../db/factories.ts';
import { createIngestKey, listIngestKeys, revokeIngestKey } from '../db/ingest-keys.ts';
import { recomputationOf } from '../db/rollup-dirty.ts';
import { ApiError, apiError, errors } from '../errors.ts';
import { forgetFactoryLookup } from '../ingestion/factory-lookup.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { validationItems } from '../plugins/app/error-handler.ts';
import { CONFIGURATION_KEY_PATTERN, ERROR_CODES, SHIFT_TIME_PATTERN, WEEK_DAYS, shiftOverlaps, type ApiErrorItem, type WeekDay } from '@linepulse/contracts';
import { FactoryIdParams, Uuid, withErrors } from '@linepulse/contracts';
import {
  CreatedIngestKeySchema,
  FactoryConfigurationBody,
  FactoryConfigurationSchema,
  IngestKeySchema,
  RecomputationSchema,
  type FactoryConfigurationInput,
  type Recomputation,
} from '@linepulse/contracts';
import { accountChangedAfterWrites } from '../analytics/answer-generations.ts';
import { announceConfigurationAfterWrites } from '../live/live-events.ts';

const KEY = CONFIGURATION_KEY_PATTERN;
const HH_MM = SHIFT_TIME_PATTERN;

const round = (value: number, decimals: number): number => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The checks a JSON schema cannot express, every problem listed with its field path: key syntax,
 * duplicate keys, HH:mm times, week days, and unit keys referenced by shifts and rates. Returns the
 * declaration with defaults applied (null for omitted optional values, days in week order, money to
 * cents and rates to 4 decimals as stored).
 */
export function checkConfiguration(body: FactoryConfigurationInput): { declaration: ConfigurationDeclaration } | { problems: ApiErrorItem[] } {
  const problems: ApiErrorItem[] = [];
  const add = (code: string, field: string, message: string, extra: Record<string, string> = {}): void => {
    problems.push({ code, arguments: { field, ...extra }, message: `${field}: ${message}` });
  };
  const keys = <T>(list: T[], section: string, property: 'key' | 'sku', keyOf: (item: T) => string): Set<string> => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const key = keyOf(item);
      const field = `${section}.${index}.${property}`;
      if (property === 'key' && !KEY.test(key)) add(ERROR_CODES.configurationKeyInvalid, field, 'letters, digits, . : - _ (1 to 64, not starting with a sign)', { key });
      if (seen.has(key)) add(ERROR_CODES.configurationKeyDuplicate, field, `${key} is declared more than once`, { key });
      seen.add(key);
    });
    return seen;
  };
  const unitKeys = keys(body.production_units, 'production_units', 'key', (u) => u.key);
  keys(body.work_shifts, 'work_shifts', 'key', (s) => s.key);
  keys(body.products, 'products', 'sku', (p) => p.sku);
  keys(body.downtime_reasons, 'downtime_reasons', 'key', (r) => r.key);

  body.work_shifts.forEach((shift, index) => {
    const base = `work_shifts.${index}`;
    for (const part of ['start', 'end'] as const) {
      if (!HH_MM.test(shift[part])) add(ERROR_CODES.configurationTimeInvalid, `${base}.${part}`, `${shift[part]} is not HH:mm`);
    }
    const days = new Set<string>();
    shift.days.forEach((day, d) => {
      if (!(WEEK_DAYS as readonly string[]).includes(day)) add(ERROR_CODES.configurationDayInvalid, `${base}.days.${d}`, `${day} is not monday … sunday`);
      else if (days.has(day)) add(ERROR_CODES.configurationDayInvalid, `${base}.days.${d}`, `${day} is repeated`);
      days.add(day);
    });
    const units = new Set<string>();
    shift.production_units.forEach((unit, u) => {
      const field = `${base}.production_units.${u}`;
      if (!unitKeys.has(unit)) add(ERROR_CODES.configurationUnitUnknown, field, `no production unit ${unit} is declared`, { key: unit });
      else if (units.has(unit)) add(ERROR_CODES.configurationKeyDuplicate, field, `${unit} is listed twice`, { key: unit });
      units.add(unit);
    });
  });
  if (problems.length === 0) {
    for (const { index, key, other, unit } of shiftOverlaps(body.work_shifts)) {
      problems.push({
        code: ERROR_CODES.configurationShiftOverlap,
        arguments: { field: `work_shifts.${index}`, key, other, unit },
        message: `work_shifts.${index}: shifts ${key} and ${other} overlap on ${unit}`,
      });
    }
  }
  body.products.forEach((product, index) => {
    for (const unit of Object.keys(product.ideal_rate_per_hour)) {
      if (!unitKeys.has(unit)) {
        add(ERROR_CODES.configurationUnitUnknown, `products.${index}.ideal_rate_per_hour.${unit}`, `no production unit ${unit} is declared`, { key: unit });
      }
    }
  });
  if (problems.length) return { problems };

  return {
    declaration: {
      production_units: body.production_units.map((u) => ({
        key: u.key,
        name: u.name,
        converted_unit_name: u.converted_unit_name ?? null,
        packages: u.packages ?? null,
        cost_per_hour: u.cost_per_hour === undefined || u.cost_per_hour === null ? null : round(u.cost_per_hour, 2),
        downtime_delay_seconds: u.downtime_delay_seconds ?? null,
      })),
      work_shifts: body.work_shifts.map((s) => ({
        key: s.key,
        name: s.name,
        production_units: s.production_units,
        start: s.start,
        end: s.end,
        days: WEEK_DAYS.filter((day) => s.days.includes(day)) as WeekDay[],
      })),
      products: body.products.map((p) => ({
        sku: p.sku,
        name: p.name,
        ideal_rate_per_hour: Object.fromEntries(Object.entries(p.ideal_rate_per_hour).map(([unit, rate]) => [unit, round(rate, 4)])),
      })),
      downtime_reasons: body.downtime_reasons.map((r) => ({
        key: r.key,
        name: r.name,
        category: r.category,
        is_planned: r.is_planned,
        target_seconds: r.target_seconds ?? null,
      })),
    },
  };
}

const FactoryKeyParams = Type.Object({ id: Uuid, keyId: Uuid });

/**
 * Factory configuration (production units, work shifts, products, downtime reasons) and ingest keys.
 * Administrators of the factory's account only; another account's factory is a 404 like an unknown one.
 */
export const configurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Writes here change what analytics answers mean: answers kept for the account are not used again.
  accountChangedAfterWrites(app);
  announceConfigurationAfterWrites(app);
  const { db } = app;

  async function ownFactory(accountId: string, factoryId: string): Promise<void> {
    if (!(await factoryExists(db, accountId, factoryId))) throw errors.factoryNotFound(factoryId);
  }

  app.get(
    '/factories/:id/configuration',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The factory configuration with generated ids (administrators)',
        tags: ['configuration'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        response: withErrors({ 200: FactoryConfigurationSchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      await ownFactory(user.account_id, request.params.id);
      return readConfiguration(db, user.account_id, request.params.id);
    },
  );

  app.put(
    '/factories/:id/configuration',
    {
      config: { access: 'admin' },
      attachValidation: true,
      schema: {
        summary:
          'Declare the factory configuration idempotently: upsert by key/SKU, remove what is not declared (refused with 409 CFG_IN_USE for units, products and reasons that production data refers to). Changes to shifts, rates, reasons, downtime delay or cost re-derive the affected units’ history.',
        tags: ['configuration'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        body: FactoryConfigurationBody,
        response: withErrors({ 200: FactoryConfigurationSchema }, [400, 401, 403, 404, 409, 500]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { validationError } = request;
      if (validationError?.validationContext === 'params') {
        throw new ApiError(400, validationItems((validationError.validation ?? []) as never[], 'params'));
      }
      const factoryId = (request.params as { id: string }).id;
      await ownFactory(user.account_id, factoryId);
      if (validationError) throw new ApiError(400, validationItems((validationError.validation ?? []) as never[], 'body'));
      const checked = checkConfiguration(request.body);
      if ('problems' in checked) throw new ApiError(400, checked.problems);

      const result = await db.transaction(async (tx) => {
        const applied = await applyConfiguration(tx, user.account_id, factoryId, checked.declaration);
        if ('inUse' in applied) {
          const items: ApiErrorItem[] = Object.entries(applied.inUse).flatMap(([section, keys]) =>
            (keys as string[]).map((key) => ({
              code: ERROR_CODES.configurationInUse,
              arguments: { field: section, key },
              message: `${section} ${key} cannot be removed: production data refers to it`,
            })),
          );
          throw new ApiError(409, items);
        }
        return { configuration: await readConfiguration(tx, user.account_id, factoryId), dirtyUnits: applied.dirtyUnits.length };
      });
      forgetFactoryLookup(db, factoryId);
      // Past figures follow the change: the background pass starts on them now (progress: GET …/recomputation).
      if (result.dirtyUnits > 0) app.rollupSweep.soon();
      return result.configuration;
    },
  );

  app.get(
    '/factories/:id/recomputation',
    {
      config: { access: 'admin' },
      schema: {
        summary:
          'Progress of the re-derivation that configuration and calendar changes ask for: units still pending out of the factory’s, and since when (administrators). The background pass re-derives one unit at a time.',
        tags: ['configuration'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        response: withErrors({ 200: RecomputationSchema }),
      },
    },
    async (request): Promise<Recomputation> => {
      const user = currentUser(request);
      await ownFactory(user.account_id, request.params.id);
      const units = await recomputationOf(db, user.account_id, request.params.id);
      const since = units.flatMap((u) => (u.pendingSince === null ? [] : [u.pendingSince])).sort();
      return {
        pending_units: units.filter((u) => u.pending).length,
        total_units: units.length,
        oldest_pending_since: since[0] ?? null,
        units: units.map(({ id, key, name, pending }) => ({ id, key, name, pending })),
      };
    },
  );

  app.post(
    '/factories/:id/ingest-keys',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Create an ingest key for the factory; the key is shown only in this answer (administrators)',
        tags: ['ingestion'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        response: withErrors({ 201: CreatedIngestKeySchema }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await ownFactory(user.account_id, request.params.id);
      const created = await createIngestKey(db, user.account_id, request.params.id);
      return reply.status(201).send({ id: created.id, key: created.key, prefix: created.prefix, created_at: created.created_at });
    },
  );

  app.get(
    '/factories/:id/ingest-keys',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The factory’s ingest keys, newest first, without the secrets (administrators)',
        tags: ['ingestion'],
        security: [{ bearerAuth: [] }],
        params: FactoryIdParams,
        response: withErrors({ 200: Type.Array(IngestKeySchema) }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      await ownFactory(user.account_id, request.params.id);
      return listIngestKeys(db, user.account_id, request.params.id);
    },
  );

  app.delete(
    '/factories/:id/ingest-keys/:keyId',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Revoke an ingest key (idempotent); batches sent with it are refused from now on (administrators)',
        tags: ['ingestion'],
        security: [{ bearerAuth: [] }],
        params: FactoryKeyParams,
        response: withErrors({ 200: IngestKeySchema }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, keyId } = request.params;
      await ownFactory(user.account_id, id);
      const revoked = await revokeIngestKey(db, user.account_id, id, keyId);
      if (!revoked) throw apiError(404, ERROR_CODES.ingestKeyNotFound, 'Ingest key not found.', { id: keyId });
      return revoked;
    },
  );
};
