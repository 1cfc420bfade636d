/**
 * `pnpm load:replica`: issue 26's replica budget. A PostgreSQL primary and its streaming replica are
 * started from the packaged binaries (test/pg-pair.ts, shared_buffers 256MB each), the bench company is
 * loaded into the primary once (`pnpm load --prepare`, several minutes), then `pnpm load` runs twice on
 * that data: first with the primary alone, then with the api reading the replica (DATABASE_READ_URL).
 * For each run it prints the load's own figures (its report) and the CPU the primary's server processes
 * used during the measured seconds (from the first user's call to the report): the budget is p99 no
 * worse with the replica, and the primary's CPU at least a third lower. Where the primary's time went is
 * printed too: its statements by total execution time during the measured part (pg_stat_statements).
 * Figures only: nothing asserted.
 * Options are `pnpm load`'s (passed on), e.g. --seconds=60 --factories=10.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startPgPair } from '../test/pg-pair.ts';

const TICKS = 100; // USER_HZ: /proc's CPU times are in these

/** CPU time of a PostgreSQL server (ms): the postmaster, its live children, and the children it reaped. */
function serverCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stat = (pid: number): string[] | null => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    } catch {
      return null; // ended meanwhile: the postmaster's reaped-children time has it
    }
  };
  let ticks = 0;
  const own = stat(postmaster);
  if (own) ticks += Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = stat(Number(entry));
    if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS;
}

/** Runs `pnpm load` with `env`; returns its report's lines and the primary's CPU during the measured part. */
async function runLoad(env: Record<string, string>, args: string[], primaryDir: string, stats: pg.Client): Promise<{ lines: string[]; cpuMs: number; seconds: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', ...args], { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let started: { cpu: number; at: number } | null = null;
  let ended: { cpu: number; at: number } | null = null;
  for await (const line of createInterface({ input: child.stdout! })) {
    console.log(`  ${line}`);
    // The clock starts right after the warm-up line; the report's title comes once every user is done.
    if (line.startsWith('warm-up')) {
      started = { cpu: serverCpuMs(primaryDir), at: performance.now() };
      await stats.query('SELECT pg_stat_statements_reset()');
    }
    if (line.startsWith('# Linepulse load')) {
      ended = { cpu: serverCpuMs(primaryDir), at: performance.now() };
      await printTopStatements(stats);
    }
    if (ended) lines.push(line);
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`pnpm load ended with ${code}`);
  if (!started || !ended) throw new Error('pnpm load printed no measured part');
  return { lines, cpuMs: ended.cpu - started.cpu, seconds: (ended.at - started.at) / 1000 };
}

/** The primary's statements since the last reset: their calls and execution time in all, and the ten largest by time as a table. */
async function printTopStatements(stats: pg.Client): Promise<void> {
  const { rows } = await stats.query<{ calls: string; ms: string; query: string }>(
    `SELECT calls::text, round(total_exec_time)::text AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS query
       FROM pg_stat_statements ORDER BY total_exec_time DESC`,
  );
  const total = rows.reduce((sum, r) => sum + Number(r.ms), 0);
  console.log(`\nthe primary's statements during the measured part: ${rows.reduce((sum, r) => sum + Number(r.calls), 0)} calls, ${total} ms of execution; the ten largest:`);
  console.log('| calls | ms | share | statement |\n|---|---|---|---|');
  for (const r of rows.slice(0, 10)) console.log(`| ${r.calls} | ${r.ms} | ${Math.round((Number(r.ms) / Math.max(1, total)) * 100)} % | ${r.query.replace(/\|/g, '/')} |`);
}

async function main(): Promise<void> {
  const passed = process.argv.slice(2).filter((a) => a.startsWith('--'));
  console.log(`load with a read replica: machine ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const pair = await startPgPair({ sharedBuffers: '256MB', statementStats: true });
  try {
    const server = (url: string) => url.replace(/\/[^/]*$/, '');
    const base = { DATABASE_URL: `${server(pair.primaryUrl)}/postgres`, BENCH_DATABASE: 'linepulse_load' };
    console.log('loading the bench company into the primary (it streams to the replica) …');
    const prepare = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', '--prepare', ...passed], { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, ...base }, stdio: 'inherit' });
    if ((await new Promise<number | null>((resolve) => prepare.once('exit', resolve))) !== 0) throw new Error('loading failed');
    await pair.caughtUp();
    const stats = new pg.Client({ connectionString: `${server(pair.primaryUrl)}/linepulse_load` });
    await stats.connect();
    await stats.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    console.log('\n1. the primary alone');
    const alone = await runLoad(base, passed, pair.primaryDir, stats);
    await pair.caughtUp();
    console.log('\n2. the api reading the replica (DATABASE_READ_URL)');
    const withReplica = await runLoad({ ...base, DATABASE_READ_URL: `${server(pair.replicaUrl)}/linepulse_load` }, passed, pair.primaryDir, stats);
    await stats.end();
    const p99 = (lines: string[]) => /Budget p99 ≤ \d+ ms: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? '?';
    const cpu = (r: { cpuMs: number; seconds: number }) => Math.round((r.cpuMs / (r.seconds * 1000)) * 100);
    console.log('\n| | users p99 | primary CPU (% of one core, measured part) |');
    console.log('|---|---|---|');
    console.log(`| primary alone | ${p99(alone.lines)} ms | ${cpu(alone)} % |`);
    console.log(`| with the replica | ${p99(withReplica.lines)} ms | ${cpu(withReplica)} % |`);
    const lower = 1 - withReplica.cpuMs / withReplica.seconds / (alone.cpuMs / alone.seconds);
    console.log(`primary CPU ${Math.round(lower * 100)} % lower with the replica (budget: at least 33 %); p99 ${Number(p99(withReplica.lines)) <= Number(p99(alone.lines)) ? 'no worse' : 'WORSE'} with the replica`);
  } finally {
    await pair.stop();
  }
}

await main();
