import { REMOTE_NAMES, type RuntimeConfig } from '@linepulse/contracts';
import { requestRuntimeConfig, takeEarlyRuntimeConfig } from './config-request';

/** /config.json is missing values; every one of them is listed (docs/architecture.md, code habit 7). */
export class RuntimeConfigError extends Error {
  constructor(readonly missing: string[]) {
    super(`/config.json is missing or has invalid: ${missing.join(', ')}`);
    this.name = 'RuntimeConfigError';
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Checks the shape of the runtime configuration, listing every missing or invalid value. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const missing: string[] = [];
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const auth = (typeof source.auth === 'object' && source.auth !== null ? source.auth : {}) as Record<string, unknown>;
  const remotes = (typeof source.remotes === 'object' && source.remotes !== null ? source.remotes : {}) as Record<string, unknown>;
  const text = (value: unknown, name: string): void => {
    if (!isText(value)) missing.push(name);
  };
  text(source.version, 'version');
  text(source.apiBase, 'apiBase');
  text(source.dashboardApiBase, 'dashboardApiBase');
  text(source.sisterProductUrl, 'sisterProductUrl');
  text(auth.authority, 'auth.authority');
  text(auth.clientId, 'auth.clientId');
  text(auth.apiScope, 'auth.apiScope');
  if (!Array.isArray(auth.knownAuthorities) || !auth.knownAuthorities.every(isText)) missing.push('auth.knownAuthorities');
  if (typeof auth.isEntra !== 'boolean') missing.push('auth.isEntra');
  if (auth.authorityMetadata !== undefined && !isText(auth.authorityMetadata)) missing.push('auth.authorityMetadata');
  for (const name of REMOTE_NAMES) text(remotes[name], `remotes.${name}`);
  if (missing.length > 0) throw new RuntimeConfigError(missing);
  return source as unknown as RuntimeConfig;
}

/** Fetches (or takes the entry's early request) and checks /config.json. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await (takeEarlyRuntimeConfig(url) ?? requestRuntimeConfig(url));
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
