import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, decoded, PUBLIC_URL, tempDir, varies } from './helper.ts';

/** What a browser sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** Files the build compresses, as `pnpm build` leaves them: each with its .br and .gz copies. */
const COMPRESSED_FILES: Record<string, string> = {
  'host/dist/index.html': `<!doctype html><title>Linepulse</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`,
  'host/dist/main.js': `console.log(${JSON.stringify('host entry '.repeat(200))});`,
  'host/dist/512.3f9a0c1b2d3e4f50.js': `console.log(${JSON.stringify('host chunk '.repeat(200))});`,
  'remote-downtime/dist/remoteEntry.js': `var downtime = ${JSON.stringify('remote entry '.repeat(200))};`,
  'remote-downtime/dist/mf-manifest.json': JSON.stringify({ id: 'downtime', padding: 'manifest '.repeat(200) }),
  'remote-downtime/dist/77.a1b2c3d4e5f6.js': `chunk(${JSON.stringify('remote chunk '.repeat(200))});`,
};

/** A STATIC_ROOT with a built host and two built remotes (one with compressed copies, one without). */
function fixtureRoot(): string {
  const root = tempDir('linepulse-static-');
  const host = path.join(root, 'host', 'dist');
  const overview = path.join(root, 'remote-overview', 'dist');
  mkdirSync(host, { recursive: true });
  mkdirSync(overview, { recursive: true });
  writeFileSync(path.join(overview, 'mf-manifest.json'), '{"id":"overview"}');
  writeFileSync(path.join(overview, 'remoteEntry.js'), 'var overview;');
  writeFileSync(path.join(overview, '77.a1b2c3d4e5f6.js'), 'chunk();');
  mkdirSync(path.join(overview, 'embed'), { recursive: true });
  writeFileSync(path.join(overview, 'embed', 'embed.js'), 'export function mount() {}');
  writeFileSync(path.join(overview, 'embed', '262.a1b2c3d4e5.js'), 'export const chunk = 1;');
  // Named like an entry file but not one (a folder of its own): cached as any other file.
  mkdirSync(path.join(overview, 'extra'), { recursive: true });
  writeFileSync(path.join(overview, 'extra', 'remoteEntry.js'), 'var notTheEntry;');
  mkdirSync(path.join(root, 'remote-downtime', 'dist'), { recursive: true });
  for (const [file, text] of Object.entries(COMPRESSED_FILES)) {
    const target = path.join(root, file);
    writeFileSync(target, text);
    writeFileSync(`${target}.br`, brotliCompressSync(text));
    writeFileSync(`${target}.gz`, gzipSync(text));
  }
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

  it('serves the overview\'s embed module revalidated and its chunks cached, both readable from any origin', async () => {
    const module = await app.inject({ method: 'GET', url: '/remotes/overview/embed/embed.js', headers: { origin: 'https://sister.example.com' } });
    assert.equal(module.statusCode, 200);
    assert.equal(module.headers['cache-control'], 'no-cache');
    assert.equal(module.headers['access-control-allow-origin'], '*');
    assert.match(String(module.headers['content-type']), /javascript/);
    const chunk = await app.inject({ method: 'GET', url: '/remotes/overview/embed/262.a1b2c3d4e5.js' });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(chunk.headers['access-control-allow-origin'], '*');
  });

  it('revalidates the entry files by their path in the remote\'s folder, not by their name alone', async () => {
    const entry = await app.inject({ method: 'GET', url: '/remotes/overview/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
    assert.equal(entry.headers['cache-control'], 'no-cache');
    const namesake = await app.inject({ method: 'GET', url: '/remotes/overview/extra/remoteEntry.js' });
    assert.equal(namesake.statusCode, 200);
    assert.equal(namesake.headers['cache-control'], 'public, max-age=31536000, immutable');
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
  it('serves the pre-compressed copy the request accepts, with the requested file\'s headers', async () => {
    const cases = [
      { url: '/remotes/downtime/77.a1b2c3d4e5f6.js', file: 'remote-downtime/dist/77.a1b2c3d4e5f6.js', cache: 'public, max-age=31536000, immutable', type: /javascript/ },
      // Entry files stay revalidated although the copy sent is remoteEntry.js.br / mf-manifest.json.br.
      { url: '/remotes/downtime/remoteEntry.js', file: 'remote-downtime/dist/remoteEntry.js', cache: 'no-cache', type: /javascript/ },
      { url: '/remotes/downtime/mf-manifest.json', file: 'remote-downtime/dist/mf-manifest.json', cache: 'no-cache', type: /json/ },
      { url: '/main.js', file: 'host/dist/main.js', cache: 'no-cache', type: /javascript/ },
      { url: '/512.3f9a0c1b2d3e4f50.js', file: 'host/dist/512.3f9a0c1b2d3e4f50.js', cache: 'public, max-age=31536000, immutable', type: /javascript/ },
    ];
    for (const { url, file, cache, type } of cases) {
      for (const [accept, encoding] of [[BROWSER_ENCODINGS, 'br'], ['gzip', 'gzip'], [undefined, undefined], ['identity', undefined]] as const) {
        const response = await app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        const label = `${url} with Accept-Encoding ${accept ?? '(none)'}`;
        assert.equal(response.statusCode, 200, label);
        assert.equal(response.headers['content-encoding'], encoding, label);
        assert.equal(response.headers['cache-control'], cache, label);
        assert.match(String(response.headers['content-type']), type, label);
        // Whatever was sent, a shared cache must key it by Accept-Encoding.
        assert.ok(varies(response), `${label}: Vary ${String(response.headers.vary)}`);
        // Compressed exactly once: undoing the announced encoding gives the file.
        assert.equal(decoded(response), COMPRESSED_FILES[file], label);
        assert.equal(Number(response.headers['content-length']), response.rawPayload.length, label);
        if (url.startsWith('/remotes/')) assert.equal(response.headers['access-control-allow-origin'], '*', label);
        // A file cached forever is never revalidated: no validators, no ranges, ~100 bytes less each.
        // One revalidated keeps its ETag, for the 304 of a new visit.
        const validators = ['etag', 'last-modified', 'accept-ranges'].filter((name) => response.headers[name] !== undefined);
        assert.deepEqual(validators, cache === 'no-cache' ? ['etag', 'last-modified', 'accept-ranges'] : [], label);
      }
    }
  });

  it('sends the history-mode fallback page pre-compressed too', async () => {
    for (const url of ['/', '/company-overview', '/3f2b8a4e-7c1d-4e5f-9a6b-1c2d3e4f5a6b/dashboard']) {
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': BROWSER_ENCODINGS } });
      assert.equal(page.statusCode, 200, url);
      assert.equal(page.headers['content-encoding'], 'br', url);
      assert.equal(page.headers['cache-control'], 'no-cache', url);
      assert.match(String(page.headers['content-type']), /^text\/html/, url);
      assert.ok(varies(page), url);
      assert.equal(decoded(page), COMPRESSED_FILES['host/dist/index.html'], url);
    }
  });

  it('compresses the runtime configuration on the fly for clients that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/config.json' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.rawPayload.length > 1024, 'the configuration is big enough to be worth compressing');
    for (const [accept, encoding] of [[BROWSER_ENCODINGS, 'br'], ['gzip', 'gzip']] as const) {
      const response = await app.inject({ method: 'GET', url: '/config.json', headers: { 'accept-encoding': accept } });
      assert.equal(response.statusCode, 200, accept);
      assert.equal(response.headers['content-encoding'], encoding, accept);
      assert.equal(response.headers['cache-control'], 'no-cache', accept);
      assert.ok(varies(response), accept);
      assert.ok(response.rawPayload.length < plain.rawPayload.length / 2, `${accept}: ${response.rawPayload.length} of ${plain.rawPayload.length} bytes`);
      assert.deepEqual(JSON.parse(decoded(response)), plain.json());
    }
  });
});
