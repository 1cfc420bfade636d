import { createHash, randomBytes } from 'node:crypto';
import { queryOne, type Queryable } from './db.ts';

/** What a list of keys shows: never the key itself, which only its creator saw once. */
export interface IngestKeySummary {
  id: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CreatedIngestKey extends IngestKeySummary {
  /** The secret, shown once: only its SHA-256 hash is stored. */
  key: string;
}

/** The factory an ingest key authenticates. */
export interface IngestKeyOwner {
  key_id: string;
  account_id: string;
  factory_id: string;
  config_version: number;
}

const KEY_PREFIX = 'lpk_';
/** Characters of the key kept in clear to recognise it in a list ('lpk_' + 8). */
const SHOWN_CHARACTERS = 12;

export function hashIngestKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key for the factory: 32 random bytes, base64url, behind a recognisable prefix. */
export async function createIngestKey(q: Queryable, accountId: string, factoryId: string): Promise<CreatedIngestKey> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, SHOWN_CHARACTERS);
  const [row] = await q.query<IngestKeySummary>(
    `INSERT INTO ingest_keys (account_id, factory_id, key_hash, prefix) VALUES ($1, $2, $3, $4)
     RETURNING id, prefix, created_at, revoked_at`,
    [accountId, factoryId, hashIngestKey(key), prefix],
  );
  return { ...row!, key };
}

export async function listIngestKeys(q: Queryable, accountId: string, factoryId: string): Promise<IngestKeySummary[]> {
  return q.query<IngestKeySummary>(
    `SELECT id, prefix, created_at, revoked_at FROM ingest_keys
      WHERE account_id = $1 AND factory_id = $2 ORDER BY created_at DESC, id`,
    [accountId, factoryId],
  );
}

/** Revokes a key (idempotent: the first revocation time is kept); null when the factory has no such key. */
export async function revokeIngestKey(q: Queryable, accountId: string, factoryId: string, keyId: string): Promise<IngestKeySummary | null> {
  return queryOne<IngestKeySummary>(
    q,
    `UPDATE ingest_keys SET revoked_at = coalesce(revoked_at, now())
      WHERE account_id = $1 AND factory_id = $2 AND id = $3
      RETURNING id, prefix, created_at, revoked_at`,
    [accountId, factoryId, keyId],
  );
}

/** The factory of a valid (known, unrevoked) key, with its configuration version; null otherwise. */
export async function findIngestKeyOwner(q: Queryable, key: string): Promise<IngestKeyOwner | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  // Two statements: the key (a table shared by all accounts) gives the account, whose factory is then
  // read by account (decision 54: a join would read every account's factories on a sharded database).
  const owner = await queryOne<Omit<IngestKeyOwner, 'config_version'>>(
    q,
    'SELECT id AS key_id, account_id, factory_id FROM ingest_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [hashIngestKey(key)],
  );
  if (!owner) return null;
  const factory = await queryOne<{ config_version: number | string }>(q, 'SELECT config_version FROM factories WHERE account_id = $1 AND id = $2', [owner.account_id, owner.factory_id]);
  return factory ? { ...owner, config_version: Number(factory.config_version) } : null;
}
