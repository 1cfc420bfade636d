import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { accountChanged, unitsWritten } from '../src/analytics/answer-generations.ts';
import { deriveSpan, deriveSpans, loadUnitContexts, originOf } from '../src/analytics/facts.ts';
import { SharedAnswers } from '../src/analytics/shared-answers.ts';
import { AnalyticsClock, sharedRead, sharedReadsDb } from '../src/analytics/shared-reads.ts';
import { build, Cleanup } from './helper.ts';
import { count, counter, makeFactory, makeShift, makeUnit, MIN, state } from './analytics-helper.ts';

/** Reads shared by the computations of one moment (decision 29). */
describe('analytics clock', () => {
  it('gives every computation under one key the same instant for a step, then the next', () => {
    const clock = new AnalyticsClock(1000);
    assert.equal(clock.now('a', 10_000), 10_000);
    assert.equal(clock.now('a', 10_999), 10_000);
    assert.equal(clock.now('b', 10_500), 10_500, 'another key (other units, or a write seen) has its own instant');
    assert.equal(clock.now('a', 11_000), 11_000, 'a step later: the clock');
    assert.equal(clock.now('a', 11_400), 11_000);
  });

  it('with a step of 0 is the clock itself', () => {
    const clock = new AnalyticsClock(0);
    assert.equal(clock.now('a', 1), 1);
    assert.equal(clock.now('a', 2), 2);
  });
});

describe('shared reads', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('a plain Db reads every time; a shared one once, until a write to what the read depends on', async () => {
    const account = 'acct-shared-reads';
    let reads = 0;
    const compute = async () => ++reads;
    assert.equal(await sharedRead(app.db, account, ['u1'], ['x'], compute), 1);
    assert.equal(await sharedRead(app.db, account, ['u1'], ['x'], compute), 2);

    const db = sharedReadsDb(app.db, new SharedAnswers(60_000));
    reads = 0;
    const together = await Promise.all([sharedRead(db, account, ['u1'], ['x'], compute), sharedRead(db, account, ['u1'], ['x'], compute)]);
    assert.deepEqual(together, [1, 1], 'reads asked at once are one read');
    assert.equal(await sharedRead(db, account, ['u1'], ['x'], compute), 1, 'and kept');
    assert.equal(await sharedRead(db, account, ['u1'], ['y'], compute), 2, 'another read is read');
    unitsWritten(account, ['u2']);
    assert.equal(await sharedRead(db, account, ['u1'], ['x'], compute), 1, "another unit's facts change nothing");
    unitsWritten(account, ['u1']);
    assert.equal(await sharedRead(db, account, ['u1'], ['x'], compute), 3, "the unit's facts were written: read again");
    assert.equal(await sharedRead(db, account, null, ['config'], compute), 4);
    assert.equal(await sharedRead(db, account, null, ['config'], compute), 4);
    accountChanged(account);
    assert.equal(await sharedRead(db, account, null, ['config'], compute), 5, 'the configuration changed: read again');
    assert.equal(await sharedRead(db, 'another-account', null, ['config'], compute), 6, 'never across accounts');
  });

  it('deriveSpans batches delay-mode, counter and state units and gives each what deriveSpan gives it, long silences included', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const steady = await makeUnit(f, { delaySeconds: 300, name: 'steady' });
    const silent = await makeUnit(f, { delaySeconds: 300, name: 'silent' }); // no count for days before the span: walks back
    const resumes = await makeUnit(f, { delaySeconds: 300, name: 'resumes' }); // counts again after the span
    const counted = await makeUnit(f, { delaySeconds: 120, name: 'counter' });
    const stateUnit = await makeUnit(f, { name: 'states' });
    // Empty counts mark without counting: the loaded facts hold no count on that side, and the unit walks.
    const emptyMarks = await makeUnit(f, { delaySeconds: 300, name: 'empty marks' });
    await makeShift(f, { start: '06:00', end: '22:00', units: [steady, silent, resumes, counted, stateUnit, emptyMarks] });
    const t0 = Date.parse('2024-05-06T08:00:00Z');
    const at = (m: number) => new Date(t0 + m * MIN).toISOString();
    for (let m = 0; m <= 240; m += 3) await count(f, steady, at(m), 2, m % 30 === 0 ? 1 : 0);
    await count(f, silent, at(-4 * 24 * 60), 5);
    for (let m = -4 * 24 * 60 + 1; m <= -4 * 24 * 60 + 30; m += 1) await count(f, silent, at(m), 1);
    await count(f, silent, at(150), 3);
    for (let m = 0; m <= 60; m += 5) await count(f, resumes, at(m), 1);
    for (let m = 400; m <= 430; m += 5) await count(f, resumes, at(m), 1);
    for (let m = 0, total = 1000; m <= 240; m += 15, total += 40) await counter(f, counted, at(m), m === 120 ? 10 : total, 0);
    for (const [m, running] of [[0, true], [70, false], [95, true], [200, false]] as const) await state(f, stateUnit, at(m), running);
    for (let m = -600; m <= -500; m += 2) await count(f, emptyMarks, at(m), 1);
    for (const m of [-100, 10, 90, 165, 250]) await count(f, emptyMarks, at(m), 0, 0);
    for (let m = 280; m <= 290; m += 2) await count(f, emptyMarks, at(m), 1);

    const ids = [steady, silent, resumes, counted, stateUnit, emptyMarks];
    const contexts = await loadUnitContexts(app.db, f.accountId, ids);
    const origins = new Map<string, number | null>();
    for (const id of ids) origins.set(id, await originOf(app.db, f.accountId, id));
    const horizon = t0 + 300 * MIN;
    for (const [from, to] of [[t0 + 100 * MIN, t0 + 160 * MIN], [t0 + 17 * MIN, t0 + 43 * MIN], [t0 + 230 * MIN, horizon]]) {
      const batched = await deriveSpans(app.db, [...contexts.values()], from!, to!, horizon, origins);
      for (const ctx of contexts.values()) {
        // How many facts each read (`loaded`, which sizes a rebuild's pieces) differs with the batching.
        const { loaded: _alone, ...alone } = await deriveSpan(app.db, ctx, from!, to!, horizon, origins.get(ctx.unitId));
        const { loaded: _batched, ...inBatch } = batched.get(ctx.unitId)!;
        assert.deepEqual(inBatch, alone, `unit ${ctx.unitId} over [${at((from! - t0) / MIN)}, ${at((to! - t0) / MIN)})`);
      }
    }
  });
});
