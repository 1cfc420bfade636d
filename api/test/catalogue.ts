/**
 * The schema as the catalogue describes it, for the sharding-readiness checks (issue 26, decisions 53
 * and 54): which tables are tenant tables (they carry account_id) and which are global or reference ones.
 */
import type { Queryable } from '../src/db/db.ts';

/**
 * Tables copied to every node (Citus reference tables) or kept on the coordinator: global ones (no
 * account), and the two looked up across accounts — users by e-mail at sign-in, ingest keys by their
 * hash — whose global unique keys a distributed table cannot hold.
 */
export const REFERENCE_TABLES = ['accounts', 'users', 'ingest_keys', 'oidc_models', 'sign_in_throttle', 'schema_migrations'];

/** Every table of the current schema, and whether it has an account_id column. */
export function tablesOf(db: Queryable): Promise<{ tbl: string; has_account: boolean }[]> {
  return db.query<{ tbl: string; has_account: boolean }>(
    `SELECT c.relname AS tbl,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped) AS has_account
       FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
}
