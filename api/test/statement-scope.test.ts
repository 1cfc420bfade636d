/** The reading behind the account-scoping check (test/statement-scope.ts): what it lets pass and what it refuses. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scopeOf, tenantTablesIn } from './statement-scope.ts';

const TENANT = new Set(['factories', 'production_units', 'rollup_dirty', 'unit_state_events', 'alert_episodes', 'alert_rules', 'live_events']);
const SRC = 'src/analytics/rollups.ts:10';

describe('statement scope', () => {
  it('finds the tenant tables a statement reads or writes, not the global ones or comments', () => {
    assert.deepEqual(
      tenantTablesIn(
        `SELECT pu.id FROM production_units pu JOIN factories f ON f.id = pu.factory_id JOIN accounts a ON a.id = f.account_id
          -- FROM rollup_dirty in a comment
          WHERE EXISTS (SELECT 1 FROM unit_state_events s WHERE s.production_unit_id = pu.id)`,
        TENANT,
      ),
      ['production_units', 'factories', 'unit_state_events'],
    );
    assert.deepEqual(tenantTablesIn('UPDATE "factories" SET name = $2', TENANT), ['factories']);
    assert.deepEqual(tenantTablesIn('SELECT extract(epoch FROM at) FROM accounts', TENANT), []);
  });

  it('passes statements that filter, join or write by account', () => {
    for (const sql of [
      'SELECT * FROM factories WHERE account_id = $1',
      'DELETE FROM rollup_dirty WHERE account_id = ANY($1::uuid[]) AND id = $2',
      'SELECT * FROM production_units pu JOIN factories f ON f.account_id = pu.account_id AND f.id = pu.factory_id WHERE pu.id = $1 AND $2 = pu.account_id',
      'SELECT * FROM factories JOIN production_units USING (account_id, id) WHERE account_id = $1',
      'SELECT f.name, (SELECT count(*) FROM production_units u WHERE u.account_id = f.account_id AND u.factory_id = f.id) FROM factories f WHERE f.account_id = $1::uuid',
      'INSERT INTO factories (account_id, id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      'INSERT INTO factories (account_id, name) SELECT $1, t.name FROM unnest($2::text[]) AS t(name)',
      'WITH e AS (INSERT INTO live_events (account_id, kinds) VALUES ($1, $2) RETURNING id) SELECT pg_notify($3, e.id::text) FROM e',
      'COPY unit_state_events (account_id, production_unit_id, at) FROM STDIN WITH (FORMAT csv)',
    ]) assert.deepEqual(scopeOf(sql, SRC, TENANT), { kind: 'by account' }, sql);
  });

  it('refuses statements that do not keep to an account', () => {
    for (const sql of [
      'SELECT * FROM factories WHERE id = $1',
      'SELECT DISTINCT account_id, production_unit_id FROM rollup_dirty',
      'DELETE FROM rollup_dirty WHERE id = ANY($1::bigint[])',
      'UPDATE factories SET name = $2 WHERE id = $1 -- account_id = $3 only in a comment',
      'INSERT INTO rollup_dirty (account_id, production_unit_id) SELECT account_id, id FROM production_units',
      'INSERT INTO factories (name) VALUES ($1)',
      // Tied to an account, but not to one given: every account's rows.
      'SELECT * FROM factories f JOIN production_units pu ON pu.account_id = f.account_id AND pu.factory_id = f.id',
      // One table tied, the other joined by id alone (a distributed join Citus refuses).
      'SELECT * FROM alert_episodes e JOIN alert_rules r ON r.id = e.rule_id WHERE e.account_id = $1',
    ]) assert.equal(scopeOf(sql, SRC, TENANT).kind, 'unscoped', sql);
  });

  it('names the statements that cross accounts, and leaves the schema migrations to themselves', () => {
    assert.deepEqual(scopeOf('/* all accounts: rollup sweep */ SELECT DISTINCT account_id FROM rollup_dirty', SRC, TENANT), { kind: 'all accounts', name: 'rollup sweep' });
    assert.deepEqual(scopeOf('UPDATE factories SET timezone = $1', 'src/db/migrations/032.ts:4', TENANT), { kind: 'schema' });
    assert.deepEqual(scopeOf('SELECT 1', SRC, TENANT), { kind: 'no tenant table' });
  });
});
