/**
 * `pnpm bench:import`: the history-import budget of issue 21. One year of history for a 20-line factory
 * (a count a minute per line and its state changes: about 11 million events) written as NDJSON to a
 * temporary file (streamed, never held), uploaded to a fresh api over HTTP, and followed through
 * `GET …/history-imports/{id}` until the figures are derived. Runs on PostgreSQL and on PGlite (the api
 * in a child process of its own, `bench/server.ts`, so its resident memory is the api's alone).
 * Prints the time from the start of the upload to "done" (budgets: PostgreSQL ≤ 4 min, PGlite ≤ 10 min),
 * the phases' times and the api's RSS growth (budget ≤ 200 MiB). Figures only: nothing is asserted.
 *
 * Options (--name=value): --lines=20 --days=365 --db=both|postgresql|pglite, DATABASE_URL (server, default
 * postgres://postgres@127.0.0.1:5432/), --keep-file (keep the generated file).
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { HistoryImportDetail } from '@linepulse/contracts';
import { bystander, callJson, cpuMs, percentileMs, rss, startApi, type Api } from './api-process.ts';
import { option } from './one-factory.ts';

const LINES = Number(option('lines', '20'));
const DAYS = Number(option('days', '365'));
const WHICH = option('db', 'both');
const KEEP_FILE = process.argv.includes('--keep-file');
const ADMIN = 'admin@demo.linepulse.test';
/** A user of another account, whose company overview is asked during the import (its answers must not wait for it). */
const BYSTANDER = 'admin@other.linepulse.test';
const MINUTE = 60_000;

const log = (...args: unknown[]): void => console.log(...args);
const mib = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
const seconds = (ms: number): number => Math.round(ms / 100) / 10;

/**
 * The history, streamed to `file`: per line a count every minute (good 8–12, a reject now and then)
 * while running, and a stop of 4–20 minutes about every 2 hours (stopped, then running again).
 */
