/**
 * Reads shared by the analytics computations of one moment (decision 29). A factory's dashboard asks
 * for four answers at once (downtimes info, by interval, top reasons, summary) and the company overview
 * for three; each used to load the same unit setups and derive the same current hour on its own: four
 * times the queries for one page, and the first seconds of a busy server spent doing it.
 *
 * Two pieces:
 * - **A clock that steps** (`AnalyticsClock`): computations over the same units within `stepMs` of one
 *   another take the same `now`, so the on-the-fly part of their windows (the current hour up to now)
 *   is the same read. It steps at once when anything those units' answers read was written here
 *   (the key carries answer-generations.ts's counters): a write seen is never hidden.
 * - **A memo of reads** (`sharedReadsDb`, `sharedRead`): a Db that carries a SharedAnswers; the
 *   configuration reads (units, factories, setups, custom periods) and the on-the-fly derivation ask it
 *   first, under keys that hold the account's and the units' write counters. Computations on a plain
 *   Db (tests, background work, heavy calls on their own pool) read as before.
 *
 * Shared values are read, never changed, by their users.
 */
import type { Db, Queryable } from '../db/db.ts';
import { generationsOf } from './answer-generations.ts';
import type { SharedAnswers } from './shared-answers.ts';

const memos = new WeakMap<Queryable, SharedAnswers>();

/** A Db whose analytics reads are shared through `memo` (transactions run on the plain database). */
export function sharedReadsDb(db: Db, memo: SharedAnswers): Db {
  const shared: Db = {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    copyFrom: (table, columns, csv) => db.copyFrom(table, columns, csv),
    transaction: (fn) => db.transaction(fn),
    ping: () => db.ping(),
    listen: (channel, onNotify, onGap) => db.listen(channel, onNotify, onGap),
    // The database belongs to the app.
    close: async () => undefined,
  };
  memos.set(shared, memo);
  return shared;
}

/**
 * `compute()`, or the value another computation got for the same read: `what` names the read and its
 * parameters; the account's counter (configuration) and, for `unitIds`, each unit's (facts) complete
 * the key.
 */
export function sharedRead<T>(q: Queryable, accountId: string, unitIds: readonly string[] | null, what: readonly unknown[], compute: () => Promise<T>): Promise<T> {
  const memo = memos.get(q);
  if (!memo) return compute();
  // Configuration reads follow the account's counter only (no unit list: it may be a company's).
  return memo.get(JSON.stringify([accountId, generationsOf(accountId, unitIds ?? []), ...what]), () => compute());
}

/**
 * `now` for analytics computations: the same instant for every computation under one key (the
 * account, the units and their write counters) for up to `stepMs`, then the next. 0: always the clock.
 */
export class AnalyticsClock {
  private readonly kept = new Map<string, number>();

  constructor(
    private readonly stepMs: number,
    private readonly max = 1000,
  ) {}

  now(key: string, at: number = Date.now()): number {
    if (this.stepMs <= 0) return at;
    const kept = this.kept.get(key);
    if (kept !== undefined && at >= kept && at - kept < this.stepMs) return kept;
    this.kept.delete(key); // re-inserted last: the map stays in age order
    this.kept.set(key, at);
    for (const [k, t] of this.kept) {
      if (this.kept.size <= this.max && at - t < this.stepMs) break;
      this.kept.delete(k);
    }
    return at;
  }
}
