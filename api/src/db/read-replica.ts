/**
 * Reads on a streaming replica (issue 26, docs/decisions/0052-read-replica.md). With DATABASE_READ_URL
 * set, the analytics calls, the downtime list and the exports read through `reads`: a Db whose plain
 * reads go to the replica when that cannot show anyone an answer they would call wrong, and to the
 * primary otherwise:
 * - **Read-your-writes.** After an account's user changes something (a configuration, a justification,
 *   a setting), the primary's WAL insert position is kept for the account; its reads go to the primary
 *   until the replica has replayed that position. Writes announced by other instances (the live
 *   channel's configuration and justification kinds) are kept the same way.
 * - **Bounded lag.** The replica serves nobody while it has not replayed what the primary had written
 *   READ_REPLICA_MAX_LAG_MS ago (replay paused, a slow disk): everyone reads the primary meanwhile.
 * - **Within a request**, once anything has written (the derivation a read may run first, a
 *   transaction), the request's later reads wait for the replica to have replayed the primary's position
 *   at the end of that write (usually already done: the replica is asked afresh), as an account's writes
 *   do; past a short wait they read the primary. A read sent while a write of the same request is still
 *   running does not wait for it: it could not rely on it on the primary either.
 * - **A replica that fails** (stopped, unreachable) is left for the primary, with one warning, and
 *   taken back once a probe reaches it again; a read that fails on it is run again on the primary.
 * Everything else — writes, transactions, LISTEN, health — is the primary's, as `db` is.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from './db.ts';
import { sourceLineOfCaller } from './statement-log.ts';

/** How long a read waiting for a write waits for the replica to replay it, and how often it asks (see afterReplay). */
const REPLAY_WAIT_MS = 15;
const REPLAY_CHECK_MS = 5;

/** What one request has done so far, for the routing of its reads. */
interface ReadContext {
  accountId: string | null;
  /** Whether the request has written (its first write is counted in `writers`). */
  wrote: boolean;
  /** The primary's position after the request's latest write ended; its reads wait for the replica to replay it. */
  wroteAt: bigint | null;
  /** A write whose position could not be asked: the rest of the request reads the primary. */
  pinned: boolean;
}

const requestContext = new AsyncLocalStorage<ReadContext>();

/** Runs `fn` (a request's hooks and handler) with a routing context of its own. */
export function withReadContext<T>(fn: () => T): T {
  return requestContext.run({ accountId: null, wrote: false, wroteAt: null, pinned: false }, fn);
}

/** Names the account the current request reads for (once its user is known). */
export function setReadAccount(accountId: string): void {
  const context = requestContext.getStore();
  if (context) context.accountId = accountId;
}

/** A WAL position ("16/B374D848") as a number that compares. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/') as [string, string];
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * A statement that only reads: SELECT or WITH (a union of parenthesised SELECTs too), and nothing that
 * writes, locks rows or takes an advisory lock (those mean the caller is coordinating with other
 * instances on the primary).
 */
export function isPlainRead(sql: string): boolean {
  return /^[\s(]*(select|with)\b/i.test(sql) && !/\b(insert|update|delete|for\s+(update|share|no\s+key\s+update|key\s+share)|pg_(try_)?advisory\w*|nextval|setval|set_config)\b/i.test(sql);
}

/** Errors that say the replica cannot be reached (rather than that the statement was wrong). */
function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (e.code && /^(08|57P)/.test(e.code)) return true;
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(e.code ?? '') || /terminat|Connection (terminated|ended)/i.test(e.message ?? '');
}

/** Why a read went to the primary: the replica unreachable, the request wrote, the replica past the lag bound, the account's write not replayed yet, the read failed on the replica. */
export type PrimaryReason = 'unreachable' | 'wrote' | 'lag' | 'pending' | 'failed';

export interface ReadRoutingOptions {
  /** The replica is used only while it has replayed what the primary had written this long ago. */
  maxLagMs: number;
  /** How often the replica's replay position is looked at. */
  probeMs?: number;
  /** How long a read that must see a write waits for the replica to replay it before reading the primary (default 15 ms). */
  replayWaitMs?: number;
  log: FastifyBaseLogger;
}

export class ReadRouting {
  /** The Db the routed reads go through. */
  readonly reads: Db;
  private replayed: bigint | null = null;
  private healthy = true;
  /** The primary's insert positions of the last moments: [time, position], oldest first. */
  private samples: [number, bigint][] = [];
  /** Accounts whose last write the replica may not have replayed yet: position to wait for. */
  private readonly pending = new Map<string, bigint>();
  /** noteWrite asking the primary's position for an account, and whether to ask once more after. */
  private readonly noting = new Map<string, { again: boolean; done: Promise<void> }>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private probing: Promise<void> | null = null;
  private readonly counts = { replica: 0, primary: 0 };
  /** Why reads went to the primary: their numbers by reason. */
  private readonly reasons: Record<PrimaryReason, number> = { unreachable: 0, wrote: 0, lag: 0, pending: 0, failed: 0 };

