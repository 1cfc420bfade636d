import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { SharedAnswers } from '../src/analytics/shared-answers.ts';

/** A computation that counts its runs and answers with its run number once released. */
function computation() {
  const c = {
    runs: 0,
    release: [] as (() => void)[],
    fail: false,
    compute: () => {
      c.runs += 1;
      const run = c.runs;
      return new Promise<number>((resolve, reject) => c.release.push(() => (c.fail ? reject(new Error('failed')) : resolve(run))));
    },
    releaseAll: async () => {
      for (const r of c.release.splice(0)) r();
      await new Promise((r) => setImmediate(r));
    },
  };
  return c;
}

describe('shared answers kept, then given while a new one is made', () => {
  beforeEach(() => mock.timers.enable({ apis: ['Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('gives the kept answer at once after its time, while one new computation runs in the background', async () => {
    const answers = new SharedAnswers(5_000, 50, 30_000);
    const c = computation();
    const first = answers.get('k', c.compute);
    await c.releaseAll();
    assert.equal(await first, 1);
    mock.timers.tick(6_000);
    // Stale: answered at once with the kept answer, and only one refresh starts for many requests.
    assert.deepEqual(await Promise.all([answers.get('k', c.compute), answers.get('k', c.compute), answers.get('k', c.compute)]), [1, 1, 1]);
    assert.equal(c.runs, 2);
    await c.releaseAll();
    assert.equal(await answers.get('k', c.compute), 2, 'the refreshed answer');
    assert.equal(c.runs, 2);
  });

  it('keeps the old answer when the refresh fails, and waits for a new computation once it is too old', async () => {
    const answers = new SharedAnswers(5_000, 50, 30_000);
    const c = computation();
    const first = answers.get('k', c.compute);
    await c.releaseAll();
    await first;
    mock.timers.tick(6_000);
    c.fail = true;
    assert.equal(await answers.get('k', c.compute), 1);
    await c.releaseAll();
    assert.equal(await answers.get('k', c.compute), 1, 'still the kept answer (a new refresh started)');
    assert.equal(c.runs, 3);
    await c.releaseAll();
    mock.timers.tick(30_000);
    c.fail = false;
    const waited = answers.get('k', c.compute);
    let settled = false;
    void waited.then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(settled, false, 'past ttl + stale the request waits');
    await c.releaseAll();
    assert.equal(await waited, 4);
  });

  it('without a stale time, waits for the new computation after the answer\'s time', async () => {
    const answers = new SharedAnswers(5_000);
    const c = computation();
    const first = answers.get('k', c.compute);
    await c.releaseAll();
    await first;
    mock.timers.tick(5_001);
    const next = answers.get('k', c.compute);
    await c.releaseAll();
    assert.equal(await next, 2);
  });
});
