import type { Queryable } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { ERROR_CODES, textProblem, type ApiErrorItem } from '@linepulse/contracts';
import { factoryLookup, forgetFactoryLookup, type FactoryLookup } from './factory-lookup.ts';
import { unitsWritten } from '../analytics/answer-generations.ts';
import { notifySql } from '../live/live-events.ts';

/** Most events one batch may carry (HTTP and MQTT alike). */
export const MAX_BATCH_EVENTS = 10_000;
/** How far in the future an instant may lie (machine clocks drift). */
export const MAX_FUTURE_MS = 5 * 60_000;
/** Problems listed for one refused batch; the rest are summed up in one last item. */
const MAX_PROBLEMS = 1_000;
const MAX_ID_LENGTH = 200;

/** The factory a batch belongs to, as authenticated by its ingest key. */
export interface IngestFactory {
  accountId: string;
  factoryId: string;
  /** factories.config_version when known (saves one query per batch). */
  configVersion?: number;
}

export interface IngestResult {
  /** Events stored by this call. */
  accepted: number;
  /** Events whose id the factory already had (re-sent): not stored again. */
  duplicates: number;
}

export interface IngestOptions {
  /** Epoch ms taken as "now" for the future limit (tests). */
  now?: number;
  /**
   * Announce the change to the live screens (default): a live_events row and a NOTIFY in the same
   * statement. A history import stores its parts silently and announces once, when derived.
   */
  announce?: boolean;
}

const EVENT_FIELDS: Record<string, readonly string[]> = {
  state: ['id', 'type', 'unit', 'at', 'state'],
  count: ['id', 'type', 'unit', 'at', 'good', 'rejected'],
  counter: ['id', 'type', 'unit', 'at', 'total', 'rejected'],
  justification: ['id', 'type', 'unit', 'from', 'to', 'reason'],
  product: ['id', 'type', 'unit', 'at', 'sku'],
};

/** The event fields that are text compared with or stored in the database. */
const TEXT_FIELDS = ['id', 'unit', 'reason', 'sku'] as const;

