import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, Cleanup, tempDir } from './helper.ts';

/** A STATIC_ROOT with a built host and a built remote, each with a source map beside its code. */
function fixtureRoot(): string {
  const root = tempDir('linepulse-static-');
  const host = path.join(root, 'host', 'dist');
  const overview = path.join(root, 'remote-overview', 'dist');
  mkdirSync(host, { recursive: true });
  mkdirSync(overview, { recursive: true });
  writeFileSync(path.join(host, 'index.html'), '<!doctype html><title>Linepulse</title><div id="root"></div>');
  writeFileSync(path.join(host, 'main.js'), 'console.log(1);\n//# sourceMappingURL=main.js.map');
  writeFileSync(path.join(host, 'main.js.map'), '{"version":3,"sources":["webpack://host/src/secret.tsx"]}');
  writeFileSync(path.join(overview, 'mf-manifest.json'), '{"id":"overview"}');
  writeFileSync(path.join(overview, '77.a1b2c3d4e5f6.js'), 'chunk();');
  writeFileSync(path.join(overview, '77.a1b2c3d4e5f6.js.map'), '{"version":3}');
  return root;
}

/** Directive name → its values. */
function parseCsp(header: unknown): Map<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function assertSecurityHeaders(response: LightMyRequestResponse, what: string): Map<string, string[]> {
  const h = response.headers;
  assert.equal(h['x-content-type-options'], 'nosniff', what);
  assert.equal(h['referrer-policy'], 'same-origin', what);
  assert.equal(h['strict-transport-security'], 'max-age=31536000', what);
  assert.equal(h['x-frame-options'], 'DENY', what);
  const csp = parseCsp(h['content-security-policy']);
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], what);
  assert.deepEqual(csp.get('object-src'), ["'none'"], what);
  return csp;
}

const REMOTE = 'https://overview.cdn.example.com:3001';

describe('security headers and source maps', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup, { STATIC_ROOT: fixtureRoot(), REMOTE_OVERVIEW_URL: `${REMOTE}/mf-manifest.json` }));
  });
  after(() => cleanup.run());

  it('puts them on every answer: api, errors, /config.json, static files, the provider', async () => {
    const requests = [
      { url: '/api/health' },
      { url: '/api/user/factories' }, // 401
      { url: '/api/nothing-here' }, // 404
      { url: '/config.json' },
      { url: '/' },
      { url: '/main.js.map' }, // 404 without SERVE_SOURCE_MAPS
      { url: '/main.js/' }, // not a script: the page's fallback
      { url: '/company-overview', headers: { accept: 'text/html' } },
      { url: '/remotes/overview/mf-manifest.json' },
      { url: '/oidc/.well-known/openid-configuration' },
      { url: '/oidc/jwks' },
      { url: '/oidc/session/end' }, // the provider's own page (Koa, outside Fastify's reply)
    ];
    for (const request of requests) {
      const response = await app.inject({ method: 'GET', ...request });
      assert.ok(response.statusCode < 500, `${request.url}: ${response.statusCode}`);
      assertSecurityHeaders(response, request.url);
    }
  });

  it('leaves the document policies off scripts, which keep nosniff', async () => {
    for (const url of ['/main.js', '/main.js?v=2', '/remotes/overview/77.a1b2c3d4e5f6.js']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(response.headers['referrer-policy'], 'same-origin', url);
      assert.equal(response.headers['strict-transport-security'], 'max-age=31536000', url);
      assert.equal(response.headers['content-security-policy'], undefined, url);
      assert.equal(response.headers['x-frame-options'], undefined, url);
    }
    // A navigation to a script's address that answers with the host's page keeps the document policies.
    const navigation = await app.inject({ method: 'GET', url: '/no-such-file.js', headers: { accept: 'text/html,application/xhtml+xml' } });
    assertSecurityHeaders(navigation, 'a navigation to /no-such-file.js');
  });

  it('allows exactly the origins /config.json names: remotes, authority, api', async () => {
    const configJson = await app.inject({ method: 'GET', url: '/config.json' });
    const runtime = configJson.json() as { remotes: Record<string, string>; auth: { authority: string }; apiBase: string; dashboardApiBase: string };
    const origin = (url: string) => new URL(url).origin;
    const remotes = new Set(Object.values(runtime.remotes).map(origin));
    assert.ok(remotes.has(REMOTE) && remotes.has('https://localhost:8443'), [...remotes].join(' '));
    const everything = new Set([...remotes, origin(runtime.auth.authority), origin(runtime.apiBase), origin(runtime.dashboardApiBase)]);

    const csp = assertSecurityHeaders(configJson, '/config.json');
    const origins = (directive: string) => new Set(csp.get(directive)!.filter((v) => /^https?:\/\//.test(v)));
    const keywords = (directive: string) => csp.get(directive)!.filter((v) => !/^https?:\/\//.test(v));
    assert.deepEqual(origins('connect-src'), everything);
    for (const directive of ['script-src', 'style-src', 'img-src', 'font-src']) assert.deepEqual(origins(directive), remotes, directive);
    assert.deepEqual(origins('frame-src'), new Set([origin(runtime.auth.authority)]));
    assert.deepEqual(keywords('default-src'), ["'self'"]);
    // No inline script and no eval anywhere; inline styles for Fluent (Griffel) and Highcharts.
    assert.deepEqual(keywords('script-src'), ["'self'"]);
    assert.deepEqual(keywords('style-src'), ["'self'", "'unsafe-inline'"]);
    assert.deepEqual(keywords('img-src'), ["'self'", 'data:', 'blob:']);
    assert.deepEqual(csp.get('base-uri'), ["'self'"]);
  });

  it('does not send source maps to browsers', async () => {
    for (const url of ['/main.js.map', '/remotes/overview/77.a1b2c3d4e5f6.js.map']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.doesNotMatch(response.body, /secret\.tsx|"version"/);
    }
    // The code itself still loads.
    assert.equal((await app.inject({ method: 'GET', url: '/main.js' })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/remotes/overview/77.a1b2c3d4e5f6.js' })).statusCode, 200);
  });
});

describe('security headers: options', () => {
  it('serves source maps with SERVE_SOURCE_MAPS=true, and sends no HSTS over plain HTTP', async (t) => {
    const { app } = await build(t, { STATIC_ROOT: fixtureRoot(), SERVE_SOURCE_MAPS: 'true', PUBLIC_URL: 'http://localhost:8080' });
    const map = await app.inject({ method: 'GET', url: '/main.js.map' });
    assert.equal(map.statusCode, 200);
    assert.match(map.body, /secret\.tsx/);
    assert.equal((await app.inject({ method: 'GET', url: '/remotes/overview/77.a1b2c3d4e5f6.js.map' })).statusCode, 200);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(health.headers['strict-transport-security'], undefined);
    assert.equal(health.headers['x-content-type-options'], 'nosniff');
    assert.match(String(health.headers['content-security-policy']), /connect-src 'self' http:\/\/localhost:8080/);
  });
});
