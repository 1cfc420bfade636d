import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SharedAnswers } from '../src/analytics/shared-answers.ts';
import { deadlineDb } from '../src/plugins/app/heavy-calls.ts';
import { Cleanup, DEMO, demoFactoryId, listenHttps, tokenFor } from './helper.ts';

const noReply = { header: () => noReply } as unknown as FastifyReply;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A POST over a real connection that the test can drop as a closed browser tab would. */
function post(baseUrl: string, path: string, body: unknown, token: string) {
  const req = httpsRequest(new URL(path, baseUrl), {
    method: 'POST',
    rejectUnauthorized: false,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.end(JSON.stringify(body));
  return { drop: () => req.destroy(), answer };
}

async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) assert.fail(`timed out waiting until ${what}`);
    await sleep(5);
  }
}

describe('heavy calls whose client goes away', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let payload: Record<string, string>;
  let token: string;
  const cleanup = new Cleanup();
  before(async () => {
    // Every opportunities call is heavy, one runs at a time server-wide.
    ({ app, baseUrl } = await listenHttps(cleanup, { HEAVY_UNIT_DAYS: '0', HEAVY_CALLS_MAX: '1', HEAVY_CALLS_QUEUE_WAIT_MS: '60000', OPPORTUNITIES_CACHE_SECONDS: '0' }));
    const lyon = await demoFactoryId(app, 'demo.linepulse.test', 'Lyon');
    const end = new Date();
    payload = { factory_id: lyon, start: new Date(end.getTime() - 3 * 86_400_000).toISOString(), end: end.toISOString() };
    token = await tokenFor(app, DEMO.admin);
  });
  after(() => cleanup.run());

  /** Takes the only server-wide turn until the returned function is called. */
  function holdTheTurn(): { release: () => void; held: Promise<void> } {
    let release!: () => void;
    const held = app.heavyCalls.run(noReply, 'someone-else', 'hold', () => new Promise<void>((r) => (release = r)));
    return { release: () => release(), held };
  }

  it('leaves the queue when its client closes the connection', async () => {
    const { release, held } = holdTheTurn();
    const call = post(baseUrl, '/api/opportunities', payload, token);
    call.answer.catch(() => undefined);
    await until(() => app.heavyCalls.load.waiting === 1, 'the call waits for a turn');
    call.drop();
    await until(() => app.heavyCalls.load.waiting === 0, 'the dropped call has left the queue');
    assert.deepEqual(app.heavyCalls.load, { running: 1, waiting: 0 });
    release();
    await held;
    assert.deepEqual(app.heavyCalls.load, { running: 0, waiting: 0 });
  });

  it('keeps a shared computation for the clients still waiting when one of them goes', async () => {
    const { release, held } = holdTheTurn();
    const first = post(baseUrl, '/api/opportunities', payload, token);
    first.answer.catch(() => undefined);
    await until(() => app.heavyCalls.load.waiting === 1, 'the first call waits for a turn');
    // The same request from another tab joins the first one's computation.
    const second = post(baseUrl, '/api/opportunities', payload, token);
    await sleep(100);
    first.drop();
    await sleep(100);
    assert.equal(app.heavyCalls.load.waiting, 1, 'the computation still waits, for the second client');
    release();
    await held;
    const answer = await second.answer;
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
  });

  it('stops a running call before its next statement once its client has gone', async () => {
    const gone = new AbortController();
    const db = deadlineDb(app.heavyCalls.db, 60_000, Date.now(), gone.signal);
    assert.deepEqual(await db.query<{ one: number }>('SELECT 1 AS one'), [{ one: 1 }]);
    gone.abort();
    await assert.rejects(db.query('SELECT 1'), (e: { statusCode?: number; items?: { code: string }[] }) => e.statusCode === 499 && e.items?.[0]?.code === 'ANL_CLIENT_CLOSED');
  });
});

describe('shared answers and leaving callers', () => {
  it('stops the computation only when every caller that joined it has gone', async () => {
    const answers = new SharedAnswers(0);
    let stop: AbortSignal | undefined;
    let finish!: (value: number) => void;
    const compute = (signal: AbortSignal) => {
      stop = signal;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = answers.get('k', compute, a.signal);
    const second = answers.get('k', compute, b.signal);
    a.abort();
    assert.equal(stop?.aborted, false, 'one caller is still waiting');
    b.abort();
    assert.equal(stop?.aborted, true, 'nobody is waiting any more');
    // A new identical request starts afresh instead of joining the stopping computation.
    let computations = 0;
    const third = answers.get('k', async () => ++computations);
    assert.equal(await third, 1);
    finish(7);
    assert.equal(await first, 7);
    assert.equal(await second, 7);
  });
});
