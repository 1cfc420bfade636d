import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findIngestKeyOwner, type IngestKeyOwner } from '../db/ingest-keys.ts';
import { errors } from '../errors.ts';
import { ingestEvents, MAX_BATCH_EVENTS } from '../ingestion/ingest-events.ts';
import { withErrors } from '@linepulse/contracts';

const Instant = Type.String({ format: 'date-time', description: 'ISO-8601 instant with an offset of at most ±14:00, e.g. 2024-03-01T10:00:00.000Z' });
const Id = Type.String({ minLength: 1, maxLength: 200, description: 'Unique within the factory: a re-sent id is a duplicate' });
const Unit = Type.String({ description: 'Production unit key' });
const Count = Type.Integer({ minimum: 0 });

/** The documented wire shape; validation itself is done by ingestEvents (every problem with its index). */
export const IngestEventSchema = Type.Union([
  Type.Object({ id: Id, type: Type.Literal('state'), unit: Unit, at: Instant, state: Type.Enum(['running', 'stopped'] as const) }, { additionalProperties: false }),
  Type.Object(
    { id: Id, type: Type.Literal('count'), unit: Unit, at: Instant, good: Count, rejected: Count },
    { additionalProperties: false, description: 'Increments since the previous count' },
  ),
  Type.Object(
    { id: Id, type: Type.Literal('counter'), unit: Unit, at: Instant, total: Count, rejected: Count },
    { additionalProperties: false, description: 'Cumulative machine counters: total includes rejects (rejected ≤ total); a lower reading means a reset' },
  ),
  Type.Object(
    { id: Id, type: Type.Literal('justification'), unit: Unit, from: Instant, to: Instant, reason: Type.String({ description: 'Downtime reason key' }) },
    { additionalProperties: false, description: 'A reason over the downtime inside [from, to)' },
  ),
  Type.Object({ id: Id, type: Type.Literal('product'), unit: Unit, at: Instant, sku: Type.String() }, { additionalProperties: false }),
]);

export const IngestBatchSchema = Type.Object({
  events: Type.Array(IngestEventSchema, { minItems: 1, maxItems: MAX_BATCH_EVENTS }),
});

export const IngestResultSchema = Type.Object({
  accepted: Type.Integer({ description: 'Events stored by this batch' }),
  duplicates: Type.Integer({ description: 'Events whose id was already stored (re-sent)' }),
});

// 10 000 events of ~150 bytes each, with room for long ids.
const BODY_LIMIT = 8 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The factory an ingest key authenticated (ingestion routes). */
    ingestKey?: IngestKeyOwner;
  }
}

async function authenticateKey(request: FastifyRequest): Promise<IngestKeyOwner> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw errors.unauthenticated('An ingest key is required: Authorization: Bearer <ingest key>.');
  const owner = await findIngestKeyOwner(request.server.db, match[1]!);
  if (!owner) throw errors.unauthenticated('The ingest key is invalid or revoked.');
  return owner;
}

/**
 * Machine events in, authenticated by a factory's ingest key (not a user token: the route's access is
 * 'ingest', which the user-token hook leaves alone). The answer comes after the batch is committed.
 */
export const ingestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/ingest/v1/events',
    {
      // ingestEvents names text problems with the event's index (the common check only limits depth).
      config: { access: 'ingest', checksOwnText: true },
      bodyLimit: BODY_LIMIT,
      // The schema documents the body; ingestEvents validates it (one problem per event and field).
      validatorCompiler: () => (value: unknown) => ({ value }),
      onRequest: async (request) => {
        request.ingestKey = await authenticateKey(request);
      },
      schema: {
        summary:
          'Ingest a batch of 1 to 10 000 machine events with a factory ingest key. A batch with any invalid event is refused whole (400, one error per problem with arguments.index and arguments.field); a valid one is stored durably before the answer.',
        tags: ['ingestion'],
        security: [{ ingestKey: [] }],
        body: IngestBatchSchema,
        response: withErrors({ 200: IngestResultSchema }, [400, 401, 413, 500]),
      },
    },
    async (request) => {
      const owner = request.ingestKey!;
      const body = request.body as unknown;
      const events = typeof body === 'object' && body !== null ? (body as { events?: unknown }).events : undefined;
      return ingestEvents(app.db, { accountId: owner.account_id, factoryId: owner.factory_id, configVersion: owner.config_version }, events);
    },
  );
};
