#!/usr/bin/env node
// Runs the api's test suite twice, on embedded PGlite and on the PostgreSQL server at
// 127.0.0.1:5432 (a fresh database created and dropped here), and ends with one summary line:
//   api: N passed, N failed
// Exit code is non-zero when anything failed. Extra arguments are test files to run instead of all.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDir = path.join(apiDir, 'test');
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(testDir).filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join('test', f));
const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const maintenanceDb = process.env.TEST_POSTGRES_MAINTENANCE_DB ?? 'postgres';

/** Runs a command, echoing its output, and returns the exit code and the text it printed. */
function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: apiDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, text }));
  });
}

/** Pass and fail counts from the spec reporter's closing lines. */
function counts(text) {
  const number = (label) => {
    const matches = [...text.matchAll(new RegExp(`^\\S*\\s*${label} (\\d+)\\s*$`, 'gm'))];
    return matches.length ? Number(matches.at(-1)[1]) : null;
  };
  return { passed: number('pass'), failed: number('fail') };
}

async function suite(label, env) {
  console.log(`\n=== api tests on ${label} ===\n`);
  const { code, text } = await run(['--import', 'tsx', '--test', '--test-reporter=spec', ...files], env);
  const { passed, failed } = counts(text);
  if (passed === null || failed === null) return { passed: passed ?? 0, failed: Math.max(failed ?? 0, 1) };
  return { passed, failed: code !== 0 && failed === 0 ? 1 : failed };
}

const totals = { passed: 0, failed: 0 };
const add = (r) => {
  totals.passed += r.passed;
  totals.failed += r.failed;
};

// 1. PGlite: prepare one migrated and seeded data directory that every test copies.
const scratch = mkdtempSync(path.join(tmpdir(), 'linepulse-api-tests-'));
try {
  const template = path.join(scratch, 'pglite-template');
  const prepared = await run(['--import', 'tsx', 'test/prepare-template.ts', template], {});
  if (prepared.code !== 0) {
    console.error('Could not prepare the PGlite template');
    add({ passed: 0, failed: 1 });
  } else {
    const env = { LINEPULSE_PGLITE_TEMPLATE: template };
    delete process.env.DATABASE_URL;
    delete process.env.TEST_DATABASE_URL;
    add(await suite('PGlite', env));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// 2. PostgreSQL: a fresh database for this run.
const database = `linepulse_api_test_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: `${serverUrl}/${maintenanceDb}` });
let created = false;
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  created = true;
  add(await suite(`PostgreSQL (${database})`, { DATABASE_URL: `${serverUrl}/${database}` }));
} catch (error) {
  console.error(`PostgreSQL run failed: ${error.message}`);
  add({ passed: 0, failed: 1 });
} finally {
  if (created) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e) => console.error(e.message));
  await admin.end().catch(() => undefined);
}

console.log(`api: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
