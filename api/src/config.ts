import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, type RemoteName } from '@linepulse/contracts';

/** Directory of the api package (…/api), whatever the current directory. */
export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The workspace root, parent of the api package. */
export const REPO_DIR = path.resolve(API_DIR, '..');

export const EMBEDDED_CLIENT_ID = 'linepulse-web';
export const DEFAULT_API_SCOPE = 'api.readwrite';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface OidcConfig {
  /** true when no external provider is configured: the api runs its own under /oidc. */
  embedded: boolean;
  /** Issuer / authority URL, without a trailing slash. */
  authority: string;
  clientId: string;
  /** The `aud` every access token must carry. */
  audience: string;
  apiScope: string;
  isEntra: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Public origin of the product, e.g. https://localhost:8443 (no trailing slash). */
  publicUrl: string;
  dataDir: string;
  /** Unset → embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  /**
   * DATABASE_READ_URL: a streaming replica of DATABASE_URL that analytics, lists and exports read
   * (decision 52), with READ_REPLICA_MAX_LAG_MS the lag past which nobody reads it; null: the primary.
   */
  readReplica: { url: string; maxLagMs: number } | null;
  tls: { certFile: string; keyFile: string } | null;
  oidc: OidcConfig;
  staticRoot: string;
  sisterProductUrl: string;
  /** Remote name → manifest URL overrides (REMOTE_<NAME>_URL), e.g. a remote's dev server. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  /**
   * REMOTES_FILE: a JSON file of remote name → manifest URL, over REMOTE_<NAME>_URL, read again when it
   * changes (a remote moved without restarting the api; docs/hosting-a-remote.md). Unset: none.
   */
  remotesFile: string | null;
  logLevel: LogLevel;
  /** Log each request at info (LOG_REQUESTS, default true); the demo start turns it off to read cleanly. */
  logRequests: boolean;
  /**
   * HTTP2: serve HTTP/2 (with HTTP/1.1 allowed) over the api's own TLS. Off by default: on one machine
   * (localhost, the demo) Node's HTTP/2 costs more CPU per file than it saves; on for a deployment whose
   * browsers reach the api directly over a real network (decision 46).
   */
  http2: boolean;
  /** Seed the demo accounts on start (idempotent). */
  seedDemo: boolean;
  /** MQTT connector (ingestion from a broker); null when MQTT_URL is unset. */
  mqtt: MqttConfig | null;
  /** Generate the demo account's history on first start and keep it live (src/simulator). */
  simulateDemo: boolean;
  /** Days of demo history generated on first start. */
  simulateDemoDays: number;
  /** Send the build's source maps (*.map) to browsers (SERVE_SOURCE_MAPS); off by default: they stay beside the build. */
  serveSourceMaps: boolean;
  /** Limits of heavy analytics calls (plugins/app/heavy-calls.ts, README Limits). */
  heavyCalls: HeavyCallsConfig;
  /** Seconds an opportunities answer is shared by identical requests of the account (0: only while computed). */
  opportunitiesCacheSeconds: number;
  /** Identical analytics requests share one answer for this long while nothing they read changed here (decision 27). */
  analyticsCacheSeconds: number;
  /** After that, a kept answer is still given at once for this long while a new one is made (decision 28). */
  analyticsStaleSeconds: number;
  /** Light analytics computations running at once; the others wait their turn (decision 28). */
  analyticsConcurrent: number;
  /**
   * Which proxies in front of the api are trusted to say who the client is (X-Forwarded-For/-Proto/-Host),
   * as Fastify's `trustProxy`: false (default: the peer address is the client), a number of hops, or
   * the proxies' addresses and CIDR ranges. The sign-in throttle counts attempts per client address, so
   * behind a proxy that is not trusted every user would share the proxy's address and its lockout.
   */
  trustProxy: boolean | number | string[];
  /**
   * EMBED_ORIGINS: the other sites allowed to embed the overview remote (the sister product): their
   * pages may call /api, /dashboard-api, /config.json and load the remotes' files (CORS). Empty: none.
   */
  embedOrigins: string[];
  /**
   * The embedding sites' own sign-in with the embedded provider: EMBED_REDIRECT_URIS (comma-separated,
   * each on an EMBED_ORIGINS origin) registers a second public client, EMBED_CLIENT_ID (default
   * linepulse-embed), that returns there; its token endpoint answers those origins (CORS). None: no client.
   */
  embedClient: { clientId: string; redirectUris: string[] } | null;
  /** Scheduled e-mail reports: SMTP, sender and the schedule's loop (src/reports, decision 23). */
  reports: ReportsConfig;
}

