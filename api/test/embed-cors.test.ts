import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.ts';
import { build, Cleanup, DEMO, tempDir, tokenFor } from './helper.ts';

const SISTER = 'https://sister.example:8444';
const STRANGER = 'https://evil.example';

/** A STATIC_ROOT with the host's page and the overview remote's files. */
function staticRoot(): string {
  const root = tempDir('linepulse-embed-static-');
  mkdirSync(path.join(root, 'host', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'host', 'dist', 'index.html'), '<!doctype html><title>Linepulse</title>');
  const overview = path.join(root, 'remote-overview', 'dist');
  mkdirSync(overview, { recursive: true });
  writeFileSync(path.join(overview, 'mf-manifest.json'), '{"id":"overview"}');
  writeFileSync(path.join(overview, 'remoteEntry.js'), 'var overview;');
  return root;
}

describe('embedding from another origin (EMBED_ORIGINS)', () => {
  let app: FastifyInstance;
  let bearer: string;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup, { EMBED_ORIGINS: `${SISTER}, https://other-sister.example`, STATIC_ROOT: staticRoot() }));
    bearer = `Bearer ${await tokenFor(app, DEMO.admin)}`;
  });
  after(() => cleanup.run());

  const get = (url: string, origin: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { origin, ...headers } });
  const preflight = (url: string, origin: string, method = 'POST') =>
    app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' } });

  it('lets a listed origin read the runtime configuration and the api; the remote files are public code', async () => {
    for (const url of ['/remotes/overview/mf-manifest.json', '/remotes/overview/remoteEntry.js']) {
      const response = await get(url, STRANGER);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['access-control-allow-origin'], '*', url);
    }
    for (const [url, headers] of [
      ['/config.json', {}],
      ['/api/user/factories', { authorization: bearer }],
    ] as const) {
      const response = await get(url, SISTER, headers);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['access-control-allow-origin'], SISTER, url);
      assert.match(String(response.headers.vary), /origin/i, url);
      assert.equal(response.headers['access-control-allow-credentials'], undefined, url);
    }
    // The embed's live stream starts where its first answers were read: it may read that position.
    const factories = await get('/api/user/factories', SISTER, { authorization: bearer });
    assert.match(String(factories.headers['live-position']), /^\d+$/);
    assert.match(String(factories.headers['access-control-expose-headers']), /Live-Position/);
  });

  it('lets the embed resume its live stream: Last-Event-ID passes the preflight', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/live?factory_ids=x',
      headers: { origin: SISTER, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,last-event-id' },
    });
    assert.equal(response.statusCode, 204);
    assert.match(String(response.headers['access-control-allow-headers']), /Last-Event-ID/i);
  });

  it('answers a listed origin’s preflight with the methods and headers the embed sends', async () => {
    const response = await preflight('/api/kpis/by-groups', SISTER);
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers['access-control-allow-origin'], SISTER);
    assert.match(String(response.headers['access-control-allow-methods']), /POST/);
    assert.match(String(response.headers['access-control-allow-headers']), /Authorization/i);
    assert.equal(response.headers['access-control-max-age'], '600');
    const put = await preflight('/dashboard-api/accounts/x', 'https://other-sister.example', 'PUT');
    assert.equal(put.headers['access-control-allow-origin'], 'https://other-sister.example');
  });

  it('gives any other origin, and every other path, no CORS headers', async () => {
    const stranger = await get('/api/user/factories', STRANGER, { authorization: bearer });
    assert.equal(stranger.headers['access-control-allow-origin'], undefined);
    const strangerPreflight = await preflight('/api/kpis/by-groups', STRANGER);
    assert.equal(strangerPreflight.headers['access-control-allow-origin'], undefined);
    // The host's own pages are not for embedding (the sign-in provider answers its own clients' origins).
    for (const url of ['/', '/company-overview']) {
      const response = await get(url, SISTER);
      assert.equal(response.headers['access-control-allow-origin'], undefined, `${url} ${response.statusCode}`);
    }
    // A look-alike origin (another port, scheme or suffix) is another origin.
    for (const origin of ['https://sister.example', 'http://sister.example:8444', 'https://sister.example:8444.evil.example']) {
      const response = await get('/config.json', origin);
      assert.equal(response.headers['access-control-allow-origin'], undefined, origin);
    }
  });

  it('still authorises every call: an allowed origin without a token is refused', async () => {
    const response = await get('/api/user/factories', SISTER);
    assert.equal(response.statusCode, 401);
    assert.equal(response.headers['access-control-allow-origin'], SISTER);
    // Nor is it told the live position (it counts every account's announcements).
    assert.equal(response.headers['live-position'], undefined);
  });
});

describe('EMBED_ORIGINS validation', () => {
  it('refuses what is not an origin, naming it', () => {
    for (const bad of ['*', 'sister.example', 'https://sister.example/path', 'ftp://sister.example', 'https://user:pw@sister.example']) {
      assert.throws(
        () => loadConfig({ DATA_DIR: tempDir(), EMBED_ORIGINS: bad }),
        (error: unknown) => error instanceof ConfigError && error.message.includes('EMBED_ORIGINS') && error.message.includes(bad),
        bad,
      );
    }
  });

  it('reads origins, a trailing slash allowed, without repeats; unset means none', () => {
    assert.deepEqual(loadConfig({ DATA_DIR: tempDir(), EMBED_ORIGINS: `${SISTER}/, ${SISTER}, http://localhost:9000` }).embedOrigins, [SISTER, 'http://localhost:9000']);
    assert.deepEqual(loadConfig({ DATA_DIR: tempDir() }).embedOrigins, []);
  });
});

describe('without EMBED_ORIGINS', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('answers no origin with CORS headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.json', headers: { origin: SISTER } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['access-control-allow-origin'], undefined);
  });
});
