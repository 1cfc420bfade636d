import { LIVE_FLUSH_MS, LIVE_RETENTION_MS, type LiveChange, type LiveKind } from '@linepulse/contracts';
import type { Db } from '../db/db.ts';
import { liveChannel, parseLiveEvent, type LiveEventRow } from './live-events.ts';

/** One open stream: an account's screen following some of its factories. */
export interface LiveSubscriber {
  accountId: string;
  /** Set by subscribe: what the hub had heard then (earlier announcements are not this stream's). */
  heardBefore?: number;
  factoryIds: ReadonlySet<string>;
  /** The changes of its factories since its previous delivery; `lastId` is the id to send with them. */
  deliver(lastId: number, changes: LiveChange[]): void;
  /** Announcements may have been lost (the listening connection was down): the screen refetches all. */
  reset(): void;
}

export interface LiveHubOptions {
  /** Every announcement heard, once, before it is fanned out (the answers cache of this instance follows it). */
  onEvent?: (event: LiveEventRow) => void;
  flushMs?: number;
}

/** What `since` finds for a reconnecting screen. */
export type Replay = { events: LiveChange[]; lastId: number } | 'reset';

/** Rows replayed at most; a screen further behind is told to refetch everything. */
const MAX_REPLAY = 1000;

/** Changes of one factory merged: kinds and units united; null units (the whole factory) win. */
export function mergeChanges(events: readonly Pick<LiveEventRow, 'factory_id' | 'kinds' | 'production_unit_ids'>[]): LiveChange[] {
  const byFactory = new Map<string, { kinds: Set<LiveKind>; units: Set<string> | null }>();
  for (const event of events) {
    let entry = byFactory.get(event.factory_id);
    if (!entry) {
      entry = { kinds: new Set(), units: new Set() };
      byFactory.set(event.factory_id, entry);
    }
    for (const kind of event.kinds) entry.kinds.add(kind);
    if (event.production_unit_ids === null || event.production_unit_ids.length === 0) entry.units = null;
    else if (entry.units) for (const unit of event.production_unit_ids) entry.units.add(unit);
  }
  return [...byFactory].map(([factory_id, { kinds, units }]) => ({ factory_id, kinds: [...kinds], production_unit_ids: units ? [...units] : null }));
}

/**
 * This instance's end of the live screens: it listens to every announcement on the database (its own
 * and other instances'), gathers them for LIVE_FLUSH_MS, and gives each subscriber the changes of its
 * account's factories it follows (and the account's alerts, whatever their factory: the header's bell
 * counts them all), as one delivery. Nothing reaches a subscriber of another account.
 */
export class LiveHub {
  private readonly byAccount = new Map<string, Set<LiveSubscriber>>();
  private pending: (LiveEventRow & { heard: number })[] = [];
  /** Announcements heard so far: a subscriber gets those heard after it subscribed. */
  private heardCount = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  /** The highest id heard: where a catch-up after a lost connection starts. */
  private lastId = 0;
  private readonly flushMs: number;
  private readonly listeners = new Set<(event: LiveEventRow) => void>();
  /** Resolves once what was announced can be read wherever reads go (a replica: decision 52); null: at once. */
  private gate: (() => Promise<void>) | null = null;
  /** Gated deliveries, one after another (in the order heard). */
  private delivering: Promise<void> = Promise.resolve();
  /** With a gate: the highest id whose delivery it let through (what reads are sure to find). */
  private releasedId = 0;

  constructor(
    private readonly db: Db,
    private readonly options: LiveHubOptions = {},
  ) {
    this.flushMs = options.flushMs ?? LIVE_FLUSH_MS;
  }

  async start(): Promise<void> {
    const [row] = await this.db.query<{ id: number | null; schema: string }>('/* all accounts: live hub */ SELECT max(id) AS id, current_schema() AS schema FROM live_events');
    this.lastId = row?.id ?? 0;
    this.releasedId = this.lastId;
    this.stopListening = await this.db.listen(liveChannel(row!.schema), (payload) => this.heard(parseLiveEvent(payload)), () => void this.catchUp());
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.stopListening?.();
    this.stopListening = null;
  }

  get subscribers(): number {
    let n = 0;
    for (const set of this.byAccount.values()) n += set.size;
    return n;
  }

  /**
   * Holds each delivery until `gate` resolves: with reads on a replica, a screen told of a change must
   * find it there when it refetches.
   */
  setDeliveryGate(gate: (() => Promise<void>) | null): void {
    this.gate = gate;
  }

