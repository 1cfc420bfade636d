import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { importJWK, SignJWT, type JWK } from 'jose';
import pg from 'pg';
import type { StartupProgress } from '../src/startup/startup-gate.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { claimsOf, findUserByEmail } from '../src/db/users.ts';
import { productClaims } from '../src/oidc/provider.ts';

/**
 * Test helper in the style of fastify/demo's test/helper.ts: `build(t)` gives a ready app on a fresh,
 * migrated and seeded database, closed when the test ends.
 *
 * Database per build:
 * - PGlite (default): when scripts/run-tests.mjs prepared LINEPULSE_PGLITE_TEMPLATE (a dump of a migrated,
 *   seeded database), an in-memory PGlite loaded from it and handed to the app (under a second, where
 *   initdb, migrations and seeding take several, and no files to copy or delete); without a template,
 *   the app's own start-up path creates PGlite in DATA_DIR.
 * - PostgreSQL when DATABASE_URL (or TEST_DATABASE_URL) is set: a fresh schema in that database, selected through
 *   search_path, dropped afterwards.
 * The app still migrates and seeds at start (nothing left to do on a template's copy).
 * Every build has its own database, DATA_DIR and port, so test files can run at the same time.
 */
export const PUBLIC_URL = 'https://localhost:8443';

export function tempDir(prefix = 'linepulse-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? null;
export const onPostgres = testDatabaseUrl !== null;

/** Something to hand clean-up work to: a TestContext, or a Cleanup run by a suite's after hook. */
export interface CleanupTarget {
  after(fn: () => unknown): void;
}

/** Clean-up steps run in reverse order by run(). */
export class Cleanup implements CleanupTarget {
  private readonly steps: (() => unknown)[] = [];
  after(fn: () => unknown): void {
    this.steps.push(fn);
  }
  async run(): Promise<void> {
    for (const step of this.steps.reverse()) await step();
    this.steps.length = 0;
  }
}

/** A new empty schema on the test PostgreSQL server, and a URL whose connections use it. */
export async function freshSchema(t: CleanupTarget): Promise<string> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  t.after(async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });
  const url = new URL(testDatabaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export interface BuildResult {
  app: FastifyInstance;
  config: AppConfig;
}

/**
 * In a test: `const { app } = await build(t)`. In a suite sharing one app:
 * `const cleanup = new Cleanup(); before(async () => ({ app } = await build(cleanup))); after(() => cleanup.run());`
 */
let templateDump: Buffer | null | undefined;

/**
 * A PGlite copy of the run's template, in memory or in `dataDir`, or null when there is no template (or on
 * PostgreSQL).
 */
async function templateCopy(dataDir = 'memory://'): Promise<Db | null> {
  if (onPostgres) return null;
  if (templateDump === undefined) {
    const template = process.env.LINEPULSE_PGLITE_TEMPLATE;
    templateDump = template && existsSync(template) ? readFileSync(template) : null;
  }
  return templateDump ? createPgliteDb(dataDir, { loadDataDir: new Blob([templateDump]) }) : null;
}

/**
 * A database of the kind this run tests, for tests that need any database rather than an empty one:
 * a new schema on PostgreSQL; on PGlite an in-memory copy of the run's template (an empty one, after an
 * initdb of several seconds, when there is no template). Closed when the test ends.
 */
export async function scratchDb(t: CleanupTarget): Promise<Db> {
  const db = onPostgres ? createPgDb(await freshSchema(t)) : ((await templateCopy()) ?? (await createPgliteDb('memory://')));
  t.after(() => db.close());
  return db;
}

/** Closes the app, then the database handed to it (the app leaves a given database open). */
function closeLater(t: CleanupTarget, app: FastifyInstance, db: Db | null): void {
  t.after(async () => {
    await app.close();
    await db?.close();
  });
}

export interface BuildOptions {
  /**
   * PGlite in DATA_DIR, as in production, rather than in memory: heavy calls can stop a running statement
   * only there (its thread is ended and the folder reopened). The template is copied into it.
   */
  pgliteOnDisk?: boolean;
  /** Served over TLS as main.ts serves it (HTTP/2 with HTTP/1.1 allowed), with this key and certificate. */
  https?: { key: string; cert: string };
  /** A first start still preparing: the app answers behind its progress page (src/startup). */
  startup?: StartupProgress;
}

export async function build(t: CleanupTarget, env: Record<string, string> = {}, options: BuildOptions = {}): Promise<BuildResult> {
  const dataDir = tempDir();
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseEnv: Record<string, string> = {};
  if (onPostgres) databaseEnv.DATABASE_URL = await freshSchema(t);
  const db = await templateCopy(options.pgliteOnDisk ? path.join(dataDir, 'pglite') : undefined);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    STATIC_ROOT: tempDir('linepulse-empty-static-'),
    ...databaseEnv,
    ...env,
  });
  const app = await buildApp({ config, logger: false, ...(db ? { db } : {}), ...(options.startup ? { startup: options.startup } : {}), ...(options.https ? { https: options.https } : {}) });
  closeLater(t, app, db);
  await app.ready();
  return { app, config };
}