// ISO-8601 / RFC 3339 instant with an explicit offset: 2024-03-01T10:00:00.123+01:00, seconds optional.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Epoch ms of an ISO instant with offset, or null when malformed (Date.parse alone accepts 30 February). */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = INSTANT.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  // The widest offset in use is ±14:00; PostgreSQL refuses wider ones.
  if (oh !== undefined && (Number(om) > 59 || Number(oh) * 60 + Number(om) > 14 * 60)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Column arrays of one batch, one set per fact table, ready for unnest(). */
interface Columns {
  state: { unit: string[]; id: string[]; at: string[]; running: boolean[] };
  count: { unit: string[]; id: string[]; at: string[]; good: number[]; rejected: number[] };
  counter: { unit: string[]; id: string[]; at: string[]; total: number[]; rejected: number[] };
  justification: { unit: string[]; id: string[]; from: string[]; to: string[]; reason: string[] };
  product: { unit: string[]; id: string[]; at: string[]; product: string[] };
}

function emptyColumns(): Columns {
  return {
    state: { unit: [], id: [], at: [], running: [] },
    count: { unit: [], id: [], at: [], good: [], rejected: [] },
    counter: { unit: [], id: [], at: [], total: [], rejected: [] },
    justification: { unit: [], id: [], from: [], to: [], reason: [] },
    product: { unit: [], id: [], at: [], product: [] },
  };
}

/** The production units a batch touches. */
function unitsOf(columns: Columns): Set<string> {
  return new Set([columns.state, columns.count, columns.counter, columns.justification, columns.product].flatMap((c) => c.unit));
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Checks every event of a batch against the factory's configuration. Returns the columns to insert, or
 * every problem found (index and field each), so a client fixes a batch in one go.
 */
export function validateBatch(
  events: unknown,
  lookup: FactoryLookup,
  nowMs: number,
): { columns: Columns; count: number } | { problems: ApiErrorItem[] } {
  if (!Array.isArray(events)) {
    return { problems: [{ code: ERROR_CODES.validation, arguments: { field: 'events' }, message: 'events must be an array' }] };
  }
  if (events.length === 0 || events.length > MAX_BATCH_EVENTS) {
    return {
      problems: [
        {
          code: ERROR_CODES.ingestBatchSize,
          arguments: { field: 'events', count: events.length, max: MAX_BATCH_EVENTS },
          message: `A batch holds 1 to ${MAX_BATCH_EVENTS} events (got ${events.length}).`,
        },
      ],
    };
  }
  const latestMs = nowMs + MAX_FUTURE_MS;
  const columns = emptyColumns();
  const problems: ApiErrorItem[] = [];
  let total = 0;
  const problem = (code: string, index: number, field: string, message: string): void => {
    total += 1;
    if (problems.length < MAX_PROBLEMS) problems.push({ code, arguments: { index, field }, message: `events[${index}].${field}: ${message}` });
  };
  const seen = new Set<string>();

  for (let index = 0; index < events.length; index += 1) {
    const event = events[index] as Record<string, unknown> | null;
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      problem(ERROR_CODES.ingestFieldInvalid, index, 'event', 'must be an object');
      continue;
    }
    const before = total;
    const { id, type, unit } = event;
    // Text the database cannot store (NUL, unpaired surrogates) is refused, never rewritten: a rewritten
    // id could collide with another event's and be dropped as its duplicate.
    let unstorable = false;
    for (const field of TEXT_FIELDS) {
      const value = event[field];
      const why = typeof value === 'string' ? textProblem(value) : null;
      if (why) {
        unstorable = true;
        problem(ERROR_CODES.textInvalid, index, field, why === 'nul' ? 'contains a NUL character' : 'contains an unpaired surrogate');
      }
    }
    if (unstorable) continue;
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) {
      problem(ERROR_CODES.ingestFieldInvalid, index, 'id', `must be a string of 1 to ${MAX_ID_LENGTH} characters`);
    } else if (seen.has(id)) {
      problem(ERROR_CODES.ingestIdRepeated, index, 'id', `${id} appears more than once in the batch`);
    } else {
      seen.add(id);
    }
    const fields = typeof type === 'string' ? EVENT_FIELDS[type] : undefined;
    if (!fields) {
      problem(ERROR_CODES.ingestFieldInvalid, index, 'type', 'must be state, count, counter, justification or product');
      continue;
    }
    for (const key of Object.keys(event)) {
      if (!fields.includes(key)) problem(ERROR_CODES.ingestFieldInvalid, index, key, `is not a field of a ${String(type)} event`);
    }
    let unitId: string | undefined;
    if (typeof unit !== 'string') problem(ERROR_CODES.ingestFieldInvalid, index, 'unit', 'must be a production unit key');
    else {
      unitId = lookup.units.get(unit);
      if (!unitId) problem(ERROR_CODES.ingestUnitUnknown, index, 'unit', `no production unit ${unit} in this factory`);
    }
    const instant = (field: string): number | null => {
      const ms = parseInstant(event[field]);
      if (ms === null) {
        problem(ERROR_CODES.ingestFieldInvalid, index, field, 'must be an ISO-8601 instant with an offset, e.g. 2024-03-01T10:00:00Z');
      } else if (ms < lookup.earliestMs || ms > latestMs) {
        problem(ERROR_CODES.ingestTimeOutOfRange, index, field, 'must be from 1 September 2019 to 5 minutes from now');
      }
      return ms;
    };

    switch (type) {
      case 'state': {
        instant('at');
        if (event.state !== 'running' && event.state !== 'stopped') {
          problem(ERROR_CODES.ingestFieldInvalid, index, 'state', 'must be running or stopped');
        }
        if (total === before) {
          const c = columns.state;
          c.unit.push(unitId!);
          c.id.push(id as string);
          c.at.push(event.at as string);
          c.running.push(event.state === 'running');
        }
        break;
      }
      case 'count':
      case 'counter': {
        instant('at');
        const first = type === 'count' ? 'good' : 'total';
        if (!isCount(event[first])) problem(ERROR_CODES.ingestFieldInvalid, index, first, 'must be a non-negative integer');
        if (!isCount(event.rejected)) problem(ERROR_CODES.ingestFieldInvalid, index, 'rejected', 'must be a non-negative integer');
        else if (type === 'counter' && isCount(event.total) && event.rejected > event.total) {
          problem(ERROR_CODES.ingestFieldInvalid, index, 'rejected', 'cannot exceed total (total includes rejects)');
        }
        if (total === before) {
          if (type === 'count') {
            const c = columns.count;
            c.unit.push(unitId!);
            c.id.push(id as string);
            c.at.push(event.at as string);
            c.good.push(event.good as number);
            c.rejected.push(event.rejected as number);
          } else {
            const c = columns.counter;
            c.unit.push(unitId!);
            c.id.push(id as string);
            c.at.push(event.at as string);
            c.total.push(event.total as number);
            c.rejected.push(event.rejected as number);
          }
        }
        break;
      }
      case 'justification': {
        const from = instant('from');
        const to = instant('to');
        if (from !== null && to !== null && from >= to) problem(ERROR_CODES.ingestSpanInvalid, index, 'to', 'must be after from');
        let reasonId: string | undefined;
        if (typeof event.reason !== 'string') problem(ERROR_CODES.ingestFieldInvalid, index, 'reason', 'must be a downtime reason key');
        else {
          reasonId = lookup.reasons.get(event.reason);
          if (!reasonId) problem(ERROR_CODES.ingestReasonUnknown, index, 'reason', `no downtime reason ${event.reason} in this factory`);
        }
        if (total === before) {
          const c = columns.justification;
          c.unit.push(unitId!);
          c.id.push(id as string);
          c.from.push(event.from as string);
          c.to.push(event.to as string);
          c.reason.push(reasonId!);
        }
        break;
      }
      case 'product': {
        instant('at');
        let productId: string | undefined;
        if (typeof event.sku !== 'string') problem(ERROR_CODES.ingestFieldInvalid, index, 'sku', 'must be a product SKU');
        else {
          productId = lookup.products.get(event.sku);
          if (!productId) problem(ERROR_CODES.ingestProductUnknown, index, 'sku', `no product ${event.sku} in this factory`);
        }
        if (total === before) {
          const c = columns.product;
          c.unit.push(unitId!);
          c.id.push(id as string);
          c.at.push(event.at as string);
          c.product.push(productId!);
        }
        break;
      }
    }
  }
  if (total > 0) {
    if (total > problems.length) {
      problems.push({
        code: ERROR_CODES.validation,
        arguments: { field: 'events', omitted: total - problems.length },
        message: `${total - problems.length} more problems not listed`,
      });
    }
    return { problems };
  }
  return { columns, count: events.length };
}

