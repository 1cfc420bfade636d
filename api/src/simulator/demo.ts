/**
 * The demo account's simulated history: generated on first start (COPY, then the engine's bulk
 * rebuild), then kept live by a timer appending [last generated instant, now) with the same pure
 * generator, so history and live agree. Advisory locks keep two instances from both simulating.
 */
import { rebuildUnits } from '../analytics/rollups.ts';
import type { Db, Queryable } from '../db/db.ts';
import { demoIds } from '../seed/seed.ts';
import { factCount, generateFacts, type Facts, type SimConfig } from './generate.ts';
import { copyFacts, insertFacts, loadSimFactories, spansByUnit } from './load.ts';
import { unitsWritten } from '../analytics/answer-generations.ts';
import { announceChange } from '../live/live-events.ts';

/** Advisory-lock key of the simulator ("LPSM"), distinct from migrations, seed and rollups. */
export const SIMULATOR_LOCK_KEY = 0x4c50534d;

export const DEMO_SEED = 'linepulse-demo-v1';
/** Demo units whose counts arrive as cumulative machine counters (with monthly resets). */
export const DEMO_COUNTER_UNITS = ['MTY-EXT1', 'MTY-EXT2'];
export const DEMO_HISTORY_DAYS = 405;

const DAY = 86_400_000;

export interface SimLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: SimLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface FirstStartOptions {
  /** The account to simulate (default: Demo Co.). */
  accountId?: string;
  /** History length in days up to `now` (default 420). */
  days?: number;
  now?: number;
  seed?: string;
  counterUnits?: readonly string[];
  /** Derive the rollups after loading (default true). */
  rebuild?: boolean;
  log?: SimLogger;
  /** Told as the history is generated, stored and derived (unit by unit): a first start's progress page. */
  onProgress?: (step: 'generate' | 'store' | 'derive', done: number, total: number) => void;
}

export interface FirstStartResult {
  status: 'generated' | 'already-simulated' | 'has-facts' | 'no-account';
  facts?: number;
  historyStart?: string;
  generatedTo?: string;
  ms?: { generate: number; load: number; rebuild: number; total: number };
}

interface StateRow {
  seed: string;
  history_start: string;
  generated_to: string;
  counter_units: string[];
}

