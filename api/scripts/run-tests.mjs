#!/usr/bin/env node
// Runs the api's test suite twice, on embedded PGlite and on the PostgreSQL server at 127.0.0.1:5432
// (a fresh database created and dropped here), and ends with one summary line:
//   api: N passed, N failed
// Exit code is non-zero when anything failed. Extra arguments are test files to run instead of all.
//
// Where the time went (docs/decisions/0006-test-runners.md has the figures):
// - The two runs share nothing (PGlite in memory; a database of their own on the server), so they run
//   at the same time, and each runs several processes at once: every app a test builds has its own
//   database (an in-memory copy of the PGlite template, or its own schema on the server), and the tests
//   that listen or publish pick a free port or a topic prefix of their own. Much of a run is spent
//   waiting on the other database, so overlapping them keeps both cores busy.
// - Starting a test process costs ~3 s of CPU (tsx's loader hooks resolving the api and its
//   dependencies), a third of the whole run when every file had its own. Test files therefore share
//   processes: a generated entry imports several files, and Node's runner runs their suites one after
//   another. A file that changes process-wide state when it loads (a top-level `process.env.X = …`)
//   shares only with files that change it the same way, and the longest files run alone and first.
// Each run's report is printed whole when it ends, PGlite first.
// A full run (no files named) also logs every distinct statement the api sends (SQL_STATEMENT_LOG), and
// ends with test/after/statements-by-account.test.ts, which checks that each one on a tenant table keeps
// to one account (decision 54). KEEP_API_TEST_SCRATCH=1 keeps the run's scratch folder (the statement
// logs among it) and prints where it is.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDir = path.join(apiDir, 'test');
// Files that take far longer than the others (the property test's 50 random scenarios): each runs in a
// process of its own, started first, so that it never starts last and keeps the run going on its own.
const RUN_ALONE_FIRST = ['analytics-property.test.ts'];
const fullRun = process.argv.slice(2).length === 0;
const files = !fullRun
  ? process.argv.slice(2)
  : readdirSync(testDir).filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join('test', f));
const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const maintenanceDb = process.env.TEST_POSTGRES_MAINTENANCE_DB ?? 'postgres';
// Test files at once in each run (two runs at once). Two per core measured best on 2 cores: the PGlite
// files are busy in their own process while the PostgreSQL files mostly wait for the server.
const concurrency = Number(process.env.API_TEST_CONCURRENCY ?? Math.max(2, availableParallelism()));

/** Runs a command and returns the exit code and the text it printed (echoed by the caller). */
function run(args, env) {
  return new Promise((resolve) => {
    const childEnv = { ...process.env, ...env };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
    const child = spawn(process.execPath, args, { cwd: apiDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, text }));
  });
}

/**
 * Splits the files into the processes of one run: the RUN_ALONE_FIRST files alone; files that set
 * process-wide state, with the files that set it identically; the rest in `concurrency` groups balanced
 * by size. Writes one entry per process into `dir`, named so that Node's runner (which sorts its files)
 * starts the longest first, and returns their paths.
 */
function entries(dir) {
  mkdirSync(dir, { recursive: true });
  const alone = [];
  const byState = new Map();
  for (const file of files) {
    if (RUN_ALONE_FIRST.includes(path.basename(file))) {
      alone.push([file]);
      continue;
    }
    const state = readFileSync(path.resolve(apiDir, file), 'utf8').match(/^process\.env\.\w+\s*=.*$/gm)?.sort().join('\n') ?? '';
    byState.set(state, [...(byState.get(state) ?? []), file]);
  }
  const groups = [];
  for (const [state, members] of byState) {
    if (state) {
      groups.push(members);
      continue;
    }
    // Largest first into the lightest group: sizes stand in for durations.
    const bins = Array.from({ length: Math.min(concurrency, members.length) }, () => ({ size: 0, files: [] }));
    for (const file of [...members].sort((a, b) => sizeOf(b) - sizeOf(a))) {
      const bin = bins.reduce((lightest, b) => (b.size < lightest.size ? b : lightest));
      bin.size += sizeOf(file);
      bin.files.push(file);
    }
    groups.push(...bins.map((b) => b.files));
  }
  groups.sort((a, b) => a.reduce((n, f) => n - sizeOf(f), 0) - b.reduce((n, f) => n - sizeOf(f), 0));
  return [...alone, ...groups].map((group, i) => {
    const entry = path.join(dir, `${String(i).padStart(2, '0')}-${path.basename(group[0], '.test.ts')}.mjs`);
    writeFileSync(entry, group.map((file) => `import ${JSON.stringify(pathToFileURL(path.resolve(apiDir, file)).href)};\n`).join(''));
    return entry;
  });
}

