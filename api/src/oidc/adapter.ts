import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/db.ts';

/** Models whose entries belong to a grant (revoked together when the grant is). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | string | null;
}

function withConsumed(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
  if (row.consumed_at !== null) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
  return payload;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

/**
 * oidc-provider's storage on the api's database (table oidc_models, migration 011): sessions, grants,
 * interactions, codes and tokens outlive a restart and are seen by every instance on the same
 * database. Expired entries are never returned, and `deleteExpiredOidcModels` removes them.
 */
export function dbAdapterFactory(db: Db): new (model: string) => Adapter {
  return class DbAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const grantId = GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null;
      await db.query(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, CASE WHEN $7::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $7::integer) END)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          grantId,
          payload.userCode ?? null,
          this.model === 'Session' ? (payload.uid ?? null) : null,
          typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? Math.ceil(expiresIn) : null,
        ],
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const rows = await db.query<Row>(`SELECT payload, consumed_at FROM oidc_models WHERE model = $1 AND id = $2 AND ${LIVE}`, [this.model, id]);
      return withConsumed(rows[0]);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const rows = await db.query<Row>(`SELECT payload, consumed_at FROM oidc_models WHERE model = $1 AND uid = $2 AND ${LIVE}`, [this.model, uid]);
      return withConsumed(rows[0]);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const rows = await db.query<Row>(`SELECT payload, consumed_at FROM oidc_models WHERE model = $1 AND user_code = $2 AND ${LIVE}`, [
        this.model,
        userCode,
      ]);
      return withConsumed(rows[0]);
    }

    async consume(id: string): Promise<void> {
      await db.query('UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE grant_id = $1', [grantId]);
    }
  };
}

/** Removes the provider's expired entries; returns how many went. */
export async function deleteExpiredOidcModels(db: Db): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM oidc_models WHERE expires_at <= now() RETURNING 1) SELECT count(*)::integer AS n FROM gone',
  );
  return Number(rows[0]?.n ?? 0);
}
