import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { COMPRESSION_THRESHOLD } from '../src/plugins/external/compress.ts';
import { build, Cleanup, decoded, DEMO, demoFactoryId, tokenFor, varies } from './helper.ts';

/** What a browser sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

describe('compressed api answers', () => {
  let app: FastifyInstance;
  let bearer: string;
  let lyon: string;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
    bearer = `Bearer ${await tokenFor(app, DEMO.admin)}`;
    lyon = await demoFactoryId(app, 'demo.linepulse.test', 'Lyon');
  });
  after(() => cleanup.run());

  const send = (method: 'GET' | 'POST', url: string, acceptEncoding: string | null, headers: Record<string, string> = {}, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('compresses JSON answers above the threshold with brotli or gzip, as the request accepts', async () => {
    for (const url of ['/api/user/factories', `/api/factories/${lyon}/configuration`]) {
      const plain = await send('GET', url, null, { authorization: bearer });
      assert.equal(plain.statusCode, 200, url);
      assert.equal(plain.headers['content-encoding'], undefined, url);
      assert.ok(plain.rawPayload.length > COMPRESSION_THRESHOLD, `${url} is ${plain.rawPayload.length} bytes`);
      for (const [accept, encoding] of [[BROWSER_ENCODINGS, 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip'], ['identity', undefined], ['deflate', undefined]] as const) {
        const response = await send('GET', url, accept, { authorization: bearer });
        const label = `${url} with Accept-Encoding ${accept}`;
        assert.equal(response.statusCode, 200, label);
        assert.equal(response.headers['content-encoding'], encoding, label);
        assert.match(String(response.headers['content-type']), /^application\/json/, label);
        if (encoding) {
          assert.ok(varies(response), `${label}: Vary ${String(response.headers.vary)}`);
          assert.ok(response.rawPayload.length < plain.rawPayload.length / 2, `${label}: ${response.rawPayload.length} of ${plain.rawPayload.length} bytes`);
        }
        assert.deepEqual(JSON.parse(decoded(response)), plain.json(), label);
      }
    }
  });

  it('sends analytics answers kept for identical requests compressed as each request accepts, with the JSON of the route', async () => {
    const units = (await send('GET', `/api/factories/${lyon}/configuration`, null, { authorization: bearer })).json().production_units as { id: string }[];
    const body = { time_option: 'last7days', production_unit_ids: units.map((u) => u.id), interval: 'hour' };
    const url = '/api/production-units/downtimes-info-interval';
    const headers = { authorization: bearer, 'content-type': 'application/json' };
    const plain = await send('POST', url, null, headers, body);
    assert.equal(plain.statusCode, 200, plain.body);
    assert.ok(plain.rawPayload.length > COMPRESSION_THRESHOLD);
    // Each encoding twice: the first makes the kept answer's compressed form, the second reuses it.
    for (const [accept, encoding] of [[BROWSER_ENCODINGS, 'br'], [BROWSER_ENCODINGS, 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip'], ['identity', undefined], ['*', 'gzip'], ['br;q=0.5, gzip;q=1', 'gzip']] as const) {
      const response = await send('POST', url, accept, headers, body);
      const label = `Accept-Encoding ${accept}`;
      assert.equal(response.statusCode, 200, label);
      assert.equal(response.headers['content-encoding'], encoding, label);
      assert.match(String(response.headers['content-type']), /^application\/json; charset=utf-8$/, label);
      assert.ok(varies(response), `${label}: Vary ${String(response.headers.vary)}`);
      assert.equal(decoded(response), plain.body, label);
    }
  });

  it('leaves answers below the threshold, errors included, uncompressed', async () => {
    const accountId = (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [lyon]))[0]!.account_id;
    const cases: { url: string; headers: Record<string, string>; status: number }[] = [
      { url: `/dashboard-api/accounts/${accountId}`, headers: { authorization: bearer }, status: 200 },
      { url: '/api/health', headers: {}, status: 200 },
      { url: '/api/user/factories', headers: {}, status: 401 },
    ];
    for (const { url, headers, status } of cases) {
      const response = await send('GET', url, BROWSER_ENCODINGS, headers);
      assert.equal(response.statusCode, status, url);
      assert.ok(response.rawPayload.length < COMPRESSION_THRESHOLD, `${url} is ${response.rawPayload.length} bytes`);
      assert.equal(response.headers['content-encoding'], undefined, url);
      assert.doesNotThrow(() => response.json(), url);
    }
  });

  it("leaves the embedded provider's own answers as oidc-provider writes them", async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
      const response = await send('GET', url, BROWSER_ENCODINGS);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['content-encoding'], undefined, url);
      assert.ok(Object.keys(response.json()).length > 0, url);
    }
  });

  it('takes ingestion batches as before', async () => {
    const units = (await send('GET', `/api/factories/${lyon}/configuration`, null, { authorization: bearer })).json().production_units as { key: string }[];
    const created = await send('POST', `/api/factories/${lyon}/ingest-keys`, BROWSER_ENCODINGS, { authorization: bearer });
    assert.equal(created.statusCode, 201);
    const key = JSON.parse(decoded(created)).key as string;
    const events = [{ id: `compression-test-${Date.now()}`, type: 'count', unit: units[0]!.key, at: new Date(Date.now() - 60_000).toISOString(), good: 3, rejected: 0 }];
    const ingested = await send('POST', '/api/ingest/v1/events', BROWSER_ENCODINGS, { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, { events });
    assert.equal(ingested.statusCode, 200, ingested.body);
    assert.deepEqual(JSON.parse(decoded(ingested)), { accepted: 1, duplicates: 0 });
  });
});