/**
 * One statement stores the whole batch: a data-modifying CTE per fact table fed by unnest() of
 * column arrays (ON CONFLICT DO NOTHING makes a re-sent id a duplicate), then one rollup_dirty row per
 * touched unit covering what the new facts may change. Duplicates mark nothing.
 * - state, count, counter and product events: from the earliest event time to now + 1 day (a late
 *   state or count changes everything after it on that unit until the next one; the engine clips);
 * - justifications: [from, to).
 * A single statement is its own transaction: everything or nothing is stored, and the answer comes
 * after the commit.
 * The state, count and counter tables have no foreign key (a check per row; migration 034): the batch
 * locks each of its units once (`units`, FOR KEY SHARE: a configuration removing one waits for the
 * batch, then sees its facts and refuses) and fails as a foreign key would (23503) when one is gone.
 */
const INSERT_BATCH = `
WITH
units AS (
  SELECT id FROM production_units WHERE account_id = $1 AND factory_id = $2 AND id = ANY($27::uuid[]) FOR KEY SHARE
),
s AS (
  INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running)
  SELECT $1::uuid, $2::uuid, t.u, t.e, t.a, t.r
    FROM unnest($3::uuid[], $4::text[], $5::timestamptz[], $6::boolean[]) AS t(u, e, a, r)
  ON CONFLICT (account_id, factory_id, event_id) DO NOTHING
  RETURNING production_unit_id AS unit, at AS from_at, NULL::timestamptz AS to_at, 'state' AS kind
),
c AS (
  INSERT INTO unit_count_events (account_id, factory_id, production_unit_id, event_id, at, good, rejected)
  SELECT $1::uuid, $2::uuid, t.u, t.e, t.a, t.g, t.r
    FROM unnest($7::uuid[], $8::text[], $9::timestamptz[], $10::bigint[], $11::bigint[]) AS t(u, e, a, g, r)
  ON CONFLICT (account_id, factory_id, event_id) DO NOTHING
  RETURNING production_unit_id AS unit, at AS from_at, NULL::timestamptz AS to_at, 'counts' AS kind
),
r AS (
  INSERT INTO unit_counter_readings (account_id, factory_id, production_unit_id, event_id, at, total, rejected)
  SELECT $1::uuid, $2::uuid, t.u, t.e, t.a, t.n, t.r
    FROM unnest($12::uuid[], $13::text[], $14::timestamptz[], $15::bigint[], $16::bigint[]) AS t(u, e, a, n, r)
  ON CONFLICT (account_id, factory_id, event_id) DO NOTHING
  RETURNING production_unit_id AS unit, at AS from_at, NULL::timestamptz AS to_at, 'counts' AS kind
),
j AS (
  INSERT INTO downtime_justifications (account_id, factory_id, production_unit_id, event_id, from_at, to_at, downtime_reason_id)
  SELECT $1::uuid, $2::uuid, t.u, t.e, t.f, t.t, t.d
    FROM unnest($17::uuid[], $18::text[], $19::timestamptz[], $20::timestamptz[], $21::uuid[]) AS t(u, e, f, t, d)
  ON CONFLICT (account_id, factory_id, event_id) DO NOTHING
  RETURNING production_unit_id AS unit, from_at, to_at, 'justification' AS kind
),
p AS (
  INSERT INTO product_run_events (account_id, factory_id, production_unit_id, event_id, at, product_id)
  SELECT $1::uuid, $2::uuid, t.u, t.e, t.a, t.p
    FROM unnest($22::uuid[], $23::text[], $24::timestamptz[], $25::uuid[]) AS t(u, e, a, p)
  ON CONFLICT (account_id, factory_id, event_id) DO NOTHING
  RETURNING production_unit_id AS unit, at AS from_at, NULL::timestamptz AS to_at, 'product' AS kind
),
touched AS (
  SELECT * FROM s UNION ALL SELECT * FROM c UNION ALL SELECT * FROM r UNION ALL SELECT * FROM j UNION ALL SELECT * FROM p
),
dirty AS (
  INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at)
  SELECT $1::uuid, $2::uuid, unit, min(from_at),
         greatest(max(to_at), CASE WHEN count(*) > count(to_at) THEN now() + interval '1 day' END)
    FROM touched
   GROUP BY unit
  RETURNING 1
),
live AS (
  INSERT INTO live_events (account_id, factory_id, production_unit_ids, kinds)
  SELECT $1::uuid, $2::uuid, array_agg(DISTINCT unit), array_agg(DISTINCT kind)
    FROM touched
  HAVING count(*) > 0 AND $26::boolean
  RETURNING id, account_id, factory_id, production_unit_ids, kinds
),
notified AS (
  ${notifySql('live')}
)
SELECT (SELECT count(*) FROM touched) AS accepted, (SELECT count(*) FROM dirty) AS dirty, (SELECT count(*) FROM notified) AS notified,
       require_batch_units(cardinality($27::uuid[]), (SELECT count(*) FROM units)) AS units_found`;

