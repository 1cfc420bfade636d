import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { ConfigError, loadConfig } from '../src/config.ts';
import { Cleanup, DEMO, listenHttps } from './helper.ts';
import { authorize, Browser, passwordForm, redeem, refresh } from './oidc-browser.ts';

// The server's certificate is self-signed and generated per run; this process only talks to it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const SISTER = 'http://localhost:8444';
const CALLBACK = `${SISTER}/index.html`;
const EMBED_CLIENT = 'linepulse-embed';

describe('an embedding site signs in with its own client of the embedded provider (EMBED_REDIRECT_URIS)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app, baseUrl } = await listenHttps(cleanup, { EMBED_ORIGINS: SISTER, EMBED_REDIRECT_URIS: CALLBACK }));
  });
  after(() => cleanup.run());

  it('signs the user in, returns to the site, and answers its token calls from its origin only', async () => {
    const browser = new Browser();
    const { action, verifier } = await authorize(browser, baseUrl, { client_id: EMBED_CLIENT, redirect_uri: CALLBACK });
    assert.ok(action, 'the sign-in form');
    const signedIn = await browser.follow(`${baseUrl}${action}`, baseUrl, passwordForm(DEMO.operation, 'linepulse'));
    assert.ok(signedIn.url.startsWith(`${CALLBACK}?code=`), signedIn.url);

    // The site's page redeems the code from its own origin: the answer lets that origin read it.
    const preflight = await fetch(`${baseUrl}/oidc/token`, { method: 'OPTIONS', headers: { origin: SISTER, 'access-control-request-method': 'POST' } });
    assert.equal(preflight.headers.get('access-control-allow-origin'), SISTER);
    const tokens = await redeem(baseUrl, signedIn.url, verifier, CALLBACK, SISTER, EMBED_CLIENT);
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.client_id, EMBED_CLIENT);
    // The same users and the same api: its token reads the user's factories.
    const factories = await app.inject({ method: 'GET', url: '/api/user/factories', headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(factories.statusCode, 200);
    assert.ok((factories.json() as unknown[]).length > 0);

    // Tokens refresh from the site's origin, and the answer is readable there.
    const renewed = await fetch(`${baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SISTER },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: EMBED_CLIENT, refresh_token: tokens.refresh_token }).toString(),
    });
    assert.equal(renewed.status, 200);
    assert.equal(renewed.headers.get('access-control-allow-origin'), SISTER);

    // Another origin, or the host's client asked from the site's origin: no answer a browser lets it read.
    const { refresh_token } = (await renewed.json()) as { refresh_token: string };
    const tokenCall = (origin: string, clientId: string): Promise<Response> =>
      fetch(`${baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token }).toString(),
      });
    assert.equal((await tokenCall('https://evil.example', EMBED_CLIENT)).headers.get('access-control-allow-origin'), null);
    assert.equal((await tokenCall(SISTER, 'linepulse-web')).headers.get('access-control-allow-origin'), null);
    assert.notEqual((await refresh(baseUrl, refresh_token, baseUrl)).status, 200, 'the host cannot redeem the site’s refresh token');
  });

  it('lets the sign-in form’s answer redirect to the site (form-action), and nowhere else new', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const formAction = /form-action ([^;]*)/.exec(csp)![1]!.split(' ');
    assert.deepEqual(formAction, ["'self'", new URL(baseUrl).origin, SISTER]);
  });

  it('returns only to the addresses it registered', async () => {
    const browser = new Browser();
    const response = await browser.fetch(
      `${baseUrl}/oidc/auth?${new URLSearchParams({ client_id: EMBED_CLIENT, response_type: 'code', redirect_uri: `${SISTER}/elsewhere.html`, scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
    );
    assert.equal(response.status, 400);
    assert.match(await response.text(), /redirect_uri/);
  });

  it('refuses return addresses outside EMBED_ORIGINS and a client id taken by the host', () => {
    for (const env of [
      { EMBED_ORIGINS: SISTER, EMBED_REDIRECT_URIS: 'https://evil.example/index.html' },
      { EMBED_REDIRECT_URIS: CALLBACK },
      { EMBED_ORIGINS: SISTER, EMBED_REDIRECT_URIS: `${CALLBACK}#x` },
      { EMBED_ORIGINS: SISTER, EMBED_REDIRECT_URIS: CALLBACK, EMBED_CLIENT_ID: 'linepulse-web' },
    ]) {
      assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && /EMBED_/.test(error.message), JSON.stringify(env));
    }
    assert.deepEqual(loadConfig({ EMBED_ORIGINS: SISTER, EMBED_REDIRECT_URIS: CALLBACK }).embedClient, { clientId: EMBED_CLIENT, redirectUris: [CALLBACK] });
    assert.equal(loadConfig({}).embedClient, null);
  });
});
