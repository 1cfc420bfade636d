import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { after, before, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadTls } from '../src/tls.ts';
import { loadConfig } from '../src/config.ts';
import { build, Cleanup, tempDir } from './helper.ts';

/** One HTTP/2 request: status, headers and body, or the stream's error. */
function h2Get(origin: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':path': path, 'accept-encoding': 'identity', ...headers });
    let body = '';
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status: Number(answer[':status']), headers: answer, body });
    });
    stream.on('error', (error) => {
      session.destroy();
      reject(error);
    });
  });
}

function h1Get(origin: string, path: string): Promise<{ status: number; httpVersion: string; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(`${origin}${path}`, { rejectUnauthorized: false, headers: { 'accept-encoding': 'identity' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, httpVersion: response.httpVersion, body }));
      })
      .on('error', reject);
  });
}

describe('HTTP2=true: over TLS, HTTP/2, and HTTP/1.1 for clients without it', () => {
  let app: FastifyInstance;
  let origin: string;
  const cleanup = new Cleanup();
  before(async () => {
    // The certificate main.ts would serve: generated into a data folder of its own.
    const tlsDir = tempDir('linepulse-tls-');
    cleanup.after(() => rmSync(tlsDir, { recursive: true, force: true }));
    const tls = await loadTls(loadConfig({ DATA_DIR: tlsDir }));
    ({ app } = await build(cleanup, { HTTP2: 'true' }, { https: { key: tls.key, cert: tls.cert } }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://localhost:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => cleanup.run());

  it('answers HTTP/2 with the same answers and security headers as HTTP/1.1', async () => {
    const h2 = await h2Get(origin, '/config.json');
    assert.equal(h2.status, 200);
    assert.equal(JSON.parse(h2.body).apiBase !== undefined, true);
    assert.match(String(h2.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(h2.headers['x-content-type-options'], 'nosniff');
    const h1 = await h1Get(origin, '/config.json');
    assert.equal(h1.status, 200);
    assert.equal(h1.httpVersion, '1.1');
    assert.deepEqual(JSON.parse(h1.body), JSON.parse(h2.body));
  });

  it('refuses header lists over 16 KiB on HTTP/2 with the documented 431, as on HTTP/1.1', async () => {
    const big = await h2Get(origin, '/api/health', { 'x-big': 'a'.repeat(20_000) });
    assert.equal(big.status, 431);
    assert.equal(JSON.parse(big.body).errors[0].code, 'GEN_431');
    const after = await h2Get(origin, '/api/health');
    assert.equal(after.status, 200);
  });
});

describe('HTTP2 unset', () => {
  it('leaves HTTP/2 off (HTTP/1.1 over TLS), and refuses a value that is not true or false', () => {
    const dataDir = tempDir('linepulse-http2-');
    try {
      assert.equal(loadConfig({ DATA_DIR: dataDir }).http2, false);
      assert.equal(loadConfig({ DATA_DIR: dataDir, HTTP2: 'true' }).http2, true);
      assert.throws(() => loadConfig({ DATA_DIR: dataDir, HTTP2: 'yes please' }), /HTTP2/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
