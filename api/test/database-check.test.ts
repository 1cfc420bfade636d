import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DatabaseCheck } from '../src/database-check.ts';

/** A ping that counts its calls and succeeds or fails as told. */
function fakePing() {
  const p = { calls: 0, fail: false, ping: async () => {
    p.calls += 1;
    if (p.fail) throw new Error('connection refused');
  } };
  return p;
}

describe('the database check behind /api/health', () => {
  it('answers from the last check while it is recent, and checks again once it is old', async () => {
    let now = 0;
    const p = fakePing();
    const check = new DatabaseCheck(p.ping, { maxAgeMs: 3000, now: () => now });
    assert.equal(await check.reachable(), true, 'the first probe waits for a check');
    assert.equal(p.calls, 1);
    now = 2000;
    assert.equal(await check.reachable(), true);
    assert.equal(p.calls, 1, 'answered from the last check');
    now = 3001;
    assert.equal(await check.reachable(), true);
    assert.equal(p.calls, 2, 'too old: checked again');
  });

  it('reports the database unreachable from the first failed check until one succeeds', async () => {
    let now = 0;
    const failures: unknown[] = [];
    const p = fakePing();
    const check = new DatabaseCheck(p.ping, { now: () => now, onFailure: (e) => failures.push(e) });
    assert.equal(await check.reachable(), true);
    p.fail = true;
    now = 1000;
    assert.equal(await check.check(), false, 'the background check fails');
    assert.equal(await check.reachable(), false);
    assert.equal(failures.length, 1);
    p.fail = false;
    now = 2000;
    await check.check();
    assert.equal(await check.reachable(), true);
  });

  it('checks in the background once started, one check at a time', async () => {
    const p = fakePing();
    const check = new DatabaseCheck(p.ping, { everyMs: 20 });
    check.start();
    // Three checks are due after 60 ms; a busy machine delays timers, so wait for them (up to 5 s).
    for (const deadline = Date.now() + 5_000; p.calls < 3 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10));
    check.stop();
    const calls = p.calls;
    assert.ok(calls >= 3, `${calls} background checks`);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(p.calls, calls, 'stopped');
    const [a, b] = [check.check(), check.check()];
    await Promise.all([a, b]);
    assert.equal(p.calls, calls + 1, 'two checks asked at once share one ping');
  });
});
