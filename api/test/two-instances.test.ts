import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { loadTls } from '../src/tls.ts';
import { Cleanup, DEMO, freePort, freshSchema, onPostgres, tempDir } from './helper.ts';
import { authorize, Browser, redeem, refresh, signIn } from './oidc-browser.ts';

// The server's certificate is self-signed and generated per run; this process only talks to it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

/** The SHA-256 fingerprint of the certificate a server presents. */
function servedCertificate(baseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${baseUrl}/api/health`, { agent: false }, (res) => {
      const certificate = (res.socket as TLSSocket).getPeerCertificate();
      res.resume();
      resolve(certificate.fingerprint256);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Instance {
  app: FastifyInstance;
  baseUrl: string;
}

/**
 * Two instances of the api on one database and one data folder, behind one public address (a load
 * balancer's): PUBLIC_URL names the first one's port, the test calls each on its own port. On
 * PostgreSQL each opens its own pool on the same schema; on PGlite (one connection per database) both
 * share one in-memory database.
 */
describe('two instances on one database and one data folder', () => {
  it('create the same keys and certificate when started together, share sign-ins, and keep them across a restart of both', async () => {
    const cleanup = new Cleanup();
    try {
      const dataDir = tempDir();
      cleanup.after(() => rmSync(dataDir, { recursive: true, force: true }));
      const ports = [await freePort(), await freePort()] as const;
      const publicUrl = `https://localhost:${ports[0]}`;
      const env: Record<string, string> = { DATA_DIR: dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent', STATIC_ROOT: tempDir('linepulse-empty-static-') };
      let shared: Db | null = null;
      if (onPostgres) {
        env.DATABASE_URL = await freshSchema(cleanup);
      } else {
        const template = process.env.LINEPULSE_PGLITE_TEMPLATE;
        shared = await createPgliteDb('memory://', template && existsSync(template) ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
        const db = shared;
        cleanup.after(() => db.close());
      }

      const start = async (port: number): Promise<Instance> => {
        const config = loadConfig({ ...env, PORT: String(port) });
        const tls = await loadTls(config);
        const app = await buildApp({ config, https: { key: tls.key, cert: tls.cert }, logger: false, ...(shared ? { db: shared } : {}) });
        await app.listen({ port, host: '127.0.0.1' });
        return { app, baseUrl: `https://localhost:${port}` };
      };
      const startBoth = async (): Promise<[Instance, Instance]> => {
        const both = await Promise.all([start(ports[0]), start(ports[1])]);
        cleanup.after(() => Promise.all(both.map((i) => i.app.close())));
        return both;
      };
      const stopBoth = async (both: Instance[]): Promise<void> => {
        await Promise.all(both.map((i) => i.app.close()));
      };

      // 1. Started together on an empty data folder: one signing key, one certificate.
      let [a, b] = await startBoth();
      const kid = a.app.embeddedOidc!.keys.jwks.keys[0]!.kid;
      assert.equal(b.app.embeddedOidc!.keys.jwks.keys[0]!.kid, kid);
      assert.deepEqual(b.app.embeddedOidc!.keys.cookieKeys, a.app.embeddedOidc!.keys.cookieKeys);
      const fingerprint = await servedCertificate(a.baseUrl);
      assert.equal(await servedCertificate(b.baseUrl), fingerprint);

      // 2. Signed in on A (the real code flow with PKCE)…
      const browser = new Browser();
      const tokens = await signIn(browser, a.baseUrl, DEMO.admin);
      const bearer = { authorization: `Bearer ${tokens.access_token}` };

      // …B accepts the access token, renews with the refresh token, and knows the SSO session.
      assert.equal((await fetch(`${b.baseUrl}/api/user/factories`, { headers: bearer })).status, 200);
      const renewed = await refresh(b.baseUrl, tokens.refresh_token, publicUrl);
      assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
      const silent = async (instance: Instance): Promise<string> => {
        const result = await authorize(browser, instance.baseUrl, {
          prompt: 'none',
          scope: 'api.readwrite openid profile',
          redirect_uri: `${publicUrl}/login-callback`,
        });
        assert.ok(result.callback, `a callback from ${instance.baseUrl}`);
        assert.equal(new URL(result.callback).searchParams.get('error'), null, result.callback);
        const silentTokens = await redeem(instance.baseUrl, result.callback, result.verifier, `${publicUrl}/login-callback`, publicUrl);
        return silentTokens.access_token;
      };
      assert.ok(await silent(b));

      // 3. Both restarted: same key and certificate, still signed in everywhere.
      await stopBoth([a, b]);
      [a, b] = await startBoth();
      assert.equal(a.app.embeddedOidc!.keys.jwks.keys[0]!.kid, kid);
      assert.equal(b.app.embeddedOidc!.keys.jwks.keys[0]!.kid, kid);
      assert.equal(await servedCertificate(a.baseUrl), fingerprint);
      assert.equal(await servedCertificate(b.baseUrl), fingerprint);
      for (const instance of [a, b]) {
        const response = await fetch(`${instance.baseUrl}/api/user/preferences`, { headers: bearer });
        assert.equal(response.status, 200, `${instance.baseUrl} still accepts the access token`);
      }
      const afterRestart = await refresh(a.baseUrl, renewed.body.refresh_token!, publicUrl);
      assert.equal(afterRestart.status, 200, JSON.stringify(afterRestart.body));
      assert.equal((await fetch(`${a.baseUrl}/api/user/factories`, { headers: { authorization: `Bearer ${afterRestart.body.access_token}` } })).status, 200);
      for (const instance of [a, b]) assert.ok(await silent(instance), `SSO session on ${instance.baseUrl}`);
    } finally {
      await cleanup.run();
    }
  });
});