function sizeOf(file) {
  return statSync(path.resolve(apiDir, file)).size;
}

/** Pass and fail counts from the spec reporter's closing lines. */
function counts(text) {
  const number = (label) => {
    const matches = [...text.matchAll(new RegExp(`^\\S*\\s*${label} (\\d+)\\s*$`, 'gm'))];
    return matches.length ? Number(matches.at(-1)[1]) : null;
  };
  return { passed: number('pass'), failed: number('fail') };
}

/** One run of every file; returns its report (to print) and its counts. */
function suite(label, dir, env) {
  return testRun(`api tests on ${label}`, [`--test-concurrency=${concurrency}`, ...entries(dir)], env);
}

/** Node's test runner over `args`; returns its report (to print) and its counts. */
async function testRun(title, args, env) {
  const started = Date.now();
  const { code, text } = await run(['--import', 'tsx', '--test', '--test-reporter=spec', ...args], env);
  const report = `\n=== ${title} (${((Date.now() - started) / 1000).toFixed(1)} s) ===\n\n${text}`;
  const { passed, failed } = counts(text);
  if (passed === null || failed === null) return { report, passed: passed ?? 0, failed: Math.max(failed ?? 0, 1) };
  return { report, passed, failed: code !== 0 && failed === 0 ? 1 : failed };
}

/** PGlite: one migrated and seeded data directory, prepared here, that every app of the run copies. */
async function pgliteRun() {
  const template = path.join(scratch, 'pglite-template.tar');
  const prepared = await run(['--import', 'tsx', 'test/prepare-template.ts', template], {});
  if (prepared.code !== 0) return { report: `${prepared.text}\nCould not prepare the PGlite template`, passed: 0, failed: 1 };
  return suite('PGlite', path.join(scratch, 'pglite'), { LINEPULSE_PGLITE_TEMPLATE: template, DATABASE_URL: undefined, TEST_DATABASE_URL: undefined, ...statementLog('pglite') });
}

/** PostgreSQL: a fresh database for this run, dropped afterwards. */
async function postgresRun() {
  const database = `linepulse_api_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/${maintenanceDb}` });
  let created = false;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    created = true;
    return await suite(`PostgreSQL (${database})`, path.join(scratch, 'postgresql'), { DATABASE_URL: `${serverUrl}/${database}`, TEST_DATABASE_URL: undefined, ...statementLog('postgresql') });
  } catch (error) {
    return { report: `PostgreSQL run failed: ${error.message}`, passed: 0, failed: 1 };
  } finally {
    if (created) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e) => console.error(e.message));
    await admin.end().catch(() => undefined);
  }
}

/** The statement log of one run (full runs only): the file's name in the environment of its processes. */
function statementLog(label) {
  if (!fullRun) return {};
  const file = path.join(scratch, `statements-${label}.ndjson`);
  statementLogs.push(file);
  return { SQL_STATEMENT_LOG: file };
}
const statementLogs = [];

/** The check over both runs' statements, once they have ended. */
function statementCheck() {
  return testRun('statements by account', ['test/after/statements-by-account.test.ts'], {
    STATEMENT_LOGS: statementLogs.join(path.delimiter), LINEPULSE_PGLITE_TEMPLATE: path.join(scratch, 'pglite-template.tar'), DATABASE_URL: undefined, TEST_DATABASE_URL: undefined,
  });
}

const started = Date.now();
// The PGlite template and the generated entries; removed at the end.
const scratch = mkdtempSync(path.join(tmpdir(), 'linepulse-api-tests-'));
let pglite;
let server;
let check;
try {
  const postgres = postgresRun();
  pglite = await pgliteRun();
  console.log(pglite.report);
  server = await postgres;
  console.log(server.report);
  check = fullRun ? await statementCheck() : { report: '', passed: 0, failed: 0 };
  if (check.report) console.log(check.report);
} finally {
  if (process.env.KEEP_API_TEST_SCRATCH) console.log(`kept ${scratch}`); else rmSync(scratch, { recursive: true, force: true });
}

const totals = { passed: pglite.passed + server.passed + check.passed, failed: pglite.failed + server.failed + check.failed };
console.log(`\napi: both runs in ${((Date.now() - started) / 1000).toFixed(1)} s (${files.length} files, ${concurrency} processes at once in each)`);
console.log(`api: ${totals.passed} passed, ${totals.failed} failed`);
// Exit once the reports are written: stdout to a pipe (CI tees it) is written asynchronously, and
// exiting at once cut a long report off mid-line, summary line included.
process.stdout.write('', () => process.exit(totals.failed > 0 ? 1 : 0));