  /** Calls `listener` with every announcement heard (this instance's and the others'); the function returned stops. */
  hear(listener: (event: LiveEventRow) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a subscriber; the function returned removes it. */
  subscribe(subscriber: LiveSubscriber): () => void {
    let set = this.byAccount.get(subscriber.accountId);
    if (!set) {
      set = new Set();
      this.byAccount.set(subscriber.accountId, set);
    }
    subscriber.heardBefore = this.heardCount;
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byAccount.get(subscriber.accountId) === set) this.byAccount.delete(subscriber.accountId);
    };
  }

  /** The id a new stream starts from (its first event's id, so that a reconnect asks for what followed). */
  get position(): number {
    return this.lastId;
  }

  /**
   * Where a screen shown from an answer read now starts following (the answer's `Live-Position`): every
   * announcement up to it is in what a read finds now; what came after is replayed to the screen's first
   * stream. With reads on a replica, only what the delivery gate let through is sure to be found there.
   */
  get readPosition(): number {
    return this.gate ? this.releasedId : this.lastId;
  }

  /**
   * What an account's factories announced after `afterId` (a reconnecting screen's Last-Event-ID),
   * merged; 'reset' when that is no longer known (older than LIVE_RETENTION_MS, from another
   * database, or too much to replay).
   */
  async since(accountId: string, factoryIds: readonly string[], afterId: number): Promise<Replay> {
    const [bounds] = await this.db.query<{ min: number | null; max: number | null }>('/* all accounts: live hub */ SELECT min(id) AS min, max(id) AS max FROM live_events');
    const min = bounds?.min ?? null;
    const max = bounds?.max ?? 0;
    // Rows before min may have been deleted: unless afterId is just before it, something may be missing.
    if (afterId > max || (min !== null && afterId < min - 1)) return 'reset';
    // As delivered live: the followed factories' changes, and the account's alerts whatever their factory.
    const rows = await this.db.query<LiveEventRow>(
      `SELECT id, account_id, factory_id, kinds, production_unit_ids FROM live_events
        WHERE account_id = $1 AND (factory_id = ANY($2::uuid[]) OR 'alert' = ANY(kinds)) AND id > $3 ORDER BY id LIMIT ${MAX_REPLAY + 1}`,
      [accountId, factoryIds, afterId],
    );
    if (rows.length > MAX_REPLAY) return 'reset';
    const followed = new Set(factoryIds);
    const seen = rows.map((row) => (followed.has(row.factory_id) ? row : { ...row, kinds: ['alert' as const] }));
    return { events: mergeChanges(seen), lastId: Math.max(afterId, ...rows.map((r) => r.id)) };
  }

  /** Deletes announcements older than LIVE_RETENTION_MS. */
  async prune(): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `/* all accounts: live hub */ WITH d AS (DELETE FROM live_events WHERE at < now() - make_interval(secs => $1) RETURNING 1) SELECT count(*)::int AS n FROM d`,
      [LIVE_RETENTION_MS / 1000],
    );
    return rows[0]?.n ?? 0;
  }

  private heard(event: LiveEventRow | null): void {
    if (!event) return;
    if (event.id > this.lastId) this.lastId = event.id;
    this.options.onEvent?.(event);
    for (const listener of this.listeners) listener(event);
    this.heardCount += 1;
    this.pending.push({ ...event, heard: this.heardCount });
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  private flush(): void {
    this.timer = null;
    const events = this.pending;
    this.pending = [];
    const gate = this.gate;
    if (!gate) return this.deliver(events);
    this.delivering = this.delivering
      .then(() => gate().catch(() => undefined))
      .then(() => {
        for (const event of events) if (event.id > this.releasedId) this.releasedId = event.id;
        this.deliver(events);
      });
  }

  private deliver(events: (LiveEventRow & { heard: number })[]): void {
    const byAccount = new Map<string, (LiveEventRow & { heard: number })[]>();
    for (const event of events) {
      if (!this.byAccount.has(event.account_id)) continue;
      const list = byAccount.get(event.account_id) ?? [];
      list.push(event);
      byAccount.set(event.account_id, list);
    }
    for (const [accountId, list] of byAccount) {
      const lastId = Math.max(...list.map((e) => e.id));
      const firstHeard = list[0]!.heard;
      const merged = mergeChanges(list);
      for (const subscriber of this.byAccount.get(accountId) ?? []) {
        // A stream opened while these were gathered gets only those heard after it opened.
        const heardBefore = subscriber.heardBefore ?? 0;
        const own = heardBefore < firstHeard ? merged : mergeChanges(list.filter((e) => e.heard > heardBefore));
        // Alerts are the account's (the header's bell counts them all): a stream hears of one in any of
        // the account's factories, as an alert only.
        const mine = own.flatMap((change) =>
          subscriber.factoryIds.has(change.factory_id) ? [change] : change.kinds.includes('alert') ? [{ ...change, kinds: ['alert' as const] }] : [],
        );
        if (mine.length > 0) subscriber.deliver(lastId, mine);
      }
    }
  }

  /** After the listening connection was lost: the announcements made meanwhile, read from the table. */
  private async catchUp(): Promise<void> {
    try {
      const rows = await this.db.query<LiveEventRow>(
        `/* all accounts: live hub */ SELECT id, account_id, factory_id, kinds, production_unit_ids FROM live_events WHERE id > $1 ORDER BY id LIMIT ${MAX_REPLAY + 1}`,
        [this.lastId],
      );
      if (rows.length > MAX_REPLAY) {
        for (const set of this.byAccount.values()) for (const subscriber of set) subscriber.reset();
        this.lastId = rows[rows.length - 1]!.id;
        return;
      }
      for (const row of rows) this.heard(row);
    } catch {
      // The database is away too: every subscriber refetches once it is back.
      for (const set of this.byAccount.values()) for (const subscriber of set) subscriber.reset();
    }
  }
}
