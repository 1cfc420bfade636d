import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dbAdapterFactory, deleteExpiredOidcModels } from '../src/oidc/adapter.ts';
import { build } from './helper.ts';

describe("embedded provider's storage in the database", () => {
  it('finds by id, uid and user code, consumes, revokes by grant, and never returns or keeps expired entries', async (t) => {
    const { app } = await build(t);
    const Adapter = dbAdapterFactory(app.db);
    const sessions = new Adapter('Session');
    const refreshTokens = new Adapter('RefreshToken');
    const codes = new Adapter('AuthorizationCode');
    const devices = new Adapter('DeviceCode');

    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1', kind: 'Session' }, 3600);
    assert.equal((await sessions.find('s1'))?.accountId, 'a1');
    assert.equal((await sessions.findByUid('u1'))?.accountId, 'a1');
    assert.equal(await new Adapter('Interaction').find('s1'), undefined, 'models are apart');
    // upsert replaces (the provider saves a session on every change)
    await sessions.upsert('s1', { uid: 'u2', accountId: 'a1', kind: 'Session' }, 3600);
    assert.equal(await sessions.findByUid('u1'), undefined);
    assert.equal((await sessions.findByUid('u2'))?.accountId, 'a1');

    await devices.upsert('d1', { userCode: 'ABCD-EFGH', kind: 'DeviceCode' }, 600);
    assert.equal((await devices.findByUserCode('ABCD-EFGH'))?.kind, 'DeviceCode');

    await codes.upsert('c1', { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    assert.equal((await codes.find('c1'))?.consumed, undefined);
    await codes.consume('c1');
    const consumed = (await codes.find('c1'))?.consumed;
    assert.ok(typeof consumed === 'number' && Math.abs(consumed - Date.now() / 1000) < 60, String(consumed));

    await refreshTokens.upsert('r1', { grantId: 'g1', kind: 'RefreshToken' }, 3600);
    await refreshTokens.upsert('r2', { grantId: 'g2', kind: 'RefreshToken' }, 3600);
    await refreshTokens.revokeByGrantId('g1');
    assert.equal(await refreshTokens.find('r1'), undefined);
    assert.equal(await codes.find('c1'), undefined, "the grant's code goes too");
    assert.ok(await refreshTokens.find('r2'));
    await refreshTokens.destroy('r2');
    assert.equal(await refreshTokens.find('r2'), undefined);

    // Expired: invisible at once, deleted by the sweep; entries without expiry stay.
    await sessions.upsert('old', { uid: 'u-old', kind: 'Session' }, 1);
    await new Adapter('Grant').upsert('forever', { kind: 'Grant' });
    await app.db.query(`UPDATE oidc_models SET expires_at = now() - interval '1 second' WHERE id = 'old'`);
    assert.equal(await sessions.find('old'), undefined);
    assert.equal(await sessions.findByUid('u-old'), undefined);
    assert.equal(await deleteExpiredOidcModels(app.db), 1);
    const left = await app.db.query<{ id: string }>('SELECT id FROM oidc_models ORDER BY id');
    assert.deepEqual(left.map((r) => r.id), ['d1', 'forever', 's1']);
  });
});