async function hasFacts(q: Queryable, accountId: string): Promise<boolean> {
  const rows = await q.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM unit_state_events WHERE account_id = $1)
         OR EXISTS (SELECT 1 FROM unit_count_events WHERE account_id = $1)
         OR EXISTS (SELECT 1 FROM unit_counter_readings WHERE account_id = $1) AS any`,
    [accountId],
  );
  return rows[0]?.any === true;
}

/** Midnight UTC `days` days before `now`: where the demo history starts. */
export function historyStartFor(now: number, days: number): number {
  return Math.floor((now - days * DAY) / DAY) * DAY;
}

/**
 * First start: when the account has no facts and no simulation yet, generates its history
 * [now − days, now), loads it with COPY in one transaction (with the simulator's state row), then
 * rebuilds the derived rollups. Idempotent and safe from several instances at once.
 */
export async function ensureDemoHistory(db: Db, options: FirstStartOptions = {}): Promise<FirstStartResult> {
  const started = performance.now();
  const log = options.log ?? silent;
  const accountId = options.accountId ?? demoIds.account('demo');
  const now = options.now ?? Date.now();
  const days = options.days ?? DEMO_HISTORY_DAYS;
  const seed = options.seed ?? DEMO_SEED;
  const counterUnits = options.counterUnits ?? DEMO_COUNTER_UNITS;
  const historyStart = historyStartFor(now, days);
  let genMs = 0;
  let loadMs = 0;
  let unitIds: string[] = [];
  let total = 0;

  const status = await db.transaction(async (tx): Promise<FirstStartResult['status']> => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SIMULATOR_LOCK_KEY]);
    const account = await tx.query('SELECT 1 FROM accounts WHERE id = $1', [accountId]);
    if (account.length === 0) return 'no-account';
    const state = await tx.query('SELECT 1 FROM simulator_state WHERE account_id = $1', [accountId]);
    if (state.length > 0) return 'already-simulated';
    if (await hasFacts(tx, accountId)) return 'has-facts';
    const t0 = performance.now();
    options.onProgress?.('generate', 0, 0);
    const factories = await loadSimFactories(tx, accountId, counterUnits);
    const config: SimConfig = { seed, historyStart, factories };
    const facts = generateFacts(config, historyStart, now);
    total = factCount(facts);
    unitIds = factories.flatMap((f) => f.units.map((u) => u.id));
    const t1 = performance.now();
    genMs = t1 - t0;
    options.onProgress?.('store', 0, 0);
    await copyFacts(tx, facts);
    await tx.query(
      `INSERT INTO simulator_state (account_id, seed, history_start, generated_to, counter_units) VALUES ($1, $2, $3, $4, $5)`,
      [accountId, seed, new Date(historyStart).toISOString(), new Date(now).toISOString(), [...counterUnits]],
    );
    loadMs = performance.now() - t1;
    return 'generated';
  });
  if (status !== 'generated') {
    log.info({ status }, 'demo history: nothing to generate');
    return { status };
  }
  const t2 = performance.now();
  if (options.rebuild !== false) {
    options.onProgress?.('derive', 0, unitIds.length);
    await rebuildUnits(db, accountId, unitIds, new Date(historyStart), new Date(now), new Date(now), (done) => options.onProgress?.('derive', done, unitIds.length));
  }
  const rebuildMs = performance.now() - t2;
  const result: FirstStartResult = {
    status,
    facts: total,
    historyStart: new Date(historyStart).toISOString(),
    generatedTo: new Date(now).toISOString(),
    ms: { generate: Math.round(genMs), load: Math.round(loadMs), rebuild: Math.round(rebuildMs), total: Math.round(performance.now() - started) },
  };
  log.info({ ...result, database: db.kind }, `demo history: ${total} facts over ${days} days generated and loaded in ${(result.ms!.total / 1000).toFixed(1)} s`);
  return result;
}

export interface LiveStepResult {
  status: 'appended' | 'locked' | 'not-simulated' | 'up-to-date';
  from?: string;
  to?: string;
  generated?: number;
  inserted?: number;
}

/**
 * One live step: generates the facts emitted in [generated_to, now) and inserts them (duplicates
 * ignored), marks the touched spans in rollup_dirty for the engine, and moves generated_to. Skips
 * when another instance holds the simulator lock.
 */
export async function liveStep(db: Db, options: { accountId?: string; now?: number } = {}): Promise<LiveStepResult> {
  const accountId = options.accountId ?? demoIds.account('demo');
  const now = options.now ?? Date.now();
  let written: string[] = [];
  const result = await db.transaction(async (tx): Promise<LiveStepResult> => {
    const [lock] = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [SIMULATOR_LOCK_KEY]);
    if (!lock?.ok) return { status: 'locked' };
    const [state] = await tx.query<StateRow>('SELECT seed, history_start, generated_to, counter_units FROM simulator_state WHERE account_id = $1 FOR UPDATE', [accountId]);
    if (!state) return { status: 'not-simulated' };
    const from = Date.parse(state.generated_to);
    if (now - from < 1000) return { status: 'up-to-date' };
    const factories = await loadSimFactories(tx, accountId, state.counter_units);
    const facts: Facts = generateFacts({ seed: state.seed, historyStart: Date.parse(state.history_start), factories }, from, now);
    const inserted = await insertFacts(tx, facts);
    const spans = spansByUnit(facts);
    if (spans.size > 0) {
      const list = [...spans.entries()];
      await tx.query(
        `INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at)
         SELECT $1, * FROM unnest($2::uuid[], $3::uuid[], $4::timestamptz[], $5::timestamptz[])`,
        [
          accountId,
          list.map(([, s]) => s.factoryId),
          list.map(([unitId]) => unitId),
          list.map(([, s]) => new Date(Math.min(s.from, from)).toISOString()),
          list.map(([, s]) => new Date(Math.max(s.to + 1, now)).toISOString()),
        ],
      );
    }
    await tx.query('UPDATE simulator_state SET generated_to = $2, updated_at = now() WHERE account_id = $1', [accountId, new Date(now).toISOString()]);
    written = [...spans.keys()];
    // The live screens hear of each factory's new facts when this commits.
    const unitsByFactory = new Map<string, string[]>();
    for (const [unitId, span] of spans) unitsByFactory.set(span.factoryId, [...(unitsByFactory.get(span.factoryId) ?? []), unitId]);
    for (const [factoryId, unitIds] of unitsByFactory) await announceChange(tx, accountId, factoryId, ['state', 'counts'], unitIds);
    return { status: 'appended', from: new Date(from).toISOString(), to: new Date(now).toISOString(), generated: factCount(facts), inserted };
  });
  // Committed: answers kept for these units are not used again.
  if (written.length > 0) unitsWritten(accountId, written);
  return result;
}

export interface LiveSimulation {
  /** Stops the timer and waits for a step in progress. */
  stop(): Promise<void>;
}

/** Runs liveStep every `intervalMs` (default 45 s) until stopped. */
export function startLiveSimulation(db: Db, options: { accountId?: string; intervalMs?: number; log?: SimLogger } = {}): LiveSimulation {
  const log = options.log ?? silent;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): void => {
    if (running || stopped) return;
    running = liveStep(db, { ...(options.accountId ? { accountId: options.accountId } : {}) })
      .then((r) => {
        if (r.status === 'appended' && r.generated) log.info(r, 'demo simulation: live facts appended');
      })
      .catch((err: unknown) => log.error({ err }, 'demo simulation: live step failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 45_000);
  timer.unref();
  tick(); // catch up at once after a restart
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
