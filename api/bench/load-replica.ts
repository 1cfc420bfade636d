/**
 * `pnpm load:replica`: issue 26's replica budget. A PostgreSQL primary and its streaming replica are
 * started from the packaged binaries (test/pg-pair.ts, shared_buffers 256MB each), the bench company is
 * loaded into the primary once (`pnpm load --prepare`, several minutes), then `pnpm load` runs on that data
 * with the primary alone and with the api reading the replica (DATABASE_READ_URL), in turns.
 * For each run it prints the load's own figures (its report) and the CPU the primary's (and the replica's) server processes
 * used during the measured seconds (from the first user's call to the report): the budget is p99 no
 * worse with the replica, and the primary's CPU at least a third lower. Where the primary's time went is
 * printed too: its statements by total execution time during the measured part (pg_stat_statements).
 * Figures only: nothing asserted.
 * The variants run alone, replica, replica, alone (--rounds=2): the first run of a pair meets colder
 * caches. Other options are `pnpm load`'s (passed on), e.g. --seconds=60 --factories=10.
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

/**
 * Runs `pnpm load` with `env`; returns its report's lines, the primary's CPU during the measured part and
 * the replica's (its WAL replay whatever the variant, and its queries when the api reads it): on one
 * machine both take from the same cores as the api.
 */
async function runLoad(
  env: Record<string, string>, args: string[], dirs: { primary: string; replica: string }, stats: { primary: pg.Client; replica: pg.Client | null },
): Promise<{ lines: string[]; cpuMs: number; replicaCpuMs: number; seconds: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', ...args], { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let started: { cpu: number; replicaCpu: number; at: number } | null = null;
  let ended: { cpu: number; replicaCpu: number; at: number } | null = null;
  for await (const line of createInterface({ input: child.stdout! })) {
    console.log(`  ${line}`);
    // The clock starts right after the warm-up line; the report's title comes once every user is done.
    if (line.startsWith('warm-up')) {
      started = { cpu: serverCpuMs(dirs.primary), replicaCpu: serverCpuMs(dirs.replica), at: performance.now() };
      await stats.primary.query('SELECT pg_stat_statements_reset()');
      await stats.replica?.query('SELECT pg_stat_statements_reset()');
    }
    if (line.startsWith('# Linepulse load')) {
      ended = { cpu: serverCpuMs(dirs.primary), replicaCpu: serverCpuMs(dirs.replica), at: performance.now() };
      await printTopStatements(stats.primary, 'primary');
      if (stats.replica) await printTopStatements(stats.replica, 'replica');
    }
    if (ended) lines.push(line);
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`pnpm load ended with ${code}`);
  if (!started || !ended) throw new Error('pnpm load printed no measured part');
  return { lines, cpuMs: ended.cpu - started.cpu, replicaCpuMs: ended.replicaCpu - started.replicaCpu, seconds: (ended.at - started.at) / 1000 };
}

/** A server's statements since the last reset: their calls and execution time in all, and the ten largest by time as a table. */
async function printTopStatements(stats: pg.Client, server: 'primary' | 'replica'): Promise<void> {
  const { rows } = await stats.query<{ calls: string; ms: string; query: string }>(
    `SELECT calls::text, round(total_exec_time)::text AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS query
       FROM pg_stat_statements ORDER BY total_exec_time DESC`,
  );
  const total = rows.reduce((sum, r) => sum + Number(r.ms), 0);
  console.log(`\nthe ${server}'s statements during the measured part: ${rows.reduce((sum, r) => sum + Number(r.calls), 0)} calls, ${total} ms of execution; the ten largest:`);
  console.log('| calls | ms | share | statement |\n|---|---|---|---|');
  for (const r of rows.slice(0, 10)) console.log(`| ${r.calls} | ${r.ms} | ${Math.round((Number(r.ms) / Math.max(1, total)) * 100)} % | ${r.query.replace(/\|/g, '/')} |`);
}

type Variant = 'alone' | 'replica';

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
    await pair.caughtUp();
    // The replica's statements too, in the runs that read it: where its CPU goes beside the replay.
    const replicaStats = new pg.Client({ connectionString: `${server(pair.replicaUrl)}/linepulse_load` });
    await replicaStats.connect();
    // The order is alone, replica, replica, alone (--rounds=2, the default): the first run meets colder
    // caches (the warm-up derives what the load left dirty), and each variant gets one early and one late run.
    const rounds = Math.max(1, Number(passed.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 2));
    const loadArgs = passed.filter((a) => !a.startsWith('--rounds='));
    const replicaEnv = { ...base, DATABASE_READ_URL: `${server(pair.replicaUrl)}/linepulse_load` };
    const order = Array.from({ length: rounds }, (_, i) => (i % 2 === 0 ? ['alone', 'replica'] : ['replica', 'alone'])).flat() as Variant[];
    const runs: Array<{ variant: Variant } & Awaited<ReturnType<typeof runLoad>>> = [];
    for (const [i, variant] of order.entries()) {
      console.log(`\n${i + 1}. ${variant === 'alone' ? 'the primary alone' : 'the api reading the replica (DATABASE_READ_URL)'}`);
      runs.push({ variant, ...(await runLoad(variant === 'alone' ? base : replicaEnv, loadArgs, { primary: pair.primaryDir, replica: pair.replicaDir }, { primary: stats, replica: variant === 'replica' ? replicaStats : null })) });
      await pair.caughtUp();
    }
    await stats.end();
    await replicaStats.end();
    const p99 = (lines: string[]) => Number(/Budget p99 ≤ \d+ ms: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? NaN);
    const cpu = (r: { cpuMs: number; seconds: number }) => (r.cpuMs / (r.seconds * 1000)) * 100;
    const replicaCpu = (r: { replicaCpuMs: number; seconds: number }) => (r.replicaCpuMs / (r.seconds * 1000)) * 100;
    console.log('\n| run | variant | users p99 | primary CPU (% of one core, measured part) | replica CPU (replay, and reads when routed) |');
    console.log('|---|---|---|---|---|');
    for (const [i, r] of runs.entries()) {
      console.log(`| ${i + 1} | ${r.variant === 'alone' ? 'primary alone' : 'with the replica'} | ${p99(r.lines)} ms | ${cpu(r).toFixed(1)} % | ${replicaCpu(r).toFixed(1)} % |`);
    }
    const of = (variant: Variant) => {
      const mine = runs.filter((r) => r.variant === variant);
      const meanP99 = mine.reduce((sum, r) => sum + p99(r.lines), 0) / mine.length;
      return { cpu: (mine.reduce((sum, r) => sum + r.cpuMs, 0) / mine.reduce((sum, r) => sum + r.seconds * 1000, 0)) * 100, p99: meanP99 };
    };
    const alone = of('alone');
    const withReplica = of('replica');
    console.log(`| all | primary alone | ${alone.p99.toFixed(1)} ms (mean) | ${alone.cpu.toFixed(1)} % |`);
    console.log(`| all | with the replica | ${withReplica.p99.toFixed(1)} ms (mean) | ${withReplica.cpu.toFixed(1)} % |`);
    const lower = 1 - withReplica.cpu / alone.cpu;
    console.log(`primary CPU ${(lower * 100).toFixed(1)} % lower with the replica (budget: at least 33.3 %); users' p99 ${withReplica.p99 <= alone.p99 ? 'no worse' : 'WORSE'} with the replica (means of ${rounds} run${rounds > 1 ? 's' : ''} each)`);
  } finally {
    await pair.stop();
  }
}

await main();
