import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import { build, call, Cleanup, DEMO, tokenFor } from './helper.ts';

describe('bearer tokens and roles', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  const expect401 = async (token: string | undefined, header?: string) => {
    const response = await call(app, null, {
      method: 'GET',
      url: '/api/user/factories',
      ...(token ? { token } : {}),
      ...(header ? { headers: { authorization: header } } : {}),
    });
    assert.equal(response.status, 401);
    assert.equal(response.body.errors[0].code, 'AUTH_401');
    assert.deepEqual(Object.keys(response.body.errors[0]).sort(), ['arguments', 'code', 'message']);
  };

  it('accepts a token signed by the embedded provider', async () => {
    const response = await call(app, DEMO.operation, { method: 'GET', url: '/api/user/factories' });
    assert.equal(response.status, 200);
  });

  it('refuses a missing or malformed Authorization header', async () => {
    await expect401(undefined);
    await expect401(undefined, 'Basic abc');
    await expect401(undefined, 'Bearer not-a-jwt');
  });

  it('refuses a token signed by another key, even under the same kid', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const key = await exportJWK(privateKey);
    key.kid = app.embeddedOidc!.keys.jwks.keys[0]!.kid;
    await expect401(await tokenFor(app, DEMO.admin, { key }));
    await expect401(await tokenFor(app, DEMO.admin, { key: { ...key, kid: 'someone-else' } }));
  });

  it('refuses an expired token, a wrong audience and a wrong issuer', async () => {
    await expect401(await tokenFor(app, DEMO.admin, { expiresIn: -60 }));
    await expect401(await tokenFor(app, DEMO.admin, { audience: 'https://elsewhere.example.com/api' }));
    await expect401(await tokenFor(app, DEMO.admin, { issuer: 'https://evil.example.com/oidc' }));
  });

  it('answers 403 AUTH_NOT_ENABLED to a user not enabled for the product, on every product call', async () => {
    for (const url of ['/api/user/factories', '/api/user/work-shifts', '/api/currency-list', '/api/custom-periods']) {
      const response = await call(app, DEMO.noaccess, { method: 'GET', url });
      assert.equal(response.status, 403, url);
      assert.equal(response.body.errors[0].code, 'AUTH_NOT_ENABLED');
    }
  });

  it('still lets that user read and save language and theme', async () => {
    const get = await call(app, DEMO.noaccess, { method: 'GET', url: '/api/user/preferences' });
    assert.equal(get.status, 200);
    const body = { ...get.body, language: 'es', theme: 'accessible' };
    const put = await call(app, DEMO.noaccess, { method: 'PUT', url: '/api/user/preferences', payload: body });
    assert.equal(put.status, 200);
    assert.equal(put.body.language, 'es');
  });

  it('answers /api/health 503 within a second or so of the database going away, and 200 once it is back', async () => {
    assert.equal((await call(app, null, { method: 'GET', url: '/api/health' })).status, 200);
    const ping = app.db.ping;
    app.db.ping = () => Promise.reject(new Error('connection refused'));
    try {
      let health = await call(app, null, { method: 'GET', url: '/api/health' });
      for (let waited = 0; health.status === 200 && waited < 4000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
        health = await call(app, null, { method: 'GET', url: '/api/health' });
      }
      assert.equal(health.status, 503);
      assert.deepEqual(health.body, { status: 'error', database: app.db.kind });
    } finally {
      app.db.ping = ping;
    }
    let health = await call(app, null, { method: 'GET', url: '/api/health' });
    for (let waited = 0; health.status === 503 && waited < 4000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      health = await call(app, null, { method: 'GET', url: '/api/health' });
    }
    assert.equal(health.status, 200);
  });

  it('keeps health and the OpenAPI description public', async () => {
    const health = await call(app, null, { method: 'GET', url: '/api/health' });
    assert.equal(health.status, 200);
    assert.deepEqual(health.body, { status: 'ok', database: app.db.kind });
    const openapi = await call(app, null, { method: 'GET', url: '/api/openapi.json' });
    assert.equal(openapi.status, 200);
    assert.equal(openapi.body.openapi, '3.1.0');
    for (const path of [
      '/api/user/preferences',
      '/api/user/factories',
      '/api/factories/{id}',
      '/api/factories/{id}/assigned-work-shift-names',
      '/api/factories/{id}/products',
      '/api/user/work-shifts',
      '/api/currency-list',
      '/api/custom-periods',
      '/api/health',
      '/dashboard-api/accounts/{accountId}',
    ]) {
      assert.ok(openapi.body.paths[path], `documents ${path}`);
    }
    assert.ok(openapi.body.paths['/api/factories/{id}'].put.requestBody);
    assert.ok(openapi.body.paths['/api/factories/{id}'].put.responses['409']);
  });

  it('answers unknown API paths with a coded 404', async () => {
    const response = await call(app, DEMO.admin, { method: 'GET', url: '/api/nope' });
    assert.equal(response.status, 404);
    assert.equal(response.body.errors[0].code, 'GEN_404');
  });
});