export const DEMO = {
  admin: 'admin@demo.linepulse.test',
  operation: 'operation@demo.linepulse.test',
  display: 'display@demo.linepulse.test',
  noaccess: 'noaccess@demo.linepulse.test',
  otherAdmin: 'admin@other.linepulse.test',
} as const;

export interface TokenOptions {
  /** Sign with this private JWK instead of the embedded provider's key. */
  key?: JWK;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  claims?: Record<string, unknown>;
}

/** An access token as the embedded provider would issue it, signed with its real key. */
export async function tokenFor(app: FastifyInstance, email: string, options: TokenOptions = {}): Promise<string> {
  const embedded = app.embeddedOidc;
  if (!embedded) throw new Error('tokenFor needs the embedded provider');
  const user = await findUserByEmail(app.db, email);
  if (!user) throw new Error(`No demo user ${email}`);
  const jwk = options.key ?? embedded.keys.jwks.keys[0]!;
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...productClaims(claimsOf(user)), scope: app.config.oidc.apiScope, client_id: app.config.oidc.clientId, ...options.claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid ?? 'test' })
    .setSubject(user.user_id)
    .setIssuer(options.issuer ?? embedded.issuer)
    .setAudience(options.audience ?? app.config.oidc.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(key);
}

/** app.inject with a bearer token for a demo user; JSON bodies parsed. */
export async function call(
  app: FastifyInstance,
  email: string | null,
  options: InjectOptions & { token?: string },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert bodies field by field
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const { token, ...inject } = options;
  const bearer = token ?? (email ? await tokenFor(app, email) : undefined);
  const response = await app.inject({
    ...inject,
    headers: { ...(inject.headers ?? {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
  let body: unknown = response.body;
  if (String(response.headers['content-type'] ?? '').includes('json') && response.body) body = response.json();
  return { status: response.statusCode, body, headers: response.headers };
}

export async function demoFactoryId(app: FastifyInstance, accountDomain: string, name: string): Promise<string> {
  const rows = await app.db.query<{ id: string }>(
    'SELECT f.id FROM factories f JOIN accounts a ON a.id = f.account_id WHERE a.domain_name = $1 AND f.name = $2',
    [accountDomain, name],
  );
  if (!rows[0]) throw new Error(`No factory ${name} in ${accountDomain}`);
  return rows[0].id;
}

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The real server: HTTPS with its self-signed certificate, on a random port of 127.0.0.1. */
export async function listenHttps(t: CleanupTarget, extraEnv: Record<string, string> = {}): Promise<BuildResult & { baseUrl: string }> {
  const { loadTls } = await import('../src/tls.ts');
  // The port is free when asked for but listened on only once the app is built (its address is in the
  // configuration): another process of the test command may take it meanwhile (seen once as
  // EADDRINUSE), so a taken port is given up for another.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const baseUrl = `https://localhost:${port}`;
    const dataDir = tempDir();
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, PUBLIC_URL: baseUrl, PORT: String(port), LOG_LEVEL: 'silent', STATIC_ROOT: tempDir('linepulse-empty-static-'), ...extraEnv };
    if (onPostgres) env.DATABASE_URL = await freshSchema(t);
    const db = await templateCopy();
    const config = loadConfig(env);
    const tls = await loadTls(config);
    const app = await buildApp({ config, https: { key: tls.key, cert: tls.cert }, logger: false, ...(db ? { db } : {}) });
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      await db?.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    closeLater(t, app, db);
    return { app, config, baseUrl };
  }
}

/** The body as the client reads it after undoing the answer's Content-Encoding (once). */
export function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  assert.equal(encoding, undefined, `unexpected encoding ${String(encoding)}`);
  return response.rawPayload.toString('utf8');
}

/** Whether an answer says it varies with Accept-Encoding (caches must keep one copy per encoding). */
export function varies(response: LightMyRequestResponse): boolean {
  return /accept-encoding/i.test(String(response.headers.vary ?? ''));
}
