import { DateTime } from 'luxon';
import { DATA_AVAILABLE_FROM } from '@linepulse/contracts';
import { queryOne, type Queryable } from '../db/db.ts';

/**
 * What ingestion needs to turn a factory's keys into ids: production unit keys, product SKUs and
 * downtime reason keys. Loaded once per factory and configuration version, then reused by every batch
 * (no per-event queries).
 */
export interface FactoryLookup {
  accountId: string;
  factoryId: string;
  /** factories.config_version when loaded; a different version means reload. */
  version: number;
  timezone: string;
  /** 1 September 2019, 00:00 in the factory's time zone (product §5: no data before), in epoch ms. */
  earliestMs: number;
  units: Map<string, string>;
  products: Map<string, string>;
  reasons: Map<string, string>;
}

// Keyed by the database object, so several apps in one process (tests) never share entries.
const caches = new WeakMap<object, Map<string, FactoryLookup>>();

function cacheOf(db: Queryable): Map<string, FactoryLookup> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

async function loadLookup(db: Queryable, accountId: string, factoryId: string): Promise<FactoryLookup | null> {
  const factory = await queryOne<{ timezone: string; config_version: number }>(
    db,
    'SELECT timezone, config_version FROM factories WHERE account_id = $1 AND id = $2',
    [accountId, factoryId],
  );
  if (!factory) return null;
  const params = [accountId, factoryId];
  const [units, products, reasons] = [
    await db.query<{ id: string; key: string }>('SELECT id, key FROM production_units WHERE account_id = $1 AND factory_id = $2', params),
    await db.query<{ id: string; key: string }>('SELECT id, sku AS key FROM products WHERE account_id = $1 AND factory_id = $2', params),
    await db.query<{ id: string; key: string }>('SELECT id, key FROM downtime_reasons WHERE account_id = $1 AND factory_id = $2', params),
  ];
  const toMap = (rows: { id: string; key: string }[]): Map<string, string> => new Map(rows.map((r) => [r.key, r.id]));
  return {
    accountId,
    factoryId,
    version: Number(factory.config_version),
    timezone: factory.timezone,
    earliestMs: DateTime.fromISO(DATA_AVAILABLE_FROM, { zone: factory.timezone }).toMillis(),
    units: toMap(units),
    products: toMap(products),
    reasons: toMap(reasons),
  };
}

/**
 * The factory's lookup, from the cache when its version is current. `knownVersion` is the factory's
 * config_version as the caller just read it (the ingest-key query returns it); without it one small
 * query checks the version.
 */
export async function factoryLookup(
  db: Queryable,
  accountId: string,
  factoryId: string,
  knownVersion?: number,
): Promise<FactoryLookup | null> {
  const cache = cacheOf(db);
  const cached = cache.get(factoryId);
  if (cached && cached.accountId === accountId) {
    let version = knownVersion;
    if (version === undefined) {
      const row = await queryOne<{ config_version: number }>(
        db,
        'SELECT config_version FROM factories WHERE account_id = $1 AND id = $2',
        [accountId, factoryId],
      );
      if (!row) return null;
      version = Number(row.config_version);
    }
    if (version === cached.version) return cached;
  }
  const loaded = await loadLookup(db, accountId, factoryId);
  if (loaded) cache.set(factoryId, loaded);
  else cache.delete(factoryId);
  return loaded;
}

/** Drops a factory's cached lookup (after a configuration change through this instance). */
export function forgetFactoryLookup(db: Queryable, factoryId: string): void {
  caches.get(db)?.delete(factoryId);
}