export interface ReportsConfig {
  /** SMTP_URL (smtp:// or smtps://); null: the embedded SMTP server on 127.0.0.1 keeps messages in DATA_DIR/mail. */
  smtpUrl: string | null;
  /** Port of the embedded SMTP server (SMTP_EMBEDDED_PORT; 0: any free port). */
  embeddedSmtpPort: number;
  /** MAIL_FROM: the From address of every report. */
  mailFrom: string;
  /** REPORT_SCHEDULER: this instance sends due reports (any number of instances may). */
  scheduler: boolean;
  /** REPORT_TICK_MS: how often the instance looks for due reports. */
  tickMs: number;
}

export interface HeavyCallsConfig {
  /** Heavy calls running at once, server-wide (PostgreSQL: the connections of their own pool). */
  concurrent: number;
  /** Heavy calls waiting for a turn; beyond, 503 ANL_BUSY. */
  queue: number;
  /** Longest wait for a turn before 503 ANL_BUSY. */
  queueWaitMs: number;
  /** A heavy call stops after this long (statement timeout on PostgreSQL, a deadline between queries everywhere): 503 ANL_TIMEOUT. */
  timeoutMs: number;
  /** Opportunities above this many unit-days (units in scope × window days) are heavy; other analytics calls above ten times it. */
  unitDays: number;
}

export interface MqttConfig {
  /** mqtt://… or mqtts://… */
  url: string;
  /** Topics are `${topicPrefix}/<factoryId>/events` and `…/acks`. */
  topicPrefix: string;
  /** Shared-subscription group: instances of one group split the events between them. */
  shareGroup: string;
}

/** Thrown by loadConfig with every problem found, so an operator fixes them in one go. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** `raw` as a URL of one of `protocols` (without trailing slashes), or null with the problem said under `name`. */
export function parseUrl(raw: string, name: string, problems: string[], protocols: string[]): string | null {
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name} must use ${protocols.map((p) => p.replace(':', '')).join(' or ')} (got ${raw})`);
      return null;
    }
    return raw.replace(/\/+$/, '');
  } catch {
    problems.push(`${name} is not a valid URL (got ${raw})`);
    return null;
  }
}

function parseBoolean(raw: string | undefined, name: string, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback;
  const v = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  problems.push(`${name} must be true or false (got ${raw})`);
  return fallback;
}

// An IPv4 or IPv6 address, optionally with a CIDR prefix length (checked by shape; Fastify's proxy-addr
// refuses what is not an address when the app starts, so the shape check is for a clear message).
const PROXY_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(?:\/\d{1,3})?)$/;
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: true/false, a number of hops (1–10), or comma-separated addresses, CIDRs and proxy-addr names. */
function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (['true', 'false'].includes(lower)) return lower === 'true';
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
    problems.push(`TRUST_PROXY as a number of proxies must be from 1 to 10 (got ${raw})`);
    return false;
  }
  const entries = raw.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const bad = entries.filter((e) => !PROXY_ADDRESS.test(e) && !PROXY_NAMES.includes(e));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(`TRUST_PROXY must be true, false, a number of proxies, or comma-separated addresses/CIDRs (not understood: ${bad.join(', ') || raw})`);
    return false;
  }
  return entries;
}

/** EMBED_ORIGINS: comma-separated origins (scheme, host and port only, e.g. https://sister.example:8444). */
function parseEmbedOrigins(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined) return [];
  const entries = raw.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const origins: string[] = [];
  const bad: string[] = [];
  for (const entry of entries) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    // An origin is all there is: no path, query, fragment or credentials, nothing but http(s).
    if (!url || !['https:', 'http:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '') || url.username || url.password) bad.push(entry);
    else if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  if (bad.length > 0) problems.push(`EMBED_ORIGINS must be comma-separated origins such as https://sister.example:8444, without path or wildcard (not understood: ${bad.join(', ')})`);
  return bad.length > 0 ? [] : origins;
}

