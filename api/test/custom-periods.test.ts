import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, DEMO } from './helper.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- problem lists are compared loosely
const codes = (body: any): string[] => body.errors.map((e: { code: string }) => e.code).sort();

describe('custom periods (product §5, §7, §8)', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  const url = (id?: string): string => (id ? `/api/custom-periods/${id}` : '/api/custom-periods');
  const post = (email: string, payload: unknown) => call(app, email, { method: 'POST', url: url(), payload: payload as object });
  const put = (email: string, id: string, payload: unknown) => call(app, email, { method: 'PUT', url: url(id), payload: payload as object });
  const remove = (email: string, id: string) => call(app, email, { method: 'DELETE', url: url(id) });
  const get = (email: string, id?: string) => call(app, email, { method: 'GET', url: url(id) });

  /** Every custom period of every account: what a refused call must leave as it was. */
  async function snapshot(): Promise<string> {
    return JSON.stringify(await app.db.query('SELECT id, account_id, name, start_date, end_date FROM custom_periods ORDER BY id'));
  }

  it('lets every user of the account read the list, and nobody else’s', async () => {
    const demo = await get(DEMO.operation);
    assert.equal(demo.status, 200);
    assert.ok(demo.body.length >= 1);
    const other = await get(DEMO.otherAdmin);
    assert.equal(other.status, 200);
    const demoIds = new Set(demo.body.map((p: { id: string }) => p.id));
    assert.ok(other.body.every((p: { id: string }) => !demoIds.has(p.id)));
  });

  it('creates, reads, changes and deletes a period as an administrator', async () => {
    const created = await post(DEMO.admin, { name: ' Été-21', start_date: '2021-06-01', end_date: '2021-08-31' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual({ ...created.body, id: undefined }, { id: undefined, name: 'Été-21', start_date: '2021-06-01', end_date: '2021-08-31', days: 92 });
    const id: string = created.body.id;

    assert.deepEqual((await get(DEMO.admin, id)).body, created.body);
    assert.ok((await get(DEMO.operation)).body.some((p: { id: string }) => p.id === id));

    // Changing a period keeps its own name and dates out of the duplicate and overlap checks.
    const changed = await put(DEMO.admin, id, { name: 'ÉTÉ-21', start_date: '2021-06-02', end_date: '2021-09-01' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(changed.body, { id, name: 'ÉTÉ-21', start_date: '2021-06-02', end_date: '2021-09-01', days: 92 });

    assert.equal((await remove(DEMO.admin, id)).status, 204);
    assert.equal((await get(DEMO.admin, id)).status, 404);
    assert.deepEqual(codes((await remove(DEMO.admin, id)).body), ['CP_404']);
  });

  it('refuses each rule with its code and its placeholders, changing nothing', async () => {
    const before = await snapshot();
    const valid = { name: 'Q1-21', start_date: '2021-01-01', end_date: '2021-03-31' };
    const cases: [unknown, string[]][] = [
      [{ ...valid, name: '' }, ['CP_NAME_REQUIRED']],
      [{ ...valid, name: '   ' }, ['CP_NAME_REQUIRED']],
      [{ start_date: valid.start_date, end_date: valid.end_date }, ['CP_NAME_REQUIRED']],
      [{ ...valid, name: 'Q1-2021' }, ['CP_NAME_TOO_LONG']],
      [{ ...valid, name: 'Q1/21' }, ['CP_NAME_INVALID']],
      [{ ...valid, start_date: '' }, ['CP_START_REQUIRED']],
      [{ ...valid, end_date: undefined }, ['CP_END_REQUIRED']],
      [{ ...valid, start_date: '2021-03-31' }, ['CP_START_NOT_BEFORE_END']],
      [{ ...valid, end_date: '2021-07-05' }, ['CP_TOO_LONG']],
      [{ ...valid, start_date: '2021-02-30' }, ['GEN_VALIDATION']],
      [{ ...valid, account_id: UNKNOWN }, ['GEN_VALIDATION']],
      [{ ...valid, name: 7 }, ['GEN_VALIDATION']],
      [[valid], ['GEN_VALIDATION']],
      [{ name: 'Sept-21', start_date: '', end_date: '' }, ['CP_END_REQUIRED', 'CP_NAME_TOO_LONG', 'CP_START_REQUIRED']],
    ];
    for (const [payload, expected] of cases) {
      const response = await post(DEMO.admin, payload);
      assert.equal(response.status, 400, JSON.stringify(payload));
      assert.deepEqual(codes(response.body), expected, JSON.stringify(payload));
    }
    const tooLong = await post(DEMO.admin, { ...valid, name: 'Q1-2021' });
    assert.deepEqual(tooLong.body.errors[0].arguments, { field: 'name', max: 6 });
    const coverage = await post(DEMO.admin, { ...valid, end_date: '2021-12-31' });
    assert.deepEqual(coverage.body.errors[0].arguments, { field: 'end_date', max: 185 });
    assert.equal(await snapshot(), before);
  });

  it('refuses a duplicate name (any case) and an overlap, naming the other period', async () => {
    const first = await post(DEMO.admin, { name: 'Q1-21', start_date: '2021-01-01', end_date: '2021-03-31' });
    assert.equal(first.status, 201);
    const second = await post(DEMO.admin, { name: 'Q2-21', start_date: '2021-04-01', end_date: '2021-06-30' });
    assert.equal(second.status, 201);
    const before = await snapshot();

    const duplicate = await post(DEMO.admin, { name: 'q1-21', start_date: '2020-01-01', end_date: '2020-03-31' });
    assert.equal(duplicate.status, 409);
    assert.deepEqual(duplicate.body.errors, [
      { code: 'CP_DUPLICATE_NAME', arguments: { field: 'name', name: 'Q1-21' }, message: 'A custom period with this name already exists (Q1-21)' },
    ]);
    const overlap = await post(DEMO.admin, { name: 'Mar-21', start_date: '2021-03-31', end_date: '2021-04-15' });
    assert.equal(overlap.status, 409);
    assert.deepEqual(codes(overlap.body), ['CP_OVERLAP']);
    assert.equal(overlap.body.errors[0].arguments.name, 'Q1-21');
    // Moving the second period onto the first is an overlap too; renaming it to the first's name a duplicate.
    assert.deepEqual(codes((await put(DEMO.admin, second.body.id, { name: 'Q2-21', start_date: '2021-03-15', end_date: '2021-06-30' })).body), ['CP_OVERLAP']);
    assert.deepEqual(codes((await put(DEMO.admin, second.body.id, { name: 'Q1-21', start_date: '2021-04-01', end_date: '2021-06-30' })).body), ['CP_DUPLICATE_NAME']);
    // Another account may use the same name and dates.
    const elsewhere = await post(DEMO.otherAdmin, { name: 'Q1-21', start_date: '2021-01-01', end_date: '2021-03-31' });
    assert.equal(elsewhere.status, 201);
    assert.equal(await remove(DEMO.otherAdmin, elsewhere.body.id).then((r) => r.status), 204);
    assert.equal(await snapshot(), before);

    await remove(DEMO.admin, first.body.id);
    await remove(DEMO.admin, second.body.id);
  });

  it('keeps non-administrators and other accounts out, changing nothing', async () => {
    const created = await post(DEMO.admin, { name: 'Own', start_date: '2020-06-01', end_date: '2020-06-30' });
    assert.equal(created.status, 201);
    const id: string = created.body.id;
    const before = await snapshot();
    const body = { name: 'Taken', start_date: '2020-06-01', end_date: '2020-06-10' };

    for (const email of [DEMO.operation, DEMO.display]) {
      for (const response of [await post(email, body), await put(email, id, body), await remove(email, id), await get(email, id)]) {
        assert.equal(response.status, 403, email);
        assert.deepEqual(codes(response.body), ['AUTH_ADMIN_REQUIRED']);
      }
    }
    // Another account's administrator: the period does not exist for them.
    for (const response of [await put(DEMO.otherAdmin, id, body), await remove(DEMO.otherAdmin, id), await get(DEMO.otherAdmin, id)]) {
      assert.equal(response.status, 404);
      assert.deepEqual(codes(response.body), ['CP_404']);
    }
    assert.equal((await put(DEMO.admin, UNKNOWN, body)).status, 404);
    const badId = await put(DEMO.admin, 'not-a-uuid', body);
    assert.equal(badId.status, 400);
    assert.equal(badId.body.errors[0].arguments.in, 'params');
    assert.equal((await call(app, null, { method: 'POST', url: url(), payload: body })).status, 401);
    assert.equal(await snapshot(), before);
    await remove(DEMO.admin, id);
  });
});
