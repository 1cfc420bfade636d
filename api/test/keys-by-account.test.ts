/**
 * Ready to shard by account (issue 26, decision 53): read from the catalogue, every table is either a
 * global or reference table named here, or a tenant table whose primary key, unique constraints, unique
 * indexes and foreign keys all carry `account_id` (what Citus requires of tables distributed by it).
 * Runs on both databases: a migration that breaks the rule on either fails here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REFERENCE_TABLES, tablesOf } from './catalogue.ts';
import { build, Cleanup } from './helper.ts';

interface KeyRow {
  tbl: string;
  name: string;
  kind: string;
  /** Whether account_id is among the key's columns (and, for a foreign key, among the referenced ones). */
  with_account: boolean;
  references: string | null;
}

describe('keys by account (ready to shard)', () => {
  const cleanup = new Cleanup();
  let app: FastifyInstance;
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  const tables = () => tablesOf(app.db);

  it('has account_id on every table but the reference ones', async () => {
    const all = await tables();
    assert.ok(all.length > 40, `${all.length} tables read`);
    const missing = all.filter((t) => !t.has_account && !REFERENCE_TABLES.includes(t.tbl)).map((t) => t.tbl);
    assert.deepEqual(missing, []);
  });

  it('carries account_id in every primary key, unique key and foreign key of the tenant tables', async () => {
    const keys = await app.db.query<KeyRow>(
      `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, c.contype::text AS kind,
              (SELECT attnum FROM pg_attribute WHERE attrelid = c.conrelid AND attname = 'account_id') = ANY (c.conkey)
                AND (c.contype <> 'f' OR (SELECT attnum FROM pg_attribute WHERE attrelid = c.confrelid AND attname = 'account_id') = ANY (c.confkey)) AS with_account,
              CASE WHEN c.contype = 'f' THEN c.confrelid::regclass::text END AS references
         FROM pg_constraint c
        WHERE c.connamespace = current_schema()::regnamespace AND c.contype IN ('p', 'u', 'f')
        UNION ALL
       SELECT t.relname, i.relname, 'unique index',
              (SELECT attnum FROM pg_attribute WHERE attrelid = t.oid AND attname = 'account_id') = ANY (x.indkey::int2[]), NULL
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
        WHERE t.relnamespace = current_schema()::regnamespace AND x.indisunique
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
    );
    const tenant = keys.filter((k) => !REFERENCE_TABLES.includes(k.tbl.replace(/^.*\./, '')));
    assert.ok(tenant.some((k) => k.kind === 'p') && tenant.some((k) => k.kind === 'f') && tenant.some((k) => k.kind === 'unique index'), 'every kind of key was read');
    // A foreign key to a reference table needs no account_id (Citus allows it), though ours carry it.
    const broken = tenant.filter((k) => !k.with_account && !(k.kind === 'f' && REFERENCE_TABLES.includes((k.references ?? '').replace(/^.*\./, ''))));
    assert.deepEqual(broken.map((k) => `${k.tbl}: ${k.kind} ${k.name}`), []);
    // Every tenant table has a primary key but rollup_days, an aggregate per day, shift and product whose
    // shift and product may be null (Citus distributes a table without one; it has none to break the rule).
    const withPrimary = new Set(tenant.filter((k) => k.kind === 'p').map((k) => k.tbl.replace(/^.*\./, '')));
    const tenantTables = (await tables()).filter((t) => !REFERENCE_TABLES.includes(t.tbl)).map((t) => t.tbl);
    assert.deepEqual(tenantTables.filter((t) => !withPrimary.has(t)), ['rollup_days']);
  });

  it('leaves no foreign key unvalidated once started', async () => {
    const pending = await app.db.query<{ name: string }>(`SELECT conname AS name FROM pg_constraint WHERE connamespace = current_schema()::regnamespace AND contype = 'f' AND NOT convalidated`);
    assert.deepEqual(pending, []);
  });
});
