import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Cleanup, DEMO, listenHttps } from './helper.ts';
import { Browser } from './oidc-browser.ts';

// The server's certificate is self-signed and generated per run; this process only talks to it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const base64url = (buffer: Buffer): string => buffer.toString('base64url');

describe('embedded OpenID Connect provider: authorization code + PKCE over HTTPS', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app, baseUrl } = await listenHttps(cleanup));
  });
  after(() => cleanup.run());

  it('signs in, calls the api, refreshes and signs out like the host will', async () => {
    const browser = new Browser();
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash('sha256').update(verifier).digest());
    const redirectUri = `${baseUrl}/login-callback`;
    const authorize = new URL(`${baseUrl}/oidc/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'linepulse-web',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'api.readwrite openid profile offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-123',
      nonce: 'nonce-456',
      ui_locales: 'fr-CA',
      theme: 'accessible',
    }).toString();

    // 1. authorize → our sign-in page, in French, high contrast
    const login = await browser.follow(authorize.toString(), baseUrl);
    assert.equal(login.response.status, 200);
    const page = await login.response.text();
    assert.match(page, /<html lang="fr" data-theme="accessible">/);
    // Its own icon, so the browser asks for no /favicon.ico (which does not exist).
    assert.match(page, /<link rel="icon" href="data:image\/svg\+xml,/);
    assert.match(page, /<h1>Connexion à Linepulse<\/h1>/);
    assert.match(page, /<label for="email">Adresse e-mail<\/label>/);
    assert.match(page, /<label for="password">Mot de passe<\/label>/);
    assert.match(page, /<button type="submit">Se connecter<\/button>/);
    assert.match(page, /admin@demo\.linepulse\.test/);
    const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!;
    assert.match(action, /^\/oidc\/interaction\/[^/]+\/login$/);

    // 2. wrong password → same page with a translated error
    const form = (email: string, password: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    const wrong = await browser.fetch(`${baseUrl}${action}`, form(DEMO.admin, 'nope'));
    assert.equal(wrong.status, 401);
    assert.match(await wrong.text(), /Adresse e-mail ou mot de passe incorrect\./);

    // 3. right password → consent granted automatically → back to the app with a code
    const signedIn = await browser.follow(`${baseUrl}${action}`, baseUrl, form(DEMO.admin, 'linepulse'));
    const callback = new URL(signedIn.url);
    assert.equal(`${callback.origin}${callback.pathname}`, redirectUri);
    assert.equal(callback.searchParams.get('state'), 'state-123');
    const code = callback.searchParams.get('code');
    assert.ok(code, `a code in ${signedIn.url}`);

    // 4. code + verifier → tokens (a CORS request from the product's origin)
    const tokenResponse = await fetch(`${baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'linepulse-web',
        code: code!,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }).toString(),
    });
    const tokens = (await tokenResponse.json()) as Record<string, string>;
    assert.equal(tokenResponse.status, 200, JSON.stringify(tokens));
    assert.equal(tokenResponse.headers.get('access-control-allow-origin'), baseUrl);
    assert.ok(tokens.access_token && tokens.id_token && tokens.refresh_token, Object.keys(tokens).join(', '));
    assert.match(tokens.scope!, /api\.readwrite/);

    const access = decodeJwt(tokens.access_token!);
    assert.equal(access.iss, `${baseUrl}/oidc`);
    assert.equal(access.aud, `${baseUrl}/api`);
    assert.equal(access.scope, 'api.readwrite');
    const id = decodeJwt(tokens.id_token!);
    assert.equal(id.aud, 'linepulse-web');
    assert.equal(id.nonce, 'nonce-456');
    for (const claims of [access, id]) {
      assert.equal(claims.email, DEMO.admin);
      assert.equal(claims.display_name, 'Alice Martin');
      assert.equal(claims.name, 'Alice Martin');
      assert.equal(claims.role, 'director');
      assert.equal(claims.is_admin, true);
      assert.equal(claims.is_financial_admin, true);
      assert.equal(claims.is_tilelytics, true);
      assert.equal(claims.is_wx_user, false);
      assert.equal(claims.insights_enabled, true);
      assert.equal(claims.user_id, claims.sub);
      assert.match(String(claims.account_id), /^[0-9a-f-]{36}$/);
    }

    // 5. the access token opens the api
    const factories = await fetch(`${baseUrl}/api/user/factories`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(factories.status, 200);
    assert.equal(((await factories.json()) as unknown[]).length, 3);

    // 6. refresh_token grant: a new access token, and a rotated refresh token
    const refreshed = await fetch(`${baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'linepulse-web', refresh_token: tokens.refresh_token! }).toString(),
    });
    const renewed = (await refreshed.json()) as Record<string, string>;
    assert.equal(refreshed.status, 200, JSON.stringify(renewed));
    assert.ok(renewed.access_token);
    assert.notEqual(renewed.refresh_token, tokens.refresh_token);
    assert.equal(decodeJwt(renewed.access_token!).aud, `${baseUrl}/api`);
    const again = await fetch(`${baseUrl}/api/user/preferences`, { headers: { authorization: `Bearer ${renewed.access_token}` } });
    assert.equal(again.status, 200);

    // 7. sign-out from the product's own page (MSAL's navigation, same origin) with id_token_hint: the
    // provider's form submits itself, back to /home with the state
    const endSession = new URL(`${baseUrl}/oidc/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${baseUrl}/home`,
      state: 'bye',
    }).toString();
    const logoutPage = await browser.fetch(endSession.toString(), { headers: { 'sec-fetch-site': 'same-origin' } });
    assert.equal(logoutPage.status, 200);
    const html = await logoutPage.text();
    assert.match(html, /document\.getElementById\('op\.logoutForm'\)\.submit\(\)/);
    // Its one inline script is allowed by hash in the page's CSP (beside the remotes' origin, here the
    // product's own), nothing else inline.
    const scriptSrc = /script-src ([^;]*)/.exec(logoutPage.headers.get('content-security-policy') ?? '')![1]!.split(' ');
    const scriptHash = createHash('sha256').update(/<script>([^<]*)<\/script>/.exec(html)![1]!).digest('base64');
    assert.deepEqual(scriptSrc, ["'self'", baseUrl, `'sha256-${scriptHash}'`]);
    const logoutAction = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)![1]!;
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    assert.equal(fields.logout, 'yes');
    const confirmed = await browser.fetch(new URL(logoutAction, baseUrl).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    assert.equal(confirmed.status, 303);
    assert.equal(confirmed.headers.get('location'), `${baseUrl}/home?state=bye`);
  });

  it('serves discovery and refuses an unregistered redirect URI', async () => {
    const discovery = await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`);
    const metadata = (await discovery.json()) as Record<string, unknown>;
    assert.equal(metadata.issuer, `${baseUrl}/oidc`);
    assert.equal(metadata.authorization_endpoint, `${baseUrl}/oidc/auth`);
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    const jwks = (await (await fetch(`${baseUrl}/oidc/jwks`)).json()) as { keys: Record<string, unknown>[] };
    assert.equal(jwks.keys[0]!.kid, app.embeddedOidc!.keys.jwks.keys[0]!.kid);
    assert.equal(jwks.keys[0]!.d, undefined);

    const bad = await fetch(
      `${baseUrl}/oidc/auth?client_id=linepulse-web&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example.com/cb')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    assert.equal(bad.status, 400);
  });
});