/** EMBED_REDIRECT_URIS and EMBED_CLIENT_ID: the embedding sites' sign-in client (embedded provider only). */
function parseEmbedClient(
  rawUris: string | undefined,
  rawClientId: string | undefined,
  origins: readonly string[],
  oidc: OidcConfig,
  problems: string[],
): AppConfig['embedClient'] {
  if (rawUris === undefined) return null;
  const uris = rawUris.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const bad = uris.filter((uri) => {
    try {
      const url = new URL(uri);
      return !origins.includes(url.origin) || url.hash !== '' || url.username !== '' || url.password !== '';
    } catch {
      return true;
    }
  });
  if (bad.length > 0) problems.push(`EMBED_REDIRECT_URIS must be addresses on the EMBED_ORIGINS origins, without fragment (not allowed: ${bad.join(', ')})`);
  if (!oidc.embedded) problems.push('EMBED_REDIRECT_URIS registers a client with the embedded provider: with an external provider, register the sister product there');
  const clientId = rawClientId ?? 'linepulse-embed';
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(clientId) || clientId === oidc.clientId) problems.push(`EMBED_CLIENT_ID must be a client id of letters, digits, ".", "_" or "-", other than OIDC_CLIENT_ID (got ${clientId})`);
  return bad.length > 0 || uris.length === 0 ? null : { clientId, redirectUris: uris };
}