  constructor(
    private readonly primary: Db,
    private readonly replica: Db,
    private readonly options: ReadRoutingOptions,
  ) {
    this.reads = this.route(primary, replica);
  }

  /**
   * A Db routed like `reads` over another pair of pools on the same two servers (the heavy calls' own
   * pools, with their statement timeout): the same replay position, lag bound and accounts' writes decide.
   */
  route(primary: Db, replica: Db): Db {
    return {
      kind: primary.kind,
      query: <T>(sql: string, params?: readonly unknown[]) => (isPlainRead(sql) ? this.read<T>(primary, replica, sql, params) : this.write(() => primary.query<T>(sql, params))),
      exec: (sql) => this.write(() => primary.exec(sql)),
      copyFrom: (table, columns, csv) => this.write(() => primary.copyFrom(table, columns, csv)),
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => this.write(() => primary.transaction(fn)),
      ping: () => primary.ping(),
      listen: (channel, onNotify, onGap) => primary.listen(channel, onNotify, onGap),
      // The pools belong to whoever made them.
      close: async () => undefined,
    };
  }

  /** Looks at the replica now and every `probeMs`. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.options.probeMs ?? 200);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.probing;
  }

  /** Whether the replica serves now: 'serving', 'behind' (past the lag bound) or 'unreachable'. */
  get state(): 'serving' | 'behind' | 'unreachable' {
    if (!this.healthy || this.replayed === null) return 'unreachable';
    return this.withinLag() ? 'serving' : 'behind';
  }

  /** Requests that wrote before reading, by the source line of their first write (what they wrote for). */
  readonly writers = new Map<string, number>();

  /** How many routed reads went where, and why to the primary (tests, benchmarks). */
  get served(): { replica: number; primary: number; why: Record<PrimaryReason, number> } {
    return { ...this.counts, why: { ...this.reasons } };
  }

