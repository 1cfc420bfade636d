import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Turns } from '../src/analytics/turns.ts';

describe('computations taking turns', () => {
  it('runs at most max at once, the others in order of arrival, and frees a turn after a failure', async () => {
    const turns = new Turns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (i: number, fail = false) =>
      turns.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running -= 1;
        if (fail) throw new Error(`job ${i}`);
        return i;
      });
    const results = await Promise.allSettled([job(0), job(1, true), job(2), job(3), job(4)]);
    assert.equal(most, 2);
    assert.deepEqual(started, [0, 1, 2, 3, 4]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    assert.equal(await job(5), 5, 'every turn was given back');
  });
});
