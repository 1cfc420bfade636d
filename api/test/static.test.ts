import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, PUBLIC_URL, tempDir } from './helper.ts';

/** A STATIC_ROOT with a built host and one built remote, as `pnpm build` leaves them. */
function fixtureRoot(): string {
  const root = tempDir('linepulse-static-');
  const host = path.join(root, 'host', 'dist');
  const overview = path.join(root, 'remote-overview', 'dist');
  mkdirSync(host, { recursive: true });
  mkdirSync(overview, { recursive: true });
  writeFileSync(path.join(host, 'index.html'), '<!doctype html><title>Linepulse</title><div id="root"></div>');
  writeFileSync(path.join(host, 'main.js'), 'console.log("host")');
  writeFileSync(path.join(host, '512.3f9a0c1b2d3e4f50.js'), 'console.log("chunk")');
  writeFileSync(path.join(overview, 'mf-manifest.json'), '{"id":"overview"}');
  writeFileSync(path.join(overview, 'remoteEntry.js'), 'var overview;');
  writeFileSync(path.join(overview, '77.a1b2c3d4e5f6.js'), 'chunk();');
  return root;
}

describe('/config.json and static hosting', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup, { STATIC_ROOT: fixtureRoot(), SISTER_PRODUCT_URL: 'https://sister.example.com' }));
  });
  after(() => cleanup.run());

  it('serves the runtime configuration the host reads at start', async () => {
    const response = await call(app, null, { method: 'GET', url: '/config.json' });
    assert.equal(response.status, 200);
    // The embedded provider's discovery document travels with the config (MSAL then skips fetching it).
    const { authorityMetadata, ...auth } = (response.body as { auth: { authorityMetadata?: string } }).auth;
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    assert.equal(discovery.statusCode, 200);
    assert.deepEqual(JSON.parse(authorityMetadata ?? 'null'), discovery.json());
    assert.equal(JSON.parse(authorityMetadata!).issuer, `${PUBLIC_URL}/oidc`);
    assert.deepEqual({ ...(response.body as object), auth }, {
      version: '1.6.17',
      auth: {
        authority: `${PUBLIC_URL}/oidc`,
        clientId: 'linepulse-web',
        knownAuthorities: ['localhost:8443'],
        apiScope: 'api.readwrite',
        isEntra: false,
      },
      apiBase: `${PUBLIC_URL}/api`,
      dashboardApiBase: `${PUBLIC_URL}/dashboard-api`,
      remotes: {
        overview: `${PUBLIC_URL}/remotes/overview/mf-manifest.json`,
        downtime: `${PUBLIC_URL}/remotes/downtime/mf-manifest.json`,
        reports: `${PUBLIC_URL}/remotes/reports/mf-manifest.json`,
        admin: `${PUBLIC_URL}/remotes/admin/mf-manifest.json`,
        opportunities: `${PUBLIC_URL}/remotes/opportunities/mf-manifest.json`,
      },
      sisterProductUrl: 'https://sister.example.com',
    });
  });

  it('serves remotes with open CORS, entry files revalidated, chunks cached', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/remotes/overview/mf-manifest.json' });
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    const entry = await app.inject({ method: 'GET', url: '/remotes/overview/remoteEntry.js' });
    assert.equal(entry.headers['cache-control'], 'no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/overview/77.a1b2c3d4e5f6.js' });
    assert.equal(chunk.statusCode, 200);
    assert.match(String(chunk.headers['cache-control']), /max-age=31536000/);
    assert.equal(chunk.headers['access-control-allow-origin'], '*');
    // A remote that is not built is simply absent.
    const missing = await app.inject({ method: 'GET', url: '/remotes/admin/mf-manifest.json' });
    assert.equal(missing.statusCode, 404);
  });

  it('serves the host with history-mode fallback for pages only', async () => {
    for (const url of ['/', '/home', '/company-overview', '/3f2b8a4e-7c1d-4e5f-9a6b-1c2d3e4f5a6b/dashboard']) {
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      assert.equal(page.statusCode, 200, url);
      assert.match(page.body, /<div id="root">/);
      assert.equal(page.headers['cache-control'], 'no-cache');
    }
    const main = await app.inject({ method: 'GET', url: '/main.js' });
    assert.equal(main.statusCode, 200);
    assert.equal(main.headers['cache-control'], 'no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/512.3f9a0c1b2d3e4f50.js' });
    assert.match(String(chunk.headers['cache-control']), /immutable/);
    // No fallback for API, provider and remote paths, nor for non-HTML requests.
    for (const url of ['/api/unknown', '/dashboard-api/unknown', '/oidc-nothing-here/../api/x', '/remotes/overview/nope.js']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal(response.statusCode, 404, url);
      assert.doesNotMatch(response.body, /<div id="root">/);
    }
    const json = await app.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'image/png' } });
    assert.equal(json.statusCode, 404);
    assert.equal(json.json().errors[0].code, 'GEN_404');
  });
});
