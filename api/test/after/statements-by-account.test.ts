/**
 * Every statement the api sent during the api suite keeps to one account (issue 26, decision 54). Run
 * by scripts/run-tests.mjs after both runs, which ran with SQL_STATEMENT_LOG (src/db/statement-log.ts);
 * STATEMENT_LOGS lists their files. Reads the tenant tables from the catalogue (test/catalogue.ts) and
 * fails on a statement on a tenant table that neither filters on account_id nor is one of the named
 * background statements that cross accounts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REFERENCE_TABLES, tablesOf } from '../catalogue.ts';
import { scratchDb } from '../helper.ts';
import { scopeOf } from '../statement-scope.ts';

/**
 * The statements allowed to cross accounts, by the name their comment gives them: background work that
 * looks for what to do in every account, each then working within the account it found.
 */
const ALL_ACCOUNT_STATEMENTS: Record<string, string> = {
  'rollup sweep': 'the background pass finds units with pending rows or behind the hour (src/analytics/rollups.ts sweep)',
  'live hub': "each instance's live hub: the last announcement at start, catching up after a lost connection, a reconnecting screen's bounds, pruning (src/live/live-hub.ts)",
  'report scheduler': 'reports whose instant has come (src/reports/reports-service.ts schedule)',
  'report deliveries': 'report deliveries waiting or abandoned by a stopped sender (claim)',
  'alert timers': 'alert timers that are due (src/alerts/alert-service.ts dueTimers)',
  'alert deliveries': 'alert deliveries waiting or abandoned (deliver)',
  'alert rules at start': 'the factories with enabled rules, looked at once when an instance starts (src/plugins/app/alerts.ts)',
  'history import takeover': 'imports whose runner stopped (src/import/jobs.ts claimJobs)',
  'unsubscribe link': "an e-mail's unsubscribe link names its report, not the account (src/db/email-reports.ts findReportOfLink)",
};

describe('statements keep to one account', () => {
  it('names account_id in every statement on a tenant table, but the named background ones', async (t) => {
    const files = (process.env.STATEMENT_LOGS ?? '').split(path.delimiter).filter(Boolean);
    assert.ok(files.length > 0, 'STATEMENT_LOGS names the statement logs of the api suite (scripts/run-tests.mjs sets it)');
    const origins = new Map<string, Set<string>>();
    for (const file of files) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const { sql, origin } = JSON.parse(line) as { sql: string; origin: string };
        origins.set(sql, (origins.get(sql) ?? new Set()).add(origin));
      }
    }
    const db = await scratchDb(t);
    const tenant = new Set((await tablesOf(db)).filter((r) => !REFERENCE_TABLES.includes(r.tbl)).map((r) => r.tbl));
    const unscoped: string[] = [];
    const unnamed: string[] = [];
    const crossing = new Map<string, Set<string>>();
    let onTenant = 0;
    for (const [sql, from] of origins) {
      for (const origin of from) {
        const scope = scopeOf(sql, origin, tenant);
        if (scope.kind !== 'no tenant table') onTenant += 1;
        const where = `${origin}: ${sql.replace(/\s+/g, ' ').slice(0, 240)}`;
        if (scope.kind === 'unscoped') unscoped.push(`${where} (${scope.tables.join(', ')})`);
        if (scope.kind === 'all accounts') {
          if (!(scope.name in ALL_ACCOUNT_STATEMENTS)) unnamed.push(`${where} (named "${scope.name}")`);
          crossing.set(scope.name, (crossing.get(scope.name) ?? new Set()).add(origin));
        }
      }
    }
    t.diagnostic(`${origins.size} distinct statements, ${onTenant} on tenant tables; crossing accounts: ${[...crossing].map(([name, at]) => `${name} (${[...at].join(', ')})`).join('; ') || 'none'}`);
    // A log that lost its statements would pass everything: the suite sends hundreds on tenant tables.
    assert.ok(onTenant > 300, `${onTenant} statements on tenant tables logged`);
    assert.deepEqual(unscoped, []);
    assert.deepEqual(unnamed, []);
  });
});
