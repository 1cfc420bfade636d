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
  const row = await queryOne<IngestKeyOwner>(
    q,
    `SELECT k.id AS key_id, k.account_id, k.factory_id, f.config_version
       FROM ingest_keys k JOIN factories f ON f.account_id = k.account_id AND f.id = k.factory_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashIngestKey(key)],
  );
  return row ? { ...row, config_version: Number(row.config_version) } : null;
}