async function generate(file: string, start: number, end: number): Promise<{ events: number; bytes: number }> {
  const out = createWriteStream(file, { highWaterMark: 1024 * 1024 });
  let events = 0;
  let buffer = '';
  const write = async (text: string): Promise<void> => {
    buffer += text;
    if (buffer.length > 512 * 1024) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  };
  // Lines interleaved day by day, as a historian exports them.
  const state: { seed: number; stoppedUntil: number; nextStop: number }[] = Array.from({ length: LINES }, (_v, i) => ({ seed: i * 7919 + 1, stoppedUntil: 0, nextStop: start + (i + 1) * 17 * MINUTE }));
  const random = (s: { seed: number }): number => {
    s.seed = (s.seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s.seed / 2_147_483_648;
  };
  for (let l = 0; l < LINES; l += 1) {
    await write(`{"id":"L${l}-s0","type":"state","unit":"L${l + 1}","at":"${new Date(start).toISOString()}","state":"running"}\n`);
    events += 1;
  }
  for (let day = start; day < end; day += 1440 * MINUTE) {
    for (let l = 0; l < LINES; l += 1) {
      const s = state[l]!;
      const unit = `L${l + 1}`;
      for (let t = day; t < Math.min(day + 1440 * MINUTE, end); t += MINUTE) {
        if (t >= s.nextStop && s.stoppedUntil <= t) {
          s.stoppedUntil = t + Math.round(4 + random(s) * 16) * MINUTE;
          s.nextStop = s.stoppedUntil + Math.round(90 + random(s) * 60) * MINUTE;
          await write(`{"id":"L${l}-x${t}","type":"state","unit":"${unit}","at":"${new Date(t + 20_000).toISOString()}","state":"stopped"}\n`);
          await write(`{"id":"L${l}-r${t}","type":"state","unit":"${unit}","at":"${new Date(s.stoppedUntil + 20_000).toISOString()}","state":"running"}\n`);
          events += 2;
        }
        const running = t >= s.stoppedUntil;
        const good = running ? 8 + Math.floor(random(s) * 5) : 0;
        const rejected = running && random(s) < 0.05 ? 1 : 0;
        await write(`{"id":"L${l}-c${t}","type":"count","unit":"${unit}","at":"${new Date(t + 30_000).toISOString()}","good":${good},"rejected":${rejected}}\n`);
        events += 1;
      }
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return { events, bytes: statSync(file).size };
}

interface ImportApi extends Api {
  token: string;
  bystanderToken: string;
}

const json = <T>(api: ImportApi, method: string, url: string, body?: unknown): Promise<T> => callJson<T>(api.base, api.token, method, url, body);

const p = percentileMs;

function uploadFile(api: ImportApi, url: string, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${api.base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/x-ndjson', 'content-length': statSync(file).size } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
}

async function run(kind: 'postgresql' | 'pglite', file: string, start: number, events: number): Promise<void> {
  const started = await startApi(kind, [ADMIN, BYSTANDER]);
  const api: ImportApi = { ...started, token: started.tokens[ADMIN]!, bystanderToken: started.tokens[BYSTANDER]! };
  try {
    const factory = await json<{ id: string }>(api, 'POST', '/api/factories', { name: 'Import Bench', timezone: 'Europe/Paris' });
    const units = Array.from({ length: LINES }, (_v, i) => ({ key: `L${i + 1}`, name: `Line ${i + 1}` }));
    await json(api, 'PUT', `/api/factories/${factory.id}/configuration`, {
      production_units: units,
      work_shifts: [
        { key: 'morning', name: 'Morning', production_units: units.map((u) => u.key), start: '06:00', end: '14:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
        { key: 'evening', name: 'Evening', production_units: units.map((u) => u.key), start: '14:00', end: '22:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
      ],
      products: [],
      downtime_reasons: [],
    });
    const pid = api.child.pid!;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const baseline = rss(pid);
    let peak = baseline;
    let t0 = performance.now();
    // The phase the last poll saw ('upload' until the file is received), and the highest RSS in each.
    let phaseNow = 'upload';
    const peaks: Record<string, number> = {};
    const sampler = setInterval(() => {
      try {
        const now = rss(pid);
        if (now > peak && now - baseline > 200 * 1024 * 1024) log(`  RSS +${mib(now - baseline)} MiB at ${seconds(performance.now() - t0)} s (${phaseNow})`);
        peak = Math.max(peak, now);
        peaks[phaseNow] = Math.max(peaks[phaseNow] ?? 0, now);
      } catch {
        // The process is gone.
      }
    }, 250);
    const cpu0 = cpuMs(pid);
    const others = bystander(api.base, api.bystanderToken, () => phaseNow);
    t0 = performance.now();
    const uploaded = await uploadFile(api, `/api/factories/${factory.id}/history-imports?file_name=${path.basename(file)}`, file);
    const tUpload = performance.now() - t0;
    if (uploaded.status !== 202) throw new Error(`upload: ${uploaded.status} ${uploaded.body}`);
    const id = (JSON.parse(uploaded.body) as { id: string }).id;
    log(`${kind}: upload ${seconds(tUpload)} s`);
    const phases: Record<string, number> = {};
    let job: HistoryImportDetail;
    let lastPrint = 0;
    for (;;) {
      job = await json<HistoryImportDetail>(api, 'GET', `/api/factories/${factory.id}/history-imports/${id}`);
      const now = performance.now() - t0;
      phaseNow = job.phase;
      phases[job.phase] ??= now;
      if (now - lastPrint > 15_000) {
        lastPrint = now;
        log(
          `  ${seconds(now)} s: ${job.phase}, ${job.rows_stored.toLocaleString('en')} stored, ${mib(job.bytes_read)} of ${mib(job.bytes_total)} MiB read` +
            (job.phase === 'derive' ? `, ${job.units_pending} of ${job.units_total} units pending` : '') +
            `, api RSS ${mib(rss(pid))} MiB`,
        );
      }
      if (job.phase === 'done' || job.phase === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const total = performance.now() - t0;
    const apiCpu = cpuMs(pid) - cpu0;
    const during = await others.stop();
    clearInterval(sampler);
    // The figures are there: one year of KPIs for the 20 lines, as the overview would ask.
    const config = await json<{ production_units: { id: string }[] }>(api, 'GET', `/api/factories/${factory.id}/configuration`);
    const tRead = performance.now();
    const kpis = await json<{ groups: { total: { good: number; uptime_ms: number } }[] }>(api, 'POST', '/api/kpis/by-groups', {
      start: new Date(start).toISOString(),
      end: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString(),
      groups: [{ name: 'all', factory_id: factory.id, production_unit_ids: config.production_units.map((u) => u.id) }],
    });
    const readMs = performance.now() - tRead;
    log(`${kind}: ${job.phase} — ${job.rows_stored.toLocaleString('en')} of ${events.toLocaleString('en')} events stored, ${job.rows_duplicate} duplicates, ${job.rows_refused} refused`);
    log(
      `${kind}: upload → figures ${seconds(total)} s (upload ${seconds(tUpload)} s, store until ${seconds(phases.derive ?? total)} s, derive ${seconds(total - (phases.derive ?? total))} s); ` +
        `${Math.round(job.rows_stored / ((phases.derive ?? total) / 1000)).toLocaleString('en')} events/s stored; api RSS ${mib(baseline)} → peak ${mib(peak)} MiB (+${mib(peak - baseline)} MiB); api process CPU ${seconds(apiCpu)} s (${Math.round((apiCpu / total) * 100)} % of one core)`,
    );
    log(
      `${kind}: during the import, /api/health p50 ${p(during.health, 50)} ms, p99 ${p(during.health, 99)} ms, max ${p(during.health, 100)} ms (${during.health.length} probes); ` +
        `another account's company overview p50 ${p(during.overview, 50)} ms, p99 ${p(during.overview, 99)} ms, max ${p(during.overview, 100)} ms (${during.overview.length} pages) — budgets 50 ms and 500 ms`,
    );
    log(`${kind}: /api/health p99 by phase: ${[...during.healthByPhase].map(([phase, times]) => `${phase} ${p(times, 99)} ms (${times.length})`).join(', ')}`);
    log(`${kind}: api RSS peak by phase: ${Object.entries(peaks).map(([phase, bytes]) => `${phase} +${mib(bytes - baseline)} MiB`).join(', ')}`);
    log(`${kind}: a year's KPIs of all lines afterwards in ${Math.round(readMs)} ms: good ${kpis.groups[0]!.total.good.toLocaleString('en')}, uptime ${seconds(kpis.groups[0]!.total.uptime_ms / 3600)} h`);
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  log(`history import bench: ${LINES} lines × ${DAYS} days; machine ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'linepulse-import-file-'));
  const file = path.join(dir, 'history.ndjson');
  const end = Math.floor((Date.now() - 3_600_000) / MINUTE) * MINUTE;
  const start = end - DAYS * 1440 * MINUTE;
  const tGen = performance.now();
  const { events, bytes } = await generate(file, start, end);
  log(`file: ${events.toLocaleString('en')} events, ${mib(bytes)} MiB, generated in ${seconds(performance.now() - tGen)} s`);
  try {
    if (WHICH === 'both' || WHICH === 'postgresql') await run('postgresql', file, start, events);
    if (WHICH === 'both' || WHICH === 'pglite') await run('pglite', file, start, events);
  } finally {
    if (KEEP_FILE) log(`kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
