import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, REPO_DIR } from '../src/config.ts';
import { tempDir } from './helper.ts';

describe('config', () => {
  it('defaults to the embedded set-up on https://localhost:8443', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8443);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.publicUrl, 'https://localhost:8443');
    assert.equal(config.dataDir, path.join(REPO_DIR, '.data'));
    assert.equal(config.databaseUrl, null);
    assert.equal(config.tls, null);
    assert.equal(config.staticRoot, REPO_DIR);
    assert.equal(config.sisterProductUrl, 'https://tilelytics.example.com');
    assert.deepEqual(config.oidc, {
      embedded: true,
      authority: 'https://localhost:8443/oidc',
      clientId: 'linepulse-web',
      audience: 'https://localhost:8443/api',
      apiScope: 'api.readwrite',
      isEntra: false,
    });
  });

  it('takes an external provider when its three settings are given', () => {
    const config = loadConfig({
      OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0/',
      OIDC_CLIENT_ID: 'abc',
      OIDC_AUDIENCE: 'api://linepulse',
      OIDC_API_SCOPE: 'api://linepulse/access_as_user',
      OIDC_IS_ENTRA: 'true',
      PUBLIC_URL: 'https://linepulse.example.com/',
    });
    assert.equal(config.publicUrl, 'https://linepulse.example.com');
    assert.deepEqual(config.oidc, {
      embedded: false,
      authority: 'https://login.example.com/tenant/v2.0',
      clientId: 'abc',
      audience: 'api://linepulse',
      apiScope: 'api://linepulse/access_as_user',
      isEntra: true,
    });
  });

  it('lists every problem at once', () => {
    const dir = tempDir();
    const cert = path.join(dir, 'cert.pem');
    writeFileSync(cert, 'x');
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://example.com',
        DATABASE_URL: 'mysql://db',
        TLS_CERT_FILE: cert,
        OIDC_AUTHORITY: 'https://idp.example.com',
        OIDC_IS_ENTRA: 'maybe',
        LOG_LEVEL: 'loud',
        SISTER_PRODUCT_URL: 'not a url',
        STATIC_ROOT: path.join(dir, 'missing'),
        REMOTE_ADMIN_URL: 'admin.example.com/mf-manifest.json',
      });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ConfigError, 'a ConfigError is thrown');
    const text = error.problems.join('\n');
    for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'TLS_CERT_FILE and TLS_KEY_FILE', 'OIDC_CLIENT_ID, OIDC_AUDIENCE', 'OIDC_IS_ENTRA', 'LOG_LEVEL', 'SISTER_PRODUCT_URL', 'STATIC_ROOT', 'REMOTE_ADMIN_URL']) {
      assert.ok(text.includes(name), `mentions ${name}:\n${text}`);
    }
    assert.equal(error.problems.length, 10);
    assert.match(error.message, /Invalid configuration/);
  });

  it('points a remote at another deployment with REMOTE_<NAME>_URL', () => {
    const config = loadConfig({ REMOTE_OVERVIEW_URL: 'https://localhost:3001/mf-manifest.json' });
    assert.deepEqual(config.remoteUrls, { overview: 'https://localhost:3001/mf-manifest.json' });
  });

  it('refuses missing TLS files and an Entra flag without an external provider', () => {
    assert.throws(
      () => loadConfig({ TLS_CERT_FILE: '/nope/cert.pem', TLS_KEY_FILE: '/nope/key.pem', OIDC_IS_ENTRA: 'true' }),
      (e: unknown) => e instanceof ConfigError && e.problems.length === 3,
    );
  });
  it('reads TRUST_PROXY as a switch, a number of proxies or their addresses, and refuses anything else', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::/8' }).trustProxy, ['loopback', '10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['0', '11', 'proxy.example.com', '10.0.0.0/8,nope']) {
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), (e: unknown) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('TRUST_PROXY')), bad);
    }
  });
});