  /**
   * An account wrote (a user, or a machine whose change the live screens are about to refetch): its reads
   * wait for the replica to have replayed the primary's position now. Calls while one is asking are
   * gathered into one more ask after it (a commit after the first ask began needs a later position).
   */
  async noteWrite(accountId: string): Promise<void> {
    const asking = this.noting.get(accountId);
    if (asking) {
      asking.again = true;
      return asking.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      do {
        entry.again = false;
        const position = await this.primaryPosition();
        const kept = this.pending.get(accountId);
        if (kept === undefined || position > kept) this.pending.set(accountId, position);
      } while (entry.again);
    })().finally(() => this.noting.delete(accountId));
    this.noting.set(accountId, entry);
    return entry.done;
  }

  /**
   * Resolves once the replica has replayed what the primary has written by now — or at once when reads
   * do not go to it (behind or unreachable), or after the lag bound (past which they would not). The live
   * channel waits for it before telling screens of a change (their refetch must find it).
   */
  async caughtUpNow(): Promise<void> {
    if (this.state !== 'serving') return;
    const target = await this.primaryPosition();
    const deadline = Date.now() + this.options.maxLagMs;
    while (Date.now() < deadline) {
      await this.replayNow();
      if (this.replayed !== null && this.replayed >= target) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async probe(): Promise<void> {
    if (this.probing) return;
    this.probing = (async () => {
      const now = Date.now();
      try {
        this.samples.push([now, await this.primaryPosition()]);
        // Samples older than the lag bound are needed only up to the newest of them.
        const bound = now - this.options.maxLagMs;
        while (this.samples.length > 1 && this.samples[1]![0] <= bound) this.samples.shift();
      } catch {
        // The primary's own failures are every request's business, not the routing's.
      }
      try {
        this.replayed = await this.replicaPosition();
        if (!this.healthy) this.options.log.info('read replica reachable again: analytics read it');
        this.healthy = true;
      } catch (error) {
        this.unhealthy(error);
      } finally {
        for (const [account, position] of this.pending) if (this.replayed !== null && this.replayed >= position) this.pending.delete(account);
        this.probing = null;
      }
    })();
    await this.probing;
  }

  private unhealthy(error: unknown): void {
    if (this.healthy) this.options.log.warn({ err: error }, 'read replica unreachable: analytics read the primary until it is back');
    this.healthy = false;
  }

  /**
   * A write of the current request, on the primary. Once it has ended (before its caller goes on), the
   * request's reads wait for the replica to have replayed the primary's position at that moment.
   */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    const context = requestContext.getStore();
    if (!context) return run();
    if (!context.wrote) {
      context.wrote = true;
      const origin = sourceLineOfCaller() ?? 'elsewhere';
      this.writers.set(origin, (this.writers.get(origin) ?? 0) + 1);
    }
    try {
      return await run();
    } finally {
      try {
        const position = await this.primaryPosition();
        if (context.wroteAt === null || position > context.wroteAt) context.wroteAt = position;
      } catch {
        context.pinned = true;
      }
    }
  }

  /** Why this read must go to the primary, or null when the replica may serve it. */
  private primaryReason(): PrimaryReason | null {
    if (!this.healthy || this.replayed === null) return 'unreachable';
    const context = requestContext.getStore();
    if (context?.pinned) return 'wrote';
    if (!this.withinLag()) return 'lag';
    if (context?.wroteAt != null && this.replayed < context.wroteAt) return 'wrote';
    const waiting = context?.accountId ? this.pending.get(context.accountId) : undefined;
    return waiting === undefined || this.replayed >= waiting ? null : 'pending';
  }

  /** The read waits for a position the replica has usually replayed by now (which the last probe cannot know). */
  private waitsForReplay(reason: PrimaryReason | null): boolean {
    if (reason === 'pending') return true;
    const context = requestContext.getStore();
    return reason === 'wrote' && context !== undefined && !context.pinned && context.wroteAt !== null;
  }

  /** Everything the primary has written so far ends at this WAL position. */
  private async primaryPosition(): Promise<bigint> {
    const [row] = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    return lsnValue(row!.lsn);
  }

  /** The replica's replay position (null: it is not replaying, e.g. promoted). */
  private async replicaPosition(): Promise<bigint | null> {
    const [row] = await this.replica.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
    return row?.lsn ? lsnValue(row.lsn) : null;
  }

  /** The replica's replay position now, rather than at the last probe (an account waiting for it). */
  private async replayNow(): Promise<void> {
    const now = await this.replicaPosition();
    if (now !== null && (this.replayed === null || now > this.replayed)) this.replayed = now;
  }

  /**
   * The replica has replayed what the primary had written maxLagMs ago (or, in the first moments, the
   * oldest position seen).
   */
  private withinLag(): boolean {
    // Every routed read asks: the newest sample at or before the bound, found without copying the list.
    const bound = Date.now() - this.options.maxLagMs;
    let reference = this.samples[0];
    for (let i = this.samples.length - 1; i >= 0; i--) {
      if (this.samples[i]![0] <= bound) {
        reference = this.samples[i];
        break;
      }
    }
    return reference !== undefined && this.replayed !== null && this.replayed >= reference[1];
  }

  private async read<T>(primary: Db, replica: Db, sql: string, params?: readonly unknown[]): Promise<T[]> {
    let reason = this.primaryReason();
    // Waiting for its account's or its own write: the replica has usually replayed it within
    // milliseconds, which the last probe cannot know yet.
    if (this.waitsForReplay(reason)) reason = await this.afterReplay();
    if (reason !== null) return this.onPrimary(primary, reason, sql, params);
    try {
      const rows = await replica.query<T>(sql, params);
      this.counts.replica += 1;
      return rows;
    } catch (error) {
      // A read cancelled by the replay it held back (40001 on a standby) is run again on the primary.
      const conflict = (error as { code?: string }).code === '40001';
      if (!conflict && !isConnectionError(error)) throw error;
      if (!conflict) this.unhealthy(error);
      return this.onPrimary(primary, 'failed', sql, params);
    }
  }

  /**
   * Asks the replica's position again while a read waits for a write the replica has usually replayed
   * within milliseconds: every REPLAY_CHECK_MS for `replayWaitMs` at most, after which the read goes to
   * the primary instead.
   */
  private async afterReplay(): Promise<PrimaryReason | null> {
    const deadline = Date.now() + (this.options.replayWaitMs ?? REPLAY_WAIT_MS);
    for (;;) {
      try {
        await this.replayNow();
      } catch {
        return 'unreachable';
      }
      const reason = this.primaryReason();
      if (!this.waitsForReplay(reason) || Date.now() >= deadline) return reason;
      await new Promise((resolve) => setTimeout(resolve, REPLAY_CHECK_MS));
    }
  }

  private onPrimary<T>(primary: Db, reason: PrimaryReason, sql: string, params?: readonly unknown[]): Promise<T[]> {
    this.counts.primary += 1;
    this.reasons[reason] += 1;
    return primary.query<T>(sql, params);
  }
}