function batchParams(factory: IngestFactory, c: Columns, announce: boolean): unknown[] {
  return [
    factory.accountId,
    factory.factoryId,
    c.state.unit, c.state.id, c.state.at, c.state.running,
    c.count.unit, c.count.id, c.count.at, c.count.good, c.count.rejected,
    c.counter.unit, c.counter.id, c.counter.at, c.counter.total, c.counter.rejected,
    c.justification.unit, c.justification.id, c.justification.from, c.justification.to, c.justification.reason,
    c.product.unit, c.product.id, c.product.at, c.product.product,
    announce,
    [...unitsOf(c)],
  ];
}

function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/**
 * The ingestion core, shared by the HTTP endpoint, the MQTT connector and the benchmark: validates a
 * batch against the factory's configuration (cached lookups), stores it durably in one statement and
 * marks what it touched for re-derivation. Throws ApiError 400 listing every problem (nothing stored)
 * when any event is invalid.
 */
export async function ingestEvents(
  db: Queryable,
  factory: IngestFactory,
  events: unknown,
  options: IngestOptions = {},
): Promise<IngestResult> {
  for (let attempt = 0; ; attempt += 1) {
    const lookup = await factoryLookup(db, factory.accountId, factory.factoryId, attempt === 0 ? factory.configVersion : undefined);
    if (!lookup) throw new ApiError(401, { code: ERROR_CODES.unauthenticated, arguments: {}, message: 'The ingest key is invalid or revoked.' });
    const checked = validateBatch(events, lookup, options.now ?? Date.now());
    if ('problems' in checked) throw new ApiError(400, checked.problems);
    try {
      const [row] = await db.query<{ accepted: number }>(INSERT_BATCH, batchParams(factory, checked.columns, options.announce ?? true));
      const accepted = Number(row?.accepted ?? 0);
      // Stored (one statement, committed): answers kept for these units are not used again.
      if (accepted > 0) unitsWritten(factory.accountId, unitsOf(checked.columns));
      return { accepted, duplicates: checked.count - accepted };
    } catch (error) {
      // A unit, product or reason removed by a configuration change since the lookup was cached:
      // reload and validate again (the batch is then refused with the unknown keys listed).
      if (attempt === 0 && isForeignKeyViolation(error)) {
        forgetFactoryLookup(db, factory.factoryId);
        continue;
      }
      throw error;
    }
  }
}
