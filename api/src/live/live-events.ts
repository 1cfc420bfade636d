import type { LiveChange, LiveKind } from '@linepulse/contracts';
import type { Queryable } from '../db/db.ts';

/**
 * Announcing changes to the live screens (docs/decisions/0049-live-screens.md): a row of live_events and
 * a NOTIFY on LIVE_CHANNEL, written by the statement or transaction that makes the change, so that an
 * announcement exists only if its change committed, and every api instance hears it.
 */
export const LIVE_CHANNEL = 'linepulse_live';

/**
 * The channel of the database's schema: NOTIFY reaches the whole database, and two schemas (the tests'
 * parallel ones, two products on one server) must not hear each other.
 */
export function liveChannel(schema: string): string {
  return `${LIVE_CHANNEL}:${schema}`;
}

/** Units listed in a notification at most: PostgreSQL caps a payload at 8 000 bytes; more means "the factory". */
export const LIVE_NOTIFY_MAX_UNITS = 100;

/** One announced change as the listeners receive it (the NOTIFY payload, and a row read back). */
export interface LiveEventRow extends LiveChange {
  id: number;
  account_id: string;
}

/**
 * SQL of the NOTIFY for the rows of a CTE or table `source` holding live_events' columns: one
 * notification per row, whose payload is the row as JSON (units dropped past LIVE_NOTIFY_MAX_UNITS).
 */
export function notifySql(source: string): string {
  return `SELECT pg_notify('${LIVE_CHANNEL}:' || current_schema(), json_build_object(
            'id', id, 'account_id', account_id, 'factory_id', factory_id, 'kinds', kinds,
            'production_unit_ids', CASE WHEN cardinality(production_unit_ids) <= ${LIVE_NOTIFY_MAX_UNITS} THEN production_unit_ids END)::text)
       FROM ${source}`;
}

const ANNOUNCE = `
WITH e AS (
  INSERT INTO live_events (account_id, factory_id, production_unit_ids, kinds)
  VALUES ($1, $2, $3::uuid[], $4::text[])
  RETURNING id, account_id, factory_id, production_unit_ids, kinds
)
${notifySql('e')}`;

/**
 * Announces a change of a factory (inside the transaction that makes it, or right after a statement
 * that committed it). `unitIds` empty: the factory as a whole.
 */
export async function announceChange(q: Queryable, accountId: string, factoryId: string, kinds: readonly LiveKind[], unitIds: readonly string[] = []): Promise<void> {
  await q.query(ANNOUNCE, [accountId, factoryId, [...new Set(unitIds)], [...new Set(kinds)]]);
}

/** A NOTIFY payload read back; null when it is not one of ours (nothing else should use the channel). */
export function parseLiveEvent(payload: string): LiveEventRow | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEventRow>;
    if (typeof value.id !== 'number' || typeof value.account_id !== 'string' || typeof value.factory_id !== 'string' || !Array.isArray(value.kinds)) return null;
    return {
      id: value.id,
      account_id: value.account_id,
      factory_id: value.factory_id,
      kinds: value.kinds,
      production_unit_ids: Array.isArray(value.production_unit_ids) ? value.production_unit_ids : null,
    };
  } catch {
    return null;
  }
}

/**
 * For a route plugin whose writes change a factory's configuration (`/factories/:id/…`): after each
 * successful write, the factory's live screens hear of it. Runs once the answer is sent, so after the
 * write's commit; a failure to announce is logged, not the caller's.
 */
export function announceConfigurationAfterWrites(app: {
  db: Queryable;
  addHook(
    name: 'onResponse',
    hook: (
      request: { method: string; params: unknown; routeOptions: { url?: string }; user?: { account_id: string } | null; log: { warn(o: object, m: string): void } },
      reply: { statusCode: number },
    ) => Promise<void>,
  ): unknown;
}): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400 || !request.user) return;
    // Ingest keys change no figure.
    if (request.routeOptions.url?.includes('/ingest-keys')) return;
    const factoryId = (request.params as { id?: unknown } | undefined)?.id;
    if (typeof factoryId !== 'string') return;
    await announceChange(app.db, request.user.account_id, factoryId, ['configuration']).catch((error: unknown) =>
      request.log.warn({ err: error }, 'live announcement of a configuration change failed'),
    );
  });
}
