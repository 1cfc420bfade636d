/**
 * The api under a benchmark, in a child process of its own (`bench/server.ts`), so that its CPU time and
 * resident memory are the api's alone and the benchmark's own work never delays its event loop; and a
 * database of its own (PostgreSQL: created and dropped here; PGlite: a temporary folder).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_URL } from './one-factory.ts';

const API_DIR = path.resolve(import.meta.dirname, '..');

export interface Api {
  child: ChildProcess;
  base: string;
  /** Access tokens by e-mail (an hour each), for the e-mails asked. */
  tokens: Record<string, string>;
  /** Ends the api and removes its database. */
  stop(): Promise<void>;
}

/**
 * Starts the api on a fresh database of `kind` with the demo data, `env` added to its environment.
 * Resolves once it listens, with a token for each of `emails`.
 */
export async function startApi(kind: 'postgresql' | 'pglite', emails: readonly string[], env: Record<string, string> = {}, options: { databaseUrl?: string } = {}): Promise<Api & { databaseUrl: string | null }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linepulse-bench-'));
  const dbEnv: Record<string, string> = {};
  let admin: pg.Client | null = null;
  const dbName = `linepulse_bench_${process.pid}_${Date.now().toString(36)}`;
  // A second instance on the database of a first one (which creates and drops it).
  if (options.databaseUrl) dbEnv.DATABASE_URL = options.databaseUrl;
  else if (kind === 'postgresql') {
    admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    dbEnv.DATABASE_URL = `${SERVER_URL}/${dbName}`;
  }
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  // API_NODE_FLAGS: V8 options for the api's process (e.g. --heap-growing-percent=30), to compare.
  const flags = (process.env.API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'bench/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ROLLUP_REFRESH_SECONDS: '60',
      ...env,
      ...dbEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      LOAD_EMAILS: emails.join(','),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    // Not when it has ended already (an exit code, or the signal that killed it: `kill -9` in a test).
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.end();
    }
  };
  let out = '';
  for await (const chunk of child.stdout!) {
    out += String(chunk);
    const line = out.split('\n').find((l) => l.startsWith('{"ready"'));
    if (line) {
      child.stdout!.resume();
      return { child, base: `http://127.0.0.1:${port}`, tokens: (JSON.parse(line) as { tokens: Record<string, string> }).tokens, stop, databaseUrl: dbEnv.DATABASE_URL ?? null };
    }
  }
  await stop();
  throw new Error('the api stopped before it was ready');
}

/** CPU time a process has used (Linux, user + system), ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident memory of a process (Linux), bytes. */
export function rss(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** A JSON call with a bearer token; throws with the answer when it is not 2xx. */
export async function callJson<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A JSON call of one user to one api (callJson with its base and token bound). */
export type JsonCall = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/**
 * A factory of `lines` lines (keys L1…, names "Line 1"…) on one all-day shift and an ingest key for it,
 * made through the api as an admin would; `settings` adds to the new factory's (e.g. alert_capability).
 */
export async function createLinesFactory(call: JsonCall, name: string, lines: number, settings: Record<string, unknown> = {}): Promise<{ id: string; key: string; units: { key: string; name: string }[] }> {
  const { id } = await call<{ id: string }>('POST', '/api/factories', { name, timezone: 'Europe/Paris', ...settings });
  const units = Array.from({ length: lines }, (_v, i) => ({ key: `L${i + 1}`, name: `Line ${i + 1}` }));
  await call('PUT', `/api/factories/${id}/configuration`, {
    production_units: units,
    work_shifts: [{ key: 'all', name: 'All day', production_units: units.map((u) => u.key), start: '00:00', end: '00:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
    products: [],
    downtime_reasons: [],
  });
  const { key } = await call<{ key: string }>('POST', `/api/factories/${id}/ingest-keys`);
  return { id, key, units };
}

/** The q-th percentile (nearest rank), rounded to the millisecond; NaN for no values. */
export function percentileMs(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)]!) : NaN;
}

/**
 * A bystander of a long piece of work: `/api/health` every 100 ms, and another account's company
 * overview (its two KPI calls at once, as the page sends them: yesterday with the 11 preceding days, and
 * by hour) every second, with `token` (a user of that account). Each time is the request's whole time,
 * as a user meets it; the health probes are also kept by `phase()` at the time they were sent.
 */
export function bystander(base: string, token: string, phase: () => string = () => ''): { stop: () => Promise<{ health: number[]; healthByPhase: Map<string, number[]>; overview: number[] }> } {
  const health: number[] = [];
  const healthByPhase = new Map<string, number[]>();
  const overview: number[] = [];
  let running = true;
  const timed = async (into: number[], send: () => Promise<Response>): Promise<void> => {
    const t = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (response.ok) into.push(performance.now() - t);
  };
  const healthLoop = (async () => {
    while (running) {
      const during = phase();
      const before = health.length;
      await timed(health, () => fetch(`${base}/api/health`));
      if (health.length > before) {
        if (!healthByPhase.has(during)) healthByPhase.set(during, []);
        healthByPhase.get(during)!.push(health.at(-1)!);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const overviewLoop = (async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const factories = (await (await fetch(`${base}/api/user/factories`, { headers })).json()) as { id: string; production_units: { id: string }[] }[];
    const groups = factories.map((f) => ({ name: f.id, factory_id: f.id, production_unit_ids: f.production_units.map((u) => u.id) }));
    const kpis = (body: unknown) => () => fetch(`${base}/api/kpis/by-groups`, { method: 'POST', headers, body: JSON.stringify(body) });
    while (running) {
      const t = performance.now();
      await Promise.all([
        timed([], kpis({ time_option: 'lastday', preceding_periods: true, groups })),
        timed([], kpis({ time_option: 'lastday', interval: 'hour', groups })),
      ]);
      overview.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await Promise.all([healthLoop, overviewLoop]);
      return { health, healthByPhase, overview };
    },
  };
}
