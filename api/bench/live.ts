/**
 * `pnpm bench:live`: issue 25's budgets for the live screens' pushing. The api in a process of its own
 * (bench/api-process.ts) on a fresh database; a 20-line factory ingesting RATE events a second over HTTP
 * (10 batches a second), first with no screen connected, then with STREAMS screens following it over
 * GET /api/live. Prints, per database:
 * - the api's CPU (share of one core) and resident memory in each phase; the difference is what pushing
 *   to the screens costs (budgets: ≤ 25 % of one core, ≤ 200 MiB more);
 * - /api/health's p99 in each phase, probed every 100 ms (budget ≤ 50 ms);
 * - ingest → push: once a second a marker event for another factory, which one more screen follows: the
 *   time from sending it to that screen receiving the change (the api's part of "ingested → TV changed";
 *   the browser's part is measured by scripts/measure-live.mjs);
 * - the messages the screens received (each should get about 4 a second: one per 250 ms gathering).
 * Figures only: nothing is asserted.
 *
 * Options (--name=value): --streams=500 --rate=5000 --seconds=20 --db=both|postgresql|pglite.
 */
import { request } from 'node:http';
import os from 'node:os';
import { callJson, cpuMs, createLinesFactory, percentileMs, rss, startApi, type Api } from './api-process.ts';
import { log, option } from './one-factory.ts';

const STREAMS = Number(option('streams', '500'));
const RATE = Number(option('rate', '5000'));
const SECONDS = Number(option('seconds', '20'));
const WHICH = option('db', 'both');
const ADMIN = 'admin@demo.linepulse.test';
const LINES = 20;
const BATCHES_PER_SECOND = 10;

const mib = (bytes: number): number => Math.round((bytes / 1048576) * 10) / 10;

interface Bench {
  api: Api;
  token: string;
  factory: string;
  marker: string;
  keys: { factory: string; marker: string };
}

async function setUp(api: Api): Promise<Bench> {
  const token = api.tokens[ADMIN]!;
  const call = <T>(method: string, url: string, body?: unknown) => callJson<T>(api.base, token, method, url, body);
  const factory = await createLinesFactory(call, 'Live Bench', LINES);
  const marker = await createLinesFactory(call, 'Live Marker', 1);
  return { api, token, factory: factory.id, marker: marker.id, keys: { factory: factory.key, marker: marker.key } };
}