/**
 * Reads and validates the environment. Never stops at the first problem: every one is collected and
 * thrown together in a ConfigError.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];

  let port = 8443;
  const rawPort = value(env, 'PORT');
  if (rawPort !== undefined) {
    const n = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || n < 0 || n > 65535) problems.push(`PORT must be an integer from 0 to 65535 (got ${rawPort})`);
    else port = n;
  }
  const host = value(env, 'HOST') ?? '0.0.0.0';

  const publicUrl =
    parseUrl(value(env, 'PUBLIC_URL') ?? 'https://localhost:8443', 'PUBLIC_URL', problems, ['https:', 'http:']) ??
    'https://localhost:8443';

  const dataDir = path.resolve(value(env, 'DATA_DIR') ?? path.join(REPO_DIR, '.data'));

  const databaseUrl = value(env, 'DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const readUrl = value(env, 'DATABASE_READ_URL') ?? null;
  let readReplica: AppConfig['readReplica'] = null;
  if (readUrl !== null) {
    if (!/^postgres(ql)?:\/\//.test(readUrl)) problems.push('DATABASE_READ_URL must start with postgres:// or postgresql://');
    else if (databaseUrl === null) problems.push('DATABASE_READ_URL needs DATABASE_URL (a replica of the embedded database does not exist)');
    const lag = value(env, 'READ_REPLICA_MAX_LAG_MS') ?? '1000';
    if (!/^\d+$/.test(lag) || Number(lag) < 0 || Number(lag) > 600_000) problems.push(`READ_REPLICA_MAX_LAG_MS must be an integer from 0 to 600000 (got ${lag})`);
    readReplica = { url: readUrl, maxLagMs: Number(lag) };
  }

  const certFile = value(env, 'TLS_CERT_FILE');
  const keyFile = value(env, 'TLS_KEY_FILE');
  let tls: AppConfig['tls'] = null;
  if ((certFile === undefined) !== (keyFile === undefined)) {
    problems.push('TLS_CERT_FILE and TLS_KEY_FILE must be set together (or both left unset for a self-signed certificate)');
  } else if (certFile !== undefined && keyFile !== undefined) {
    const cert = path.resolve(certFile);
    const key = path.resolve(keyFile);
    if (!existsSync(cert)) problems.push(`TLS_CERT_FILE does not exist: ${cert}`);
    if (!existsSync(key)) problems.push(`TLS_KEY_FILE does not exist: ${key}`);
    tls = { certFile: cert, keyFile: key };
  }

  const authority = value(env, 'OIDC_AUTHORITY');
  const clientId = value(env, 'OIDC_CLIENT_ID');
  const audience = value(env, 'OIDC_AUDIENCE');
  const apiScope = value(env, 'OIDC_API_SCOPE') ?? DEFAULT_API_SCOPE;
  const isEntra = parseBoolean(value(env, 'OIDC_IS_ENTRA'), 'OIDC_IS_ENTRA', false, problems);
  const oidcSet = [
    ['OIDC_AUTHORITY', authority],
    ['OIDC_CLIENT_ID', clientId],
    ['OIDC_AUDIENCE', audience],
  ] as const;
  const missing = oidcSet.filter(([, v]) => v === undefined).map(([k]) => k);
  let oidc: OidcConfig;
  if (missing.length === 0) {
    oidc = {
      embedded: false,
      authority: parseUrl(authority!, 'OIDC_AUTHORITY', problems, ['https:']) ?? authority!,
      clientId: clientId!,
      audience: audience!,
      apiScope,
      isEntra,
    };
  } else {
    if (missing.length < oidcSet.length) {
      problems.push(
        `OIDC_AUTHORITY, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together for an external provider, or all left unset for the embedded one (missing: ${missing.join(', ')})`,
      );
    }
    if (isEntra) problems.push('OIDC_IS_ENTRA=true needs an external provider (OIDC_AUTHORITY, OIDC_CLIENT_ID, OIDC_AUDIENCE)');
    oidc = {
      embedded: true,
      authority: `${publicUrl}/oidc`,
      clientId: EMBEDDED_CLIENT_ID,
      audience: `${publicUrl}/api`,
      apiScope,
      isEntra: false,
    };
  }
  if (!/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(apiScope)) problems.push(`OIDC_API_SCOPE must be one scope token without spaces (got ${apiScope})`);

  const staticRoot = path.resolve(value(env, 'STATIC_ROOT') ?? REPO_DIR);
  if (!existsSync(staticRoot)) problems.push(`STATIC_ROOT does not exist: ${staticRoot}`);

  const sisterProductUrl =
    parseUrl(value(env, 'SISTER_PRODUCT_URL') ?? 'https://tilelytics.example.com', 'SISTER_PRODUCT_URL', problems, ['https:', 'http:']) ??
    'https://tilelytics.example.com';

  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    const raw = value(env, variable);
    if (raw === undefined) continue;
    const url = parseUrl(raw, variable, problems, ['https:', 'http:']);
    if (url !== null) remoteUrls[name] = url;
  }
  const rawRemotesFile = value(env, 'REMOTES_FILE');
  // The file may not exist yet (written by the first `pnpm deploy:remote`); its folder must.
  const remotesFile = rawRemotesFile === undefined ? null : path.resolve(rawRemotesFile);
  if (remotesFile !== null && !existsSync(path.dirname(remotesFile))) problems.push(`REMOTES_FILE's folder does not exist: ${path.dirname(remotesFile)}`);

  const rawLevel = value(env, 'LOG_LEVEL') ?? 'info';
  let logLevel: LogLevel = 'info';
  if ((LOG_LEVELS as readonly string[]).includes(rawLevel)) logLevel = rawLevel as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${rawLevel})`);

  const logRequests = parseBoolean(value(env, 'LOG_REQUESTS'), 'LOG_REQUESTS', true, problems);
  const http2 = parseBoolean(value(env, 'HTTP2'), 'HTTP2', false, problems);
  const seedDemo = parseBoolean(value(env, 'SEED_DEMO'), 'SEED_DEMO', true, problems);
  const simulateDemo = parseBoolean(value(env, 'SIMULATE_DEMO'), 'SIMULATE_DEMO', seedDemo, problems);
  if (simulateDemo && !seedDemo) problems.push('SIMULATE_DEMO=true needs SEED_DEMO=true (the simulation writes into the demo account)');
  let simulateDemoDays = 405;
  const rawDays = value(env, 'SIMULATE_DEMO_DAYS');
  if (rawDays !== undefined) {
    if (!/^\d+$/.test(rawDays) || Number(rawDays) < 1 || Number(rawDays) > 3000) problems.push(`SIMULATE_DEMO_DAYS must be an integer from 1 to 3000 (got ${rawDays})`);
    else simulateDemoDays = Number(rawDays);
  }

  let mqtt: MqttConfig | null = null;
  const mqttUrl = value(env, 'MQTT_URL');
  const topicPrefix = value(env, 'MQTT_TOPIC_PREFIX') ?? 'linepulse/v1';
  const shareGroup = value(env, 'MQTT_SHARE_GROUP') ?? 'linepulse';
  // Wildcards or empty levels in the prefix would subscribe to other applications' topics.
  if (!/^[^#+$/][^#+]*$/.test(topicPrefix) || topicPrefix.endsWith('/') || topicPrefix.includes('//')) {
    problems.push(`MQTT_TOPIC_PREFIX must be topic levels without wildcards, leading $ or empty levels (got ${topicPrefix})`);
  }
  if (!/^[A-Za-z0-9_-]+$/.test(shareGroup)) problems.push(`MQTT_SHARE_GROUP must be letters, digits, - or _ (got ${shareGroup})`);
  if (mqttUrl !== undefined) {
    const url = parseUrl(mqttUrl, 'MQTT_URL', problems, ['mqtt:', 'mqtts:']);
    if (url !== null) mqtt = { url, topicPrefix, shareGroup };
  }

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = value(env, name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got ${raw})`);
      return fallback;
    }
    return Number(raw);
  };
  const heavyCalls: HeavyCallsConfig = {
    concurrent: integer('HEAVY_CALLS_MAX', 2, 1, 64),
    queue: integer('HEAVY_CALLS_QUEUE', 16, 0, 10_000),
    queueWaitMs: integer('HEAVY_CALLS_QUEUE_WAIT_MS', 10_000, 0, 600_000),
    timeoutMs: integer('HEAVY_CALL_TIMEOUT_MS', 20_000, 1, 600_000),
    unitDays: integer('HEAVY_UNIT_DAYS', 2_000, 0, 10_000_000),
  };

  const serveSourceMaps = parseBoolean(value(env, 'SERVE_SOURCE_MAPS'), 'SERVE_SOURCE_MAPS', false, problems);

  const opportunitiesCacheSeconds = integer('OPPORTUNITIES_CACHE_SECONDS', 15, 0, 3600);
  const analyticsCacheSeconds = integer('ANALYTICS_CACHE_SECONDS', 5, 0, 3600);
  const analyticsStaleSeconds = integer('ANALYTICS_STALE_SECONDS', 30, 0, 3600);
  const analyticsConcurrent = integer('ANALYTICS_CONCURRENT', Math.max(2, availableParallelism()), 1, 1000);

  const trustProxy = parseTrustProxy(value(env, 'TRUST_PROXY'), problems);
  const embedOrigins = parseEmbedOrigins(value(env, 'EMBED_ORIGINS'), problems);
  const embedClient = parseEmbedClient(value(env, 'EMBED_REDIRECT_URIS'), value(env, 'EMBED_CLIENT_ID'), embedOrigins, oidc, problems);

  const rawSmtp = value(env, 'SMTP_URL');
  const smtpUrl = rawSmtp === undefined ? null : parseUrl(rawSmtp, 'SMTP_URL', problems, ['smtp:', 'smtps:']);
  const mailFrom = value(env, 'MAIL_FROM') ?? `Linepulse <reports@${new URL(publicUrl).hostname}>`;
  if (!/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(mailFrom)) problems.push(`MAIL_FROM must be an address or "Name <address>" (got ${mailFrom})`);
  const reports: ReportsConfig = {
    smtpUrl,
    embeddedSmtpPort: integer('SMTP_EMBEDDED_PORT', 0, 0, 65535),
    mailFrom,
    scheduler: parseBoolean(value(env, 'REPORT_SCHEDULER'), 'REPORT_SCHEDULER', true, problems),
    tickMs: integer('REPORT_TICK_MS', 15_000, 100, 3_600_000),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return { reports, heavyCalls, opportunitiesCacheSeconds, analyticsCacheSeconds, analyticsStaleSeconds, analyticsConcurrent, port, host, publicUrl, dataDir, databaseUrl, readReplica, tls, oidc, staticRoot, sisterProductUrl, remoteUrls, remotesFile, logLevel, logRequests, http2, seedDemo, mqtt, simulateDemo, simulateDemoDays, serveSourceMaps, trustProxy, embedOrigins, embedClient };
}
