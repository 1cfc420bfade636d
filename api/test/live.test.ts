import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { build, call, Cleanup, DEMO, demoFactoryId, onPostgres, tokenFor } from './helper.ts';

const CONFIGURATION = {
  production_units: [
    { key: 'L1', name: 'Line 1' },
    { key: 'L2', name: 'Line 2', downtime_delay_seconds: 120 },
  ],
  work_shifts: [{ key: 'day', name: 'Day', production_units: ['L1', 'L2'], start: '00:00', end: '23:59', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
  products: [],
  downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
};

/** Longer than the hub's gathering of announcements (LIVE_FLUSH_MS). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 600));

const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** A live stream read over real HTTP, its events parsed as they arrive. */
class Stream {
  readonly events: SseEvent[] = [];
  status = 0;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  ended = false;

  static async open(baseUrl: string, token: string | null, factoryIds: string, headers: Record<string, string> = {}): Promise<Stream> {
    const stream = new Stream();
    const response = await fetch(`${baseUrl}/api/live?factory_ids=${factoryIds}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: 'text/event-stream', ...headers },
      signal: stream.abort.signal,
    });
    stream.status = response.status;
    if (!response.ok || !response.body) {
      stream.body = await response.text();
      return stream;
    }
    void stream.read(response.body);
    return stream;
  }

  body = '';

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: null };
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) event.data = JSON.parse(data);
          if (event.event !== 'message' || data) this.events.push(event);
          for (const wake of this.waiters.splice(0)) wake();
        }
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The first event (from index `from`) matching, waiting up to `ms`. */
  async next(match: (e: SseEvent) => boolean, ms = 5000, from = 0): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; events: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event in ${ms} ms; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}

const changes = (e: SseEvent): { factory_id: string; kinds: string[]; production_unit_ids: string[] | null }[] =>
  (e.data as { changes: { factory_id: string; kinds: string[]; production_unit_ids: string[] | null }[] }).changes;

describe('live screens: the stream of changes and the lines’ state now', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let factory: string;
  let units: Record<string, string>;
  let key: string;
  let adminToken: string;
  const cleanup = new Cleanup();
  const streams: Stream[] = [];
  const open = async (...args: Parameters<typeof Stream.open>): Promise<Stream> => {
    const stream = await Stream.open(...args);
    streams.push(stream);
    return stream;
  };
  const ingest = (events: unknown) =>
    call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${key}` }, payload: { events } });

  before(async () => {
    ({ app } = await build(cleanup));
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Live Plant', timezone: 'Europe/Paris' } });
    factory = created.body.id;
    const config = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: CONFIGURATION });
    assert.equal(config.status, 200, JSON.stringify(config.body));
    units = Object.fromEntries(config.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id]));
    key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
    adminToken = await tokenFor(app, DEMO.admin);
    // The configuration's announcement (made once its answer is sent) is heard before any stream opens.
    await settle();
  });
  after(async () => {
    for (const stream of streams) stream.close();
    await cleanup.run();
  });

  it('pushes a state change of the factory to its screens within the flush interval, with the unit and an id', async () => {
    const stream = await open(baseUrl, adminToken, factory);
    assert.equal(stream.status, 200);
    await stream.next((e) => e.event === 'ready');
    const started = Date.now();
    assert.equal((await ingest([{ id: 'live-1', type: 'state', unit: 'L1', at: minutesAgo(1), state: 'stopped' }])).status, 200);
    const change = await stream.next((e) => e.event === 'change');
    const took = Date.now() - started;
    assert.ok(took < 2000, `pushed after ${took} ms`);
    assert.deepEqual(changes(change), [{ factory_id: factory, kinds: ['state'], production_unit_ids: [units.L1] }]);
    assert.match(change.id ?? '', /^\d+$/);
    // A duplicate (the same event id again) changes nothing and announces nothing.
    const before = stream.events.length;
    assert.equal((await ingest([{ id: 'live-1', type: 'state', unit: 'L1', at: minutesAgo(1), state: 'stopped' }])).body.duplicates, 1);
    await settle();
    assert.equal(stream.events.filter((e) => e.event === 'change').length, stream.events.slice(0, before).filter((e) => e.event === 'change').length);
  });

  it('shows each line’s state now: explicit states, and counts for a line with a downtime delay', async () => {
    await ingest([
      { id: 'st-1', type: 'state', unit: 'L1', at: minutesAgo(30), state: 'running' },
      { id: 'st-2', type: 'state', unit: 'L1', at: minutesAgo(10), state: 'stopped' },
      { id: 'ct-1', type: 'count', unit: 'L2', at: minutesAgo(5), good: 10, rejected: 0 },
    ]);
    const answer = await call(app, DEMO.display, { method: 'GET', url: `/api/factories/${factory}/unit-states` });
    assert.equal(answer.status, 200);
    const byUnit = Object.fromEntries(answer.body.units.map((u: { production_unit_id: string }) => [u.production_unit_id, u]));
    // L1's latest state event is the one a minute ago (live-1): stopped since then.
    assert.equal(byUnit[units.L1!].state, 'stopped');
    assert.ok(Math.abs(Date.parse(byUnit[units.L1!].since) - (Date.now() - 60_000)) < 5000);
    // L2: its last count is 5 minutes old, more than its 2-minute delay: stopped since that count.
    assert.equal(byUnit[units.L2!].state, 'stopped');
    assert.equal(Date.parse(byUnit[units.L2!].since), Date.parse(byUnit[units.L2!].last_event_at));
    await ingest([{ id: 'ct-2', type: 'count', unit: 'L2', at: minutesAgo(0.5), good: 3, rejected: 0 }]);
    const later = await call(app, DEMO.display, { method: 'GET', url: `/api/factories/${factory}/unit-states` });
    assert.equal(later.body.units.find((u: { production_unit_id: string }) => u.production_unit_id === units.L2).state, 'running');
    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url: `/api/factories/${factory}/unit-states` });
    assert.equal(other.status, 404);
  });

  it('replays what followed Last-Event-ID to a screen that reconnects, and says reset when that is unknown', async () => {
    const first = await open(baseUrl, adminToken, factory);
    const ready = await first.next((e) => e.event === 'ready');
    first.close();
    await ingest([{ id: 'gap-1', type: 'count', unit: 'L1', at: minutesAgo(2), good: 5, rejected: 1 }]);
    const again = await open(baseUrl, adminToken, factory, { 'last-event-id': ready.id! });
    const replayed = await again.next((e) => e.event === 'change');
    assert.deepEqual(changes(replayed)[0]!.kinds, ['counts']);
    assert.ok(Number(replayed.id) > Number(ready.id));
    const unknown = await open(baseUrl, adminToken, factory, { 'last-event-id': '999999999999' });
    await unknown.next((e) => e.event === 'reset');
  });

  it('gives every answer the position its figures reach: a first stream resumed from it replays what came between', async () => {
    const answer = await app.inject({ method: 'GET', url: `/api/factories/${factory}/unit-states`, headers: { authorization: `Bearer ${adminToken}` } });
    assert.equal(answer.statusCode, 200);
    const position = String(answer.headers['live-position']);
    assert.match(position, /^\d+$/);
    assert.ok(Number(position) <= app.live.hub.readPosition);
    // A line stops after the screen's answer was read and before its stream opens.
    await ingest([{ id: 'between-1', type: 'state', unit: 'L2', at: minutesAgo(0.5), state: 'stopped' }]);
    await settle();
    const stream = await open(baseUrl, adminToken, factory, { 'last-event-id': position });
    const replayed = await stream.next((e) => e.event === 'change');
    assert.deepEqual(changes(replayed), [{ factory_id: factory, kinds: ['state'], production_unit_ids: [units.L2] }]);
    const ready = await stream.next((e) => e.event === 'ready');
    assert.equal(ready.id, replayed.id);
    // A stream opened without it starts from now: nothing replayed.
    const fresh = await open(baseUrl, adminToken, factory);
    await fresh.next((e) => e.event === 'ready');
    assert.equal(fresh.events.filter((e) => e.event === 'change').length, 0);
  });

  it('replays the account’s alerts of factories the stream does not follow, as alerts only', async () => {
    const lyon = await demoFactoryId(app, 'demo.linepulse.test', 'Lyon');
    const position = app.live.hub.readPosition;
    const accountId = (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]))[0]!.account_id;
    await app.db.query("INSERT INTO live_events (account_id, factory_id, production_unit_ids, kinds) VALUES ($1, $2, $3, ARRAY['alert', 'state'])", [accountId, factory, [units.L1]]);
    const elsewhere = await open(baseUrl, adminToken, lyon, { 'last-event-id': String(position) });
    const replayed = await elsewhere.next((e) => e.event === 'change');
    assert.deepEqual(changes(replayed), [{ factory_id: factory, kinds: ['alert'], production_unit_ids: [units.L1] }]);
  });

  it('announces a configuration change of the factory', async () => {
    const stream = await open(baseUrl, adminToken, factory);
    await stream.next((e) => e.event === 'ready');
    const saved = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: CONFIGURATION });
    assert.equal(saved.status, 200);
    const change = await stream.next((e) => e.event === 'change');
    assert.deepEqual(changes(change), [{ factory_id: factory, kinds: ['configuration'], production_unit_ids: null }]);
  });

  it('pushes only to the account’s screens that follow the factory', async () => {
    const lyon = await demoFactoryId(app, 'demo.linepulse.test', 'Lyon');
    const otherAccountFactory = await demoFactoryId(app, 'other.linepulse.test', (await app.db.query<{ name: string }>("SELECT f.name FROM factories f JOIN accounts a ON a.id = f.account_id WHERE a.domain_name = 'other.linepulse.test' LIMIT 1"))[0]!.name);
    const elsewhere = await open(baseUrl, adminToken, lyon);
    const otherAccount = await open(baseUrl, await tokenFor(app, DEMO.otherAdmin), otherAccountFactory);
    const display = await open(baseUrl, await tokenFor(app, DEMO.display), factory);
    await Promise.all([elsewhere, otherAccount, display].map((s) => s.next((e) => e.event === 'ready')));
    await ingest([{ id: 'who-1', type: 'state', unit: 'L2', at: minutesAgo(1), state: 'running' }]);
    await display.next((e) => e.event === 'change');
    await settle();
    assert.equal(elsewhere.events.filter((e) => e.event === 'change').length, 0);
    assert.equal(otherAccount.events.filter((e) => e.event === 'change').length, 0);
    // Another account's factory cannot be followed, nor can an unknown one; bad input is refused.
    const refused = await open(baseUrl, await tokenFor(app, DEMO.otherAdmin), factory);
    assert.equal(refused.status, 404);
    assert.match(refused.body, /CS_FAC_404/);
    assert.equal((await open(baseUrl, adminToken, 'not-a-uuid')).status, 400);
    assert.equal((await open(baseUrl, adminToken, factory, { 'last-event-id': 'abc' })).status, 400);
    assert.equal((await open(baseUrl, null, factory)).status, 401);
  });

  it('tells every stream of the account of an alert, whatever its factory, as an alert only', async () => {
    const lyon = await demoFactoryId(app, 'demo.linepulse.test', 'Lyon');
    const elsewhere = await open(baseUrl, adminToken, lyon);
    await elsewhere.next((e) => e.event === 'ready');
    await app.db.query("SELECT pg_notify('linepulse_live:' || current_schema(), $1)", [
      JSON.stringify({ id: 999_999_999, account_id: (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]))[0]!.account_id, factory_id: factory, kinds: ['alert', 'state'], production_unit_ids: [units.L1] }),
    ]);
    const change = await elsewhere.next((e) => e.event === 'change');
    assert.deepEqual(changes(change), [{ factory_id: factory, kinds: ['alert'], production_unit_ids: [units.L1] }]);
  });

  it('ends the stream when its token expires, saying so', async () => {
    const stream = await open(baseUrl, await tokenFor(app, DEMO.admin, { expiresIn: 2 }), factory);
    await stream.next((e) => e.event === 'ready');
    await stream.next((e) => e.event === 'expired', 5000);
  });

  it('reaches the screens of another instance on the same database', async () => {
    // On PostgreSQL its own pool and listening connection; PGlite has one connection, which both share.
    const second = await buildApp({ config: app.config, logger: false, ...(onPostgres ? {} : { db: app.db }) });
    cleanup.after(() => second.close());
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    const stream = await open(secondUrl, adminToken, factory);
    await stream.next((e) => e.event === 'ready');
    await ingest([{ id: 'two-1', type: 'state', unit: 'L1', at: minutesAgo(0.2), state: 'running' }]);
    const change = await stream.next((e) => e.event === 'change');
    assert.deepEqual(changes(change)[0]!.production_unit_ids, [units.L1]);
  });
});