/** An open stream: counts the changes it receives, and calls `onChange` with the time of each. */
function openStream(bench: Bench, factoryId: string, onChange?: (at: number) => void): Promise<{ changes: () => number; close: () => void }> {
  return new Promise((resolve, reject) => {
    let changes = 0;
    const req = request(`${bench.api.base}/api/live?factory_ids=${factoryId}`, { agent: false, headers: { authorization: `Bearer ${bench.token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let ready = false;
      res.on('data', (chunk: string) => {
        const n = chunk.split('event: change').length - 1;
        if (n > 0) {
          changes += n;
          onChange?.(performance.now());
        }
        if (!ready && chunk.includes('event: ready')) {
          ready = true;
          resolve({ changes: () => changes, close: () => req.destroy() });
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', (error) => (changes === 0 ? reject(error) : undefined));
    req.end();
  });
}

/** Ingests RATE events a second for SECONDS (counts on every line), a marker event every second; returns the marker latencies. */
async function ingestFor(bench: Bench, label: string, markerSeen: { next: () => Promise<number> } | null): Promise<{ sent: number; markers: number[]; ingestMs: number[] }> {
  const perBatch = Math.round(RATE / BATCHES_PER_SECOND);
  const ingestMs: number[] = [];
  const markers: number[] = [];
  let sent = 0;
  const end = performance.now() + SECONDS * 1000;
  let seq = 0;
  const post = async (key: string, events: unknown[]): Promise<void> => {
    const t = performance.now();
    const response = await fetch(`${bench.api.base}/api/ingest/v1/events`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
    await response.text();
    if (!response.ok) throw new Error(`ingest: ${response.status}`);
    ingestMs.push(performance.now() - t);
  };
  const markerLoop = (async () => {
    while (markerSeen && performance.now() < end) {
      const t = performance.now();
      const seen = markerSeen.next();
      await post(bench.keys.marker, [{ id: `${label}-m-${seq++}`, type: 'count', unit: 'L1', at: new Date().toISOString(), good: 1, rejected: 0 }]);
      const at = await Promise.race([seen, new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 5000))]);
      markers.push(at - t);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - t))));
    }
  })();
  while (performance.now() < end) {
    const t = performance.now();
    const now = Date.now();
    const events = Array.from({ length: perBatch }, (_v, i) => ({ id: `${label}-${seq}-${i}`, type: 'count', unit: `L${(i % LINES) + 1}`, at: new Date(now - perBatch + i).toISOString(), good: 1, rejected: 0 }));
    seq += 1;
    await post(bench.keys.factory, events);
    sent += events.length;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / BATCHES_PER_SECOND - (performance.now() - t))));
  }
  await markerLoop;
  return { sent, markers, ingestMs };
}

/** /api/health every 100 ms until stopped. */
function probeHealth(base: string): { stop: () => Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.text();
      times.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

async function phase(bench: Bench, label: string, markerSeen: { next: () => Promise<number> } | null) {
  const pid = bench.api.child.pid!;
  let peak = rss(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 250);
  const health = probeHealth(bench.api.base);
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  const ingested = await ingestFor(bench, label, markerSeen);
  const elapsed = performance.now() - t0;
  const cpu = cpuMs(pid) - cpu0;
  clearInterval(sampler);
  const times = await health.stop();
  return { ...ingested, cpuShare: cpu / elapsed, peak, health: times, rate: ingested.sent / (elapsed / 1000) };
}

async function run(kind: 'postgresql' | 'pglite'): Promise<void> {
  const api = await startApi(kind, [ADMIN], { LIVE_MAX_STREAMS: String(STREAMS + 100) });
  try {
    const bench = await setUp(api);
    const pid = api.child.pid!;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const quiet = await phase(bench, `${kind}-quiet`, null);
    log(
      `${kind}, no screen: ${Math.round(quiet.rate)} events/s ingested, api CPU ${Math.round(quiet.cpuShare * 100)} % of one core, RSS peak ${mib(quiet.peak)} MiB, ` +
        `ingest call p50 ${percentileMs(quiet.ingestMs, 50)} ms p99 ${percentileMs(quiet.ingestMs, 99)} ms, /api/health p99 ${percentileMs(quiet.health, 99)} ms`,
    );

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rss(pid);
    const streams = [];
    for (let i = 0; i < STREAMS; i += 1) streams.push(await openStream(bench, bench.factory));
    let waiting: ((at: number) => void) | null = null;
    const marker = await openStream(bench, bench.marker, (at) => {
      waiting?.(at);
      waiting = null;
    });
    log(`${kind}: ${STREAMS} screens connected, api RSS ${mib(before)} → ${mib(rss(pid))} MiB`);
    const markerSeen = { next: () => new Promise<number>((resolve) => (waiting = resolve)) };
    const counts0 = streams.map((s) => s.changes());
    const live = await phase(bench, `${kind}-live`, markerSeen);
    const received = streams.map((s, i) => s.changes() - counts0[i]!);
    const seenMarkers = live.markers.filter((m) => Number.isFinite(m));
    log(
      `${kind}, ${STREAMS} screens: ${Math.round(live.rate)} events/s ingested, api CPU ${Math.round(live.cpuShare * 100)} % of one core (+${Math.round((live.cpuShare - quiet.cpuShare) * 100)} % for pushing; budget 25 %), ` +
        `RSS peak ${mib(live.peak)} MiB (+${mib(live.peak - before)} MiB over its RSS before the screens connected; budget 200), /api/health p50 ${percentileMs(live.health, 50)} ms p99 ${percentileMs(live.health, 99)} ms (budget 50)`,
    );
    log(
      `${kind}: ingest → push of a marker event p50 ${percentileMs(seenMarkers, 50)} ms, p95 ${percentileMs(seenMarkers, 95)} ms, max ${percentileMs(seenMarkers, 100)} ms (${seenMarkers.length} of ${live.markers.length} seen within 5 s); ` +
        `changes per screen ${Math.min(...received)}–${Math.max(...received)} in ${SECONDS} s; ingest call p99 ${percentileMs(live.ingestMs, 99)} ms`,
    );
    for (const s of streams) s.close();
    marker.close();
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  log(`live bench: ${STREAMS} screens, ${RATE} events/s for ${SECONDS} s; machine ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (WHICH === 'both' || WHICH === 'postgresql') await run('postgresql');
  if (WHICH === 'both' || WHICH === 'pglite') await run('pglite');
}

await main();
